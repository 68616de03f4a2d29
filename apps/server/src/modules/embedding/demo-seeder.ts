// Demo data of the embedding (issue 16): the two demo partners of the README, embedding from the
// demo host page on port 3001. Radhaus Müller, a bike shop of Claudia Krüger's agency, sells every
// product (bikes first); Hausbank Nord, a bank app, also opens the customer area of signed-in
// customers, and Anna Schneider (the first demo customer) has granted it access. The demo secrets
// are fixed, printed in the README, and stored only as scrypt hashes like every partner secret.
import { APPLICATION_SLUGS } from '@schirm/domain/application/product-application';
import { eq } from 'drizzle-orm';
import { DEMO_AGENTS, DEMO_CUSTOMERS } from '../../db/demo/portfolio/demo-people';
import type { Seeder } from '../../db/demo/seeders';
import { agents } from '../../db/schema/agents';
import { embeddingGrants, embeddingPartners } from '../../db/schema/embedding';
import { accounts } from '../../db/schema/identity';
import { hashPartnerSecret } from './secrets';

/** The demo host page's origins (npm run demo:host or the e2e host, port 3001). */
export const DEMO_EMBEDDING_ORIGINS = ['http://localhost:3001', 'http://127.0.0.1:3001'];

/** The demo partners and their fixed demo secrets (README). */
export const DEMO_EMBEDDING_PARTNERS = {
  radhausMueller: { partnerKey: 'radhaus-mueller', name: 'Radhaus Müller', secret: 'demo-radhaus-geheim' },
  hausbankNord: { partnerKey: 'hausbank-nord', name: 'Hausbank Nord', secret: 'demo-hausbank-geheim' },
} as const;

export const embeddingDemoSeeder: Seeder = {
  name: 'embedding-partners',
  run: async (tx) => {
    const [agency] = await tx
      .select({ id: agents.id })
      .from(agents)
      .where(eq(agents.vermittlerNummer, DEMO_AGENTS.hauptagentur.vermittlerNummer));
    if (!agency) throw new Error('Demo agency Krüger is missing: the portfolio seeder must run first');
    const [anna] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.username, DEMO_CUSTOMERS.annaSchneider.email));
    if (!anna)
      throw new Error('Demo account of Anna Schneider is missing: the identity seeder must run first');
    const { radhausMueller, hausbankNord } = DEMO_EMBEDDING_PARTNERS;
    const now = new Date();
    await tx.insert(embeddingPartners).values({
      partnerKey: radhausMueller.partnerKey,
      name: radhausMueller.name,
      origins: DEMO_EMBEDDING_ORIGINS,
      brand: 'fahrrad',
      agentId: agency.id,
      produkte: ['fahrrad', ...APPLICATION_SLUGS.filter((slug) => slug !== 'fahrrad')],
      kundenbereich: false,
      aktiv: true,
      secretHash: await hashPartnerSecret(radhausMueller.secret),
      secretRotatedAt: now,
    });
    const [bank] = await tx
      .insert(embeddingPartners)
      .values({
        partnerKey: hausbankNord.partnerKey,
        name: hausbankNord.name,
        origins: DEMO_EMBEDDING_ORIGINS,
        brand: null,
        agentId: agency.id,
        produkte: [...APPLICATION_SLUGS],
        kundenbereich: true,
        aktiv: true,
        secretHash: await hashPartnerSecret(hausbankNord.secret),
        secretRotatedAt: now,
      })
      .returning({ id: embeddingPartners.id });
    if (!bank) throw new Error('INSERT embedding_partners returned no row');
    await tx.insert(embeddingGrants).values({ accountId: anna.id, embeddingPartnerId: bank.id });
    return { logins: [] };
  },
};

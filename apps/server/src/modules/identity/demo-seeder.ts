// Demo accounts for the curated demo people (db/demo/portfolio/demo-people.ts): customers with
// contracts of every product, the agency with its sub-agents. Only salt and verifier are stored;
// the one demo password is this code constant, printed at start, never written to the database.
// Sophie Lehmann is left without an account, so the registration can be tried with her contract.
import { eq } from 'drizzle-orm';
import { DEMO_AGENTS, DEMO_CUSTOMERS } from '../../db/demo/portfolio/demo-people';
import type { DemoLogin, Seeder } from '../../db/demo/seeders';
import { agents } from '../../db/schema/agents';
import { accounts } from '../../db/schema/identity';
import { partners } from '../../db/schema/partners';
import type { Transaction } from '../../db/transaction';
import { createVerifier, SRP_ROUTINES } from './srp';

/** Password of every demo account (meets the policy of spec §5). */
export const DEMO_PASSWORD = 'Schirm-Demo-2026!';

const CUSTOMERS = [
  {
    person: DEMO_CUSTOMERS.annaSchneider,
    nickname: 'Anna',
    description: 'Kundin mit Verträgen aller Privatprodukte',
  },
  {
    person: DEMO_CUSTOMERS.weberDigital,
    nickname: 'Markus',
    description: 'Firmenkunde mit BHV, VH und Sachinhalt (Unteragentur Wolf)',
  },
  { person: DEMO_CUSTOMERS.jonasBecker, nickname: 'Jonas', description: 'Kunde der Unteragentur Braun' },
] as const;

const AGENTS = [
  { person: DEMO_AGENTS.hauptagentur, description: 'Hauptagentur mit Untervermittlern' },
  { person: DEMO_AGENTS.unteragenturWolf, description: 'Untervermittler mit eigenem Untervermittler' },
  { person: DEMO_AGENTS.unteragenturBraun, description: 'Untervermittlerin' },
  {
    person: DEMO_AGENTS.unteragenturHartmann,
    description: 'Untervermittlerin zwei Ebenen unter der Agentur',
  },
] as const;

async function insertDemoAccount(
  tx: Transaction,
  values: {
    pool: 'benutzer' | 'vermittler';
    email: string;
    mobile: string;
    nickname: string;
    partnerId?: string;
    agentId?: string;
  },
): Promise<void> {
  const username = values.email.toLowerCase();
  const { salt, verifier } = await createVerifier(SRP_ROUTINES, username, DEMO_PASSWORD);
  await tx.insert(accounts).values({
    pool: values.pool,
    username,
    email: username,
    nickname: values.nickname,
    mobile: values.mobile,
    srpSalt: salt,
    srpVerifier: verifier,
    status: 'ACTIVE',
    partnerId: values.partnerId ?? null,
    agentId: values.agentId ?? null,
  });
}

export const identityDemoSeeder: Seeder = {
  name: 'demo-identity-accounts',
  run: async (tx) => {
    const logins: DemoLogin[] = [];
    for (const { person, nickname, description } of CUSTOMERS) {
      const [partner] = await tx
        .select({ id: partners.id })
        .from(partners)
        .where(eq(partners.partnerNummer, person.partnerNummer));
      if (!partner)
        throw new Error(
          `Demo partner ${person.partnerNummer} is missing: the portfolio seeder must run first`,
        );
      await insertDemoAccount(tx, {
        pool: 'benutzer',
        email: person.email,
        mobile: person.mobil,
        nickname,
        partnerId: partner.id,
      });
      logins.push({
        portal: 'kunden',
        username: person.email,
        description: `${person.name}: ${description}`,
      });
    }
    for (const { person, description } of AGENTS) {
      const [agent] = await tx
        .select({ id: agents.id })
        .from(agents)
        .where(eq(agents.vermittlerNummer, person.vermittlerNummer));
      if (!agent)
        throw new Error(
          `Demo agent ${person.vermittlerNummer} is missing: the portfolio seeder must run first`,
        );
      const nickname = person.name.split(' ')[0] ?? person.name;
      await insertDemoAccount(tx, {
        pool: 'vermittler',
        email: person.email,
        mobile: person.mobil,
        nickname,
        agentId: agent.id,
      });
      logins.push({
        portal: 'vermittler',
        username: person.email,
        description: `${person.name}: ${description}`,
      });
    }
    return { logins };
  },
};

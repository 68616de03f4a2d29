// Demo drafts of the advice channel (issue 15): the Hauptagentur has saved an advice for its
// customer Anna Schneider (household, at the start date) and has a bicycle application a customer
// handed over, so /vermittler/entwuerfe/ shows both kinds at `npm start`.
import { eq } from 'drizzle-orm';
import type { Seeder } from '../../db/demo/seeders';
import { agentDrafts } from '../../db/schema/advice';
import { agents } from '../../db/schema/agents';
import { partners } from '../../db/schema/partners';
import { AGENT_DRAFT_VALIDITY_DAYS } from './drafts';

const HAUPTAGENTUR_EMAIL = 'claudia.krueger@example.com';
const ANNA_PARTNER = '1000000001';
const DAY_MS = 86_400_000;

export const adviceDemoSeeder: Seeder = {
  name: 'advice-drafts',
  async run(tx) {
    const [agent] = await tx
      .select({ id: agents.id })
      .from(agents)
      .where(eq(agents.email, HAUPTAGENTUR_EMAIL));
    if (!agent) return { logins: [] };
    const [anna] = await tx
      .select({ id: partners.id })
      .from(partners)
      .where(eq(partners.partnerNummer, ANNA_PARTNER));
    const now = Date.now();
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY_MS);
    const expires = (daysAgo: number) => new Date(now + (AGENT_DRAFT_VALIDITY_DAYS - daysAgo) * DAY_MS);
    await tx.insert(agentDrafts).values([
      {
        agentId: agent.id,
        produktSlug: 'hausrat',
        antworten: {
          person: {
            vorname: 'Anna',
            nachname: 'Schneider',
            geburtsdatum: '1988-04-12',
            email: 'anna.schneider@example.com',
          },
        },
        schritt: 'wohnung',
        kundeName: 'Anna Schneider',
        partnerId: anna?.id ?? null,
        herkunft: 'BERATUNG',
        createdAt: at(3),
        updatedAt: at(2),
        expiresAt: expires(2),
      },
      {
        agentId: agent.id,
        produktSlug: 'fahrrad',
        antworten: { person: { vorname: 'Lena', nachname: 'Vogel', email: 'lena.vogel@example.com' } },
        schritt: 'fahrrad',
        kundeName: 'Lena Vogel',
        partnerId: null,
        herkunft: 'UEBERGABE',
        createdAt: at(1),
        updatedAt: at(1),
        expiresAt: expires(1),
      },
    ]);
    return { logins: [] };
  },
};

// Demo data of agent administration (issue 15): the demo agency's register number and activity
// (Erstinformation), a bank code leading public links with ?blz= to the head agency, an external id
// of a sub-agency, and one message to the agent service for the clerk.
import { eq } from 'drizzle-orm';
import { agentBankCodes, agentMessages, agentProfiles } from '../../db/schema/agent-admin';
import { agents } from '../../db/schema/agents';
import { accounts } from '../../db/schema/identity';
import { DEMO_AGENTS } from '../../db/demo/portfolio/demo-people';
import type { Seeder } from '../../db/demo/seeders';

/** The bank code whose public links lead to the demo head agency. */
export const DEMO_AGENT_BLZ = '37050198';

export const agentAdminDemoSeeder: Seeder = {
  name: 'demo-agent-admin',
  run: async (tx) => {
    const idOf = async (vermittlerNummer: string) => {
      const [row] = await tx
        .select({ id: agents.id })
        .from(agents)
        .where(eq(agents.vermittlerNummer, vermittlerNummer));
      return row?.id;
    };
    const head = await idOf(DEMO_AGENTS.hauptagentur.vermittlerNummer);
    const wolf = await idOf(DEMO_AGENTS.unteragenturWolf.vermittlerNummer);
    if (!head) return { logins: [] };
    await tx.insert(agentProfiles).values({
      agentId: head,
      registerNummer: 'D-K7RU-GER01-42',
      taetigkeit: 'VERSICHERUNGSVERTRETER',
    });
    if (wolf) await tx.insert(agentProfiles).values({ agentId: wolf, externeId: 'WOLF-BN-0001' });
    await tx.insert(agentBankCodes).values({ blz: DEMO_AGENT_BLZ, agentId: head });
    const [account] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.agentId, head));
    if (account) {
      await tx.insert(agentMessages).values({
        agentId: head,
        accountId: account.id,
        thema: 'PROVISION',
        betreff: 'Abrechnung Oktober',
        html: '<p>Guten Tag, in der Abrechnung für Oktober fehlt ein Hausratvertrag. Bitte prüfen Sie das.</p>',
        text: 'Guten Tag, in der Abrechnung für Oktober fehlt ein Hausratvertrag. Bitte prüfen Sie das.',
        idempotencyKey: 'demo-agent-message-1',
      });
    }
    return { logins: [] };
  },
};

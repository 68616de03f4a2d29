// The Kundenbestand's customers per agent (issue 15, ADR 0030): one row per agent and customer with
// at least one contract of that agent, holding what the list sorts and searches by. Kept by
// statement-level triggers on contracts, partners and addresses (migration 0015) in the writer's
// transaction, so every writer keeps it right without knowing of it.
import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { agents } from './agents';
import { partners } from './partners';

export const agentPortfolioKunden = pgTable(
  'agent_portfolio_kunden',
  {
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    /** portfolio_sortname(): company name, else 'nachname vorname', lower case. */
    sortname: text('sortname').notNull(),
    partnerNummer: text('partner_nummer').notNull(),
    /** portfolio_suchtext(): names and e-mail address, lower case. */
    suchtext: text('suchtext').notNull(),
    /** Postcode of the current address. */
    plz: text('plz'),
  },
  (t) => [
    primaryKey({ columns: [t.agentId, t.partnerId] }),
    index('agent_portfolio_kunden_sort_idx').on(t.agentId, t.sortname, t.partnerNummer),
    index('agent_portfolio_kunden_partner_idx').on(t.partnerId),
  ],
);

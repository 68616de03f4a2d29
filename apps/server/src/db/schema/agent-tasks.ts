// Moves an agent recorded for a customer with the relocation service (issue 15, ADR 0033): who
// recorded which move, so the agency can show it and the audit can tell it from the customer's own.
import { date, index, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { agents } from './agents';
import { accounts } from './identity';
import { partners } from './partners';

export const agentRelocations = pgTable(
  'agent_relocations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    /** Agent of the account that recorded the move. */
    agentId: uuid('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    /** Account that recorded it; kept when the account goes so the record stays readable. */
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    umzugsdatum: date('umzugsdatum', { mode: 'string' }).notNull(),
    adresse: jsonb('adresse')
      .$type<{ strasse: string; hausnummer: string; plz: string; ort: string; land: string }>()
      .notNull(),
    /** Contract numbers whose insured address moved with it. */
    vertraege: jsonb('vertraege').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('agent_relocations_partner_idx').on(t.partnerId, t.createdAt)],
);

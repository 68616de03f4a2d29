// Agents (Vermittler) and sub-agents. A sub-agent points to its parent agent; the hierarchy may be
// deeper than one level, and an agent sees the customers of every agent below it.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { oneOf } from './enum-check';

/** AKTIV agents can sign in and be assigned; INAKTIV ones stay for the contracts they brought. */
export const AGENT_STATUS = ['AKTIV', 'INAKTIV'] as const;
export type AgentStatus = (typeof AGENT_STATUS)[number];

export const agents = pgTable(
  'agents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The 10-digit agent number (Vermittlernummer). */
    vermittlerNummer: text('vermittler_nummer').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    telefon: text('telefon'),
    /** Distribution path (Vertriebsweg) the agent sells through. */
    vertriebsweg: text('vertriebsweg').notNull(),
    agenturName: text('agentur_name').notNull(),
    agenturStrasse: text('agentur_strasse').notNull(),
    agenturHausnummer: text('agentur_hausnummer').notNull(),
    agenturPlz: text('agentur_plz').notNull(),
    agenturOrt: text('agentur_ort').notNull(),
    parentAgentId: uuid('parent_agent_id').references((): AnyPgColumn => agents.id, {
      onDelete: 'restrict',
    }),
    status: text('status', { enum: AGENT_STATUS }).notNull().default('AKTIV'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('agents_vermittler_nummer_key').on(t.vermittlerNummer),
    uniqueIndex('agents_email_key').on(sql`lower(${t.email})`),
    index('agents_parent_idx').on(t.parentAgentId),
    check('agents_vermittler_nummer_check', sql`${t.vermittlerNummer} ~ '^[0-9]{10}$'`),
    check('agents_status_check', oneOf(t.status, AGENT_STATUS)),
    check('agents_not_own_parent_check', sql`${t.parentAgentId} IS NULL OR ${t.parentAgentId} <> ${t.id}`),
  ],
);

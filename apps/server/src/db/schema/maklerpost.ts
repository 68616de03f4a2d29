// Maklerpost (issue 16, BiPRO 430-like delivery feed): the deliveries themselves are derived from
// the contract tables (modules/maklerpost/feed.ts); only the agency's acknowledgements are stored
// here, one row per agency and delivery id. An acknowledgement is never removed: quittieren is
// idempotent and the first time stays.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { agents } from './agents';
import { oneOf } from './enum-check';

/** Who acknowledged: the broker software (machine credential) or a signed-in agent in the portal. */
export const MAKLERPOST_QUITTIERT_DURCH = ['MASCHINE', 'VERMITTLER'] as const;
export type MaklerpostQuittiertDurch = (typeof MAKLERPOST_QUITTIERT_DURCH)[number];

export const maklerpostQuittungen = pgTable(
  'maklerpost_quittungen',
  {
    /** The agency (the agent the credential or the sign-in belongs to). */
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    /** The delivery id of the feed, e.g. 'VA-<contract uuid>'. */
    lieferungId: text('lieferung_id').notNull(),
    quittiertAm: timestamp('quittiert_am', { withTimezone: true }).notNull().defaultNow(),
    quittiertDurch: text('quittiert_durch', { enum: MAKLERPOST_QUITTIERT_DURCH }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'maklerpost_quittungen_pkey', columns: [t.agentId, t.lieferungId] }),
    index('maklerpost_quittungen_agent_idx').on(t.agentId, t.quittiertAm),
    check('maklerpost_quittungen_lieferung_id_check', sql`${t.lieferungId} ~ '^[A-Z]{2}-[0-9a-f-]{36}$'`),
    check('maklerpost_quittungen_durch_check', oneOf(t.quittiertDurch, MAKLERPOST_QUITTIERT_DURCH)),
  ],
);

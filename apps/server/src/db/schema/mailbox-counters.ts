// The Postfach counts per partner (ADR 0024 addendum): shown incoming, shown sent and unread incoming
// messages. Kept by statement-level triggers on mailbox_messages (migration 0012) in the writer's
// transaction, so every writer (Kontakt, receipts, policies, claims, the clerk, bulk loads) keeps
// them right without knowing of them; the lists read one row instead of counting 10,000.
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { partners } from './partners';

export const mailboxCounters = pgTable(
  'mailbox_counters',
  {
    partnerId: uuid('partner_id')
      .primaryKey()
      .references(() => partners.id, { onDelete: 'cascade' }),
    /** Incoming messages not deleted (the inbox's gesamt). */
    eingang: integer('eingang').notNull().default(0),
    /** Sent messages not deleted. */
    ausgang: integer('ausgang').notNull().default(0),
    /** Incoming messages neither deleted nor opened (the navigation's count). */
    ungelesen: integer('ungelesen').notNull().default(0),
  },
  (t) => [
    check(
      'mailbox_counters_not_negative_check',
      sql`${t.eingang} >= 0 AND ${t.ausgang} >= 0 AND ${t.ungelesen} >= 0`,
    ),
  ],
);

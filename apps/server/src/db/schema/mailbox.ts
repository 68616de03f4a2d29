// The customer's mailbox (Postfach, ADR 0009): messages the insurer puts in for a partner, e.g. the
// receipt of a cancellation or a requested contract confirmation, with the PDF as a contract
// document. Only incoming messages exist so far; the messages issue builds the Postfach pages
// (eingang, gesendet) and the agent's messages on this table.
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { contractDocuments, contracts } from './contracts';
import { partners } from './partners';

export const mailboxMessages = pgTable(
  'mailbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    /** The contract the message is about (the spec's aktenId), if any. */
    contractId: uuid('contract_id').references(() => contracts.id, { onDelete: 'set null' }),
    /** Betreff. */
    subject: text('subject').notNull(),
    /** Plain text of the message (nachricht). */
    body: text('body').notNull(),
    /** The attached document (anhang), if any. */
    documentId: uuid('document_id').references(() => contractDocuments.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the customer first opened it; NULL while unread (gelesen = false). */
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('mailbox_messages_partner_idx').on(t.partnerId, t.createdAt)],
);

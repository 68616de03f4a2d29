// The customer's mailbox (Postfach, ADR 0009 and 0024): messages the insurer puts in for a partner,
// e.g. the receipt of a cancellation or the policy of a new contract with the PDF as a contract
// document (direction EINGANG), and the messages the customer sends from the Kontakt page (AUSGANG).
// Deleting is soft (deleted_at), so a message the customer removed stays for the insurer's records.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { contractDocuments, contracts } from './contracts';
import { oneOf } from './enum-check';
import { partners } from './partners';

/** EINGANG: from the insurer to the customer; AUSGANG: sent by the customer. */
export const MAILBOX_DIRECTIONS = ['EINGANG', 'AUSGANG'] as const;
export type MailboxDirection = (typeof MAILBOX_DIRECTIONS)[number];

export const mailboxMessages = pgTable(
  'mailbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    /** The contract the message is about (the spec's aktenId), if any. */
    contractId: uuid('contract_id').references(() => contracts.id, { onDelete: 'set null' }),
    direction: text('direction').$type<MailboxDirection>().notNull().default('EINGANG'),
    /** The topic the customer chose when sending (Kontakt form), e.g. SCHADEN; NULL for incoming ones. */
    thema: text('thema'),
    /** Betreff. */
    subject: text('subject').notNull(),
    /** Plain text of the message (nachricht). */
    body: text('body').notNull(),
    /** Sanitised HTML of a sent message (only the editor's basic formatting survives). */
    html: text('html'),
    /** The attached document (anhang), if any. */
    documentId: uuid('document_id').references(() => contractDocuments.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the customer first opened it; NULL while unread (gelesen = false). */
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When the customer deleted it; NULL while shown in the Postfach. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** The customer's Idempotency-Key of a sent message: one message per partner and key. */
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [
    index('mailbox_messages_partner_idx').on(t.partnerId, t.createdAt),
    // The Postfach lists (and counts) one direction of one partner, newest first, without the deleted
    // ones: this index answers a page by walking its first entries, even at 10,000 messages.
    index('mailbox_messages_listing_idx')
      .on(t.partnerId, t.direction, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} IS NULL`),
    // The unread count reads only this index: it holds just the unread incoming messages.
    index('mailbox_messages_unread_idx')
      .on(t.partnerId)
      .where(sql`${t.direction} = 'EINGANG' AND ${t.deletedAt} IS NULL AND ${t.readAt} IS NULL`),
    uniqueIndex('mailbox_messages_idempotency_key')
      .on(t.partnerId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
    check('mailbox_messages_direction_check', oneOf(t.direction, MAILBOX_DIRECTIONS)),
  ],
);

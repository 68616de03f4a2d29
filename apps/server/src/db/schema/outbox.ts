// Every e-mail and SMS the platform sends goes through this table first, in the transaction of the
// change that causes it, so a message is sent exactly when its change is committed.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from './enum-check';

export const OUTBOX_CHANNELS = ['email', 'sms'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

/**
 * PENDING: waiting for a transport. SENT: handed to SMTP or the SMS provider; the body is erased
 * then, because it may carry a TAN or a link. KEPT: the development transport keeps the message
 * (with its body) for the development outbox page. FAILED: gave up after repeated errors.
 */
export const OUTBOX_STATUS = ['PENDING', 'SENT', 'KEPT', 'FAILED'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUS)[number];

export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: OUTBOX_CHANNELS }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    /** Why it is sent, e.g. SIGN_IN_TAN or REGISTRATION_LINK; for logs and statistics. */
    purpose: text('purpose').notNull(),
    /** File name of the one attachment an e-mail may carry (e.g. a receipt PDF), with its file storage key. */
    attachmentName: text('attachment_name'),
    attachmentStorageKey: text('attachment_storage_key'),
    /** Further attachments of an e-mail (the pre-contract documents are three): name and storage key each. */
    moreAttachments: jsonb('more_attachments')
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text('status', { enum: OUTBOX_STATUS }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_messages_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'PENDING'`),
    index('outbox_messages_recipient_idx').on(t.recipient, t.createdAt),
    check('outbox_messages_channel_check', oneOf(t.channel, OUTBOX_CHANNELS)),
    check('outbox_messages_status_check', oneOf(t.status, OUTBOX_STATUS)),
    check('outbox_messages_subject_check', sql`${t.channel} = 'sms' OR ${t.subject} IS NOT NULL`),
    check(
      'outbox_messages_attachment_check',
      sql`(${t.attachmentName} IS NULL) = (${t.attachmentStorageKey} IS NULL)
        AND (${t.attachmentName} IS NULL OR ${t.channel} = 'email')`,
    ),
  ],
);

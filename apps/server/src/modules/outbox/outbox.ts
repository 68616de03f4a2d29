// Writing to the outbox and delivering from it. A message is written in the transaction of the
// change that causes it; a dispatcher hands pending messages to their transport after commit.
import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { outboxMessages, type OutboxChannel } from '../../db/schema/outbox';
import { withTransaction, type Transaction } from '../../db/transaction';
import type { FileStorage } from '../../platform/files/file-storage';
import { PermanentDeliveryError, type OutgoingMessage, type Transport, type Transports } from './transports';

type Db = Database | Transaction;

export interface NewMessage {
  channel: OutboxChannel;
  /** E-mail address or E.164 mobile number. */
  to: string;
  /** Required for e-mails, absent for SMS. */
  subject?: string;
  body: string;
  /** Why it is sent, e.g. SIGN_IN_TAN. */
  purpose: string;
  /** One file an e-mail carries (e.g. a receipt PDF): its file name and file storage key. */
  attachment?: MessageAttachment;
  /** Further files of the e-mail, after `attachment`. */
  moreAttachments?: MessageAttachment[];
}

export interface MessageAttachment {
  name: string;
  storageKey: string;
}

/** Body of a message once a delivering transport took it: it may have carried a TAN or a link. */
export const ERASED_BODY = '';

const MAX_ATTEMPTS = 8;

function transportOf(transports: Transports, channel: OutboxChannel): Transport {
  return channel === 'email' ? transports.email : transports.sms;
}

/** Writes a message; with the development transport it is kept for the development outbox. */
export async function enqueueMessage(db: Db, transports: Transports, message: NewMessage): Promise<string> {
  const isKept = transportOf(transports, message.channel).kind === 'development';
  const [row] = await db
    .insert(outboxMessages)
    .values({
      channel: message.channel,
      recipient: message.to,
      subject: message.channel === 'email' ? (message.subject ?? '') : null,
      body: message.body,
      purpose: message.purpose,
      attachmentName: message.attachment?.name ?? null,
      attachmentStorageKey: message.attachment?.storageKey ?? null,
      moreAttachments: message.moreAttachments ?? [],
      status: isKept ? 'KEPT' : 'PENDING',
      // now() is the transaction's start: messages of one transaction would tie in the listing.
      createdAt: sql`clock_timestamp()`,
    })
    .returning({ id: outboxMessages.id });
  if (!row) throw new Error('INSERT outbox_messages returned no row');
  return row.id;
}

// Exponential back-off: 1, 2, 4 … minutes, at most an hour.
function retryDelayMs(attempts: number): number {
  return Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));
}

type OutboxRow = typeof outboxMessages.$inferSelect;

/** The message as a transport takes it, with its attachment read from the file storage. */
async function outgoing(message: OutboxRow, files: FileStorage | undefined): Promise<OutgoingMessage> {
  const base = { to: message.recipient, subject: message.subject, body: message.body };
  const read = async ({ name, storageKey }: MessageAttachment) => {
    const content = await files?.read(storageKey);
    if (!content) throw new Error(`Attachment ${storageKey} is not in the file storage`);
    return { name, content };
  };
  const more = await Promise.all((message.moreAttachments as MessageAttachment[]).map(read));
  const withMore = more.length > 0 ? { ...base, moreAttachments: more } : base;
  if (message.attachmentName === null || message.attachmentStorageKey === null) return withMore;
  return {
    ...withMore,
    attachment: await read({ name: message.attachmentName, storageKey: message.attachmentStorageKey }),
  };
}

/**
 * Hands due PENDING messages to their transports, at most `batch` per call. Rows are claimed with
 * FOR UPDATE SKIP LOCKED, so several server processes can deliver at once without doubles.
 * Attachments are read from `files`. Returns how many were sent.
 */
export async function deliverPending({
  db,
  transports,
  files,
  now,
  logger,
  batch = 20,
}: {
  db: Database;
  transports: Transports;
  files?: FileStorage;
  now: Date;
  logger: FastifyBaseLogger;
  batch?: number;
}): Promise<number> {
  return withTransaction(db, async (tx) => {
    const due = await tx
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.status, 'PENDING'), lte(outboxMessages.nextAttemptAt, now)))
      .orderBy(asc(outboxMessages.nextAttemptAt))
      .limit(batch)
      .for('update', { skipLocked: true });
    let sent = 0;
    for (const message of due) {
      const transport = transportOf(transports, message.channel);
      if (transport.kind === 'development') {
        await tx.update(outboxMessages).set({ status: 'KEPT' }).where(eq(outboxMessages.id, message.id));
        continue;
      }
      try {
        await transport.send(await outgoing(message, files));
        await tx
          .update(outboxMessages)
          .set({
            status: 'SENT',
            body: ERASED_BODY,
            sentAt: now,
            attempts: message.attempts + 1,
            lastError: null,
          })
          .where(eq(outboxMessages.id, message.id));
        sent += 1;
      } catch (error) {
        const attempts = message.attempts + 1;
        const reason = error instanceof Error ? error.message : String(error);
        // A refusal (PermanentDeliveryError, e.g. an invalid number) is not retried (ADR 0012).
        const givenUp = error instanceof PermanentDeliveryError || attempts >= MAX_ATTEMPTS;
        const facts = {
          messageId: message.id,
          channel: message.channel,
          purpose: message.purpose,
          attempts,
          transport: transport.name,
          reason,
        };
        if (givenUp) logger.error(facts, 'outbox delivery failed for good: message not delivered');
        else logger.warn(facts, 'outbox delivery failed, will retry');
        await tx
          .update(outboxMessages)
          .set({
            attempts,
            lastError: reason.slice(0, 500),
            status: givenUp ? 'FAILED' : 'PENDING',
            // A message given up will never be sent: its TAN or link goes, as after delivery.
            ...(givenUp ? { body: ERASED_BODY } : {}),
            nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
          })
          .where(eq(outboxMessages.id, message.id));
      }
    }
    return sent;
  });
}

export interface ListedMessage {
  id: string;
  channel: OutboxChannel;
  to: string;
  subject: string | null;
  body: string;
  /** File name of the attachment, if the message has one. */
  attachmentName: string | null;
  createdAt: Date;
}

/**
 * Messages newest first, optionally only those to one recipient (for the development outbox). The
 * body is empty unless the development transport kept the message.
 */
export async function listMessages({
  db,
  to,
  limit,
}: {
  db: Db;
  to?: string;
  limit: number;
}): Promise<ListedMessage[]> {
  const rows = await db
    .select({
      id: outboxMessages.id,
      channel: outboxMessages.channel,
      to: outboxMessages.recipient,
      subject: outboxMessages.subject,
      // Only a kept message shows its text: a PENDING one waits for a real transport (SMTP, SMS
      // provider) and its TAN or link must reach nobody but the recipient (ADR 0012).
      body: sql<string>`CASE WHEN ${outboxMessages.status} = 'KEPT' THEN ${outboxMessages.body} ELSE '' END`,
      attachmentName: outboxMessages.attachmentName,
      createdAt: outboxMessages.createdAt,
    })
    .from(outboxMessages)
    .where(to ? eq(sql`lower(${outboxMessages.recipient})`, to.trim().toLowerCase()) : undefined)
    .orderBy(desc(outboxMessages.createdAt))
    .limit(limit);
  return rows;
}

/** The attachment of a message (for the development outbox), if it has one. */
export async function findAttachment({
  db,
  messageId,
}: {
  db: Db;
  messageId: string;
}): Promise<MessageAttachment | undefined> {
  const [row] = await db
    .select({ name: outboxMessages.attachmentName, storageKey: outboxMessages.attachmentStorageKey })
    .from(outboxMessages)
    .where(eq(outboxMessages.id, messageId));
  if (!row || row.name === null || row.storageKey === null) return undefined;
  return { name: row.name, storageKey: row.storageKey };
}

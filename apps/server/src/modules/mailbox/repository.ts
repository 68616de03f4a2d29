// The customer's mailbox (Postfach, ADR 0009): the insurer puts messages in, e.g. the receipt of a
// cancellation with its PDF. Reading, marking as read and the Postfach pages come with the messages
// issue; until then the messages are written here and listed for tests and the data export.
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { mailboxMessages } from '../../db/schema/mailbox';
import type { Transaction } from '../../db/transaction';

type Db = Database | Transaction;

/** A message put into a partner's mailbox. */
export interface NewMailboxMessage {
  partnerId: string;
  contractId?: string;
  subject: string;
  body: string;
  documentId?: string;
}

export interface MailboxMessage {
  id: string;
  partnerId: string;
  contractId: string | null;
  subject: string;
  body: string;
  documentId: string | null;
  createdAt: string;
  readAt: string | null;
}

/** Puts a message into the partner's mailbox (in the caller's transaction). */
export async function insertMailboxMessage(db: Db, message: NewMailboxMessage): Promise<MailboxMessage> {
  const [row] = await db
    .insert(mailboxMessages)
    .values({
      partnerId: message.partnerId,
      contractId: message.contractId ?? null,
      subject: message.subject,
      body: message.body,
      documentId: message.documentId ?? null,
    })
    .returning();
  if (!row) throw new Error('INSERT mailbox_messages returned no row');
  return toMessage(row);
}

function toMessage(row: typeof mailboxMessages.$inferSelect): MailboxMessage {
  return {
    id: row.id,
    partnerId: row.partnerId,
    contractId: row.contractId,
    subject: row.subject,
    body: row.body,
    documentId: row.documentId,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/** The partner's messages, newest first. */
export async function listMailboxMessages({
  db,
  partnerId,
}: {
  db: Db;
  partnerId: string;
}): Promise<MailboxMessage[]> {
  const rows = await db
    .select()
    .from(mailboxMessages)
    .where(eq(mailboxMessages.partnerId, partnerId))
    .orderBy(desc(mailboxMessages.createdAt));
  return rows.map(toMessage);
}

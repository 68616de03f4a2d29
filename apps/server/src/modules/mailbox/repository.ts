// The customer's mailbox (Postfach, ADR 0009 and 0024): the insurer puts messages in, e.g. the
// receipt of a cancellation with its PDF, and the customer sends messages from the Kontakt page.
// Lists answer one direction of one partner, newest first, without deleted messages, a page at a
// time (the partial index mailbox_messages_listing_idx serves them); the counts are kept per partner
// in mailbox_counters (ADR 0024 addendum).
import { and, desc, eq, isNull, sql, type Placeholder } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contractDocuments, contracts } from '../../db/schema/contracts';
import { mailboxMessages, type MailboxDirection } from '../../db/schema/mailbox';
import { mailboxCounters } from '../../db/schema/mailbox-counters';
import type { Transaction } from '../../db/transaction';

type Db = Database | Transaction;

/** A message put into a partner's mailbox. */
export interface NewMailboxMessage {
  partnerId: string;
  contractId?: string;
  subject: string;
  body: string;
  documentId?: string;
  /** Defaults to EINGANG (from the insurer). */
  direction?: MailboxDirection;
  thema?: string;
  /** Sanitised HTML (sent messages only). */
  html?: string;
  /** The customer's Idempotency-Key of a sent message (unique per partner). */
  idempotencyKey?: string;
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
  direction: MailboxDirection;
  thema: string | null;
  html: string | null;
  deletedAt: string | null;
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
      direction: message.direction ?? 'EINGANG',
      thema: message.thema ?? null,
      html: message.html ?? null,
      idempotencyKey: message.idempotencyKey ?? null,
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
    direction: row.direction,
    thema: row.thema,
    html: row.html,
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}

/** The id of the message the partner sent with this Idempotency-Key, if any. */
export async function findSentByIdempotencyKey(
  db: Db,
  partnerId: string,
  idempotencyKey: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: mailboxMessages.id })
    .from(mailboxMessages)
    .where(and(eq(mailboxMessages.partnerId, partnerId), eq(mailboxMessages.idempotencyKey, idempotencyKey)));
  return row?.id;
}

/** The partner's messages (both directions, deleted ones too), newest first: for tests and the data export. */
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

/** A message with the contract number and the attached document's name, as the Postfach shows it. */
export interface PostfachMessage extends MailboxMessage {
  versicherungsNummer: string | null;
  documentName: string | null;
}

const postfachColumns = {
  message: mailboxMessages,
  versicherungsNummer: contracts.versicherungsNummer,
  documentName: contractDocuments.name,
};

function toPostfachMessage(row: {
  message: typeof mailboxMessages.$inferSelect;
  versicherungsNummer: string | null;
  documentName: string | null;
}): PostfachMessage {
  return {
    ...toMessage(row.message),
    versicherungsNummer: row.versicherungsNummer,
    documentName: row.documentName,
  };
}

const shown = (partnerId: string | Placeholder, direction: MailboxDirection | Placeholder) =>
  and(
    eq(mailboxMessages.partnerId, partnerId),
    eq(mailboxMessages.direction, direction),
    isNull(mailboxMessages.deletedAt),
  );

/** A message as a Postfach list shows it: the text cut to `PREVIEW_SOURCE_LENGTH` characters, no HTML. */
export interface PostfachListRow {
  id: string;
  createdAt: Date;
  subject: string;
  /** The first PREVIEW_SOURCE_LENGTH characters of the text (one more than a preview shows, to tell a cut). */
  bodyStart: string;
  readAt: Date | null;
  direction: MailboxDirection;
  thema: string | null;
  documentId: string | null;
  versicherungsNummer: string | null;
  documentName: string | null;
}

/** Characters of the text a list reads: a preview of 200 and one more to know it was cut. */
export const PREVIEW_SOURCE_LENGTH = 201;

// The Postfach lists are the hot reads (bench/mailbox.ts): prepared statements per database handle
// with just the columns a list shows, so a page of 20 neither parses SQL again nor ships whole texts.
// The counts come from mailbox_counters (one row per partner, kept by triggers on mailbox_messages in
// the writer's transaction, migration 0012) instead of counting up to 10,000 index entries on every
// request, and a page carries its list's count in the same statement: one round trip per page.
const counterOf = (direction: MailboxDirection | Placeholder) =>
  sql<number>`CASE WHEN ${direction} = 'EINGANG' THEN ${mailboxCounters.eingang} ELSE ${mailboxCounters.ausgang} END`;

function prepareListing(db: Database) {
  const partnerId = sql.placeholder('partnerId');
  const direction = sql.placeholder('direction');
  return {
    count: db
      .select({ n: counterOf(direction) })
      .from(mailboxCounters)
      .where(eq(mailboxCounters.partnerId, partnerId))
      .prepare('mailbox_count_shown'),
    unread: db
      .select({ n: mailboxCounters.ungelesen })
      .from(mailboxCounters)
      .where(eq(mailboxCounters.partnerId, partnerId))
      .prepare('mailbox_count_unread'),
    page: db
      .select({
        id: mailboxMessages.id,
        createdAt: mailboxMessages.createdAt,
        subject: mailboxMessages.subject,
        bodyStart: sql<string>`left(${mailboxMessages.body}, ${sql.raw(String(PREVIEW_SOURCE_LENGTH))})`,
        readAt: mailboxMessages.readAt,
        direction: mailboxMessages.direction,
        thema: mailboxMessages.thema,
        documentId: mailboxMessages.documentId,
        versicherungsNummer: contracts.versicherungsNummer,
        documentName: contractDocuments.name,
        // An uncorrelated subquery: evaluated once per statement (an InitPlan), not per row.
        gesamt:
          sql<number>`(SELECT ${counterOf(direction)} FROM ${mailboxCounters} WHERE ${mailboxCounters.partnerId} = ${partnerId})`.mapWith(
            Number,
          ),
      })
      .from(mailboxMessages)
      .leftJoin(contracts, eq(mailboxMessages.contractId, contracts.id))
      .leftJoin(contractDocuments, eq(mailboxMessages.documentId, contractDocuments.id))
      .where(shown(partnerId, direction))
      .orderBy(desc(mailboxMessages.createdAt), desc(mailboxMessages.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('mailbox_page_shown'),
  };
}

const listings = new WeakMap<Database, ReturnType<typeof prepareListing>>();

function listingOf(db: Database): ReturnType<typeof prepareListing> {
  let listing = listings.get(db);
  if (!listing) {
    listing = prepareListing(db);
    listings.set(db, listing);
  }
  return listing;
}

/** How many messages of one direction the partner's Postfach shows (the partner's counter). */
export async function countShownMessages({
  db,
  partnerId,
  direction,
}: {
  db: Database;
  partnerId: string;
  direction: MailboxDirection;
}): Promise<number> {
  const [row] = await listingOf(db).count.execute({ partnerId, direction });
  return row?.n ?? 0;
}

/** Incoming, not deleted messages the customer has not opened yet (the partner's counter). */
export async function countUnreadMessages({
  db,
  partnerId,
}: {
  db: Database;
  partnerId: string;
}): Promise<number> {
  const [row] = await listingOf(db).unread.execute({ partnerId });
  return row?.n ?? 0;
}

/**
 * The counts as the messages themselves give them (index scans over every shown message): what the
 * counters must always equal. For tests and for repairing a counter row by hand.
 */
export async function countByScanning({
  db,
  partnerId,
}: {
  db: Db;
  partnerId: string;
}): Promise<{ eingang: number; ausgang: number; ungelesen: number }> {
  const [row] = await db
    .select({
      eingang: sql<number>`count(*) FILTER (WHERE ${mailboxMessages.direction} = 'EINGANG')`.mapWith(Number),
      ausgang: sql<number>`count(*) FILTER (WHERE ${mailboxMessages.direction} = 'AUSGANG')`.mapWith(Number),
      ungelesen:
        sql<number>`count(*) FILTER (WHERE ${mailboxMessages.direction} = 'EINGANG' AND ${mailboxMessages.readAt} IS NULL)`.mapWith(
          Number,
        ),
    })
    .from(mailboxMessages)
    .where(and(eq(mailboxMessages.partnerId, partnerId), isNull(mailboxMessages.deletedAt)));
  return row ?? { eingang: 0, ausgang: 0, ungelesen: 0 };
}

/** The partner's counter row as stored (zeros when the partner never had a message). */
export async function storedCounters({
  db,
  partnerId,
}: {
  db: Db;
  partnerId: string;
}): Promise<{ eingang: number; ausgang: number; ungelesen: number }> {
  const [row] = await db
    .select({
      eingang: mailboxCounters.eingang,
      ausgang: mailboxCounters.ausgang,
      ungelesen: mailboxCounters.ungelesen,
    })
    .from(mailboxCounters)
    .where(eq(mailboxCounters.partnerId, partnerId));
  return row ?? { eingang: 0, ausgang: 0, ungelesen: 0 };
}

/** A page of one direction with the direction's count, or only the count when the page is empty. */
export interface ShownPage {
  rows: PostfachListRow[];
  gesamt: number;
}

/** One page of the partner's messages of one direction, newest first (ties by id, so pages never overlap). */
export async function listShownMessages({
  db,
  partnerId,
  direction,
  limit,
  offset,
}: {
  db: Database;
  partnerId: string;
  direction: MailboxDirection;
  limit: number;
  offset: number;
}): Promise<ShownPage> {
  const listing = listingOf(db);
  const rows = await listing.page.execute({ partnerId, direction, limit, offset });
  const first = rows[0];
  if (first) return { rows: rows.map(({ gesamt: _gesamt, ...row }) => row), gesamt: first.gesamt ?? 0 };
  // No row to carry the count: an empty list, or a page above the last.
  return { rows: [], gesamt: await countShownMessages({ db, partnerId, direction }) };
}

/** The message with this id unless it was deleted (any partner's: the caller checks ownership). */
export async function findShownMessage({
  db,
  id,
}: {
  db: Db;
  id: string;
}): Promise<PostfachMessage | undefined> {
  const [row] = await db
    .select(postfachColumns)
    .from(mailboxMessages)
    .leftJoin(contracts, eq(mailboxMessages.contractId, contracts.id))
    .leftJoin(contractDocuments, eq(mailboxMessages.documentId, contractDocuments.id))
    .where(and(eq(mailboxMessages.id, id), isNull(mailboxMessages.deletedAt)));
  return row ? toPostfachMessage(row) : undefined;
}

/** Marks the message read the first time; answers the time it counts as read since. */
export async function markMessageRead({ db, id }: { db: Db; id: string }): Promise<string | undefined> {
  const [row] = await db
    .update(mailboxMessages)
    .set({ readAt: sql`now()` })
    .where(and(eq(mailboxMessages.id, id), isNull(mailboxMessages.readAt)))
    .returning({ readAt: mailboxMessages.readAt });
  return row?.readAt?.toISOString();
}

/** Soft-deletes the message; false when it was deleted already. */
export async function softDeleteMessage({ db, id }: { db: Db; id: string }): Promise<boolean> {
  const rows = await db
    .update(mailboxMessages)
    .set({ deletedAt: sql`now()` })
    .where(and(eq(mailboxMessages.id, id), isNull(mailboxMessages.deletedAt)))
    .returning({ id: mailboxMessages.id });
  return rows.length > 0;
}

// The clerk's side of the Postfach (issue 14 part 7, ADR 0027): the messages customers wrote on the
// Kontakt page (direction AUSGANG), newest first, with customer and contract, open or answered; one
// message with its answers; and the answer, which lands in the customer's Postfach Eingang as an
// ordinary incoming message linked to the question, with an e-mail notice through the outbox and an
// audit entry, all in one transaction. Only the clerk routes (pool innendienst) call these.
import { and, count, desc, eq, inArray, not, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { clerkMessageReplies } from '../../db/schema/clerk';
import { contracts } from '../../db/schema/contracts';
import { accounts } from '../../db/schema/identity';
import { mailboxMessages } from '../../db/schema/mailbox';
import { partners } from '../../db/schema/partners';
import { withTransaction } from '../../db/transaction';
import type { Actor } from '../../platform/auth/actor';
import { conflict, notFound, unprocessable } from '../../platform/errors';
import type { RequestMeta } from '../identity/audit';
import { insertMailboxMessage } from '../mailbox/repository';
import { THEMA_LABELS, type MailboxThema } from '../mailbox/texts';
import { enqueueMessage } from '../outbox/outbox';
import type { Transports } from '../outbox/transports';
import { recordClerkAudit } from './audit';
import { CLERK_TEXTS as T } from './texts';

/** Which customer messages the Eingang shows. */
export const MESSAGE_FILTERS = ['offen', 'beantwortet', 'alle'] as const;
export type MessageFilter = (typeof MESSAGE_FILTERS)[number];

/** Longest answer text. */
export const REPLY_MAX_LENGTH = 10_000;
const PREVIEW_LENGTH = 200;

export interface ClerkCustomer {
  partnerId: string;
  partnerNummer: string;
  name: string;
}

export interface ClerkContract {
  versicherungsNummer: string;
  produkt: string;
}

export interface IncomingMessageItem {
  id: string;
  erstelldatum: string;
  betreff: string;
  thema: string | null;
  themaLabel: string | null;
  vorschau: string;
  kunde: ClerkCustomer;
  vertrag: ClerkContract | null;
  beantwortet: boolean;
  /** The customer removed it from their Postfach (it stays for the insurer). */
  vomKundenGeloescht: boolean;
}

export interface IncomingMessagePage {
  nachrichten: IncomingMessageItem[];
  seite: number;
  proSeite: number;
  gesamt: number;
}

export interface ClerkReply {
  id: string;
  erstelldatum: string;
  betreff: string;
  text: string;
  sachbearbeiter: string;
  /** The customer has opened it. */
  gelesen: boolean;
}

export interface IncomingMessageDetail extends IncomingMessageItem {
  text: string;
  html: string | null;
  antworten: ClerkReply[];
}

/** A partner's name as a clerk reads it: the company, or first and last name. */
export function customerName(partner: {
  firmenname: string | null;
  vorname: string | null;
  nachname: string | null;
}): string {
  if (partner.firmenname) return partner.firmenname;
  return [partner.vorname, partner.nachname].filter(Boolean).join(' ') || 'Unbekannt';
}

function preview(text: string): string {
  if (text.length <= PREVIEW_LENGTH) return text;
  return `${text.slice(0, PREVIEW_LENGTH - 1).trimEnd()}…`;
}

const isAnswered = sql`exists (select 1 from ${clerkMessageReplies} where ${clerkMessageReplies.questionMessageId} = ${mailboxMessages.id})`;

function filterCondition(filter: MessageFilter): SQL {
  const written = eq(mailboxMessages.direction, 'AUSGANG');
  if (filter === 'offen') return and(written, not(isAnswered)) as SQL;
  if (filter === 'beantwortet') return and(written, isAnswered) as SQL;
  return written;
}

const itemColumns = {
  id: mailboxMessages.id,
  createdAt: mailboxMessages.createdAt,
  subject: mailboxMessages.subject,
  thema: mailboxMessages.thema,
  bodyStart: sql<string>`left(${mailboxMessages.body}, ${PREVIEW_LENGTH + 1})`,
  deletedAt: mailboxMessages.deletedAt,
  partnerId: partners.id,
  partnerNummer: partners.partnerNummer,
  firmenname: partners.firmenname,
  vorname: partners.vorname,
  nachname: partners.nachname,
  versicherungsNummer: contracts.versicherungsNummer,
  produkt: contracts.produkt,
  answered: sql<boolean>`${isAnswered}`,
};

type ItemRow = {
  id: string;
  createdAt: Date;
  subject: string;
  thema: string | null;
  bodyStart: string;
  deletedAt: Date | null;
  partnerId: string;
  partnerNummer: string;
  firmenname: string | null;
  vorname: string | null;
  nachname: string | null;
  versicherungsNummer: string | null;
  produkt: string | null;
  answered: boolean;
};

function themaLabel(thema: string | null): string | null {
  if (thema === null) return null;
  return Object.hasOwn(THEMA_LABELS, thema) ? THEMA_LABELS[thema as MailboxThema] : thema;
}

function toItem(row: ItemRow): IncomingMessageItem {
  return {
    id: row.id,
    erstelldatum: row.createdAt.toISOString(),
    betreff: row.subject,
    thema: row.thema,
    themaLabel: themaLabel(row.thema),
    vorschau: preview(row.bodyStart),
    kunde: { partnerId: row.partnerId, partnerNummer: row.partnerNummer, name: customerName(row) },
    vertrag:
      row.versicherungsNummer && row.produkt
        ? { versicherungsNummer: row.versicherungsNummer, produkt: row.produkt }
        : null,
    // PGlite and node-postgres both answer booleans, but a raw EXISTS may come back as 't'/'f'.
    beantwortet: row.answered === true || (row.answered as unknown) === 't',
    vomKundenGeloescht: row.deletedAt !== null,
  };
}

function selectItems(db: Database) {
  return db
    .select(itemColumns)
    .from(mailboxMessages)
    .innerJoin(partners, eq(partners.id, mailboxMessages.partnerId))
    .leftJoin(contracts, eq(contracts.id, mailboxMessages.contractId));
}

/** The customers' messages, newest first, a page at a time; a page above the last answers page 1. */
export async function listIncomingMessages({
  db,
  filter,
  seite,
  proSeite,
}: {
  db: Database;
  filter: MessageFilter;
  seite: number;
  proSeite: number;
}): Promise<IncomingMessagePage> {
  const where = filterCondition(filter);
  const [total] = await db.select({ n: count() }).from(mailboxMessages).where(where);
  const gesamt = total?.n ?? 0;
  const page = seite > 1 && (seite - 1) * proSeite >= gesamt ? 1 : seite;
  const rows = await selectItems(db)
    .where(where)
    .orderBy(desc(mailboxMessages.createdAt), desc(mailboxMessages.id))
    .limit(proSeite)
    .offset((page - 1) * proSeite);
  return { nachrichten: rows.map(toItem), seite: page, proSeite, gesamt };
}

async function findQuestion(db: Database, id: string) {
  const [row] = await selectItems(db)
    .where(and(eq(mailboxMessages.id, id), eq(mailboxMessages.direction, 'AUSGANG')))
    .limit(1);
  if (!row) throw notFound(`No customer message ${id}`, { userMessage: T.errors.messageNotFound });
  return row;
}

/** One customer message with its whole text and every answer a clerk gave. */
export async function openIncomingMessage({
  db,
  id,
}: {
  db: Database;
  id: string;
}): Promise<IncomingMessageDetail> {
  const row = await findQuestion(db, id);
  const [message] = await db
    .select({ body: mailboxMessages.body, html: mailboxMessages.html })
    .from(mailboxMessages)
    .where(eq(mailboxMessages.id, id));
  const replies = await db
    .select({
      id: mailboxMessages.id,
      createdAt: mailboxMessages.createdAt,
      subject: mailboxMessages.subject,
      body: mailboxMessages.body,
      readAt: mailboxMessages.readAt,
      clerk: sql<string>`coalesce(${accounts.nickname}, ${accounts.username})`,
    })
    .from(clerkMessageReplies)
    .innerJoin(mailboxMessages, eq(mailboxMessages.id, clerkMessageReplies.replyMessageId))
    .innerJoin(accounts, eq(accounts.id, clerkMessageReplies.clerkAccountId))
    .where(eq(clerkMessageReplies.questionMessageId, id))
    .orderBy(clerkMessageReplies.createdAt);
  return {
    ...toItem(row),
    text: message?.body ?? '',
    html: message?.html ?? null,
    antworten: replies.map((reply) => ({
      id: reply.id,
      erstelldatum: reply.createdAt.toISOString(),
      betreff: reply.subject,
      text: reply.body,
      sachbearbeiter: reply.clerk,
      gelesen: reply.readAt !== null,
    })),
  };
}

/** Where the customer signs in to read the answer. */
function postfachLink(publicUrl: string): string {
  return `${publicUrl.replace(/\/$/, '')}/kunden/postfach/eingang/`;
}

/** The e-mail address a notice for the partner goes to: the account's, else the partner's. */
export async function noticeAddressOf(db: Database, partnerId: string): Promise<string | undefined> {
  const [account] = await db
    .select({ email: accounts.email })
    .from(accounts)
    .where(
      and(eq(accounts.partnerId, partnerId), inArray(accounts.status, ['ACTIVE', 'NEW_PASSWORD_REQUIRED'])),
    );
  if (account) return account.email;
  const [partner] = await db
    .select({ email: partners.email })
    .from(partners)
    .where(eq(partners.id, partnerId));
  return partner?.email ?? undefined;
}

/**
 * Answers a customer's message: the answer goes into the customer's Postfach Eingang (subject
 * 'AW: …', about the same contract), is linked to the question, and the customer gets an e-mail
 * notice without the content. The question counts as answered from then on.
 */
export async function replyToMessage({
  db,
  transports,
  publicUrl,
  meta,
  actor,
  id,
  betreff,
  text,
  bisherigeAntworten,
}: {
  db: Database;
  transports: Transports;
  publicUrl: string;
  meta: RequestMeta;
  actor: Actor;
  id: string;
  betreff?: string;
  text: string;
  /**
   * How many answers the clerk's page showed: when there are more now (a colleague answered, or
   * this answer was already sent and its request is retried), nothing is sent and the answer is 409.
   */
  bisherigeAntworten?: number;
}): Promise<IncomingMessageDetail> {
  const body = text.replaceAll('\r\n', '\n').trim();
  if (body === '') {
    throw unprocessable('Reply text is empty', {
      userMessage: T.errors.emptyText,
      fieldErrors: [{ path: 'text', message: T.errors.emptyText }],
    });
  }
  const [question] = await db
    .select({
      id: mailboxMessages.id,
      partnerId: mailboxMessages.partnerId,
      contractId: mailboxMessages.contractId,
      subject: mailboxMessages.subject,
    })
    .from(mailboxMessages)
    .where(and(eq(mailboxMessages.id, id), eq(mailboxMessages.direction, 'AUSGANG')));
  if (!question) throw notFound(`No customer message ${id}`, { userMessage: T.errors.messageNotFound });
  const subject = betreff?.trim() || T.reply.subject(question.subject);
  const to = await noticeAddressOf(db, question.partnerId);
  await withTransaction(db, async (tx) => {
    if (bisherigeAntworten !== undefined) {
      // The question's row locked: two answers sent at once are counted one after the other.
      await tx
        .select({ id: mailboxMessages.id })
        .from(mailboxMessages)
        .where(eq(mailboxMessages.id, question.id))
        .for('update');
      const answers = await tx
        .select({ clerk: sql<string>`coalesce(${accounts.nickname}, ${accounts.username})` })
        .from(clerkMessageReplies)
        .innerJoin(accounts, eq(accounts.id, clerkMessageReplies.clerkAccountId))
        .where(eq(clerkMessageReplies.questionMessageId, question.id))
        .orderBy(clerkMessageReplies.createdAt);
      if (answers.length !== bisherigeAntworten) {
        throw conflict(`Message ${id} has ${answers.length} answers, the clerk saw ${bisherigeAntworten}`, {
          code: 'MESSAGE_ANSWERED_MEANWHILE',
          userMessage: T.errors.answeredMeanwhile(answers.at(-1)?.clerk ?? ''),
        });
      }
    }
    const reply = await insertMailboxMessage(tx, {
      partnerId: question.partnerId,
      ...(question.contractId === null ? {} : { contractId: question.contractId }),
      subject,
      body,
    });
    await tx.insert(clerkMessageReplies).values({
      questionMessageId: question.id,
      replyMessageId: reply.id,
      clerkAccountId: actor.userId,
      createdAt: meta.now,
    });
    if (to) {
      await enqueueMessage(tx, transports, {
        channel: 'email',
        to,
        subject: T.mail.subject,
        body: T.mail.body(subject, postfachLink(publicUrl)),
        purpose: 'POSTFACH_REPLY_NOTICE',
      });
    }
    await recordClerkAudit(tx, meta, {
      actor,
      action: 'CLERK_MESSAGE_ANSWERED',
      details: { questionMessageId: question.id, replyMessageId: reply.id, partnerId: question.partnerId },
    });
  });
  return openIncomingMessage({ db, id });
}

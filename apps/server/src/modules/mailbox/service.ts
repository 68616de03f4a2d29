// The customer's Postfach (spec §3–§5, issue 14): counting, listing a page, opening (marks an
// incoming message read), deleting (soft), the attachment's download, and sending a message from
// the Kontakt page with an automatic acknowledgement in the same transaction. Another partner's
// message is a 404, the same as one that does not exist.
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contracts } from '../../db/schema/contracts';
import type { MailboxDirection } from '../../db/schema/mailbox';
import { withTransaction } from '../../db/transaction';
import type { Actor } from '../../platform/auth/actor';
import { assertOwnsPartner } from '../../platform/auth/ownership';
import { notFound, unprocessable } from '../../platform/errors';
import type { FileStorage, StoredFile } from '../../platform/files/file-storage';
import { documentFileName, openCustomerDocument } from '../documents/service';
import {
  countUnreadMessages,
  findShownMessage,
  insertMailboxMessage,
  listShownMessages,
  markMessageRead,
  softDeleteMessage,
  type PostfachListRow,
  type PostfachMessage,
} from './repository';
import { plainTextOf, sanitizeMessageHtml } from './sanitize';
import { MAILBOX_TEXTS as T, type MailboxThema } from './texts';

/** Longest preview of the text in a list. */
export const PREVIEW_LENGTH = 200;

export interface MessageListItem {
  id: string;
  aktenId: string | null;
  erstelldatum: string;
  betreff: string;
  gelesen: boolean;
  nachricht: string;
  anhaenge: { id: string; name: string }[];
  richtung: 'eingang' | 'ausgang';
  thema?: MailboxThema;
}

export interface MessageDetail extends MessageListItem {
  html?: string;
}

export interface MessagePage {
  nachrichten: MessageListItem[];
  seite: number;
  proSeite: number;
  gesamt: number;
}

function ownPartnerId(actor: Actor): string {
  if (actor.pool !== 'benutzer' || !actor.partnerId) {
    throw notFound(`Account ${actor.userId} has no partner`);
  }
  return actor.partnerId;
}

function preview(text: string): string {
  if (text.length <= PREVIEW_LENGTH) return text;
  return `${text.slice(0, PREVIEW_LENGTH - 1).trimEnd()}…`;
}

/** The fields a list and a single message share (a list row or a whole message). */
type ItemSource = Pick<
  PostfachListRow,
  | 'id'
  | 'createdAt'
  | 'subject'
  | 'readAt'
  | 'direction'
  | 'thema'
  | 'documentId'
  | 'versicherungsNummer'
  | 'documentName'
>;

function toItem(message: ItemSource, nachricht: string): MessageListItem {
  return {
    id: message.id,
    aktenId: message.versicherungsNummer,
    erstelldatum: message.createdAt.toISOString(),
    betreff: message.subject,
    // A sent message is the customer's own: it never counts as unread.
    gelesen: message.direction === 'AUSGANG' || message.readAt !== null,
    nachricht,
    anhaenge:
      message.documentId && message.documentName
        ? [
            {
              id: message.documentId,
              name:
                message.versicherungsNummer === null
                  ? `${message.documentName}.pdf`
                  : documentFileName({
                      name: message.documentName,
                      versicherungsNummer: message.versicherungsNummer,
                    }),
            },
          ]
        : [],
    richtung: message.direction === 'EINGANG' ? 'eingang' : 'ausgang',
    // Only sent messages carry a topic, written from the validated MAILBOX_THEMEN.
    ...(message.thema === null ? {} : { thema: message.thema as MailboxThema }),
  };
}

function sourceOf(message: PostfachMessage): ItemSource {
  return {
    ...message,
    createdAt: new Date(message.createdAt),
    readAt: message.readAt === null ? null : new Date(message.readAt),
  };
}

/** Unread incoming messages of the signed-in customer. */
export async function countUnread({ db, actor }: { db: Database; actor: Actor }): Promise<number> {
  return countUnreadMessages({ db, partnerId: ownPartnerId(actor) });
}

/** One page of the customer's messages of one direction; a page above the last answers page 1 (spec §4). */
export async function listMessages({
  db,
  actor,
  direction,
  seite,
  proSeite,
}: {
  db: Database;
  actor: Actor;
  direction: MailboxDirection;
  seite: number;
  proSeite: number;
}): Promise<MessagePage> {
  const partnerId = ownPartnerId(actor);
  const pageOf = (page: number) =>
    listShownMessages({ db, partnerId, direction, limit: proSeite, offset: (page - 1) * proSeite });
  // The page carries the count (one statement); a page above the last is rare, read again then.
  const asked = await pageOf(seite);
  const gesamt = asked.gesamt;
  const page = seite > 1 && (seite - 1) * proSeite >= gesamt ? 1 : seite;
  const messages = page === seite ? asked.rows : (await pageOf(1)).rows;
  return {
    nachrichten: messages.map((message) => toItem(message, preview(message.bodyStart))),
    seite: page,
    proSeite,
    gesamt,
  };
}

async function ownMessage(db: Database, actor: Actor, id: string): Promise<PostfachMessage> {
  const message = await findShownMessage({ db, id });
  if (!message) throw notFound(`No message ${id}`, { userMessage: T.errors.notFound });
  try {
    assertOwnsPartner(actor, message.partnerId);
  } catch {
    throw notFound(`Account ${actor.userId} does not own message ${id}`, { userMessage: T.errors.notFound });
  }
  return message;
}

/** The whole message; opening an incoming one marks it read. */
export async function openMessage({
  db,
  actor,
  id,
}: {
  db: Database;
  actor: Actor;
  id: string;
}): Promise<MessageDetail> {
  const message = await ownMessage(db, actor, id);
  if (message.direction === 'EINGANG' && message.readAt === null) {
    message.readAt = (await markMessageRead({ db, id })) ?? new Date().toISOString();
  }
  return {
    ...toItem(sourceOf(message), message.body),
    ...(message.html === null ? {} : { html: message.html }),
  };
}

/** Removes the message from the Postfach (soft delete: it stays for the insurer's records). */
export async function deleteMessage({
  db,
  actor,
  id,
}: {
  db: Database;
  actor: Actor;
  id: string;
}): Promise<void> {
  await ownMessage(db, actor, id);
  await softDeleteMessage({ db, id });
}

/** The attached document of the message, opened for download (the documents module checks it again). */
export async function openAttachment({
  db,
  files,
  actor,
  id,
}: {
  db: Database;
  files: FileStorage;
  actor: Actor;
  id: string;
}): Promise<{ fileName: string; file: StoredFile }> {
  const message = await ownMessage(db, actor, id);
  if (!message.documentId) {
    throw notFound(`Message ${id} has no attachment`, { userMessage: T.errors.noAttachment });
  }
  const { document, file } = await openCustomerDocument({ db, files, actor, id: message.documentId });
  return { fileName: documentFileName(document), file };
}

export interface SendMessageInput {
  thema: MailboxThema;
  versicherungsNummer?: string;
  betreff: string;
  html: string;
}

/** Stores the customer's message (sanitised HTML and a plain-text copy) and the acknowledgement into the inbox. */
export async function sendMessage({
  db,
  actor,
  input,
}: {
  db: Database;
  actor: Actor;
  input: SendMessageInput;
}): Promise<MessageDetail> {
  const partnerId = ownPartnerId(actor);
  const html = sanitizeMessageHtml(input.html);
  const body = plainTextOf(html);
  if (body === '') {
    throw unprocessable('Message text is empty after sanitising', {
      userMessage: T.errors.emptyText,
      fieldErrors: [{ path: 'html', message: T.errors.emptyText }],
    });
  }
  let contractId: string | undefined;
  if (input.versicherungsNummer !== undefined) {
    const [contract] = await db
      .select({ id: contracts.id })
      .from(contracts)
      .where(
        and(eq(contracts.versicherungsNummer, input.versicherungsNummer), eq(contracts.partnerId, partnerId)),
      );
    if (!contract) {
      throw unprocessable(`Partner ${partnerId} has no contract ${input.versicherungsNummer}`, {
        userMessage: T.errors.unknownContract,
        fieldErrors: [{ path: 'versicherungsNummer', message: T.errors.unknownContract }],
      });
    }
    contractId = contract.id;
  }
  const betreff = input.betreff.trim();
  const sent = await withTransaction(db, async (tx) => {
    const message = await insertMailboxMessage(tx, {
      partnerId,
      ...(contractId === undefined ? {} : { contractId }),
      direction: 'AUSGANG',
      thema: input.thema,
      subject: betreff,
      body,
      html,
    });
    await insertMailboxMessage(tx, {
      partnerId,
      ...(contractId === undefined ? {} : { contractId }),
      subject: T.acknowledgement.subject,
      body: T.acknowledgement.body(betreff),
    });
    return message;
  });
  return openMessage({ db, actor, id: sent.id });
}

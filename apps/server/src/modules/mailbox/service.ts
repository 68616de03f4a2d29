// The customer's Postfach (spec §3–§5, issue 14): counting, listing a page, opening (marks an
// incoming message read), deleting (soft), the attachment's download, and sending a message from
// the Kontakt page with an automatic acknowledgement in the same transaction. Another partner's
// message is a 404, the same as one that does not exist. A sent message may carry the customer's
// uploads (ADR 0025): attached in the sending transaction, listed with the message (sent folder and
// the opened message) and downloaded by their upload id under download/:id.
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contracts } from '../../db/schema/contracts';
import { mailboxMessages, type MailboxDirection } from '../../db/schema/mailbox';
import { withTransaction } from '../../db/transaction';
import type { Actor } from '../../platform/auth/actor';
import { assertOwnsPartner } from '../../platform/auth/ownership';
import { notFound, unprocessable } from '../../platform/errors';
import type { FileStorage, StoredFile } from '../../platform/files/file-storage';
import { documentFileName, openCustomerDocument } from '../documents/service';
import { attachUploads, findUploadTarget, listAttachedUploads, openUpload } from '../uploads/service';
import {
  countUnreadMessages,
  findShownMessage,
  findSentByIdempotencyKey,
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

type Attachment = MessageListItem['anhaenge'][number];

function toItem(
  message: ItemSource,
  nachricht: string,
  uploaded: readonly Attachment[] = [],
): MessageListItem {
  return {
    id: message.id,
    aktenId: message.versicherungsNummer,
    erstelldatum: message.createdAt.toISOString(),
    betreff: message.subject,
    // A sent message is the customer's own: it never counts as unread.
    gelesen: message.direction === 'AUSGANG' || message.readAt !== null,
    nachricht,
    anhaenge: [
      ...(message.documentId && message.documentName
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
        : []),
      ...uploaded,
    ],
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
  // Only the customer's own messages carry uploads: the inbox stays one statement (bench/mailbox.ts).
  const uploaded =
    direction === 'AUSGANG'
      ? await uploadAttachments(
          db,
          messages.map((message) => message.id),
        )
      : new Map<string, Attachment[]>();
  return {
    nachrichten: messages.map((message) =>
      toItem(message, preview(message.bodyStart), uploaded.get(message.id)),
    ),
    seite: page,
    proSeite,
    gesamt,
  };
}

async function uploadAttachments(
  db: Database,
  messageIds: readonly string[],
): Promise<Map<string, Attachment[]>> {
  const byMessage = await listAttachedUploads(db, 'nachricht', messageIds);
  return new Map(
    [...byMessage].map(([id, list]) => [
      id,
      list.map((upload) => ({ id: upload.id, name: upload.dateiname })),
    ]),
  );
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
  const uploaded = await uploadAttachments(db, [message.id]);
  return {
    ...toItem(sourceOf(message), message.body, uploaded.get(message.id)),
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

/** An attachment opened for download: its name, its MIME type and the stream. */
export interface OpenedAttachment {
  fileName: string;
  contentType: string;
  file: StoredFile;
}

/**
 * An attachment opened for download. `id` is the message's id (its document, as before), the id
 * of the contract document attached to one of the customer's messages, or the id of an upload
 * attached to one. Anything else, and anything of another customer, is a 404.
 */
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
}): Promise<OpenedAttachment> {
  const partnerId = ownPartnerId(actor);
  const message = await findShownMessage({ db, id });
  if (message) {
    const own = await ownMessage(db, actor, id);
    if (!own.documentId) {
      throw notFound(`Message ${id} has no attachment`, { userMessage: T.errors.noAttachment });
    }
    return openDocument(db, files, actor, own.documentId);
  }
  const target = await findUploadTarget(db, id);
  if (target?.kind === 'nachricht') {
    await ownMessage(db, actor, target.id);
    const upload = await openUpload({ db, files }, id);
    if (!upload) throw notFound(`Upload ${id} has no file`, { userMessage: T.errors.noAttachment });
    return {
      fileName: upload.dateiname,
      contentType: upload.typ === 'text/plain' ? 'text/plain; charset=utf-8' : upload.typ,
      file: { stream: upload.stream, size: upload.size },
    };
  }
  const [withDocument] = await db
    .select({ id: mailboxMessages.id })
    .from(mailboxMessages)
    .where(
      and(
        eq(mailboxMessages.documentId, id),
        eq(mailboxMessages.partnerId, partnerId),
        isNull(mailboxMessages.deletedAt),
      ),
    )
    .limit(1);
  if (withDocument) return openDocument(db, files, actor, id);
  throw notFound(`No attachment ${id} of account ${actor.userId}`, { userMessage: T.errors.noAttachment });
}

async function openDocument(
  db: Database,
  files: FileStorage,
  actor: Actor,
  documentId: string,
): Promise<OpenedAttachment> {
  const { document, file } = await openCustomerDocument({ db, files, actor, id: documentId });
  return { fileName: documentFileName(document), contentType: 'application/pdf', file };
}

export interface SendMessageInput {
  thema: MailboxThema;
  versicherungsNummer?: string;
  betreff: string;
  html: string;
  /** Finished uploads of the customer to attach (ADR 0025). */
  uploadIds?: readonly string[];
  /**
   * The form's Idempotency-Key: a request repeated with it (a retry after a lost answer, a second
   * press) answers the message already sent, and sends nothing again.
   */
  idempotencyKey?: string;
}

/**
 * Stores the customer's message (sanitised HTML and a plain-text copy) and the acknowledgement into
 * the inbox; once per Idempotency-Key.
 */
export async function sendMessage({
  db,
  actor,
  input,
  maxFiles,
}: {
  db: Database;
  actor: Actor;
  input: SendMessageInput;
  /** UPLOAD_MAX_FILES. */
  maxFiles?: number;
}): Promise<MessageDetail> {
  const partnerId = ownPartnerId(actor);
  const key = input.idempotencyKey;
  const earlier = key === undefined ? undefined : await findSentByIdempotencyKey(db, partnerId, key);
  if (earlier) return openMessage({ db, actor, id: earlier });
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
  const sending = withTransaction(db, async (tx) => {
    const message = await insertMailboxMessage(tx, {
      partnerId,
      ...(contractId === undefined ? {} : { contractId }),
      direction: 'AUSGANG',
      thema: input.thema,
      subject: betreff,
      body,
      html,
      ...(key === undefined ? {} : { idempotencyKey: key }),
    });
    if (input.uploadIds && input.uploadIds.length > 0) {
      await attachUploads(tx, {
        uploadIds: input.uploadIds,
        owner: { accountId: actor.userId },
        target: { kind: 'nachricht', id: message.id },
        ...(maxFiles === undefined ? {} : { maxFiles }),
      });
    }
    await insertMailboxMessage(tx, {
      partnerId,
      ...(contractId === undefined ? {} : { contractId }),
      subject: T.acknowledgement.subject,
      body: T.acknowledgement.body(betreff),
    });
    return message;
  });
  const sent = await sending.catch(async (error: unknown) => {
    // The same key sent at the same moment: the other request's message is the answer.
    const winner = key === undefined ? undefined : await findSentByIdempotencyKey(db, partnerId, key);
    if (winner) return { id: winner };
    throw error;
  });
  return openMessage({ db, actor, id: sent.id });
}

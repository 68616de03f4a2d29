// Uploads (issue 14, ADR 0025). A file reaches the portal in two steps:
// 1. requestUpload (POST /api/upload/): a row ANGEFORDERT with the hash of a random secret; the
//    answer is the upload URL with that secret, valid UPLOAD_URL_TTL_MS, usable once.
// 2. receiveUpload (PUT <uploadUrl>): the first PUT with the right secret takes the row (LAEUFT,
//    secret cleared, so a second PUT finds nothing), streams the body through the content check
//    (inspect.ts) into the file storage and marks the row FERTIG with size, detected type and
//    notes. A refusal or a broken connection leaves the row FEHLGESCHLAGEN and no file.
// Other modules then call attachUploads inside their transaction (one upload, one target, once)
// and openUpload for their download routes after checking the caller may see the target.
import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { MAX_FILE_SIZE_BYTES } from '@schirm/domain/validation/files';
import type { Database } from '../../db/database';
import { uploads, type UploadTargetKind } from '../../db/schema/uploads';
import type { Transaction } from '../../db/transaction';
import type { Actor } from '../../platform/auth/actor';
import { AppError, forbidden, notFound, unprocessable } from '../../platform/errors';
import type { FileStorage } from '../../platform/files/file-storage';
import { uploadFileName, withExtension, baseFileName } from './file-names';
import { inspectUpload, tooLarge } from './inspect';
import { UPLOAD_TEXTS as T, type UploadHinweis } from './texts';

/** How long an upload URL may be used. */
export const UPLOAD_URL_TTL_MS = 15 * 60 * 1000;
/** Default of UPLOAD_MAX_FILES: files per claim, claim document or message. */
export const DEFAULT_UPLOAD_MAX_FILES = 20;

/** Who may attach an upload: the signed-in account, or the anonymous holder of the upload key. */
export type UploadOwner = { accountId: string } | { uploadSchluessel: string };

export interface UploadTarget {
  kind: UploadTargetKind;
  id: string;
}

export interface RequestedUpload {
  uploadId: string;
  uploadUrl: string;
  methode: 'PUT';
  gueltigBis: string;
  /** Only for an anonymous caller: the secret to present when attaching. */
  uploadSchluessel?: string;
}

export interface ReceivedUpload {
  uploadId: string;
  dateiname: string;
  groesse: number;
  typ: string;
  hinweise: UploadHinweis[];
}

/** A finished upload as attachUploads returns it. */
export interface StoredUpload {
  id: string;
  dateiname: string;
  groesse: number;
  typ: string;
  storageKey: string;
  hinweise: UploadHinweis[];
}

const SCHLUESSEL_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function secret(): string {
  return randomBytes(32).toString('base64url');
}

/** Whether a text has the shape of an upload key (43 base64url characters, 256 bits). */
export function isUploadSchluessel(value: string): boolean {
  return SCHLUESSEL_PATTERN.test(value);
}

/** The path of the upload URL (same origin as the API). */
export function uploadPath(uploadId: string, token: string): string {
  return `/api/upload/${uploadId}?signatur=${token}`;
}

/**
 * Hands out a single-use upload URL. A signed-in customer or agent owns the upload by account; an anonymous
 * caller by an upload key: the one it sends (so several files share one key) or a new one.
 */
export async function requestUpload({
  db,
  actor,
  input,
  now = new Date(),
}: {
  db: Database;
  actor: Actor | null;
  input: { dateiname: string; groesse: number; uploadSchluessel?: string | undefined };
  now?: Date;
}): Promise<RequestedUpload> {
  // Customers (Kontakt, claims) and agents with an agent (messages to the agent service, ADR 0032).
  const mayUpload = actor?.pool === 'benutzer' || (actor?.pool === 'vermittler' && Boolean(actor.agentId));
  if (actor && !mayUpload) {
    throw forbidden(`Pool ${actor.pool} may not upload`, { userMessage: T.errors.poolRefused });
  }
  if (input.groesse > MAX_FILE_SIZE_BYTES) throw tooLarge(`Announced ${input.groesse} bytes`);
  let uploadSchluessel: string | undefined;
  if (!actor) {
    if (input.uploadSchluessel !== undefined && !isUploadSchluessel(input.uploadSchluessel)) {
      throw unprocessable('Malformed upload key', {
        userMessage: T.errors.schluesselInvalid,
        fieldErrors: [{ path: 'uploadSchluessel', message: T.errors.schluesselInvalid }],
      });
    }
    uploadSchluessel = input.uploadSchluessel ?? secret();
  }
  const token = secret();
  const expiresAt = new Date(now.getTime() + UPLOAD_URL_TTL_MS);
  const [row] = await db
    .insert(uploads)
    .values({
      accountId: actor ? actor.userId : null,
      schluesselHash: uploadSchluessel === undefined ? null : sha256(uploadSchluessel),
      tokenHash: sha256(token),
      dateiname: uploadFileName(input.dateiname),
      angegebeneGroesse: input.groesse,
      expiresAt,
      createdAt: now,
    })
    .returning({ id: uploads.id });
  if (!row) throw new Error('Insert of an upload returned no row');
  return {
    uploadId: row.id,
    uploadUrl: uploadPath(row.id, token),
    methode: 'PUT',
    gueltigBis: expiresAt.toISOString(),
    ...(uploadSchluessel === undefined ? {} : { uploadSchluessel }),
  };
}

function invalidUrl(message: string): AppError {
  return notFound(message, { code: 'UPLOAD_URL_INVALID', userMessage: T.errors.urlInvalid });
}

/** Takes the upload row for this PUT: the right secret, not used, not expired. Undefined otherwise. */
async function claimUpload(db: Database, uploadId: string, token: string, now: Date) {
  const [row] = await db
    .update(uploads)
    .set({ status: 'LAEUFT', tokenHash: null })
    .where(
      and(
        eq(uploads.id, uploadId),
        eq(uploads.tokenHash, sha256(token)),
        eq(uploads.status, 'ANGEFORDERT'),
        sql`${uploads.expiresAt} > ${now.toISOString()}`,
      ),
    )
    .returning({ id: uploads.id, dateiname: uploads.dateiname });
  return row;
}

/**
 * Receives the bytes of an upload from `source` (the request body) and stores them. Throws 404
 * for an unknown, used or expired URL, 413 above the limit (a Content-Length above it before
 * reading anything), 415 for a type that is not allowed.
 */
export async function receiveUpload({
  db,
  files,
  uploadId,
  token,
  contentLength,
  source,
  now = new Date(),
}: {
  db: Database;
  files: FileStorage;
  uploadId: string;
  token: string;
  contentLength: number | undefined;
  source: AsyncIterable<Buffer>;
  now?: Date;
}): Promise<ReceivedUpload> {
  if (contentLength !== undefined && contentLength > MAX_FILE_SIZE_BYTES) {
    throw tooLarge(`Content-Length ${contentLength}`);
  }
  const claimed = await claimUpload(db, uploadId, token, now);
  if (!claimed) throw invalidUrl(`Upload ${uploadId}: unknown, used or expired URL`);
  try {
    const inspected = await inspectUpload(source, claimed.dateiname);
    const { key, size } = await files.putStream(inspected.stream, inspected.type.extension);
    const hinweise = inspected.hinweise();
    const dateiname = uploadFileName(
      withExtension(baseFileName(claimed.dateiname), inspected.type.nameExtensions),
    );
    try {
      await db
        .update(uploads)
        .set({
          status: 'FERTIG',
          storageKey: key,
          groesse: size,
          typ: inspected.type.mime,
          hinweise,
          dateiname,
          finishedAt: new Date(),
        })
        .where(eq(uploads.id, uploadId));
    } catch (error) {
      await files.remove(key).catch(() => undefined);
      throw error;
    }
    return { uploadId, dateiname, groesse: size, typ: inspected.type.mime, hinweise };
  } catch (error) {
    await db
      .update(uploads)
      .set({ status: 'FEHLGESCHLAGEN', finishedAt: new Date() })
      .where(eq(uploads.id, uploadId))
      .catch(() => undefined);
    if (error instanceof AppError) throw error;
    // The connection broke or the storage failed: nothing was kept.
    throw new AppError({
      status: 400,
      code: 'UPLOAD_FAILED',
      message: `Upload ${uploadId} failed: ${error instanceof Error ? error.message : String(error)}`,
      userMessage: T.errors.failed,
      cause: error,
    });
  }
}

function ownerCondition(owner: UploadOwner) {
  return 'accountId' in owner
    ? eq(uploads.accountId, owner.accountId)
    : eq(uploads.schluesselHash, sha256(owner.uploadSchluessel));
}

/**
 * Attaches finished uploads of `owner` to `target`, inside the caller's transaction. Throws 422
 * (German) when an id is unknown, not finished, not the owner's or already attached, or when the
 * target would hold more than `maxFiles` uploads (pass app.config.uploadMaxFiles).
 */
export async function attachUploads(
  tx: Transaction | Database,
  {
    uploadIds,
    owner,
    target,
    maxFiles = DEFAULT_UPLOAD_MAX_FILES,
    now = new Date(),
  }: {
    uploadIds: readonly string[];
    owner: UploadOwner;
    target: UploadTarget;
    maxFiles?: number;
    now?: Date;
  },
): Promise<StoredUpload[]> {
  const ids = [...new Set(uploadIds)];
  if (ids.length === 0) return [];
  if (!ids.every((id) => UUID_PATTERN.test(id))) {
    throw unprocessable('An upload id is no UUID', {
      code: 'UPLOAD_NOT_USABLE',
      userMessage: T.errors.notUsable,
      fieldErrors: [{ path: 'uploadIds', message: T.errors.notUsable }],
    });
  }
  if ('uploadSchluessel' in owner && !isUploadSchluessel(owner.uploadSchluessel)) {
    throw unprocessable('Malformed upload key', { userMessage: T.errors.schluesselInvalid });
  }
  const [already] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(uploads)
    .where(and(eq(uploads.targetKind, target.kind), eq(uploads.targetId, target.id)));
  if ((already?.count ?? 0) + ids.length > maxFiles) {
    throw unprocessable(`Target ${target.kind} ${target.id} would hold more than ${maxFiles} uploads`, {
      code: 'UPLOAD_TOO_MANY',
      userMessage: T.errors.tooMany(maxFiles),
    });
  }
  const attached = await tx
    .update(uploads)
    // attached_at a microsecond apart in the given order, so lists show the files as chosen (the
    // ids are checked UUIDs, safe to write into the statement).
    .set({
      targetKind: target.kind,
      targetId: target.id,
      attachedAt: sql`${now.toISOString()}::timestamptz + (array_position(${sql.raw(`ARRAY[${ids.map((id) => `'${id}'`).join(',')}]::uuid[]`)}, ${uploads.id}) * interval '1 microsecond')`,
    })
    .where(
      and(
        inArray(uploads.id, ids),
        eq(uploads.status, 'FERTIG'),
        isNull(uploads.targetKind),
        ownerCondition(owner),
      ),
    )
    .returning();
  if (attached.length !== ids.length) {
    throw unprocessable(`Only ${attached.length} of ${ids.length} uploads could be attached`, {
      code: 'UPLOAD_NOT_USABLE',
      userMessage: T.errors.notUsable,
      fieldErrors: [{ path: 'uploadIds', message: T.errors.notUsable }],
    });
  }
  const order = new Map(ids.map((id, index) => [id, index]));
  return attached
    .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
    .map((row) => ({
      id: row.id,
      dateiname: row.dateiname,
      groesse: row.groesse ?? 0,
      typ: row.typ ?? 'application/octet-stream',
      storageKey: row.storageKey ?? '',
      hinweise: row.hinweise as UploadHinweis[],
    }));
}

/** The uploads attached to targets of one kind, by target id (e.g. for a page of messages). */
export async function listAttachedUploads(
  db: Database | Transaction,
  kind: UploadTargetKind,
  targetIds: readonly string[],
): Promise<Map<string, { id: string; dateiname: string; groesse: number; typ: string }[]>> {
  const byTarget = new Map<string, { id: string; dateiname: string; groesse: number; typ: string }[]>();
  if (targetIds.length === 0) return byTarget;
  const rows = await db
    .select({
      id: uploads.id,
      targetId: uploads.targetId,
      dateiname: uploads.dateiname,
      groesse: uploads.groesse,
      typ: uploads.typ,
    })
    .from(uploads)
    .where(and(eq(uploads.targetKind, kind), inArray(uploads.targetId, [...targetIds])))
    .orderBy(uploads.attachedAt, uploads.id);
  for (const row of rows) {
    if (row.targetId === null) continue;
    const list = byTarget.get(row.targetId) ?? [];
    list.push({ id: row.id, dateiname: row.dateiname, groesse: row.groesse ?? 0, typ: row.typ ?? '' });
    byTarget.set(row.targetId, list);
  }
  return byTarget;
}

/** Where a finished upload is attached, for a consumer's ownership check; undefined when unknown. */
export async function findUploadTarget(
  db: Database | Transaction,
  uploadId: string,
): Promise<UploadTarget | undefined> {
  const [row] = await db
    .select({ kind: uploads.targetKind, id: uploads.targetId })
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.status, 'FERTIG')));
  if (!row?.kind || !row.id) return undefined;
  return { kind: row.kind, id: row.id };
}

export interface OpenedUpload {
  stream: Readable;
  size: number;
  typ: string;
  dateiname: string;
}

/**
 * A finished upload opened for download; undefined when unknown, not finished or its file is
 * gone. The caller has checked that the requester may see what the upload is attached to.
 */
export async function openUpload(
  { db, files }: { db: Database | Transaction; files: FileStorage },
  uploadId: string,
): Promise<OpenedUpload | undefined> {
  const [row] = await db
    .select({ storageKey: uploads.storageKey, typ: uploads.typ, dateiname: uploads.dateiname })
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.status, 'FERTIG')));
  if (!row?.storageKey || !row.typ) return undefined;
  const file = await files.open(row.storageKey);
  if (!file) return undefined;
  return { stream: file.stream, size: file.size, typ: row.typ, dateiname: row.dateiname };
}

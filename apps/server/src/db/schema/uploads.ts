// Uploads (issue 14, ADR 0025): a file a customer, an agent (issue 15) or an anonymous claimant sends before it is
// attached to a claim, a claim document or a message. POST /api/upload/ creates the row with the
// hash of a single-use upload URL; the PUT streams the file to the file storage and marks the row
// FERTIG with what the content check found; attachUploads binds it to its target once.
import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from './enum-check';
import { accounts } from './identity';

/** ANGEFORDERT: URL handed out; LAEUFT: the PUT is streaming; FERTIG: stored and checked; FEHLGESCHLAGEN: refused or aborted. */
export const UPLOAD_STATUSES = ['ANGEFORDERT', 'LAEUFT', 'FERTIG', 'FEHLGESCHLAGEN'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/** What an upload can be attached to. */
/** vermittlernachricht: an agent's message to the agent service (ADR 0032; migration 0017). */
export const UPLOAD_TARGET_KINDS = [
  'schaden',
  'nachricht',
  'schadendokument',
  'vermittlernachricht',
] as const;
export type UploadTargetKind = (typeof UPLOAD_TARGET_KINDS)[number];

export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The signed-in customer or agent who asked for the upload; NULL for an anonymous claimant. */
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** SHA-256 (hex) of the anonymous claimant's uploadSchluessel; NULL for a signed-in customer. */
    schluesselHash: text('schluessel_hash'),
    /** SHA-256 (hex) of the upload URL's secret; NULL once the URL was used. */
    tokenHash: text('token_hash'),
    status: text('status').$type<UploadStatus>().notNull().default('ANGEFORDERT'),
    /** The name as shown: path removed, control characters dropped, shortened (spec §5). */
    dateiname: text('dateiname').notNull(),
    /** The size the uploader announced. */
    angegebeneGroesse: bigint('angegebene_groesse', { mode: 'number' }).notNull(),
    /** Bytes stored (FERTIG only). */
    groesse: bigint('groesse', { mode: 'number' }),
    /** MIME type detected from the content (FERTIG only). */
    typ: text('typ'),
    storageKey: text('storage_key'),
    /** Notes for the uploader, e.g. 'passwortgeschuetzt', 'standort-entfernt'. */
    hinweise: jsonb('hinweise').$type<string[]>().notNull().default([]),
    /** Until when the upload URL may be used. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    targetKind: text('target_kind').$type<UploadTargetKind>(),
    targetId: text('target_id'),
    attachedAt: timestamp('attached_at', { withTimezone: true }),
  },
  (t) => [
    index('uploads_target_idx').on(t.targetKind, t.targetId),
    index('uploads_account_idx').on(t.accountId),
    check('uploads_status_check', oneOf(t.status, UPLOAD_STATUSES)),
    check(
      'uploads_target_kind_check',
      sql`${t.targetKind} IS NULL OR ${oneOf(t.targetKind, UPLOAD_TARGET_KINDS)}`,
    ),
    // A finished upload names its file, size and type; only a finished upload is attached.
    check(
      'uploads_finished_check',
      sql`${t.status} <> 'FERTIG' OR (${t.storageKey} IS NOT NULL AND ${t.groesse} IS NOT NULL AND ${t.typ} IS NOT NULL)`,
    ),
    check('uploads_attached_check', sql`${t.targetKind} IS NULL OR ${t.status} = 'FERTIG'`),
  ],
);

// The upload sweep (issue 14, ADR 0025 'Consequences'): uploads nobody attached — a file chosen in a
// form that was then abandoned, a URL never used, a PUT whose process died — and uploads the
// content check refused or whose connection broke are removed with their file after a grace
// period. An attached upload is never touched.
//
// Each upload goes in its own transaction: the row is deleted first (that takes its lock, so an
// attachUploads running at the same moment either committed before — then the DELETE's
// `target_kind IS NULL` no longer matches — or waits and then finds no row and answers its 422),
// then the file is removed; when that fails the transaction rolls back and the row stays for the
// next run. Removing a file that is already gone is no error, so a run repeated after a crash
// (file removed, row not yet) finishes the work. Each run handles at most `batchSize` uploads,
// oldest first; the next scheduled run takes the rest.
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { uploads } from '../../db/schema/uploads';
import { withTransaction } from '../../db/transaction';
import type { FileStorage } from '../../platform/files/file-storage';

/** Queue name of the sweep (platform/jobs). */
export const UPLOAD_CLEANUP_JOB = 'uploads-cleanup';

/** An upload not attached this long after it was requested is abandoned. */
export const UNATTACHED_GRACE_MS = 24 * 60 * 60 * 1000;
/** A refused or broken upload is kept this long (the uploader has seen the error by then). */
export const FAILED_GRACE_MS = 60 * 60 * 1000;
/** Uploads handled by one run at most. */
export const CLEANUP_BATCH_SIZE = 200;

export interface UploadCleanupResult {
  /** Uploads removed with their file. */
  deleted: number;
  /** Uploads whose file could not be removed; their rows stay for the next run. */
  failed: number;
  /** Whether more candidates may be waiting (the batch was full). */
  more: boolean;
}

/** The condition of an upload the sweep may remove at `now`: never one that is attached. */
function removable(now: Date) {
  const unattachedBefore = new Date(now.getTime() - UNATTACHED_GRACE_MS);
  const failedBefore = new Date(now.getTime() - FAILED_GRACE_MS);
  return and(
    isNull(uploads.targetKind),
    or(
      and(
        eq(uploads.status, 'FEHLGESCHLAGEN'),
        sql`coalesce(${uploads.finishedAt}, ${uploads.createdAt}) < ${failedBefore.toISOString()}::timestamptz`,
      ),
      lt(uploads.createdAt, unattachedBefore),
    ),
  );
}

/** Removes abandoned and failed uploads with their files, at most `batchSize` per call. */
export async function cleanUpUploads({
  db,
  files,
  logger,
  now = new Date(),
  batchSize = CLEANUP_BATCH_SIZE,
}: {
  db: Database;
  files: FileStorage;
  logger: FastifyBaseLogger;
  now?: Date;
  batchSize?: number;
}): Promise<UploadCleanupResult> {
  const candidates = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(removable(now))
    .orderBy(asc(uploads.createdAt), asc(uploads.id))
    .limit(batchSize);
  let deleted = 0;
  let failed = 0;
  for (const { id } of candidates) {
    try {
      const removed = await withTransaction(db, async (tx) => {
        const [row] = await tx
          .delete(uploads)
          .where(and(eq(uploads.id, id), removable(now)))
          .returning({ storageKey: uploads.storageKey, status: uploads.status });
        // Attached (or removed by another run) since it was listed.
        if (!row) return false;
        if (row.storageKey) await files.remove(row.storageKey);
        return true;
      });
      if (removed) deleted += 1;
    } catch (error) {
      failed += 1;
      logger.warn(
        { err: error, uploadId: id },
        'upload cleanup: file not removed, the row stays for the next run',
      );
    }
  }
  const result = { deleted, failed, more: candidates.length === batchSize };
  if (deleted + failed > 0) logger.info(result, 'upload cleanup');
  return result;
}

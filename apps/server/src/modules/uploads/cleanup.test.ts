// The upload sweep on a real database and the disk store, with the clock set by the test: attached
// uploads stay whatever their age, fresh unattached ones stay, old unattached and failed ones go
// with their files, a file the store cannot remove keeps its row, and a second run changes nothing.
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uploads, type UploadStatus } from '../../db/schema/uploads';
import type { FileStorage } from '../../platform/files/file-storage';
import { createTestApp, type TestApp } from '../../test/test-app';
import { cleanUpUploads, FAILED_GRACE_MS, UNATTACHED_GRACE_MS } from './cleanup';

let t: TestApp;
const NOW = new Date('2026-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  await t.database.db.delete(uploads);
});

async function insertUpload({
  status,
  createdAt,
  finishedAt,
  attached = false,
  withFile = status === 'FERTIG',
}: {
  status: UploadStatus;
  createdAt: Date;
  finishedAt?: Date;
  attached?: boolean;
  withFile?: boolean;
}): Promise<{ id: string; storageKey: string | null }> {
  const storageKey = withFile ? await t.app.files.put(Buffer.from('%PDF-1.4 test'), 'pdf') : null;
  const [row] = await t.database.db
    .insert(uploads)
    .values({
      status,
      dateiname: 'Rechnung.pdf',
      angegebeneGroesse: 13,
      expiresAt: new Date(createdAt.getTime() + 15 * MINUTE),
      createdAt,
      ...(finishedAt ? { finishedAt } : {}),
      ...(status === 'FERTIG' ? { storageKey, groesse: 13, typ: 'application/pdf' } : {}),
      ...(attached
        ? { targetKind: 'nachricht' as const, targetId: randomUUID(), attachedAt: createdAt }
        : {}),
    })
    .returning({ id: uploads.id });
  return { id: row!.id, storageKey };
}

async function exists(id: string): Promise<boolean> {
  const rows = await t.database.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, id));
  return rows.length === 1;
}

async function fileExists(key: string | null): Promise<boolean> {
  if (key === null) throw new Error('upload without file');
  return (await t.app.files.open(key).then((file) => (file?.stream.destroy(), file))) !== undefined;
}

function run(files: FileStorage = t.app.files, batchSize?: number) {
  return cleanUpUploads({
    db: t.database.db,
    files,
    logger: t.app.log,
    now: NOW,
    ...(batchSize === undefined ? {} : { batchSize }),
  });
}

describe('upload cleanup job', () => {
  it('keeps attached uploads of any age and fresh unattached ones; removes old unattached ones with their file', async () => {
    const attachedOld = await insertUpload({
      status: 'FERTIG',
      createdAt: ago(30 * 24 * 60 * MINUTE),
      attached: true,
    });
    const fresh = await insertUpload({ status: 'FERTIG', createdAt: ago(UNATTACHED_GRACE_MS - MINUTE) });
    const old = await insertUpload({ status: 'FERTIG', createdAt: ago(UNATTACHED_GRACE_MS + MINUTE) });
    const neverUsed = await insertUpload({
      status: 'ANGEFORDERT',
      createdAt: ago(UNATTACHED_GRACE_MS + MINUTE),
    });
    const freshUrl = await insertUpload({ status: 'ANGEFORDERT', createdAt: ago(2 * 60 * MINUTE) });

    expect(await run()).toEqual({ deleted: 2, failed: 0, more: false });

    expect(await exists(attachedOld.id)).toBe(true);
    expect(await fileExists(attachedOld.storageKey)).toBe(true);
    expect(await exists(fresh.id)).toBe(true);
    expect(await fileExists(fresh.storageKey)).toBe(true);
    expect(await exists(freshUrl.id)).toBe(true);
    expect(await exists(old.id)).toBe(false);
    expect(await fileExists(old.storageKey)).toBe(false);
    expect(await exists(neverUsed.id)).toBe(false);
  });

  it('removes failed uploads after an hour, not before', async () => {
    const failedOld = await insertUpload({
      status: 'FEHLGESCHLAGEN',
      createdAt: ago(FAILED_GRACE_MS + 5 * MINUTE),
      finishedAt: ago(FAILED_GRACE_MS + MINUTE),
    });
    const failedRecent = await insertUpload({
      status: 'FEHLGESCHLAGEN',
      createdAt: ago(FAILED_GRACE_MS + 5 * MINUTE),
      finishedAt: ago(FAILED_GRACE_MS - MINUTE),
    });

    expect(await run()).toEqual({ deleted: 1, failed: 0, more: false });
    expect(await exists(failedOld.id)).toBe(false);
    expect(await exists(failedRecent.id)).toBe(true);
  });

  it('keeps the row when the store cannot remove the file, and removes it on a later run', async () => {
    const stuck = await insertUpload({ status: 'FERTIG', createdAt: ago(UNATTACHED_GRACE_MS + MINUTE) });
    const other = await insertUpload({ status: 'FERTIG', createdAt: ago(UNATTACHED_GRACE_MS + 2 * MINUTE) });
    const failing: FileStorage = {
      ...t.app.files,
      remove: async (key) => {
        if (key === stuck.storageKey) throw new Error('store not reachable');
        await t.app.files.remove(key);
      },
    };

    expect(await run(failing)).toEqual({ deleted: 1, failed: 1, more: false });
    expect(await exists(stuck.id)).toBe(true);
    expect(await fileExists(stuck.storageKey)).toBe(true);
    expect(await exists(other.id)).toBe(false);

    expect(await run()).toEqual({ deleted: 1, failed: 0, more: false });
    expect(await exists(stuck.id)).toBe(false);
    expect(await fileExists(stuck.storageKey)).toBe(false);
  });

  it('handles at most a batch per run, oldest first, and a repeated run changes nothing', async () => {
    const rows = [];
    for (let index = 0; index < 3; index += 1) {
      rows.push(
        await insertUpload({ status: 'FERTIG', createdAt: ago(UNATTACHED_GRACE_MS + (10 - index) * MINUTE) }),
      );
    }

    expect(await run(t.app.files, 2)).toEqual({ deleted: 2, failed: 0, more: true });
    const left = await t.database.db
      .select({ id: uploads.id })
      .from(uploads)
      .where(
        inArray(
          uploads.id,
          rows.map((row) => row.id),
        ),
      );
    expect(left.map((row) => row.id)).toEqual([rows[2]!.id]);

    expect(await run(t.app.files, 2)).toEqual({ deleted: 1, failed: 0, more: false });
    expect(await run(t.app.files, 2)).toEqual({ deleted: 0, failed: 0, more: false });
  });
});

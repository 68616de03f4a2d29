// Files of the platform (contract documents, receipts) on the local disk under <DATA_DIR>/files
// (ADR 0009). A file gets a random key when it is stored and never changes afterwards, so a key in a
// database row always names the same bytes. Writes are atomic (temporary file, fsync, rename): a
// reader sees the whole file or none. The database row that names a file is written after the file,
// in its own transaction; a file whose row was rolled back is an orphan and does no harm.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Extensions the platform stores; the key carries it, so a download knows its type. */
export const FILE_EXTENSIONS = ['pdf'] as const;
export type FileExtension = (typeof FILE_EXTENSIONS)[number];

// Two hex characters of the uuid as a directory keep any one directory small.
const KEY_PATTERN = /^([0-9a-f]{2})\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(pdf)$/;

/** A stored file opened for reading. */
export interface StoredFile {
  stream: Readable;
  size: number;
}

export interface FileStorage {
  /** Stores the bytes under a new key and returns it once the file is complete on disk. */
  put(bytes: Uint8Array, extension: FileExtension): Promise<string>;
  /** Opens the file for streaming; undefined when no file has this key (or the key is malformed). */
  open(key: string): Promise<StoredFile | undefined>;
  /** The whole file, e.g. for an e-mail attachment; undefined as for open. */
  read(key: string): Promise<Buffer | undefined>;
}

/** Whether `key` has the shape of a key this storage hands out (no path can escape the directory). */
export function isFileKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

async function syncDirectory(directory: string): Promise<void> {
  // Makes the rename durable; some file systems cannot open a directory, which is fine to skip.
  try {
    const handle = await fs.promises.open(directory, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // best effort
  }
}

/** The file storage in `directory` (created on first write). */
export function createFileStorage(directory: string): FileStorage {
  const pathOf = (key: string) => path.join(directory, ...key.split('/'));

  return {
    async put(bytes, extension) {
      const id = randomUUID();
      const key = `${id.slice(0, 2)}/${id}.${extension}`;
      const target = pathOf(key);
      const folder = path.dirname(target);
      await fs.promises.mkdir(folder, { recursive: true });
      const temporary = path.join(folder, `.${id}.partial`);
      const handle = await fs.promises.open(temporary, 'wx');
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.promises.rename(temporary, target);
      await syncDirectory(folder);
      return key;
    },

    async open(key) {
      if (!isFileKey(key)) return undefined;
      try {
        const handle = await fs.promises.open(pathOf(key), 'r');
        const { size } = await handle.stat();
        return { stream: handle.createReadStream(), size };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async read(key) {
      if (!isFileKey(key)) return undefined;
      try {
        return await fs.promises.readFile(pathOf(key));
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
  };
}

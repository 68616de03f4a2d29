// Files of the platform (contract documents, receipts) on the local disk under <DATA_DIR>/files
// (ADR 0009). A file gets a random key when it is stored and never changes afterwards, so a key in a
// database row always names the same bytes. Writes are atomic (temporary file, fsync, rename): a
// reader sees the whole file or none. The database row that names a file is written after the file,
// in its own transaction; a file whose row was rolled back is an orphan and does no harm.
// Uploads (ADR 0025) arrive as a stream: putStream writes it to the temporary file as it comes and
// renames only a complete stream; a stream that fails (too large, wrong content, connection lost)
// leaves no file. An S3-compatible store (s3-storage.ts) implements the same interface.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Extensions the platform stores; the key carries it, so a download knows its type. pdf for the
 * platform's documents; the others are the upload types (ADR 0025), one extension per MIME type.
 */
export const FILE_EXTENSIONS = ['pdf', 'jpg', 'png', 'heic', 'heif', 'mp4', 'mpg', 'mov', 'txt'] as const;
export type FileExtension = (typeof FILE_EXTENSIONS)[number];

// Two hex characters of the uuid as a directory keep any one directory small.
const KEY_PATTERN = new RegExp(
  `^([0-9a-f]{2})/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\\.(${FILE_EXTENSIONS.join('|')})$`,
);

/** A stored file opened for reading. */
export interface StoredFile {
  stream: Readable;
  size: number;
}

/** A stored stream: its key and how many bytes it had. */
export interface PutStreamResult {
  key: string;
  size: number;
}

export interface FileStorage {
  /** Stores the bytes under a new key and returns it once the file is complete on disk. */
  put(bytes: Uint8Array, extension: FileExtension): Promise<string>;
  /**
   * Stores a stream under a new key without holding it in memory. Resolves once the whole stream is
   * stored; when the stream fails, rejects with its error and nothing is left under any key.
   */
  putStream(source: Readable, extension: FileExtension): Promise<PutStreamResult>;
  /** Removes the file (no error when there is none). */
  remove(key: string): Promise<void>;
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

/** A new key for a file of this type. */
export function newFileKey(extension: FileExtension): string {
  const id = randomUUID();
  return `${id.slice(0, 2)}/${id}.${extension}`;
}

/** Counts the bytes passing through. */
export class ByteCounter extends Transform {
  bytes = 0;

  override _transform(
    chunk: Buffer,
    _encoding: BufferEncoding,
    callback: (error?: Error | null, data?: Buffer) => void,
  ) {
    this.bytes += chunk.length;
    callback(null, chunk);
  }
}

/** The file storage in `directory` (created on first write). */
export function createFileStorage(directory: string): FileStorage {
  const pathOf = (key: string) => path.join(directory, ...key.split('/'));

  return {
    async put(bytes, extension) {
      const key = newFileKey(extension);
      const target = pathOf(key);
      const folder = path.dirname(target);
      await fs.promises.mkdir(folder, { recursive: true });
      const temporary = path.join(folder, `.${path.basename(target)}.partial`);
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

    async putStream(source, extension) {
      const key = newFileKey(extension);
      const target = pathOf(key);
      const folder = path.dirname(target);
      await fs.promises.mkdir(folder, { recursive: true });
      const temporary = path.join(folder, `.${path.basename(target)}.partial`);
      const counter = new ByteCounter();
      try {
        // 1 MiB writes: fewer system calls than the default 16 KiB, and still bounded memory;
        // flush: the file is fsynced before it is closed, so the rename publishes whole bytes.
        await pipeline(
          source,
          counter,
          fs.createWriteStream(temporary, { flags: 'wx', flush: true, highWaterMark: 1 << 20 }),
        );
      } catch (error) {
        source.destroy();
        await fs.promises.rm(temporary, { force: true });
        throw error;
      }
      await fs.promises.rename(temporary, target);
      await syncDirectory(folder);
      return { key, size: counter.bytes };
    },

    async remove(key) {
      if (!isFileKey(key)) return;
      await fs.promises.rm(pathOf(key), { force: true });
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

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asciiFileName, contentDisposition } from './content-disposition';
import { createFileStorage, isFileKey, type FileStorage } from './file-storage';

let directory: string;
let storage: FileStorage;

beforeAll(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'schirm-files-test-'));
  storage = createFileStorage(path.join(directory, 'files'));
});

afterAll(() => {
  fs.rmSync(directory, { recursive: true, force: true });
});

function filesOnDisk(): string[] {
  return fs.readdirSync(path.join(directory, 'files'), { recursive: true, encoding: 'utf8' });
}

describe('file storage', () => {
  it('stores bytes under a new key and reads them back as a stream and as a whole', async () => {
    const key = await storage.put(Buffer.from('%PDF-1.4 Inhalt'), 'pdf');
    expect(isFileKey(key)).toBe(true);
    const opened = await storage.open(key);
    expect(opened?.size).toBe(15);
    expect(await text(opened!.stream)).toBe('%PDF-1.4 Inhalt');
    expect((await storage.read(key))?.toString()).toBe('%PDF-1.4 Inhalt');
  });

  it('gives every file its own key and leaves no partial file behind', async () => {
    const keys = await Promise.all([1, 2, 3].map((n) => storage.put(Buffer.from(`Datei ${n}`), 'pdf')));
    expect(new Set(keys).size).toBe(3);
    expect(filesOnDisk().filter((name) => name.includes('.partial'))).toEqual([]);
  });

  it('answers undefined for a key it never handed out and for keys that try to leave the directory', async () => {
    for (const key of [
      '00/00000000-0000-4000-8000-000000000000.pdf',
      '../secret.pdf',
      'vertraege/9000000101/versicherungsschein.pdf',
      '/etc/passwd',
    ]) {
      expect(await storage.open(key), key).toBeUndefined();
      expect(await storage.read(key), key).toBeUndefined();
    }
  });
});

describe('Content-Disposition', () => {
  it('sends a German file name exactly (filename*) with an ASCII fallback', () => {
    expect(asciiFileName('Kündigungsbestätigung 9000000102.pdf')).toBe(
      'Kuendigungsbestaetigung 9000000102.pdf',
    );
    expect(contentDisposition('Widerrufsbestätigung 9000000104.pdf')).toBe(
      'attachment; filename="Widerrufsbestaetigung 9000000104.pdf"; filename*=UTF-8\'\'Widerrufsbest%C3%A4tigung%209000000104.pdf',
    );
    expect(asciiFileName('a"b\\c\r\n.pdf')).toBe('a_b_c__.pdf');
  });
});

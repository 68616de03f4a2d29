// The S3 file storage against a real S3-compatible server started here (s3rver, in-process on a
// loopback port, files in a temporary directory): small and multipart writes read back, a failing
// stream leaves no object, and the upload API stores, checks and serves files from the bucket
// when S3_BUCKET is configured.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer as readAll } from 'node:stream/consumers';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdsLatitude, png } from '../../modules/uploads/fixtures.test-helper';
import { openUpload, type ReceivedUpload, type RequestedUpload } from '../../modules/uploads/service';
import { createTestApp, type TestApp } from '../../test/test-app';
import { parseConfig } from '../config';
import { isFileKey, type FileStorage } from './file-storage';
import { createS3Client, createS3FileStorage, type S3StorageConfig } from './s3-storage';

let directory: string;
let server: S3rver;
let config: S3StorageConfig;
let storage: FileStorage;

beforeAll(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'schirm-s3rver-'));
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: 'schirm-test', configs: [] }],
  });
  const { port } = await server.run();
  config = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'schirm-test',
    region: 'eu-central-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix: 'test/',
  };
  storage = createS3FileStorage(config);
});

afterAll(async () => {
  await server.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

async function objectKeys(): Promise<string[]> {
  const listed = await createS3Client(config).send(
    new ListObjectsV2Command({ Bucket: config.bucket, Prefix: config.prefix }),
  );
  return (listed.Contents ?? []).map((object) => object.Key ?? '');
}

/** `size` bytes in 1 MiB chunks, failing with `error` after `failAfter` bytes when given. */
function stream(size: number, failAfter?: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (failAfter !== undefined && sent >= failAfter) {
        this.destroy(new Error('Verbindung abgebrochen'));
        return;
      }
      if (sent >= size) {
        this.push(null);
        return;
      }
      const length = Math.min(1 << 20, size - sent);
      this.push(Buffer.alloc(length, sent % 251));
      sent += length;
    },
  });
}

describe('S3 file storage', () => {
  it('stores bytes and reads them back as a stream and as a whole', async () => {
    const key = await storage.put(Buffer.from('%PDF-1.4 Inhalt'), 'pdf');
    expect(isFileKey(key)).toBe(true);
    expect(await objectKeys()).toContain(`test/${key}`);
    const opened = await storage.open(key);
    expect(opened?.size).toBe(15);
    expect((await readAll(opened!.stream)).toString()).toBe('%PDF-1.4 Inhalt');
    expect((await storage.read(key))?.toString()).toBe('%PDF-1.4 Inhalt');
  });

  it('stores a stream of 20 MiB in parts and answers its size', async () => {
    const size = 20 * 1024 * 1024 + 3;
    const { key, size: stored } = await storage.putStream(stream(size), 'mp4');
    expect(stored).toBe(size);
    const opened = await storage.open(key);
    expect(opened?.size).toBe(size);
    const bytes = await readAll(opened!.stream);
    expect(bytes.length).toBe(size);
    expect(bytes[(1 << 20) * 3]).toBe(((1 << 20) * 3) % 251);
  });

  it('leaves no object when the stream fails after several parts', async () => {
    const before = await objectKeys();
    await expect(storage.putStream(stream(40 * 1024 * 1024, 18 * 1024 * 1024), 'mp4')).rejects.toThrow(
      'Verbindung abgebrochen',
    );
    expect(await objectKeys()).toEqual(before);
  });

  it('answers undefined for a missing or malformed key, and remove deletes', async () => {
    expect(await storage.open('ab/00000000-0000-4000-8000-000000000000.pdf')).toBeUndefined();
    expect(await storage.read('../geheim.pdf')).toBeUndefined();
    const key = await storage.put(Buffer.from('weg'), 'txt');
    await storage.remove(key);
    expect(await storage.open(key)).toBeUndefined();
  });
});

describe('configuration', () => {
  it('chooses the bucket by S3_* variables and needs both keys with S3_BUCKET', () => {
    const parsed = parseConfig({
      S3_BUCKET: 'schirm-dateien',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'schluessel',
      S3_SECRET_ACCESS_KEY: 'geheim',
      UPLOAD_MAX_FILES: '5',
    });
    expect(parsed.ok && parsed.config.s3).toMatchObject({
      bucket: 'schirm-dateien',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      region: 'eu-central-1',
    });
    expect(parsed.ok && parsed.config.uploadMaxFiles).toBe(5);
    const unset = parseConfig({});
    expect(unset.ok && unset.config.s3).toBeUndefined();
    expect(unset.ok && unset.config.uploadMaxFiles).toBe(20);
    const missing = parseConfig({ S3_BUCKET: 'schirm-dateien' });
    expect(missing.ok ? [] : missing.problems.map((problem) => problem.variable)).toEqual([
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
    ]);
  });
});

describe('uploads into the bucket', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ config: { s3: config } });
  });

  afterAll(async () => {
    await t.close();
  });

  async function upload(name: string, body: Buffer) {
    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/upload/',
      payload: { dateiname: name, groesse: body.length },
    });
    const { uploadUrl, uploadId } = requested.json<RequestedUpload>();
    const response = await t.app.inject({ method: 'PUT', url: uploadUrl, payload: body });
    return { uploadId, response };
  }

  it('stores a photo without its location in the bucket and serves it from there', async () => {
    const before = await objectKeys();
    const { uploadId, response } = await upload('foto.png', png({ gps: true }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ReceivedUpload>().hinweise).toEqual(['standort-entfernt']);
    expect((await objectKeys()).length).toBe(before.length + 1);
    const opened = await openUpload({ db: t.database.db, files: t.app.files }, uploadId);
    const stored = await readAll(opened!.stream);
    expect(stored.subarray(1, 4).toString()).toBe('PNG');
    expect(holdsLatitude(stored)).toBe(false);
  });

  it('puts nothing into the bucket for a refused file', async () => {
    const before = await objectKeys();
    const { response } = await upload('foto.jpg', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(response.statusCode).toBe(415);
    expect(await objectKeys()).toEqual(before);
  });
});

// Uploads through the API on a real database and the disk store (issue 14, ADR 0025): the upload
// URL, the type decided by content (an HTML payload or a zip named .jpg is refused), the size
// limit (a Content-Length above it, and a stream that passes it), names without paths, encrypted
// PDFs flagged, EXIF GPS removed, single use and expiry of the URL, and attaching only one's own.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer as readAll } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema/uploads';
import { loadIdentityKeys } from '../../platform/auth/keys';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertClerkAccount } from '../clerk/clerk-test-kit';
import { insertAgentAccount, insertCustomer, mintAccessToken } from '../identity/identity-test-kit';
import {
  HTML_WITH_SCRIPT,
  heic,
  holdsLatitude,
  holdsVideoLocation,
  jpeg,
  pdf,
  png,
  video,
  zipBomb,
} from './fixtures.test-helper';
import { changedOutside } from './location-test-kit.test-helper';
import { attachUploads, openUpload, type ReceivedUpload, type RequestedUpload } from './service';
import { UPLOAD_RATE_LIMITS } from './routes';
import { UPLOAD_TEXTS } from './texts';

let t: TestApp;
let customerA: { token: string; accountId: string };
let customerB: { token: string; accountId: string };

beforeAll(async () => {
  t = await createTestApp();
  const keys = loadIdentityKeys(t.config);
  const a = await insertCustomer(t.database.db);
  const b = await insertCustomer(t.database.db);
  customerA = { token: await mintAccessToken(keys, a), accountId: a.id };
  customerB = { token: await mintAccessToken(keys, b), accountId: b.id };
});

afterAll(async () => {
  await t.close();
});

function auth(token: string | undefined): Record<string, string> {
  return token === undefined ? {} : { authorization: `Bearer ${token}` };
}

async function requestUrl(
  dateiname: string,
  groesse: number,
  token?: string,
  extra: object = {},
): Promise<RequestedUpload> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/upload/',
    headers: auth(token),
    payload: { dateiname, groesse, ...extra },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<RequestedUpload>();
}

function put(url: string, body: Buffer, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'PUT',
    url,
    headers: { 'content-type': 'application/octet-stream', ...headers },
    payload: body,
  });
}

async function upload(dateiname: string, body: Buffer, token: string | null = customerA.token) {
  const requested = await requestUrl(dateiname, body.length, token ?? undefined);
  return { requested, response: await put(requested.uploadUrl, body) };
}

function filesOnDisk(): string[] {
  if (!fs.existsSync(t.config.filesDir)) return [];
  return fs
    .readdirSync(t.config.filesDir, { recursive: true, encoding: 'utf8' })
    .filter((name) => fs.statSync(path.join(t.config.filesDir, name)).isFile());
}

async function rowOf(uploadId: string) {
  const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, uploadId));
  return row;
}

function germanMessage(response: { json: <T>() => T }): string {
  return response.json<{ error: { message: string } }>().error.message;
}

describe('upload URL', () => {
  it('gives a signed-in customer a single-use URL valid for 15 minutes, without an upload key', async () => {
    const before = Date.now();
    const requested = await requestUrl('Foto.jpg', 1000, customerA.token);
    expect(requested.methode).toBe('PUT');
    expect(requested.uploadUrl).toMatch(
      new RegExp(`^/api/upload/${requested.uploadId}\\?signatur=[\\w-]{43}$`),
    );
    expect(requested.uploadSchluessel).toBeUndefined();
    const validFor = new Date(requested.gueltigBis).getTime() - before;
    expect(validFor).toBeGreaterThan(14 * 60_000);
    expect(validFor).toBeLessThanOrEqual(15 * 60_000 + 5_000);
  });

  it('gives an anonymous claimant an upload key, and the same key when it sends it again', async () => {
    const first = await requestUrl('Foto.jpg', 1000);
    expect(first.uploadSchluessel).toMatch(/^[\w-]{43}$/);
    const second = await requestUrl('Foto2.jpg', 1000, undefined, {
      uploadSchluessel: first.uploadSchluessel,
    });
    expect(second.uploadSchluessel).toBe(first.uploadSchluessel);
  });

  it('refuses an announced size above 200,000,000 bytes with 413 in German', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/upload/',
      payload: { dateiname: 'Video.mp4', groesse: 200_000_001 },
    });
    expect(response.statusCode).toBe(413);
    expect(germanMessage(response)).toBe(UPLOAD_TEXTS.errors.tooLarge);
  });

  it('refuses a clerk (403) and an invalid token (401) instead of treating them as anonymous; an agent may upload', async () => {
    const keys = loadIdentityKeys(t.config);
    const clerkToken = await mintAccessToken(keys, await insertClerkAccount(t.database.db));
    const asClerk = await t.app.inject({
      method: 'POST',
      url: '/api/upload/',
      headers: auth(clerkToken),
      payload: { dateiname: 'a.pdf', groesse: 10 },
    });
    expect(asClerk.statusCode).toBe(403);
    expect(germanMessage(asClerk)).toBe(UPLOAD_TEXTS.errors.poolRefused);
    const agent = await insertAgentAccount(t.database.db);
    const asAgent = await t.app.inject({
      method: 'POST',
      url: '/api/upload/',
      headers: auth(await mintAccessToken(keys, agent)),
      payload: { dateiname: 'a.pdf', groesse: 10 },
    });
    expect(asAgent.statusCode).toBe(201);
    expect(asAgent.json<RequestedUpload>().uploadSchluessel).toBeUndefined();
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/upload/',
      headers: auth('kein-token'),
      payload: { dateiname: 'a.pdf', groesse: 10 },
    });
    expect(invalid.statusCode).toBe(401);
  });
});

describe('content check', () => {
  it('stores a PDF and answers its detected type, size and shortened name', async () => {
    const bytes = await pdf();
    const { requested, response } = await upload('Rechnung_Fahrradschloss_vom_Haendler_2026.PDF', bytes);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ReceivedUpload>()).toEqual({
      uploadId: requested.uploadId,
      dateiname: 'Rechnung_Fahrradschl….pdf',
      groesse: bytes.length,
      typ: 'application/pdf',
      hinweise: [],
    });
    const opened = await openUpload({ db: t.database.db, files: t.app.files }, requested.uploadId);
    expect(opened && (await readAll(opened.stream)).equals(bytes)).toBe(true);
  });

  it('refuses an HTML payload with script named .jpg with 415 in German and keeps nothing', async () => {
    const before = filesOnDisk().length;
    const { requested, response } = await upload('foto.jpg', HTML_WITH_SCRIPT);
    expect(response.statusCode).toBe(415);
    expect(germanMessage(response)).toBe(UPLOAD_TEXTS.errors.markup);
    expect(filesOnDisk()).toHaveLength(before);
    expect((await rowOf(requested.uploadId))?.status).toBe('FEHLGESCHLAGEN');
  });

  it('refuses a zip bomb (named .jpg or .zip): archives are no allowed type', async () => {
    const bomb = zipBomb();
    expect(bomb.length).toBeLessThan(100_000);
    for (const name of ['schaden.jpg', 'schaden.zip']) {
      const { response } = await upload(name, bomb);
      expect(response.statusCode).toBe(415);
      expect(germanMessage(response)).toBe(UPLOAD_TEXTS.errors.type);
    }
  });

  it('takes plain UTF-8 text as .txt but refuses NUL bytes, other encodings and text named .jpg', async () => {
    const ok = await upload(
      'notiz.txt',
      Buffer.from('Der Keller stand 20 cm unter Wasser. Schäden: Regal, Trockner.'),
    );
    expect(ok.response.statusCode, ok.response.body).toBe(200);
    expect(ok.response.json<ReceivedUpload>().typ).toBe('text/plain');
    const withNul = await upload('notiz.txt', Buffer.from('Zeile 1\u0000Zeile 2'));
    expect(withNul.response.statusCode).toBe(415);
    expect(germanMessage(withNul.response)).toBe(UPLOAD_TEXTS.errors.text);
    const latin1 = await upload('notiz.txt', Buffer.from('Schäden', 'latin1'));
    expect(latin1.response.statusCode).toBe(415);
    const renamed = await upload('foto.jpg', Buffer.from('nur Text'));
    expect(renamed.response.statusCode).toBe(415);
  });

  it('stores a file under the extension of its content, not of its name', async () => {
    const { response } = await upload('scan.jpg', await pdf());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ReceivedUpload>()).toMatchObject({ dateiname: 'scan.pdf', typ: 'application/pdf' });
  });

  it('removes any path and control characters from the name', async () => {
    for (const [name, expected] of [
      ['../../etc/passwd.png', 'passwd.png'],
      ['C:\\Users\\Anna\\Bilder\\schaden.png', 'schaden.png'],
      ['..', 'datei.png'],
      ['foto\u202Egnp.png', 'fotognp.png'],
    ] as const) {
      const { response } = await upload(name, png({ gps: false }));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<ReceivedUpload>().dateiname).toBe(expected);
    }
  });

  it('flags a password-protected PDF to the uploader', async () => {
    const { response } = await upload('vertrag.pdf', await pdf({ userPassword: 'geheim' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ReceivedUpload>().hinweise).toEqual(['passwortgeschuetzt']);
  });

  it('removes the EXIF location of a JPEG and a PNG and says so', async () => {
    for (const [name, bytes] of [
      ['foto.jpg', jpeg({ gps: true })],
      ['foto.png', png({ gps: true })],
    ] as const) {
      expect(holdsLatitude(bytes)).toBe(true);
      const { requested, response } = await upload(name, bytes);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<ReceivedUpload>().hinweise).toEqual(['standort-entfernt']);
      const opened = await openUpload({ db: t.database.db, files: t.app.files }, requested.uploadId);
      const stored = await readAll(opened!.stream);
      expect(holdsLatitude(stored)).toBe(false);
      // Same length: only values were cleared, the image data is untouched.
      expect(stored.length).toBe(bytes.length);
      expect(stored.subarray(-20).equals(bytes.subarray(-20))).toBe(true);
    }
    const clean = await upload('ohne.jpg', jpeg({ gps: false }));
    expect(clean.response.json<ReceivedUpload>().hinweise).toEqual([]);
  });

  it('removes the location of an iPhone HEIC photo and of a QuickTime video and says so', async () => {
    for (const [name, { bytes, locationRanges }, typ, holdsLocation] of [
      ['IMG_0001.HEIC', heic({ gps: true, xmp: true, imageBytes: 10_000 }), 'image/heic', holdsLatitude],
      ['IMG_0002.MOV', video({ location: true, moovFirst: false }), 'video/quicktime', holdsVideoLocation],
    ] as const) {
      expect(holdsLocation(bytes)).toBe(true);
      const { requested, response } = await upload(name, bytes);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<ReceivedUpload>()).toMatchObject({ typ, hinweise: ['standort-entfernt'] });
      const opened = await openUpload({ db: t.database.db, files: t.app.files }, requested.uploadId);
      const stored = await readAll(opened!.stream);
      expect(holdsLocation(stored)).toBe(false);
      expect(stored.includes('GPSLatitude')).toBe(false);
      // Same length, only the location overwritten in place: image and media data are untouched.
      expect(stored.length).toBe(bytes.length);
      expect(changedOutside(bytes, stored, locationRanges)).toEqual([]);
    }
    const clean = await upload('ohne.heic', heic({ gps: false }).bytes);
    expect(clean.response.json<ReceivedUpload>().hinweise).toEqual([]);
  });
});

describe('size limit', () => {
  it('refuses a Content-Length of 200,000,001 bytes before reading the body', async () => {
    const requested = await requestUrl('video.mp4', 1000, customerA.token);
    const response = await t.app.inject({
      method: 'PUT',
      url: requested.uploadUrl,
      headers: { 'content-type': 'video/mp4', 'content-length': '200000001' },
      payload: Buffer.alloc(10),
    });
    expect(response.statusCode).toBe(413);
    expect(germanMessage(response)).toBe(UPLOAD_TEXTS.errors.tooLarge);
  });

  it('stops a stream without Content-Length as soon as it passes 200,000,000 bytes, keeping no file', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const requested = await requestUrl('gross.png', 1000, customerA.token);
    const before = filesOnDisk().length;
    const head = png({ gps: false });
    const total = 200_000_001;
    let sent = 0;
    const body = new Readable({
      read() {
        if (sent >= total) {
          this.push(null);
          return;
        }
        const size = Math.min(1 << 20, total - sent);
        this.push(sent === 0 ? Buffer.concat([head, Buffer.alloc(size - head.length)]) : Buffer.alloc(size));
        sent += size;
      },
    });
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'PUT',
          path: requested.uploadUrl,
          headers: { 'transfer-encoding': 'chunked' },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      body.pipe(request);
    });
    body.destroy();
    expect(status).toBe(413);
    expect(filesOnDisk()).toHaveLength(before);
    expect((await rowOf(requested.uploadId))?.status).toBe('FEHLGESCHLAGEN');
  });
});

describe('single use and expiry', () => {
  it('refuses a second PUT to the same URL', async () => {
    const bytes = png({ gps: false });
    const requested = await requestUrl('a.png', bytes.length, customerA.token);
    expect((await put(requested.uploadUrl, bytes)).statusCode).toBe(200);
    const again = await put(requested.uploadUrl, bytes);
    expect(again.statusCode).toBe(404);
    expect(germanMessage(again)).toBe(UPLOAD_TEXTS.errors.urlInvalid);
  });

  it('refuses an expired URL and a wrong signature', async () => {
    const bytes = png({ gps: false });
    const requested = await requestUrl('a.png', bytes.length, customerA.token);
    const wrong = requested.uploadUrl.replace(/signatur=.*/, `signatur=${'A'.repeat(43)}`);
    expect((await put(wrong, bytes)).statusCode).toBe(404);
    await t.database.db
      .update(uploads)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(uploads.id, requested.uploadId));
    const expired = await put(requested.uploadUrl, bytes);
    expect(expired.statusCode).toBe(404);
    expect(germanMessage(expired)).toBe(UPLOAD_TEXTS.errors.urlInvalid);
  });
});

describe('attaching', () => {
  it('attaches only the owner’s finished uploads, once', async () => {
    const db = t.database.db;
    const { requested } = await upload('a.png', png({ gps: false }), customerA.token);
    const target = { kind: 'nachricht' as const, id: '00000000-0000-4000-8000-000000000001' };
    await expect(
      attachUploads(db, {
        uploadIds: [requested.uploadId],
        owner: { accountId: customerB.accountId },
        target,
      }),
    ).rejects.toMatchObject({ status: 422, userMessage: UPLOAD_TEXTS.errors.notUsable });
    const attached = await attachUploads(db, {
      uploadIds: [requested.uploadId],
      owner: { accountId: customerA.accountId },
      target,
    });
    expect(attached.map((row) => row.id)).toEqual([requested.uploadId]);
    await expect(
      attachUploads(db, {
        uploadIds: [requested.uploadId],
        owner: { accountId: customerA.accountId },
        target,
      }),
    ).rejects.toMatchObject({ status: 422 });
  });

  it('attaches an anonymous upload only with its upload key, and refuses an unfinished one', async () => {
    const db = t.database.db;
    const { requested } = await upload('a.png', png({ gps: false }), null);
    const pending = await requestUrl('b.png', 10, undefined, {
      uploadSchluessel: requested.uploadSchluessel,
    });
    const target = { kind: 'schaden' as const, id: '00000000-0000-4000-8000-000000000002' };
    await expect(
      attachUploads(db, {
        uploadIds: [requested.uploadId],
        owner: { uploadSchluessel: 'x'.repeat(43) },
        target,
      }),
    ).rejects.toMatchObject({ status: 422 });
    await expect(
      attachUploads(db, {
        uploadIds: [pending.uploadId],
        owner: { uploadSchluessel: requested.uploadSchluessel ?? '' },
        target,
      }),
    ).rejects.toMatchObject({ status: 422 });
    const attached = await attachUploads(db, {
      uploadIds: [requested.uploadId],
      owner: { uploadSchluessel: requested.uploadSchluessel ?? '' },
      target,
    });
    expect(attached).toHaveLength(1);
  });

  it('keeps to the count limit per target', async () => {
    const db = t.database.db;
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      ids.push((await upload(`${index}.png`, png({ gps: false }))).requested.uploadId);
    }
    const target = { kind: 'schadendokument' as const, id: 'schaden-1/polizeibericht' };
    await expect(
      attachUploads(db, { uploadIds: ids, owner: { accountId: customerA.accountId }, target, maxFiles: 2 }),
    ).rejects.toMatchObject({ status: 422, userMessage: UPLOAD_TEXTS.errors.tooMany(2) });
  });
});

describe('rate limit', () => {
  it('limits anonymous requests for upload URLs per address, not signed-in customers', async () => {
    const ask = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/upload/',
        headers: { 'x-forwarded-for': '203.0.113.7', ...headers },
        remoteAddress: '203.0.113.7',
        payload: { dateiname: 'a.png', groesse: 10 },
      });
    const statuses: number[] = [];
    for (let index = 0; index <= UPLOAD_RATE_LIMITS.anonymousPerHour; index += 1) {
      statuses.push((await ask({})).statusCode);
    }
    expect(statuses.slice(0, UPLOAD_RATE_LIMITS.anonymousPerHour).every((status) => status === 201)).toBe(
      true,
    );
    const refused = await ask({});
    expect(refused.statusCode).toBe(429);
    expect(germanMessage(refused)).toMatch(/[Aa]nfragen|versuchen/);
    expect((await ask(auth(customerA.token))).statusCode).toBe(201);
  });
});

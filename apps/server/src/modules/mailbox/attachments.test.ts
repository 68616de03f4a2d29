// Attachments on the Kontakt page (issue 14, ADR 0025): a customer uploads files, sends them with a
// message, finds them on the sent message and downloads them; another customer can neither attach
// nor download them, by upload id or message id; an unfinished upload or too many files refuse the
// whole message (nothing is sent).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadIdentityKeys } from '../../platform/auth/keys';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertCustomer, mintAccessToken } from '../identity/identity-test-kit';
import { pdf, png } from '../uploads/fixtures.test-helper';
import type { RequestedUpload } from '../uploads/service';
import type { MessageDetail, MessagePage } from './service';

let t: TestApp;
let tokenA: string;
let tokenB: string;

beforeAll(async () => {
  t = await createTestApp({ config: { uploadMaxFiles: 2 } });
  const keys = loadIdentityKeys(t.config);
  tokenA = await mintAccessToken(keys, await insertCustomer(t.database.db));
  tokenB = await mintAccessToken(keys, await insertCustomer(t.database.db));
});

afterAll(async () => {
  await t.close();
});

async function uploaded(token: string, name: string, bytes: Buffer, finish = true): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/upload/',
    headers: { authorization: `Bearer ${token}` },
    payload: { dateiname: name, groesse: bytes.length },
  });
  const requested = response.json<RequestedUpload>();
  if (finish) {
    const put = await t.app.inject({ method: 'PUT', url: requested.uploadUrl, payload: bytes });
    expect(put.statusCode, put.body).toBe(200);
  }
  return requested.uploadId;
}

function send(token: string, uploadIds: string[], betreff = 'Fotos zum Wasserschaden') {
  return t.app.inject({
    method: 'POST',
    url: '/api/nachricht/nachricht/',
    headers: { authorization: `Bearer ${token}` },
    payload: { thema: 'SCHADEN', betreff, html: '<p>Anbei die Fotos.</p>', uploadIds },
  });
}

function download(token: string, id: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/dokument/benutzer/nachricht/download/${id}`,
    headers: { authorization: `Bearer ${token}` },
  });
}

async function sentSubjects(token: string): Promise<string[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/dokument/benutzer/nachricht/ausgang',
    headers: { authorization: `Bearer ${token}` },
  });
  return response.json<MessagePage>().nachrichten.map((message) => message.betreff);
}

describe('attachments of a sent message', () => {
  it('sends uploads with the message, lists them under Gesendet and downloads them by their id', async () => {
    const photo = png({ gps: false });
    const invoice = await pdf();
    const photoId = await uploaded(tokenA, 'Keller.png', photo);
    const invoiceId = await uploaded(tokenA, 'Rechnung Trockner.pdf', invoice);
    const response = await send(tokenA, [photoId, invoiceId]);
    expect(response.statusCode, response.body).toBe(201);
    const sent = response.json<MessageDetail>();
    expect(sent.anhaenge).toEqual([
      { id: photoId, name: 'Keller.png' },
      { id: invoiceId, name: 'Rechnung Trockner.pdf' },
    ]);

    const page = await t.app.inject({
      method: 'GET',
      url: '/api/dokument/benutzer/nachricht/ausgang',
      headers: { authorization: `Bearer ${tokenA}` },
    });
    const listed = page.json<MessagePage>().nachrichten.find((message) => message.id === sent.id);
    expect(listed?.anhaenge.map((attachment) => attachment.name)).toEqual([
      'Keller.png',
      'Rechnung Trockner.pdf',
    ]);

    const file = await download(tokenA, photoId);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toContain('Keller.png');
    expect(file.rawPayload.equals(photo)).toBe(true);
    expect((await download(tokenA, invoiceId)).headers['content-type']).toBe('application/pdf');
  });

  it('lets no other customer download the upload, attach it, or open it by the message id', async () => {
    const photoId = await uploaded(tokenA, 'Privat.png', png({ gps: false }));
    const sent = (await send(tokenA, [photoId], 'Nur für mich')).json<MessageDetail>();
    const byUpload = await download(tokenB, photoId);
    expect(byUpload.statusCode).toBe(404);
    expect(byUpload.json<{ error: { message: string } }>().error.message).toBe(
      'Diese Nachricht gibt es nicht.',
    );
    expect((await download(tokenB, sent.id)).statusCode).toBe(404);

    const unattached = await uploaded(tokenA, 'Noch frei.png', png({ gps: false }));
    const stolen = await send(tokenB, [unattached], 'Fremder Anhang');
    expect(stolen.statusCode).toBe(422);
    expect(await sentSubjects(tokenB)).not.toContain('Fremder Anhang');
    // Still free for its owner.
    expect((await send(tokenA, [unattached], 'Doch meiner')).statusCode).toBe(201);
  });

  it('refuses the whole message for an unfinished upload or more files than UPLOAD_MAX_FILES', async () => {
    const pending = await uploaded(tokenA, 'halb.png', png({ gps: false }), false);
    const unfinished = await send(tokenA, [pending], 'Mit halbem Anhang');
    expect(unfinished.statusCode).toBe(422);
    expect(unfinished.json<{ error: { message: string } }>().error.message).toContain('erneut hoch');
    const three = [
      await uploaded(tokenA, '1.png', png({ gps: false })),
      await uploaded(tokenA, '2.png', png({ gps: false })),
      await uploaded(tokenA, '3.png', png({ gps: false })),
    ];
    const tooMany = await send(tokenA, three, 'Drei Anhänge');
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json<{ error: { message: string } }>().error.message).toBe(
      'Sie können höchstens 2 Dateien hochladen.',
    );
    const subjects = await sentSubjects(tokenA);
    expect(subjects).not.toContain('Mit halbem Anhang');
    expect(subjects).not.toContain('Drei Anhänge');
  });
});

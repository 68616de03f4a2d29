// The Postfach and the Kontakt page through the API on a real database (issue 14): the unread
// count, a page of the inbox and of the sent messages (a page above the last answers page 1),
// opening marks read, soft delete, the attachment's PDF, another customer's message is a 404, and
// sending stores sanitised HTML, refuses an empty text in German and puts an acknowledgement in.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts } from '../../db/schema/contracts';
import { mailboxMessages } from '../../db/schema/mailbox';
import { loadIdentityKeys } from '../../platform/auth/keys';
import { createTestApp, type TestApp } from '../../test/test-app';
import { storeContractDocument } from '../documents/service';
import { insertCustomer, mintAccessToken } from '../identity/identity-test-kit';
import { insertMailboxMessage, listMailboxMessages } from './repository';
import type { MessageDetail, MessagePage } from './service';

let t: TestApp;

interface Customer {
  token: string;
  partnerId: string;
  contractNumber: string;
  contractId: string;
}

async function customer(): Promise<Customer> {
  const db = t.database.db;
  const account = await insertCustomer(db);
  const [contract] = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(eq(contracts.versicherungsNummer, account.contractNumber));
  return {
    token: await mintAccessToken(loadIdentityKeys(t.config), account),
    partnerId: account.partnerId ?? '',
    contractNumber: account.contractNumber,
    contractId: contract?.id ?? '',
  };
}

const BASE = '/api/dokument/benutzer/nachricht';

function call(
  token: string,
  method: 'GET' | 'DELETE' | 'POST',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...headers },
    ...(payload === undefined ? {} : { payload }),
  });
}

async function page(who: Customer, query = '', box = 'eingang'): Promise<MessagePage> {
  const response = await call(who.token, 'GET', `${BASE}/${box}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('private, no-store');
  return response.json<MessagePage>();
}

async function unread(who: Customer): Promise<number> {
  const response = await call(who.token, 'GET', `${BASE}/count`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ ungelesen: number }>().ungelesen;
}

/** `n` incoming messages a minute apart on a fixed day, the last one newest. */
async function fill(who: Customer, n: number): Promise<void> {
  const start = Date.parse('2026-03-02T08:00:00Z');
  await t.database.db.insert(mailboxMessages).values(
    Array.from({ length: n }, (_, i) => ({
      partnerId: who.partnerId,
      subject: `Nachricht ${i + 1}`,
      body: `Text ${i + 1} `.repeat(60),
      createdAt: new Date(start + i * 60_000),
    })),
  );
}

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('count, list and paging', () => {
  it('counts unread incoming messages and lists a page newest first with a 200-character preview', async () => {
    const anna = await customer();
    await fill(anna, 25);
    expect(await unread(anna)).toBe(25);

    const first = await page(anna);
    expect(first).toMatchObject({ seite: 1, proSeite: 20, gesamt: 25 });
    expect(first.nachrichten).toHaveLength(20);
    expect(first.nachrichten[0]).toMatchObject({
      betreff: 'Nachricht 25',
      erstelldatum: '2026-03-02T08:24:00.000Z',
      gelesen: false,
      richtung: 'eingang',
      aktenId: null,
      anhaenge: [],
    });
    expect(first.nachrichten[0]?.nachricht.length).toBeLessThanOrEqual(200);
    expect(first.nachrichten[0]?.nachricht.endsWith('…')).toBe(true);

    const second = await page(anna, '?seite=2&proSeite=20');
    expect(second.seite).toBe(2);
    expect(second.nachrichten.map((m) => m.betreff)).toEqual([5, 4, 3, 2, 1].map((i) => `Nachricht ${i}`));
    expect((await page(anna, '', 'ausgang')).gesamt).toBe(0);
  });

  it('answers page 1 for a page above the total (spec §4), and refuses a bad page size in German', async () => {
    const anna = await customer();
    await fill(anna, 3);
    const beyond = await page(anna, '?seite=7&proSeite=2');
    expect(beyond).toMatchObject({ seite: 1, proSeite: 2, gesamt: 3 });
    expect(beyond.nachrichten.map((m) => m.betreff)).toEqual(['Nachricht 3', 'Nachricht 2']);

    const bad = await call(anna.token, 'GET', `${BASE}/eingang?proSeite=500`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Pro Seite sind 1 bis 100 Nachrichten möglich.');
  });
});

describe('one message', () => {
  it('opening an incoming message marks it read once; the count drops', async () => {
    const anna = await customer();
    await fill(anna, 2);
    const [newest] = (await page(anna)).nachrichten;
    const opened = await call(anna.token, 'GET', `${BASE}/${newest?.id ?? ''}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<MessageDetail>()).toMatchObject({ betreff: 'Nachricht 2', gelesen: true });
    expect(opened.json<MessageDetail>().nachricht).toBe('Text 2 '.repeat(60));
    expect(await unread(anna)).toBe(1);
    expect((await page(anna)).nachrichten.map((m) => m.gelesen)).toEqual([true, false]);
  });

  it('a deleted message is gone from the list, the count and its own address', async () => {
    const anna = await customer();
    await fill(anna, 2);
    const [newest] = (await page(anna)).nachrichten;
    const removed = await call(anna.token, 'DELETE', `${BASE}/${newest?.id ?? ''}`);
    expect(removed.statusCode).toBe(204);
    expect(await unread(anna)).toBe(1);
    expect((await page(anna)).nachrichten.map((m) => m.betreff)).toEqual(['Nachricht 1']);
    expect((await call(anna.token, 'GET', `${BASE}/${newest?.id ?? ''}`)).statusCode).toBe(404);
    expect((await call(anna.token, 'DELETE', `${BASE}/${newest?.id ?? ''}`)).statusCode).toBe(404);
    // Soft delete: the row stays for the insurer's records.
    const rows = await listMailboxMessages({ db: t.database.db, partnerId: anna.partnerId });
    expect(rows.find((m) => m.id === newest?.id)?.deletedAt).toMatch(/^\d{4}-/);
  });

  it('downloads the attached PDF; a message without one and another customer’s message are 404', async () => {
    const anna = await customer();
    const markus = await customer();
    const db = t.database.db;
    const document = await storeContractDocument({
      tx: db,
      files: t.app.files,
      contractId: anna.contractId,
      name: 'Kündigungsbestätigung',
      pdf: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    const withPdf = await insertMailboxMessage(db, {
      partnerId: anna.partnerId,
      contractId: anna.contractId,
      subject: 'Ihre Kündigung',
      body: 'Im Anhang finden Sie die Bestätigung.',
      documentId: document.id,
    });
    const [listed] = (await page(anna)).nachrichten;
    expect(listed).toMatchObject({
      aktenId: anna.contractNumber,
      anhaenge: [{ id: document.id, name: `Kündigungsbestätigung ${anna.contractNumber}.pdf` }],
    });

    const download = await call(anna.token, 'GET', `${BASE}/download/${withPdf.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('.pdf');
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const plain = await insertMailboxMessage(db, {
      partnerId: anna.partnerId,
      subject: 'Hallo',
      body: 'Text',
    });
    const none = await call(anna.token, 'GET', `${BASE}/download/${plain.id}`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ error: { message: 'Diese Nachricht hat keinen Anhang.' } });

    for (const url of [`${BASE}/${withPdf.id}`, `${BASE}/download/${withPdf.id}`]) {
      const foreign = await call(markus.token, 'GET', url);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({ error: { message: 'Diese Nachricht gibt es nicht.' } });
    }
    expect((await call(markus.token, 'DELETE', `${BASE}/${withPdf.id}`)).statusCode).toBe(404);
    expect((await page(anna)).nachrichten.some((m) => m.id === withPdf.id)).toBe(true);
    expect(await unread(anna)).toBe(2);
  });

  it('answers a malformed id with 400 and a German message, and no token with 401', async () => {
    const anna = await customer();
    const malformed = await call(anna.token, 'GET', `${BASE}/..%2Fetc`);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain('Diese Nachricht gibt es nicht.');
    expect((await t.app.inject({ url: `${BASE}/count` })).statusCode).toBe(401);
  });
});

describe('POST /api/nachricht/nachricht/', () => {
  const send = (who: Customer, body: object) => call(who.token, 'POST', '/api/nachricht/nachricht/', body);
  /** A short message sent with the form's Idempotency-Key. */
  const sendWithKey = (who: Customer, key: string, betreff: string) =>
    call(
      who.token,
      'POST',
      '/api/nachricht/nachricht/',
      { thema: 'VERTRAG', betreff, html: '<p>Bitte rufen Sie mich an.</p>' },
      { 'idempotency-key': key },
    );

  it('stores sanitised HTML and a plain-text copy, and puts the acknowledgement in the inbox', async () => {
    const anna = await customer();
    const response = await send(anna, {
      thema: 'SCHADEN',
      versicherungsNummer: anna.contractNumber,
      betreff: '  Wasserschaden im Keller ',
      html:
        '<p style="color:red">Guten Tag, <strong>bitte</strong> <a href="https://evil.example">hier</a> klicken.</p>' +
        '<script>alert(1)</script><img src="x" onerror="alert(1)"><style>p{display:none}</style>' +
        '<ul><li>Keller &amp; Flur</li></ul>',
    });
    expect(response.statusCode, response.body).toBe(201);
    const sent = response.json<MessageDetail>();
    expect(sent).toMatchObject({
      betreff: 'Wasserschaden im Keller',
      thema: 'SCHADEN',
      richtung: 'ausgang',
      aktenId: anna.contractNumber,
      gelesen: true,
      html: '<p>Guten Tag, <strong>bitte</strong> hier klicken.</p><ul><li>Keller &amp; Flur</li></ul>',
      nachricht: 'Guten Tag, bitte hier klicken.\n• Keller & Flur',
    });
    for (const gone of ['<script', 'onerror', '<img', 'style', 'href', 'evil.example', 'alert']) {
      expect(sent.html).not.toContain(gone);
    }

    const outbox = await page(anna, '', 'ausgang');
    expect(outbox.nachrichten.map((m) => m.id)).toEqual([sent.id]);
    const inbox = await page(anna);
    expect(inbox.nachrichten).toHaveLength(1);
    expect(inbox.nachrichten[0]).toMatchObject({
      betreff: 'Ihre Nachricht ist bei uns eingegangen',
      gelesen: false,
      aktenId: anna.contractNumber,
    });
    expect(inbox.nachrichten[0]?.nachricht).toContain('„Wasserschaden im Keller“');
    expect(inbox.nachrichten[0]?.nachricht).toContain('innerhalb von 2 Werktagen');
    expect(await unread(anna)).toBe(1);
  });

  it('refuses a text that is empty after sanitising with 422 in German, writing nothing', async () => {
    const anna = await customer();
    const response = await send(anna, {
      thema: 'SONSTIGES',
      betreff: 'Leer',
      html: '<p><br></p><script>alert(1)</script><img src=x onerror=alert(1)><p>&nbsp;</p>',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: { message: 'Bitte schreiben Sie eine Nachricht.' } });
    expect(await listMailboxMessages({ db: t.database.db, partnerId: anna.partnerId })).toEqual([]);
  });

  it('refuses another customer’s contract, an unknown topic and a missing subject in German', async () => {
    const anna = await customer();
    const markus = await customer();
    const foreign = await send(anna, {
      thema: 'VERTRAG',
      versicherungsNummer: markus.contractNumber,
      betreff: 'Frage',
      html: '<p>Hallo</p>',
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.body).toContain('Diesen Vertrag gibt es in Ihrem Kundenkonto nicht.');

    const invalid = await send(anna, { thema: 'WETTER', betreff: '', html: '<p>Hallo</p>' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain('Bitte wählen Sie ein Thema.');
    expect(invalid.body).toContain('Bitte geben Sie einen Betreff an.');
    expect(await listMailboxMessages({ db: t.database.db, partnerId: anna.partnerId })).toEqual([]);
  });

  it('sends a message once per Idempotency-Key: a retry answers the same message, one acknowledgement', async () => {
    const anna = await customer();
    const first = await sendWithKey(anna, 'kontakt-form-0001', 'Rückruf');
    expect(first.statusCode, first.body).toBe(201);
    // The answer was lost; the page sends the same form again.
    const retry = await sendWithKey(anna, 'kontakt-form-0001', 'Rückruf');
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json<MessageDetail>().id).toBe(first.json<MessageDetail>().id);
    // Two presses at the same moment with a new form's key: one message.
    const [a, b] = await Promise.all([
      sendWithKey(anna, 'kontakt-form-0002', 'Zweite Frage'),
      sendWithKey(anna, 'kontakt-form-0002', 'Zweite Frage'),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json<MessageDetail>().id).toBe(b.json<MessageDetail>().id);
    expect((await page(anna, '', 'ausgang')).nachrichten.map((m) => m.betreff)).toEqual([
      'Zweite Frage',
      'Rückruf',
    ]);
    expect((await page(anna)).nachrichten).toHaveLength(2);
    // Another customer's same key is another message.
    const jonas = await customer();
    const his = await sendWithKey(jonas, 'kontakt-form-0001', 'Seine Frage');
    expect(his.statusCode).toBe(201);
    expect(his.json<MessageDetail>().id).not.toBe(first.json<MessageDetail>().id);
  });

  it('refuses a malformed Idempotency-Key in German', async () => {
    const anna = await customer();
    const response = await sendWithKey(anna, 'kurz', 'Frage');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Die Nachricht konnte nicht eindeutig zugeordnet werden.');
    expect(await listMailboxMessages({ db: t.database.db, partnerId: anna.partnerId })).toEqual([]);
  });
});

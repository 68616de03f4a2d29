// The data export holds what issue 14 added about a customer: their claims (state history, answers
// with German labels, required documents, conversation, files by name, size and type), saved claim
// drafts, health-data consents with their history, feedback given while signed in, the files
// attached to Kontakt messages and every upload begun. Each customer's file holds only their own.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentHealthDataWording } from '../consents/service';
import { claims, claimStatusHistory } from '../../db/schema/claims';
import { uploads } from '../../db/schema/uploads';
import { loadIdentityKeys } from '../../platform/auth/keys';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertTestClaim } from '../claims/fixtures.test-helper';
import { insertCustomer, mintAccessToken } from '../identity/identity-test-kit';
import { pdf, png } from '../uploads/fixtures.test-helper';
import type { RequestedUpload } from '../uploads/service';
import { datenauskunftSchema, type Datenauskunft } from './export-format';

const EXPORT_URL = '/api/benutzer/benutzer/datenauskunft';
const CONSENT_URL = '/api/schadenstrecke/einwilligungserklaerung';

interface Customer {
  name: 'erika' | 'paul';
  token: string;
  accountId: string;
  claimId: string;
  schadennummer: string;
}

let t: TestApp;
let erika: Customer;
let paul: Customer;
let feedbackAddress = 0;

function call(token: string | undefined, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    ...(payload === undefined ? {} : { payload }),
  });
}

/** An upload through POST /api/upload/ and its single-use URL; unfinished when `finish` is false. */
async function uploaded(who: Customer, name: string, bytes: Buffer, finish = true): Promise<string> {
  const response = await call(who.token, 'POST', '/api/upload/', { dateiname: name, groesse: bytes.length });
  expect(response.statusCode, response.body).toBe(201);
  const requested = response.json<RequestedUpload>();
  if (finish) {
    const put = await t.app.inject({ method: 'PUT', url: requested.uploadUrl, payload: bytes });
    expect(put.statusCode, put.body).toBe(200);
  }
  return requested.uploadId;
}

async function customer(name: Customer['name']): Promise<Customer> {
  const db = t.database.db;
  const account = await insertCustomer(db);
  const token = await mintAccessToken(loadIdentityKeys(t.config), account);
  const { claimId } = await insertTestClaim(db, t.app.files, {
    partnerId: account.partnerId!,
    contractNumber: account.contractNumber,
    accountId: account.id,
  });
  const [claim] = await db.select().from(claims).where(eq(claims.id, claimId));
  return { name, token, accountId: account.id, claimId, schadennummer: claim!.schadennummer };
}

/** What each customer does: a photo for the claim's document, a Kontakt message with a PDF, consents, feedback. */
async function act(who: Customer) {
  const photo = await uploaded(who, `${who.name}-foto.png`, png({ gps: false }));
  const sent = await call(who.token, 'POST', `/api/schadenstrecke/required-documents/${who.claimId}/fotos`, {
    uploadIds: [photo],
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const invoice = await uploaded(who, `${who.name}-rechnung.pdf`, await pdf());
  const message = await call(who.token, 'POST', '/api/nachricht/nachricht/', {
    thema: 'SCHADEN',
    betreff: `Rechnung von ${who.name}`,
    html: '<p>Anbei die Rechnung.</p>',
    uploadIds: [invoice],
  });
  expect(message.statusCode, message.body).toBeLessThan(300);
  await uploaded(who, `${who.name}-abgebrochen.txt`, Buffer.from('nie gesendet'), false);
  const give = () =>
    call(who.token, 'POST', CONSENT_URL, { version: currentHealthDataWording().version, zugestimmt: true });
  expect((await give()).statusCode).toBeLessThan(300);
  feedbackAddress += 1;
  const feedback = await t.app.inject({
    method: 'POST',
    url: '/api/feedback',
    remoteAddress: `10.30.0.${feedbackAddress}`,
    headers: { authorization: `Bearer ${who.token}` },
    payload: { quelle: 'schaden', bewertung: 9, kommentar: `Kommentar von ${who.name}` },
  });
  expect(feedback.statusCode, feedback.body).toBeLessThan(300);
}

async function exportOf(who: Customer): Promise<{ body: string; file: Datenauskunft }> {
  const response = await call(who.token, 'GET', EXPORT_URL);
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.body, file: datenauskunftSchema.parse(JSON.parse(response.body)) };
}

beforeAll(async () => {
  t = await createTestApp();
  erika = await customer('erika');
  paul = await customer('paul');
  await act(erika);
  await act(paul);
  // Erika withdraws her consent and gives it again: two consents, the first ended by the withdrawal.
  expect((await call(erika.token, 'DELETE', CONSENT_URL)).statusCode).toBeLessThan(300);
  const again = await call(erika.token, 'POST', CONSENT_URL, {
    version: currentHealthDataWording().version,
    zugestimmt: true,
  });
  expect(again.statusCode).toBeLessThan(300);
  // The insurer checked the cover of Erika's claim.
  await t.database.db
    .insert(claimStatusHistory)
    .values({ claimId: erika.claimId, status: 'DECKUNG_GEPRUEFT' });
  await t.database.db.update(claims).set({ status: 'DECKUNG_GEPRUEFT' }).where(eq(claims.id, erika.claimId));
  // Anonymous feedback cannot be attributed to anyone.
  const anonymous = await t.app.inject({
    method: 'POST',
    url: '/api/feedback',
    remoteAddress: '10.31.0.1',
    payload: { quelle: 'antrag', bewertung: 2, kommentar: 'Anonymer Kommentar' },
  });
  expect(anonymous.statusCode, anonymous.body).toBeLessThan(300);
});

afterAll(async () => {
  await t.close();
});

describe('the data export of a customer with claims, consents, feedback and uploads', () => {
  let erikas: { body: string; file: Datenauskunft };

  beforeAll(async () => {
    erikas = await exportOf(erika);
  });

  it('holds the claim with number, product, contract, dates, state history and answers with German labels', async () => {
    const [row] = await t.database.db.select().from(claims).where(eq(claims.id, erika.claimId));
    expect(erikas.file.schaeden).toHaveLength(1);
    const claim = erikas.file.schaeden[0]!;
    expect(claim).toMatchObject({
      schadennummer: erika.schadennummer,
      produkt: 'phv',
      produktName: 'Privathaftpflicht',
      schadentag: row!.schadentag,
      quelle: 'KUNDE',
      status: 'DECKUNG_GEPRUEFT',
      statusBezeichnung: 'Deckung geprüft',
    });
    expect(claim.vertrag).toMatch(/\S/);
    expect(claim.verlauf.map((entry) => [entry.status, entry.bezeichnung, entry.grund])).toEqual([
      ['GEMELDET', 'Gemeldet', null],
      ['DECKUNG_GEPRUEFT', 'Deckung geprüft', null],
    ]);
    expect(claim.angaben).toEqual([
      {
        schritt: 'schaden',
        titel: 'Der Schaden',
        angaben: expect.arrayContaining([
          { label: 'Was ist passiert?', wert: 'Eine Sache wurde beschädigt' },
          expect.objectContaining({ wert: row!.schadentag.split('-').reverse().join('.') }),
        ]),
      },
    ]);
  });

  it("holds the claim's files and required documents by name, size and type, never bytes or storage key", async () => {
    const claim = erikas.file.schaeden[0]!;
    expect(claim.dateien).toEqual([{ name: 'schaden.txt', groesse: 17, typ: 'text/plain' }]);
    expect(claim.dokumente).toEqual([
      {
        titel: 'Fotos des Schadens',
        beschreibung: 'Aufnahmen des Schadens.',
        fristBis: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        erforderlich: false,
        quelle: 'CHECKLISTE',
        angefordertAm: expect.any(String),
        eingereichtAm: expect.any(String),
        dateien: [{ name: 'erika-foto.png', groesse: png({ gps: false }).length, typ: 'image/png' }],
      },
    ]);
    const stored = await t.database.db.select().from(uploads).where(eq(uploads.accountId, erika.accountId));
    for (const upload of stored) if (upload.storageKey) expect(erikas.body).not.toContain(upload.storageKey);
    expect(erikas.body).not.toContain('Foto des Schadens');
  });

  it("holds the claim's conversation by author, subject and time (texts are read in the claim)", () => {
    const messages = erikas.file.schaeden[0]!.nachrichten;
    expect(messages).toContainEqual({
      von: 'INNENDIENST',
      quelle: 'CHAT',
      betreff: 'Rückfrage',
      am: expect.any(String),
      gelesenAm: null,
    });
    expect(messages).toContainEqual(
      expect.objectContaining({ von: 'KUNDE', quelle: 'ATTACHMENT', betreff: 'Fotos des Schadens' }),
    );
    expect(erikas.body).not.toContain('Bitte senden Sie uns ein Foto.');
  });

  it('holds the saved claim draft of the contract', () => {
    expect(erikas.file.schadenEntwuerfe).toEqual([
      {
        produkt: 'phv',
        vertrag: erikas.file.schaeden[0]!.vertrag,
        gespeichertAm: expect.any(String),
        angaben: [],
      },
    ]);
  });

  it('holds every health-data consent with version, wording hash, given and withdrawn', () => {
    const { version, sha256 } = currentHealthDataWording();
    expect(erikas.file.einwilligungen).toEqual([
      {
        art: 'GESUNDHEITSDATEN',
        version,
        wortlautSha256: sha256,
        erteiltAm: expect.any(String),
        beendetAm: expect.any(String),
        beendetDurch: 'WIDERRUF',
      },
      {
        art: 'GESUNDHEITSDATEN',
        version,
        wortlautSha256: sha256,
        erteiltAm: expect.any(String),
        beendetAm: null,
        beendetDurch: null,
      },
    ]);
    const [first, second] = erikas.file.einwilligungen;
    expect(Date.parse(first!.beendetAm!)).toBeLessThanOrEqual(Date.parse(second!.erteiltAm));
  });

  it('holds the feedback given while signed in, not anonymous feedback', () => {
    expect(erikas.file.feedback).toEqual([
      { quelle: 'schaden', bewertung: 9, kommentar: 'Kommentar von erika', abgegebenAm: expect.any(String) },
    ]);
    expect(erikas.body).not.toContain('Anonymer Kommentar');
  });

  it('lists the files attached to a sent Kontakt message', () => {
    const sent = erikas.file.nachrichten.postfach.find((entry) => entry.betreff === 'Rechnung von erika');
    expect(sent).toMatchObject({
      richtung: 'AUSGANG',
      dateien: [{ name: 'erika-rechnung.pdf', groesse: expect.any(Number), typ: 'application/pdf' }],
    });
    expect(sent!.dateien[0]!.groesse).toBeGreaterThan(0);
  });

  it('lists every upload begun, finished or not, with what it was used for', () => {
    const byName = new Map(erikas.file.hochgeladeneDateien.map((file) => [file.name, file]));
    expect(byName.get('erika-foto.png')).toMatchObject({
      status: 'FERTIG',
      typ: 'image/png',
      verwendetFuer: 'schadendokument',
    });
    expect(byName.get('erika-rechnung.pdf')).toMatchObject({
      status: 'FERTIG',
      typ: 'application/pdf',
      verwendetFuer: 'nachricht',
    });
    expect(byName.get('erika-abgebrochen.txt')).toMatchObject({
      status: 'ANGEFORDERT',
      groesse: null,
      typ: null,
      verwendetFuer: null,
      angehaengtAm: null,
    });
    expect(byName.get('schaden.txt')).toMatchObject({ verwendetFuer: 'schaden', groesse: 17 });
  });

  it("contains nothing of another customer's claims, consents, feedback or files", async () => {
    for (const value of [
      paul.schadennummer,
      'paul-foto.png',
      'paul-rechnung.pdf',
      'paul-abgebrochen.txt',
      'Rechnung von paul',
      'Kommentar von paul',
    ]) {
      expect(erikas.body).not.toContain(value);
    }
    const pauls = await exportOf(paul);
    expect(pauls.file.schaeden.map((claim) => claim.schadennummer)).toEqual([paul.schadennummer]);
    expect(pauls.file.einwilligungen).toHaveLength(1);
    expect(pauls.file.feedback.map((entry) => entry.kommentar)).toEqual(['Kommentar von paul']);
    for (const value of [
      erika.schadennummer,
      'erika-foto.png',
      'erika-rechnung.pdf',
      'Kommentar von erika',
    ]) {
      expect(pauls.body).not.toContain(value);
    }
  });
});

// The claims API on a real database with the demo portfolio (Anna Schneider: PHV, THV, Hausrat,
// Fahrrad, Reise; Weber Digitalagentur: BHV, VH, SI): a report for each of the eight products with
// its receipt PDF, Postfach entry and e-mail; one claim per Idempotency-Key, also for two requests at
// once; German 422s for inconsistent answers; ownership of contracts, claims and files; the public
// report that never tells whether a contract exists; the clerk's moves, document requests and
// messages reaching the customer; the agent's view; drafts. Days are computed from today.
import { and, eq } from 'drizzle-orm';
import { addDays, todayInGermany } from '@schirm/domain/dates/calendar-date';
import { formatGermanDate } from '@schirm/domain/dates/calendar-date';
import { claimSample } from '@schirm/domain/claims/samples.test-helper';
import { CLAIM_PRODUCTS, type ClaimProduct } from '@schirm/domain/claims/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AGENTS, DEMO_CUSTOMERS } from '../../db/demo/portfolio/demo-people';
import { curatedPortfolioSeeder } from '../../db/demo/portfolio/curated';
import { auditLog } from '../../db/schema/audit';
import { claimPublicReports, claims, claimStatusHistory } from '../../db/schema/claims';
import { contractDocuments } from '../../db/schema/contracts';
import { accounts } from '../../db/schema/identity';
import { mailboxMessages } from '../../db/schema/mailbox';
import { outboxMessages } from '../../db/schema/outbox';
import { withTransaction } from '../../db/transaction';
import type { Actor } from '../../platform/auth/actor';
import { loadIdentityKeys } from '../../platform/auth/keys';
import { createTestApp, type TestApp } from '../../test/test-app';
import { pdfText } from '../documents/pdf-text.test-helper';
import { identityDemoSeeder } from '../identity/demo-seeder';
import { insertAccount, mintAccessToken } from '../identity/identity-test-kit';
import { createTransports } from '../outbox/transports';
import {
  AGENT_CLAIM_MESSAGE_AUDIT,
  listClaimMessages,
  moveClaim,
  postClaimMessage,
  processPublicReports,
  requestClaimDocument,
  type ClaimDeps,
  type ClaimSubmitResult,
} from './service';

let t: TestApp;
let deps: ClaimDeps;
let today: string;
const tokens: Record<string, string> = {};
let clerk: Actor;

const anna = DEMO_CUSTOMERS.annaSchneider;
const weber = DEMO_CUSTOMERS.weberDigital;

/** The demo contract each product's claim is reported against, and its owner. */
const CONTRACT_OF: Record<ClaimProduct, { nummer: string; owner: 'anna' | 'weber' }> = {
  phv: { nummer: anna.contracts.phv, owner: 'anna' },
  thv: { nummer: anna.contracts.thv, owner: 'anna' },
  hausrat: { nummer: anna.contracts.hausrat, owner: 'anna' },
  fahrrad: { nummer: anna.contracts.fahrrad, owner: 'anna' },
  reise: { nummer: anna.contracts.reise, owner: 'anna' },
  bhv: { nummer: weber.contracts.bhv, owner: 'weber' },
  vh: { nummer: weber.contracts.vh, owner: 'weber' },
  si: { nummer: weber.contracts.siAllgefahren, owner: 'weber' },
};

async function tokenFor(email: string): Promise<string> {
  const [account] = await t.database.db
    .select()
    .from(accounts)
    .where(eq(accounts.username, email.toLowerCase()));
  if (!account) throw new Error(`no demo account ${email}`);
  return mintAccessToken(loadIdentityKeys(t.config), account);
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await withTransaction(db, async (tx) => {
    await curatedPortfolioSeeder.run(tx);
    await identityDemoSeeder.run(tx);
  });
  today = todayInGermany();
  tokens['anna'] = await tokenFor(anna.email);
  tokens['weber'] = await tokenFor(weber.email);
  tokens['hauptagentur'] = await tokenFor(DEMO_AGENTS.hauptagentur.email);
  tokens['braun'] = await tokenFor(DEMO_AGENTS.unteragenturBraun.email);
  const account = await insertAccount(db, { pool: 'innendienst', email: 'sachbearbeitung.test@example.com' });
  clerk = { pool: 'innendienst', userId: account.id, username: account.username };
  deps = { db, files: t.app.files, transports: createTransports(t.config) };
});

afterAll(async () => {
  await t.close();
});

function call(
  who: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    headers: { ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}), ...headers },
    ...(payload === undefined ? {} : { payload }),
  });
}

let keyCounter = 0;
function newKey(): string {
  keyCounter += 1;
  return `test-key-${keyCounter}-${Date.now()}`;
}

async function uploadFile(who: string | null, dateiname: string, bytes: Buffer, extra: object = {}) {
  const requested = await call(who, 'POST', '/api/upload/', { dateiname, groesse: bytes.length, ...extra });
  expect(requested.statusCode, requested.body).toBe(201);
  const { uploadId, uploadUrl, uploadSchluessel } = requested.json<{
    uploadId: string;
    uploadUrl: string;
    uploadSchluessel?: string;
  }>();
  const put = await t.app.inject({
    method: 'PUT',
    url: uploadUrl,
    headers: { 'content-type': 'application/octet-stream' },
    payload: bytes,
  });
  expect(put.statusCode, put.body).toBe(200);
  return { uploadId, uploadSchluessel };
}

function report(produkt: ClaimProduct, key = newKey(), body: object = {}) {
  const { nummer, owner } = CONTRACT_OF[produkt];
  return call(
    owner,
    'POST',
    `/api/schadenstrecke/schaden/v2/${nummer}`,
    { produkt, antworten: claimSample(produkt, today), ...body },
    { 'idempotency-key': key },
  );
}

function fieldErrors(response: { json: <T>() => T }) {
  return response.json<{ error: { message: string; fieldErrors?: { path: string; message: string }[] } }>()
    .error;
}

const submitted = new Map<ClaimProduct, ClaimSubmitResult>();

describe('reporting a claim', () => {
  it.each(CLAIM_PRODUCTS)(
    '%s: a claim with a number, a receipt in the Postfach and an e-mail',
    async (produkt) => {
      const response = await report(produkt);
      expect(response.statusCode, response.body).toBe(201);
      const result = response.json<ClaimSubmitResult>();
      expect(result.schadennummer).toMatch(/^SC\d{2}-\d{7}$/);
      expect(result.status).toBe('GEMELDET');
      expect(result.dokumente).toEqual([
        {
          typ: 'EINGANGSBESTAETIGUNG',
          titel: `Eingangsbestätigung Schaden ${result.schadennummer}`,
          url: expect.any(String),
        },
      ]);
      submitted.set(produkt, result);

      const { owner, nummer } = CONTRACT_OF[produkt];
      const partnerNummer = owner === 'anna' ? anna.partnerNummer : weber.partnerNummer;
      const list = await call(owner, 'GET', `/api/schadenstrecke/schaden?partnernummer=${partnerNummer}`);
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json<{ schaeden: unknown[] }>().schaeden).toContainEqual(
        expect.objectContaining({
          claimId: result.claimId,
          vertragsnummer: nummer,
          produkt,
          status: 'GEMELDET',
        }),
      );

      const [inbox] = await t.database.db
        .select()
        .from(mailboxMessages)
        .where(eq(mailboxMessages.subject, `Ihre Schadenmeldung ${result.schadennummer} ist eingegangen`));
      expect(inbox?.documentId).toBeTruthy();
      const [mail] = await t.database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.subject, `Ihre Schadenmeldung ${result.schadennummer} ist eingegangen`));
      expect(mail?.recipient).toBe(owner === 'anna' ? anna.email : weber.email);
      expect(mail?.attachmentName).toBe(`Eingangsbestätigung Schaden ${result.schadennummer}.pdf`);
    },
  );

  it('the receipt PDF names the claim, the contract, the answers with German labels and the checklist with deadlines', async () => {
    const result = submitted.get('hausrat')!;
    const download = await call('anna', 'GET', result.dokumente[0]!.url);
    expect(download.statusCode, download.body.slice(0, 200)).toBe(200);
    expect(download.headers['content-type']).toContain('application/pdf');
    const text = pdfText(download.rawPayload);
    expect(text).toContain('Eingangsbestätigung Ihrer Schadenmeldung');
    expect(text).toContain(result.schadennummer);
    expect(text).toContain(anna.contracts.hausrat);
    expect(text).toContain('Hausratversicherung');
    expect(text).toContain('Einbruchdiebstahl oder Raub');
    expect(text).toContain('Fernseher, 55 Zoll, 899,00 EUR');
    expect(text).toContain('Bestätigung der polizeilichen Anzeige');
    expect(text).toContain(`Erforderlich, bis ${formatGermanDate(today)}`);
    expect(text).toContain('Stehlgutliste');
  });

  it('the detail shows the history, the answers with labels and the open documents', async () => {
    const result = submitted.get('fahrrad')!;
    const response = await call('anna', 'GET', `/api/schadenstrecke/schaden/${result.claimId}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<{
      verlauf: { status: string }[];
      antworten: { titel: string; angaben: { label: string; wert: string }[] }[];
      offeneAnforderungen: { key: string; frist: string }[];
      erlaubteStatus?: unknown;
    }>();
    expect(detail.verlauf.map((entry) => entry.status)).toEqual(['GEMELDET']);
    expect(detail.antworten.map((section) => section.titel)).toEqual([
      'Der Schaden',
      'Ihr Fahrrad und das Schloss',
      'Polizeiliche Anzeige',
      'Erklärung',
    ]);
    expect(detail.antworten[1]?.angaben).toContainEqual({
      label: 'Womit war das Fahrrad abgeschlossen?',
      wert: 'Bügelschloss',
    });
    expect(detail.offeneAnforderungen.map((document) => document.key)).toEqual([
      'polizeiliche-anzeige',
      'kaufbeleg',
      'schlossnachweis',
    ]);
    expect(detail.offeneAnforderungen[0]?.frist).toBe(today);
    expect(detail.erlaubteStatus).toBeUndefined();
  });

  it('files go with the report: a loose photo and a file for a document of the checklist', async () => {
    const photo = await uploadFile('anna', 'schaden.txt', Buffer.from('Kratzer am Rahmen, Foto folgt.'));
    const receipt = await uploadFile(
      'anna',
      'kaufbeleg.txt',
      Buffer.from('Rechnung Fahrradhaus, 4.500,00 EUR'),
    );
    const response = await report('fahrrad', newKey(), {
      uploads: [{ uploadId: photo.uploadId }, { uploadId: receipt.uploadId, dokument: 'kaufbeleg' }],
    });
    expect(response.statusCode, response.body).toBe(201);
    const { claimId } = response.json<ClaimSubmitResult>();
    const detail = (await call('anna', 'GET', `/api/schadenstrecke/schaden/${claimId}`)).json<{
      dateien: { id: string; url: string }[];
    }>();
    expect(detail.dateien.map((file) => file.id)).toEqual([photo.uploadId]);
    const documents = (await call('anna', 'GET', `/api/schadenstrecke/required-documents/${claimId}`)).json<{
      dokumente: { key: string; status: string; dateien: { id: string }[] }[];
    }>();
    expect(documents.dokumente.find((document) => document.key === 'kaufbeleg')).toMatchObject({
      status: 'eingereicht',
      dateien: [{ id: receipt.uploadId }],
    });
    const file = await call('anna', 'GET', detail.dateien[0]!.url);
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('Kratzer am Rahmen, Foto folgt.');
    // Another customer cannot fetch it, neither by the claim's URL nor under an own claim.
    expect((await call('weber', 'GET', detail.dateien[0]!.url)).statusCode).toBe(404);
    const weberClaim = submitted.get('bhv')!.claimId;
    expect(
      (await call('weber', 'GET', `/api/schadenstrecke/schaden/${weberClaim}/dateien/${photo.uploadId}`))
        .statusCode,
    ).toBe(404);
  });
});

describe('one claim per Idempotency-Key', () => {
  it('the same key again answers the same claim', async () => {
    const key = newKey();
    const first = await report('phv', key);
    const second = await report('phv', key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
  });

  it('two tabs sending the same draft at once make one claim', async () => {
    const saved = await call('anna', 'PUT', `/api/schadenstrecke/entwuerfe/${anna.contracts.thv}`, {
      produkt: 'thv',
      antworten: claimSample('thv', today),
      schritt: 'erklaerung',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { idempotencyKey } = saved.json<{ idempotencyKey: string }>();
    const [a, b] = await Promise.all([report('thv', idempotencyKey), report('thv', idempotencyKey)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json<ClaimSubmitResult>().claimId).toBe(b.json<ClaimSubmitResult>().claimId);
    const rows = await t.database.db.select().from(claims).where(eq(claims.idempotencyKey, idempotencyKey));
    expect(rows).toHaveLength(1);
    // The submit removed the draft.
    expect(
      (await call('anna', 'GET', `/api/schadenstrecke/entwuerfe/${anna.contracts.thv}`)).statusCode,
    ).toBe(404);
  });

  it('a key used for another contract is refused in German', async () => {
    const key = newKey();
    expect((await report('phv', key)).statusCode).toBe(201);
    const other = await report('hausrat', key);
    expect(other.statusCode).toBe(422);
    expect(fieldErrors(other).message).toMatch(/bereits zu einem anderen Vertrag/);
  });
});

describe('inconsistent answers: 422 with German field errors', () => {
  it('a day of the loss in the future', async () => {
    const antworten = claimSample('phv', today);
    const response = await report('phv', newKey(), {
      antworten: { ...antworten, schaden: { ...antworten['schaden'], schadentag: addDays(today, 1) } },
    });
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response).fieldErrors).toEqual([
      { path: 'schaden.schadentag', message: 'Der Tag des Schadens darf nicht in der Zukunft liegen.' },
    ]);
  });

  it('a day before the contract started (the bicycle contract began four days ago)', async () => {
    const antworten = claimSample('fahrrad', today);
    const response = await report('fahrrad', newKey(), {
      antworten: { ...antworten, schaden: { ...antworten['schaden'], schadentag: addDays(today, -10) } },
    });
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response).fieldErrors?.[0]).toEqual({
      path: 'schaden.schadentag',
      message: `Der Tag des Schadens darf nicht vor dem Beginn Ihres Vertrags am ${formatGermanDate(addDays(today, -4))} liegen.`,
    });
  });

  it('answers to a step the path does not reach (pruned answers sent anyway)', async () => {
    const antworten = claimSample('fahrrad', today);
    const response = await report('fahrrad', newKey(), {
      antworten: { ...antworten, schaden: { ...antworten['schaden'], schadenart: 'UNFALL' } },
    });
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response).fieldErrors?.map((error) => error.path)).toEqual(['diebstahl', 'polizei']);
  });

  it('health answers without the consent of /einwilligung', async () => {
    const antworten = claimSample('reise', today);
    const response = await report('reise', newKey(), {
      antworten: {
        ...antworten,
        storno: { ...antworten['storno'], grund: 'KRANKHEIT' },
        gesundheit: {
          betroffenePerson: 'Anna Schneider',
          erkranktAm: addDays(today, -5),
          arzt: 'Dr. Heil',
          reiseunfaehigBestaetigt: 'JA',
        },
      },
    });
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response).fieldErrors?.map((error) => error.path)).toEqual(['gesundheit']);
  });

  it('a product the contract does not take', async () => {
    const response = await call(
      'anna',
      'POST',
      `/api/schadenstrecke/schaden/v2/${anna.contracts.phv}`,
      { produkt: 'hausrat', antworten: claimSample('hausrat', today) },
      { 'idempotency-key': newKey() },
    );
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response).message).toBe(
      'Zu diesem Vertrag können Sie diese Art von Schaden nicht melden. Bitte wählen Sie den passenden Vertrag.',
    );
  });

  it('a missing Idempotency-Key is a 400', async () => {
    const response = await call('anna', 'POST', `/api/schadenstrecke/schaden/v2/${anna.contracts.phv}`, {
      produkt: 'phv',
      antworten: claimSample('phv', today),
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('ownership', () => {
  it("another customer's contract is a 404, and nothing is written", async () => {
    const before = await t.database.db.select().from(claims);
    const response = await call(
      'weber',
      'POST',
      `/api/schadenstrecke/schaden/v2/${anna.contracts.phv}`,
      { produkt: 'phv', antworten: claimSample('phv', today) },
      { 'idempotency-key': newKey() },
    );
    expect(response.statusCode).toBe(404);
    expect(await t.database.db.select().from(claims)).toHaveLength(before.length);
  });

  it("another customer's claim, its documents, messages and list are 404", async () => {
    const claimId = submitted.get('phv')!.claimId;
    for (const url of [
      `/api/schadenstrecke/schaden/${claimId}`,
      `/api/schadenstrecke/required-documents/${claimId}`,
      `/api/schadenstrecke/schaden/${claimId}/nachrichten`,
      `/api/schadenstrecke/schaden?partnernummer=${anna.partnerNummer}`,
    ]) {
      expect((await call('weber', 'GET', url)).statusCode, url).toBe(404);
    }
    const post = await call('weber', 'POST', `/api/schadenstrecke/schaden/${claimId}/nachrichten`, {
      text: 'Hallo',
    });
    expect(post.statusCode).toBe(404);
  });

  it("another customer's upload cannot be attached to a report", async () => {
    const foreign = await uploadFile('weber', 'fremd.txt', Buffer.from('Nicht Annas Datei'));
    const response = await report('phv', newKey(), { uploads: [{ uploadId: foreign.uploadId }] });
    expect(response.statusCode).toBe(422);
    const [row] = await t.database.db
      .select()
      .from(claims)
      .where(
        and(eq(claims.partnerId, (await partnerIdOf(anna.partnerNummer))!), eq(claims.status, 'GEMELDET')),
      );
    expect(row).toBeDefined();
  });
});

async function partnerIdOf(partnerNummer: string): Promise<string | undefined> {
  const { partners } = await import('../../db/schema/partners');
  const [row] = await t.database.db
    .select({ id: partners.id })
    .from(partners)
    .where(eq(partners.partnerNummer, partnerNummer));
  return row?.id;
}

describe('public report without an account', () => {
  const body = (vertragsnummer: string, pruefung: object, melderEmail: string) => ({
    vertragsnummer,
    pruefung,
    melder: { name: 'Max Nachbar', email: melderEmail, rolle: 'GESCHAEDIGTER' },
    produkt: 'phv',
    antworten: claimSample('phv', today),
  });

  it('answers the same for a matching contract, a wrong postcode and an unknown number; only the match becomes a claim', async () => {
    await processPublicReports(deps);
    const countBefore = (await t.database.db.select().from(claims)).length;
    const matching = await call(
      null,
      'POST',
      '/api/schadenstrecke/oeffentlich',
      body(anna.contracts.phv, { email: anna.email.toUpperCase() }, 'melder.a@example.com'),
    );
    const wrongCheck = await call(
      null,
      'POST',
      '/api/schadenstrecke/oeffentlich',
      body(anna.contracts.phv, { plz: '99999' }, 'melder.b@example.com'),
    );
    const unknown = await call(
      null,
      'POST',
      '/api/schadenstrecke/oeffentlich',
      body('9999999999', { plz: '50667' }, 'melder.c@example.com'),
    );
    for (const response of [matching, wrongCheck, unknown]) {
      expect(response.statusCode, response.body).toBe(202);
      expect(response.body).toBe(matching.body);
    }
    // Every claimant gets the same receipt text, which names no claim number.
    const receipts = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.purpose, 'CLAIM_PUBLIC_RECEIPT'));
    const bodies = receipts
      .filter((mail) => mail.recipient.startsWith('melder.'))
      .map((mail) => mail.body.replace(/vom .* Uhr/, ''));
    expect(new Set(bodies).size).toBe(1);
    expect(bodies[0]).not.toMatch(/SC\d{2}-/);

    const handled = await processPublicReports(deps);
    expect(handled).toEqual({ handled: 3, claims: 1 });
    const after = await t.database.db.select().from(claims).where(eq(claims.quelle, 'OEFFENTLICH'));
    expect(after).toHaveLength(1);
    expect((await t.database.db.select().from(claims)).length).toBe(countBefore + 1);
    // The policyholder is told in the Postfach; the handled reports keep no personal data.
    const [told] = await t.database.db
      .select()
      .from(mailboxMessages)
      .where(eq(mailboxMessages.subject, `Ihre Schadenmeldung ${after[0]!.schadennummer} ist eingegangen`));
    expect(told?.body).toMatch(/ohne Anmeldung/);
    const reports = await t.database.db.select().from(claimPublicReports);
    expect(reports.every((entry) => JSON.stringify(entry.eingabe) === '{"bearbeitet":true}')).toBe(true);
  });

  it('an anonymous upload goes with the report to the claim, under the claimant’s upload key only', async () => {
    const first = await uploadFile(null, 'foto.txt', Buffer.from('Scheibe zersprungen'));
    const ok = await call(null, 'POST', '/api/schadenstrecke/oeffentlich', {
      ...body(anna.contracts.phv, { plz: '50667' }, 'melder.d@example.com'),
      uploads: [{ uploadId: first.uploadId }],
      uploadSchluessel: first.uploadSchluessel,
    });
    expect(ok.statusCode, ok.body).toBe(202);
    // Someone else's upload (no key) is refused whatever the contract: nothing tells them more.
    const second = await uploadFile(null, 'foto2.txt', Buffer.from('Noch ein Foto'));
    const refused = await call(null, 'POST', '/api/schadenstrecke/oeffentlich', {
      ...body('9999999999', { plz: '50667' }, 'melder.e@example.com'),
      uploads: [{ uploadId: second.uploadId }],
    });
    expect(refused.statusCode).toBe(422);
  });

  it('refuses inconsistent answers with German field errors before any contract is looked at', async () => {
    const antworten = claimSample('phv', today);
    const response = await call(null, 'POST', '/api/schadenstrecke/oeffentlich', {
      ...body('9999999999', { plz: '50667' }, 'melder.f@example.com'),
      antworten: { ...antworten, erklaerung: { wahrheitsgemaess: true } },
    });
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response).fieldErrors?.[0]?.path).toBe('erklaerung.keinAnerkenntnis');
  });
});

describe('the clerk moves a claim and asks for documents; the customer sees it', () => {
  it('allowed moves only, a rejection needs a reason, each change reaches the Postfach', async () => {
    const { claimId, schadennummer } = submitted.get('hausrat')!;
    await expect(moveClaim({ deps, actor: clerk, claimId, nach: 'REGULIERT' })).rejects.toMatchObject({
      status: 422,
      userMessage: 'Ein Schaden im Status „Gemeldet“ kann nicht in den Status „Reguliert“ wechseln.',
    });
    await moveClaim({ deps, actor: clerk, claimId, nach: 'DECKUNG_GEPRUEFT' });
    await expect(
      moveClaim({ deps, actor: clerk, claimId, nach: 'ABGELEHNT', grund: ' ' }),
    ).rejects.toMatchObject({
      status: 422,
      userMessage: 'Bitte nennen Sie den Grund der Ablehnung.',
    });
    await expect(
      moveClaim({ deps, actor: clerk, claimId, nach: 'BEGUTACHTET', erwartet: 'GEMELDET' }),
    ).rejects.toMatchObject({
      status: 409,
    });
    await moveClaim({
      deps,
      actor: clerk,
      claimId,
      nach: 'ABGELEHNT',
      grund: 'Der Schaden liegt vor Vertragsbeginn.',
    });
    const detail = (await call('anna', 'GET', `/api/schadenstrecke/schaden/${claimId}`)).json<{
      status: string;
      abgeschlossen: boolean;
      verlauf: { status: string; grund?: string }[];
    }>();
    expect(detail.status).toBe('ABGELEHNT');
    expect(detail.abgeschlossen).toBe(true);
    expect(detail.verlauf).toMatchObject([
      { status: 'GEMELDET' },
      { status: 'DECKUNG_GEPRUEFT' },
      { status: 'ABGELEHNT', grund: 'Der Schaden liegt vor Vertragsbeginn.' },
    ]);
    const history = await t.database.db
      .select()
      .from(claimStatusHistory)
      .where(eq(claimStatusHistory.claimId, claimId));
    expect(history.at(-1)?.accountId).toBe(clerk.userId);
    const inbox = await t.database.db
      .select()
      .from(mailboxMessages)
      .where(eq(mailboxMessages.subject, `Ihr Schaden ${schadennummer}: Abgelehnt`));
    expect(inbox[0]?.body).toContain('Grund: Der Schaden liegt vor Vertragsbeginn.');
    await expect(moveClaim({ deps, actor: clerk, claimId, nach: 'GEMELDET' })).rejects.toMatchObject({
      status: 422,
    });
    // A customer is no clerk.
    await expect(
      moveClaim({
        deps,
        actor: { pool: 'benutzer', userId: 'x', username: 'x', partnerId: 'y' },
        claimId: submitted.get('phv')!.claimId,
        nach: 'DECKUNG_GEPRUEFT',
      }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('a requested document joins the list with its deadline; the customer uploads it', async () => {
    const { claimId, schadennummer } = submitted.get('si')!;
    const requested = await requestClaimDocument({
      deps,
      actor: clerk,
      claimId,
      titel: 'Grundriss des Büros',
      fristTage: 14,
    });
    expect(requested).toMatchObject({
      key: 'nachforderung-1',
      status: 'offen',
      nachgefordert: true,
      erforderlich: true,
    });
    const list = (await call('weber', 'GET', `/api/schadenstrecke/required-documents/${claimId}`)).json<{
      dokumente: { key: string; frist: string }[];
    }>();
    expect(list.dokumente.map((document) => document.key)).toContain('nachforderung-1');
    const [mail] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.subject, `Ihr Schaden ${schadennummer}: Wir benötigen eine Unterlage`));
    expect(mail?.body).toContain('Grundriss des Büros');

    const file = await uploadFile('weber', 'grundriss.txt', Buffer.from('Grundriss Erdgeschoss'));
    const sent = await call(
      'weber',
      'POST',
      `/api/schadenstrecke/required-documents/${claimId}/nachforderung-1`,
      {
        uploadIds: [file.uploadId],
      },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<{ dokumente: { key: string; status: string }[] }>().dokumente).toContainEqual(
      expect.objectContaining({ key: 'nachforderung-1', status: 'eingereicht' }),
    );
    const unknownKey = await call(
      'weber',
      'POST',
      `/api/schadenstrecke/required-documents/${claimId}/gibt-es-nicht`,
      {
        uploadIds: [file.uploadId],
      },
    );
    expect(unknownKey.statusCode).toBe(404);
  });

  it('messages: the clerk writes, the customer reads it as incoming (unread until opened) and answers', async () => {
    const { claimId, schadennummer } = submitted.get('vh')!;
    await postClaimMessage({
      deps,
      actor: clerk,
      claimId,
      text: 'Bitte senden Sie uns das Schreiben Ihres Mandanten.',
    });
    const listed = (
      await call('weber', 'GET', `/api/schadenstrecke/schaden?partnernummer=${weber.partnerNummer}`)
    ).json<{
      schaeden: { claimId: string; ungeleseneNachrichten: number }[];
    }>();
    expect(listed.schaeden.find((claim) => claim.claimId === claimId)?.ungeleseneNachrichten).toBe(1);
    const messages = (await call('weber', 'GET', `/api/schadenstrecke/schaden/${claimId}/nachrichten`)).json<{
      nachrichten: { direction: string; author: string; text: string; source: string }[];
    }>();
    expect(messages.nachrichten.at(-1)).toMatchObject({
      direction: 'incoming',
      author: 'Schirm Schadenservice',
      source: 'CHAT',
      text: 'Bitte senden Sie uns das Schreiben Ihres Mandanten.',
    });
    const relisted = (
      await call('weber', 'GET', `/api/schadenstrecke/schaden?partnernummer=${weber.partnerNummer}`)
    ).json<{
      schaeden: { claimId: string; ungeleseneNachrichten: number }[];
    }>();
    expect(relisted.schaeden.find((claim) => claim.claimId === claimId)?.ungeleseneNachrichten).toBe(0);
    const answer = await call('weber', 'POST', `/api/schadenstrecke/schaden/${claimId}/nachrichten`, {
      text: ' Kommt morgen. ',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({
      direction: 'outgoing',
      text: 'Kommt morgen.',
      html: false,
      recipients: [],
      cc: [],
    });
    const empty = await call('weber', 'POST', `/api/schadenstrecke/schaden/${claimId}/nachrichten`, {
      text: '   ',
    });
    expect(empty.statusCode).toBe(422);
    expect(fieldErrors(empty).message).toBe('Bitte schreiben Sie eine Nachricht.');
    const [inbox] = await t.database.db
      .select()
      .from(mailboxMessages)
      .where(eq(mailboxMessages.subject, `Neue Nachricht zu Ihrem Schaden ${schadennummer}`));
    expect(inbox?.body).toContain('Schreiben Ihres Mandanten');
  });

  it('a message sent again with its Idempotency-Key (a retry, two at once) is written once', async () => {
    const { claimId } = submitted.get('vh')!;
    const send = (key: string) =>
      call(
        'weber',
        'POST',
        `/api/schadenstrecke/schaden/${claimId}/nachrichten`,
        { text: 'Das Schreiben liegt bei.' },
        { 'idempotency-key': key },
      );
    const [first, second] = await Promise.all([send('weber-message-0001'), send('weber-message-0001')]);
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode, second.body).toBe(201);
    const retried = await send('weber-message-0001');
    expect(retried.json<{ id: string }>().id).toBe(first.json<{ id: string }>().id);
    expect(second.json<{ id: string }>().id).toBe(first.json<{ id: string }>().id);
    const texts = (await call('weber', 'GET', `/api/schadenstrecke/schaden/${claimId}/nachrichten`))
      .json<{ nachrichten: { text: string }[] }>()
      .nachrichten.filter((message) => message.text === 'Das Schreiben liegt bei.');
    expect(texts).toHaveLength(1);
    const malformed = await send('kurz');
    expect(malformed.statusCode).toBe(400);
  });
});

describe('agents see their customers’ claims and messages', () => {
  it('the main agency sees Anna’s and (through its sub-agency) Weber’s claims; another agency sees none', async () => {
    const claimId = submitted.get('phv')!.claimId;
    const all = await call('hauptagentur', 'GET', '/api/schadenstrecke/vermittler/schaden');
    expect(all.statusCode, all.body).toBe(200);
    const numbers = all.json<{ schaeden: { claimId: string }[] }>().schaeden.map((claim) => claim.claimId);
    expect(numbers).toContain(claimId);
    expect(numbers).toContain(submitted.get('bhv')!.claimId);
    const one = await call(
      'hauptagentur',
      'GET',
      `/api/schadenstrecke/vermittler/schaden?partnernummer=${anna.partnerNummer}`,
    );
    expect(one.statusCode).toBe(200);
    expect(
      (await call('hauptagentur', 'GET', `/api/schadenstrecke/vermittler/schaden/${claimId}`)).statusCode,
    ).toBe(200);
    expect(
      (await call('hauptagentur', 'GET', `/api/schadenstrecke/vermittler/schaden/${claimId}/nachrichten`))
        .statusCode,
    ).toBe(200);
    expect((await call('braun', 'GET', `/api/schadenstrecke/vermittler/schaden/${claimId}`)).statusCode).toBe(
      404,
    );
    expect(
      (
        await call(
          'braun',
          'GET',
          `/api/schadenstrecke/vermittler/schaden?partnernummer=${anna.partnerNummer}`,
        )
      ).statusCode,
    ).toBe(404);
    // An agent's token does not open the customer's routes.
    expect((await call('hauptagentur', 'GET', `/api/schadenstrecke/schaden/${claimId}`)).statusCode).toBe(
      403,
    );
  });
});

describe('agents write to their customers about a claim', () => {
  it('an agent in scope writes (201, sanitised); Anna sees it in the claim with a Postfach entry and an e-mail, the clerk too; another agency gets 404', async () => {
    const claimId = submitted.get('phv')!.claimId;
    const schadennummer = submitted.get('phv')!.schadennummer;
    const url = `/api/schadenstrecke/vermittler/schaden/${claimId}/nachrichten`;
    const outboxBefore = (await t.database.db.select().from(outboxMessages)).length;
    const written = await call('hauptagentur', 'POST', url, {
      html:
        '<p>Guten Tag Frau Schneider,</p><p>bitte senden Sie mir <strong>die Rechnung</strong>.</p>' +
        '<ul><li>Rechnung</li></ul><script>alert(1)</script><img src="x" onerror="alert(2)">' +
        '<a href="javascript:alert(3)">Link</a>',
    });
    expect(written.statusCode, written.body).toBe(201);
    const message = written.json<{ id: string; text: string; author: string; direction: string }>();
    expect(message.text).toBe(
      'Guten Tag Frau Schneider,\nbitte senden Sie mir die Rechnung.\n• Rechnung\n\nLink',
    );
    expect(message.text).not.toMatch(/<|alert/);
    expect(message.author).toMatch(/^Claudia Krüger \(Vermittlung, .+\)$/);
    expect(message.direction).toBe('outgoing');

    // The customer: in the claim's conversation, from the agent, unread until opened.
    const listed = (
      await call('anna', 'GET', `/api/schadenstrecke/schaden?partnernummer=${anna.partnerNummer}`)
    ).json<{ schaeden: { claimId: string; ungeleseneNachrichten: number }[] }>();
    expect(listed.schaeden.find((claim) => claim.claimId === claimId)?.ungeleseneNachrichten).toBeGreaterThan(
      0,
    );
    const customerView = await call('anna', 'GET', `/api/schadenstrecke/schaden/${claimId}/nachrichten`);
    expect(customerView.statusCode).toBe(200);
    expect(
      customerView.json<{ nachrichten: { id: string }[] }>().nachrichten.find((m) => m.id === message.id),
    ).toMatchObject({ author: message.author, direction: 'incoming', text: message.text, html: false });
    // The clerk sees it in the same conversation.
    const clerkView = await listClaimMessages({ db: t.database.db, actor: clerk, claimId });
    expect(clerkView.nachrichten.find((m) => m.id === message.id)).toMatchObject({
      author: message.author,
      direction: 'incoming',
    });
    // The usual notification: a Postfach entry and an e-mail through the outbox.
    const inbox = await t.database.db
      .select()
      .from(mailboxMessages)
      .where(eq(mailboxMessages.subject, `Neue Nachricht zu Ihrem Schaden ${schadennummer}`));
    const entry = inbox.find((row) => row.body.includes('die Rechnung'));
    expect(entry?.body).toContain('Ihre Vermittlerin oder Ihr Vermittler Claudia Krüger');
    expect(entry?.body).not.toContain('<');
    const outbox = await t.database.db.select().from(outboxMessages);
    expect(outbox.length).toBe(outboxBefore + 1);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, AGENT_CLAIM_MESSAGE_AUDIT));
    expect(audit?.details).toMatchObject({ claimId, messageId: message.id });

    // Another agency (a sub-agency of the main one does not reach its customers): 404, nothing written.
    const foreign = await call('braun', 'POST', url, { html: '<p>Hallo</p>' });
    expect(foreign.statusCode).toBe(404);
    const unknown = await call(
      'hauptagentur',
      'POST',
      '/api/schadenstrecke/vermittler/schaden/00000000-0000-4000-8000-000000000000/nachrichten',
      { html: '<p>Hallo</p>' },
    );
    expect(unknown.statusCode).toBe(404);
    expect(
      (await listClaimMessages({ db: t.database.db, actor: clerk, claimId })).nachrichten.filter((m) =>
        m.text.includes('Hallo'),
      ),
    ).toEqual([]);
    // The customer's token does not open the agent's route.
    expect((await call('anna', 'POST', url, { html: '<p>Hallo</p>' })).statusCode).toBe(403);
  });

  it('refuses a message that is empty once sanitised, or too long, with a German 422 on the field', async () => {
    const url = `/api/schadenstrecke/vermittler/schaden/${submitted.get('phv')!.claimId}/nachrichten`;
    const empty = await call('hauptagentur', 'POST', url, { html: '<p> </p><script>alert(1)</script>' });
    expect(empty.statusCode).toBe(422);
    expect(fieldErrors(empty).fieldErrors).toEqual([
      { path: 'html', message: 'Bitte schreiben Sie eine Nachricht.' },
    ]);
    const long = await call('hauptagentur', 'POST', url, { html: `<p>${'a'.repeat(5001)}</p>` });
    expect(long.statusCode).toBe(422);
    expect(fieldErrors(long).message).toBe('Ihre Nachricht darf höchstens 5.000 Zeichen lang sein.');
  });
});

describe('drafts', () => {
  it('saves, loads and deletes a draft per contract; the product must fit the contract', async () => {
    const url = `/api/schadenstrecke/entwuerfe/${anna.contracts.hausrat}`;
    const saved = await call('anna', 'PUT', url, {
      produkt: 'hausrat',
      antworten: { schaden: { schadenart: 'EINBRUCH' } },
      schritt: 'gegenstaende',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = await call('anna', 'PUT', url, {
      produkt: 'hausrat',
      antworten: { schaden: { schadenart: 'FEUER' } },
      schritt: 'schaden',
    });
    expect(again.json<{ idempotencyKey: string }>().idempotencyKey).toBe(
      saved.json<{ idempotencyKey: string }>().idempotencyKey,
    );
    const loaded = await call('anna', 'GET', url);
    expect(loaded.json()).toMatchObject({
      produkt: 'hausrat',
      schritt: 'schaden',
      antworten: { schaden: { schadenart: 'FEUER' } },
    });
    expect((await call('weber', 'GET', url)).statusCode).toBe(404);
    const wrong = await call('anna', 'PUT', url, { produkt: 'phv', antworten: {}, schritt: 'schaden' });
    expect(wrong.statusCode).toBe(422);
    expect((await call('anna', 'DELETE', url)).statusCode).toBe(204);
    expect((await call('anna', 'GET', url)).statusCode).toBe(404);
  });
});

describe('the receipt is a document of the contract', () => {
  it('lists under the contract’s documents with the claim number', async () => {
    const { schadennummer } = submitted.get('reise')!;
    const rows = await t.database.db
      .select()
      .from(contractDocuments)
      .where(eq(contractDocuments.name, `Eingangsbestätigung Schaden ${schadennummer}`));
    expect(rows).toHaveLength(1);
  });
});

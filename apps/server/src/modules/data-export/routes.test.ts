import { eq, inArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInGermany } from '@schirm/domain/dates/calendar-date';
import { DEMO_AGENTS, DEMO_CUSTOMERS } from '../../db/demo/portfolio/demo-people';
import { DEMO_SEEDERS } from '../../db/demo/seeders';
import { auditLog } from '../../db/schema/audit';
import {
  accounts,
  oneTimeTokens,
  refreshTokens,
  signInChallenges,
  tanVerifications,
} from '../../db/schema/identity';
import { mailboxMessages } from '../../db/schema/mailbox';
import { outboxMessages } from '../../db/schema/outbox';
import { bankAccounts, partners } from '../../db/schema/partners';
import { seedDemoData } from '../../db/seed';
import { loadIdentityKeys, type IdentityKeys } from '../../platform/auth/keys';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  findContractByNumber,
  insertContractDocument,
  updateContractWithVersion,
} from '../contracts/repository';
import { DEMO_PASSWORD } from '../identity/demo-seeder';
import { clientProof, mintAccessToken, signIn } from '../identity/identity-test-kit';
import { datenauskunftSchema, type Datenauskunft } from './export-format';

const { annaSchneider: anna, weberDigital: weber, jonasBecker: jonas } = DEMO_CUSTOMERS;
const EXPORT_URL = '/api/benutzer/benutzer/datenauskunft';

let testApp: TestApp;
let keys: IdentityKeys;
let annaToken: string;

async function accountOf(email: string) {
  const [row] = await testApp.database.db.select().from(accounts).where(eq(accounts.username, email));
  if (!row) throw new Error(`no account ${email}`);
  return row;
}

/** A sign-in attempt with a wrong password: recorded as SIGN_IN_FAILED. */
async function failSignIn(email: string) {
  const init = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/init',
    remoteAddress: '10.0.0.9',
    payload: { pool: 'benutzer', username: email },
  });
  const { session, salt, B } = init.json() as { session: string; salt: string; B: string };
  const proof = await clientProof(email, 'Falsches-Passwort-1!', salt, B);
  const verify = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/verify',
    remoteAddress: '10.0.0.9',
    payload: { session, A: proof.A, M1: proof.M1 },
  });
  expect(verify.statusCode).toBeGreaterThanOrEqual(400);
}

/** Anna's PHV: a document, and the pending family status change applied (kept as history). */
async function givenDocumentAndAppliedChange() {
  const db = testApp.database.db;
  const phv = await findContractByNumber({ db, versicherungsNummer: anna.contracts.phv });
  if (!phv) throw new Error('demo PHV missing');
  expect(phv.vorgemerkteAenderungen.map((change) => change.type)).toContain('familienstand');
  const document = await insertContractDocument({
    db,
    contractId: phv.id,
    name: 'Versicherungsschein',
    typ: 'default',
    storageKey: `vertraege/${phv.versicherungsNummer}/versicherungsschein.pdf`,
  });
  const applied = await updateContractWithVersion({
    db,
    id: phv.id,
    expectedVersion: phv.version,
    changes: { vorgemerkteAenderungen: phv.vorgemerkteAenderungen.filter((c) => c.type !== 'familienstand') },
    appliedChangeTypes: ['familienstand'],
  });
  expect(applied.ok).toBe(true);
  return { contractId: phv.id, documentId: document.id };
}

/** A mailbox message for Anna and for Markus, and an e-mail with an attachment to Anna. */
async function givenMessages(phv: { contractId: string; documentId: string }) {
  const db = testApp.database.db;
  const [annaPartner, weberPartner] = await Promise.all(
    [anna, weber].map(async (person) => {
      const [row] = await db.select().from(partners).where(eq(partners.partnerNummer, person.partnerNummer));
      return row!;
    }),
  );
  await db.insert(mailboxMessages).values([
    {
      partnerId: annaPartner!.id,
      contractId: phv.contractId,
      documentId: phv.documentId,
      subject: 'Ihr Versicherungsschein',
      body: 'Text des Briefs an Anna',
    },
    { partnerId: weberPartner!.id, subject: 'Post für Weber Digital', body: 'Text des Briefs an Weber' },
  ]);
  await db.insert(outboxMessages).values({
    channel: 'email',
    recipient: anna.email,
    subject: 'Ihre Vertragsbestätigung',
    body: 'Text der E-Mail an Anna',
    purpose: 'CONTRACT_CONFIRMATION',
    attachmentName: 'vertragsbestaetigung.pdf',
    attachmentStorageKey: 'ausgang/geheimer-ablageort.pdf',
    status: 'KEPT',
  });
}

function exportOf(token?: string) {
  return testApp.app.inject({
    method: 'GET',
    url: EXPORT_URL,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
}

beforeAll(async () => {
  testApp = await createTestApp();
  keys = loadIdentityKeys(testApp.config);
  await seedDemoData(testApp.database.db, DEMO_SEEDERS);
  await failSignIn(anna.email);
  const customer = { pool: 'benutzer' as const, password: DEMO_PASSWORD };
  annaToken = (await signIn(testApp.app, { ...customer, username: anna.email, mobile: anna.mobil }))
    .accessToken;
  await signIn(testApp.app, { ...customer, username: weber.email, mobile: weber.mobil }, '10.0.0.2');
  await givenMessages(await givenDocumentAndAppliedChange());
});

afterAll(async () => {
  await testApp.close();
});

describe(`GET ${EXPORT_URL}`, () => {
  let response: Awaited<ReturnType<typeof exportOf>>;
  let file: Datenauskunft;

  beforeAll(async () => {
    response = await exportOf(annaToken);
    file = datenauskunftSchema.parse(JSON.parse(response.body));
  });

  it('answers a JSON file to save, never cached', () => {
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="schirm-datenauskunft-${todayInGermany()}.json"`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(file).toMatchObject({ format: 'schirm-datenauskunft', version: 1 });
    expect(Date.now() - Date.parse(file.erstelltAm)).toBeLessThan(60 * 60_000);
  });

  it('holds the person with every address and the bank account with the IBAN in full', async () => {
    const [partner] = await testApp.database.db
      .select()
      .from(partners)
      .where(eq(partners.partnerNummer, anna.partnerNummer));
    const stored = await testApp.database.db
      .select()
      .from(bankAccounts)
      .where(eq(bankAccounts.partnerId, partner!.id));
    expect(file.person).toMatchObject({
      partnerNummer: anna.partnerNummer,
      personArt: 'NatuerlichePersonDTO',
      vorname: 'Anna',
      nachname: 'Schneider',
      email: anna.email,
    });
    expect(file.person.adressen.length).toBeGreaterThan(0);
    expect(file.person.adressen.at(-1)?.gueltigBis).toBeNull();
    expect(file.person.bankverbindungen.map((b) => b.iban)).toEqual(stored.map((b) => b.iban));
    expect(file.person.bankverbindungen[0]?.iban).toMatch(/^DE\d{20}$/);
    expect(file.person.bankverbindungen[0]?.sepaMandat.mandatsreferenz).toBeTruthy();
  });

  it('holds the account: e-mail, mobile number, creation, last sign-in and the session', () => {
    expect(file.zugang).toMatchObject({
      benutzername: anna.email,
      email: anna.email,
      handynummer: anna.mobil,
      spitzname: 'Anna',
      status: 'ACTIVE',
    });
    expect(file.zugang.letzteAnmeldung).not.toBeNull();
    expect(file.zugang.sitzungen).toHaveLength(1);
    expect(file.zugang.sitzungen[0]?.beendetAm).toBeNull();
  });

  it('holds every contract with its customer view, premium history, changes and documents', () => {
    const numbers = file.vertraege.map((entry) => entry.vertrag.versicherungsNummer).sort();
    expect(numbers).toEqual(Object.values(anna.contracts).sort());
    for (const entry of file.vertraege) {
      expect(entry.beitragsverlauf.length, entry.vertrag.versicherungsNummer).toBeGreaterThan(0);
      expect(entry.beitragsverlauf[0]?.grund).toBe('VERTRAGSABSCHLUSS');
    }
    const phv = file.vertraege.find((entry) => entry.vertrag.versicherungsNummer === anna.contracts.phv);
    expect(phv?.durchgefuehrteAenderungen).toEqual([
      expect.objectContaining({ typ: 'familienstand', durchgefuehrtAm: expect.any(String) }),
    ]);
    expect(phv?.vorgemerkteAenderungen.map((change) => change.typ)).not.toContain('familienstand');
    expect(phv?.dokumente).toEqual([
      { name: 'Versicherungsschein', typ: 'default', erstelltAm: expect.any(String) },
    ]);
    expect(phv?.vertrag.dokumente[0]?.url).toMatch(/^\/api\/dokument\/download-bereich\/dokumente\/.+/);
    expect(phv?.vertrag.vermittler?.vermittlerNummer).toBe(DEMO_AGENTS.hauptagentur.vermittlerNummer);
    expect(phv?.vertrag.bankverbindung?.iban).toBe(file.person.bankverbindungen.at(-1)?.iban);
    const pending = file.vertraege.flatMap((entry) => entry.vorgemerkteAenderungen);
    expect(pending.length).toBeGreaterThan(0);
    const ended = file.vertraege.filter((entry) => entry.beendigung !== null);
    expect(ended.map((entry) => entry.vertrag.versicherungsNummer)).toContain(anna.contracts.fahrradAlt);
  });

  it('lists the messages sent to the customer by their metadata, never their text', async () => {
    const sent = await testApp.database.db
      .select()
      .from(outboxMessages)
      .where(inArray(outboxMessages.recipient, [anna.email, anna.mobil]));
    expect(sent.length).toBeGreaterThan(0);
    expect(file.nachrichten.versendet).toHaveLength(sent.length);
    expect(file.nachrichten.versendet).toContainEqual(
      expect.objectContaining({ kanal: 'sms', an: anna.mobil, anlass: 'SIGN_IN_TAN' }),
    );
    expect(file.nachrichten.versendet).toContainEqual(
      expect.objectContaining({
        kanal: 'email',
        an: anna.email,
        betreff: 'Ihre Vertragsbestätigung',
        anhang: 'vertragsbestaetigung.pdf',
      }),
    );
    for (const message of sent) expect(response.body).not.toContain(message.body);
    expect(response.body).not.toContain('geheimer-ablageort');
  });

  it("lists the mailbox (Postfach) entries by subject, contract and attachment, only the customer's own", () => {
    expect(file.nachrichten.postfach).toEqual([
      {
        betreff: 'Ihr Versicherungsschein',
        richtung: 'EINGANG',
        vertrag: anna.contracts.phv,
        anhang: 'Versicherungsschein',
        eingegangenAm: expect.any(String),
        gelesenAm: null,
        geloeschtAm: null,
        dateien: [],
      },
    ]);
    expect(response.body).not.toContain('Text des Briefs');
    expect(response.body).not.toContain('Weber Digital');
  });

  it('holds the sign-in history with time, event, result and the IP address as stored', () => {
    const events = file.anmeldeverlauf.map((entry) => [entry.ereignis, entry.ergebnis, entry.ip]);
    expect(events).toContainEqual(['SIGN_IN_FAILED', 'FEHLGESCHLAGEN', '10.0.0.9']);
    expect(events).toContainEqual(['SIGN_IN_SUCCEEDED', 'ERFOLGREICH', '10.0.0.1']);
    const times = file.anmeldeverlauf.map((entry) => entry.zeitpunkt);
    expect(times).toEqual([...times].sort());
  });

  it('contains no password verifier, salt, token, TAN or code hash', async () => {
    const db = testApp.database.db;
    const account = await accountOf(anna.email);
    const tokens = await db.select().from(refreshTokens).where(eq(refreshTokens.accountId, account.id));
    const tans = await db.select().from(tanVerifications).where(eq(tanVerifications.accountId, account.id));
    const challenges = await db
      .select()
      .from(signInChallenges)
      .where(eq(signInChallenges.accountId, account.id));
    const links = await db
      .select()
      .from(oneTimeTokens)
      .where(or(eq(oneTimeTokens.accountId, account.id), eq(oneTimeTokens.partnerId, account.partnerId!)));
    const secrets = [
      account.srpSalt,
      account.srpVerifier,
      ...tokens.map((t) => t.tokenHash),
      ...tans.map((t) => t.codeHash),
      ...tans.map((t) => t.handleHash),
      ...challenges.flatMap((c) => [c.sessionHash, c.tanHash, c.srpSecret, c.srpPublic]),
      ...links.map((l) => l.secretHash),
    ].filter((value): value is string => !!value);
    expect(tokens.length + challenges.length).toBeGreaterThan(0);
    const text = response.body.toLowerCase();
    for (const secret of secrets) expect(text).not.toContain(secret.toLowerCase());
  });

  it("contains nothing of another partner's data", async () => {
    const markus = await accountOf(weber.email);
    for (const value of [
      weber.partnerNummer,
      weber.email,
      weber.mobil,
      markus.id,
      markus.partnerId!,
      ...Object.values(weber.contracts),
      ...Object.values(jonas.contracts),
    ]) {
      expect(response.body).not.toContain(value);
    }
    expect(file.anmeldeverlauf.map((entry) => entry.ip)).not.toContain('10.0.0.2');
  });

  it('records the export in the audit log, which the next export shows', async () => {
    const account = await accountOf(anna.email);
    const exported = await testApp.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.accountId, account.id));
    expect(exported.filter((row) => row.action === 'DATA_EXPORTED')).toHaveLength(1);
    const next = datenauskunftSchema.parse((await exportOf(annaToken)).json());
    expect(next.anmeldeverlauf.at(-1)).toMatchObject({ ereignis: 'DATA_EXPORTED', ergebnis: 'ERFOLGREICH' });
  });
});

describe(`GET ${EXPORT_URL} refused`, () => {
  it('answers 401 without a token', async () => {
    const response = await exportOf();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
  });

  it("answers 403 to an agent's token", async () => {
    const agent = await accountOf(DEMO_AGENTS.hauptagentur.email);
    const response = await exportOf(await mintAccessToken(keys, agent));
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain(anna.partnerNummer);
  });

  it('allows 10 exports an hour per account, then 429 with Retry-After; other accounts keep theirs', async () => {
    const token = await mintAccessToken(keys, await accountOf(jonas.email));
    for (let i = 0; i < 10; i += 1) expect((await exportOf(token)).statusCode).toBe(200);
    const limited = await exportOf(token);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json()).toMatchObject({ error: { code: 'TOO_MANY_REQUESTS' } });
    expect((await exportOf(annaToken)).statusCode).toBe(200);
  });
});

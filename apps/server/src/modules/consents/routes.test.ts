// The health-data consent through the API on a real database (issue 14, ADR 0028): the wording is
// public and the customer's token adds their state; giving needs the current version (409 in German
// otherwise) and the confirmation; withdrawing ends it with the date; giving again after a new
// wording replaces the old consent; the list shows the history; each customer sees only their own;
// hasHealthDataConsent follows all of it, also when two gives race.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consents, consentTexts } from '../../db/schema/consents';
import { loadIdentityKeys } from '../../platform/auth/keys';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertAgentAccount, insertCustomer, mintAccessToken } from '../identity/identity-test-kit';
import { currentHealthDataWording, hasHealthDataConsent, type ConsentStatus } from './service';
import { EINWILLIGUNG_GESUNDHEITSDATEN, wordingText } from './texts';

let t: TestApp;
const PATH = '/api/schadenstrecke/einwilligungserklaerung';

interface Customer {
  token: string;
  partnerId: string;
}

async function customer(): Promise<Customer> {
  const account = await insertCustomer(t.database.db);
  return {
    token: await mintAccessToken(loadIdentityKeys(t.config), account),
    partnerId: account.partnerId ?? '',
  };
}

function call(token: string | undefined, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    ...(payload === undefined ? {} : { payload }),
  });
}

const give = (who: Customer, version = currentHealthDataWording().version) =>
  call(who.token, 'POST', PATH, { version, zugestimmt: true });

async function state(who: Customer): Promise<ConsentStatus | undefined> {
  const response = await call(who.token, 'GET', PATH);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ zustand?: ConsentStatus }>().zustand;
}

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('the wording', () => {
  it('pins the SHA-256 of each version: a changed text needs a new version', () => {
    expect(EINWILLIGUNG_GESUNDHEITSDATEN.version).toBe('2026-11');
    const hash = createHash('sha256').update(wordingText(EINWILLIGUNG_GESUNDHEITSDATEN)).digest('hex');
    expect(hash).toBe(currentHealthDataWording().sha256);
    expect(hash).toBe('24118f572516a86a11faa4f19daffba14ffbe19eaeb91c97c3ec9a5fd17c12a9');
  });

  it('is public, with the version and the consequences of a withdrawal, and no state without sign-in', async () => {
    const response = await call(undefined, 'GET', PATH);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      art: 'GESUNDHEITSDATEN',
      version: '2026-11',
      gueltigAb: '2026-11-26',
      titel: 'Einwilligung in die Erhebung und Verwendung von Gesundheitsdaten',
    });
    expect(body.absaetze.join(' ')).toContain('Art. 9 Abs. 2 Buchstabe a DSGVO');
    expect(body.absaetze.join(' ')).toContain('§ 213 VVG');
    expect(body.widerrufsfolgen).toContain('keine Gesundheitsfragen');
    expect(body.zustand).toBeUndefined();
    const agent = await insertAgentAccount(t.database.db);
    const asAgent = await call(await mintAccessToken(loadIdentityKeys(t.config), agent), 'GET', PATH);
    expect(asAgent.json().zustand).toBeUndefined();
  });
});

describe('giving and withdrawing', () => {
  it('gives, keeps the wording with its hash, withdraws with the date, and gives again', async () => {
    const erika = await customer();
    expect(await state(erika)).toEqual({ status: 'NICHT_ERTEILT' });
    expect(await hasHealthDataConsent(t.database.db, erika.partnerId)).toBe(false);

    const given = await give(erika);
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject({
      status: 'ERTEILT',
      version: '2026-11',
      erteiltAm: expect.any(String),
    });
    expect(await state(erika)).toMatchObject({ status: 'ERTEILT' });
    expect(await hasHealthDataConsent(t.database.db, erika.partnerId)).toBe(true);
    const [text] = await t.database.db.select().from(consentTexts).where(eq(consentTexts.version, '2026-11'));
    expect(text?.wortlaut).toBe(wordingText(EINWILLIGUNG_GESUNDHEITSDATEN));
    expect(text?.sha256).toBe(currentHealthDataWording().sha256);

    // A second click changes nothing.
    expect((await give(erika)).statusCode).toBe(200);
    expect(
      await t.database.db.select().from(consents).where(eq(consents.partnerId, erika.partnerId)),
    ).toHaveLength(1);

    const withdrawn = await call(erika.token, 'DELETE', PATH);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({ status: 'WIDERRUFEN', widerrufenAm: expect.any(String) });
    expect(await hasHealthDataConsent(t.database.db, erika.partnerId)).toBe(false);
    // Withdrawing again is harmless.
    expect((await call(erika.token, 'DELETE', PATH)).json()).toMatchObject({ status: 'WIDERRUFEN' });

    expect((await give(erika)).json()).toMatchObject({ status: 'ERTEILT' });
    const list = await call(erika.token, 'GET', '/api/partner/einwilligungen');
    expect(list.statusCode).toBe(200);
    const entries = list.json().einwilligungen;
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ beendetAm: null, beendetDurch: null, aktuelleFassung: true });
    expect(entries[1]).toMatchObject({ beendetDurch: 'WIDERRUF', beendetAm: expect.any(String) });
    expect(entries[0].titel).toBe(EINWILLIGUNG_GESUNDHEITSDATEN.titel);
    expect(entries[0].sha256).toBe(currentHealthDataWording().sha256);
  });

  it('refuses another version with 409 and a German message, and a missing confirmation with 400', async () => {
    const max = await customer();
    const old = await give(max, '2025-01');
    expect(old.statusCode).toBe(409);
    expect(old.json().error).toMatchObject({
      code: 'CONSENT_VERSION_CHANGED',
      message: expect.stringContaining('Der Text der Einwilligung wurde inzwischen geändert.'),
    });
    const unconfirmed = await call(max.token, 'POST', PATH, {
      version: currentHealthDataWording().version,
      zugestimmt: false,
    });
    expect(unconfirmed.statusCode).toBe(400);
    expect(JSON.stringify(unconfirmed.json())).toContain('Bitte bestätigen Sie, dass Sie einwilligen.');
    expect(await state(max)).toEqual({ status: 'NICHT_ERTEILT' });
  });

  it('replaces a consent to an older wording (VERALTET until given again)', async () => {
    const lea = await customer();
    const db = t.database.db;
    await db
      .insert(consentTexts)
      .values({
        art: 'GESUNDHEITSDATEN',
        version: '2025-01',
        sha256: 'a'.repeat(64),
        wortlaut: 'Alt\n\nText',
      })
      .onConflictDoNothing();
    await db
      .insert(consents)
      .values({ partnerId: lea.partnerId, art: 'GESUNDHEITSDATEN', version: '2025-01' });
    expect(await state(lea)).toMatchObject({ status: 'VERALTET', version: '2025-01' });
    expect(await hasHealthDataConsent(db, lea.partnerId)).toBe(false);
    expect((await give(lea)).json()).toMatchObject({ status: 'ERTEILT', version: '2026-11' });
    const entries = (await call(lea.token, 'GET', '/api/partner/einwilligungen')).json().einwilligungen;
    expect(
      entries.map((e: { version: string; beendetDurch: string | null }) => [e.version, e.beendetDurch]),
    ).toEqual([
      ['2026-11', null],
      ['2025-01', 'ERSETZT'],
    ]);
  });

  it('ends two gives at once with one running consent', async () => {
    const tom = await customer();
    const answers = await Promise.all([give(tom), give(tom), give(tom)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const rows = await t.database.db.select().from(consents).where(eq(consents.partnerId, tom.partnerId));
    expect(rows.filter((row) => row.beendetAm === null)).toHaveLength(1);
  });

  it("changes and shows only the caller's own consent", async () => {
    const anna = await customer();
    const ben = await customer();
    await give(anna);
    expect(await state(ben)).toEqual({ status: 'NICHT_ERTEILT' });
    expect((await call(ben.token, 'GET', '/api/partner/einwilligungen')).json().einwilligungen).toEqual([]);
    await call(ben.token, 'DELETE', PATH);
    expect(await hasHealthDataConsent(t.database.db, anna.partnerId)).toBe(true);
    expect((await call(undefined, 'POST', PATH, { version: '2026-11', zugestimmt: true })).statusCode).toBe(
      401,
    );
    expect((await call(undefined, 'DELETE', PATH)).statusCode).toBe(401);
  });
});

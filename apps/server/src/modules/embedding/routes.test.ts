// Embedding through the API (issue 16): the partner configuration per allowed origin, the CSP
// frame-ancestors per request, the partner token exchange with its single-use, expiring tokens,
// the embedded customer session and what it may not do, the customer's grants, and the direct
// application concluded for the partner's broker.
import { addDays, addMonths, todayInGermany } from '@schirm/domain/dates/calendar-date';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { agents } from '../../db/schema/agents';
import { contracts } from '../../db/schema/contracts';
import { embeddingPartners } from '../../db/schema/embedding';
import { EMBEDDED_SESSION_REFUSED } from '../../platform/auth/authenticate';
import { loadIdentityKeys, type IdentityKeys } from '../../platform/auth/keys';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DATA_EXPORT_PATH } from '../data-export/routes';
import {
  insertAgentAccount,
  insertCustomer,
  mintAccessToken,
  type TestAccount,
} from '../identity/identity-test-kit';
import { insertClerkAccount } from '../clerk/clerk-test-kit';
import { listMailboxMessages } from '../mailbox/repository';
import { EXCHANGE_TOKEN_TTL_SECONDS, issueExchangeToken, startEmbeddedSession } from './access';
import {
  basicAuth,
  insertEmbeddingPartner,
  insertGrant,
  partnerNummerOf,
  type TestEmbeddingPartner,
} from './fixtures.test-helper';
import { findActivePartner } from './partners';
import { EMBEDDING_TEXTS } from './texts';

let t: TestApp;
let keys: IdentityKeys;
let agent: TestAccount;
let agentNummer: string;
let clerk: TestAccount;
let customer: TestAccount & { contractNumber: string };
let other: TestAccount & { contractNumber: string };
let partner: TestEmbeddingPartner;

interface ErrorBody {
  error: { code: string; message: string; fieldErrors?: { path: string; message: string }[] };
}

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  {
    account,
    bearer,
    payload,
    headers,
  }: { account?: TestAccount; bearer?: string; payload?: object; headers?: Record<string, string> } = {},
) {
  const token = bearer ?? (account ? await mintAccessToken(keys, account) : undefined);
  return t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload }),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
}

/** An embedded access token of the customer through the partner's token exchange. */
async function embeddedSession(account: TestAccount, of: TestEmbeddingPartner = partner) {
  const exchange = await call('POST', '/api/einbettung/token', {
    headers: { authorization: basicAuth(of.partnerKey, of.secret) },
    payload: { partnernummer: await partnerNummerOf(t.database.db, account.partnerId ?? '') },
  });
  expect(exchange.statusCode, exchange.body).toBe(200);
  const { token } = exchange.json<{ token: string }>();
  const session = await call('POST', '/api/einbettung/sitzung', { payload: { token } });
  expect(session.statusCode, session.body).toBe(200);
  // The session names the account as the portal's own sign-in does (the greeting).
  expect(session.json()).toMatchObject({ benutzer: { username: account.username } });
  return { token, ...session.json<{ accessToken: string; expiresIn: number; partnernummer: string }>() };
}

function frameAncestors(csp: unknown): string {
  return /frame-ancestors ([^;]*)/.exec(String(csp))?.[1] ?? '';
}

beforeAll(async () => {
  t = await createTestApp();
  keys = loadIdentityKeys(t.config);
  const db = t.database.db;
  agent = await insertAgentAccount(db);
  const [row] = await db
    .select({ nummer: agents.vermittlerNummer })
    .from(agents)
    .where(eq(agents.id, agent.agentId ?? ''));
  agentNummer = row?.nummer ?? '';
  clerk = await insertClerkAccount(db);
  customer = await insertCustomer(db, { agentId: agent.agentId ?? '' });
  other = await insertCustomer(db);
  partner = await insertEmbeddingPartner(db, { agentId: agent.agentId });
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/einbettung/partner/:partnerKey', () => {
  it('answers an active partner for an allowed origin, with its broker', async () => {
    const response = await call(
      'GET',
      `/api/einbettung/partner/${partner.partnerKey}?origin=${encodeURIComponent('http://localhost:3001')}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      partnerKey: partner.partnerKey,
      name: expect.any(String),
      brand: null,
      produkte: ['fahrrad'],
      kundenbereich: true,
      vermittler: { brokerId: agentNummer, distributionPath: 'AGENTUR', name: 'Test Vermittler' },
      origin: 'http://localhost:3001',
    });
  });

  it('answers the portal’s own origin for an active partner (its quickstart preview), not for an inactive one', async () => {
    const own = encodeURIComponent(new URL(t.app.config.publicUrl).origin);
    const inactive = await insertEmbeddingPartner(t.database.db, { aktiv: false });
    const response = await call('GET', `/api/einbettung/partner/${partner.partnerKey}?origin=${own}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      partnerKey: partner.partnerKey,
      origin: decodeURIComponent(own),
    });
    expect(
      (await call('GET', `/api/einbettung/partner/${inactive.partnerKey}?origin=${own}`)).statusCode,
    ).toBe(404);
  });

  it('answers the same 404 for a wrong origin, an inactive and an unknown partner', async () => {
    const inactive = await insertEmbeddingPartner(t.database.db, { aktiv: false });
    const origin = encodeURIComponent('http://localhost:3001');
    const answers = await Promise.all([
      call(
        'GET',
        `/api/einbettung/partner/${partner.partnerKey}?origin=${encodeURIComponent('https://boese.example')}`,
      ),
      call(
        'GET',
        `/api/einbettung/partner/${partner.partnerKey}?origin=${encodeURIComponent('http://localhost:3001/pfad')}`,
      ),
      call('GET', `/api/einbettung/partner/${partner.partnerKey}`),
      call('GET', `/api/einbettung/partner/${inactive.partnerKey}?origin=${origin}`),
      call('GET', `/api/einbettung/partner/gibt-es-nicht?origin=${origin}`),
    ]);
    for (const response of answers) {
      expect(response.statusCode).toBe(404);
      expect(response.json<ErrorBody>().error).toMatchObject({
        code: 'EMBEDDING_PARTNER_NOT_FOUND',
        message: EMBEDDING_TEXTS.partnerNotFound,
      });
    }
  });
});

describe('CSP frame-ancestors per request', () => {
  it('allows the partner named by ?partner= and drops X-Frame-Options', async () => {
    const response = await call('GET', `/fahrrad/antrag/?embedded=true&partner=${partner.partnerKey}`);
    expect(frameAncestors(response.headers['content-security-policy'])).toBe(
      "'self' http://localhost:3001 http://127.0.0.1:3001",
    );
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(String(response.headers.vary)).toMatch(/Referer/);
  });

  it('allows only the Referer origin when it is on an active partner allowlist', async () => {
    const response = await call('GET', '/kunden/', {
      headers: { referer: 'http://127.0.0.1:3001/bank/app?x=1' },
    });
    expect(frameAncestors(response.headers['content-security-policy'])).toBe("'self' http://127.0.0.1:3001");
    expect(response.headers['x-frame-options']).toBeUndefined();
  });

  it('keeps the configured ancestors for a foreign Referer, an inactive or unknown partner, and API calls', async () => {
    const inactive = await insertEmbeddingPartner(t.database.db, {
      aktiv: false,
      origins: ['https://inaktiv.example'],
    });
    const answers = await Promise.all([
      call('GET', '/kunden/', { headers: { referer: 'https://boese.example/seite' } }),
      call('GET', `/fahrrad/antrag/?partner=${inactive.partnerKey}`),
      call('GET', '/fahrrad/antrag/?partner=gibt-es-nicht', {
        headers: { referer: 'http://localhost:3001/' },
      }),
      call('GET', '/api/health', { headers: { referer: 'http://localhost:3001/' } }),
    ]);
    for (const response of answers) {
      expect(frameAncestors(response.headers['content-security-policy'])).toBe("'self'");
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('follows a clerk change at once, without a restart', async () => {
    const key = `csp-partner-${Date.now().toString(36)}`;
    // Loads the cache before the change.
    await call('GET', `/fahrrad/antrag/?partner=${partner.partnerKey}`);
    const saved = await call('PUT', `/api/innendienst/einbettungspartner/${key}`, {
      account: clerk,
      payload: {
        name: 'Neuer Partner',
        origins: ['https://www.neuer-partner.example'],
        produkte: ['fahrrad'],
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const allowed = await call('GET', `/fahrrad/antrag/?partner=${key}`);
    expect(frameAncestors(allowed.headers['content-security-policy'])).toBe(
      "'self' https://www.neuer-partner.example",
    );
    const deactivated = await call('PUT', `/api/innendienst/einbettungspartner/${key}`, {
      account: clerk,
      payload: {
        name: 'Neuer Partner',
        origins: ['https://www.neuer-partner.example'],
        produkte: [],
        aktiv: false,
      },
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    const refused = await call('GET', '/kunden/', {
      headers: { referer: 'https://www.neuer-partner.example/' },
    });
    expect(frameAncestors(refused.headers['content-security-policy'])).toBe("'self'");
  });
});

describe('clerk administration', () => {
  it('lists partners without secrets, refuses bad origins and unknown agents, and shows a new secret once', async () => {
    const list = await call('GET', '/api/innendienst/einbettungspartner', { account: clerk });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('scrypt');
    expect(list.json<{ partner: { partnerKey: string }[] }>().partner.map((p) => p.partnerKey)).toContain(
      partner.partnerKey,
    );
    const badOrigin = await call('PUT', '/api/innendienst/einbettungspartner/neu', {
      account: clerk,
      payload: {
        name: 'X',
        origins: ['https://partner.example/pfad', 'http://partner.example'],
        produkte: [],
      },
    });
    expect(badOrigin.statusCode).toBe(400);
    expect(badOrigin.json<ErrorBody>().error.fieldErrors?.map((error) => error.message)).toContain(
      EMBEDDING_TEXTS.originInvalid,
    );
    const badAgent = await call('PUT', '/api/innendienst/einbettungspartner/neu', {
      account: clerk,
      payload: { name: 'X', origins: [], produkte: [], vermittlernummer: '0000000000' },
    });
    expect(badAgent.statusCode).toBe(422);

    const rotated = await call('POST', `/api/innendienst/einbettungspartner/${partner.partnerKey}/secret`, {
      account: clerk,
    });
    expect(rotated.statusCode).toBe(200);
    const { secret } = rotated.json<{ secret: string }>();
    const old = await call('POST', '/api/einbettung/token', {
      headers: { authorization: basicAuth(partner.partnerKey, partner.secret) },
      payload: { partnernummer: '1234567890' },
    });
    expect(old.statusCode).toBe(401);
    partner = { ...partner, secret };
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'EMBEDDING_PARTNER_SECRET_ROTATED'), eq(auditLog.accountId, clerk.id)));
    expect(audit?.details).toEqual({ partnerKey: partner.partnerKey });
    expect(JSON.stringify(audit)).not.toContain(secret);
  });
});

describe('grants, token exchange and the embedded session', () => {
  it('lets the customer grant, list and revoke a partner, with a Postfach message each time', async () => {
    const granted = await call('POST', '/api/kunden/einbettung/freigaben', {
      account: customer,
      payload: { partnerKey: partner.partnerKey },
    });
    expect(granted.statusCode, granted.body).toBe(201);
    const again = await call('POST', '/api/kunden/einbettung/freigaben', {
      account: customer,
      payload: { partnerKey: partner.partnerKey },
    });
    expect(again.statusCode).toBe(200);
    const list = await call('GET', '/api/kunden/einbettung/freigaben', { account: customer });
    expect(list.json<{ freigaben: { partnerKey: string }[] }>().freigaben.map((g) => g.partnerKey)).toEqual([
      partner.partnerKey,
    ]);
    const revoked = await call('DELETE', `/api/kunden/einbettung/freigaben/${partner.partnerKey}`, {
      account: customer,
    });
    expect(revoked.statusCode).toBe(204);
    const twice = await call('DELETE', `/api/kunden/einbettung/freigaben/${partner.partnerKey}`, {
      account: customer,
    });
    expect(twice.statusCode).toBe(404);
    const messages = await listMailboxMessages({ db: t.database.db, partnerId: customer.partnerId ?? '' });
    expect(messages.map((message) => message.subject)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Freigabe für Testpartner'),
        expect.stringMatching(/widerrufen$/),
      ]),
    );
    const unknown = await call('POST', '/api/kunden/einbettung/freigaben', {
      account: customer,
      payload: { partnerKey: 'gibt-es-nicht' },
    });
    expect(unknown.statusCode).toBe(404);
    const audit = await t.database.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.accountId, customer.id));
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'EMBEDDING_GRANTED', details: { partnerKey: partner.partnerKey } },
        { action: 'EMBEDDING_GRANT_REVOKED', details: { partnerKey: partner.partnerKey } },
      ]),
    );
  });

  it('refuses a wrong secret (401) and a customer without a grant (403, same as an unknown one)', async () => {
    const wrong = await call('POST', '/api/einbettung/token', {
      headers: { authorization: basicAuth(partner.partnerKey, 'falsch') },
      payload: { partnernummer: await partnerNummerOf(t.database.db, other.partnerId ?? '') },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toMatch(/^Basic/);
    const noGrant = await call('POST', '/api/einbettung/token', {
      headers: { authorization: basicAuth(partner.partnerKey, partner.secret) },
      payload: { partnernummer: await partnerNummerOf(t.database.db, other.partnerId ?? '') },
    });
    const unknown = await call('POST', '/api/einbettung/token', {
      headers: { authorization: basicAuth(partner.partnerKey, partner.secret) },
      payload: { partnernummer: '9999999999' },
    });
    for (const response of [noGrant, unknown]) {
      expect(response.statusCode).toBe(403);
      expect(response.json<ErrorBody>().error.message).toBe(EMBEDDING_TEXTS.tokenRefused);
    }
  });

  it('exchanges a token once for an access token that reads only this customer', async () => {
    await insertGrant(t.database.db, customer.id, partner.id);
    const session = await embeddedSession(customer);
    expect(session.partnernummer).toBe(await partnerNummerOf(t.database.db, customer.partnerId ?? ''));
    const reused = await call('POST', '/api/einbettung/sitzung', { payload: { token: session.token } });
    expect(reused.statusCode).toBe(401);
    expect(reused.json<ErrorBody>().error.message).toBe(EMBEDDING_TEXTS.exchangeTokenInvalid);

    const own = await call('GET', `/api/vertrag/vertrag/findByPartnerNummer/${session.partnernummer}`, {
      bearer: session.accessToken,
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.body).toContain(customer.contractNumber);
    const foreign = await call(
      'GET',
      `/api/vertrag/vertrag/findByPartnerNummer/${await partnerNummerOf(t.database.db, other.partnerId ?? '')}`,
      { bearer: session.accessToken },
    );
    expect([403, 404]).toContain(foreign.statusCode);
    expect(foreign.body).not.toContain(other.contractNumber);
  });

  it('refuses sign-in data changes, the data export and the grants to an embedded session', async () => {
    const { accessToken } = await embeddedSession(customer);
    const refused = await Promise.all([
      call('POST', '/api/benutzer/benutzer/passwort/aendern', { bearer: accessToken, payload: {} }),
      call('POST', '/api/benutzer/benutzer/email/aendern', { bearer: accessToken, payload: {} }),
      call('POST', '/api/benutzer/benutzer/handynummer', { bearer: accessToken, payload: {} }),
      call('GET', `/api${DATA_EXPORT_PATH}`, { bearer: accessToken }),
      call('GET', '/api/kunden/einbettung/freigaben', { bearer: accessToken }),
      call('POST', '/api/kunden/einbettung/freigaben', {
        bearer: accessToken,
        payload: { partnerKey: partner.partnerKey },
      }),
      call('DELETE', `/api/kunden/einbettung/freigaben/${partner.partnerKey}`, { bearer: accessToken }),
    ]);
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json<ErrorBody>().error).toMatchObject({
        code: 'EMBEDDED_SESSION_REFUSED',
        message: EMBEDDED_SESSION_REFUSED,
      });
    }
    // The same customer signed in directly may use them (here: the grants list).
    expect((await call('GET', '/api/kunden/einbettung/freigaben', { account: customer })).statusCode).toBe(
      200,
    );
  });

  it('ends the embedded sessions at once when the customer revokes the grant', async () => {
    const { accessToken } = await embeddedSession(customer);
    const url = `/api/vertrag/vertrag/findByPartnerNummer/${await partnerNummerOf(t.database.db, customer.partnerId ?? '')}`;
    expect((await call('GET', url, { bearer: accessToken })).statusCode).toBe(200);
    const revoked = await call('DELETE', `/api/kunden/einbettung/freigaben/${partner.partnerKey}`, {
      account: customer,
    });
    expect(revoked.statusCode).toBe(204);
    expect((await call('GET', url, { bearer: accessToken })).statusCode).toBe(401);
    await insertGrant(t.database.db, customer.id, partner.id);
  });

  it('refuses an exchange token once it expired (clock set by the test)', async () => {
    const db = t.database.db;
    const row = await findActivePartner(db, partner.partnerKey);
    if (!row) throw new Error('partner missing');
    const issuedAt = new Date('2026-03-02T10:00:00Z');
    const meta = (now: Date) => ({ ip: '10.0.0.9', userAgent: 'test', now });
    const partnernummer = await partnerNummerOf(db, customer.partnerId ?? '');
    const late = await issueExchangeToken({ db, meta: meta(issuedAt), partner: row, partnernummer });
    const inTime = await issueExchangeToken({ db, meta: meta(issuedAt), partner: row, partnernummer });
    const start = (token: string, seconds: number) =>
      startEmbeddedSession({
        db,
        keys,
        meta: meta(new Date(issuedAt.getTime() + seconds * 1000)),
        token,
        accessTokenTtlSeconds: 600,
      });
    await expect(start(late.token, EXCHANGE_TOKEN_TTL_SECONDS)).rejects.toMatchObject({
      status: 401,
      code: 'EMBEDDING_TOKEN_INVALID',
    });
    await expect(start(inTime.token, EXCHANGE_TOKEN_TTL_SECONDS - 1)).resolves.toMatchObject({
      partnernummer,
    });
  });
});

describe('the direct application through an embedding partner', () => {
  const today = todayInGermany();
  const answers = (email: string) => ({
    fahrrad: {
      art: 'EBIKE',
      typ: 'SONSTIGES_RAD',
      hersteller: 'Riese & Müller',
      herstellerSuche: 'Riese',
      kaufpreisCents: 250_000,
      kaufdatum: addMonths(today, -1),
      zustand: 'NEU',
    },
    tarif: { deckungsVariante: 'FAHRRAD_KOMFORT' },
    beginn: { versicherungsbeginn: addDays(today, 1), zahlweise: 'MONATLICH' },
    person: { vorname: 'Erika', nachname: 'Eingebettet', geburtsdatum: '1985-04-12', email, telefon: '' },
    adresse: { strasse: 'Hauptstraße', hausnummer: '12a', plz: '10115', ort: 'Berlin' },
    sepa: {
      kontoinhaber: 'Erika Eingebettet',
      iban: 'DE44500105175407324931',
      sepaMandat: true,
      bankName: 'x',
    },
    beratungsverzicht: { beratungsverzicht: true },
  });

  it("concludes the contract for the partner's broker", async () => {
    const email = 'eingebettet@beispiel.de';
    const prepared = await call('POST', '/api/taa/fahrrad2/vorbereiten', {
      payload: { produkt: 'fahrrad', antworten: answers(email), einbettungspartner: partner.partnerKey },
    });
    expect(prepared.statusCode, prepared.body).toBe(200);
    const { angebotId } = prepared.json<{ angebotId: string }>();
    const complete = { ...answers(email), dokumente: {}, erklaerung: { antragVerbindlich: true } };
    const withoutPartner = await call('POST', '/api/taa/fahrrad2/antrag', {
      payload: { produkt: 'fahrrad', antworten: complete, angebotId },
      headers: { 'idempotency-key': `embedding-${Date.now()}-a` },
    });
    expect(withoutPartner.statusCode).toBe(404);
    const submitted = await call('POST', '/api/taa/fahrrad2/antrag', {
      payload: { produkt: 'fahrrad', antworten: complete, angebotId, einbettungspartner: partner.partnerKey },
      headers: { 'idempotency-key': `embedding-${Date.now()}-b` },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const result = submitted.json<{
      versicherungsNummer: string;
      vermittler?: { vermittlerNummer: string };
    }>();
    expect(result.vermittler?.vermittlerNummer).toBe(agentNummer);
    const [contract] = await t.database.db
      .select({ agentId: contracts.agentId })
      .from(contracts)
      .where(eq(contracts.versicherungsNummer, result.versicherungsNummer));
    expect(contract?.agentId).toBe(agent.agentId);
  });

  it('refuses a product the partner does not sell and an inactive or unknown partner (422)', async () => {
    const db = t.database.db;
    const hausratOnly = await insertEmbeddingPartner(db, { agentId: agent.agentId, produkte: ['hausrat'] });
    const inactive = await insertEmbeddingPartner(db, { agentId: agent.agentId, aktiv: false });
    const cases = [
      { key: hausratOnly.partnerKey, message: EMBEDDING_TEXTS.applicationProductNotAllowed },
      { key: inactive.partnerKey, message: EMBEDDING_TEXTS.applicationPartnerUnknown },
      { key: 'gibt-es-nicht', message: EMBEDDING_TEXTS.applicationPartnerUnknown },
    ];
    for (const { key, message } of cases) {
      const response = await call('POST', '/api/taa/fahrrad2/vorbereiten', {
        payload: { produkt: 'fahrrad', antworten: answers('abgelehnt@beispiel.de'), einbettungspartner: key },
      });
      expect(response.statusCode, key).toBe(422);
      expect(response.json<ErrorBody>().error.fieldErrors).toEqual([{ path: 'einbettungspartner', message }]);
    }
    const [stored] = await db
      .select({ aktiv: embeddingPartners.aktiv })
      .from(embeddingPartners)
      .where(eq(embeddingPartners.partnerKey, inactive.partnerKey));
    expect(stored?.aktiv).toBe(false);
  });
});

// The extranet through the API (issue 16): the agency registers its software's key; the software
// asks with a short EdDSA JWT for single-use links into its own portfolio (agency and sub-agents);
// a link opens once within 10 minutes, reloads by its view token, and every refusal is German.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type CryptoKey, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents } from '../../db/schema/agents';
import { auditLog } from '../../db/schema/audit';
import { contracts } from '../../db/schema/contracts';
import { extranetLinks } from '../../db/schema/extranet';
import { partners } from '../../db/schema/partners';
import { loadIdentityKeys, type IdentityKeys } from '../../platform/auth/keys';
import { createTestApp, type TestApp } from '../../test/test-app';
import { storeContractDocument } from '../documents/service';
import {
  insertAgentAccount,
  insertCustomer,
  mintAccessToken,
  type TestAccount,
} from '../identity/identity-test-kit';
import { sha256Hex } from '../identity/secrets';
import { pdf } from '../uploads/fixtures.test-helper';
import { EXTRANET_AUDIENCE } from './machine-auth';
import { EXTRANET_AUDIT_ACTIONS, openLink } from './service';

let testApp: TestApp;
let identityKeys: IdentityKeys;
let agency: TestAccount & { vermittlerNummer: string };
let subAgent: TestAccount;
let otherAgency: TestAccount & { vermittlerNummer: string };
let customerOfSub: TestAccount & { contractNumber: string; partnerNummer: string };
let customerOfOther: TestAccount & { contractNumber: string; partnerNummer: string };

interface Machine {
  privateKey: CryptoKey;
  kid: string;
}
let machine: Machine;

async function newKeyPair() {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  return { publicJwk: await exportJWK(publicKey), privateKey };
}

async function vermittlerNummerOf(account: TestAccount) {
  const [row] = await testApp.database.db
    .select({ nummer: agents.vermittlerNummer })
    .from(agents)
    .where(eq(agents.id, account.agentId ?? ''));
  return row?.nummer ?? '';
}

async function partnerNummerOf(account: TestAccount) {
  const [row] = await testApp.database.db
    .select({ nummer: partners.partnerNummer })
    .from(partners)
    .where(eq(partners.id, account.partnerId ?? ''));
  return row?.nummer ?? '';
}

async function asAgent(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  account: TestAccount,
  payload?: object,
) {
  return testApp.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload }),
    headers: { authorization: `Bearer ${await mintAccessToken(identityKeys, account)}` },
  });
}

async function register(account: TestAccount, publicJwk: object) {
  return asAgent('POST', '/api/vermittler/extranet/schluessel', account, { publicJwk });
}

/** A machine JWT; every claim can be overridden (undefined leaves it out). */
async function machineJwt(
  key: Machine,
  claims: { iss?: string; aud?: string; jti?: string; iat?: number; exp?: number } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: agency.vermittlerNummer,
    aud: EXTRANET_AUDIENCE,
    jti: randomUUID(),
    iat: now,
    exp: now + 120,
    ...claims,
  };
  return new SignJWT(payload).setProtectedHeader({ alg: 'EdDSA', kid: key.kid }).sign(key.privateKey);
}

async function requestLink(id: string, art: 'vertrag' | 'kundendaten', jwt?: string) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/dgg-bipro-maklerpost/extranet/request/${id}/`,
    payload: { art },
    headers: { authorization: `Bearer ${jwt ?? (await machineJwt(machine))}` },
  });
}

function tokenOf(url: string): string {
  return url.split('/').pop() ?? '';
}

async function open(token: string, art: 'vertrag' | 'kundendaten' = 'vertrag') {
  return testApp.app.inject({ method: 'POST', url: `/api/extranet/oeffnen/${token}`, payload: { art } });
}

beforeAll(async () => {
  testApp = await createTestApp();
  identityKeys = loadIdentityKeys(testApp.config);
  const db = testApp.database.db;
  const agencyAccount = await insertAgentAccount(db);
  agency = { ...agencyAccount, vermittlerNummer: await vermittlerNummerOf(agencyAccount) };
  subAgent = await insertAgentAccount(db, { parentAgentId: agency.agentId ?? '' });
  const otherAccount = await insertAgentAccount(db);
  otherAgency = { ...otherAccount, vermittlerNummer: await vermittlerNummerOf(otherAccount) };
  const sub = await insertCustomer(db, { agentId: subAgent.agentId ?? '' });
  customerOfSub = { ...sub, partnerNummer: await partnerNummerOf(sub) };
  const other = await insertCustomer(db, { agentId: otherAgency.agentId ?? '' });
  customerOfOther = { ...other, partnerNummer: await partnerNummerOf(other) };

  const pair = await newKeyPair();
  const registered = await register(agency, pair.publicJwk);
  expect(registered.statusCode, registered.body).toBe(201);
  machine = { privateKey: pair.privateKey, kid: registered.json<{ kid: string }>().kid };
});

afterAll(async () => {
  await testApp.close();
});

describe('machine keys of the agency', () => {
  it('answers the same kid for the same key, lists it, and refuses sub-agents and private keys', async () => {
    const pair = await newKeyPair();
    const first = await register(agency, pair.publicJwk);
    const again = await register(agency, pair.publicJwk);
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json()).toEqual(first.json());

    const list = await asAgent('GET', '/api/vermittler/extranet/schluessel', agency);
    const kids = list.json<{ schluessel: { kid: string; widerrufenAm: string | null }[] }>().schluessel;
    expect(kids.map((key) => key.kid)).toEqual(expect.arrayContaining([machine.kid, first.json().kid]));

    const bySub = await register(subAgent, (await newKeyPair()).publicJwk);
    expect(bySub.statusCode).toBe(403);
    expect(bySub.json().error.message).toContain('Hauptagentur');

    const { privateKey } = await newKeyPair();
    const withPrivate = await register(agency, await exportJWK(privateKey));
    expect(withPrivate.statusCode).toBe(422);
    const rsa = await register(agency, { kty: 'RSA', n: 'abc', e: 'AQAB' });
    expect(rsa.statusCode).toBe(422);
    expect(rsa.json().error.message).toContain('Ed25519');
  });
});

describe('link request by the broker software', () => {
  it('links a contract of a sub-agent, and answers 404 for another agency’s contract and customer', async () => {
    const response = await requestLink(customerOfSub.contractNumber, 'vertrag');
    expect(response.statusCode, response.body).toBe(201);
    const link = response.json<{ url: string; expiresAt: string }>();
    expect(link.url.startsWith(`${testApp.config.publicUrl}/extranet/vertrag/`)).toBe(true);
    const minutes = (new Date(link.expiresAt).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);

    const foreign = await requestLink(customerOfOther.contractNumber, 'vertrag');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(customerOfOther.contractNumber);
    const foreignCustomer = await requestLink(customerOfOther.partnerNummer, 'kundendaten');
    expect(foreignCustomer.statusCode).toBe(404);
    const unknown = await requestLink('9999999999', 'vertrag');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(foreign.json().error.message);
  });

  it('links the customer data of a sub-agent’s customer for the agency', async () => {
    const response = await requestLink(customerOfSub.partnerNummer, 'kundendaten');
    expect(response.statusCode, response.body).toBe(201);
    const token = tokenOf(response.json<{ url: string }>().url);
    // On the contract page the customer link is unknown, and stays unused.
    expect((await open(token, 'vertrag')).statusCode).toBe(404);
    const opened = await open(token, 'kundendaten');
    expect(opened.statusCode, opened.body).toBe(200);
    const view = opened.json<{ art: string; kunde?: { partnerNummer: string; vertraege: unknown[] } }>();
    expect(view.art).toBe('kundendaten');
    expect(view.kunde?.partnerNummer).toBe(customerOfSub.partnerNummer);
    expect(view.kunde?.vertraege).toHaveLength(1);
  });

  it('refuses a missing, wrongly addressed, expired, too long-lived, replayed or foreign-signed JWT with 401', async () => {
    const now = Math.floor(Date.now() / 1000);
    const stranger = await newKeyPair();
    const cases: Record<string, string | undefined> = {
      missing: '',
      garbage: 'not.a.jwt',
      wrongAudience: await machineJwt(machine, { aud: 'schirm-portal' }),
      expired: await machineJwt(machine, { iat: now - 600, exp: now - 300 }),
      tooLong: await machineJwt(machine, { exp: now + 3600 }),
      otherIssuer: await machineJwt(machine, { iss: otherAgency.vermittlerNummer }),
      otherKey: await machineJwt({ privateKey: stranger.privateKey, kid: machine.kid }),
    };
    for (const [name, jwt] of Object.entries(cases)) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: `/api/dgg-bipro-maklerpost/extranet/request/${customerOfSub.contractNumber}/`,
        payload: { art: 'vertrag' },
        headers: jwt ? { authorization: `Bearer ${jwt}` } : {},
      });
      expect(response.statusCode, name).toBe(401);
      expect(response.json().error.message, name).toContain('Maklersoftware');
    }

    const once = await machineJwt(machine);
    expect((await requestLink(customerOfSub.contractNumber, 'vertrag', once)).statusCode).toBe(201);
    const replay = await requestLink(customerOfSub.contractNumber, 'vertrag', once);
    expect(replay.statusCode).toBe(401);
  });

  it('refuses the JWTs of a revoked key', async () => {
    const pair = await newKeyPair();
    const kid = (await register(agency, pair.publicJwk)).json<{ kid: string }>().kid;
    const key = { privateKey: pair.privateKey, kid };
    expect(
      (await requestLink(customerOfSub.contractNumber, 'vertrag', await machineJwt(key))).statusCode,
    ).toBe(201);
    const revoked = await asAgent('DELETE', `/api/vermittler/extranet/schluessel/${kid}`, agency);
    expect(revoked.statusCode).toBe(204);
    expect(
      (await requestLink(customerOfSub.contractNumber, 'vertrag', await machineJwt(key))).statusCode,
    ).toBe(401);
    // A revoked key cannot be registered again.
    expect((await register(agency, pair.publicJwk)).statusCode).toBe(409);
  });
});

describe('opening a link', () => {
  it('shows the contract once, reloads by the view token, and refuses a second opening without data', async () => {
    const url = (await requestLink(customerOfSub.contractNumber, 'vertrag')).json<{ url: string }>().url;
    const token = tokenOf(url);
    const first = await open(token);
    expect(first.statusCode, first.body).toBe(200);
    const view = first.json<{ art: string; ansicht: string; vertrag?: Record<string, unknown> }>();
    expect(view.art).toBe('vertrag');
    expect(view.vertrag?.vertragsnummer).toBe(customerOfSub.contractNumber);
    expect(view.vertrag).not.toHaveProperty('selbstServices');

    const second = await open(token);
    expect(second.statusCode).toBe(410);
    expect(second.json().error.code).toBe('EXTRANET_LINK_USED');
    expect(second.json().error.message).toContain('bereits verwendet');
    expect(second.body).not.toContain(customerOfSub.contractNumber);

    const reload = await testApp.app.inject({
      method: 'POST',
      url: '/api/extranet/ansicht',
      payload: { ansicht: view.ansicht },
    });
    expect(reload.statusCode).toBe(200);
    expect(reload.json().vertrag.vertragsnummer).toBe(customerOfSub.contractNumber);

    const unknown = await open('A'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toContain('ungültig');
    const unknownView = await testApp.app.inject({
      method: 'POST',
      url: '/api/extranet/ansicht',
      payload: { ansicht: 'B'.repeat(43) },
    });
    expect(unknownView.statusCode).toBe(404);

    const audited = await testApp.database.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(
        inArray(auditLog.action, [EXTRANET_AUDIT_ACTIONS.linkRequested, EXTRANET_AUDIT_ACTIONS.linkOpened]),
      );
    const forThis = audited.filter(
      (row) => (row.details as Record<string, string>).nummer === customerOfSub.contractNumber,
    );
    expect(new Set(forThis.map((row) => row.action))).toEqual(
      new Set([EXTRANET_AUDIT_ACTIONS.linkRequested, EXTRANET_AUDIT_ACTIONS.linkOpened]),
    );
  });

  it('refuses a link after its 10 minutes (clock set by the test) and keeps it unused', async () => {
    const response = await requestLink(customerOfSub.contractNumber, 'vertrag');
    const { url, expiresAt } = response.json<{ url: string; expiresAt: string }>();
    const meta = (now: Date) => ({ ip: '127.0.0.1', userAgent: undefined, now });
    const late = new Date(new Date(expiresAt).getTime() + 1000);
    await expect(openLink(testApp.database.db, tokenOf(url), 'vertrag', meta(late))).rejects.toMatchObject({
      status: 410,
      code: 'EXTRANET_LINK_EXPIRED',
      userMessage: expect.stringContaining('abgelaufen'),
    });
    const justInTime = new Date(new Date(expiresAt).getTime() - 1000);
    const view = await openLink(testApp.database.db, tokenOf(url), 'vertrag', meta(justInTime));
    expect(view.vertrag?.vertragsnummer).toBe(customerOfSub.contractNumber);
  });
});

describe('keys pasted on the agency page', () => {
  it('registers a PEM public key with its label, lists it, and names why a private, RSA or garbled key is refused', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const added = await asAgent('POST', '/api/vermittler/extranet/schluessel', agency, {
      schluessel: `\n${pem}\n`,
      bezeichnung: ' Maklersoftware Büro ',
    });
    expect(added.statusCode, added.body).toBe(201);
    const { kid } = added.json<{ kid: string }>();
    const list = await asAgent('GET', '/api/vermittler/extranet/schluessel', agency);
    const listed = list
      .json<{ schluessel: { kid: string; bezeichnung: string | null; letzterLinkAm: string | null }[] }>()
      .schluessel.find((key) => key.kid === kid);
    expect(listed).toMatchObject({ bezeichnung: 'Maklersoftware Büro', letzterLinkAm: null });
    expect(
      list.json().schluessel.find((key: { kid: string }) => key.kid === machine.kid).letzterLinkAm,
    ).toEqual(expect.any(String));
    // The same key as JWK text is the same key.
    const asJwkText = await asAgent('POST', '/api/vermittler/extranet/schluessel', agency, {
      schluessel: JSON.stringify(publicKey.export({ format: 'jwk' })),
    });
    expect([asJwkText.statusCode, asJwkText.json().kid]).toEqual([200, kid]);

    const refusals = {
      privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      privateJwk: JSON.stringify(privateKey.export({ format: 'jwk' })),
      rsa: generateKeyPairSync('rsa', { modulusLength: 1024 })
        .publicKey.export({ type: 'spki', format: 'pem' })
        .toString(),
      garbage: 'das ist kein Schlüssel',
      brokenPem: '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----',
    };
    const messages: Record<string, string> = {};
    for (const [name, schluessel] of Object.entries(refusals)) {
      const response = await asAgent('POST', '/api/vermittler/extranet/schluessel', agency, { schluessel });
      expect(response.statusCode, name).toBe(422);
      expect(response.json().error.code, name).toBe('EXTRANET_KEY_INVALID');
      messages[name] = response.json().error.message;
    }
    expect(messages.privatePem).toMatch(/^Das ist ein privater Schlüssel\./);
    expect(messages.privateJwk).toBe(messages.privatePem);
    expect(messages.rsa).toMatch(
      /^Das ist ein RSA-Schlüssel\. Das Extranet nimmt nur Ed25519-Schlüssel an\./,
    );
    expect(messages.garbage).toMatch(/^Diesen Text können wir nicht als Schlüssel lesen\./);
    expect(messages.brokenPem).toBe(messages.garbage);
    // Neither refusal stored a key.
    const after = await asAgent('GET', '/api/vermittler/extranet/schluessel', agency);
    expect(after.json().schluessel).toHaveLength(list.json().schluessel.length);
  });
});

describe('documents of an opened contract', () => {
  async function contractIdOf(nummer: string) {
    const [row] = await testApp.database.db
      .select({ id: contracts.id })
      .from(contracts)
      .where(eq(contracts.versicherungsNummer, nummer));
    return row?.id ?? '';
  }

  async function download(id: string, ansicht: string) {
    return testApp.app.inject({ method: 'POST', url: `/api/extranet/dokumente/${id}`, payload: { ansicht } });
  }

  it("lists the contract's documents and downloads them with the view token, no other contract's, never after the view", async () => {
    const bytes = await pdf();
    const own = await storeContractDocument({
      tx: testApp.database.db,
      files: testApp.app.files,
      contractId: await contractIdOf(customerOfSub.contractNumber),
      name: 'Versicherungsschein',
      pdf: bytes,
    });
    const foreign = await storeContractDocument({
      tx: testApp.database.db,
      files: testApp.app.files,
      contractId: await contractIdOf(customerOfOther.contractNumber),
      name: 'Versicherungsschein',
      pdf: await pdf(),
    });
    const url = (await requestLink(customerOfSub.contractNumber, 'vertrag')).json<{ url: string }>().url;
    const view = (await open(tokenOf(url))).json<{
      ansicht: string;
      vertrag: { dokumente: { id: string; name: string; erstelltAm: string; url: string }[] };
    }>();
    const listed = view.vertrag.dokumente.find((document) => document.id === own.id);
    expect(listed).toMatchObject({ name: 'Versicherungsschein', url: `/api/extranet/dokumente/${own.id}` });
    expect(view.vertrag.dokumente.map((document) => document.id)).not.toContain(foreign.id);

    const file = await download(own.id, view.ansicht);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain(
      `Versicherungsschein ${customerOfSub.contractNumber}.pdf`,
    );
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.rawPayload.equals(bytes)).toBe(true);

    // Another contract's document, an unknown id, and the agent portal's own download without sign-in.
    const other = await download(foreign.id, view.ansicht);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.code).toBe('EXTRANET_DOCUMENT_UNKNOWN');
    expect(other.body).not.toContain(customerOfOther.contractNumber);
    expect((await download(randomUUID(), view.ansicht)).statusCode).toBe(404);
    expect((await download(own.id, 'C'.repeat(43))).statusCode).toBe(401);

    // A customer link's view reaches no document, not even of that customer's contract.
    const customerUrl = (await requestLink(customerOfSub.partnerNummer, 'kundendaten')).json<{
      url: string;
    }>().url;
    const customerView = (await open(tokenOf(customerUrl), 'kundendaten')).json<{ ansicht: string }>();
    expect((await download(own.id, customerView.ansicht)).statusCode).toBe(404);

    const audited = await testApp.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.action, EXTRANET_AUDIT_ACTIONS.documentDownloaded));
    expect(audited.map((row) => (row.details as Record<string, string>).dokumentId)).toEqual([own.id]);

    // The view's 30 minutes are over (its end moved to the past): 401 with the German reason.
    await testApp.database.db
      .update(extranetLinks)
      .set({ viewExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(extranetLinks.viewHash, sha256Hex(view.ansicht)));
    const expired = await download(own.id, view.ansicht);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('EXTRANET_VIEW_EXPIRED');
    expect(expired.json().error.message).toMatch(/^Die Anzeige ist abgelaufen/);
    expect(expired.body).not.toContain('%PDF');
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { auditLog } from '../../db/schema/audit';
import { partners } from '../../db/schema/partners';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  clientProof,
  clientVerifier,
  insertAgent,
  insertAgentAccount,
  insertCustomer,
  latestCode,
  latestLinkToken,
  signIn,
  testMobile,
  type TestAccount,
} from './identity-test-kit';

let testApp: TestApp;
let app: App;
let ipCounter = 0;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
});

afterAll(async () => {
  await testApp.close();
});

function nextIp(): string {
  ipCounter += 1;
  return `10.4.${Math.floor(ipCounter / 200)}.${ipCounter % 200}`;
}

function call(
  method: 'GET' | 'POST',
  url: string,
  { token, payload }: { token?: string; payload?: object } = {},
) {
  return app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    ...(payload ? { payload } : {}),
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
}

async function subjects(to: string): Promise<string[]> {
  const response = await app.inject({ url: `/api/entwicklung/postausgang?to=${encodeURIComponent(to)}` });
  return (response.json() as { messages: { subject: string | null }[] }).messages.map(
    (message) => message.subject ?? '',
  );
}

async function proofFor(account: { username: string }, password: string, token: string) {
  const started = await call('POST', '/api/auth/password-proof', { token, payload: {} });
  const { session, salt, B } = started.json() as { session: string; salt: string; B: string };
  const proof = await clientProof(account.username, password, salt, B);
  return { session, A: proof.A, M1: proof.M1, checkServer: proof.checkServer };
}

async function auditActions(accountId: string): Promise<string[]> {
  const rows = await testApp.database.db.select().from(auditLog).where(eq(auditLog.accountId, accountId));
  return rows.map((row) => row.action);
}

describe('password change', () => {
  it('needs the old password, ends other sessions, keeps this device signed in and confirms by e-mail', async () => {
    const customer = await insertCustomer(testApp.database.db);
    const other = await signIn(app, customer);
    const current = await signIn(app, customer);
    const { checkServer, ...proof } = await proofFor(customer, customer.password, current.accessToken);
    const next = await clientVerifier(customer.username, 'Ganz-Neu-2026!');
    const response = await call('POST', '/api/benutzer/benutzer/passwort/aendern', {
      token: current.accessToken,
      payload: { ...proof, ...next },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { M2: string; accessToken: string };
    await checkServer(body.M2);
    expect((await call('GET', '/api/auth/me', { token: body.accessToken })).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', { token: other.accessToken })).statusCode).toBe(401);
    expect(await subjects(customer.username)).toContain('Ihr Passwort wurde geändert');
    await expect(signIn(app, customer)).rejects.toThrow('401');
    await expect(signIn(app, { ...customer, password: 'Ganz-Neu-2026!' })).resolves.toBeDefined();
    expect(await auditActions(customer.id)).toContain('PASSWORD_CHANGED');
  });

  it('refuses a wrong old password with its own message and counts it towards the lock', async () => {
    const customer = await insertCustomer(testApp.database.db);
    const { accessToken } = await signIn(app, customer);
    const { checkServer: _unused, ...proof } = await proofFor(customer, 'Falsch-2026!', accessToken);
    const next = await clientVerifier(customer.username, 'Ganz-Neu-2026!');
    const response = await call('POST', '/api/benutzer/benutzer/passwort/aendern', {
      token: accessToken,
      payload: { ...proof, ...next },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'OLD_PASSWORD_WRONG', message: 'Ihr bisheriges Passwort ist nicht korrekt.' },
    });
    expect(await auditActions(customer.id)).toContain('PASSWORD_PROOF_FAILED');
  });

  it('lets agents change their password on their own path', async () => {
    const agent = await insertAgentAccount(testApp.database.db);
    const { accessToken } = await signIn(app, agent);
    const { checkServer: _unused, ...proof } = await proofFor(agent, agent.password, accessToken);
    const next = await clientVerifier(agent.username, 'Agentur-Neu-2026!');
    const response = await call('POST', '/api/vermittler/vermittler/passwort/aendern', {
      token: accessToken,
      payload: { ...proof, ...next },
    });
    expect(response.statusCode).toBe(200);
    await expect(signIn(app, { ...agent, password: 'Agentur-Neu-2026!' })).resolves.toBeDefined();
  });
});

describe('e-mail change', () => {
  it('applies after the link to the new address: new sign-in name, partner e-mail, all sessions ended', async () => {
    const customer = await insertCustomer(testApp.database.db);
    const { accessToken } = await signIn(app, customer);
    const newEmail = `Neue.Adresse.${Date.now()}@example.com`;
    const newName = newEmail.toLowerCase();
    const { checkServer: _unused, ...proof } = await proofFor(customer, customer.password, accessToken);
    const next = await clientVerifier(newName, customer.password);
    const request = await call('POST', '/api/benutzer/benutzer/email/aendern', {
      token: accessToken,
      payload: { ...proof, email: newEmail, ...next },
    });
    expect(request.statusCode).toBe(202);
    expect(await subjects(customer.username)).toContain('Änderung Ihrer E-Mail-Adresse angefordert');
    const token = await latestLinkToken(app, newName);
    const confirm = await call('POST', '/api/benutzer/benutzer/email/bestaetigen', { payload: { token } });
    expect(confirm.json()).toEqual({ email: newName });
    expect((await call('GET', '/api/auth/me', { token: accessToken })).statusCode).toBe(401);
    const renamed: TestAccount = { ...customer, username: newName };
    const session = await signIn(app, renamed);
    expect(session.body).toMatchObject({ user: { username: newName } });
    const [partner] = await testApp.database.db
      .select()
      .from(partners)
      .where(eq(partners.id, customer.partnerId ?? ''));
    expect(partner?.email).toBe(newName);
    expect(await subjects(newName)).toContain('Ihre E-Mail-Adresse wurde geändert');
    expect(
      (await call('POST', '/api/benutzer/benutzer/email/bestaetigen', { payload: { token } })).statusCode,
    ).toBe(410);
  });
});

describe('mobile number', () => {
  it('changes after a TAN to the new number, checked with the same account', async () => {
    const customer = await insertCustomer(testApp.database.db);
    const stranger = await insertCustomer(testApp.database.db);
    const { accessToken } = await signIn(app, customer);
    const strangerSession = await signIn(app, stranger);
    const mobile = testMobile();
    const started = await call('POST', '/api/benutzer/benutzer/handynummer', {
      token: accessToken,
      payload: { handynummer: mobile },
    });
    expect(started.statusCode).toBe(202);
    const { verificationId } = started.json() as { verificationId: string };
    const tan = await latestCode(app, mobile);
    const anonymous = await call('POST', '/api/verifikation/tan/pruefen', {
      payload: { verificationId, tan },
    });
    expect(anonymous.statusCode).toBe(404);
    const foreign = await call('POST', '/api/verifikation/tan/pruefen', {
      token: strangerSession.accessToken,
      payload: { verificationId, tan },
    });
    expect(foreign.statusCode).toBe(404);
    const own = await call('POST', '/api/verifikation/tan/pruefen', {
      token: accessToken,
      payload: { verificationId, tan },
    });
    expect(own.json()).toEqual({ status: 'VERIFIED', purpose: 'PHONE_CHANGE' });
    expect((await call('GET', '/api/auth/me', { token: accessToken })).json()).toMatchObject({
      handynummer: mobile,
    });
    await expect(signIn(app, { ...customer, mobile })).resolves.toBeDefined();
    expect(await subjects(customer.username)).toContain('Ihre Mobilfunknummer wurde geändert');
  });

  it('is reset through an e-mailed link when the old number is lost', async () => {
    const customer = await insertCustomer(testApp.database.db);
    const request = await call('POST', '/api/benutzer/benutzer/handynummer/reset', {
      payload: { email: customer.username },
    });
    expect(request.json()).toEqual({ accepted: true });
    const unknown = await call('POST', '/api/benutzer/benutzer/handynummer/reset', {
      payload: { email: 'niemand@example.com' },
    });
    expect(unknown.json()).toEqual({ accepted: true });
    const token = await latestLinkToken(app, customer.username);
    const mobile = testMobile();
    const started = await call('POST', '/api/benutzer/benutzer/handynummer/reset/token', {
      payload: { token, handynummer: mobile },
    });
    expect(started.statusCode).toBe(202);
    const { verificationId } = started.json() as { verificationId: string };
    const verified = await call('POST', '/api/verifikation/tan/pruefen', {
      payload: { verificationId, tan: await latestCode(app, mobile) },
    });
    expect(verified.json()).toEqual({ status: 'VERIFIED', purpose: 'PHONE_RESET' });
    await expect(signIn(app, { ...customer, mobile })).resolves.toBeDefined();
    expect(await auditActions(customer.id)).toEqual(
      expect.arrayContaining(['PHONE_RESET_REQUESTED', 'PHONE_RESET']),
    );
  });
});

describe('contact data', () => {
  it('stores nickname and contact phone and confirms by e-mail', async () => {
    const customer = await insertCustomer(testApp.database.db);
    const { accessToken } = await signIn(app, customer);
    const response = await call('POST', '/api/benutzer/benutzer/aendern', {
      token: accessToken,
      payload: { nickname: 'Anni', telefon: '+49 221 1234567' },
    });
    expect(response.json()).toMatchObject({ nickname: 'Anni', telefon: '+492211234567' });
    expect(await subjects(customer.username)).toContain('Ihre Kontaktdaten wurden geändert');
    expect(await auditActions(customer.id)).toContain('CONTACT_DATA_CHANGED');
  });
});

describe('forgot password', () => {
  it('answers the same for known and unknown names and sets the new password with the e-mailed code', async () => {
    const customer = await insertCustomer(testApp.database.db);
    const known = await call('POST', '/api/auth/forgot-password', {
      payload: { pool: 'benutzer', username: customer.username },
    });
    const unknown = await call('POST', '/api/auth/forgot-password', {
      payload: { pool: 'benutzer', username: 'niemand@example.com' },
    });
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(known.body).toBe(unknown.body);
    const code = await latestCode(app, customer.username);
    const next = await clientVerifier(customer.username, 'Vergessen-Neu-2026!');
    const wrongCode = code === '111111' ? '222222' : '111111';
    const wrong = await call('POST', '/api/auth/forgot-password/confirm', {
      payload: { pool: 'benutzer', username: customer.username, code: wrongCode, ...next },
    });
    expect(wrong.json()).toMatchObject({ error: { code: 'CODE_INVALID' } });
    const unknownConfirm = await call('POST', '/api/auth/forgot-password/confirm', {
      payload: { pool: 'benutzer', username: 'niemand@example.com', code, ...next },
    });
    expect(unknownConfirm.json()).toMatchObject({ error: { code: 'CODE_INVALID' } });
    const right = await call('POST', '/api/auth/forgot-password/confirm', {
      payload: { pool: 'benutzer', username: customer.username, code, ...next },
    });
    expect(right.statusCode).toBe(204);
    await expect(signIn(app, { ...customer, password: 'Vergessen-Neu-2026!' })).resolves.toBeDefined();
    const reused = await call('POST', '/api/auth/forgot-password/confirm', {
      payload: { pool: 'benutzer', username: customer.username, code, ...next },
    });
    expect(reused.statusCode).toBe(400);
  });

  it('kills a code after three wrong tries', async () => {
    const customer = await insertCustomer(testApp.database.db);
    await call('POST', '/api/auth/forgot-password', {
      payload: { pool: 'benutzer', username: customer.username },
    });
    const code = await latestCode(app, customer.username);
    const next = await clientVerifier(customer.username, 'Vergessen-Neu-2026!');
    const wrongCode = code === '111111' ? '222222' : '111111';
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await call('POST', '/api/auth/forgot-password/confirm', {
        payload: { pool: 'benutzer', username: customer.username, code: wrongCode, ...next },
      });
    }
    const right = await call('POST', '/api/auth/forgot-password/confirm', {
      payload: { pool: 'benutzer', username: customer.username, code, ...next },
    });
    expect(right.statusCode).toBe(400);
  });
});

describe('initial passwords', () => {
  it('lets an agent issue one to a sub-agent (new account), who then must choose an own password', async () => {
    const boss = await insertAgentAccount(testApp.database.db);
    const email = `unter.${Date.now()}@example.com`;
    const mobile = testMobile();
    await insertAgent(testApp.database.db, { email, mobile, parentAgentId: boss.agentId ?? '' });
    const { accessToken } = await signIn(app, boss);
    const response = await call(
      'POST',
      `/api/vermittler/vermittler/${encodeURIComponent(email)}/initial-passwort`,
      {
        token: accessToken,
        payload: {},
      },
    );
    expect(response.statusCode).toBe(202);
    const mail = await app.inject({ url: `/api/entwicklung/postausgang?to=${encodeURIComponent(email)}` });
    const body = (mail.json() as { messages: { body: string }[] }).messages[0]?.body ?? '';
    const password = /Passwort vergeben: (\S+)/.exec(body)?.[1] ?? '';
    expect(password).toHaveLength(16);
    const init = await call('POST', '/api/auth/sign-in/init', {
      payload: { pool: 'vermittler', username: email },
    });
    const { session, salt, B } = init.json() as { session: string; salt: string; B: string };
    const proof = await clientProof(email, password, salt, B);
    const verify = await call('POST', '/api/auth/sign-in/verify', {
      payload: { session, A: proof.A, M1: proof.M1 },
    });
    expect(verify.json()).toMatchObject({ challenge: 'NEW_PASSWORD_REQUIRED' });
  });

  it('refuses agents that are not below the caller, and sub-agents issuing for their parent', async () => {
    const boss = await insertAgentAccount(testApp.database.db);
    const sub = await insertAgentAccount(testApp.database.db, { parentAgentId: boss.agentId ?? '' });
    const stranger = await insertAgentAccount(testApp.database.db);
    const subSession = await signIn(app, sub);
    for (const target of [boss.username, stranger.username]) {
      const response = await call(
        'POST',
        `/api/vermittler/vermittler/${encodeURIComponent(target)}/initial-passwort`,
        {
          token: subSession.accessToken,
          payload: {},
        },
      );
      expect(response.statusCode).toBe(404);
    }
  });

  it("lets an agent reset a looked-after customer's password, not anyone else's", async () => {
    const boss = await insertAgentAccount(testApp.database.db);
    const sub = await insertAgentAccount(testApp.database.db, { parentAgentId: boss.agentId ?? '' });
    const customerOfSub = await insertCustomer(testApp.database.db, { agentId: sub.agentId ?? '' });
    const foreignCustomer = await insertCustomer(testApp.database.db);
    const { accessToken } = await signIn(app, boss);
    const own = await call(
      'POST',
      `/api/benutzer/benutzer/${encodeURIComponent(customerOfSub.username)}/reset/initial-passwort`,
      {
        token: accessToken,
        payload: {},
      },
    );
    expect(own.statusCode).toBe(202);
    expect(await auditActions(customerOfSub.id)).toContain('INITIAL_PASSWORD_ISSUED');
    const foreign = await call(
      'POST',
      `/api/benutzer/benutzer/${encodeURIComponent(foreignCustomer.username)}/reset/initial-passwort`,
      { token: accessToken, payload: {} },
    );
    expect(foreign.statusCode).toBe(404);
    await expect(signIn(app, foreignCustomer)).resolves.toBeDefined();
  });
});

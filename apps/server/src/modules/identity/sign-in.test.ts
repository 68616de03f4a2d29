import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { accounts } from '../../db/schema/identity';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createIdentityContext } from './context';
import {
  clientProof,
  clientVerifier,
  insertAccount,
  insertAgent,
  insertCustomer,
  latestCode,
  signIn,
  type TestAccount,
} from './identity-test-kit';
import { answerSignInTan, startSignIn, verifySignIn } from './sign-in';
import { IDENTITY_ERRORS } from './texts';

let testApp: TestApp;
let ipCounter = 0;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

// Each test signs in from its own address, so the per-IP rate limit of one test cannot hit another.
function nextIp(): string {
  ipCounter += 1;
  return `10.1.0.${ipCounter}`;
}

async function post(url: string, payload: object, ip: string) {
  return testApp.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
}

async function init(account: { pool: string; username: string }, ip: string) {
  const response = await post(
    '/api/auth/sign-in/init',
    { pool: account.pool, username: account.username },
    ip,
  );
  expect(response.statusCode).toBe(200);
  return response.json() as { session: string; salt: string; B: string };
}

async function verifyWith(account: { pool: string; username: string }, password: string, ip: string) {
  const { session, salt, B } = await init(account, ip);
  const proof = await clientProof(account.username, password, salt, B);
  return post('/api/auth/sign-in/verify', { session, A: proof.A, M1: proof.M1 }, ip);
}

async function tanChallenge(account: TestAccount, ip: string): Promise<string> {
  const verify = await verifyWith(account, account.password, ip);
  expect(verify.statusCode).toBe(200);
  return (verify.json() as { session: string }).session;
}

describe('sign-in', () => {
  it('signs a customer in with SRP and the SMS TAN from the outbox', async () => {
    const customer = await insertCustomer(testApp.database.db);
    const ip = nextIp();
    const verify = await verifyWith(customer, customer.password, ip);
    expect(verify.json()).toMatchObject({
      challenge: 'CUSTOM_CHALLENGE',
      deliveryMedium: 'SMS',
      destination: `+49 ••• ••••• ${customer.mobile.slice(-2)}`,
    });
    const tan = await post(
      '/api/auth/sign-in/tan',
      {
        session: (verify.json() as { session: string }).session,
        tan: await latestCode(testApp.app, customer.mobile),
      },
      ip,
    );
    expect(tan.statusCode).toBe(200);
    expect(tan.json()).toMatchObject({ tokenType: 'Bearer', expiresIn: 600, user: { pool: 'benutzer' } });
    const cookie = tan.cookies.find((candidate) => candidate.name === 'schirm_refresh');
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/api/auth' });
    const { accessToken } = tan.json() as { accessToken: string };
    const me = await testApp.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(me.json()).toMatchObject({ username: customer.username, handynummer: customer.mobile });
  });

  it('lower-cases and trims the sign-in name (the SRP identity is the normalised name)', async () => {
    const customer = await insertCustomer(testApp.database.db);
    const ip = nextIp();
    const { session, salt, B } = await init(
      { pool: 'benutzer', username: `  ${customer.username.toUpperCase()} ` },
      ip,
    );
    const proof = await clientProof(customer.username, customer.password, salt, B);
    const verify = await post('/api/auth/sign-in/verify', { session, A: proof.A, M1: proof.M1 }, ip);
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toMatchObject({ challenge: 'CUSTOM_CHALLENGE' });
  });

  it('answers a wrong password and an unknown name with the same neutral message and sends no TAN', async () => {
    const customer = await insertCustomer(testApp.database.db);
    const ip = nextIp();
    const wrong = await verifyWith(customer, 'Falsch-2026!', ip);
    const unknown = await verifyWith(
      { pool: 'benutzer', username: 'niemand@example.com' },
      'Falsch-2026!',
      ip,
    );
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        error: { code: 'SIGN_IN_FAILED', message: IDENTITY_ERRORS.SIGN_IN_FAILED },
      });
    }
    await expect(latestCode(testApp.app, customer.mobile)).rejects.toThrow('No code');
  });

  it('gives an unknown name the same salt every time, shaped like a real one', async () => {
    const ip = nextIp();
    const first = await init({ pool: 'benutzer', username: 'unbekannt@example.com' }, ip);
    const second = await init({ pool: 'benutzer', username: 'Unbekannt@example.com' }, ip);
    const other = await init({ pool: 'benutzer', username: 'jemand@example.com' }, ip);
    expect(first.salt).toBe(second.salt);
    expect(first.salt).not.toBe(other.salt);
    expect(first.salt).toMatch(/^[0-9a-f]{60,64}$/);
    expect(first.B).not.toBe(second.B);
  });

  it('allows one proof per session', async () => {
    const customer = await insertCustomer(testApp.database.db);
    const ip = nextIp();
    const { session, salt, B } = await init(customer, ip);
    const wrong = await clientProof(customer.username, 'Falsch-2026!', salt, B);
    await post('/api/auth/sign-in/verify', { session, A: wrong.A, M1: wrong.M1 }, ip);
    const right = await clientProof(customer.username, customer.password, salt, B);
    const again = await post('/api/auth/sign-in/verify', { session, A: right.A, M1: right.M1 }, ip);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ error: { code: 'CHALLENGE_EXPIRED' } });
  });

  it('locks the client out of the account after 5 failed proofs within 15 minutes; the owner elsewhere still signs in', async () => {
    const customer = await insertCustomer(testApp.database.db);
    const ip = nextIp();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await verifyWith(customer, `Falsch-${attempt}!A`, ip)).statusCode).toBe(401);
    }
    const right = await verifyWith(customer, customer.password, ip);
    expect(right.statusCode).toBe(401);
    expect(right.json()).toMatchObject({
      error: { code: 'SIGN_IN_FAILED', message: IDENTITY_ERRORS.SIGN_IN_FAILED },
    });
    const [row] = await testApp.database.db.select().from(accounts).where(eq(accounts.id, customer.id));
    expect(row?.lockedUntil).toBeNull();
    const audit = await testApp.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, customer.id)));
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['SIGN_IN_FAILED', 'ACCOUNT_LOCKED', 'SIGN_IN_LOCKED_OUT']),
    );
    expect(audit.find((entry) => entry.action === 'ACCOUNT_LOCKED')?.details).toMatchObject({
      scope: 'client',
    });
    expect(audit.filter((entry) => entry.action === 'SIGN_IN_FAILED')).toHaveLength(5);
    expect(audit.every((entry) => entry.ip === ip)).toBe(true);
    // The owner on another address is not locked out by the failures of this one.
    expect((await verifyWith(customer, customer.password, nextIp())).statusCode).toBe(200);
  });

  it('lets the lock run out after 15 minutes', async () => {
    const customer = await insertCustomer(testApp.database.db);
    const ctx = createIdentityContext(testApp.app);
    const at = (minutes: number) => ({
      ip: '10.9.9.9',
      userAgent: 'test',
      now: new Date(Date.now() + minutes * 60_000),
    });
    const attempt = async (minutes: number, password: string) => {
      const started = await startSignIn({
        ctx,
        meta: at(minutes),
        pool: 'benutzer',
        username: customer.username,
      });
      const proof = await clientProof(customer.username, password, started.salt, started.B);
      return verifySignIn({ ctx, meta: at(minutes), session: started.session, ...proof });
    };
    for (let failure = 0; failure < 5; failure += 1)
      await expect(attempt(0, 'Falsch-2026!')).rejects.toThrow();
    await expect(attempt(14, customer.password)).rejects.toMatchObject({ code: 'SIGN_IN_FAILED' });
    await expect(attempt(16, customer.password)).resolves.toMatchObject({ challenge: 'CUSTOM_CHALLENGE' });
  });

  it('ends the sign-in after the third wrong TAN and counts wrong TANs towards the lock', async () => {
    const customer = await insertCustomer(testApp.database.db);
    const ip = nextIp();
    const session = await tanChallenge(customer, ip);
    const code = await latestCode(testApp.app, customer.mobile);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const first = await post('/api/auth/sign-in/tan', { session, tan: wrongCode }, ip);
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({
      error: { code: 'TAN_INVALID', message: 'Der Code ist nicht korrekt. Sie haben noch 2 Versuche.' },
    });
    const second = await post('/api/auth/sign-in/tan', { session, tan: wrongCode }, ip);
    expect(second.json()).toMatchObject({
      error: { message: 'Der Code ist nicht korrekt. Sie haben noch 1 Versuch.' },
    });
    const third = await post('/api/auth/sign-in/tan', { session, tan: wrongCode }, ip);
    expect(third.statusCode).toBe(401);
    expect(third.json()).toMatchObject({ error: { code: 'TAN_ATTEMPTS_EXCEEDED' } });
    const right = await post('/api/auth/sign-in/tan', { session, tan: code }, ip);
    expect(right.statusCode).toBe(401);
    expect(right.json()).toMatchObject({ error: { code: 'CHALLENGE_EXPIRED' } });
    const [row] = await testApp.database.db.select().from(accounts).where(eq(accounts.id, customer.id));
    expect(row?.failedSignIns).toBe(3);
  });

  it('refuses a TAN older than 5 minutes', async () => {
    const customer = await insertCustomer(testApp.database.db);
    const ctx = createIdentityContext(testApp.app);
    const start = Date.now();
    const meta = (offsetMs: number) => ({
      ip: '10.9.9.8',
      userAgent: 'test',
      now: new Date(start + offsetMs),
    });
    const started = await startSignIn({ ctx, meta: meta(0), pool: 'benutzer', username: customer.username });
    const proof = await clientProof(customer.username, customer.password, started.salt, started.B);
    const challenge = await verifySignIn({
      ctx,
      meta: meta(0),
      session: started.session,
      A: proof.A,
      M1: proof.M1,
    });
    const tan = await latestCode(testApp.app, customer.mobile);
    await expect(
      answerSignInTan({ ctx, meta: meta(5 * 60_000 + 1), session: challenge.session, tan }),
    ).rejects.toMatchObject({ code: 'TAN_EXPIRED', status: 401 });
  });

  it('takes a TAN just inside the 5 minutes', async () => {
    const customer = await insertCustomer(testApp.database.db);
    const ctx = createIdentityContext(testApp.app);
    const start = Date.now();
    const meta = (offsetMs: number) => ({
      ip: '10.9.9.7',
      userAgent: 'test',
      now: new Date(start + offsetMs),
    });
    const started = await startSignIn({ ctx, meta: meta(0), pool: 'benutzer', username: customer.username });
    const proof = await clientProof(customer.username, customer.password, started.salt, started.B);
    const challenge = await verifySignIn({
      ctx,
      meta: meta(0),
      session: started.session,
      A: proof.A,
      M1: proof.M1,
    });
    const tan = await latestCode(testApp.app, customer.mobile);
    const session = await answerSignInTan({
      ctx,
      meta: meta(5 * 60_000 - 1),
      session: challenge.session,
      tan,
    });
    expect(session.user.username).toBe(customer.username);
  });

  it('asks for a new password and nickname after an initial password, then for the TAN', async () => {
    const email = `neu.${Date.now()}@example.com`;
    const agentId = await insertAgent(testApp.database.db, { email });
    const agent = await insertAccount(testApp.database.db, {
      pool: 'vermittler',
      email,
      agentId,
      password: 'Vorlaeufig-2026!',
      status: 'NEW_PASSWORD_REQUIRED',
    });
    const ip = nextIp();
    const verify = await verifyWith(agent, 'Vorlaeufig-2026!', ip);
    expect(verify.json()).toMatchObject({ challenge: 'NEW_PASSWORD_REQUIRED' });
    const { salt, verifier } = await clientVerifier(agent.username, 'Eigenes-Passwort-7!');
    const next = await post(
      '/api/auth/sign-in/new-password',
      { session: (verify.json() as { session: string }).session, salt, verifier, nickname: 'Kim' },
      ip,
    );
    expect(next.statusCode).toBe(200);
    expect(next.json()).toMatchObject({ challenge: 'CUSTOM_CHALLENGE' });
    const tan = await post(
      '/api/auth/sign-in/tan',
      {
        session: (next.json() as { session: string }).session,
        tan: await latestCode(testApp.app, agent.mobile),
      },
      ip,
    );
    expect(tan.json()).toMatchObject({ user: { pool: 'vermittler', nickname: 'Kim', agentId } });
    expect((await verifyWith(agent, 'Vorlaeufig-2026!', ip)).statusCode).toBe(401);
    const signedIn = await signIn(testApp.app, { ...agent, password: 'Eigenes-Passwort-7!' }, ip);
    expect(signedIn.body).toMatchObject({ user: { nickname: 'Kim' } });
  });

  it('keeps the pools apart: a customer cannot sign in to the agent pool', async () => {
    const customer = await insertCustomer(testApp.database.db);
    const response = await verifyWith(
      { pool: 'vermittler', username: customer.username },
      customer.password,
      nextIp(),
    );
    expect(response.statusCode).toBe(401);
  });

  it('limits sign-in requests per IP address with 429 and Retry-After', async () => {
    const ip = nextIp();
    const payload = { pool: 'benutzer', username: 'flut@example.com' };
    const answers = [];
    for (let request = 0; request < 31; request += 1)
      answers.push(await post('/api/auth/sign-in/init', payload, ip));
    expect(answers.slice(0, 30).every((answer) => answer.statusCode === 200)).toBe(true);
    const limited = answers[30];
    expect(limited?.statusCode).toBe(429);
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited?.json()).toMatchObject({ error: { code: 'TOO_MANY_REQUESTS' } });
    expect((await post('/api/auth/sign-in/init', payload, nextIp())).statusCode).toBe(200);
  });

  it('answers the pool configuration per portal', async () => {
    const kunden = await testApp.app.inject({ url: '/api/auth/pool-config/kunden' });
    expect(kunden.json()).toEqual({ userPoolId: 'benutzer', userPoolWebClientId: 'schirm-web-kunden' });
    const vermittler = await testApp.app.inject({ url: '/api/auth/pool-config/vermittler' });
    expect(vermittler.json()).toEqual({
      userPoolId: 'vermittler',
      userPoolWebClientId: 'schirm-web-vermittler',
    });
    expect((await testApp.app.inject({ url: '/api/auth/pool-config/extranet' })).statusCode).toBe(404);
  });
});

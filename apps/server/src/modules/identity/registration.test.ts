import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema/identity';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createIdentityContext } from './context';
import {
  clientVerifier,
  insertAccount,
  insertContract,
  insertPartner,
  latestCode,
  latestLinkToken,
  signIn,
  testMobile,
} from './identity-test-kit';
import { checkRegistrationLink } from './registration';

let testApp: TestApp;
let ipCounter = 0;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

function post(url: string, payload: object) {
  ipCounter += 1;
  return testApp.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: `10.3.${Math.floor(ipCounter / 200)}.${ipCounter % 200}`,
  });
}

async function outboxCount(to: string): Promise<number> {
  const response = await testApp.app.inject({
    url: `/api/entwicklung/postausgang?to=${encodeURIComponent(to)}`,
  });
  return (response.json() as { messages: unknown[] }).messages.length;
}

async function newPartnerWithContract() {
  const email = `Neu.Kunde.${Math.random().toString(36).slice(2)}@Example.com`;
  const partnerId = await insertPartner(testApp.database.db, { email });
  const contractNumber = await insertContract(testApp.database.db, { partnerId });
  return { email, username: email.toLowerCase(), partnerId, contractNumber };
}

describe('customer registration', () => {
  it('registers with contract number and e-mail, a link, a password, a TAN; then the customer signs in', async () => {
    const person = await newPartnerWithContract();
    const request = await post(`/api/benutzer/zugang/email/${person.contractNumber}`, {
      email: person.email,
    });
    expect(request.statusCode).toBe(202);
    expect(request.json()).toEqual({ accepted: true });

    const token = await latestLinkToken(testApp.app, person.username);
    const check = await testApp.app.inject({ url: `/api/benutzer/zugang/link/verification?token=${token}` });
    expect(check.json()).toMatchObject({ status: 'VALID', email: person.username });

    const password = 'Mein-Passwort-2026!';
    const mobile = testMobile();
    const { salt, verifier } = await clientVerifier(person.username, password);
    const link = await post('/api/benutzer/zugang/link', {
      token,
      salt,
      verifier,
      handynummer: mobile.replace('+49', '+49 '),
    });
    expect(link.statusCode).toBe(202);
    const { verificationId } = link.json() as { verificationId: string };
    expect(link.json()).toMatchObject({ destination: `+49 ••• ••••• ${mobile.slice(-2)}` });

    const verified = await post('/api/verifikation/tan/pruefen', {
      verificationId,
      tan: await latestCode(testApp.app, mobile),
    });
    expect(verified.json()).toEqual({ status: 'VERIFIED', purpose: 'REGISTRATION' });

    const [account] = await testApp.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.username, person.username));
    expect(account).toMatchObject({
      status: 'ACTIVE',
      partnerId: person.partnerId,
      mobile,
      pool: 'benutzer',
    });
    const session = await signIn(testApp.app, {
      pool: 'benutzer',
      username: person.username,
      password,
      mobile,
    });
    expect(session.body).toMatchObject({ user: { partnerId: person.partnerId } });
  });

  it('answers every registration request the same and sends a link only when contract, e-mail and missing account fit', async () => {
    const person = await newPartnerWithContract();
    const registered = await newPartnerWithContract();
    await insertAccount(testApp.database.db, {
      pool: 'benutzer',
      email: registered.email,
      partnerId: registered.partnerId,
    });
    const cases = [
      { contract: person.contractNumber, email: 'fremd@example.com', to: 'fremd@example.com' },
      { contract: '9999999999', email: person.email, to: person.username },
      { contract: registered.contractNumber, email: registered.email, to: registered.username },
    ];
    for (const { contract, email, to } of cases) {
      const response = await post(`/api/benutzer/zugang/email/${contract}`, { email });
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ accepted: true });
      expect(await outboxCount(to)).toBe(0);
    }
  });

  it('uses a link once', async () => {
    const person = await newPartnerWithContract();
    await post(`/api/benutzer/zugang/email/${person.contractNumber}`, { email: person.email });
    const token = await latestLinkToken(testApp.app, person.username);
    const { salt, verifier } = await clientVerifier(person.username, 'Mein-Passwort-2026!');
    const body = { token, salt, verifier, handynummer: testMobile() };
    expect((await post('/api/benutzer/zugang/link', body)).statusCode).toBe(202);
    const again = await post('/api/benutzer/zugang/link', body);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ error: { code: 'LINK_INVALID' } });
    const check = await post('/api/benutzer/zugang/link/verification', { token });
    expect(check.json()).toEqual({ status: 'INVALID' });
  });

  it('lets a link expire after 24 hours', async () => {
    const person = await newPartnerWithContract();
    await post(`/api/benutzer/zugang/email/${person.contractNumber}`, { email: person.email });
    const token = await latestLinkToken(testApp.app, person.username);
    const ctx = createIdentityContext(testApp.app);
    const at = (hours: number) => ({
      ip: '10.3.9.9',
      userAgent: 'test',
      now: new Date(Date.now() + hours * 3_600_000),
    });
    expect(await checkRegistrationLink({ ctx, meta: at(23.9), token })).toMatchObject({ status: 'VALID' });
    expect(await checkRegistrationLink({ ctx, meta: at(24.1), token })).toEqual({ status: 'EXPIRED' });
  });

  it('rejects a landline as the mobile number', async () => {
    const person = await newPartnerWithContract();
    await post(`/api/benutzer/zugang/email/${person.contractNumber}`, { email: person.email });
    const token = await latestLinkToken(testApp.app, person.username);
    const { salt, verifier } = await clientVerifier(person.username, 'Mein-Passwort-2026!');
    const response = await post('/api/benutzer/zugang/link', {
      token,
      salt,
      verifier,
      handynummer: '+49 221 1234567',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', fieldErrors: [{ path: 'handynummer' }] },
    });
  });

  it('stops a verification code after three wrong tries; a new code works', async () => {
    const person = await newPartnerWithContract();
    await post(`/api/benutzer/zugang/email/${person.contractNumber}`, { email: person.email });
    const token = await latestLinkToken(testApp.app, person.username);
    const { salt, verifier } = await clientVerifier(person.username, 'Mein-Passwort-2026!');
    const mobile = testMobile();
    const link = await post('/api/benutzer/zugang/link', { token, salt, verifier, handynummer: mobile });
    const { verificationId } = link.json() as { verificationId: string };
    const code = await latestCode(testApp.app, mobile);
    const wrong = code === '123456' ? '654321' : '123456';
    const answers = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      answers.push(await post('/api/verifikation/tan/pruefen', { verificationId, tan: wrong }));
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400, 410]);
    expect((await post('/api/verifikation/tan/pruefen', { verificationId, tan: code })).statusCode).toBe(410);
    const resent = await post('/api/verifikation/tan/generieren', { verificationId });
    expect(resent.statusCode).toBe(202);
    const fresh = await latestCode(testApp.app, mobile);
    const verified = await post('/api/verifikation/tan/pruefen', { verificationId, tan: fresh });
    expect(verified.json()).toEqual({ status: 'VERIFIED', purpose: 'REGISTRATION' });
    expect((await post('/api/verifikation/tan/pruefen', { verificationId, tan: fresh })).statusCode).toBe(
      404,
    );
  });

  it('sends at most three codes per verification', async () => {
    const person = await newPartnerWithContract();
    await post(`/api/benutzer/zugang/email/${person.contractNumber}`, { email: person.email });
    const token = await latestLinkToken(testApp.app, person.username);
    const { salt, verifier } = await clientVerifier(person.username, 'Mein-Passwort-2026!');
    const link = await post('/api/benutzer/zugang/link', {
      token,
      salt,
      verifier,
      handynummer: testMobile(),
    });
    const { verificationId } = link.json() as { verificationId: string };
    const statuses = [];
    for (let send = 0; send < 3; send += 1) {
      statuses.push((await post('/api/verifikation/tan/generieren', { verificationId })).statusCode);
    }
    expect(statuses).toEqual([202, 202, 409]);
  });
});

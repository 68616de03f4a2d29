// Every sign-in, registration, TAN, reset and credential endpoint is limited per IP address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadIdentityKeys } from '../../platform/auth/keys';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertAgentAccount, insertCustomer, mintAccessToken } from './identity-test-kit';
import { IDENTITY_RATE_LIMITS } from './policy';

let testApp: TestApp;
let customerToken: string;
let agentToken: string;

beforeAll(async () => {
  testApp = await createTestApp();
  const customer = await insertCustomer(testApp.database.db);
  customerToken = await mintAccessToken(loadIdentityKeys(testApp.config), customer);
  agentToken = await mintAccessToken(
    loadIdentityKeys(testApp.config),
    await insertAgentAccount(testApp.database.db),
  );
});

afterAll(async () => {
  await testApp.close();
});

const { signIn, refresh, reset, registration, tan, credentials } = IDENTITY_RATE_LIMITS;

const LIMITED: readonly {
  method: 'GET' | 'POST';
  url: string;
  max: number;
  signedIn?: 'customer' | 'agent';
}[] = [
  { method: 'POST', url: '/api/auth/sign-in/init', max: signIn.max },
  { method: 'POST', url: '/api/auth/sign-in/verify', max: signIn.max },
  { method: 'POST', url: '/api/auth/sign-in/new-password', max: signIn.max },
  { method: 'POST', url: '/api/auth/sign-in/tan', max: signIn.max },
  { method: 'POST', url: '/api/auth/refresh', max: refresh.max },
  { method: 'POST', url: '/api/auth/forgot-password', max: reset.max },
  { method: 'POST', url: '/api/auth/forgot-password/confirm', max: reset.max },
  { method: 'POST', url: '/api/benutzer/benutzer/email/bestaetigen', max: reset.max },
  { method: 'POST', url: '/api/benutzer/benutzer/handynummer/reset', max: reset.max },
  { method: 'POST', url: '/api/benutzer/benutzer/handynummer/reset/token', max: reset.max },
  { method: 'POST', url: '/api/benutzer/zugang/email/9000000101', max: registration.max },
  { method: 'GET', url: '/api/benutzer/zugang/link/verification', max: registration.max },
  { method: 'POST', url: '/api/benutzer/zugang/link/verification', max: registration.max },
  { method: 'POST', url: '/api/benutzer/zugang/link', max: registration.max },
  { method: 'POST', url: '/api/verifikation/tan/generieren', max: tan.max },
  { method: 'POST', url: '/api/verifikation/tan/pruefen', max: tan.max },
  { method: 'POST', url: '/api/auth/password-proof', max: credentials.max, signedIn: 'customer' },
  {
    method: 'POST',
    url: '/api/benutzer/benutzer/passwort/aendern',
    max: credentials.max,
    signedIn: 'customer',
  },
  { method: 'POST', url: '/api/benutzer/benutzer/email/aendern', max: credentials.max, signedIn: 'customer' },
  { method: 'POST', url: '/api/benutzer/benutzer/handynummer', max: credentials.max, signedIn: 'customer' },
  { method: 'POST', url: '/api/benutzer/benutzer/aendern', max: credentials.max, signedIn: 'customer' },
  {
    method: 'POST',
    url: '/api/vermittler/vermittler/passwort/aendern',
    max: credentials.max,
    signedIn: 'agent',
  },
  {
    method: 'POST',
    url: '/api/vermittler/vermittler/x%40example.com/initial-passwort',
    max: credentials.max,
    signedIn: 'agent',
  },
  {
    method: 'POST',
    url: '/api/benutzer/benutzer/x%40example.com/reset/initial-passwort',
    max: credentials.max,
    signedIn: 'agent',
  },
];

describe('per-IP rate limits', () => {
  it.each(LIMITED.map((route, index) => ({ ...route, index })))(
    '$method $url: 429 with Retry-After after $max requests',
    async ({ method, url, max, signedIn, index }) => {
      const ip = `10.8.0.${index + 1}`;
      // Malformed bodies: every request is counted, and none of them changes anything.
      const request = () =>
        testApp.app.inject({
          method,
          url,
          remoteAddress: ip,
          ...(method === 'POST' ? { payload: { unbrauchbar: true } } : {}),
          ...(signedIn
            ? { headers: { authorization: `Bearer ${signedIn === 'agent' ? agentToken : customerToken}` } }
            : {}),
        });
      for (let count = 0; count < max; count += 1) expect((await request()).statusCode).not.toBe(429);
      const limited = await request();
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json()).toMatchObject({ error: { code: 'TOO_MANY_REQUESTS' } });
    },
  );
});

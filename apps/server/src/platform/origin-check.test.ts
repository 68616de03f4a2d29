import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCustomer, signIn } from '../modules/identity/identity-test-kit';
import { createTestApp, type TestApp } from '../test/test-app';
import { FOREIGN_ORIGIN_MESSAGE, trustedOriginCheck } from './origin-check';

// Issue 11: logout and the other cookie-authenticated POSTs check where the request comes from.

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ config: { publicUrl: 'https://portal.example.de' } });
});

afterAll(async () => {
  await testApp.close();
});

function post(url: string, cookie: string, headers: Record<string, string> = {}) {
  return testApp.app.inject({ method: 'POST', url, cookies: { schirm_refresh: cookie }, headers });
}

describe('cookie-carrying requests from other sites', () => {
  it('refuses a logout from a foreign page and keeps the session', async () => {
    const customer = await insertCustomer(testApp.database.db);
    const session = await signIn(testApp.app, customer);
    const forged = await post('/api/auth/logout', session.refreshCookie, { origin: 'https://evil.example' });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({
      error: { code: 'FORBIDDEN_ORIGIN', status: 403, message: FOREIGN_ORIGIN_MESSAGE },
    });
    const me = await testApp.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    const own = await post('/api/auth/logout', session.refreshCookie, {
      origin: 'https://portal.example.de',
    });
    expect(own.statusCode).toBe(204);
  });

  it('refuses a refresh from a foreign page, also when only Sec-Fetch-Site tells', async () => {
    const customer = await insertCustomer(testApp.database.db);
    const session = await signIn(testApp.app, customer);
    for (const headers of <Record<string, string>[]>[
      { origin: 'https://portal.example.de.evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ]) {
      const response = await post('/api/auth/refresh', session.refreshCookie, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
    }
    const own = await post('/api/auth/refresh', session.refreshCookie, {
      origin: 'http://localhost:5173',
      'sec-fetch-site': 'same-origin',
    });
    expect(own.statusCode).toBe(200);
  });

  it('lets callers without a browser (no Origin, no Sec-Fetch-Site) and requests without cookies pass', async () => {
    const customer = await insertCustomer(testApp.database.db);
    const session = await signIn(testApp.app, customer);
    expect((await post('/api/auth/refresh', session.refreshCookie)).statusCode).toBe(200);
    const pricingFromPartner = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { origin: 'https://partner.example' },
      payload: { pool: 'benutzer', username: customer.username },
    });
    expect(pricingFromPartner.statusCode).toBe(202);
  });

  it('trusts PUBLIC_URL and the configured hosts on any port, nothing else', () => {
    const trusted = trustedOriginCheck(testApp.config);
    for (const origin of ['https://portal.example.de', 'http://localhost:3000', 'https://www.schirm.de'])
      expect(trusted(origin), origin).toBe(true);
    for (const origin of [
      'https://schirm.de.evil.example',
      'null',
      'file://',
      'https://evil.example',
      'ftp://localhost',
    ])
      expect(trusted(origin), origin).toBe(false);
  });
});

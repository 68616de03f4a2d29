import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCustomer, mintAccessToken } from '../modules/identity/identity-test-kit';
import { createTestApp, type TestApp } from '../test/test-app';
import { loadIdentityKeys } from './auth/keys';
import { CONTROL_CHARACTER_MESSAGE, findControlCharacters, hasControlCharacter } from './control-characters';

// Issue 11: a NUL in the sign-in name, forgot password, nickname or outbox filter gave 500
// (PostgreSQL refuses NUL in text). Every text input now answers 400 with a German message.

let testApp: TestApp;
let customerToken: string;

beforeAll(async () => {
  testApp = await createTestApp();
  const customer = await insertCustomer(testApp.database.db);
  customerToken = await mintAccessToken(loadIdentityKeys(testApp.config), customer);
});

afterAll(async () => {
  await testApp.close();
});

function expectRefused(response: { statusCode: number; json(): unknown }, path: string) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({
    error: {
      code: 'VALIDATION_FAILED',
      status: 400,
      fieldErrors: [{ path, message: CONTROL_CHARACTER_MESSAGE }],
    },
  });
}

describe('control characters in text input', () => {
  it('refuses a NUL in the sign-in name', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/init',
      payload: { pool: 'benutzer', username: 'erika\u0000@example.com' },
    });
    expectRefused(response, 'username');
  });

  it('refuses a NUL in forgot password', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { pool: 'benutzer', username: '\u0000' },
    });
    expectRefused(response, 'username');
  });

  it('refuses an escape character in the nickname, and keeps the saved one', async () => {
    const headers = { authorization: `Bearer ${customerToken}` };
    const saved = await testApp.app.inject({
      method: 'POST',
      url: '/api/benutzer/benutzer/aendern',
      headers,
      payload: { nickname: 'Erika' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const refused = await testApp.app.inject({
      method: 'POST',
      url: '/api/benutzer/benutzer/aendern',
      headers,
      payload: { nickname: 'Eri\u001bka' },
    });
    expectRefused(refused, 'nickname');
    expect(JSON.stringify(saved.json())).toContain('Erika');
  });

  it('refuses a NUL in a query and in a path parameter', async () => {
    expectRefused(await testApp.app.inject({ url: '/api/entwicklung/postausgang?to=%00' }), 'to');
    expectRefused(await testApp.app.inject({ url: '/api/fragebogen/search/zip/50%0067' }), 'zipcode');
  });

  it('keeps line breaks and tabs of text areas, umlauts and emoji', () => {
    expect(hasControlCharacter('Zeile 1\nZeile 2\r\n\tEingerückt – Grüße 😀')).toBe(false);
    for (const text of ['\u0000', 'a\u0008', '\u000b', '\u001f', '\u007f', '\u0085', '\u009f'])
      expect(hasControlCharacter(text), JSON.stringify(text)).toBe(true);
  });

  it('names every field at any depth, keys included', () => {
    expect(
      findControlCharacters({ a: ['ok', 'x\u0000'], b: { '\u0001': 'ok', c: { d: '\u007f' } } }, 'body').map(
        (error) => error.path,
      ),
    ).toEqual(['body.a.1', 'body.b.\u0001', 'body.b.c.d']);
  });
});

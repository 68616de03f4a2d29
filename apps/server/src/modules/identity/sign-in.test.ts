import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { clientProof, insertCustomer, latestCode, signIn } from './identity-test-kit';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

describe('sign-in', () => {
  it('signs a customer in with SRP and the SMS TAN from the outbox', async () => {
    const customer = await insertCustomer(testApp.database.db);
    const result = await signIn(testApp.app, customer);
    expect(result.body).toMatchObject({
      tokenType: 'Bearer',
      user: { pool: 'benutzer', username: customer.username },
    });
    const me = await testApp.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${result.accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: customer.username, handynummer: customer.mobile });
  });

  it('answers a wrong password with the neutral message', async () => {
    const customer = await insertCustomer(testApp.database.db);
    const init = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/init',
      payload: { pool: 'benutzer', username: customer.username },
    });
    const { session, salt, B } = init.json() as { session: string; salt: string; B: string };
    const proof = await clientProof(customer.username, 'Falsch-2026!', salt, B);
    const verify = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/verify',
      payload: { session, A: proof.A, M1: proof.M1 },
    });
    expect(verify.statusCode).toBe(401);
    expect(verify.json()).toMatchObject({ error: { code: 'SIGN_IN_FAILED' } });
    await expect(latestCode(testApp.app, customer.mobile)).rejects.toThrow();
  });
});

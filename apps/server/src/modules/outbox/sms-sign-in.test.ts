// With SMS_URL set, a sign-in TAN reaches the person only through the SMS provider: the app's own
// dispatcher hands it to Twilio's client, which sends it to a local fake of Twilio's API; the
// development outbox, the database and the logs keep no TAN.
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outboxMessages } from '../../db/schema/outbox';
import { createLogger } from '../../platform/logger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { clientProof, insertCustomer } from '../identity/identity-test-kit';
import { startFakeSmsProvider, twilioAccepted, type FakeSmsProvider } from './fake-sms-provider';

const ACCOUNT_SID = `AC${'fedcba9876543210'.repeat(2)}`;
const AUTH_TOKEN = 'sign-in-test-token';

let testApp: TestApp;
let twilio: FakeSmsProvider;
let logs = '';

beforeAll(async () => {
  twilio = await startFakeSmsProvider(twilioAccepted);
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logs += chunk.toString('utf8');
      callback();
    },
  });
  testApp = await createTestApp({
    logger: createLogger('trace', stream),
    config: {
      smsUrl: `twilio://${ACCOUNT_SID}:${AUTH_TOKEN}@127.0.0.1:${twilio.port}`,
      smsFrom: 'Schirm',
      // Delivery is a background job (ADR 0011).
      jobs: true,
    },
  });
});

afterAll(async () => {
  await testApp.close();
  await twilio.close();
});

async function post(url: string, payload: object) {
  return testApp.app.inject({ method: 'POST', url, payload, remoteAddress: '10.2.0.1' });
}

describe('sign-in with SMS_URL set', () => {
  it('delivers the TAN through Twilio; the development outbox, database and logs show none', async () => {
    const customer = await insertCustomer(testApp.database.db);
    const init = await post('/api/auth/sign-in/init', { pool: customer.pool, username: customer.username });
    const { session, salt, B } = init.json() as { session: string; salt: string; B: string };
    const proof = await clientProof(customer.username, customer.password, salt, B);
    const verify = await post('/api/auth/sign-in/verify', { session, A: proof.A, M1: proof.M1 });
    expect(verify.statusCode).toBe(200);

    const [request] = await twilio.requestCount(1);
    expect(request?.path).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`);
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`,
    );
    const form = new URLSearchParams(request?.body);
    expect(form.get('To')).toBe(customer.mobile);
    expect(form.get('From')).toBe('Schirm');
    const tan = /\b(\d{6})\b/.exec(form.get('Body') ?? '')?.[1];
    expect(tan).toMatch(/^\d{6}$/);

    const listed = await testApp.app.inject({
      url: `/api/entwicklung/postausgang?to=${encodeURIComponent(customer.mobile)}`,
    });
    expect(listed.statusCode).toBe(200);
    const { messages } = listed.json() as { messages: { channel: string; body: string }[] };
    expect(messages).toMatchObject([{ channel: 'sms', body: '' }]);

    // The dispatcher marks the row SENT right after the provider's answer.
    await vi.waitFor(
      async () => {
        const rows = await testApp.database.db
          .select()
          .from(outboxMessages)
          .where(eq(outboxMessages.recipient, customer.mobile));
        expect(rows).toMatchObject([{ status: 'SENT', body: '', attempts: 1 }]);
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(logs).not.toContain(String(tan));

    const challenge = verify.json() as { session: string };
    const signedIn = await post('/api/auth/sign-in/tan', { session: challenge.session, tan: String(tan) });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toHaveProperty('accessToken');
  });
});

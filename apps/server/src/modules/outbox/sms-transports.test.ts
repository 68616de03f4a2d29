// SMS delivery from the outbox through the real transports (Twilio's client, the HTTP gateway) to a
// local fake of the provider's HTTP API: what the provider receives, retries with back-off, refusals
// marked FAILED at once and logged without number or text.
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema/outbox';
import { withTransaction } from '../../db/transaction';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startFakeSmsProvider, twilioAccepted, twilioError, type FakeSmsProvider } from './fake-sms-provider';
import { deliverPending, enqueueMessage, listMessages } from './outbox';
import { maskPhoneNumbers } from './sms-transports';
import { createTransports, type Transports } from './transports';

const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const AUTH_TOKEN = 'fake-auth-token';

let testApp: TestApp;
let twilio: FakeSmsProvider;
let gateway: FakeSmsProvider;

beforeAll(async () => {
  testApp = await createTestApp();
  twilio = await startFakeSmsProvider(twilioAccepted);
  gateway = await startFakeSmsProvider();
});

afterEach(async () => {
  // Nothing a test left waiting may be delivered by the next one.
  await testApp.database.db
    .update(outboxMessages)
    .set({ status: 'FAILED' })
    .where(eq(outboxMessages.status, 'PENDING'));
  twilio.answers.length = 0;
  gateway.answers.length = 0;
});

afterAll(async () => {
  await twilio.close();
  await gateway.close();
  await testApp.close();
});

function transportsFor(smsUrl: string, smsFrom = 'Schirm'): Transports {
  return createTransports({ smtpUrl: undefined, mailFrom: 'x@example.com', smsUrl, smsFrom });
}

function logCapture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      callback();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

async function enqueueSms(transports: Transports, to: string, body: string) {
  return withTransaction(testApp.database.db, (tx) =>
    enqueueMessage(tx, transports, { channel: 'sms', to, body, purpose: 'SIGN_IN_TAN' }),
  );
}

async function rowOf(id: string) {
  const [row] = await testApp.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
}

function deliver(transports: Transports, now: Date, logger = pino({ level: 'silent' })) {
  return deliverPending({ db: testApp.database.db, transports, now, logger });
}

describe('Twilio transport', () => {
  it('sends through the official client to the Messages resource with basic auth and erases the body', async () => {
    const transports = transportsFor(
      `twilio://${ACCOUNT_SID}:${AUTH_TOKEN}@127.0.0.1:${twilio.port}`,
      '+4915100000000',
    );
    const id = await enqueueSms(transports, '+4915199990011', 'Ihr Schirm-Code lautet 482913.');
    expect(await rowOf(id)).toMatchObject({ status: 'PENDING' });
    const before = twilio.requests.length;
    expect(await deliver(transports, new Date(Date.now() + 1000))).toBe(1);
    const request = twilio.requests[before];
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`);
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`,
    );
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({
      To: '+4915199990011',
      From: '+4915100000000',
      Body: 'Ihr Schirm-Code lautet 482913.',
    });
    expect(await rowOf(id)).toMatchObject({ status: 'SENT', body: '', attempts: 1, lastError: null });
  });

  it('retries a 5xx with back-off, then delivers', async () => {
    const transports = transportsFor(`twilio://${ACCOUNT_SID}:${AUTH_TOKEN}@127.0.0.1:${twilio.port}`);
    twilio.answers.push(twilioError(503, 20503, 'Service unavailable'));
    const id = await enqueueSms(transports, '+4915199990012', 'Ihr Schirm-Code lautet 111222.');
    const start = Date.now() + 1000;
    const before = twilio.requests.length;
    const { logger, lines } = logCapture();
    expect(await deliver(transports, new Date(start), logger)).toBe(0);
    const waiting = await rowOf(id);
    expect(waiting).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      body: 'Ihr Schirm-Code lautet 111222.',
      lastError: 'Twilio answered 503 (error 20503): Service unavailable',
    });
    expect(waiting.nextAttemptAt.getTime()).toBe(start + 60_000);
    expect(lines).toEqual([
      expect.objectContaining({ level: 40, messageId: id, purpose: 'SIGN_IN_TAN', transport: 'twilio' }),
    ]);
    expect(await deliver(transports, new Date(start + 30_000))).toBe(0);
    expect(twilio.requests.length - before).toBe(1);
    expect(await deliver(transports, new Date(start + 60_000))).toBe(1);
    expect(twilio.requests.length - before).toBe(2);
    expect(await rowOf(id)).toMatchObject({ status: 'SENT', attempts: 2, body: '' });
  });

  it('marks a refused number FAILED at once and logs an error without the number or the text', async () => {
    const transports = transportsFor(`twilio://${ACCOUNT_SID}:${AUTH_TOKEN}@127.0.0.1:${twilio.port}`);
    twilio.answers.push(
      twilioError(400, 21211, "The 'To' number +4915199990013 is not a valid phone number."),
    );
    const id = await enqueueSms(transports, '+4915199990013', 'Ihr Schirm-Code lautet 333444.');
    const { logger, lines } = logCapture();
    const now = new Date(Date.now() + 1000);
    expect(await deliver(transports, now, logger)).toBe(0);
    const failed = await rowOf(id);
    expect(failed).toMatchObject({ status: 'FAILED', attempts: 1, body: '' });
    expect(failed.lastError).toBe(
      "Twilio answered 400 (error 21211): The 'To' number +•••••••••••13 is not a valid phone number.",
    );
    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        msg: 'outbox delivery failed for good: message not delivered',
        messageId: id,
        channel: 'sms',
        purpose: 'SIGN_IN_TAN',
        transport: 'twilio',
      }),
    ]);
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain('4915199990013');
    expect(logged).not.toContain('333444');
    // Given up: no later run sends it.
    expect(await deliver(transports, new Date(now.getTime() + 24 * 3_600_000))).toBe(0);
  });

  it('retries when the provider cannot be reached', async () => {
    const closed = await startFakeSmsProvider();
    await closed.close();
    const transports = transportsFor(`twilio://${ACCOUNT_SID}:${AUTH_TOKEN}@127.0.0.1:${closed.port}`);
    const id = await enqueueSms(transports, '+4915199990014', 'Ihr Schirm-Code lautet 555666.');
    expect(await deliver(transports, new Date(Date.now() + 1000))).toBe(0);
    expect(await rowOf(id)).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      lastError: 'Twilio not reachable: ECONNREFUSED',
    });
  });
});

describe('HTTP gateway transport', () => {
  it('POSTs to, text and from as JSON with basic auth; 2xx delivers', async () => {
    const transports = transportsFor(`http://gw-user:gw%20pass@127.0.0.1:${gateway.port}/sms/send?konto=7`);
    const id = await enqueueSms(transports, '+4915199990021', 'Ihr Schirm-Code lautet 777888.');
    const before = gateway.requests.length;
    expect(await deliver(transports, new Date(Date.now() + 1000))).toBe(1);
    const request = gateway.requests[before];
    expect(request).toMatchObject({ method: 'POST', path: '/sms/send?konto=7' });
    expect(request?.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from('gw-user:gw pass').toString('base64')}`);
    expect(JSON.parse(request?.body ?? '')).toEqual({
      to: '+4915199990021',
      text: 'Ihr Schirm-Code lautet 777888.',
      from: 'Schirm',
    });
    expect(await rowOf(id)).toMatchObject({ status: 'SENT', body: '' });
  });

  it('sends a bearer token; retries a 500; a 422 is FAILED at once', async () => {
    const transports = transportsFor(`http://secret-token@127.0.0.1:${gateway.port}/send`);
    gateway.answers.push({ status: 500, body: { error: 'down' } });
    const retried = await enqueueSms(transports, '+4915199990022', 'Ihr Schirm-Code lautet 121212.');
    const start = Date.now() + 1000;
    const before = gateway.requests.length;
    await deliver(transports, new Date(start));
    expect(gateway.requests[before]?.headers.authorization).toBe('Bearer secret-token');
    expect(await rowOf(retried)).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      lastError: 'SMS gateway answered 500: {"error":"down"}',
    });
    expect(await deliver(transports, new Date(start + 60_000))).toBe(1);
    expect(await rowOf(retried)).toMatchObject({ status: 'SENT', attempts: 2 });

    gateway.answers.push({ status: 422, body: { error: 'invalid number +4915199990023' } });
    const refused = await enqueueSms(transports, '+4915199990023', 'Ihr Schirm-Code lautet 343434.');
    await deliver(transports, new Date(start + 120_000));
    expect(await rowOf(refused)).toMatchObject({
      status: 'FAILED',
      attempts: 1,
      body: '',
      lastError: 'SMS gateway answered 422: {"error":"invalid number +•••••••••••23"}',
    });
  });
});

describe('development outbox with a delivering SMS transport', () => {
  it('lists a pending SMS without its text', async () => {
    const transports = transportsFor(`http://127.0.0.1:${gateway.port}/send`);
    await enqueueSms(transports, '+4915199990031', 'Ihr Schirm-Code lautet 909090.');
    const listed = await listMessages({ db: testApp.database.db, to: '+4915199990031', limit: 5 });
    expect(listed).toMatchObject([{ channel: 'sms', to: '+4915199990031', body: '' }]);
  });
});

describe('maskPhoneNumbers', () => {
  it('keeps the last two digits of each number and nothing else of it', () => {
    expect(maskPhoneNumbers('to +49 151 99990013 failed')).toBe(`to +${'•'.repeat(11)}13 failed`);
    expect(maskPhoneNumbers('code 21211, 0151/2345678')).toBe(`code 21211, ${'•'.repeat(9)}78`);
  });
});

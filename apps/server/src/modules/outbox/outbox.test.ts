import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema/outbox';
import { withTransaction } from '../../db/transaction';
import { createTestApp, type TestApp } from '../../test/test-app';
import { deliverPending, ERASED_BODY, enqueueMessage } from './outbox';
import { DEVELOPMENT_TRANSPORT, type OutgoingMessage, type Transports } from './transports';

let testApp: TestApp;
const silent = pino({ level: 'silent' });

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

function recordingTransport(sent: OutgoingMessage[], failures = 0): Transports['email'] {
  let remainingFailures = failures;
  return {
    kind: 'delivering',
    name: 'recording',
    send: async (message) => {
      if (remainingFailures > 0) {
        remainingFailures -= 1;
        throw new Error('SMTP 451 try again later');
      }
      sent.push(message);
    },
  };
}

async function rowOf(id: string) {
  const [row] = await testApp.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  return row;
}

describe('development outbox', () => {
  it('lists kept messages newest first, filtered by recipient', async () => {
    const transports: Transports = { email: DEVELOPMENT_TRANSPORT, sms: DEVELOPMENT_TRANSPORT };
    await withTransaction(testApp.database.db, async (tx) => {
      await enqueueMessage(tx, transports, {
        channel: 'sms',
        to: '+4915199990001',
        body: 'erste',
        purpose: 'TEST',
      });
      await enqueueMessage(tx, transports, {
        channel: 'sms',
        to: '+4915199990001',
        body: 'zweite',
        purpose: 'TEST',
      });
      await enqueueMessage(tx, transports, {
        channel: 'email',
        to: 'post@example.com',
        subject: 'Betreff',
        body: 'Text',
        purpose: 'TEST',
      });
    });
    const sms = await testApp.app.inject({ url: '/api/entwicklung/postausgang?to=%2B4915199990001' });
    expect(sms.statusCode).toBe(200);
    expect(
      (sms.json() as { messages: { body: string; channel: string; subject: null }[] }).messages,
    ).toMatchObject([
      { body: 'zweite', channel: 'sms', subject: null },
      { body: 'erste', channel: 'sms', subject: null },
    ]);
    const mail = await testApp.app.inject({ url: '/api/entwicklung/postausgang?to=POST@example.com' });
    expect(mail.json()).toMatchObject({
      messages: [{ to: 'post@example.com', subject: 'Betreff', channel: 'email' }],
    });
  });

  it('does not exist outside the localhost environment', async () => {
    for (const host of ['dev.schirm.de', 'schirm.de', 'accept.schirm.de']) {
      const response = await testApp.app.inject({ url: '/api/entwicklung/postausgang', headers: { host } });
      expect(response.statusCode, host).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });
});

describe('delivery', () => {
  it('hands pending messages to their transport once and erases the body', async () => {
    const sent: OutgoingMessage[] = [];
    const transports: Transports = { email: recordingTransport(sent), sms: DEVELOPMENT_TRANSPORT };
    const id = await withTransaction(testApp.database.db, (tx) =>
      enqueueMessage(tx, transports, {
        channel: 'email',
        to: 'smtp@example.com',
        subject: 'Code',
        body: 'Ihr Code lautet 123456',
        purpose: 'TEST',
      }),
    );
    expect(await rowOf(id)).toMatchObject({ status: 'PENDING' });
    const now = new Date(Date.now() + 1000);
    expect(await deliverPending({ db: testApp.database.db, transports, now, logger: silent })).toBe(1);
    expect(sent).toEqual([{ to: 'smtp@example.com', subject: 'Code', body: 'Ihr Code lautet 123456' }]);
    expect(await rowOf(id)).toMatchObject({ status: 'SENT', body: ERASED_BODY });
    expect(await deliverPending({ db: testApp.database.db, transports, now, logger: silent })).toBe(0);
    expect(sent).toHaveLength(1);
  });

  it('retries a failed delivery later with back-off', async () => {
    const sent: OutgoingMessage[] = [];
    const transports: Transports = { email: DEVELOPMENT_TRANSPORT, sms: recordingTransport(sent, 1) };
    const id = await withTransaction(testApp.database.db, (tx) =>
      enqueueMessage(tx, transports, {
        channel: 'sms',
        to: '+4915199990002',
        body: 'Code 654321',
        purpose: 'TEST',
      }),
    );
    const start = Date.now() + 1000;
    await deliverPending({ db: testApp.database.db, transports, now: new Date(start), logger: silent });
    const failed = await rowOf(id);
    expect(failed).toMatchObject({ status: 'PENDING', attempts: 1, lastError: 'SMTP 451 try again later' });
    expect(failed?.nextAttemptAt.getTime()).toBe(start + 60_000);
    await deliverPending({
      db: testApp.database.db,
      transports,
      now: new Date(start + 30_000),
      logger: silent,
    });
    expect(sent).toHaveLength(0);
    await deliverPending({
      db: testApp.database.db,
      transports,
      now: new Date(start + 60_000),
      logger: silent,
    });
    expect(sent).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ status: 'SENT', attempts: 2 });
  });
});

describe('attachments', () => {
  it('hands an e-mail its attachment from the file storage; a missing file is retried later', async () => {
    const sent: OutgoingMessage[] = [];
    const transports: Transports = { email: recordingTransport(sent), sms: DEVELOPMENT_TRANSPORT };
    const files = testApp.app.files;
    const storageKey = await files.put(Buffer.from('%PDF-1.4 Beleg'), 'pdf');
    const enqueue = (key: string, to: string) =>
      withTransaction(testApp.database.db, (tx) =>
        enqueueMessage(tx, transports, {
          channel: 'email',
          to,
          subject: 'Eingangsbestätigung',
          body: 'Im Anhang',
          purpose: 'TEST',
          attachment: { name: 'Kündigungsbestätigung 9000000001.pdf', storageKey: key },
        }),
      );
    await enqueue(storageKey, 'anhang@example.com');
    const lost = await enqueue('ab/ab000000-0000-4000-8000-000000000000.pdf', 'verloren@example.com');
    const now = new Date(Date.now() + 1000);
    expect(await deliverPending({ db: testApp.database.db, transports, files, now, logger: silent })).toBe(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe('anhang@example.com');
    expect(sent[0]?.attachment?.name).toBe('Kündigungsbestätigung 9000000001.pdf');
    expect(sent[0]?.attachment?.content.toString()).toBe('%PDF-1.4 Beleg');
    expect(await rowOf(lost)).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      lastError: expect.stringContaining('is not in the file storage'),
    });
  });
});

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { outboxMessages } from '../../db/schema/outbox';
import { REPO_ROOT } from '../../platform/config';
import { createPgliteDataDir, createTestDatabase } from '../../test/test-database';
import { describeOutboxStatus, maskRecipient, needsAttention, readOutboxStatus } from './status';

const NOW = new Date('2026-11-25T12:00:00Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

type Row = typeof outboxMessages.$inferInsert;

function sms(values: Partial<Row>): Row {
  return {
    channel: 'sms',
    recipient: '+4915199990001',
    body: '',
    purpose: 'SIGN_IN_TAN',
    status: 'SENT',
    createdAt: minutes(-10),
    nextAttemptAt: minutes(-10),
    ...values,
  };
}

/** One message of each state the status tells apart. */
async function insertStates(db: Database) {
  await db.insert(outboxMessages).values([
    sms({ status: 'SENT', attempts: 1 }),
    sms({ status: 'KEPT', body: 'Ihr Code lautet 123456' }),
    sms({
      status: 'FAILED',
      attempts: 1,
      recipient: '+4915199990077',
      lastError: 'Twilio answered 400 (error 21211): invalid',
      createdAt: minutes(-30),
    }),
    sms({ status: 'FAILED', attempts: 8, createdAt: minutes(-25 * 60) }),
    sms({ status: 'PENDING', attempts: 2, body: 'Code 1', nextAttemptAt: minutes(3) }),
    sms({ status: 'PENDING', attempts: 0, body: 'Code 2', nextAttemptAt: minutes(-6) }),
    sms({ status: 'PENDING', attempts: 0, body: 'Code 3', nextAttemptAt: minutes(-1) }),
  ]);
}

describe('outbox status', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    await insertStates(database.db);
  });

  afterAll(async () => {
    await database.close();
  });

  it('counts failures of the last day, retries and overdue messages, and lists failures masked', async () => {
    const status = await readOutboxStatus({ db: database.db, now: NOW });
    expect(status).toMatchObject({ failedLastDay: 1, retrying: 1, overdue: 1 });
    expect(status.recentFailures).toMatchObject([
      {
        channel: 'sms',
        purpose: 'SIGN_IN_TAN',
        to: `+${'•'.repeat(11)}77`,
        attempts: 1,
        lastError: 'Twilio answered 400 (error 21211): invalid',
      },
      { attempts: 8 },
    ]);
    expect(needsAttention(status)).toBe(true);
    const text = describeOutboxStatus(status).join('\n');
    expect(text).toContain('Nicht zustellbar (FAILED, Nachrichten der letzten 24 Stunden): 1');
    expect(text).toContain('Überfällig (PENDING, nächster Versuch seit über 5 Minuten fällig): 1');
    expect(text).not.toContain('4915199990077');
    expect(text).not.toContain('Code');
  });

  it('needs no attention when nothing failed today and nothing is overdue', async () => {
    const later = new Date(NOW.getTime() + 2 * 24 * 3_600_000);
    const status = await readOutboxStatus({ db: database.db, now: later });
    expect(status.failedLastDay).toBe(0);
    // The PENDING messages are overdue two days later.
    expect(status.overdue).toBe(3);
    expect(needsAttention({ ...status, overdue: 0 })).toBe(false);
  });

  it('masks e-mail addresses and numbers', () => {
    expect(maskRecipient('anna.schneider@example.com')).toBe('a•••@example.com');
    expect(maskRecipient('+4915112345678')).toBe(`+${'•'.repeat(11)}78`);
  });
});

describe('status CLI', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'schirm-outbox-status-'));

  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints the status of the configured database and exits 1 when messages failed', async () => {
    const database = await createPgliteDataDir(path.join(dataDir, 'pglite'));
    try {
      await database.db
        .insert(outboxMessages)
        .values(sms({ status: 'FAILED', attempts: 1, createdAt: new Date(), lastError: 'refused' }));
    } finally {
      await database.close();
    }
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/modules/outbox/status-cli.ts'), '--json'],
      {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
        timeout: 120_000,
      },
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({
      failedLastDay: 1,
      retrying: 0,
      overdue: 0,
      recentFailures: [{ channel: 'sms', to: `+${'•'.repeat(11)}01`, lastError: 'refused' }],
    });
  }, 180_000);
});

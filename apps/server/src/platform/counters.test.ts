// The fixed-window counters under the rate limits and the per-account bounds (ADR 0013).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { attemptCounters, rateLimitCounters } from '../db/schema/rate-limits';
import { createTestDatabase } from '../test/test-database';
import { clearCounter, extendCounter, hitCounter, pruneCounters, readCounter } from './counters';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);

afterAll(async () => {
  await database.close();
});

const start = new Date('2026-03-01T10:00:00.000Z');
const at = (ms: number) => new Date(start.getTime() + ms);

describe('counters', () => {
  it('counts within the window and starts again at 1 once it ended', async () => {
    const { db } = database;
    expect(await hitCounter(db, attemptCounters, 'w', 1_000, at(0))).toEqual({
      count: 1,
      expiresAt: at(1_000),
    });
    expect(await hitCounter(db, attemptCounters, 'w', 1_000, at(500))).toEqual({
      count: 2,
      expiresAt: at(1_000),
    });
    expect(await readCounter(db, attemptCounters, 'w', at(999))).toEqual({ count: 2, expiresAt: at(1_000) });
    expect((await readCounter(db, attemptCounters, 'w', at(1_000))).count).toBe(0);
    expect(await hitCounter(db, attemptCounters, 'w', 1_000, at(1_000))).toEqual({
      count: 1,
      expiresAt: at(2_000),
    });
  });

  it('counts concurrent hits on one key without losing any', async () => {
    const { db } = database;
    const hits = await Promise.all(
      Array.from({ length: 20 }, () => hitCounter(db, rateLimitCounters, 'many', 60_000, at(0))),
    );
    expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
  });

  it('extends a window (a lock), never shortens it, and clears a key', async () => {
    const { db } = database;
    await hitCounter(db, attemptCounters, 'lock', 1_000, at(0));
    await extendCounter(db, attemptCounters, 'lock', at(5_000));
    await extendCounter(db, attemptCounters, 'lock', at(2_000));
    expect(await readCounter(db, attemptCounters, 'lock', at(4_999))).toEqual({
      count: 1,
      expiresAt: at(5_000),
    });
    await clearCounter(db, attemptCounters, 'lock');
    expect((await readCounter(db, attemptCounters, 'lock', at(0))).count).toBe(0);
  });

  it('prunes the rows whose window ended, and only those', async () => {
    const { db } = database;
    await hitCounter(db, rateLimitCounters, 'old', 1_000, at(0));
    await hitCounter(db, rateLimitCounters, 'live', 10_000, at(0));
    await pruneCounters(db, rateLimitCounters, at(5_000));
    const keys = (await db.select().from(rateLimitCounters)).map((row) => row.key);
    expect(keys).toContain('live');
    expect(keys).not.toContain('old');
  });
});

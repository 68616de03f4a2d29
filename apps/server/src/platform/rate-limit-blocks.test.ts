import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { rateLimitCounters } from '../db/schema/rate-limits';
import { createTestDatabase } from '../test/test-database';
import { readCounter } from './counters';
import { databaseStore, reservationSize } from './rate-limit';

// Generous limits (pricing: 300 a minute) take blocks of the shared counter instead of one
// database write per request; strict ones (sign-in, codes) still count every request there.

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

type Store = ReturnType<typeof routeStore>;

function routeStore(max: number) {
  const Store = databaseStore(database.db);
  return new Store().child({ max, routeInfo: { method: 'POST', url: '/api/taa/phv/v2/tarifieren' } });
}

function hit(store: Store, key: string): Promise<number> {
  return new Promise((resolve, reject) => {
    store.incr(
      key,
      (error, result) =>
        error || !result ? reject(error ?? new Error('no result')) : resolve(result.current),
      60_000,
    );
  });
}

async function sharedCount(key: string): Promise<number> {
  const prefixed = `POST /api/taa/phv/v2/tarifieren|${key}`;
  return (await readCounter(database.db, rateLimitCounters, prefixed, new Date())).count;
}

describe('rate-limit counting in blocks', () => {
  it('takes a twentieth of a generous limit at a time, one request at a time for strict ones', () => {
    expect([5, 10, 39, 40, 300, 600].map(reservationSize)).toEqual([1, 1, 1, 2, 15, 30]);
  });

  it("counts a client's first block in the process and then writes the database once a block", async () => {
    const store = routeStore(300);
    const counts: number[] = [];
    for (let i = 0; i < 15; i += 1) counts.push(await hit(store, '198.51.100.1'));
    expect(await sharedCount('198.51.100.1')).toBe(0);
    for (let i = 0; i < 5; i += 1) counts.push(await hit(store, '198.51.100.1'));
    expect(counts).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // The first block (15, used) and the next (15, reserved) went to the shared counter at once.
    expect(await sharedCount('198.51.100.1')).toBe(30);
  });

  it('counts a second process after the blocks of the first, so the limit holds across both', async () => {
    const first = routeStore(300);
    const second = routeStore(300);
    for (let i = 1; i <= 16; i += 1) expect(await hit(first, '198.51.100.2')).toBe(i);
    for (let i = 1; i <= 15; i += 1) expect(await hit(second, '198.51.100.2')).toBe(i);
    expect(await hit(second, '198.51.100.2')).toBe(46);
    expect(await sharedCount('198.51.100.2')).toBe(60);
  });

  it('refuses a client of a generous limit once the shared count passes it, whichever process it asks', async () => {
    const first = routeStore(40);
    const second = routeStore(40);
    const counts: number[] = [];
    for (let i = 0; i < 50; i += 1) counts.push(await hit(i % 2 === 0 ? first : second, '198.51.100.4'));
    const allowed = counts.filter((current) => current <= 40).length;
    // At most one local block (2) per process beyond the limit, and the last requests refused.
    expect(allowed).toBeGreaterThanOrEqual(36);
    expect(allowed).toBeLessThanOrEqual(44);
    expect(counts.slice(-4).every((current) => current > 40)).toBe(true);
  });

  it('counts every request of a strict limit in the database', async () => {
    const store = routeStore(10);
    for (let i = 1; i <= 3; i += 1) expect(await hit(store, '198.51.100.3')).toBe(i);
    expect(await sharedCount('198.51.100.3')).toBe(3);
  });
});

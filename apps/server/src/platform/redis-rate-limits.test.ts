// RATE_LIMIT_REDIS_URL (ADR 0013): the request counters of every process live in Redis/Valkey.
// Runs against TEST_REDIS_URL (CI starts a redis-server and sets it).
import { randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitCounters } from '../db/schema/rate-limits';
import { IDENTITY_RATE_LIMITS } from '../modules/identity/policy';
import { createTestApp, type TestApp } from '../test/test-app';
import { ERROR_TEXTS } from './error-texts';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl)
  console.warn('SKIPPED: the Redis rate-limit tests need TEST_REDIS_URL (redis://127.0.0.1:6379)');

describe.skipIf(!redisUrl)('rate limits in Redis', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    // Two processes with databases of their own: only Redis can make them count together.
    first = await createTestApp({ config: { rateLimitRedisUrl: redisUrl } });
    second = await createTestApp({ config: { rateLimitRedisUrl: redisUrl } });
  }, 120_000);

  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('counts the requests of two processes together', async () => {
    // Counters outlive a test run in Redis: an address of its own for every run.
    const ip = `10.${randomInt(1, 255)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;
    const forgot = (target: TestApp) =>
      target.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: ip,
        payload: { unbrauchbar: true },
      });
    for (let index = 0; index < IDENTITY_RATE_LIMITS.reset.max; index += 1) {
      expect((await forgot(index % 2 === 0 ? first : second)).statusCode).toBe(400);
    }
    for (const target of [first, second]) {
      const limited = await forgot(target);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json()).toMatchObject({
        error: { code: 'TOO_MANY_REQUESTS', message: ERROR_TEXTS.codes.TOO_MANY_REQUESTS },
      });
    }
    const redis = new Redis(redisUrl ?? '');
    try {
      const keys = await redis.keys(`schirm-rate-limit:POST/api/auth/forgot-password-${ip}`);
      expect(keys).toHaveLength(1);
      expect(Number(await redis.get(keys[0] ?? ''))).toBe(IDENTITY_RATE_LIMITS.reset.max + 2);
    } finally {
      redis.disconnect();
    }
    expect(await first.database.db.select().from(rateLimitCounters)).toEqual([]);
  });
});

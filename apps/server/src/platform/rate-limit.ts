import rateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Database } from '../db/database';
import { attemptCounters, rateLimitCounters } from '../db/schema/rate-limits';
import { hitCounter, pruneCounters, readCounter } from './counters';
import { tooManyRequests } from './errors';

/**
 * Rate limiting per route: nothing is limited unless a route opts in with
 * `config: { rateLimit: { max, timeWindow } }` (per client address) or adds a `budget` hook (any
 * key: one contract number, one account, the whole route). The 429 uses the error envelope, with
 * the German text of TOO_MANY_REQUESTS, and Retry-After.
 *
 * The counters are shared by every server process and survive restarts (ADR 0013): in the
 * database (UNLOGGED table rate_limit_counters) by default, in Redis/Valkey when
 * RATE_LIMIT_REDIS_URL is set.
 */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  const redisUrl = app.config.rateLimitRedisUrl;
  const storeOptions: Pick<RateLimitPluginOptions, 'store' | 'redis' | 'nameSpace'> = redisUrl
    ? { redis: openRedis(app, redisUrl), nameSpace: 'schirm-rate-limit:' }
    : { store: databaseStore(app.database.db) };
  prunePeriodically(app, app.database.db);
  await app.register(rateLimit, {
    global: false,
    ...storeOptions,
    errorResponseBuilder: (_request, context) =>
      tooManyRequests(`Rate limit of ${context.max} requests exceeded; retry in ${context.after}`),
  });
}

function openRedis(app: FastifyInstance, url: string): Redis {
  // A request must not wait for a lost Redis: one retry, then the error (the request fails).
  const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 5000 });
  redis.on('error', (error) => app.log.warn({ err: error }, 'Redis of the rate limits'));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface RouteStoreOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * The @fastify/rate-limit store on the app's database: one atomic upsert per request (see
 * counters.ts). Keys are the route (method and URL pattern) and the client key.
 */
export function databaseStore(db: Database) {
  return class DatabaseRateLimitStore {
    private readonly prefix: string;

    // The plugin constructs the root store with its options; route stores come from child().
    constructor(_options?: unknown, prefix = '') {
      this.prefix = prefix;
    }

    incr(key: string, callback: StoreCallback, timeWindow: number): void {
      const now = new Date();
      hitCounter(db, rateLimitCounters, this.prefix + key, timeWindow, now).then(
        ({ count, expiresAt }) =>
          callback(null, { current: count, ttl: expiresAt.getTime() - now.getTime() }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    read(key: string, callback: StoreCallback): void {
      const now = new Date();
      readCounter(db, rateLimitCounters, this.prefix + key, now).then(
        ({ count, expiresAt }) =>
          callback(null, { current: count, ttl: Math.max(0, expiresAt.getTime() - now.getTime()) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    // Called with the route's merged limit options (typed as route options by the plugin).
    child(routeOptions: object): DatabaseRateLimitStore {
      const { method, url } = (routeOptions as RouteStoreOptions).routeInfo ?? {};
      const route = url ? `${[method].flat().join(',')} ${url}|` : '';
      return new DatabaseRateLimitStore(undefined, this.prefix + route);
    }
  };
}

// Windows are minutes to days: deleting ended ones once a minute keeps the tables small. Both
// tables, also with Redis: the per-account attempt counters are always in the database.
const PRUNE_EVERY_MS = 60_000;

async function pruneBoth(db: Database): Promise<void> {
  const now = new Date();
  await pruneCounters(db, rateLimitCounters, now);
  await pruneCounters(db, attemptCounters, now);
}

function prunePeriodically(app: FastifyInstance, db: Database): void {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= pruneBoth(db)
      .catch((error: unknown) => app.log.warn({ err: error }, 'Pruning rate-limit counters failed'))
      .finally(() => {
        running = undefined;
      });
  }, PRUNE_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

export interface BudgetOptions {
  /** Names the budget in its counter keys; unique per budget. */
  name: string;
  max: number;
  timeWindow: string | number;
  /** The key counted, e.g. a contract number; undefined skips the budget for this request. */
  key: (request: FastifyRequest) => string | undefined;
}

/**
 * A further limit on a route besides its per-address `config.rateLimit`: a hook (preHandler, so
 * params and body are validated) that counts `key(request)` in the same shared store. Use it for
 * per-account budgets (the key is the account or contract) and global ones (a constant key).
 */
export function budget(
  app: FastifyInstance,
  options: BudgetOptions,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const check = app.createRateLimit({
    max: options.max,
    timeWindow: options.timeWindow,
    keyGenerator: (request) => `budget:${options.name}:${options.key(request) ?? ''}`,
  });
  return async (request, reply) => {
    if (options.key(request) === undefined) return;
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    void reply.header('retry-after', String(result.ttlInSeconds));
    throw tooManyRequests(
      `Budget ${options.name} of ${result.max} requests exceeded; retry in ${result.ttlInSeconds} s`,
    );
  };
}

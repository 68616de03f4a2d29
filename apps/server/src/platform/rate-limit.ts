import rateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
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
 * How many requests of one client a process counts by itself for a limit of `max`. Strict limits
 * (sign-in, codes, look-ups: a few dozen at most) count every request in the database. A generous
 * one such as pricing (300 a minute per address) would pay a database write on every request of a
 * hot public route (1.5 ms of server CPU on PGlite, many times the price of the quote itself), so
 * a process counts a client's first 1/20 of the limit locally and then takes blocks of that size
 * from the shared counter (see DatabaseRateLimitStore.incr).
 */
export function reservationSize(max: unknown): number {
  return typeof max === 'number' && max >= 40 ? Math.floor(max / 20) : 1;
}

interface Reservation {
  /** The count this process hands out next; its block ends at `last`. */
  next: number;
  last: number;
  expiresAt: number;
  /** Whether the counts are in the shared counter (false: the first block, counted here only). */
  shared: boolean;
}

/** Clients remembered per generous route: beyond that the least recent lose their local count. */
const RESERVATIONS_PER_ROUTE = 50_000;

/**
 * The @fastify/rate-limit store on the app's database: one atomic upsert per request for strict
 * limits (counters.ts). For generous ones (reservationSize > 1) a process counts each client's
 * first block itself; at the first request beyond it, it adds that block and the next one to the
 * shared counter at once and hands out the next block from the answer. So a client who stays within
 * one block costs no database write (rotating addresses, most wizard sessions), a busy client one
 * write per block, and the shared count is exact or ahead except for first blocks still counted
 * locally: with P processes a client may get up to P blocks (P × 5 % of the limit) more before the
 * shared count refuses it. Budgets and strict limits stay exact. Keys are the route (method and URL
 * pattern) and the client key.
 */
export function databaseStore(db: Database) {
  return class DatabaseRateLimitStore {
    private readonly prefix: string;
    private readonly block: number;
    private readonly reservations: LRUCache<string, Reservation> | undefined;

    // The plugin constructs the root store with its options; route stores come from child().
    constructor(_options?: unknown, prefix = '', block = 1) {
      this.prefix = prefix;
      this.block = block;
      this.reservations = block > 1 ? new LRUCache({ max: RESERVATIONS_PER_ROUTE }) : undefined;
    }

    incr(key: string, callback: StoreCallback, timeWindow: number): void {
      const now = Date.now();
      let reservation = this.reservations?.get(key);
      if (this.reservations && (!reservation || reservation.expiresAt <= now)) {
        reservation = { next: 1, last: this.block, expiresAt: now + timeWindow, shared: false };
        this.reservations.set(key, reservation);
      }
      if (reservation && reservation.next <= reservation.last) {
        const current = reservation.next;
        reservation.next += 1;
        callback(null, { current, ttl: reservation.expiresAt - now });
        return;
      }
      // Strict limit, or a block used up: the used local block (if any) and the next block.
      const amount = reservation && !reservation.shared ? reservation.last + this.block : this.block;
      hitCounter(db, rateLimitCounters, this.prefix + key, timeWindow, new Date(now), amount).then(
        ({ count, expiresAt }) => {
          const ends = expiresAt.getTime();
          const current = count - this.block + 1;
          this.reservations?.set(key, { next: current + 1, last: count, expiresAt: ends, shared: true });
          callback(null, { current, ttl: ends - now });
        },
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
      const { routeInfo, max } = routeOptions as RouteStoreOptions & { max?: unknown };
      const { method, url } = routeInfo ?? {};
      const route = url ? `${[method].flat().join(',')} ${url}|` : '';
      // Budgets (createRateLimit, no route) guard accounts and enumeration: always exact.
      return new DatabaseRateLimitStore(undefined, this.prefix + route, url ? reservationSize(max) : 1);
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

// Fixed-window counters in the database (ADR 0013), shared by every server process and kept across
// restarts: the HTTP rate limits (table rate_limit_counters) and the per-account attempt bounds of
// the identity module (attempt_counters). One statement counts atomically: concurrent hits on one
// key serialise on its row, so no two processes see the same count.
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import type { attemptCounters, rateLimitCounters } from '../db/schema/rate-limits';
import type { Transaction } from '../db/transaction';

type Db = Database | Transaction;
export type CounterTable = typeof rateLimitCounters | typeof attemptCounters;

export interface CounterState {
  /** Events counted in the current window, this one included. */
  count: number;
  /** When the window ends and the count starts again from zero. */
  expiresAt: Date;
}

const timestamp = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Counts `amount` events (default one) for `key`: the count of the live window plus `amount`, or
 * `amount` in a new window of `windowMs` when there is none (or it ended).
 */
export async function hitCounter(
  db: Db,
  table: CounterTable,
  key: string,
  windowMs: number,
  now: Date,
  amount = 1,
): Promise<CounterState> {
  const expired = sql`${table.expiresAt} <= ${timestamp(now)}`;
  const [row] = await db
    .insert(table)
    .values({ key, count: amount, expiresAt: new Date(now.getTime() + windowMs) })
    .onConflictDoUpdate({
      target: table.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN ${amount}::integer ELSE ${table.count} + ${amount}::integer END`,
        expiresAt: sql`CASE WHEN ${expired} THEN excluded.expires_at ELSE ${table.expiresAt} END`,
      },
    })
    .returning({ count: table.count, expiresAt: table.expiresAt });
  if (!row) throw new Error(`Counter ${key} returned no row`);
  return row;
}

/** The count of the live window of `key` (0 when there is none), without counting. */
export async function readCounter(
  db: Db,
  table: CounterTable,
  key: string,
  now: Date,
): Promise<CounterState> {
  const [row] = await db
    .select({ count: table.count, expiresAt: table.expiresAt })
    .from(table)
    .where(sql`${table.key} = ${key} AND ${table.expiresAt} > ${timestamp(now)}`);
  return row ?? { count: 0, expiresAt: now };
}

/** Moves the end of the live window of `key` to `until` (a lock that outlasts the window). */
export async function extendCounter(db: Db, table: CounterTable, key: string, until: Date): Promise<void> {
  await db
    .update(table)
    .set({ expiresAt: sql`GREATEST(${table.expiresAt}, ${timestamp(until)})` })
    .where(sql`${table.key} = ${key}`);
}

export async function clearCounter(db: Db, table: CounterTable, key: string): Promise<void> {
  await db.delete(table).where(sql`${table.key} = ${key}`);
}

/** Deletes the rows whose window ended before `now`. */
export async function pruneCounters(db: Db, table: CounterTable, now: Date): Promise<void> {
  await db.delete(table).where(lt(table.expiresAt, now));
}

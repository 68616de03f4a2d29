import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// ADR 0013: counters every server process sees, so limits hold across processes and restarts.
// Both tables hold fixed windows: `count` events since the window began, until `expires_at`.

/**
 * Request counters of the HTTP rate limits (@fastify/rate-limit store), one row per route and
 * client key. UNLOGGED (migration 0005): many small writes without WAL; a PostgreSQL crash empties
 * it, a clean restart of PostgreSQL or of the servers keeps it.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_counters_expires_at_idx').on(table.expiresAt)],
);

/**
 * Per-account attempt counters (issued reset codes, wrong codes, failed sign-ins per client),
 * written in the transaction of the attempt they count. Logged, so a crash does not reset them.
 */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('attempt_counters_expires_at_idx').on(table.expiresAt)],
);

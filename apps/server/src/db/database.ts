import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { initPgliteDataDir, pgliteServerOptions } from './pglite-options';
import { tables, type Tables } from './tables';

/**
 * The Drizzle database every repository receives. It is the driver-neutral pg-core type, so
 * the same query code runs on embedded PGlite and on a PostgreSQL server (node-postgres).
 * Driver-specific result details (row counts, raw results of `execute`) are not part of it:
 * use the query builder's returned rows instead.
 */
export type Database = PgDatabase<PgQueryResultHKT, Tables>;

export type DatabaseDriver = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseDriver;
  /** Resolves when the database answers `SELECT 1`; rejects otherwise (also after close). */
  ping(): Promise<void>;
  /** Applies pending migrations from src/db/migrations. */
  migrate(): Promise<void>;
  /**
   * Raw SQL with `$1` parameters for a library that brings its own SQL (the job queue, ADR 0011).
   * Without values the text may hold several statements; the rows of all of them are returned.
   */
  executeSql(text: string, values?: readonly unknown[]): Promise<{ rows: unknown[] }>;
  /** Closes connections; PGlite flushes its data directory. Safe to call twice. */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres:// URL of a PostgreSQL server; wins over the PGlite options. */
  databaseUrl?: string;
  /** PGlite data directory (created when missing). */
  dataDir?: string;
  /** PGlite in memory, for tests. */
  inMemory?: boolean;
  /** Called when an idle PostgreSQL connection fails (e.g. the server restarted). */
  onConnectionError?: (error: Error) => void;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// Arbitrary but fixed: serialises migrations of several server processes on one PostgreSQL.
const MIGRATION_LOCK_KEY = 734_112_001;

/** Opens PGlite (persistent or in memory) or a PostgreSQL pool, per the options. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.onConnectionError);
  if (options.inMemory) return openPglite(new PGlite());
  if (!options.dataDir) throw new Error('openDatabase needs databaseUrl, dataDir or inMemory');
  fs.mkdirSync(options.dataDir, { recursive: true });
  await initPgliteDataDir(options.dataDir);
  return openPglite(new PGlite(options.dataDir, pgliteServerOptions()));
}

/** Wraps a PGlite instance the caller created (e.g. from a dump) as a database handle. */
export async function openPglite(client: PGlite): Promise<DatabaseHandle> {
  await client.waitReady;
  const db = drizzlePglite({ client, schema: tables });
  let closing: Promise<void> | undefined;
  return {
    db,
    driver: 'pglite',
    ping: () => ping(db),
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    executeSql: async (text, values) => {
      try {
        if (values && values.length > 0) return { rows: (await client.query(text, [...values])).rows };
        // Only the simple protocol runs several statements (e.g. BEGIN; …; COMMIT).
        return { rows: (await client.exec(text)).flatMap((result) => result.rows) };
      } catch (error) {
        // PGlite is one connection: a statement that failed inside BEGIN … COMMIT would leave
        // every later query in an aborted transaction. A pool would have dropped that connection.
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
    close: () => (closing ??= client.close()),
  };
}

async function openPostgres(
  connectionString: string,
  onConnectionError: (error: Error) => void = (error) =>
    process.stderr.write(`PostgreSQL: ${error.message}\n`),
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  pool.on('error', onConnectionError);
  const db = drizzlePg({ client: pool, schema: tables });
  let closing: Promise<void> | undefined;
  return {
    db,
    driver: 'postgres',
    ping: () => ping(db),
    migrate: async () => {
      // Several processes may start at once against one server; the session-level lock on a
      // dedicated connection lets exactly one of them migrate while the others wait.
      const lockClient = await pool.connect();
      try {
        await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        lockClient.release();
      }
    },
    executeSql: async (text, values) => {
      // node-postgres answers a text of several statements with one result per statement.
      const result: pg.QueryResult | pg.QueryResult[] = await pool.query(
        text,
        values ? [...values] : undefined,
      );
      return { rows: (Array.isArray(result) ? result : [result]).flatMap((each) => each.rows) };
    },
    close: () => (closing ??= pool.end()),
  };
}

async function ping(db: Database): Promise<void> {
  await db.execute(sql`SELECT 1`);
}

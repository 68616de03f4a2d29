import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/database';

/**
 * A fresh, migrated database for one test file. PGlite in memory by default; when
 * TEST_DATABASE_URL is set, a new database `schirm_t_<random>` on that server, dropped on close().
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const handle = serverUrl ? await createServerDatabase(serverUrl) : await openDatabase({ inMemory: true });
  try {
    await handle.migrate();
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

async function createServerDatabase(serverUrl: string): Promise<DatabaseHandle> {
  const name = `schirm_t_${randomBytes(6).toString('hex')}`;
  // The URL names a maintenance database (e.g. /postgres) from which test databases are made.
  await withMaintenanceClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  let dropping: Promise<void> | undefined;
  return {
    ...handle,
    close: () =>
      (dropping ??= handle
        .close()
        .then(() =>
          withMaintenanceClient(serverUrl, (client) =>
            client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
          ),
        )
        .then(() => undefined)),
  };
}

async function withMaintenanceClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

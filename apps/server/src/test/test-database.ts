import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { MIGRATIONS_DIR, openDatabase, openPglite, type DatabaseHandle } from '../db/database';
import { REPO_ROOT } from '../platform/config';

/**
 * A fresh, migrated database for one test file. PGlite in memory by default; when
 * TEST_DATABASE_URL is set, a new database `schirm_t_<random>` on that server, dropped on close().
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const handle = serverUrl ? await createServerDatabase(serverUrl) : await createPgliteDatabase();
  try {
    await handle.migrate();
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

// Creating a PGlite cluster (initdb) costs seconds; starting one from a dump of a freshly
// migrated cluster costs a fraction. The dump is cached in the temp directory, keyed by the
// PGlite version and the migrations, so every test file after the first starts from it.
function templatePath(): string {
  const hash = createHash('sha256');
  hash.update(process.versions.node);
  hash.update(fs.readFileSync(path.join(REPO_ROOT, 'node_modules/@electric-sql/pglite/package.json')));
  hash.update(migrationsHash());
  return path.join(os.tmpdir(), `schirm-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** SHA-256 over the names and contents of the migration files: names a migrated template. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(MIGRATIONS_DIR, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(MIGRATIONS_DIR, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex');
}

async function createPgliteDatabase(): Promise<DatabaseHandle> {
  const template = templatePath();
  if (fs.existsSync(template)) {
    return openPglite(new PGlite({ loadDataDir: new Blob([fs.readFileSync(template)]) }));
  }
  const client = new PGlite();
  const handle = await openPglite(client);
  await handle.migrate();
  const dump = await client.dumpDataDir('none');
  const partial = `${template}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, template);
  return handle;
}

/**
 * A migrated PGlite database kept on disk in `dataDir` (which must not hold one yet), for tests of
 * what is on disk (backups): started from the cached template instead of a slow on-disk initdb.
 */
export async function createPgliteDataDir(dataDir: string): Promise<DatabaseHandle> {
  if (!fs.existsSync(templatePath())) await (await createPgliteDatabase()).close();
  fs.mkdirSync(dataDir, { recursive: true });
  const loadDataDir = new Blob([fs.readFileSync(templatePath())]);
  return openPglite(new PGlite({ dataDir, loadDataDir }));
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Prefix of the migrated template databases on the test server (one per set of migrations). */
const SERVER_TEMPLATE_PREFIX = 'schirm_tpl_';
/** Advisory lock key under which one process at a time creates the template. */
const SERVER_TEMPLATE_LOCK = 8_246_301;

/**
 * The name of a migrated template database on the test server, created once by the first test
 * process that needs it: running every migration took about 2.5 s of each test file's database on
 * a busy two-core machine, cloning the migrated template (CREATE DATABASE … TEMPLATE) a fraction.
 * Named by the migrations' hash (read again for every database: a migration edited meanwhile gets
 * its own template); it becomes visible under its name only when fully migrated (renamed at the
 * end), and templates of older migrations are dropped when a new one is made.
 */
function ensureServerTemplate(serverUrl: string): Promise<string> {
  return withMaintenanceClient(serverUrl, async (client) => {
    const name = `${SERVER_TEMPLATE_PREFIX}${migrationsHash().slice(0, 16)}`;
    const exists = async () =>
      (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
    if (await exists()) return name;
    await client.query('SELECT pg_advisory_lock($1)', [SERVER_TEMPLATE_LOCK]);
    try {
      if (await exists()) return name;
      const building = `${name}_${randomBytes(4).toString('hex')}`;
      await client.query(`CREATE DATABASE ${building}`);
      const handle = await openDatabase({ databaseUrl: databaseUrl(serverUrl, building) });
      try {
        await handle.migrate();
      } finally {
        await handle.close();
      }
      await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      const stale = await client.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE datname LIKE $1 AND datname <> $2',
        [`${SERVER_TEMPLATE_PREFIX}%`, name],
      );
      for (const { datname } of stale.rows) {
        await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      }
      return name;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [SERVER_TEMPLATE_LOCK]);
    }
  });
}

async function createServerDatabase(serverUrl: string): Promise<DatabaseHandle> {
  const name = `schirm_t_${randomBytes(6).toString('hex')}`;
  const template = await ensureServerTemplate(serverUrl);
  // The URL names a maintenance database (e.g. /postgres) from which test databases are made.
  await withMaintenanceClient(serverUrl, (client) =>
    client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`),
  );
  const handle = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name) });
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

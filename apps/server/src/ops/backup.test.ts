// Backup and restore round trip (ADR 0014): the demo installation is backed up, restored into a
// fresh data directory (and, with TEST_DATABASE_URL, a fresh PostgreSQL database) and a new app on
// the restored data serves Anna the same contracts, documents and PDF bytes, with her session of
// before the backup. Damaged archives are refused with a clear message and nothing written.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInGermany } from '@schirm/domain/dates/calendar-date';
import { buildApp } from '../app';
import { MIGRATIONS_DIR, openDatabase, type DatabaseHandle } from '../db/database';
import { DEMO_CUSTOMERS } from '../db/demo/portfolio/demo-people';
import { demoSeeders } from '../db/demo/seeders';
import { accounts } from '../db/schema/identity';
import { seedDemoData } from '../db/seed';
import { mintAccessToken } from '../modules/identity/identity-test-kit';
import { loadIdentityKeys } from '../platform/auth/keys';
import type { AppConfig } from '../platform/config';
import { createFileStorage } from '../platform/files/file-storage';
import { testConfig } from '../test/test-app';
import { createPgliteDataDir } from '../test/test-database';
import {
  BackupError,
  createBackup,
  readManifest,
  restoreBackup,
  runTool,
  toolFailed,
  type BackupConfig,
} from './backup';

const serverUrl = process.env.TEST_DATABASE_URL || undefined;
const driver = serverUrl ? 'postgres' : 'pglite';
const anna = DEMO_CUSTOMERS.annaSchneider;

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'schirm-backup-test-'));
const createdDatabases: string[] = [];

async function withServer<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A configuration on a new data directory (and, on PostgreSQL, a new empty database). */
async function freshConfig(name: string): Promise<AppConfig> {
  const dataDir = path.join(root, name);
  let databaseUrl: string | undefined;
  if (serverUrl) {
    const database = `schirm_t_${randomBytes(6).toString('hex')}`;
    await withServer((client) => client.query(`CREATE DATABASE ${database}`));
    createdDatabases.push(database);
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
  }
  return testConfig({
    databaseUrl,
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    filesDir: path.join(dataDir, 'files'),
    keysDir: path.join(dataDir, 'keys'),
  });
}

const openFor = (config: BackupConfig): Promise<DatabaseHandle> =>
  openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.pgliteDir });

interface Seen {
  contracts: unknown;
  documents: { id: string; url: string; versicherungsNummer: string }[];
  pdf: Buffer;
}

/** What Anna sees with `token` on an app over this configuration's data, as the server starts it. */
async function whatAnnaSees(config: AppConfig, token: string): Promise<Seen> {
  const database = await openFor(config);
  try {
    await database.migrate();
    const app = await buildApp({ config, database });
    try {
      const get = (url: string) => app.inject({ url, headers: { authorization: `Bearer ${token}` } });
      const list = await get(`/api/vertrag/vertrag/findByPartnerNummer/${anna.partnerNummer}`);
      expect(list.statusCode).toBe(200);
      const documents = await get('/api/dokument/download-bereich/dokumente');
      expect(documents.statusCode).toBe(200);
      const documentList = documents.json<Seen['documents']>();
      const policy = documentList.find((d) => d.versicherungsNummer === anna.contracts.phv);
      expect(policy).toBeDefined();
      const pdf = await get(policy!.url);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      return { contracts: list.json(), documents: documentList, pdf: pdf.rawPayload };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

/** Runs `read` again when the day in Germany changed while it ran. */
async function onOneDay<T>(read: () => Promise<T>): Promise<T> {
  for (;;) {
    const day = todayInGermany();
    const result = await read();
    if (todayInGermany() === day) return result;
  }
}

function listTree(directory: string): string[] {
  if (!fs.existsSync(directory)) return [];
  return fs.readdirSync(directory, { recursive: true, encoding: 'utf8' }).sort();
}

function lastMigration(): string {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.at(-1)!.tag;
}

let source: AppConfig;
let archive: string;
let token: string;

beforeAll(async () => {
  source = await freshConfig('source');
  const database = source.databaseUrl ? await openFor(source) : await createPgliteDataDir(source.pgliteDir);
  try {
    await database.migrate();
    await seedDemoData(database.db, demoSeeders({ files: createFileStorage(source.filesDir) }));
    const [account] = await database.db.select().from(accounts).where(eq(accounts.username, anna.email));
    // An hour, so a slow run cannot outlive it; minted with the source's keys before the backup.
    token = await mintAccessToken(loadIdentityKeys(source), account!, new Date(), 3600);
  } finally {
    await database.close();
  }
  archive = path.join(root, 'backups', 'schirm-backup.tar.gz');
  await createBackup({ config: source, out: archive });
}, 120_000);

afterAll(async () => {
  fs.rmSync(root, { recursive: true, force: true });
  if (serverUrl) {
    await withServer(async (client) => {
      for (const database of createdDatabases)
        await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    });
  }
});

describe(`backup and restore on ${driver}`, () => {
  it('writes one owner-only archive whose manifest names the driver, migration level, files and keys', async () => {
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    const manifest = await readManifest(archive);
    const pdfsOnDisk = listTree(source.filesDir).filter((name) => name.endsWith('.pdf'));
    expect(pdfsOnDisk.length).toBeGreaterThan(0);
    expect(manifest).toMatchObject({
      format: 'schirm-backup',
      driver,
      migrations: { latest: lastMigration() },
      fileCount: pdfsOnDisk.length,
      keyCount: 2,
    });
    expect(manifest.entries).toContainEqual(
      expect.objectContaining({ path: serverUrl ? 'database/postgres.dump' : 'database/pglite/PG_VERSION' }),
    );
    expect(fs.readdirSync(path.dirname(archive))).toEqual(['schirm-backup.tar.gz']);
  });

  it('restored into a fresh data directory, serves Anna the same contracts, documents and PDF, signed in as before', async () => {
    const target = await freshConfig('restored');
    const { replaced } = await restoreBackup({ config: target, archive });
    expect(replaced).toBe(false);
    expect(listTree(target.dataDir).some((name) => name.startsWith('.restore-'))).toBe(false);
    expect(listTree(target.filesDir)).toEqual(listTree(source.filesDir));
    // The views depend on the day (due dates, cancellable): both read on one day in Germany.
    const { before, after } = await onOneDay(async () => ({
      before: await whatAnnaSees(source, token),
      after: await whatAnnaSees(target, token),
    }));
    expect(after.contracts).toEqual(before.contracts);
    expect((after.contracts as unknown[]).length).toBeGreaterThan(3);
    expect(after.documents).toEqual(before.documents);
    expect(after.pdf.equals(before.pdf)).toBe(true);

    // A second restore onto the data refuses to replace it, unless --force.
    await expect(restoreBackup({ config: target, archive })).rejects.toThrow(
      /Es sind schon Daten da .*--force.* \/ There is existing data/,
    );
    const forced = await restoreBackup({ config: target, archive, force: true });
    expect(forced.replaced).toBe(true);
    expect(listTree(target.dataDir).some((name) => name.startsWith('.restore-'))).toBe(false);
    expect(listTree(target.filesDir)).toEqual(listTree(source.filesDir));
  }, 120_000);

  it('refuses a damaged archive with a clear message and writes nothing', async () => {
    const bytes = fs.readFileSync(archive);
    const flipped = Buffer.from(bytes);
    const middle = Math.floor(flipped.length / 2);
    flipped[middle] = flipped[middle]! ^ 0xff;
    const truncated = bytes.subarray(0, Math.floor(bytes.length * 0.8));
    for (const [name, damaged] of [
      ['flipped', flipped],
      ['truncated', truncated],
      ['not-gzip', Buffer.from('kein Archiv')],
    ] as const) {
      const file = path.join(root, `${name}.tar.gz`);
      fs.writeFileSync(file, damaged);
      const target = await freshConfig(`damaged-${name}`);
      const refusal = restoreBackup({ config: target, archive: file });
      await expect(refusal).rejects.toBeInstanceOf(BackupError);
      await expect(refusal).rejects.toThrow(/Das Archiv ist beschädigt .* nothing was restored/);
      expect(fs.existsSync(target.dataDir)).toBe(false);
      if (target.databaseUrl) await expectEmptyDatabase(target.databaseUrl);
    }
  }, 120_000);

  it('refuses an archive cut off anywhere at once, without waiting for bytes that never come', async () => {
    // A cut inside a file's bytes once left the restore waiting for ever (tar-stream's entry waited
    // for its pending read): CI hung on about one cut in twenty. Now gzip's check finds any cut
    // first; a tar cut inside an intact gzip stream is found while the entries are read.
    const bytes = fs.readFileSync(archive);
    const tarBytes = zlib.gunzipSync(bytes);
    const target = await freshConfig('cut-anywhere');
    const expectRefused = async (damaged: Buffer, what: string) => {
      const file = path.join(root, 'cut.tar.gz');
      fs.writeFileSync(file, damaged);
      await expect(restoreBackup({ config: target, archive: file }), what).rejects.toThrow(
        /Das Archiv ist beschädigt .* nothing was restored/,
      );
      expect(fs.existsSync(target.dataDir), what).toBe(false);
    };
    // Every fortieth (each gunzips up to its cut: about 0.15 s for a PGlite archive's 40 MB).
    for (let fortieth = 1; fortieth < 40; fortieth += 1) {
      await expectRefused(bytes.subarray(0, Math.floor((bytes.length * fortieth) / 40)), `${fortieth}/40`);
    }
    // In its first tenth (the manifest and the first entries): each of these restores unpacks up to
    // its cut, which takes seconds near the end of a PGlite archive's thousand files.
    for (let hundredth = 1; hundredth <= 10; hundredth += 1) {
      const cut = tarBytes.subarray(0, Math.floor((tarBytes.length * hundredth) / 100));
      await expectRefused(zlib.gzipSync(cut), `tar ${hundredth}/100`);
    }
    if (target.databaseUrl) await expectEmptyDatabase(target.databaseUrl);
  }, 120_000);

  it('refuses an archive whose entry does not match its checksum, before anything is replaced', async () => {
    // A well-formed archive with one PDF's bytes changed (same size): only the checksum can tell.
    const tampered = path.join(root, 'tampered.tar.gz');
    const extract = tar.extract();
    const pack = tar.pack();
    const reading = pipeline(fs.createReadStream(archive), zlib.createGunzip(), extract);
    const writing = pipeline(pack, zlib.createGzip(), fs.createWriteStream(tampered));
    let changed = '';
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      const content = Buffer.concat(chunks);
      if (!changed && entry.header.name.endsWith('.pdf')) {
        changed = entry.header.name;
        content[content.length - 10] = content[content.length - 10]! ^ 0x01;
      }
      await new Promise<void>((resolve, reject) =>
        pack.entry(entry.header, content, (error) => (error ? reject(error) : resolve())),
      );
    }
    pack.finalize();
    await Promise.all([reading, writing]);
    expect(changed).not.toBe('');

    const target = await freshConfig('tampered');
    await expect(restoreBackup({ config: target, archive: tampered })).rejects.toThrow(
      `Prüfsumme von ${changed} stimmt nicht`,
    );
    expect(fs.existsSync(target.dataDir)).toBe(false);
    if (target.databaseUrl) await expectEmptyDatabase(target.databaseUrl);
  }, 120_000);

  it('refuses to back up a PGlite database that a server has open', async () => {
    // On PostgreSQL runs the source is a server database, so a PGlite directory is made for this.
    const config = serverUrl
      ? testConfig({ dataDir: path.join(root, 'open'), pgliteDir: path.join(root, 'open', 'pglite') })
      : source;
    const open = serverUrl ? await createPgliteDataDir(config.pgliteDir) : await openFor(config);
    try {
      const out = path.join(root, 'while-open.tar.gz');
      await expect(createBackup({ config, out })).rejects.toThrow(/läuft der Server noch\?.*Ctrl-C/);
      expect(fs.existsSync(out)).toBe(false);
    } finally {
      await open.close();
    }
  }, 60_000);
});

describe('PostgreSQL client tools', () => {
  it('a missing pg_dump is named with how to install it', async () => {
    // An empty directory as the only place to look for programs.
    const savedPath = process.env.PATH;
    process.env.PATH = fs.mkdtempSync(path.join(root, 'no-tools-'));
    try {
      await expect(runTool('pg_dump', 'postgres://postgres@127.0.0.1:1/none', [])).rejects.toThrow(
        'pg_dump ist nicht installiert (Debian/Ubuntu: apt-get install postgresql-client)',
      );
    } finally {
      process.env.PATH = savedPath;
    }
  });

  it("a version mismatch says which client tools to install and keeps the tool's words", () => {
    const stderr =
      'pg_dump: error: aborting because of server version mismatch\n' +
      'pg_dump: detail: server version: 17.2; pg_dump version: 15.20';
    const error = toolFailed('pg_dump', { code: 1, stderr });
    expect(error).toBeInstanceOf(BackupError);
    expect(error.message).toMatch(
      /^pg_dump passt nicht zur Version des PostgreSQL-Servers; .* \/ pg_dump does not/s,
    );
    expect(error.message).toContain('server version: 17.2; pg_dump version: 15.20');
  });
});

async function expectEmptyDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
    );
    expect(rows[0]?.count).toBe(0);
  } finally {
    await client.end();
  }
}

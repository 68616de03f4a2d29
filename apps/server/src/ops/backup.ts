// Backup and restore of a Schirm installation (ADR 0014): one gzip-compressed tar archive with a
// manifest, the database (PGlite's data directory, or a pg_dump of PostgreSQL in custom format),
// the document files and the key files. The archive is written by tar-stream; every entry's size
// and SHA-256 are in the manifest and are checked while a restore unpacks into a staging directory
// inside DATA_DIR. Only a complete, verified restore is moved into place (renames), so a failed
// restore leaves the data directory and the database as they were.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import tar from 'tar-stream';
import { z } from 'zod';
import { MIGRATIONS_DIR } from '../db/database';
import { REPO_ROOT, type AppConfig } from '../platform/config';

export type BackupConfig = Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'pgliteDir' | 'filesDir' | 'keysDir'>;

/** A failure the operator can act on; the message is German / English like the config errors. */
export class BackupError extends Error {
  constructor(de: string, en: string) {
    super(`${de} / ${en}`);
    this.name = 'BackupError';
  }
}

export const MANIFEST_NAME = 'manifest.json';
const FORMAT = 'schirm-backup';
const FORMAT_VERSION = 1;
const PGLITE_PREFIX = 'database/pglite';
const POSTGRES_DUMP = 'database/postgres.dump';
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

const entrySchema = z.discriminatedUnion('type', [
  z.object({ path: z.string(), type: z.literal('directory') }),
  z.object({
    path: z.string(),
    type: z.literal('file'),
    size: z.number().int().nonnegative(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  }),
]);
export type ManifestEntry = z.infer<typeof entrySchema>;

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.literal(FORMAT_VERSION),
  createdAt: z.string(),
  appVersion: z.string(),
  driver: z.enum(['pglite', 'postgres']),
  databaseServerVersion: z.string(),
  migrations: z.object({ count: z.number().int().nonnegative(), latest: z.string().nullable() }),
  fileCount: z.number().int().nonnegative(),
  keyCount: z.number().int().nonnegative(),
  entries: z.array(entrySchema),
});
export type Manifest = z.infer<typeof manifestSchema>;

export interface BackupSummary {
  archive: string;
  manifest: Manifest;
  bytes: number;
}

export interface RestoreSummary {
  manifest: Manifest;
  /** Whether existing data was replaced (--force). */
  replaced: boolean;
}

// ── paths in the archive ─────────────────────────────────────────────────────────────────────

// Only these roots, no empty, '.' or '..' segments and no absolute paths: an entry can never
// name a place outside the staging directory.
const SAFE_PATH = /^(?:database|files|keys)(?:\/[A-Za-z0-9_.+-]+)*$/;

function isSafePath(entryPath: string): boolean {
  return SAFE_PATH.test(entryPath) && !entryPath.split('/').some((part) => part === '.' || part === '..');
}

interface SourceFile {
  entry: ManifestEntry;
  /** Absolute path on disk (files only). */
  source?: string;
  mtime: Date;
}

async function sha256Of(file: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { sha256: hash.digest('hex'), size };
}

/** Every directory and regular file below `directory`, as archive entries under `prefix`, sorted. */
async function collect(directory: string, prefix: string, skip: (name: string) => boolean = () => false) {
  const found: SourceFile[] = [];
  async function walk(absolute: string, relative: string): Promise<void> {
    const children = (await fs.promises.readdir(absolute, { withFileTypes: true })).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    for (const child of children) {
      if (skip(child.name)) continue;
      const childAbsolute = path.join(absolute, child.name);
      const childRelative = `${relative}/${child.name}`;
      if (!isSafePath(childRelative)) {
        throw new BackupError(
          `Unerwarteter Dateiname in der Sicherung: ${childAbsolute}`,
          `Unexpected file name for the backup: ${childAbsolute}`,
        );
      }
      const stat = await fs.promises.stat(childAbsolute);
      if (child.isDirectory()) {
        found.push({ entry: { path: childRelative, type: 'directory' }, mtime: stat.mtime });
        await walk(childAbsolute, childRelative);
      } else if (child.isFile()) {
        const { sha256, size } = await sha256Of(childAbsolute);
        found.push({
          entry: { path: childRelative, type: 'file', size, sha256 },
          source: childAbsolute,
          mtime: stat.mtime,
        });
      }
    }
  }
  if (!fs.existsSync(directory)) return found;
  found.push({
    entry: { path: prefix, type: 'directory' },
    mtime: (await fs.promises.stat(directory)).mtime,
  });
  await walk(directory, prefix);
  return found;
}

// ── database facts ───────────────────────────────────────────────────────────────────────────

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}

function migrationJournal(): Journal {
  return JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as Journal;
}

interface DatabaseFacts {
  serverVersion: string;
  migrations: Manifest['migrations'];
}

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

async function databaseFacts(query: Query): Promise<DatabaseFacts> {
  const version = await query('SHOW server_version');
  const migrated = await query(
    "SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present",
  ).then(({ rows }) => rows[0]?.present === true);
  let count = 0;
  let latest: string | null = null;
  if (migrated) {
    const { rows } = await query(
      'SELECT count(*)::int AS count, max(created_at)::text AS latest FROM drizzle.__drizzle_migrations',
    );
    count = Number(rows[0]?.count ?? 0);
    const when = rows[0]?.latest == null ? undefined : Number(rows[0].latest);
    latest =
      when === undefined
        ? null
        : (migrationJournal().entries.find((entry) => entry.when === when)?.tag ?? `unknown:${when}`);
  }
  return { serverVersion: String(version.rows[0]?.server_version ?? '?'), migrations: { count, latest } };
}

function appVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    version?: string;
  };
  return pkg.version ?? '0.0.0';
}

const PID_FILE = 'postmaster.pid';

/** PGlite keeps postmaster.pid while a process has the data directory open (its pid is fake). */
function assertPgliteClosed(pgliteDir: string): void {
  if (fs.existsSync(path.join(pgliteDir, PID_FILE))) {
    throw new BackupError(
      `Die PGlite-Datenbank in ${pgliteDir} ist geöffnet: läuft der Server noch? Bitte den Server beenden (Strg-C) ` +
        'und erneut versuchen. Läuft keiner, wurde er nicht sauber beendet: einmal starten und beenden.',
      `The PGlite database in ${pgliteDir} is open: is the server still running? Stop the server (Ctrl-C) and try ` +
        'again. If none is running, it did not shut down cleanly: start and stop it once.',
    );
  }
}

async function withPglite<T>(dataDir: string, fn: (client: PGlite) => Promise<T>): Promise<T> {
  const client = new PGlite(dataDir);
  try {
    await client.waitReady;
    return await fn(client);
  } finally {
    await client.close();
  }
}

async function withPgClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(
      `PostgreSQL ist nicht erreichbar (${(error as Error).message}).`,
      `PostgreSQL cannot be reached (${(error as Error).message}).`,
    );
  }
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface ToolResult {
  code: number;
  stderr: string;
}

/**
 * Runs pg_dump or pg_restore on the database of `url`; a missing binary becomes a clear message.
 * The password goes in PGPASSWORD, not on the command line, where every user's `ps` would show it.
 */
export function runTool(tool: 'pg_dump' | 'pg_restore', url: string, args: string[]): Promise<ToolResult> {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = '';
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [`--dbname=${target.toString()}`, ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 20_000) stderr += chunk;
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') {
        reject(
          new BackupError(
            `${tool} ist nicht installiert (Debian/Ubuntu: apt-get install postgresql-client). ` +
              `Es muss mindestens die Hauptversion des PostgreSQL-Servers haben.`,
            `${tool} is not installed (Debian/Ubuntu: apt-get install postgresql-client). ` +
              `It must be at least the major version of the PostgreSQL server.`,
          ),
        );
      } else reject(error);
    });
    child.on('close', (code) => resolve({ code: code ?? 1, stderr: stderr.trim() }));
  });
}

export function toolFailed(tool: string, result: ToolResult): BackupError {
  if (/server version mismatch|unsupported version/i.test(result.stderr)) {
    return new BackupError(
      `${tool} passt nicht zur Version des PostgreSQL-Servers; bitte die Client-Werkzeuge in der Hauptversion des ` +
        `Servers (oder neuer) installieren. ${tool} meldet: ${result.stderr}`,
      `${tool} does not match the PostgreSQL server's version; install the client tools of the server's major ` +
        `version (or newer). ${tool} says: ${result.stderr}`,
    );
  }
  return new BackupError(
    `${tool} ist fehlgeschlagen (Code ${result.code}): ${result.stderr}`,
    `${tool} failed (exit code ${result.code}): ${result.stderr}`,
  );
}

// ── backup ───────────────────────────────────────────────────────────────────────────────────

export interface CreateBackupOptions {
  config: BackupConfig;
  /** Archive to write; must not exist yet. */
  out: string;
  now?: Date;
}

/** Writes one archive of the database, the files and the keys of this configuration. */
export async function createBackup({
  config,
  out,
  now = new Date(),
}: CreateBackupOptions): Promise<BackupSummary> {
  if (fs.existsSync(out)) {
    throw new BackupError(
      `${out} gibt es schon; bitte einen neuen Namen wählen.`,
      `${out} already exists; choose a new name.`,
    );
  }
  const outDir = path.dirname(out);
  fs.mkdirSync(outDir, { recursive: true });
  const work = fs.mkdtempSync(path.join(outDir, `.${path.basename(out)}.`));
  try {
    const driver = config.databaseUrl ? 'postgres' : 'pglite';
    let facts: DatabaseFacts;
    let database: SourceFile[];
    if (config.databaseUrl) {
      // pg_dump reads one snapshot; the server may keep running. Files are written before the rows
      // naming them (ADR 0009), so every file the dump names is on disk when the files are read next.
      const url = config.databaseUrl;
      facts = await withPgClient(url, (client) => databaseFacts((text) => client.query(text)));
      const dumpFile = path.join(work, 'postgres.dump');
      const result = await runTool('pg_dump', url, ['--format=custom', `--file=${dumpFile}`]);
      if (result.code !== 0) throw toolFailed('pg_dump', result);
      const { sha256, size } = await sha256Of(dumpFile);
      database = [
        { entry: { path: 'database', type: 'directory' }, mtime: now },
        { entry: { path: POSTGRES_DUMP, type: 'file', size, sha256 }, source: dumpFile, mtime: now },
      ];
    } else {
      // PGlite is one process: the data directory must be closed. Opening it once here reads the
      // facts and shuts it down cleanly (checkpoint), so the files on disk are a consistent copy.
      if (!fs.existsSync(path.join(config.pgliteDir, 'PG_VERSION'))) {
        throw new BackupError(
          `In ${config.pgliteDir} ist keine PGlite-Datenbank.`,
          `There is no PGlite database in ${config.pgliteDir}.`,
        );
      }
      assertPgliteClosed(config.pgliteDir);
      facts = await withPglite(config.pgliteDir, (client) =>
        databaseFacts((text) => client.query<Record<string, unknown>>(text)),
      );
      database = [
        { entry: { path: 'database', type: 'directory' }, mtime: now },
        ...(await collect(config.pgliteDir, PGLITE_PREFIX, (name) => name === PID_FILE)),
      ];
    }
    const files = await collect(
      config.filesDir,
      'files',
      (name) => name.startsWith('.') && name.endsWith('.partial'),
    );
    const keys = await collect(config.keysDir, 'keys');
    const sources = [...database, ...files, ...keys];
    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      createdAt: now.toISOString(),
      appVersion: appVersion(),
      driver,
      databaseServerVersion: facts.serverVersion,
      migrations: facts.migrations,
      fileCount: files.filter((file) => file.entry.type === 'file').length,
      keyCount: keys.filter((file) => file.entry.type === 'file').length,
      entries: sources.map((source) => source.entry),
    };
    const partial = path.join(work, 'archive.tar.gz');
    await writeArchive(partial, manifest, sources, now);
    if (driver === 'pglite') assertPgliteClosed(config.pgliteDir);
    // A backup holds personal data and the identity keys: readable by the owner only.
    fs.chmodSync(partial, 0o600);
    fs.linkSync(partial, out); // fails rather than overwrite a file that appeared meanwhile
    return { archive: out, manifest, bytes: fs.statSync(out).size };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function writeArchive(target: string, manifest: Manifest, sources: SourceFile[], now: Date) {
  const pack = tar.pack();
  const writing = pipeline(pack, zlib.createGzip(), fs.createWriteStream(target, { mode: 0o600 }));
  const addEntry = (headers: Parameters<tar.Pack['entry']>[0], content?: Readable | Buffer) =>
    new Promise<void>((resolve, reject) => {
      const done = (error?: Error | null) => (error ? reject(error) : resolve());
      if (content === undefined) {
        pack.entry(headers, done);
      } else if (Buffer.isBuffer(content)) {
        pack.entry(headers, content, done);
      } else {
        const sink = pack.entry(headers, done);
        content.on('error', reject);
        content.pipe(sink);
      }
    });
  try {
    await addEntry(
      { name: MANIFEST_NAME, type: 'file', mode: 0o600, mtime: now },
      Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`),
    );
    for (const { entry, source, mtime } of sources) {
      if (entry.type === 'directory') {
        await addEntry({ name: entry.path, type: 'directory', mode: 0o700, mtime });
      } else {
        // tar-stream ends an empty entry by itself; a stream is only piped into one with content.
        await addEntry(
          { name: entry.path, type: 'file', mode: 0o600, size: entry.size, mtime },
          entry.size === 0 ? Buffer.alloc(0) : fs.createReadStream(source!),
        );
      }
    }
    pack.finalize();
  } catch (error) {
    pack.destroy(error as Error);
    await writing.catch(() => undefined);
    throw error;
  }
  await writing;
}

// ── reading an archive ───────────────────────────────────────────────────────────────────────

function corrupt(detail: string): BackupError {
  return new BackupError(
    `Das Archiv ist beschädigt oder keine Schirm-Sicherung (${detail}); es wurde nichts wiederhergestellt.`,
    `The archive is damaged or not a Schirm backup (${detail}); nothing was restored.`,
  );
}

async function readAll(stream: AsyncIterable<Buffer>, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > limit) throw corrupt('manifest.json zu groß / too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function parseManifest(bytes: Buffer): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw corrupt('manifest.json ist kein JSON / is not JSON');
  }
  const result = manifestSchema.safeParse(json);
  if (!result.success) throw corrupt('manifest.json: unbekanntes Format / unknown format');
  const seen = new Set<string>();
  for (const entry of result.data.entries) {
    if (!isSafePath(entry.path) || seen.has(entry.path)) throw corrupt(`manifest.json: ${entry.path}`);
    seen.add(entry.path);
  }
  return result.data;
}

type OnManifest = (manifest: Manifest) => Promise<void>;

/**
 * Reads the whole archive through gzip once, writing nothing: a cut file or a changed byte fails
 * gzip's length and CRC-32 check here, in a fraction of a second and before any entry is unpacked.
 */
async function checkCompression(archive: string): Promise<void> {
  const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
  try {
    await pipeline(fs.createReadStream(archive), zlib.createGunzip(), discard);
  } catch (error) {
    throw corrupt((error as Error).message);
  }
}

/**
 * Reads the archive: with `staging`, first its compression as a whole (`checkCompression`); then
 * the manifest (handed to `onManifest`, which may refuse), then every entry into `staging`,
 * checking that it is listed, its size and its SHA-256; at the end every listed entry must have
 * come. Any damage (gzip, tar, checksum) throws a BackupError.
 */
async function unpackVerified(archive: string, staging: string | undefined, onManifest: OnManifest) {
  try {
    await fs.promises.access(archive, fs.constants.R_OK);
  } catch {
    throw new BackupError(
      `Das Archiv ${archive} kann nicht gelesen werden.`,
      `The archive ${archive} cannot be read.`,
    );
  }
  if (staging) await checkCompression(archive);
  const input = fs.createReadStream(archive);
  const extract = tar.extract();
  const feeding = pipeline(input, zlib.createGunzip(), extract);
  // When the archive's bytes fail (a damaged gzip stream, a cut file, a tar cut inside an intact
  // gzip stream), tar-stream destroys the entry being read, but that destroy waits for the entry's
  // pending read, which never ends: a read of the entry, or of the next entry, would wait for ever
  // (CI hung on it). So every wait on the archive's streams below also ends when the feeding fails.
  let feedingFailed: (error: Error) => void = () => undefined;
  const failure = new Promise<never>((_, reject) => {
    feedingFailed = reject;
  });
  failure.catch(() => undefined);
  const orFeedingFails = <T>(waiting: Promise<T>): Promise<T> => {
    waiting.catch(() => undefined);
    return Promise.race([waiting, failure]);
  };
  const fed = feeding.then(
    () => undefined,
    (error: Error) => {
      feedingFailed(error);
      return error;
    },
  );
  let manifest: Manifest | undefined;
  const pending = new Map<string, ManifestEntry>();
  const entries = extract[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = await orFeedingFails(entries.next());
      if (next.done) break;
      const entry = next.value;
      const name = entry.header.name.replace(/\/+$/, '');
      if (!manifest) {
        if (name !== MANIFEST_NAME || entry.header.type !== 'file')
          throw corrupt('manifest.json fehlt / missing');
        manifest = parseManifest(
          await orFeedingFails(readAll(entry as AsyncIterable<Buffer>, MAX_MANIFEST_BYTES)),
        );
        for (const listed of manifest.entries) pending.set(listed.path, listed);
        await onManifest(manifest);
        if (!staging) {
          entry.resume();
          break;
        }
        continue;
      }
      const listed = pending.get(name);
      if (!listed || listed.type !== (entry.header.type === 'directory' ? 'directory' : 'file')) {
        throw corrupt(`${name} steht nicht im Manifest / is not in the manifest`);
      }
      pending.delete(name);
      const target = path.join(staging!, ...name.split('/'));
      if (listed.type === 'directory') {
        await fs.promises.mkdir(target, { recursive: true, mode: 0o700 });
        entry.resume();
        continue;
      }
      await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const hash = createHash('sha256');
      let size = 0;
      const counter = new PassThrough();
      counter.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        size += chunk.length;
      });
      const file = fs.createWriteStream(target, { mode: 0o600, flags: 'wx' });
      try {
        await orFeedingFails(pipeline(entry, counter, file));
      } catch (error) {
        // Closed before the error goes on: a stream destroyed while opening still creates its file,
        // which must not appear after the staging directory was removed.
        counter.destroy();
        await new Promise<void>((resolve) => {
          if (file.closed) return resolve();
          file.once('close', () => resolve());
          file.destroy();
        });
        throw error;
      }
      if (size !== listed.size || hash.digest('hex') !== listed.sha256) {
        throw corrupt(`Prüfsumme von ${name} stimmt nicht / checksum of ${name} does not match`);
      }
    }
  } catch (error) {
    input.destroy();
    extract.destroy();
    await fed;
    if (error instanceof BackupError) throw error;
    throw corrupt((error as Error).message);
  }
  if (!staging) {
    input.destroy();
    extract.destroy();
    await fed;
  } else {
    const fedError = await fed;
    if (fedError) throw corrupt(fedError.message);
  }
  if (!manifest) throw corrupt('manifest.json fehlt / missing');
  if (staging && pending.size > 0) {
    throw corrupt(`${[...pending.keys()][0]} fehlt im Archiv / is missing from the archive`);
  }
  return manifest;
}

/** The manifest of an archive, without reading the rest (for a quick look; not a verification). */
export async function readManifest(archive: string): Promise<Manifest> {
  return unpackVerified(archive, undefined, async () => undefined);
}

// ── restore ──────────────────────────────────────────────────────────────────────────────────

export interface RestoreBackupOptions {
  config: BackupConfig;
  archive: string;
  /** Replace existing data (data directory contents, or a non-empty PostgreSQL database). */
  force?: boolean;
}

function hasContent(directory: string): boolean {
  try {
    return fs.readdirSync(directory).length > 0;
  } catch {
    return false;
  }
}

function checkCompatible(manifest: Manifest, config: BackupConfig): void {
  const driver = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.driver !== driver) {
    const names = { pglite: 'PGlite (DATA_DIR)', postgres: 'PostgreSQL (DATABASE_URL)' };
    throw new BackupError(
      `Die Sicherung ist von ${names[manifest.driver]}, die Konfiguration nutzt ${names[driver]}; ` +
        `bitte mit der passenden Konfiguration wiederherstellen.`,
      `The backup is of ${names[manifest.driver]}, the configuration uses ${names[driver]}; ` +
        `restore with a matching configuration.`,
    );
  }
  const known = migrationJournal().entries;
  const { latest, count } = manifest.migrations;
  if (count > known.length || (latest !== null && !known.some((entry) => entry.tag === latest))) {
    throw new BackupError(
      `Die Sicherung stammt von einer neueren Schirm-Version (Migration ${latest ?? '?'}); bitte mit dieser ` +
        `Version (${manifest.appVersion}) oder neuer wiederherstellen.`,
      `The backup comes from a newer Schirm version (migration ${latest ?? '?'}); restore it with that ` +
        `version (${manifest.appVersion}) or newer.`,
    );
  }
}

async function postgresIsEmpty(url: string): Promise<boolean> {
  return withPgClient(url, async (client) => {
    const { rows } = await client.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
          AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'`,
    );
    return rows[0]?.count === 0;
  });
}

/**
 * Restores an archive into this configuration's data directory (and PostgreSQL database). Refuses
 * existing data unless `force`; checks the manifest and every checksum before anything is replaced.
 */
export async function restoreBackup({
  config,
  archive,
  force = false,
}: RestoreBackupOptions): Promise<RestoreSummary> {
  const targets = [
    ...(config.databaseUrl ? [] : [{ name: 'pglite', staged: PGLITE_PREFIX, target: config.pgliteDir }]),
    { name: 'files', staged: 'files', target: config.filesDir },
    { name: 'keys', staged: 'keys', target: config.keysDir },
  ];
  let replaced = false;
  const checkTargets = async () => {
    if (!config.databaseUrl && fs.existsSync(config.pgliteDir)) assertPgliteClosed(config.pgliteDir);
    const occupied = targets.filter(({ target }) => hasContent(target)).map(({ target }) => target);
    const databaseOccupied = config.databaseUrl ? !(await postgresIsEmpty(config.databaseUrl)) : false;
    if ((occupied.length > 0 || databaseOccupied) && !force) {
      const what = [...occupied, ...(databaseOccupied ? ['PostgreSQL (DATABASE_URL)'] : [])].join(', ');
      throw new BackupError(
        `Es sind schon Daten da (${what}); die Wiederherstellung würde sie ersetzen. Mit --force ersetzen.`,
        `There is existing data (${what}); restoring would replace it. Use --force to replace it.`,
      );
    }
    replaced = occupied.length > 0 || databaseOccupied;
  };

  const dataDirExisted = fs.existsSync(config.dataDir);
  fs.mkdirSync(config.dataDir, { recursive: true });
  const staging = fs.mkdtempSync(path.join(config.dataDir, `.restore-${randomBytes(3).toString('hex')}-`));
  const cleanUp = () => {
    fs.rmSync(staging, { recursive: true, force: true, maxRetries: 3 });
    if (!dataDirExisted && !hasContent(config.dataDir))
      fs.rmSync(config.dataDir, { recursive: true, force: true });
  };
  try {
    const manifest = await unpackVerified(archive, staging, async (read) => {
      checkCompatible(read, config);
      await checkTargets();
    });

    if (config.databaseUrl) {
      // One transaction: pg_restore either restores everything or nothing.
      const result = await runTool('pg_restore', config.databaseUrl, [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        ...(replaced ? ['--clean', '--if-exists'] : []),
        path.join(staging, ...POSTGRES_DUMP.split('/')),
      ]);
      if (result.code !== 0) throw toolFailed('pg_restore', result);
    } else {
      // Opening the restored cluster once proves it starts and holds the manifest's migrations.
      const stagedDb = path.join(staging, ...PGLITE_PREFIX.split('/'));
      const facts = await withPglite(stagedDb, (client) =>
        databaseFacts((text) => client.query<Record<string, unknown>>(text)),
      ).catch((error: unknown) => {
        // The checksums matched, so the files are the ones backed up: PGlite cannot start them,
        // most likely because this PGlite runs another PostgreSQL major version.
        const detail = (error as Error).message;
        throw new BackupError(
          `Diese PGlite-Version kann die gesicherte Datenbank (PostgreSQL ${manifest.databaseServerVersion}) nicht ` +
            `starten; bitte mit der Schirm-Version der Sicherung (${manifest.appVersion}) wiederherstellen. ` +
            `PGlite meldet: ${detail}; es wurde nichts wiederhergestellt.`,
          `This PGlite version cannot start the backed-up database (PostgreSQL ${manifest.databaseServerVersion}); ` +
            `restore with the backup's Schirm version (${manifest.appVersion}). PGlite says: ${detail}; ` +
            'nothing was restored.',
        );
      });
      if (facts.migrations.count !== manifest.migrations.count)
        throw corrupt('PGlite: Migrationen / migrations');
    }

    // Move into place: the old directory aside, the staged one in, the old one deleted at the end.
    const aside = path.join(staging, 'replaced');
    fs.mkdirSync(aside);
    const moved: { target: string; old?: string }[] = [];
    try {
      for (const { name, staged, target } of targets) {
        const stagedPath = path.join(staging, ...staged.split('/'));
        const old = path.join(aside, name);
        const hadOld = fs.existsSync(target);
        if (hadOld) fs.renameSync(target, old);
        moved.push({ target, ...(hadOld ? { old } : {}) });
        if (fs.existsSync(stagedPath)) fs.renameSync(stagedPath, target);
      }
    } catch (error) {
      for (const { target, old } of moved.reverse()) {
        fs.rmSync(target, { recursive: true, force: true });
        if (old) fs.renameSync(old, target);
      }
      throw error;
    }
    return { manifest, replaced };
  } finally {
    cleanUp();
  }
}

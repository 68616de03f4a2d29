// `npx tsx bench/mailbox.ts`: the Postfach at volume (issue 14 bar: first page p99 < 50 ms at 32
// connections). Creates a fresh database on BENCH_PG_URL's server, migrates it, writes one customer
// with BENCH_MESSAGES (10,000) incoming messages, 1,000 sent and 500 deleted ones (plus 100 other
// customers with 100 messages each, so the index has neighbours), starts the production server on
// it and loads the unread count and the first page of the inbox and of the sent messages with a
// real access token. Prints req/s, p50 and p99, writes bench/results/mailbox.json and drops the
// database at the end. BENCH_DB=pglite runs the same on the embedded PGlite (a fresh data directory)
// instead, and writes bench/results/mailbox-pglite.json.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
// The server modules below declare Fastify augmentations; the module must be part of this program.
import type {} from 'fastify';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/server/src/db/database';
import { accounts } from '../apps/server/src/db/schema/identity';
import { mailboxMessages } from '../apps/server/src/db/schema/mailbox';
import { insertPartner } from '../apps/server/src/modules/contracts/partners-repository';
import { issueAccessToken } from '../apps/server/src/platform/auth/access-token';
import { loadIdentityKeys } from '../apps/server/src/platform/auth/keys';
import { parseConfig } from '../apps/server/src/platform/config';
import { load, loadGenerator, type LoadResult, type LoadTarget } from './http';
import { rssMiB, startServer } from './server';

const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const messages = Number(process.env.BENCH_MESSAGES ?? 10_000);
const durationSeconds = Number(process.env.BENCH_DURATION ?? 8);
const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = 32;
const OTHER_CUSTOMERS = 100;
const OTHER_MESSAGES = 100;
/** The issue 14 bar: the first page's p99 under 50 ms. */
const BAR_P99_MS = 50;
const databaseName = `schirm_bench_mailbox_${randomBytes(4).toString('hex')}`;
const onPglite = process.env.BENCH_DB === 'pglite';

async function maintenance(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function databaseUrl(): string {
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

async function partner(db: Database, index: number): Promise<string> {
  const nummer = `38${String(index).padStart(8, '0')}`;
  const { id } = await insertPartner({
    db,
    partner: {
      personArt: 'NatuerlichePersonDTO',
      partnerNummer: nummer,
      anrede: 'Frau',
      vorname: 'Paula',
      nachname: `Postfach ${index}`,
      geburtsdatum: '1980-01-01',
      email: `postfach.${index}@example.com`,
      telefon: '+4915200003800',
    },
    adresse: { strasse: 'Aachener Straße', hausnummer: '20', plz: '50674', ort: 'Köln', land: 'DE' },
    gueltigAb: '2015-01-01',
  });
  return id;
}

/** `n` messages of the partner, one an hour back from 2026-11-01, written in batches. */
async function messagesOf(
  db: Database,
  partnerId: string,
  n: number,
  extra: Partial<typeof mailboxMessages.$inferInsert> = {},
): Promise<void> {
  const start = Date.parse('2026-11-01T08:00:00Z');
  for (let from = 0; from < n; from += 1000) {
    const rows = Array.from({ length: Math.min(1000, n - from) }, (_, k) => {
      const i = from + k;
      return {
        partnerId,
        subject: `Nachricht ${i + 1}`,
        body: `Sehr geehrte Kundin, dies ist Nachricht ${i + 1}. `.repeat(8),
        createdAt: new Date(start - i * 3_600_000),
        readAt: i % 3 === 0 ? null : new Date(start - i * 3_600_000 + 60_000),
        ...extra,
      };
    });
    await db.insert(mailboxMessages).values(rows);
  }
}

async function seed(db: Database) {
  const partnerId = await partner(db, 1);
  await messagesOf(db, partnerId, messages);
  await messagesOf(db, partnerId, 1000, { direction: 'AUSGANG', thema: 'SONSTIGES', html: '<p>Hallo</p>' });
  await messagesOf(db, partnerId, 500, { deletedAt: new Date('2026-11-02T08:00:00Z') });
  for (let i = 2; i < 2 + OTHER_CUSTOMERS; i += 1) {
    await messagesOf(db, await partner(db, i), OTHER_MESSAGES);
  }
  const username = 'paula.postfach@example.com';
  const [account] = await db
    .insert(accounts)
    .values({
      pool: 'benutzer',
      username,
      email: username,
      mobile: '+4915200003800',
      srpSalt: 'ab'.repeat(32),
      srpVerifier: '12'.repeat(64),
      status: 'ACTIVE',
      partnerId,
    })
    .returning({ id: accounts.id });
  if (!account) throw new Error('account not inserted');
  // As autovacuum leaves a table after bulk inserts: statistics and the visibility map (index-only scans).
  await db.execute(sql`VACUUM ANALYZE mailbox_messages`);
  return { partnerId, accountId: account.id };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'schirm-bench-mailbox-'));
const results: {
  messages: number;
  http: LoadResult[];
  loadGenerator: string;
  rssMiB: number;
  firstPage?: object;
} = {
  messages,
  http: [],
  loadGenerator: loadGenerator(),
  rssMiB: 0,
};

async function dropDatabase(): Promise<void> {
  if (!onPglite) await maintenance(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

if (!onPglite) await maintenance(`CREATE DATABASE ${databaseName}`);
try {
  const database = await openDatabase(
    onPglite ? { dataDir: path.join(dataDir, 'pglite') } : { databaseUrl: databaseUrl() },
  );
  let customer: Awaited<ReturnType<typeof seed>>;
  try {
    await database.migrate();
    customer = await seed(database.db);
  } finally {
    await database.close();
  }
  console.log(
    `${onPglite ? 'PGlite' : `Database ${databaseName}`}: one customer with ${messages} incoming messages written`,
  );

  const serverEnv = {
    DATABASE_URL: onPglite ? '' : databaseUrl(),
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    PENDING_CHANGES_JOB: 'false',
    TRUST_PROXY: 'true',
  };
  const server = await startServer(serverEnv, { dataDir });
  try {
    const config = parseConfig({ ...process.env, ...serverEnv });
    if (!config.ok) throw new Error(`Server configuration: ${JSON.stringify(config.problems)}`);
    const { token } = await issueAccessToken({
      keys: loadIdentityKeys(config.config),
      subject: { accountId: customer.accountId, pool: 'benutzer', partnerId: customer.partnerId },
      now: new Date(),
      ttlSeconds: 600,
    });
    const headers = { authorization: `Bearer ${token}`, 'x-forwarded-for': 'bench-[<id>]' };
    const base = `${server.url}/api/dokument/benutzer/nachricht`;
    const targets: LoadTarget[] = [
      { name: 'GET /api/health', url: `${server.url}/api/health` },
      { name: 'GET …/nachricht/count', url: `${base}/count`, headers },
      {
        name: 'GET …/nachricht/eingang (first page of 20)',
        url: `${base}/eingang?seite=1&proSeite=20`,
        headers,
      },
      { name: 'GET …/nachricht/ausgang (first page of 20)', url: `${base}/ausgang`, headers },
    ];
    const check = await fetch(targets[2]!.url, { headers: { authorization: `Bearer ${token}` } });
    const body = (await check.json()) as { gesamt?: number; nachrichten?: unknown[] };
    if (check.status !== 200 || body.gesamt !== messages || body.nachrichten?.length !== 20) {
      throw new Error(`First page answered ${check.status}: ${JSON.stringify(body).slice(0, 300)}`);
    }
    results.firstPage = { gesamt: body.gesamt, bytes: JSON.stringify(body).length };
    for (const target of targets) {
      if (warmupSeconds > 0) await load(target, { durationSeconds: warmupSeconds, connections: CONNECTIONS });
      results.http.push(
        await load(target, { durationSeconds, connections: CONNECTIONS, serverPid: server.pid }),
      );
    }
    results.rssMiB = rssMiB(server.pid);
  } finally {
    await server.stop();
  }
} finally {
  await dropDatabase();
}

console.log(
  `\nPostfach on ${onPglite ? 'PGlite' : 'PostgreSQL'} (one customer with ${messages} incoming, 1000 sent, 500 deleted messages; ` +
    `${OTHER_CUSTOMERS} other customers with ${OTHER_MESSAGES} each)`,
);
console.log(
  `HTTP (${results.loadGenerator}, ${CONNECTIONS} connections, ${durationSeconds} s each after ${warmupSeconds} s warm-up, ` +
    `${os.availableParallelism()} cores)`,
);
console.log('| route | req/s | p50 ms | p99 ms | server CPU µs/req | non-2xx |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const r of results.http) {
  console.log(
    `| ${r.name} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.serverCpuMicrosPerRequest ?? '–'} | ${r.non2xx + r.errors} |`,
  );
}
console.log(
  `Load average at the end: ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
);
console.log(`Server RSS after load: ${results.rssMiB} MiB`);
const over = results.http.slice(1).filter((r) => r.p99Ms >= BAR_P99_MS || r.non2xx + r.errors > 0);
console.log(
  over.length === 0
    ? `Bar met: p99 under ${BAR_P99_MS} ms, all answers 2xx.`
    : `Bar NOT met (p99 under ${BAR_P99_MS} ms, all 2xx): ${over.map((r) => r.name).join('; ')}`,
);
fs.mkdirSync(path.join('bench', 'results'), { recursive: true });
fs.writeFileSync(
  path.join('bench', 'results', onPglite ? 'mailbox-pglite.json' : 'mailbox.json'),
  JSON.stringify(results, null, 2),
);

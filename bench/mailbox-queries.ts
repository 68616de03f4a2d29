// `npx tsx bench/mailbox-queries.ts`: the database side of the Postfach's first page at 10,000
// messages (issue 14 bar, ADR 0024 addendum), without HTTP: what the inbox's count costs when it
// counts the shown messages (before migration 0012) and when it reads the partner's counter row, on
// PostgreSQL (BENCH_PG_URL, a fresh database, 32 clients at once) and on PGlite (one connection, as
// in the server). Each variant runs the statements one first-page request ran: before, the count
// and the page (two statements); after, the page carrying the counter (one statement). Prints
// p50/p99 per first page and the statements' time per page.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../apps/server/src/db/database';

const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MESSAGES = 10_000;
const CLIENTS = 32;
const DURATION_MS = Number(process.env.BENCH_DURATION ?? 5) * 1000;

type Query = (text: string, values: unknown[]) => Promise<unknown>;

const PAGE = (withCounter: boolean) => `
  SELECT m.id, m.created_at, m.subject, left(m.body, 201), m.read_at, m.direction, m.thema, m.document_id,
         c.versicherungs_nummer, d.name
         ${withCounter ? `, (SELECT CASE WHEN $2 = 'EINGANG' THEN eingang ELSE ausgang END FROM mailbox_counters WHERE partner_id = $1)` : ''}
  FROM mailbox_messages m
  LEFT JOIN contracts c ON m.contract_id = c.id
  LEFT JOIN contract_documents d ON m.document_id = d.id
  WHERE m.partner_id = $1 AND m.direction = $2 AND m.deleted_at IS NULL
  ORDER BY m.created_at DESC, m.id DESC LIMIT 20 OFFSET 0`;
const COUNT_SCAN = `SELECT count(*) FROM mailbox_messages WHERE partner_id = $1 AND direction = $2 AND deleted_at IS NULL`;

const variants: Record<string, (query: Query, partnerId: string) => Promise<unknown>> = {
  'before: count(*) of the shown messages + page': (query, partnerId) =>
    Promise.all([query(COUNT_SCAN, [partnerId, 'EINGANG']), query(PAGE(false), [partnerId, 'EINGANG'])]),
  'after: page with the counter row (one statement)': (query, partnerId) =>
    query(PAGE(true), [partnerId, 'EINGANG']),
};

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Migrations as the server runs them: each file split at its statement breakpoints. */
async function migrate(query: (text: string) => Promise<unknown>): Promise<void> {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  for (const { tag } of journal.entries) {
    for (const statement of fs
      .readFileSync(path.join(MIGRATIONS_DIR, `${tag}.sql`), 'utf8')
      .split('--> statement-breakpoint')) {
      if (statement.trim()) await query(statement);
    }
  }
}

async function seed(query: Query): Promise<string> {
  const [partner] = (await query(
    `INSERT INTO partners (partner_nummer, person_art, vorname, nachname, email) VALUES ('3900000001', 'NatuerlichePersonDTO', 'Paula', 'Postfach', 'p@example.com') RETURNING id`,
    [],
  )) as { id: string }[];
  const partnerId = partner!.id;
  const insert = (n: number, extra: string) =>
    query(
      `INSERT INTO mailbox_messages (partner_id, subject, body, created_at, read_at, direction, deleted_at)
       SELECT $1, 'Nachricht ' || i, repeat('Sehr geehrte Kundin, dies ist eine Nachricht. ', 8),
              timestamptz '2026-11-01 08:00Z' - i * interval '1 hour',
              CASE WHEN i % 3 = 0 THEN NULL ELSE timestamptz '2026-11-01 08:00Z' END, ${extra}
       FROM generate_series(1, $2) i`,
      [partnerId, n],
    );
  await insert(MESSAGES, `'EINGANG', NULL`);
  await insert(1000, `'AUSGANG', NULL`);
  await insert(500, `'EINGANG', timestamptz '2026-11-02 08:00Z'`);
  await query('VACUUM ANALYZE mailbox_messages', []);
  return partnerId;
}

async function measure(name: string, run: () => Promise<unknown>, clients: number) {
  for (let i = 0; i < 50; i += 1) await run(); // warm-up: plans and caches
  const times: number[] = [];
  const until = performance.now() + DURATION_MS;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const start = performance.now();
        await run();
        times.push(performance.now() - start);
      }
    }),
  );
  const perSecond = Math.round(times.length / (DURATION_MS / 1000));
  console.log(
    `| ${name} | ${clients} | ${perSecond} | ${percentile(times, 50).toFixed(2)} | ${percentile(times, 99).toFixed(2)} |`,
  );
}

async function onPostgres(): Promise<void> {
  const database = `schirm_bench_mailbox_q_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: CLIENTS });
  // DROP DATABASE … WITH (FORCE) ends connections the pool may still be closing.
  pool.on('error', () => undefined);
  try {
    const query: Query = async (text, values) => (await pool.query(text, values)).rows;
    await migrate((text) => pool.query(text));
    const partnerId = await seed(query);
    console.log('\nPostgreSQL (fresh database, pool of 32):');
    console.log('| first page, inbox of 10,000 | clients | pages/s | p50 ms | p99 ms |');
    console.log('| --- | ---: | ---: | ---: | ---: |');
    for (const [name, variant] of Object.entries(variants)) {
      await measure(name, () => variant(query, partnerId), 1);
      await measure(name, () => variant(query, partnerId), CLIENTS);
    }
  } finally {
    await pool.end();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
}

async function onPglite(): Promise<void> {
  const client = new PGlite();
  const query: Query = async (text, values) => (await client.query(text, values)).rows;
  await migrate((text) => client.exec(text));
  const partnerId = await seed(query);
  console.log('\nPGlite (in memory, one connection as in the server):');
  console.log('| first page, inbox of 10,000 | clients | pages/s | p50 ms | p99 ms |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const [name, variant] of Object.entries(variants)) {
    await measure(name, () => variant(query, partnerId), 1);
    await measure(name, () => variant(query, partnerId), CLIENTS);
  }
  await client.close();
}

console.log(
  `Load average at start: ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')} (${os.availableParallelism()} cores)`,
);
if (process.env.BENCH_DB !== 'pglite') await onPostgres();
if (process.env.BENCH_DB !== 'pg') await onPglite();
console.log(
  `Load average at the end: ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
);

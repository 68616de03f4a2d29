// Kundenbestand at volume (issue 15 speed bars, ADR 0030): `npx tsx bench/agent-portfolio.ts`.
// Creates a fresh database on BENCH_PG_URL's server (default postgres://postgres@127.0.0.1:5432),
// migrates it and writes, with SQL generate_series, one agency (Hauptagentur, two sub-agents, one
// sub-sub-agent) with 10,000 customers of one contract each: a database of 10,000 contracts. It
// runs the server in this process on that database and times the list's searches and filters
// (sequential requests with the agency's token, p50/p95/max). Then it adds 990,000 contracts of
// 495,000 customers of 500 other agencies (1,000,000 contracts), runs the same requests again, and
// prints the growth of each p95, the EXPLAIN (ANALYZE, BUFFERS) plans at 1,000,000, and the XLSX
// download of the agency's 10,000 contracts (time, bytes, and the growth of this process's RSS
// while it streams). The database is dropped at the end, also on failure and Ctrl+C.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
// The server modules below declare Fastify augmentations; the module must be part of this program.
import type {} from 'fastify';
import type {} from '../apps/server/src/platform/fastify-augmentation';
import pg from 'pg';
import { cpuMs } from './server';
import { todayInGermany } from '@schirm/domain/dates/calendar-date';
import { buildApp } from '../apps/server/src/app';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/database';
import { insertAccount } from '../apps/server/src/modules/identity/identity-test-kit';
import {
  customersStatement,
  pageDetailsStatement,
  type PortfolioSelection,
} from '../apps/server/src/modules/agent-portfolio/query';
import { issueAccessToken } from '../apps/server/src/platform/auth/access-token';
import { loadIdentityKeys } from '../apps/server/src/platform/auth/keys';
import { parseConfig } from '../apps/server/src/platform/config';

const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const WARMUP = 5;
const BAR_P95_MS = 50;
const BAR_GROWTH = 2;
const BAR_EXPORT_MS = 10_000;
const BAR_EXPORT_RSS_MIB = 100;
const AGENCY_CUSTOMERS = 10_000;
const OTHER_CUSTOMERS = 495_000;
const OTHER_AGENTS = 500;
const databaseName = `schirm_bench_portfolio_${randomBytes(4).toString('hex')}`;

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

let dropped = false;
async function dropDatabase(): Promise<void> {
  if (dropped) return;
  dropped = true;
  await maintenance(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch((error: unknown) =>
    console.error(`Could not drop ${databaseName}: ${String(error)}`),
  );
}
process.once('SIGINT', () => {
  void dropDatabase().then(() => process.exit(130));
});

// Names as a German book has them: 40 first names, 50 surnames (a surname search hits ~2 %).
const VORNAMEN = `Anna Maria Sophie Laura Julia Lena Lea Hannah Emma Mia Sarah Lisa Katharina Johanna Clara
  Paula Marie Charlotte Leonie Nina Lukas Jonas Leon Felix Paul Max Tim Jan Finn Ben Noah Elias Tom
  Niklas David Simon Moritz Jakob Philipp Stefan`.split(/\s+/);
const NACHNAMEN = `Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Schäfer Koch
  Bauer Richter Klein Wolf Schröder Neumann Schwarz Zimmermann Braun Krüger Hofmann Hartmann Lange
  Schmitt Werner Schmitz Krause Meier Lehmann Schmid Schulze Maier Köhler Herrmann König Walter Mayer
  Huber Kaiser Fuchs Peters Lang Scholz Möller Weiß Jung Hahn Schubert`.split(/\s+/);
const ORTE: [string, string][] = [
  ['50823', 'Köln'],
  ['53115', 'Bonn'],
  ['40212', 'Düsseldorf'],
  ['10961', 'Berlin'],
  ['80331', 'München'],
  ['20095', 'Hamburg'],
  ['60311', 'Frankfurt am Main'],
  ['70173', 'Stuttgart'],
  ['04109', 'Leipzig'],
  ['01067', 'Dresden'],
];
const PRODUKTE = [
  'PRIVATHAFTPFLICHT',
  'HAUSRAT',
  'FAHRRAD_2',
  'TIERHALTERHAFTPFLICHT',
  'REISE',
  'BHV_2',
  'VH_2',
  'SI_ALLGEFAHREN',
  'PRIVATHAFTPFLICHT',
  'HAUSRAT',
];

const textArray = (values: readonly string[]) => `ARRAY[${values.map((v) => `'${v}'`).join(',')}]`;

/**
 * Customers `from`..`to` (partner numbers prefix + i), their current address, `perCustomer`
 * contracts each (numbers contractBase + (i - 1) * perCustomer + k), 4 % of the contracts with an
 * overdue premium and 2 % with an open task; agents picked by `agentOf` (SQL of i).
 */
function generateStatements({
  from,
  to,
  partnerPrefix,
  contractBase,
  perCustomer,
  agentOf,
}: {
  from: number;
  to: number;
  partnerPrefix: string;
  contractBase: number;
  perCustomer: number;
  agentOf: string;
}): string[] {
  const vornamen = textArray(VORNAMEN);
  const nachnamen = textArray(NACHNAMEN);
  const plz = textArray(ORTE.map(([code]) => code));
  const orte = textArray(ORTE.map(([, ort]) => ort));
  const produkte = textArray(PRODUKTE);
  return [
    `CREATE TEMP TABLE gen AS
       SELECT i, gen_random_uuid() AS partner_id, ${agentOf} AS agent_id,
              (${vornamen})[1 + (i * 7) % ${VORNAMEN.length}] AS vorname,
              (${nachnamen})[1 + (i * 13) % ${NACHNAMEN.length}] AS nachname
       FROM generate_series(${from}, ${to}) AS i`,
    `INSERT INTO partners (id, partner_nummer, person_art, anrede, vorname, nachname, email, telefon)
       SELECT partner_id, '${partnerPrefix}' || lpad(i::text, ${10 - partnerPrefix.length}, '0'),
              'NatuerlichePersonDTO', CASE WHEN i % 2 = 0 THEN 'Frau' ELSE 'Herr' END, vorname, nachname,
              lower(vorname || '.' || nachname || '.' || i || '@example.de'), '+4915200' || lpad(i::text, 7, '0')
       FROM gen`,
    `INSERT INTO addresses (partner_id, strasse, hausnummer, plz, ort, gueltig_ab)
       SELECT partner_id, 'Hauptstraße', (1 + i % 200)::text, (${plz})[1 + i % ${ORTE.length}],
              (${orte})[1 + i % ${ORTE.length}], DATE '2019-01-01'
       FROM gen`,
    `INSERT INTO contracts (versicherungs_nummer, produkt, marke, status, partner_id, agent_id, antragsdatum,
         abschlussdatum, vertrags_beginn, ablaufdatum, stillschweigende_verlaengerung, taeglich_kuendbar,
         hauptfaelligkeit_monat, hauptfaelligkeit_tag, wirksamkeitsdatum, instructions_complete, zahlweise,
         netto_jahresbeitrag_cents, brutto_beitrag_pro_periode_cents, product_details)
       SELECT (${contractBase}::bigint + (i - ${from}) * ${perCustomer} + k)::text,
              (${produkte})[1 + (i + k) % ${PRODUKTE.length}], 'SCHIRM',
              CASE WHEN (i + k) % 50 < 40 THEN 'LAUFEND' WHEN (i + k) % 50 < 44 THEN 'AUSLAUFEND'
                   WHEN (i + k) % 50 < 49 THEN 'BEENDET' ELSE 'STORNIERT' END,
              partner_id, agent_id, d - 10, d - 10, d, d + 365, true, false,
              extract(month FROM d)::int, extract(day FROM d)::int, d, true,
              CASE WHEN i % 3 = 0 THEN 'MONATLICH' ELSE 'JAEHRLICH' END,
              4000 + (i * 37 + k * 101) % 90000, (4000 + (i * 37 + k * 101) % 90000) * 119 / 100,
              '{"bench": true}'::jsonb
       FROM gen, generate_series(1, ${perCustomer}) AS k,
            LATERAL (SELECT DATE '2018-01-01' + ((i * 17 + k) % 2900) AS d) AS day`,
    `INSERT INTO open_premiums (contract_id, art, faellig_am, betrag_cents)
       SELECT c.id, 'FOLGEBEITRAG', DATE '2026-01-15', 5000
       FROM contracts c JOIN gen ON gen.partner_id = c.partner_id
       WHERE c.versicherungs_nummer::bigint % 25 = 0`,
    `INSERT INTO tasks (contract_id, agent_id, typ, status, faellig_am, erstellt_am)
       SELECT c.id, c.agent_id, 'UmsatzErinnern1', 'Offen', DATE '2026-12-15', DATE '2026-10-15'
       FROM contracts c JOIN gen ON gen.partner_id = c.partner_id
       WHERE c.versicherungs_nummer::bigint % 50 = 7`,
    // The customers' rows of the Kundenbestand, which the triggers (off for this load) would write.
    `INSERT INTO agent_portfolio_kunden (agent_id, partner_id, sortname, partner_nummer, suchtext, plz)
       SELECT gen.agent_id, p.id, portfolio_sortname(p.vorname, p.nachname, p.firmenname), p.partner_nummer,
              portfolio_suchtext(p.vorname, p.nachname, p.firmenname, p.email), a.plz
       FROM gen JOIN partners p ON p.id = gen.partner_id
       LEFT JOIN addresses a ON a.partner_id = p.id AND a.gueltig_bis IS NULL
       ON CONFLICT DO NOTHING`,
    `DROP TABLE gen`,
  ];
}

async function run(handle: DatabaseHandle, statements: string[]): Promise<void> {
  // Triggers off for the bulk load (view revisions, foreign keys): the generated rows are consistent.
  await handle.executeSql(
    ['BEGIN', 'SET LOCAL session_replication_role = replica', ...statements, 'COMMIT'].join(';\n'),
  );
  await handle.executeSql('VACUUM ANALYZE');
}

async function insertAgents(handle: DatabaseHandle): Promise<Record<string, string>> {
  const agent = (nummer: string, name: string, parent: string | null) =>
    `INSERT INTO agents (vermittler_nummer, name, email, vertriebsweg, agentur_name, agentur_strasse,
       agentur_hausnummer, agentur_plz, agentur_ort, parent_agent_id)
     VALUES ('${nummer}', '${name}', '${nummer}@agentur.example', 'AUSSCHLIESSLICHKEITSVERTRIEB',
       '${name}', 'Ring', '1', '50672', 'Köln',
       ${parent ? `(SELECT id FROM agents WHERE vermittler_nummer = '${parent}')` : 'NULL'})`;
  await handle.executeSql(
    [
      agent('1000000001', 'Hauptagentur Krüger', null),
      agent('1000000002', 'Unteragentur Wolf', '1000000001'),
      agent('1000000003', 'Unteragentur Braun', '1000000001'),
      agent('1000000004', 'Unteragentur Hartmann', '1000000002'),
      `INSERT INTO agents (vermittler_nummer, name, email, vertriebsweg, agentur_name, agentur_strasse,
         agentur_hausnummer, agentur_plz, agentur_ort)
       SELECT (2000000000 + n)::text, 'Agentur ' || n, 'agentur' || n || '@example.de', 'MAKLER',
              'Agentur ' || n, 'Weg', '2', '20095', 'Hamburg'
       FROM generate_series(1, ${OTHER_AGENTS}) AS n`,
    ].join(';\n'),
  );
  const { rows } = await handle.executeSql(
    `SELECT id, vermittler_nummer FROM agents WHERE vermittler_nummer LIKE '100000000%'`,
  );
  return Object.fromEntries(
    (rows as { id: string; vermittler_nummer: string }[]).map((row) => [row.vermittler_nummer, row.id]),
  );
}

interface Timing {
  name: string;
  p50: number;
  p95: number;
  max: number;
  total: number;
  /** CPU per request of this process (the server) and of the database's backends, in ms. */
  serverCpuMs: number;
  databaseCpuMs: number;
}

/** CPU time so far (ms) of the PostgreSQL backends serving the bench database. */
async function databaseCpuMs(handle: DatabaseHandle): Promise<number> {
  const { rows } = await handle.executeSql(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database()',
  );
  return (rows as { pid: number }[]).reduce((sum, { pid }) => {
    try {
      return sum + cpuMs(pid);
    } catch {
      return sum;
    }
  }, 0);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const round = (ms: number) => Math.round(ms * 10) / 10;

/** The e-mail address the generator gives customer i (as its SQL does). */
function emailOf(i: number): string {
  return `${VORNAMEN[(i * 7) % VORNAMEN.length]}.${NACHNAMEN[(i * 13) % NACHNAMEN.length]}.${i}@example.de`.toLowerCase();
}

/** The requests of the bar: searches of each field, each filter, a later page in another order. */
function scenarios(wolfNummer: string): [string, string][] {
  return [
    ['Liste (Name, Seite 1)', ''],
    ['Suche Nachname „Müller“', '?suche=M%C3%BCller'],
    ['Suche Vor- und Nachname', `?suche=${encodeURIComponent('Lukas Müller')}`],
    ['Suche E-Mail', `?suche=${encodeURIComponent(emailOf(4711))}`],
    ['Suche Vertragsnummer', '?suche=1000004711'],
    ['Suche PLZ', '?suche=50823'],
    ['Filter Produkt Hausrat', '?produkt=HAUSRAT'],
    ['Filter Status läuft aus', '?status=AUSLAUFEND'],
    ['Filter überfällig', '?ueberfaellig=true'],
    ['Filter offene Aufgabe', '?offeneAufgabe=true'],
    ['Filter Untervermittler', `?untervermittler=${wolfNummer}`],
    ['Beitrag absteigend, Seite 20', '?sortierung=beitrag-absteigend&seite=20'],
  ];
}

async function timeRequests(
  handle: DatabaseHandle,
  baseUrl: string,
  token: string,
  wolfNummer: string,
): Promise<Timing[]> {
  const results: Timing[] = [];
  for (const [name, query] of scenarios(wolfNummer)) {
    const durations: number[] = [];
    let total = -1;
    let cpuBefore = process.cpuUsage();
    let databaseBefore = 0;
    for (let round = 0; round < WARMUP + ROUNDS; round += 1) {
      if (round === WARMUP) {
        cpuBefore = process.cpuUsage();
        databaseBefore = await databaseCpuMs(handle);
      }
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/vermittler/kundenbestand${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await response.json()) as { gesamt?: number };
      const elapsed = performance.now() - started;
      if (response.status !== 200) throw new Error(`${name}: ${response.status} ${JSON.stringify(body)}`);
      total = body.gesamt ?? -1;
      if (round >= WARMUP) durations.push(elapsed);
    }
    const cpu = process.cpuUsage(cpuBefore);
    const databaseMs = (await databaseCpuMs(handle)) - databaseBefore;
    durations.sort((a, b) => a - b);
    results.push({
      serverCpuMs: round((cpu.user + cpu.system) / 1000 / ROUNDS),
      databaseCpuMs: round(databaseMs / ROUNDS),
      name,
      p50: round(percentile(durations, 50)),
      p95: round(percentile(durations, 95)),
      max: round(durations.at(-1) ?? 0),
      total,
    });
  }
  return results;
}

async function measureExport(baseUrl: string, token: string) {
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const cpuBefore = process.cpuUsage();
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/vermittler/vermittler/kundenbestand/download?format=xlsx`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok || !response.body) throw new Error(`download: ${response.status}`);
  let bytes = 0;
  let firstByteMs = 0;
  for await (const chunk of response.body) {
    if (bytes === 0) firstByteMs = performance.now() - started;
    bytes += (chunk as Uint8Array).byteLength;
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  const totalMs = performance.now() - started;
  clearInterval(sampler);
  const cpu = process.cpuUsage(cpuBefore);
  return {
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    totalMs: Math.round(totalMs),
    firstByteMs: Math.round(firstByteMs),
    bytes,
    rssGrowthMiB: Math.round(((peak - rssBefore) / 1024 / 1024) * 10) / 10,
    disposition: response.headers.get('content-disposition'),
  };
}

async function explain(handle: DatabaseHandle, selection: PortfolioSelection, label: string) {
  const statement = customersStatement(selection, 'name', { limit: 20, offset: 0 });
  const result = await handle.db.execute(sql`EXPLAIN (ANALYZE, BUFFERS) ${statement}`);
  const lines = (result as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map(
    (row) => row['QUERY PLAN'],
  );
  console.log(`\n--- EXPLAIN (ANALYZE, BUFFERS): ${label}\n${lines.join('\n')}`);
  const ids = await handle.db.execute(statement);
  const partnerIds = (ids as unknown as { rows: { partner_id: string }[] }).rows.map((row) => row.partner_id);
  if (partnerIds.length > 0 && label.startsWith('Liste')) {
    const details = await handle.db.execute(
      sql`EXPLAIN (ANALYZE, BUFFERS) ${pageDetailsStatement(selection, partnerIds)}`,
    );
    console.log(
      `\n--- EXPLAIN (ANALYZE, BUFFERS): details of the page\n${(details as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((row) => row['QUERY PLAN']).join('\n')}`,
    );
  }
}

function printTimings(title: string, timings: Timing[]) {
  console.log(`\n${title}`);
  console.log('| request | hits | p50 ms | p95 ms | max ms | CPU ms/req (Node) | CPU ms/req (PostgreSQL) |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const t of timings) {
    console.log(
      `| ${t.name} | ${t.total} | ${t.p50} | ${t.p95} | ${t.max} | ${t.serverCpuMs} | ${t.databaseCpuMs} |`,
    );
  }
}

await maintenance(`CREATE DATABASE ${databaseName}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'schirm-bench-portfolio-'));
try {
  const parsed = parseConfig({
    DATABASE_URL: databaseUrl(),
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    PENDING_CHANGES_JOB: 'false',
    JOBS: 'false',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  });
  if (!parsed.ok) throw new Error(`configuration: ${JSON.stringify(parsed.problems)}`);
  const config = { ...parsed.config, webDistDir: path.join(dataDir, 'no-web') };
  const handle = await openDatabase({ databaseUrl: databaseUrl() });
  await handle.migrate();
  const agents = await insertAgents(handle);
  const agencyId = agents['1000000001'] ?? '';
  const scope = ['1000000001', '1000000002', '1000000003', '1000000004'].map((n) => agents[n] ?? '');
  const t0 = performance.now();
  await run(
    handle,
    generateStatements({
      from: 1,
      to: AGENCY_CUSTOMERS,
      partnerPrefix: '5',
      contractBase: 1_000_000_000,
      perCustomer: 1,
      // 40 % the agency's own, 30 % Wolf, 20 % Braun, 10 % Hartmann (below Wolf).
      agentOf: `(${textArray(scope)})[CASE WHEN i % 10 < 4 THEN 1 WHEN i % 10 < 7 THEN 2 WHEN i % 10 < 9 THEN 3 ELSE 4 END]::uuid`,
    }),
  );
  console.log(`10,000 agency contracts written in ${Math.round(performance.now() - t0)} ms`);

  const account = await insertAccount(handle.db, {
    pool: 'vermittler',
    email: 'bench.hauptagentur@example.de',
    agentId: agencyId,
  });
  const keys = loadIdentityKeys(config);
  const { token } = await issueAccessToken({
    keys,
    now: new Date(),
    ttlSeconds: 3600,
    subject: { accountId: account.id, pool: 'vermittler', agentId: agencyId },
  });
  const app = await buildApp({ config, database: handle });
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const small = await timeRequests(handle, baseUrl, token, '1000000002');
    printTimings('At 10,000 contracts (the agency alone):', small);

    const t1 = performance.now();
    await run(
      handle,
      generateStatements({
        from: 1,
        to: OTHER_CUSTOMERS,
        partnerPrefix: '6',
        contractBase: 2_000_000_000,
        perCustomer: 2,
        agentOf: `(SELECT id FROM agents WHERE vermittler_nummer = (2000000001 + i % ${OTHER_AGENTS})::text)`,
      }),
    );
    const { rows } = await handle.executeSql('SELECT count(*)::int AS n FROM contracts');
    console.log(
      `\n${OTHER_CUSTOMERS * 2} more contracts written in ${Math.round(performance.now() - t1)} ms: ${(rows[0] as { n: number }).n} contracts`,
    );

    const large = await timeRequests(handle, baseUrl, token, '1000000002');
    printTimings('At 1,000,000 contracts:', large);

    console.log('\nGrowth of p95 from 10,000 to 1,000,000 contracts:');
    let bar = true;
    for (const [index, t] of large.entries()) {
      const before = small[index];
      const growth = before && before.p95 > 0 ? t.p95 / before.p95 : 0;
      const ok = t.p95 < BAR_P95_MS && growth <= BAR_GROWTH;
      bar &&= ok;
      console.log(
        `  ${t.name}: ${before?.p95} → ${t.p95} ms (× ${growth.toFixed(2)}) ${ok ? '' : '  ← over the bar'}`,
      );
    }

    const heute = todayInGermany(new Date());
    await explain(handle, { agentIds: scope, heute }, 'Liste (Name, Seite 1)');
    await explain(handle, { agentIds: scope, heute, suche: 'Müller' }, 'Suche „Müller“');
    await explain(handle, { agentIds: scope, heute, suche: '50823' }, 'Suche PLZ 50823');
    await explain(handle, { agentIds: scope, heute, ueberfaellig: true }, 'Filter überfällig');

    const download = await measureExport(baseUrl, token);
    const exportOk = download.totalMs < BAR_EXPORT_MS && download.rssGrowthMiB < BAR_EXPORT_RSS_MIB;
    console.log(
      `\nXLSX download of the agency's 10,000 contracts: ${download.totalMs} ms (first byte after ${download.firstByteMs} ms, ${download.cpuMs} ms CPU of this process), ` +
        `${Math.round(download.bytes / 1024)} KiB, RSS growth ${download.rssGrowthMiB} MiB; ${download.disposition}`,
    );
    console.log(
      `\nBars: p95 < ${BAR_P95_MS} ms and growth ≤ ${BAR_GROWTH}×: ${bar ? 'met' : 'NOT met'}; ` +
        `XLSX < ${BAR_EXPORT_MS / 1000} s and RSS growth < ${BAR_EXPORT_RSS_MIB} MiB: ${exportOk ? 'met' : 'NOT met'} ` +
        `(load average ${os
          .loadavg()
          .map((v) => v.toFixed(1))
          .join(' ')} on ${os.availableParallelism()} cores)`,
    );
  } finally {
    await app.close();
  }
} finally {
  await dropDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

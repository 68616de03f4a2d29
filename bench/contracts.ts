// `npm run bench:contracts`: the customer contract reads (issue 6 bar) on PostgreSQL at volume.
// Creates a fresh database on BENCH_PG_URL's server, migrates it, writes BENCH_CUSTOMERS (100,000)
// generated customers, adds one customer with exactly 20 contracts of mixed products (copies of
// generated contracts stored through the contract repository, each with its policy PDF) and an
// account bound to that partner, then starts the real server on the database and loads, with 32
// connections, /api/health, the partner's contract list and one contract's details with a real
// access token signed by the server's own key files. Prints req/s, p50, p99 and p99 ÷ health p99
// like `npm run bench`, writes bench/results/contracts.json, and drops the database at the end.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
// The server modules below declare Fastify augmentations; the module must be part of this program.
import type {} from 'fastify';
import pg from 'pg';
import { z } from 'zod';
import { contractCustomerViewSchema } from '@schirm/domain/contract/customer-view';
import { todayInGermany } from '@schirm/domain/dates/calendar-date';
import { openDatabase } from '../apps/server/src/db/database';
import { DEMO_GLAEUBIGER_ID, germanIban } from '../apps/server/src/db/demo/portfolio/contract-factory';
import { GENERATED_NUMBER_PREFIX } from '../apps/server/src/db/demo/portfolio/generator';
import { seedVolumePortfolio, type VolumeSeedCounts } from '../apps/server/src/db/demo/portfolio/volume-seed';
import type { Database } from '../apps/server/src/db/database';
import { insertPartner, type Partner } from '../apps/server/src/modules/contracts/partners-repository';
import { findContractById, insertContract } from '../apps/server/src/modules/contracts/repository';
import {
  customerContractDetails,
  listCustomerContractsJson,
  viewOf,
} from '../apps/server/src/modules/customer-contracts/service';
import { createContractViewCache } from '../apps/server/src/modules/customer-contracts/view-cache';
import { compileSerializer } from '../apps/server/src/platform/serializer';
import { POLICY_NAME, renderPolicy } from '../apps/server/src/modules/documents/policy';
import { storeContractDocument } from '../apps/server/src/modules/documents/service';
import { accounts } from '../apps/server/src/db/schema/identity';
import { createVerifier, SRP_ROUTINES } from '../apps/server/src/modules/identity/srp';
import { issueAccessToken } from '../apps/server/src/platform/auth/access-token';
import { loadIdentityKeys } from '../apps/server/src/platform/auth/keys';
import { parseConfig } from '../apps/server/src/platform/config';
import { createFileStorage } from '../apps/server/src/platform/files/file-storage';
import { load, loadGenerator, type LoadResult, type LoadTarget } from './http';
import { rssMiB, startServer } from './server';

const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const customers = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const seed = Number(process.env.BENCH_SEED ?? 42);
const durationSeconds = Number(process.env.BENCH_DURATION ?? 8);
const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 2);
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'info';
const CONTRACTS = 20;
const CONNECTIONS = 32;
/** The issue 6 bar: p99 of the list and the details under 50 ms. */
const BAR_P99_MS = 50;
const databaseName = `schirm_bench_contracts_${randomBytes(4).toString('hex')}`;
// Not a generated number range (partners 5…, contracts 6…) nor a demo one.
const PARTNER_NUMMER = '3900000001';
const CONTRACT_NUMBER_PREFIX = '39000';

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

/**
 * Ids of CONTRACTS generated contracts, round-robin over the products (within a product those with
 * pending changes or unpaid premiums first), so the customer has every product the generator makes.
 */
async function pickGeneratedContracts(db: Database): Promise<string[]> {
  const result = await db.execute(sql`
    SELECT id FROM (
      SELECT c.id, c.produkt,
        row_number() OVER (
          PARTITION BY c.produkt
          ORDER BY (EXISTS (SELECT 1 FROM pending_changes p WHERE p.contract_id = c.id AND p.applied_at IS NULL)
                    OR EXISTS (SELECT 1 FROM open_premiums o WHERE o.contract_id = c.id)) DESC,
                   c.versicherungs_nummer
        ) AS rank
      FROM contracts c
      WHERE c.versicherungs_nummer LIKE ${`${GENERATED_NUMBER_PREFIX.contract}%`}
    ) ranked
    WHERE rank <= ${CONTRACTS}
    ORDER BY rank, produkt
    LIMIT ${CONTRACTS}`);
  const ids = (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
  if (ids.length < CONTRACTS) throw new Error(`Only ${ids.length} generated contracts to copy`);
  return ids;
}

/**
 * The bench customer: a partner with CONTRACTS contracts stored by insertContract (validated like
 * any contract), each with a real policy PDF in the server's file storage, and an active account.
 */
async function seedBenchCustomer(db: Database, filesDir: string) {
  const today = todayInGermany();
  const partner: Partner = await insertPartner({
    db,
    partner: {
      personArt: 'NatuerlichePersonDTO',
      partnerNummer: PARTNER_NUMMER,
      anrede: 'Frau',
      vorname: 'Vera',
      nachname: 'Vielvertrag',
      geburtsdatum: '1975-05-05',
      email: 'vera.vielvertrag@example.com',
      telefon: '+4915200003900',
    },
    adresse: { strasse: 'Aachener Straße', hausnummer: '20', plz: '50674', ort: 'Köln', land: 'DE' },
    bankverbindung: {
      iban: germanIban('37050198', '39000001'),
      bic: 'COLSDE33XXX',
      kontoinhaber: 'Vera Vielvertrag',
      sepaMandat: {
        glaeubigerId: DEMO_GLAEUBIGER_ID,
        mandatsreferenz: `SCHIRM-${PARTNER_NUMMER}-01`,
        erteiltAm: '2015-01-01',
      },
    },
    gueltigAb: '2015-01-01',
  });
  const files = createFileStorage(filesDir);
  const numbers: string[] = [];
  const products = new Set<string>();
  for (const [index, id] of (await pickGeneratedContracts(db)).entries()) {
    const source = await findContractById({ db, id });
    if (!source) throw new Error(`Generated contract ${id} vanished`);
    const { id: _id, version: _version, updatedAt: _updatedAt, bankverbindung, ...record } = source;
    const contract = await insertContract({
      db,
      contract: {
        ...record,
        versicherungsNummer: `${CONTRACT_NUMBER_PREFIX}${String(index + 1).padStart(5, '0')}`,
        partnerId: partner.id,
        // The partner pays every contract from the one account it has.
        ...(bankverbindung && partner.bankverbindung ? { bankverbindung: partner.bankverbindung } : {}),
      },
    });
    const view = await viewOf(db, contract, today, false);
    const pdf = await renderPolicy({ contract, view, partner });
    await storeContractDocument({ tx: db, files, contractId: contract.id, name: POLICY_NAME, pdf });
    numbers.push(contract.versicherungsNummer);
    products.add(contract.produkt);
  }
  // An active customer account with a real SRP verifier (of a random password nobody signs in with).
  const username = 'vera.vielvertrag@example.com';
  const { salt, verifier } = await createVerifier(SRP_ROUTINES, username, randomBytes(16).toString('hex'));
  const [account] = await db
    .insert(accounts)
    .values({
      pool: 'benutzer',
      username,
      email: username,
      mobile: '+4915200003900',
      srpSalt: salt,
      srpVerifier: verifier,
      status: 'ACTIVE',
      partnerId: partner.id,
    })
    .returning({ id: accounts.id });
  if (!account) throw new Error('account not inserted');
  return {
    partnerNummer: PARTNER_NUMMER,
    accountId: account.id,
    partnerId: partner.id,
    numbers,
    products: [...products].sort(),
  };
}

const UNCACHED_ROUNDS = 200;

/**
 * The reads as the first request after a change makes them (ADR 0010: the view cache misses), in
 * this process, one after another on the idle database: every round gets an empty cache.
 */
async function measureUncachedReads(
  customer: { partnerNummer: string; partnerId: string; accountId: string },
  detailsNumber: string,
) {
  const database = await openDatabase({ databaseUrl: databaseUrl() });
  try {
    // One cache as the server has, emptied before every round (making one allocates its tables).
    const cache = createContractViewCache();
    const context = () => {
      cache.lists.clear();
      cache.details.clear();
      return {
        db: database.db,
        actor: {
          pool: 'benutzer' as const,
          userId: customer.accountId,
          username: 'vera.vielvertrag@example.com',
          partnerId: customer.partnerId,
        },
        today: todayInGermany(),
        cache,
      };
    };
    const flags = {
      'disabled-self-services': [],
      'self-service-cancellation': true,
      'insured-amount-change': false,
    };
    const serialize = compileSerializer(z.array(contractCustomerViewSchema));
    const time = async (read: () => Promise<unknown>) => {
      for (let i = 0; i < 20; i += 1) await read();
      const cpuBefore = process.cpuUsage();
      const millis: number[] = [];
      for (let i = 0; i < UNCACHED_ROUNDS; i += 1) {
        const started = performance.now();
        await read();
        millis.push(performance.now() - started);
      }
      const cpu = process.cpuUsage(cpuBefore);
      millis.sort((a, b) => a - b);
      const round = (value: number) => Math.round(value * 100) / 100;
      return {
        meanMs: round(millis.reduce((sum, value) => sum + value, 0) / millis.length),
        p99Ms: round(millis[Math.floor(millis.length * 0.99)]!),
        cpuMicrosPerRead: Math.round((cpu.user + cpu.system) / UNCACHED_ROUNDS),
      };
    };
    return {
      list: await time(() => listCustomerContractsJson(context(), customer.partnerNummer, serialize)),
      details: await time(() => customerContractDetails({ ...context(), flags }, detailsNumber)),
    };
  } finally {
    await database.close();
  }
}

/** Fails before the load when a target does not answer 200 with what the bench expects. */
async function check(target: LoadTarget, expect: (body: unknown) => string | undefined): Promise<void> {
  const response = await fetch(target.url, { headers: target.headers ?? {} });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${target.name} answered ${response.status}: ${text}`);
  const problem = expect(JSON.parse(text));
  if (problem) throw new Error(`${target.name}: ${problem}`);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'schirm-bench-contracts-'));
const results: {
  database: { customers: number; contracts: number; rows: number; seedSeconds: number };
  customer: { contracts: number; products: string[]; detailsContract: string };
  http: LoadResult[];
  loadGenerator: string;
  logLevel: string;
  loadAverage: number[];
  rssMiB: number;
  uncached?: Awaited<ReturnType<typeof measureUncachedReads>>;
} = {
  database: { customers: 0, contracts: 0, rows: 0, seedSeconds: 0 },
  customer: { contracts: 0, products: [], detailsContract: '' },
  http: [],
  loadGenerator: loadGenerator(),
  logLevel,
  loadAverage: [],
  rssMiB: 0,
};

async function dropDatabase(): Promise<void> {
  await maintenance(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

let serverPid: number | undefined;

// Interrupted (Ctrl+C, kill): the server is stopped and the database dropped too (WITH (FORCE)
// closes whatever connection is still open).
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    try {
      if (serverPid) process.kill(serverPid, 'SIGTERM');
    } catch {
      // Already gone (a Ctrl+C reaches the whole process group).
    }
    dropDatabase().then(
      () => process.exit(130),
      (error: unknown) => {
        console.error(`Could not drop ${databaseName}:`, error);
        process.exit(1);
      },
    );
  });
}

await maintenance(`CREATE DATABASE ${databaseName}`);
try {
  const database = await openDatabase({ databaseUrl: databaseUrl() });
  let customer: Awaited<ReturnType<typeof seedBenchCustomer>>;
  try {
    await database.migrate();
    console.log(`Database ${databaseName}: writing ${customers} generated customers …`);
    const started = performance.now();
    const counts: VolumeSeedCounts = await seedVolumePortfolio({
      db: database.db,
      seed,
      customers,
      today: todayInGermany(),
    });
    results.database = {
      customers: counts.customers,
      contracts: counts.contracts,
      rows: counts.rows,
      seedSeconds: Math.round((performance.now() - started) / 100) / 10,
    };
    console.log(
      `  ${counts.customers} customers, ${counts.contracts} contracts, ${counts.rows} rows in ${results.database.seedSeconds} s`,
    );
    await database.db.execute(sql`ANALYZE`);
    customer = await seedBenchCustomer(database.db, path.join(dataDir, 'files'));
  } finally {
    await database.close();
  }
  results.customer = {
    contracts: customer.numbers.length,
    products: customer.products,
    detailsContract: customer.numbers[0]!,
  };
  console.log(
    `  bench customer ${customer.partnerNummer}: ${customer.numbers.length} contracts of ${customer.products.join(', ')}`,
  );

  // The server's own DATA_DIR: it creates its key files there (unless keys come from the
  // environment), and the token below is signed with the keys of the server's configuration.
  const serverEnv = {
    DATABASE_URL: databaseUrl(),
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    PENDING_CHANGES_JOB: 'false',
    TRUST_PROXY: 'true',
  };
  const server = await startServer(serverEnv);
  serverPid = server.pid;
  try {
    const config = parseConfig({ ...process.env, ...serverEnv });
    if (!config.ok) throw new Error(`Server configuration: ${JSON.stringify(config.problems)}`);
    const keys = loadIdentityKeys(config.config);
    const runSeconds = 3 * (warmupSeconds + durationSeconds);
    const { token } = await issueAccessToken({
      keys,
      subject: { accountId: customer.accountId, pool: 'benutzer', partnerId: customer.partnerId },
      now: new Date(),
      ttlSeconds: Math.max(600, runSeconds * 4),
    });
    const headers = {
      authorization: `Bearer ${token}`,
      // A distinct client address per request, as in bench/targets.ts (per-IP rate limits).
      'x-forwarded-for': 'bench-[<id>]',
    };
    const base = `${server.url}/api/vertrag/vertrag`;
    const detailsNumber = results.customer.detailsContract;
    const targets: LoadTarget[] = [
      { name: 'GET /api/health', url: `${server.url}/api/health` },
      {
        name: `GET /api/vertrag/vertrag/findByPartnerNummer/:id (${CONTRACTS} contracts)`,
        url: `${base}/findByPartnerNummer/${customer.partnerNummer}`,
        headers,
      },
      { name: 'GET /api/vertrag/vertrag/:id', url: `${base}/${detailsNumber}`, headers },
    ];
    const plain = (target: LoadTarget): LoadTarget => ({
      ...target,
      headers: { authorization: `Bearer ${token}` },
    });
    await check(plain(targets[1]!), (body) =>
      Array.isArray(body) && body.length === CONTRACTS
        ? undefined
        : `expected ${CONTRACTS} contracts, got ${JSON.stringify(body).slice(0, 200)}`,
    );
    await check(plain(targets[2]!), (body) =>
      (body as { dokumente?: unknown[] }).dokumente?.length === 1 ? undefined : 'expected one document',
    );

    const loadAverageBefore = os.loadavg()[0] ?? 0;
    for (const target of targets) {
      if (warmupSeconds > 0) await load(target, { durationSeconds: warmupSeconds, connections: CONNECTIONS });
      results.http.push(
        await load(target, { durationSeconds, connections: CONNECTIONS, serverPid: server.pid }),
      );
    }
    results.loadAverage = [loadAverageBefore, os.loadavg()[0] ?? 0].map(
      (value) => Math.round(value * 10) / 10,
    );
    results.rssMiB = rssMiB(server.pid);
  } finally {
    await server.stop();
  }
  results.uncached = await measureUncachedReads(customer, results.customer.detailsContract);
} finally {
  await dropDatabase();
}

const health = results.http[0]!;
console.log(
  `\nCustomer contracts on PostgreSQL (${results.database.customers} customers, ${results.database.contracts} contracts; ` +
    `customer with ${results.customer.contracts} contracts of ${results.customer.products.length} products)`,
);
console.log(
  `HTTP (${results.loadGenerator}, ${CONNECTIONS} connections, ${durationSeconds} s each after ${warmupSeconds} s warm-up; ` +
    `server LOG_LEVEL=${logLevel}; load average ${results.loadAverage.join(' → ')} on ${os.availableParallelism()} cores)`,
);
console.log('| route | req/s | p50 ms | p99 ms | p99 ÷ health p99 | server CPU µs/req | non-2xx |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const r of results.http) {
  const ratio = health.p99Ms > 0 ? (r.p99Ms / health.p99Ms).toFixed(2) : 'n/a';
  console.log(
    `| ${r.name} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${ratio} | ${r.serverCpuMicrosPerRequest ?? 'n/a'} | ${r.non2xx + r.errors} |`,
  );
}
console.log('(server CPU µs/req: user + system time of the server process ÷ requests answered)');
console.log(`\nServer RSS after load: ${results.rssMiB} MiB`);
if (results.uncached) {
  const { list, details } = results.uncached;
  console.log(
    `Uncached reads (the first after a change; ${UNCACHED_ROUNDS} in a row, in process, idle database): ` +
      `list ${list.meanMs} ms mean, ${list.p99Ms} ms p99, ${list.cpuMicrosPerRead} µs CPU; ` +
      `details ${details.meanMs} ms mean, ${details.p99Ms} ms p99, ${details.cpuMicrosPerRead} µs CPU`,
  );
}
const contractRows = results.http.slice(1);
const over = contractRows.filter((r) => r.p99Ms >= BAR_P99_MS || r.non2xx + r.errors > 0);
console.log(
  over.length === 0
    ? `Bar met: list and details p99 under ${BAR_P99_MS} ms, all answers 2xx.`
    : `Bar NOT met (p99 under ${BAR_P99_MS} ms, all 2xx): ${over.map((r) => r.name).join('; ')}`,
);
fs.mkdirSync(path.join('bench', 'results'), { recursive: true });
fs.writeFileSync(path.join('bench', 'results', 'contracts.json'), JSON.stringify(results, null, 2));

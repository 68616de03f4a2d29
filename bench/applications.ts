// Issue 13's application figures on the real production server, on embedded PGlite and on
// PostgreSQL (a fresh database on BENCH_PG_URL's server, default the local one; BENCH_DATABASES=
// pglite or postgres runs one): `npm run bench:applications`.
// 1. /api/health asked by 16 clients at once on the idle server: its p50/p99 is the yardstick of
//    this machine at this moment.
// 2. 16 applicants at once, each asking vorbereiten then antrag (the bicycle, their own e-mail, so
//    every offer is new and every application makes a contract): p50/p99 of the pair, and the
//    ratio of its p99 to /api/health's p99 of the same run (comparable across machines), plus the
//    server's CPU per application, and how long after the last wave the job had made every policy
//    and e-mail (ADR 0023 addendum: they are made after the commit).
// 3. The same 16 applicants at a person's pace (BENCH_PACED_SECONDS, 60): each reads 2–8 s before
//    the offer and before the declaration; p50/p99 of the pair's two answers (the reading not
//    counted). Point 2 is the burst in which all 16 press at the same moment; this is a busy hour.
// 4. 1,000 applications in a row: the server's RSS after every 250 (flat = no leak per application).
// Every applicant claims its own client address (X-Forwarded-For with TRUST_PROXY), as the per-IP
// limit of 30 applications a minute is for people, not for a load test.
import pg from 'pg';
import { addDays, addMonths, todayInGermany } from '@schirm/domain/dates/calendar-date';
import { Random } from '../apps/server/src/db/demo/portfolio/random';
import { cpuMs, rssMiB, startServer, type RunningServer } from './server';

const CONCURRENCY = Number(process.env.BENCH_APPLICANTS ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const SERIAL = Number(process.env.BENCH_SERIAL ?? 1000);
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const today = todayInGermany();

// Each applicant's bicycle costs something else (500 prices, more than the server keeps rendered):
// every offer has its own premium, so its Kundeninformation is rendered and not taken from the
// cache of offers with the same facts (ADR 0023 addendum) — the figures are the worst case.
function answers(email: string, id: number) {
  return {
    fahrrad: {
      art: 'EBIKE',
      typ: 'SONSTIGES_RAD',
      hersteller: 'Riese & Müller',
      kaufpreisCents: 300_000 + (id % 500) * 1_000,
      kaufdatum: addMonths(today, -2),
      zustand: 'NEU',
    },
    tarif: { deckungsVariante: 'FAHRRAD_KOMFORT' },
    beginn: { versicherungsbeginn: addDays(today, 1), zahlweise: 'MONATLICH' },
    person: { vorname: 'Bench', nachname: 'Antrag', geburtsdatum: '1985-04-12', email },
    adresse: { strasse: 'Hauptstraße', hausnummer: '12', plz: '10115', ort: 'Berlin' },
    sepa: { kontoinhaber: 'Bench Antrag', iban: 'DE44500105175407324931', sepaMandat: true },
    beratungsverzicht: { beratungsverzicht: true },
  };
}

let sequence = 0;

async function post(url: string, body: unknown, headers: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/**
 * One applicant: the offer, then the binding application. Returns the pair's milliseconds (the
 * two answers' times; a reading pause between them, `pauseMs`, is not counted).
 */
async function applyOnce(baseUrl: string, pauseMs = 0): Promise<number> {
  const id = ++sequence;
  const email = `bench-${id}@beispiel.de`;
  const client = { 'x-forwarded-for': `10.${(id >> 16) & 255}.${(id >> 8) & 255}.${id & 255}` };
  const started = performance.now();
  const offerResponse = await post(
    `${baseUrl}/api/taa/fahrrad2/vorbereiten`,
    { produkt: 'fahrrad', antworten: answers(email, id) },
    client,
  );
  const offer = (await offerResponse.json()) as { angebotId?: string };
  if (!offerResponse.ok || !offer.angebotId) throw new Error(`vorbereiten ${offerResponse.status}`);
  const offerMs = performance.now() - started;
  if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
  const appliedAt = performance.now();
  const applied = await post(
    `${baseUrl}/api/taa/fahrrad2/antrag`,
    {
      produkt: 'fahrrad',
      angebotId: offer.angebotId,
      antworten: { ...answers(email, id), dokumente: {}, erklaerung: { antragVerbindlich: true } },
    },
    { ...client, 'idempotency-key': `bench-key-${id}` },
  );
  await applied.arrayBuffer();
  if (applied.status !== 201) throw new Error(`antrag ${applied.status}`);
  return offerMs + (performance.now() - appliedAt);
}

async function healthOnce(baseUrl: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/health`);
  await response.arrayBuffer();
  return performance.now() - started;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** `rounds` waves of `concurrency` callers at once. */
async function waves(rounds: number, concurrency: number, call: () => Promise<number>): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    times.push(...(await Promise.all(Array.from({ length: concurrency }, call))));
  }
  return times;
}

/** Resolves once the server spent no CPU for `quietMs` (its job has made every policy). */
async function serverIdle(pid: number, quietMs = 1500, timeoutMs = 600_000): Promise<number> {
  const started = performance.now();
  let last = cpuMs(pid);
  let quietSince = performance.now();
  while (performance.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = cpuMs(pid);
    // A few ticks a second are the runtime's own timers and the job queue's polling.
    if (now - last > 20) quietSince = performance.now();
    last = now;
    if (performance.now() - quietSince >= quietMs) return quietSince - started;
  }
  throw new Error('The server did not become idle');
}

/** Applications whose policy and e-mail the job has not made yet (PostgreSQL only). */
async function pendingDocuments(client: pg.Client | undefined): Promise<number | undefined> {
  if (!client) return undefined;
  const { rows } = await client.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM applications WHERE dokumente_erstellt_am IS NULL',
  );
  return rows[0]?.n;
}

const format = (ms: number) => `${ms.toFixed(1)} ms`;

const PACED_SECONDS = Number(process.env.BENCH_PACED_SECONDS ?? 60);

/**
 * `CONCURRENCY` applicants in the flow at the same time, each reading for 2–8 s before the offer
 * and again before the declaration, for PACED_SECONDS: the answers' times of every pair.
 */
async function paced(baseUrl: string): Promise<number[]> {
  const times: number[] = [];
  const until = performance.now() + PACED_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, applicant) => {
      // A fixed sequence per applicant, so that two runs pause alike.
      const random = new Random(applicant + 1);
      const reading = () => 2000 + random.next() * 6000;
      while (performance.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, reading()));
        times.push(await applyOnce(baseUrl, reading()));
      }
    }),
  );
  return times;
}

async function benchOn(name: string, server: RunningServer, client: pg.Client | undefined): Promise<void> {
  console.log(`── ${name}`);
  // Warm-up: the first PDFs load the fonts, the first queries prepare their plans.
  await waves(1, 4, () => applyOnce(server.url));
  await serverIdle(server.pid);

  const health = await waves(ROUNDS * 4, CONCURRENCY, () => healthOnce(server.url));
  const cpuBefore = cpuMs(server.pid);
  const pairs = await waves(ROUNDS, CONCURRENCY, () => applyOnce(server.url));
  const cpuRequests = cpuMs(server.pid) - cpuBefore;
  const pendingAfterWaves = await pendingDocuments(client);
  const documentsMs = await serverIdle(server.pid);
  const cpuAll = cpuMs(server.pid) - cpuBefore;
  const pendingAfterIdle = await pendingDocuments(client);
  const pairP99 = percentile(pairs, 99);
  const healthP99 = percentile(health, 99);
  console.log(
    `/api/health, ${CONCURRENCY} clients at once, idle server: p50 ${format(percentile(health, 50))}, p99 ${format(healthP99)}`,
  );
  console.log(`${CONCURRENCY} applicants at once, ${pairs.length} applications (vorbereiten + antrag):`);
  console.log(`  p50 ${format(percentile(pairs, 50))}, p99 ${format(pairP99)}`);
  console.log(`  ratio p99 application / p99 health: ${(pairP99 / healthP99).toFixed(1)}`);
  console.log(
    `  server CPU per application: ${(cpuRequests / pairs.length).toFixed(1)} ms while answering, ` +
      `${(cpuAll / pairs.length).toFixed(1)} ms with the job's policies and e-mails`,
  );
  console.log(
    `  every policy and e-mail made ${(documentsMs / 1000).toFixed(1)} s after the last answer` +
      (pendingAfterWaves === undefined
        ? ''
        : ` (${pendingAfterWaves} waiting then, ${pendingAfterIdle ?? '?'} after)`),
  );

  if (PACED_SECONDS > 0) {
    const pacedPairs = await paced(server.url);
    await serverIdle(server.pid);
    console.log(
      `${CONCURRENCY} applicants in the flow at once, reading 2–8 s before the offer and before the declaration, ` +
        `${PACED_SECONDS} s, ${pacedPairs.length} applications:`,
    );
    console.log(
      `  vorbereiten + antrag answered in p50 ${format(percentile(pacedPairs, 50))}, ` +
        `p99 ${format(percentile(pacedPairs, 99))} (ratio to /api/health p99: ${(percentile(pacedPairs, 99) / healthP99).toFixed(1)})`,
    );
  }

  if (SERIAL === 0) return;
  const rss: string[] = [`${rssMiB(server.pid).toFixed(0)}`];
  const serialStarted = performance.now();
  const serialCpu = cpuMs(server.pid);
  for (let done = 1; done <= SERIAL; done++) {
    await applyOnce(server.url);
    if (done % 250 === 0) rss.push(`${rssMiB(server.pid).toFixed(0)}`);
  }
  const serialSeconds = (performance.now() - serialStarted) / 1000;
  await serverIdle(server.pid);
  const serialCpuMs = cpuMs(server.pid) - serialCpu;
  console.log(
    `${SERIAL} applications in a row: ${serialSeconds.toFixed(1)} s (${((serialSeconds * 1000) / SERIAL).toFixed(1)} ms each, ` +
      `server CPU ${(serialCpuMs / SERIAL).toFixed(1)} ms each with the job)`,
  );
  console.log(`  server RSS before and after every 250: ${rss.join(' / ')} MiB`);
  const pendingAtEnd = await pendingDocuments(client);
  if (pendingAtEnd !== undefined)
    console.log(`  applications still without policy at the end: ${pendingAtEnd}`);
}

console.log(
  `${new Date().toISOString()}, load average ${(await import('node:os'))
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
);
if (DATABASES.includes('pglite')) {
  const server = await startServer({ TRUST_PROXY: 'true' });
  try {
    await benchOn('embedded PGlite', server, undefined);
  } finally {
    await server.stop();
  }
}
if (DATABASES.includes('postgres')) {
  const database = `schirm_bench_applications_${process.pid}`;
  const databaseUrl = adminUrl.replace(/\/[^/]*$/, `/${database}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    const server = await startServer({ TRUST_PROXY: 'true', DATABASE_URL: databaseUrl });
    await client.connect();
    try {
      await benchOn(`PostgreSQL (${databaseUrl})`, server, client);
    } finally {
      await server.stop();
    }
  } finally {
    await client.end().catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
}

// Issue 13 bar: killing the server during `antrag` leaves either a whole contract or none
// (`npx tsx bench/application-crash.ts`; PostgreSQL at BENCH_PG_URL, default the local server).
// Each round prepares an offer, sends the binding application, kills the server with SIGKILL after
// a random 0–250 ms, starts it again and checks the database: every application has its contract,
// partner, five declarations and its three pre-contract documents; policy, mandate and their e-mail
// (made by the job after the commit) are all there or all still to be made, and once the restarted
// server's job ran, all there, once; no online contract or partner exists without its application. Then the same request is sent again with the same Idempotency-Key: it
// makes the contract if the first never committed, or answers the first one's result; either way
// the offer ends with exactly one contract.
import fs from 'node:fs';
import { randomInt } from 'node:crypto';
import pg from 'pg';
import { addDays, addMonths, todayInGermany } from '@schirm/domain/dates/calendar-date';
import { startServer, type RunningServer } from './server';

const ROUNDS = Number(process.env.BENCH_CRASH_ROUNDS ?? 12);
// The kill comes 0 to this many ms after the application was sent (a loaded machine needs more
// to reach the commit and the documents job after it).
const MAX_DELAY_MS = Number(process.env.BENCH_CRASH_MAX_DELAY_MS ?? 250);
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = `schirm_crash_${process.pid}`;
const databaseUrl = adminUrl.replace(/\/[^/]*$/, `/${database}`);
const today = todayInGermany();

function answers(email: string) {
  return {
    fahrrad: {
      art: 'FAHRRAD',
      typ: 'RENNRAD',
      hersteller: 'canyon',
      kaufpreisCents: 249_900,
      kaufdatum: addMonths(today, -1),
      zustand: 'NEU',
    },
    tarif: { deckungsVariante: 'FAHRRAD_PREMIUM' },
    beginn: { versicherungsbeginn: addDays(today, 1), zahlweise: 'JAEHRLICH' },
    person: { vorname: 'Kai', nachname: 'Absturz', geburtsdatum: '1988-02-29', email },
    adresse: { strasse: 'Hauptstraße', hausnummer: '1', plz: '10115', ort: 'Berlin' },
    sepa: { kontoinhaber: 'Kai Absturz', iban: 'DE44500105175407324931', sepaMandat: true },
    beratungsverzicht: { beratungsverzicht: true },
  };
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

function isAlive(pid: number): boolean {
  return fs.existsSync(`/proc/${pid}`) && !fs.readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
}

async function kill(server: RunningServer): Promise<void> {
  process.kill(server.pid, 'SIGKILL');
  while (isAlive(server.pid)) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Inconsistencies an interrupted application may have left. */
async function inconsistencies(client: pg.Client): Promise<string[]> {
  const checks: [string, string][] = [
    [
      'application without its contract, five declarations or its three pre-contract documents',
      `SELECT a.id FROM applications a
         LEFT JOIN contracts c ON c.id = a.contract_id
        WHERE c.id IS NULL
           OR (SELECT count(*) FROM application_declarations d WHERE d.application_id = a.id) <> 5
           OR (SELECT count(*) FROM contract_documents cd WHERE cd.contract_id = a.contract_id) < 3`,
    ],
    [
      // The job after the commit (ADR 0023 addendum): all of policy, mandate and e-mail, or none yet.
      'application whose policy, mandate and e-mail are neither all made nor all still to be made',
      `SELECT a.id FROM applications a JOIN contracts c ON c.id = a.contract_id
        WHERE (SELECT count(*) FROM contract_documents cd WHERE cd.contract_id = a.contract_id)
                <> CASE WHEN a.dokumente_erstellt_am IS NULL THEN 3 ELSE 5 END
           OR (SELECT count(*) FROM outbox_messages m
                WHERE m.purpose = 'APPLICATION_CONTRACT' AND m.subject LIKE '%' || c.versicherungs_nummer)
                <> CASE WHEN a.dokumente_erstellt_am IS NULL THEN 0 ELSE 1 END`,
    ],
    [
      'online contract without an application',
      `SELECT c.id FROM contracts c WHERE c.versicherungs_nummer LIKE '7%'
          AND NOT EXISTS (SELECT 1 FROM applications a WHERE a.contract_id = c.id)`,
    ],
    [
      'online partner without a contract',
      `SELECT p.id FROM partners p WHERE p.partner_nummer LIKE '8%'
          AND NOT EXISTS (SELECT 1 FROM contracts c WHERE c.partner_id = p.id)`,
    ],
    [
      'offer with more than one application',
      `SELECT offer_id FROM applications GROUP BY offer_id HAVING count(*) > 1`,
    ],
  ];
  const found: string[] = [];
  for (const [name, query] of checks) {
    const { rowCount } = await client.query(query);
    if (rowCount) found.push(`${name}: ${rowCount}`);
  }
  return found;
}

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${database}`);
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
let server = await startServer({ DATABASE_URL: databaseUrl, TRUST_PROXY: 'true', LOG_LEVEL: 'warn' });
const outcomes = { committed: 0, notCommitted: 0, problems: [] as string[] };
try {
  for (let round = 1; round <= ROUNDS; round++) {
    const email = `absturz-${round}@beispiel.de`;
    const client_ = { 'x-forwarded-for': `10.77.0.${round}` };
    const offer = (await (
      await post(
        `${server.url}/api/taa/fahrrad2/vorbereiten`,
        { produkt: 'fahrrad', antworten: answers(email) },
        client_,
      )
    ).json()) as {
      angebotId: string;
    };
    const body = {
      produkt: 'fahrrad',
      angebotId: offer.angebotId,
      antworten: { ...answers(email), dokumente: {}, erklaerung: { antragVerbindlich: true } },
    };
    const key = { ...client_, 'idempotency-key': `absturz-key-${round}` };
    const inFlight = post(`${server.url}/api/taa/fahrrad2/antrag`, body, key).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, randomInt(0, MAX_DELAY_MS)));
    await kill(server);
    await inFlight;
    server = await startServer(
      { DATABASE_URL: databaseUrl, TRUST_PROXY: 'true', LOG_LEVEL: 'warn' },
      { dataDir: server.dataDir },
    );
    const { rows } = await client.query('SELECT count(*)::int AS n FROM applications WHERE offer_id = $1', [
      offer.angebotId,
    ]);
    if (rows[0]?.n === 1) outcomes.committed += 1;
    else outcomes.notCommitted += 1;
    outcomes.problems.push(...(await inconsistencies(client)).map((problem) => `round ${round}: ${problem}`));
    const again = await post(`${server.url}/api/taa/fahrrad2/antrag`, body, key);
    const expected = rows[0]?.n === 1 ? 200 : 201;
    if (again.status !== expected)
      outcomes.problems.push(`round ${round}: repeat answered ${again.status}, expected ${expected}`);
    outcomes.problems.push(
      ...(await inconsistencies(client)).map((problem) => `round ${round} after repeat: ${problem}`),
    );
    // The restarted server's job makes what the killed one left: every application gets its
    // policy and e-mail, once.
    const started = performance.now();
    for (;;) {
      const { rows: pending } = await client.query(
        'SELECT count(*)::int AS n FROM applications WHERE dokumente_erstellt_am IS NULL',
      );
      if (pending[0]?.n === 0) break;
      // A job run the kill interrupted counts as lost after its 60 s expiry and the next maintenance.
      if (performance.now() - started > 240_000) {
        outcomes.problems.push(
          `round ${round}: ${pending[0]?.n} applications still without policy after 4 min`,
        );
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    outcomes.problems.push(
      ...(await inconsistencies(client)).map((problem) => `round ${round} after the job: ${problem}`),
    );
  }
  console.log(`${ROUNDS} applications killed with SIGKILL 0–${MAX_DELAY_MS} ms after sending (PostgreSQL):`);
  console.log(`  committed before the kill: ${outcomes.committed}, not committed: ${outcomes.notCommitted}`);
  console.log(`  inconsistencies: ${outcomes.problems.length === 0 ? 'none' : outcomes.problems.join('; ')}`);
  process.exitCode = outcomes.problems.length === 0 ? 0 : 1;
} finally {
  await server.stop();
  await client.end();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end();
}

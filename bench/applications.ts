// Issue 13's application figures on the real production server (embedded PGlite, or PostgreSQL when
// DATABASE_URL is set): `npm run bench:applications`.
// 1. 16 applicants at once, each asking vorbereiten then antrag (the bicycle, their own e-mail, so
//    every offer is new and every application makes a contract): p50/p99 of the pair, next to the
//    p50/p99 of /api/health asked by 16 clients in the same run (the ratio is what is comparable
//    across machines).
// 2. 1,000 applications in a row: the server's RSS after every 250 (flat = no leak per application).
// Every applicant claims its own client address (X-Forwarded-For with TRUST_PROXY), as the per-IP
// limit of 30 applications a minute is for people, not for a load test.
import { addDays, addMonths, todayInGermany } from '@schirm/domain/dates/calendar-date';
import { rssMiB, startServer } from './server';

const CONCURRENCY = Number(process.env.BENCH_APPLICANTS ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const SERIAL = Number(process.env.BENCH_SERIAL ?? 1000);

const today = todayInGermany();

function answers(email: string) {
  return {
    fahrrad: {
      art: 'EBIKE',
      typ: 'SONSTIGES_RAD',
      hersteller: 'Riese & Müller',
      kaufpreisCents: 450_000,
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

/** One applicant: the offer, then the binding application. Returns the pair's milliseconds. */
async function applyOnce(baseUrl: string): Promise<number> {
  const id = ++sequence;
  const email = `bench-${id}@beispiel.de`;
  const client = { 'x-forwarded-for': `10.${(id >> 16) & 255}.${(id >> 8) & 255}.${id & 255}` };
  const started = performance.now();
  const offerResponse = await post(
    `${baseUrl}/api/taa/fahrrad2/vorbereiten`,
    { produkt: 'fahrrad', antworten: answers(email) },
    client,
  );
  const offer = (await offerResponse.json()) as { angebotId?: string };
  if (!offerResponse.ok || !offer.angebotId) throw new Error(`vorbereiten ${offerResponse.status}`);
  const applied = await post(
    `${baseUrl}/api/taa/fahrrad2/antrag`,
    {
      produkt: 'fahrrad',
      angebotId: offer.angebotId,
      antworten: { ...answers(email), dokumente: {}, erklaerung: { antragVerbindlich: true } },
    },
    { ...client, 'idempotency-key': `bench-key-${id}` },
  );
  await applied.arrayBuffer();
  if (applied.status !== 201) throw new Error(`antrag ${applied.status}`);
  return performance.now() - started;
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

const format = (ms: number) => `${ms.toFixed(1)} ms`;

const server = await startServer({ TRUST_PROXY: 'true' });
try {
  // Warm-up: the first PDFs load the fonts, the first queries prepare their plans.
  await waves(1, 4, () => applyOnce(server.url));

  const pairs = await waves(ROUNDS, CONCURRENCY, () => applyOnce(server.url));
  const health = await waves(ROUNDS * 4, CONCURRENCY, () => healthOnce(server.url));
  const pairP99 = percentile(pairs, 99);
  const healthP99 = percentile(health, 99);
  console.log(`${CONCURRENCY} applicants at once, ${pairs.length} applications (vorbereiten + antrag):`);
  console.log(`  p50 ${format(percentile(pairs, 50))}, p99 ${format(pairP99)}`);
  console.log(
    `  /api/health, ${CONCURRENCY} clients: p50 ${format(percentile(health, 50))}, p99 ${format(healthP99)}`,
  );
  console.log(`  ratio p99 application / p99 health: ${(pairP99 / healthP99).toFixed(1)}`);

  const rss: string[] = [`${rssMiB(server.pid).toFixed(0)}`];
  const serialStarted = performance.now();
  for (let done = 1; done <= SERIAL; done++) {
    await applyOnce(server.url);
    if (done % 250 === 0) rss.push(`${rssMiB(server.pid).toFixed(0)}`);
  }
  const serialSeconds = (performance.now() - serialStarted) / 1000;
  console.log(
    `${SERIAL} applications in a row: ${serialSeconds.toFixed(1)} s (${((serialSeconds * 1000) / SERIAL).toFixed(1)} ms each)`,
  );
  console.log(`  server RSS before and after every 250: ${rss.join(' / ')} MiB`);
} finally {
  await server.stop();
}

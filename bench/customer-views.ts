// Benchmark of the customer view mapping (`npx tsx bench/customer-views.ts`): what a contract list
// read pays per contract once its cached views are stale, without the database. Builds the customer
// view (toCustomerView) of a fixed set of generated contracts (volume generator, seed 42, fixed day)
// round-robin, BENCH_VIEWS (20,000) views per round, BENCH_ROUNDS (5) rounds, and prints wall-clock
// and CPU µs per view of each round and their medians (CPU is the steadier figure on a busy machine).
// The fingerprint (SHA-256 of every view of the set on a few days) shows whether a change kept the
// results.
import { createHash } from 'node:crypto';
import { toCustomerView } from '@schirm/domain/contract/customer-view';
import type { ContractRecord } from '@schirm/domain/contract/contract-record';
import type { CustomerViewContext } from '@schirm/domain/contract/customer-view';
import { catalogueEntryForSummaryProdukt } from '@schirm/domain/products/catalogue';
import { generatePortfolio } from '../apps/server/src/db/demo/portfolio/generator';

const VIEWS = Number(process.env.BENCH_VIEWS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CUSTOMERS = 400;
const SEED = 42;
const TODAY = '2026-11-23';
/** Days the fingerprint builds every view for: the bench day, month and year ends, leap days. */
const FINGERPRINT_DAYS = [
  TODAY,
  '2024-02-29',
  '2025-03-31',
  '2025-12-31',
  '2026-01-01',
  '2026-06-30',
  '2027-02-28',
  '2028-02-29',
  '2028-12-24',
];

interface Case {
  record: ContractRecord;
  context: CustomerViewContext;
}

/** The contracts of the first CUSTOMERS generated customers with the context the service gives a list. */
function cases(): Case[] {
  const result: Case[] = [];
  for (const batch of generatePortfolio({ seed: SEED, customers: CUSTOMERS, today: TODAY })) {
    for (const { id, contract } of batch.contracts) {
      const record: ContractRecord = { ...contract, id, updatedAt: '2026-11-01T10:00:00+01:00' };
      const entry = catalogueEntryForSummaryProdukt(record.produkt);
      const context: CustomerViewContext = {
        today: TODAY,
        versicherungsName: entry.name,
        deckungsVarianten: entry.deckungsVarianten.filter(
          (v) => v.deckungsVarianteIdentifier === record.deckungsVariante,
        ),
        dokumente: [],
        vermittler: {
          email: 'agentur@example.de',
          name: 'Agentur Beispiel',
          vertriebsweg: 'AUSSCHLIESSLICHKEITSVERTRIEB',
          vermittlerNummer: '4800000001',
        },
      };
      result.push({ record, context });
    }
  }
  return result;
}

/** Wall-clock and CPU (whole process, user + system) µs per view of one round. */
function round(all: readonly Case[], views: number): { wall: number; cpu: number } {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  for (let index = 0; index < views; index += 1) {
    const { record, context } = all[index % all.length]!;
    toCustomerView(record, context);
  }
  const cpu = process.cpuUsage(cpuBefore);
  return { wall: ((performance.now() - started) * 1000) / views, cpu: (cpu.user + cpu.system) / views };
}

function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

const all = cases();
const hash = createHash('sha256');
for (const today of FINGERPRINT_DAYS) {
  hash.update(
    JSON.stringify(all.map(({ record, context }) => toCustomerView(record, { ...context, today }))),
  );
}
const fingerprint = hash.digest('hex').slice(0, 16);
// Warm-up: one round, so that the rounds measured run optimised code.
round(all, VIEWS);
const rounds = Array.from({ length: ROUNDS }, () => round(all, VIEWS));
const wall = median(rounds.map((r) => r.wall));
const cpu = median(rounds.map((r) => r.cpu));
console.log(
  `Customer views: ${all.length} generated contracts (seed ${SEED}, today ${TODAY}), fingerprint ${fingerprint}`,
);
console.log(
  `µs per view (wall/CPU), ${ROUNDS} rounds of ${VIEWS}: ${rounds.map((r) => `${r.wall.toFixed(1)}/${r.cpu.toFixed(1)}`).join(', ')}`,
);
console.log(
  `median ${wall.toFixed(2)} µs wall, ${cpu.toFixed(2)} µs CPU per view (${((cpu * 20) / 1000).toFixed(3)} ms CPU for a list of 20)`,
);

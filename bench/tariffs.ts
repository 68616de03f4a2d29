// In-process tariff throughput (`npx tsx bench/tariffs.ts`): quotes per CPU second on one core for
// every product, over a varied set of valid inputs, with `today` passed. The first figure prices inputs the
// rating schema has already parsed (the pure price function, as the server calls it after
// validation); the second parses the raw JSON-shaped input with the same zod schema in every
// iteration, which is what the API boundary adds. Target (issue 4): at least 20,000 quotes/s.
import { pathToFileURL } from 'node:url';
import { addDays, addMonths, todayInGermany, type CalendarDate } from '@schirm/domain/dates/calendar-date';
import { BHV_BUSINESS_TYPES, NOT_ONLINE_HAZARD_CLASS } from '@schirm/domain/products/bhv/business-types';
import { BHV_GENERATIONS, BHV_VARIANTEN } from '@schirm/domain/products/bhv/catalogue';
import { bhvRatingInputSchema, priceBhv } from '@schirm/domain/products/bhv/tariff';
import {
  FAHRRAD_ARTEN,
  FAHRRAD_TYPEN,
  HAUSRAT_DECKUNGEN,
  PERSONENKREISE,
  PHV_ANZAHL,
  PRICING_ZAHLWEISEN,
  SELBSTBETEILIGUNGEN,
  ZUSTAENDE,
} from '@schirm/domain/products/enums';
import { FAHRRAD_DECKUNGS_VARIANTEN } from '@schirm/domain/products/fahrrad/catalogue';
import { fahrradRatingInputSchema, priceFahrrad } from '@schirm/domain/products/fahrrad/tariff';
import { HAUSRAT_SELBSTBETEILIGUNGEN, HAUSRAT_VARIANTEN } from '@schirm/domain/products/hausrat/catalogue';
import { hausratRatingInputSchema, priceHausrat } from '@schirm/domain/products/hausrat/tariff';
import {
  PHV_FAMILIENSTAENDE,
  PHV_SELBSTBETEILIGUNGEN,
  PHV_VARIANTEN,
} from '@schirm/domain/products/phv/catalogue';
import { phvRatingInputSchema, pricePhv } from '@schirm/domain/products/phv/tariff';
import { REISE_VARIANTEN } from '@schirm/domain/products/reise/catalogue';
import { priceReise, reiseRatingInputSchema } from '@schirm/domain/products/reise/tariff';
import { SI_BUSINESS_TYPES } from '@schirm/domain/products/si/business-types';
import { SI_PRODUKTE, SI_SELBSTBETEILIGUNGEN, SI_VARIANTEN } from '@schirm/domain/products/si/catalogue';
import { priceSi, siRatingInputSchema } from '@schirm/domain/products/si/tariff';
import { THV_SELBSTBETEILIGUNGEN, THV_VARIANTEN } from '@schirm/domain/products/thv/catalogue';
import { DOG_BREEDS } from '@schirm/domain/products/thv/dog-breeds';
import { priceThv, thvRatingInputSchema } from '@schirm/domain/products/thv/tariff';
import { VH_PROFESSIONS } from '@schirm/domain/products/vh/professions';
import { VH_GENERATIONS, VH_VARIANTEN } from '@schirm/domain/products/vh/catalogue';
import { priceVh, vhRatingInputSchema } from '@schirm/domain/products/vh/tariff';
import type { z } from 'zod';

/** Quotes per second every product must reach on one core (issue 4, Performance). */
export const TARIFF_TARGET_QUOTES_PER_SECOND = 20_000;

export interface TariffBenchRow {
  product: string;
  /** Distinct valid inputs the loop cycles through. */
  inputs: number;
  /** Pure price function on parsed inputs. */
  quotesPerSecond: number;
  /** zod parse of the raw input plus the price function. */
  quotesPerSecondWithSchema: number;
  /** What the schema adds per quote, in microseconds. */
  schemaMicrosPerQuote: number;
  meetsTarget: boolean;
}

export interface TariffBenchOptions {
  /** CPU time of each timed loop (at least 1 s is meaningful). */
  durationMs?: number;
  warmupMs?: number;
  inputsPerProduct?: number;
}

type Random = () => number;

// Deterministic pseudo-random generator (mulberry32): every run prices the same inputs.
function random(seed: number): Random {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(next: Random, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)] as T;
}

function integer(next: Random, min: number, max: number): number {
  return min + Math.floor(next() * (max - min + 1));
}

/** Sometimes leave an optional choice out, so both "one variant/period" and "all" are priced. */
function maybe<T>(next: Random, value: T): T | undefined {
  return next() < 0.5 ? value : undefined;
}

interface PricedResult {
  kind: string;
}

interface TariffCase<S extends z.ZodType> {
  product: string;
  schema: S;
  price(input: z.output<S>, options: { today: CalendarDate }): PricedResult;
  rawInput(next: Random, today: CalendarDate): unknown;
}

interface PreparedCase {
  product: string;
  inputs: number;
  quote(index: number): number;
  quoteWithSchema(index: number): number;
}

/** Generates raw inputs until `count` of them are insurable (a refusal is cheaper than a quote). */
function prepare<S extends z.ZodType>(
  tariff: TariffCase<S>,
  count: number,
  today: CalendarDate,
): PreparedCase {
  const next = random(20261122);
  const raw: unknown[] = [];
  const parsed: z.output<S>[] = [];
  for (let attempt = 0; raw.length < count && attempt < count * 50; attempt += 1) {
    const candidate = tariff.rawInput(next, today);
    const result = tariff.schema.safeParse(candidate);
    if (!result.success || tariff.price(result.data, { today }).kind !== 'quote') continue;
    raw.push(candidate);
    parsed.push(result.data);
  }
  if (raw.length < count) throw new Error(`${tariff.product}: only ${raw.length} insurable inputs generated`);
  const options = { today };
  return {
    product: tariff.product,
    inputs: raw.length,
    quote: (index) => tariff.price(parsed[index] as z.output<S>, options).kind.length,
    quoteWithSchema: (index) => tariff.price(tariff.schema.parse(raw[index]), options).kind.length,
  };
}

const insurable = <T extends { hazardClass: number }>(types: readonly T[]) =>
  types.filter((type) => type.hazardClass < NOT_ONLINE_HAZARD_CLASS);

const CASES = [
  {
    product: 'FAHRRAD',
    schema: fahrradRatingInputSchema,
    price: priceFahrrad,
    rawInput: (next, today) => ({
      generation: pick(next, ['FAHRRAD', 'FAHRRAD_2']),
      art: pick(next, FAHRRAD_ARTEN),
      typ: pick(next, FAHRRAD_TYPEN),
      kaufpreisCents: integer(next, 20_000, 800_000),
      kaufdatum: addDays(today, -integer(next, 0, 1_000)),
      zustand: pick(next, ZUSTAENDE),
      deckungen: maybe(next, [...pick(next, FAHRRAD_DECKUNGS_VARIANTEN).deckungen]),
      zahlweise: maybe(next, pick(next, PRICING_ZAHLWEISEN)),
    }),
  } satisfies TariffCase<typeof fahrradRatingInputSchema>,
  {
    product: 'TIERHALTERHAFTPFLICHT',
    schema: thvRatingInputSchema,
    price: priceThv,
    rawInput: (next) => {
      const safe = DOG_BREEDS.filter((breed) => !breed.dangerous);
      return {
        hunde: Array.from({ length: integer(next, 1, 3) }, () =>
          next() < 0.2
            ? { rasse: pick(next, safe).id, mischling: true, mischlingsRasse: pick(next, safe).id }
            : { rasse: pick(next, safe).id },
        ),
        variante: maybe(next, pick(next, THV_VARIANTEN)),
        selbstbeteiligung: pick(next, THV_SELBSTBETEILIGUNGEN),
        zahlweise: maybe(next, pick(next, PRICING_ZAHLWEISEN)),
      };
    },
  } satisfies TariffCase<typeof thvRatingInputSchema>,
  {
    product: 'PRIVATHAFTPFLICHT',
    schema: phvRatingInputSchema,
    price: pricePhv,
    rawInput: (next) => ({
      familienstand: pick(next, PHV_FAMILIENSTAENDE),
      variante: maybe(next, pick(next, PHV_VARIANTEN)),
      selbstbeteiligung: pick(next, PHV_SELBSTBETEILIGUNGEN),
      diensthaftpflicht: next() < 0.3,
      schaedenLetzte5Jahre: integer(next, 0, 2),
      zahlweise: maybe(next, pick(next, PRICING_ZAHLWEISEN)),
    }),
  } satisfies TariffCase<typeof phvRatingInputSchema>,
  {
    product: 'SI',
    schema: siRatingInputSchema,
    price: priceSi,
    rawInput: (next) => {
      const produkt = pick(next, SI_PRODUKTE);
      const types = insurable(SI_BUSINESS_TYPES).filter((type) => type.products.includes(produkt));
      const hauptgewerbe = pick(next, types).id;
      const neben = pick(next, types).id;
      return {
        produkt,
        versicherungssummeCents: integer(next, 1_000_000, 100_000_000),
        hauptgewerbe,
        nebengewerbe: next() < 0.3 && neben !== hauptgewerbe ? [neben] : [],
        variante: maybe(next, pick(next, SI_VARIANTEN)),
        selbstbeteiligung: pick(next, SI_SELBSTBETEILIGUNGEN),
        zahlweise: maybe(next, pick(next, PRICING_ZAHLWEISEN)),
      };
    },
  } satisfies TariffCase<typeof siRatingInputSchema>,
  {
    product: 'HAUSRAT',
    schema: hausratRatingInputSchema,
    price: priceHausrat,
    rawInput: (next) => ({
      plz: String(integer(next, 1_067, 99_998)).padStart(5, '0'),
      wohnflaeche: integer(next, 20, 300),
      deckungen: HAUSRAT_DECKUNGEN.filter((deckung, index) => index === 0 || next() < 0.4),
      zuersKlasse: integer(next, 1, 3),
      variante: maybe(next, pick(next, HAUSRAT_VARIANTEN)),
      selbstbeteiligung: pick(next, HAUSRAT_SELBSTBETEILIGUNGEN),
      zahlweise: maybe(next, pick(next, PRICING_ZAHLWEISEN)),
    }),
  } satisfies TariffCase<typeof hausratRatingInputSchema>,
  {
    product: 'BHV',
    schema: bhvRatingInputSchema,
    price: priceBhv,
    rawInput: (next, today) => {
      const types = insurable(BHV_BUSINESS_TYPES);
      const hauptgewerbe = pick(next, types).id;
      const neben = pick(next, types).id;
      return {
        generation: pick(next, BHV_GENERATIONS),
        hauptgewerbe,
        nebengewerbe: next() < 0.3 && neben !== hauptgewerbe ? [neben] : [],
        jahresumsatzCents: integer(next, 0, 200_000_000),
        variante: maybe(next, pick(next, BHV_VARIANTEN.slice(0, 2))),
        selbstbeteiligung: pick(next, SELBSTBETEILIGUNGEN),
        wechsel: maybe(next, {
          vorversicherer: 'Beispiel Versicherung AG',
          vorvertragEndetAm: addMonths(today, integer(next, 0, 11)),
          schadenfreieJahre: integer(next, 0, 10),
          schaedenLetzte5Jahre: integer(next, 0, 2),
        }),
        zahlweise: maybe(next, pick(next, PRICING_ZAHLWEISEN)),
      };
    },
  } satisfies TariffCase<typeof bhvRatingInputSchema>,
  {
    product: 'VH',
    schema: vhRatingInputSchema,
    price: priceVh,
    rawInput: (next) => ({
      generation: pick(next, VH_GENERATIONS),
      beruf: pick(next, insurable(VH_PROFESSIONS)).id,
      jahresumsatzCents: integer(next, 0, 100_000_000),
      variante: maybe(next, pick(next, VH_VARIANTEN.slice(0, 2))),
      selbstbeteiligung: pick(next, SELBSTBETEILIGUNGEN),
      buerohaftpflicht: next() < 0.5,
      phvAnzahl: pick(next, PHV_ANZAHL),
      zahlweise: maybe(next, pick(next, PRICING_ZAHLWEISEN)),
    }),
  } satisfies TariffCase<typeof vhRatingInputSchema>,
  {
    product: 'REISE',
    schema: reiseRatingInputSchema,
    price: priceReise,
    rawInput: (next, today) => {
      const beginn = addDays(today, integer(next, 0, 360));
      return {
        personenkreis: pick(next, PERSONENKREISE),
        beginn,
        ende: addDays(beginn, integer(next, 0, 61)),
        variante: maybe(next, pick(next, REISE_VARIANTEN)),
        reisekrankenversicherung: next() < 0.5,
      };
    },
  } satisfies TariffCase<typeof reiseRatingInputSchema>,
];

function cpuMillis(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1_000;
}

// Counts quotes per CPU second of this process, not per wall-clock second: on a shared machine the
// process is not always scheduled, and CPU time is what "one core" means. Reads the clock every
// 256 quotes so that reading it does not dominate; the sum of the results keeps the optimiser from
// dropping the calls.
function quotesPerSecond(
  run: (index: number) => number,
  inputs: number,
  durationMs: number,
  warmupMs: number,
) {
  let sink = 0;
  let index = 0;
  const warmupEnd = cpuMillis() + warmupMs;
  while (cpuMillis() < warmupEnd) {
    for (let step = 0; step < 256; step += 1) sink += run(index++ % inputs);
  }
  let count = 0;
  const start = cpuMillis();
  let elapsed: number;
  do {
    for (let step = 0; step < 256; step += 1) sink += run(count++ % inputs);
    elapsed = cpuMillis() - start;
  } while (elapsed < durationMs);
  if (sink < 0) throw new Error('unreachable: results have positive length');
  return count / (elapsed / 1_000);
}

/** Measures every product in this process (one core) and returns one row per product. */
export function runTariffBench({
  durationMs = 1_000,
  warmupMs = 500,
  inputsPerProduct = 256,
}: TariffBenchOptions = {}): TariffBenchRow[] {
  const today = todayInGermany();
  return CASES.map((tariff) => {
    const prepared = prepare(tariff as TariffCase<z.ZodType>, inputsPerProduct, today);
    const plain = quotesPerSecond(prepared.quote, prepared.inputs, durationMs, warmupMs);
    const withSchema = quotesPerSecond(prepared.quoteWithSchema, prepared.inputs, durationMs, warmupMs);
    return {
      product: prepared.product,
      inputs: prepared.inputs,
      quotesPerSecond: Math.round(plain),
      quotesPerSecondWithSchema: Math.round(withSchema),
      schemaMicrosPerQuote: Math.round((1e6 / withSchema - 1e6 / plain) * 10) / 10,
      meetsTarget: plain >= TARIFF_TARGET_QUOTES_PER_SECOND,
    };
  });
}

/** The rows as a Markdown table. */
export function formatTariffBench(rows: readonly TariffBenchRow[]): string {
  const lines = [
    `| product | inputs | quotes/s | quotes/s with zod | zod µs/quote | ≥ ${TARIFF_TARGET_QUOTES_PER_SECOND} |`,
    '| --- | ---: | ---: | ---: | ---: | :---: |',
    ...rows.map(
      (row) =>
        `| ${row.product} | ${row.inputs} | ${row.quotesPerSecond} | ${row.quotesPerSecondWithSchema} | ${row.schemaMicrosPerQuote} | ${row.meetsTarget ? 'yes' : 'NO'} |`,
    ),
  ];
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(
    'In-process tariff throughput: quotes per CPU second, one core, today passed, varied valid inputs\n',
  );
  console.log(formatTariffBench(runTariffBench()));
}

// The volume portfolio for `npm run seed -- --customers N`: a deterministic stream of customers,
// agents and contracts for a seed. Distributions follow a mid-sized German composite insurer's
// private and small-business book (assumed, see ADR 0005): most contracts run, one to five per
// customer with a few large ones, agents with sub-agents at about one agent per 300 customers.
// Premiums come from the domain tariffs through a cache keyed by the rating input.
import type {
  Bankverbindung,
  Beendigung,
  OffenerBeitrag,
  PendingChange,
} from '@schirm/domain/contract/contract-record';
import { nextMainDueDate } from '@schirm/domain/contract/main-due-date';
import type { ContractProductKey } from '@schirm/domain/contract/product-meta';
import { productKeyOf } from '@schirm/domain/contract/product-meta';
import type { Task } from '@schirm/domain/contract/task';
import { UMSATZ_AUFGABE_TAGE_VOR_HAUPTFAELLIGKEIT } from '@schirm/domain/contract/task';
import {
  addDays,
  addMonths,
  addYears,
  compareDates,
  dateParts,
  daysBetween,
  makeDate,
  maxDate,
  minDate,
  type CalendarDate,
} from '@schirm/domain/dates/calendar-date';
import { BHV_BUSINESS_TYPES, NOT_ONLINE_HAZARD_CLASS } from '@schirm/domain/products/bhv/business-types';
import { bhvProduct } from '@schirm/domain/products/bhv/catalogue';
import { bhvRatingInputSchema, priceBhv } from '@schirm/domain/products/bhv/tariff';
import { premiumForPeriod, type PricingResult } from '@schirm/domain/products/common/pricing';
import type {
  FahrradDeckung,
  HausratDeckung,
  Selbstbeteiligung,
  SummaryProdukt,
  Vertragsstatus,
  Zahlweise,
} from '@schirm/domain/products/enums';
import { fahrradProduct } from '@schirm/domain/products/fahrrad/catalogue';
import { FAHRRAD_HERSTELLER } from '@schirm/domain/products/fahrrad/manufacturers';
import {
  fahrradRatingInputSchema,
  priceFahrrad,
  versicherteRisikenFromDeckungen,
} from '@schirm/domain/products/fahrrad/tariff';
import { hausratProduct, type HausratVariante } from '@schirm/domain/products/hausrat/catalogue';
import {
  hausratRatingInputSchema,
  isElementarEinschliessbar,
  priceHausrat,
} from '@schirm/domain/products/hausrat/tariff';
import { kfzProduct } from '@schirm/domain/products/kfz/catalogue';
import { phvProduct, type PhvVariante } from '@schirm/domain/products/phv/catalogue';
import { phvRatingInputSchema, pricePhv } from '@schirm/domain/products/phv/tariff';
import { reiseProduct } from '@schirm/domain/products/reise/catalogue';
import { priceReise, reiseRatingInputSchema } from '@schirm/domain/products/reise/tariff';
import { REVOCATION_REASONS } from '@schirm/domain/products/revocation-reasons';
import { SI_BUSINESS_TYPES, SI_NOT_ONLINE_HAZARD_CLASS } from '@schirm/domain/products/si/business-types';
import { siAllgefahrenProduct, siMehrgefahrenProduct } from '@schirm/domain/products/si/catalogue';
import { priceSi, siRatingInputSchema } from '@schirm/domain/products/si/tariff';
import { DOG_BREEDS } from '@schirm/domain/products/thv/dog-breeds';
import { thvProduct } from '@schirm/domain/products/thv/catalogue';
import { priceThv, thvRatingInputSchema } from '@schirm/domain/products/thv/tariff';
import { vhProduct } from '@schirm/domain/products/vh/catalogue';
import { VH_PROFESSIONS } from '@schirm/domain/products/vh/professions';
import { priceVh, vhRatingInputSchema } from '@schirm/domain/products/vh/tariff';
import type { NewPartner, Postanschrift } from '../../../modules/contracts/partners-repository';
import type { NewContract } from '../../../modules/contracts/repository';
import { zuersClassFor } from '../../../modules/reference/zuers';
import { buildContract, DEMO_GLAEUBIGER_ID, germanIban } from './contract-factory';
import {
  BANKEN,
  FIRMEN_ZUSAETZE,
  NACHNAMEN,
  ORTE,
  VORNAMEN_MAENNLICH,
  VORNAMEN_WEIBLICH,
} from './german-data';
import { beitragOf, pricedVariant, type Priced, type ProductQuote } from './quotes';
import { Random } from './random';

/** Where the generated numbers start: 10 digits, apart from the curated demo set's ranges. */
export const GENERATED_NUMBER_PREFIX = { partner: '5', contract: '6', agent: '48' } as const;

/** The sequence numbers a run starts after (rows of earlier runs keep theirs). */
export interface NumberOffsets {
  partner: number;
  contract: number;
  agent: number;
}

export interface GeneratorOptions {
  seed: number;
  customers: number;
  today: CalendarDate;
  offsets?: NumberOffsets;
  /** Customers per batch. */
  batchSize?: number;
}

/** A generated agent; the parent is named by its agent number. */
export interface GeneratedAgent {
  id: string;
  parentId: string | null;
  vermittlerNummer: string;
  name: string;
  email: string;
  telefon: string;
  vertriebsweg: string;
  agentur: { name: string; strasse: string; hausnummer: string; plz: string; ort: string };
}

/** A generated customer with what is stored next to the partner row. */
export interface GeneratedCustomer {
  id: string;
  partner: NewPartner;
  adresse: Postanschrift;
  kundeSeit: CalendarDate;
  bankverbindung?: Bankverbindung;
  bankAccountId?: string;
}

export interface GeneratedContract {
  id: string;
  agentId: string | null;
  bankAccountId: string | null;
  contract: NewContract;
}

export interface PortfolioBatch {
  agents: GeneratedAgent[];
  customers: GeneratedCustomer[];
  contracts: GeneratedContract[];
  tasks: (Task & { contractId: string; agentId: string | null })[];
  /** Tariff calls saved by the quote cache so far. */
  quoteCache: { hits: number; misses: number };
}

const ZAHLWEISEN_GEWICHTE = [
  ['MONATLICH', 45],
  ['VIERTELJAEHRLICH', 10],
  ['HALBJAEHRLICH', 10],
  ['JAEHRLICH', 35],
] as const satisfies readonly (readonly [Exclude<Zahlweise, 'EINMALIG'>, number])[];

const PRIVAT_PRODUKTE = [
  ['PRIVATHAFTPFLICHT', 30],
  ['HAUSRAT', 25],
  ['FAHRRAD', 15],
  ['REISE', 12],
  ['TIERHALTERHAFTPFLICHT', 10],
  ['VH', 4],
  ['BHV', 4],
] as const satisfies readonly (readonly [ContractProductKey, number])[];

const GEWERBE_PRODUKTE = [
  ['BHV', 40],
  ['VH', 20],
  ['SI_ALLGEFAHREN', 25],
  ['SI_MEHRGEFAHREN', 15],
] as const satisfies readonly (readonly [ContractProductKey, number])[];

// Travel contracts end with the trip, so most of them are BEENDET; the others run a little more
// often than the book's 75 % so that the whole book lands near it.
const STATUS_GEWICHTE = [
  ['LAUFEND', 80],
  ['AUSLAUFEND', 6],
  ['BEENDET', 7],
  ['STORNIERT', 3],
  ['AUFGEHOBEN', 4],
] as const satisfies readonly (readonly [Vertragsstatus, number])[];

const VERTRAGSANZAHL = [
  [1, 35],
  [2, 28],
  [3, 18],
  [4, 10],
  [5, 7],
  [20, 2],
] as const;

const VERTRIEBSWEGE = [
  ['AUSSCHLIESSLICHKEITSVERTRIEB', 50],
  ['MEHRFACHAGENT', 20],
  ['MAKLER', 20],
  ['BANKVERTRIEB', 10],
] as const;

const CANCELLATION_REASONS: Record<ContractProductKey, readonly { key: string }[]> = {
  BHV: bhvProduct.cancellationReasons,
  VH: vhProduct.cancellationReasons,
  SI_ALLGEFAHREN: siAllgefahrenProduct.cancellationReasons,
  SI_MEHRGEFAHREN: siMehrgefahrenProduct.cancellationReasons,
  HAUSRAT: hausratProduct.cancellationReasons,
  PRIVATHAFTPFLICHT: phvProduct.cancellationReasons,
  TIERHALTERHAFTPFLICHT: thvProduct.cancellationReasons,
  FAHRRAD: fahrradProduct.cancellationReasons,
  REISE: reiseProduct.cancellationReasons,
  KFZ: kfzProduct.cancellationReasons,
};

const BHV_TYPES = BHV_BUSINESS_TYPES.filter((type) => type.hazardClass < NOT_ONLINE_HAZARD_CLASS).map(
  (t) => t.id,
);
const VH_TYPES = VH_PROFESSIONS.filter((type) => type.hazardClass < NOT_ONLINE_HAZARD_CLASS).map((t) => t.id);
const SI_TYPES = SI_BUSINESS_TYPES.filter((type) => type.hazardClass < SI_NOT_ONLINE_HAZARD_CLASS);
const BHV_NEBENGEWERBE = [
  'bhv-onlinehandel',
  'bhv-werbeagentur',
  'bhv-unternehmensberatung',
  'bhv-fotografie',
].filter((id) => BHV_TYPES.includes(id));
/** Popular breeds (none of them listed as dangerous) and the mixed-breed entries. */
const DOGS = [
  'labrador-retriever',
  'deutscher-schaeferhund',
  'golden-retriever',
  'dackel',
  'jack-russell-terrier',
  'border-collie',
  'beagle',
  'australian-shepherd',
  'franzoesische-bulldogge',
  'chihuahua',
  'yorkshire-terrier',
  'boxer',
].filter((id) => DOG_BREEDS.some((breed) => breed.id === id && !breed.dangerous));
const MIXED_DOGS = DOG_BREEDS.filter((breed) => breed.id.startsWith('mischling')).map((b) => b.id);
const HUNDENAMEN = ['Bello', 'Luna', 'Balu', 'Emma', 'Rocky', 'Nala', 'Charly', 'Maja', 'Sammy', 'Kira'];
const DIENST_BERUFE = ['Lehrerin', 'Polizeibeamter', 'Verwaltungsangestellte', 'Erzieher'];
const HERSTELLER = FAHRRAD_HERSTELLER.map((hersteller) => hersteller.name);

/**
 * Prices each distinct rating input once. The input leaves out variant and payment period, so the
 * tariff answers with every variant and period and one entry serves all of them; refusals are
 * remembered too, so a draw can try other facts.
 */
class QuoteCache {
  private readonly entries = new Map<string, PricingResult>();
  hits = 0;
  misses = 0;

  quote(key: string, compute: () => PricingResult): PricingResult {
    const cached = this.entries.get(key);
    if (cached !== undefined) {
      this.hits += 1;
      return cached;
    }
    this.misses += 1;
    const result = compute();
    this.entries.set(key, result);
    return result;
  }
}

/**
 * Calendar days from a start day on, computed once with the domain's addDays, so shifting a day in
 * the generator is an index step instead of date parsing.
 */
class DayTable {
  private readonly days: CalendarDate[] = [];
  private readonly index = new Map<CalendarDate, number>();

  constructor(first: CalendarDate, count: number) {
    let day = first;
    for (let i = 0; i < count; i += 1) {
      this.days.push(day);
      this.index.set(day, i);
      day = addDays(day, 1);
    }
  }

  shift(day: CalendarDate, by: number): CalendarDate {
    const at = this.index.get(day);
    const shifted = at === undefined ? undefined : this.days[at + by];
    return shifted ?? addDays(day, by);
  }
}

const asciiCache = new Map<string, string>();

function ascii(text: string): string {
  let folded = asciiCache.get(text);
  if (folded === undefined) {
    folded = text
      .toLowerCase()
      .replaceAll('ä', 'ae')
      .replaceAll('ö', 'oe')
      .replaceAll('ü', 'ue')
      .replaceAll('ß', 'ss')
      .replaceAll(/[^a-z0-9]+/g, '.');
    asciiCache.set(text, folded);
  }
  return folded;
}

function numbered(prefix: string, sequence: number, digits = 10): string {
  return `${prefix}${String(sequence).padStart(digits - prefix.length, '0')}`;
}

function firstOfMonth(date: CalendarDate): CalendarDate {
  const { year, month } = dateParts(date);
  return makeDate(year, month, 1);
}

/** Context of one contract draw. */
interface Draw {
  random: Random;
  cache: QuoteCache;
  days: DayTable;
  adresse: Postanschrift;
  antragsdatum: CalendarDate;
  vertragsBeginn: CalendarDate;
}

type ProductDraw = (draw: Draw) => ProductQuote | null;

/** A variant (earlier ones of the catalogue more often) and payment period of a quote. */
function choose(
  random: Random,
  result: PricingResult,
  zahlweise: Zahlweise,
): { priced: Priced; beitrag: ProductQuote['beitrag'] } | null {
  if (result.kind === 'uninsurable' || result.variants.length === 0) return null;
  const variant = random.weighted(
    result.variants.map((quoted, index) => [quoted.variant, 3 - Math.min(index, 2)] as const),
  );
  const priced = pricedVariant(result, zahlweise, variant);
  return { priced, beitrag: beitragOf(priced.premium) };
}

function zahlweiseOf(random: Random) {
  return random.weighted(ZAHLWEISEN_GEWICHTE);
}

function withSum(priced: Priced) {
  return priced.versicherungssummeCents === undefined
    ? {}
    : { versicherungssummeCents: priced.versicherungssummeCents };
}

function absolut(option: Selbstbeteiligung) {
  return { einheit: 'ABSOLUT', option } as const;
}

const drawPhv: ProductDraw = ({ random, cache }) => {
  const input = {
    familienstand: random.weighted([
      ['SINGLE', 40],
      ['PAAR', 25],
      ['FAMILIE', 25],
      ['SINGLE_PLUS_KIND', 10],
    ] as const),
    selbstbeteiligung: random.weighted([
      ['SB_KEINE', 60],
      ['SB_250', 30],
      ['SB_500', 10],
    ] as const),
    diensthaftpflicht: random.chance(0.08),
    schaedenLetzte5Jahre: 0,
  };
  const zahlweise = zahlweiseOf(random);
  const chosen = choose(
    random,
    cache.quote(`PHV${JSON.stringify(input)}`, () => pricePhv(phvRatingInputSchema.parse(input))),
    zahlweise,
  );
  if (!chosen) return null;
  const variante = chosen.priced.variant as PhvVariante;
  return {
    produkt: 'PRIVATHAFTPFLICHT',
    details: {
      produktKey: 'PRIVATHAFTPFLICHT',
      phv: { familienstand: input.familienstand, hfkVariante: variante },
      ...(input.diensthaftpflicht
        ? { diensthaftpflicht: { beruf: random.pick(DIENST_BERUFE), eingeschlossen: true } }
        : {}),
    },
    deckungsVariante: variante,
    ...withSum(chosen.priced),
    selbstbeteiligung: absolut(input.selbstbeteiligung),
    zahlweise,
    beitrag: chosen.beitrag,
  };
};

function drawDog(random: Random) {
  return random.chance(0.2)
    ? { rasse: random.pick(MIXED_DOGS), mischling: true, mischlingsRasse: random.pick(DOGS) }
    : { rasse: random.pick(DOGS), mischling: false };
}

const drawThv: ProductDraw = ({ random, cache }) => {
  const hunde = random.chance(0.15) ? [drawDog(random), drawDog(random)] : [drawDog(random)];
  const input = {
    hunde,
    selbstbeteiligung: random.weighted([
      ['SB_KEINE', 70],
      ['SB_250', 20],
      ['SB_500', 10],
    ] as const),
  };
  const zahlweise = zahlweiseOf(random);
  const chosen = choose(
    random,
    cache.quote(`THV${JSON.stringify(input)}`, () => priceThv(thvRatingInputSchema.parse(input))),
    zahlweise,
  );
  if (!chosen) return null;
  return {
    produkt: 'TIERHALTERHAFTPFLICHT',
    details: {
      produktKey: 'TIERHALTERHAFTPFLICHT',
      hunde: hunde.map((hund) => ({
        ...hund,
        name: random.pick(HUNDENAMEN),
        ...(random.chance(0.7)
          ? { chipOrTattoo: `276098${String(random.int(0, 999_999_999)).padStart(9, '0')}` }
          : {}),
      })),
    },
    deckungsVariante: chosen.priced.variant,
    ...withSum(chosen.priced),
    selbstbeteiligung: absolut(input.selbstbeteiligung),
    zahlweise,
    beitrag: chosen.beitrag,
  };
};

const zuersByAddress = new Map<string, ReturnType<typeof zuersClassFor>>();

function zuersOf(adresse: Postanschrift) {
  const key = `${adresse.plz}|${adresse.strasse}|${adresse.hausnummer}`;
  let klasse = zuersByAddress.get(key);
  if (klasse === undefined) {
    klasse = zuersClassFor({
      plz: adresse.plz,
      ort: adresse.ort,
      strasse: adresse.strasse,
      hausnummer: adresse.hausnummer,
    });
    zuersByAddress.set(key, klasse);
  }
  return klasse;
}

const HAUSRAT_PAKETE: readonly (readonly [readonly HausratDeckung[], number])[] = [
  [['SCHIRM_BASISDECKUNG_HAUSRAT'], 35],
  [['SCHIRM_BASISDECKUNG_HAUSRAT', 'SCHIRM_GLASBRUCH_HAUSRAT'], 30],
  [['SCHIRM_BASISDECKUNG_HAUSRAT', 'SCHIRM_GLASBRUCH_HAUSRAT', 'SCHIRM_ELEMENTAR_HAUSRAT'], 20],
  [['SCHIRM_BASISDECKUNG_HAUSRAT', 'SCHIRM_FAHRRAD_HAUSRAT'], 10],
  [['SCHIRM_BASISDECKUNG_HAUSRAT', 'SCHIRM_GLASBRUCH_HAUSRAT', 'SCHIRM_WOHNUNGSSCHUTZBRIEF_HAUSRAT'], 5],
];

const drawHausrat: ProductDraw = ({ random, cache, adresse }) => {
  const zuersKlasse = zuersOf(adresse);
  const paket = random.weighted(HAUSRAT_PAKETE);
  const deckungen =
    isElementarEinschliessbar(zuersKlasse) || !paket.includes('SCHIRM_ELEMENTAR_HAUSRAT')
      ? [...paket]
      : paket.filter((deckung) => deckung !== 'SCHIRM_ELEMENTAR_HAUSRAT');
  const input = {
    plz: adresse.plz,
    wohnflaeche: random.int(3, 14) * 10,
    deckungen,
    zuersKlasse,
    selbstbeteiligung: random.weighted([
      ['SB_KEINE', 65],
      ['SB_250', 25],
      ['SB_500', 10],
    ] as const),
  };
  const zahlweise = zahlweiseOf(random);
  const chosen = choose(
    random,
    cache.quote(`HAUSRAT${JSON.stringify(input)}`, () => priceHausrat(hausratRatingInputSchema.parse(input))),
    zahlweise,
  );
  if (!chosen) return null;
  const variante = chosen.priced.variant as HausratVariante;
  return {
    produkt: 'HAUSRAT',
    details: {
      produktKey: 'HAUSRAT',
      hausrat: {
        plz: input.plz,
        wohnflaeche: input.wohnflaeche,
        hausratDeckungen: deckungen,
        elementarEinschliessbar: isElementarEinschliessbar(zuersKlasse),
        hfkVariante: variante,
        zuersKlasse,
      },
    },
    deckungsVariante: variante,
    ...withSum(chosen.priced),
    selbstbeteiligung: absolut(input.selbstbeteiligung),
    zahlweise,
    beitrag: chosen.beitrag,
  };
};

const FAHRRAD_PAKETE: Record<
  'FAHRRAD' | 'FAHRRAD_2',
  readonly (readonly [readonly FahrradDeckung[], number])[]
> = {
  FAHRRAD: [
    [['FAHRRAD_DECKUNG_DIEBSTAHL'], 60],
    [['FAHRRAD_DECKUNG_DIEBSTAHL', 'FAHRRAD_DECKUNG_REPARATUR'], 40],
  ],
  FAHRRAD_2: [
    [['FAHRRAD_DECKUNG_DIEBSTAHL'], 35],
    [['FAHRRAD_DECKUNG_DIEBSTAHL', 'FAHRRAD_DECKUNG_REPARATUR_OHNE_VERSCHLEISS'], 45],
    [['FAHRRAD_DECKUNG_DIEBSTAHL', 'FAHRRAD_DECKUNG_REPARATUR', 'FAHRRAD_DECKUNG_SCHUTZBRIEF'], 20],
  ],
};

const drawFahrrad: ProductDraw = ({ random, cache, days, antragsdatum }) => {
  const generation = antragsdatum < '2024-01-01' ? 'FAHRRAD' : 'FAHRRAD_2';
  const art = random.chance(0.4) ? 'EBIKE' : 'FAHRRAD';
  const deckungen = [...random.weighted(FAHRRAD_PAKETE[generation])];
  const rating = {
    generation,
    art,
    typ: random.weighted([
      ['SONSTIGES_RAD', 60],
      ['MOUNTAINBIKE', 25],
      ['RENNRAD', 15],
    ] as const),
    kaufpreisCents: art === 'EBIKE' ? random.int(6, 32) * 25_000 : random.int(5, 40) * 10_000,
    zustand: random.chance(0.8) ? 'NEU' : 'GEBRAUCHT',
    deckungen,
  } as const;
  const kaufdatum = days.shift(antragsdatum, -random.int(0, 300));
  const zahlweise = zahlweiseOf(random);
  // The purchase day decides only whether a bike is insurable (it is, by construction), not its price.
  const chosen = choose(
    random,
    cache.quote(`FAHRRAD${JSON.stringify(rating)}`, () =>
      priceFahrrad(fahrradRatingInputSchema.parse({ ...rating, kaufdatum }), { today: antragsdatum }),
    ),
    zahlweise,
  );
  if (!chosen) return null;
  return {
    produkt: generation,
    details: {
      produktKey: 'FAHRRAD',
      fahrrad: {
        hersteller: random.pick(HERSTELLER),
        ...(random.chance(0.7)
          ? { rahmennummer: `WAW${String(random.int(0, 99_999_999)).padStart(8, '0')}` }
          : {}),
        typ: rating.typ,
        versicherteRisiken: versicherteRisikenFromDeckungen(deckungen),
        art,
        kaufpreisCents: rating.kaufpreisCents,
        kaufdatum,
        zustand: rating.zustand,
      },
    },
    deckungsVariante: chosen.priced.variant,
    ...withSum(chosen.priced),
    zahlweise,
    beitrag: chosen.beitrag,
  };
};

const drawReise: ProductDraw = ({ random, cache, days, antragsdatum }) => {
  const dauer = random.int(3, 28);
  const beginn = days.shift(antragsdatum, random.int(7, 120));
  const ende = days.shift(beginn, dauer - 1);
  const rating = {
    personenkreis: random.weighted([
      ['SINGLE', 30],
      ['PAAR', 35],
      ['FAMILIE', 25],
      ['SINGLE_PLUS_KIND', 10],
    ] as const),
    reisekrankenversicherung: random.chance(0.5),
  };
  // The travel days decide only whether a trip is insurable (it is, by construction); the price
  // depends on the travel group, the health cover and the duration.
  const chosen = choose(
    random,
    cache.quote(`REISE${JSON.stringify(rating)}|${dauer}`, () =>
      priceReise(reiseRatingInputSchema.parse({ ...rating, beginn, ende }), { today: antragsdatum }),
    ),
    'EINMALIG',
  );
  if (!chosen) return null;
  return {
    produkt: 'REISE',
    details: { produktKey: 'REISE', reise: { ...rating, beginn, ende, dauer } },
    deckungsVariante: chosen.priced.variant,
    ...withSum(chosen.priced),
    zahlweise: 'EINMALIG',
    beitrag: chosen.beitrag,
    reiseEnde: ende,
  };
};

/** Annual revenues of small businesses in EUR, most of them small. */
const UMSATZ_STUFEN_EURO = [
  [60_000, 20],
  [120_000, 20],
  [250_000, 18],
  [400_000, 14],
  [600_000, 10],
  [800_000, 8],
  [1_200_000, 6],
  [1_800_000, 4],
] as const;

const drawBhv: ProductDraw = ({ random, cache, antragsdatum }) => {
  const hauptgewerbe = random.pick(BHV_TYPES);
  const neben = random.chance(0.1) ? random.pick(BHV_NEBENGEWERBE) : undefined;
  const input = {
    generation: (antragsdatum < '2023-01-01' ? 'BHV_1' : 'BHV_2') as 'BHV_1' | 'BHV_2',
    hauptgewerbe,
    nebengewerbe: neben && neben !== hauptgewerbe ? [neben] : ([] as string[]),
    jahresumsatzCents: random.weighted(UMSATZ_STUFEN_EURO) * 100,
    selbstbeteiligung: random.weighted([
      ['SB_KEINE', 40],
      ['SB_250', 25],
      ['SB_500', 20],
      ['SB_1000', 15],
    ] as const),
    risikofragen: {},
  };
  const zahlweise = zahlweiseOf(random);
  const chosen = choose(
    random,
    cache.quote(`BHV${JSON.stringify(input)}`, () => priceBhv(bhvRatingInputSchema.parse(input))),
    zahlweise,
  );
  if (!chosen) return null;
  return {
    produkt: input.generation,
    details: {
      produktKey: 'BHV',
      versicherteGewerbe: { hauptgewerbe, nebengewerbe: [...input.nebengewerbe] },
      jahresumsatz: { value: input.jahresumsatzCents, isAdjustable: true },
    },
    deckungsVariante: chosen.priced.variant,
    ...withSum(chosen.priced),
    selbstbeteiligung: absolut(input.selbstbeteiligung),
    zahlweise,
    beitrag: chosen.beitrag,
  };
};

const drawVh: ProductDraw = ({ random, cache, antragsdatum }) => {
  const input = {
    generation: antragsdatum < '2023-01-01' ? 'VH' : 'VH_2',
    beruf: random.pick(VH_TYPES),
    jahresumsatzCents: Math.min(random.weighted(UMSATZ_STUFEN_EURO), 800_000) * 100,
    selbstbeteiligung: random.weighted([
      ['SB_KEINE', 50],
      ['SB_250', 25],
      ['SB_500', 15],
      ['SB_1000', 10],
    ] as const),
    buerohaftpflicht: random.chance(0.4),
    phvAnzahl: random.weighted([
      ['KEINE', 60],
      ['EINS', 25],
      ['ZWEI', 10],
      ['DREI', 5],
    ] as const),
    risikofragen: {},
  } as const;
  const zahlweise = zahlweiseOf(random);
  const chosen = choose(
    random,
    cache.quote(`VH${JSON.stringify(input)}`, () => priceVh(vhRatingInputSchema.parse(input))),
    zahlweise,
  );
  if (!chosen) return null;
  return {
    produkt: input.generation,
    details: {
      produktKey: 'VH',
      versicherteGewerbe: { hauptgewerbe: input.beruf, nebengewerbe: [] },
      jahresumsatz: { value: input.jahresumsatzCents, isAdjustable: true },
      phvAnzahl: input.phvAnzahl,
      vh: {
        versicherteGefahren: { buerohaftpflicht: input.buerohaftpflicht, phv: input.phvAnzahl !== 'KEINE' },
      },
    },
    deckungsVariante: chosen.priced.variant,
    ...withSum(chosen.priced),
    selbstbeteiligung: absolut(input.selbstbeteiligung),
    zahlweise,
    beitrag: chosen.beitrag,
  };
};

function drawSi(produkt: 'SI_ALLGEFAHREN' | 'SI_MEHRGEFAHREN'): ProductDraw {
  const types = SI_TYPES.filter((type) => type.products.includes(produkt)).map((type) => type.id);
  return ({ random, cache, adresse }) => {
    const versicherungssummeCents =
      random.pick([25_000, 50_000, 75_000, 100_000, 150_000, 250_000, 400_000]) * 100;
    const input = {
      produkt,
      versicherungssummeCents,
      hauptgewerbe: random.pick(types),
      nebengewerbe: [],
      selbstbeteiligung:
        versicherungssummeCents >= 10_000_000 && random.chance(0.1)
          ? 'SB_5000'
          : random.weighted([
              ['SB_KEINE', 50],
              ['SB_250', 25],
              ['SB_500', 15],
              ['SB_1000', 10],
            ] as const),
      risikofragen: {},
    } as const;
    const zahlweise = zahlweiseOf(random);
    const chosen = choose(
      random,
      cache.quote(`SI${JSON.stringify(input)}`, () => priceSi(siRatingInputSchema.parse(input))),
      zahlweise,
    );
    if (!chosen) return null;
    return {
      produkt,
      details: {
        produktKey: produkt,
        versicherteGewerbe: { hauptgewerbe: input.hauptgewerbe, nebengewerbe: [] },
        risikoOrt: {
          plz: adresse.plz,
          ort: adresse.ort,
          strasse: adresse.strasse,
          hausnummer: adresse.hausnummer,
        },
      },
      deckungsVariante: chosen.priced.variant,
      ...withSum(chosen.priced),
      selbstbeteiligung: absolut(input.selbstbeteiligung),
      zahlweise,
      beitrag: chosen.beitrag,
    };
  };
}

// The volume mix has no motor contracts (yet): motor contracts come from the online application.
const PRODUCT_DRAWS: Record<Exclude<ContractProductKey, 'KFZ'>, ProductDraw> = {
  PRIVATHAFTPFLICHT: drawPhv,
  TIERHALTERHAFTPFLICHT: drawThv,
  HAUSRAT: drawHausrat,
  FAHRRAD: drawFahrrad,
  REISE: drawReise,
  BHV: drawBhv,
  VH: drawVh,
  SI_ALLGEFAHREN: drawSi('SI_ALLGEFAHREN'),
  SI_MEHRGEFAHREN: drawSi('SI_MEHRGEFAHREN'),
};

interface Ende {
  status: Vertragsstatus;
  beendigung?: Beendigung;
}

function reasonOf(random: Random, produkt: SummaryProdukt): string {
  return random.pick(CANCELLATION_REASONS[productKeyOf(produkt)]).key;
}

/** Status and end of a contract as drawn, consistent with its term; falls back to LAUFEND when too young. */
function drawEnde(random: Random, days: DayTable, contract: NewContract, today: CalendarDate): Ende {
  if (contract.produkt === 'REISE') {
    return { status: compareDates(contract.ablaufdatum ?? today, today) <= 0 ? 'BEENDET' : 'LAUFEND' };
  }
  const status = random.weighted(STATUS_GEWICHTE);
  const { vertragsBeginn: beginn, abschlussdatum } = contract;
  const span = daysBetween(beginn, today);
  const kuendigung = (erklaertAm: CalendarDate, zum: CalendarDate): Beendigung => ({
    art: 'KUENDIGUNG',
    durch: 'VERSICHERUNGSNEHMER',
    anlass: 'ORDENTLICH',
    erklaertAm,
    zum,
    grund: reasonOf(random, contract.produkt),
  });
  switch (status) {
    case 'LAUFEND':
      return { status: 'LAUFEND' };
    case 'AUSLAUFEND': {
      const erklaertAm = days.shift(today, -random.int(0, 20));
      if (compareDates(erklaertAm, abschlussdatum) < 0) return { status: 'LAUFEND' };
      const zum = contract.taeglichKuendbar
        ? days.shift(today, random.int(1, 60))
        : nextMainDueDate(contract.hauptfaelligkeit, addMonths(today, 3));
      return { status, beendigung: kuendigung(erklaertAm, zum) };
    }
    case 'BEENDET': {
      if (contract.taeglichKuendbar) {
        if (span < 31) return { status: 'LAUFEND' };
        const zum = days.shift(beginn, random.int(30, span));
        return {
          status,
          beendigung: kuendigung(maxDate(abschlussdatum, days.shift(zum, -random.int(1, 30))), zum),
        };
      }
      const years = Math.floor(span / 366);
      if (years < 1) return { status: 'LAUFEND' };
      const zum = addYears(beginn, random.int(1, years));
      return { status, beendigung: kuendigung(addMonths(zum, -random.int(3, 6)), zum) };
    }
    case 'AUFGEHOBEN': {
      if (span < 31) return { status: 'LAUFEND' };
      const erklaertAm = days.shift(beginn, random.int(1, span - 1));
      const zum = minDate(today, days.shift(erklaertAm, random.int(0, 30)));
      return {
        status,
        beendigung: { art: 'AUFHEBUNG', erklaertAm, zum, grund: reasonOf(random, contract.produkt) },
      };
    }
    case 'STORNIERT': {
      const erklaertAm = days.shift(abschlussdatum, random.int(1, 14));
      if (compareDates(erklaertAm, today) > 0) return { status: 'LAUFEND' };
      return {
        status,
        beendigung: {
          art: 'WIDERRUF',
          erklaertAm,
          zum: maxDate(beginn, days.shift(erklaertAm, 1)),
          grund: random.pick(REVOCATION_REASONS).key,
        },
      };
    }
  }
}

function drawPending(
  random: Random,
  days: DayTable,
  contract: NewContract,
  today: CalendarDate,
): PendingChange[] {
  if (contract.status !== 'LAUFEND' || contract.zahlweise === 'EINMALIG' || !random.chance(0.04)) return [];
  const value = contract.zahlweise === 'JAEHRLICH' ? 'MONATLICH' : 'JAEHRLICH';
  return [
    {
      type: 'zahlweise',
      value,
      wirksamkeitsdatum: nextMainDueDate(contract.hauptfaelligkeit, today),
      createdAt: `${days.shift(today, -random.int(0, 20))}T10:00:00.000Z`,
      // Every recurring tariff derives the period premium from the net annual premium this way.
      praemieNachAenderung: beitragOf(premiumForPeriod(contract.beitrag.nettoJahresbeitragCents, value)),
    },
  ];
}

function drawOpenPremiums(
  random: Random,
  days: DayTable,
  contract: NewContract,
  today: CalendarDate,
): OffenerBeitrag[] {
  if (contract.status !== 'LAUFEND' || contract.zahlweise === 'EINMALIG' || !random.chance(0.02)) return [];
  const faelligAm = maxDate(contract.vertragsBeginn, days.shift(today, -random.int(15, 90)));
  if (compareDates(faelligAm, today) >= 0) return [];
  const gemahntAm = days.shift(faelligAm, 14);
  return [
    {
      art: 'FOLGEBEITRAG',
      faelligAm,
      betragCents: Math.max(1, contract.beitrag.bruttoBeitragProPeriodeCents),
      ...(random.chance(0.6) && compareDates(gemahntAm, today) <= 0
        ? { gemahnt: { am: gemahntAm, zahlungsfristBis: days.shift(gemahntAm, 14) } }
        : {}),
    },
  ];
}

function revenueTasks(days: DayTable, contract: NewContract, today: CalendarDate): Task[] {
  const key = productKeyOf(contract.produkt);
  if ((key !== 'BHV' && key !== 'VH') || contract.status !== 'LAUFEND') return [];
  const mainDueDate = nextMainDueDate(contract.hauptfaelligkeit, today);
  const tasks: Task[] = [];
  for (const [typ, before] of Object.entries(UMSATZ_AUFGABE_TAGE_VOR_HAUPTFAELLIGKEIT) as [
    Task['typ'],
    number,
  ][]) {
    const faelligAm = days.shift(mainDueDate, -before);
    if (compareDates(faelligAm, today) > 0 || compareDates(faelligAm, contract.vertragsBeginn) < 0) continue;
    tasks.push({
      vertragsnummer: contract.versicherungsNummer,
      typ,
      status: 'Offen',
      faelligAm,
      erledigtAm: null,
      erstelltAm: faelligAm,
    });
  }
  return tasks;
}

function drawAgents(random: Random, ids: Random, count: number, offset: number): GeneratedAgent[] {
  const agents: GeneratedAgent[] = [];
  for (let index = 0; index < count; index += 1) {
    const vermittlerNummer = numbered(GENERATED_NUMBER_PREFIX.agent, offset + index + 1);
    const female = random.chance(0.5);
    const vorname = random.pick(female ? VORNAMEN_WEIBLICH : VORNAMEN_MAENNLICH);
    const nachname = random.pick(NACHNAMEN);
    const ort = random.pick(ORTE);
    // About a third are sub-agents (the second one always, so even a small portfolio has a hierarchy).
    const parent = index === 1 || (index > 1 && random.chance(0.35)) ? random.pick(agents) : undefined;
    agents.push({
      id: ids.uuid(),
      parentId: parent?.id ?? null,
      vermittlerNummer,
      name: `${vorname} ${nachname}`,
      email: `${ascii(vorname)}.${ascii(nachname)}.${vermittlerNummer}@example.net`,
      telefon: `+49152${vermittlerNummer.slice(-8)}`,
      vertriebsweg: random.weighted(VERTRIEBSWEGE),
      agentur: {
        name: random.chance(0.5) ? `Versicherungsbüro ${nachname}` : `${nachname} Versicherungen`,
        strasse: random.pick(ort.strassen),
        hausnummer: String(random.int(1, 120)),
        plz: ort.plz,
        ort: ort.ort,
      },
    });
  }
  return agents;
}

function drawPartner(random: Random, partnerNummer: string, gewerbe: boolean): NewPartner {
  const common = { partnerNummer, telefon: `+49152${partnerNummer.slice(-8)}` };
  const nachname = random.pick(NACHNAMEN);
  if (gewerbe) {
    const [zusatz, rechtsform] = random.pick(FIRMEN_ZUSAETZE);
    const branche = random.pick([
      'Handwerk',
      'Beratung',
      'Design',
      'Handel',
      'Service',
      'Technik',
      'Gastronomie',
    ]);
    return {
      personArt: 'JuristischePersonDTO',
      firmenname: `${nachname} ${branche} ${zusatz}`,
      rechtsform,
      gruendungsdatum: makeDate(random.int(1990, 2024), random.int(1, 12), random.int(1, 28)),
      email: `info.${partnerNummer}@example.com`,
      ...common,
    };
  }
  const female = random.chance(0.5);
  const vorname = random.pick(female ? VORNAMEN_WEIBLICH : VORNAMEN_MAENNLICH);
  return {
    personArt: 'NatuerlichePersonDTO',
    anrede: female ? 'Frau' : 'Herr',
    vorname,
    nachname,
    geburtsdatum: makeDate(random.int(1940, 2005), random.int(1, 12), random.int(1, 28)),
    email: `${ascii(vorname)}.${ascii(nachname)}.${partnerNummer}@example.com`,
    ...common,
  };
}

function drawDates(
  random: Random,
  days: DayTable,
  monthStarts: readonly CalendarDate[],
  key: ContractProductKey,
  today: CalendarDate,
) {
  if (key === 'REISE') {
    const antragsdatum = days.shift(today, -random.int(0, 400));
    return { antragsdatum, vertragsBeginn: antragsdatum };
  }
  const vertragsBeginn = random.pick(monthStarts);
  return { antragsdatum: days.shift(vertragsBeginn, -random.int(3, 30)), vertragsBeginn };
}

/** One 32-bit seed from several numbers (FNV-1a over their decimal digits). */
function mixSeed(...parts: number[]): number {
  let hash = 0x811c9dc5;
  for (const char of parts.join('|')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** Generates the portfolio in batches of customers; the first batch carries the agents. */
export function* generatePortfolio(options: GeneratorOptions): Generator<PortfolioBatch> {
  const { seed, customers, today, batchSize = 1000 } = options;
  const offsets = options.offsets ?? { partner: 0, contract: 0, agent: 0 };
  const random = new Random(seed);
  // Ids come from their own sequence, so changing a distribution does not reshuffle every id; it
  // depends on where the run starts too, so a second run with the same seed gets new ids.
  const ids = new Random(mixSeed(seed, offsets.partner, offsets.contract, offsets.agent));
  const cache = new QuoteCache();
  // Contracts start in the last ten years; generated dates stay within these days (others fall back).
  const days = new DayTable(addYears(today, -12), 15 * 366);
  const monthStarts = Array.from({ length: 120 }, (_, months) => addMonths(firstOfMonth(today), -months));
  const agents = drawAgents(random, ids, Math.max(3, Math.round(customers / 300)), offsets.agent);
  let contractSequence = offsets.contract;
  for (let first = 0; first < customers; first += batchSize) {
    const batch: PortfolioBatch = {
      agents: first === 0 ? agents : [],
      customers: [],
      contracts: [],
      tasks: [],
      quoteCache: { hits: 0, misses: 0 },
    };
    for (let index = first; index < Math.min(customers, first + batchSize); index += 1) {
      const partnerNummer = numbered(GENERATED_NUMBER_PREFIX.partner, offsets.partner + index + 1);
      const gewerbe = random.chance(0.12);
      const partnerId = ids.uuid();
      const ort = random.pick(ORTE);
      const adresse = {
        strasse: random.pick(ort.strassen),
        hausnummer: String(random.int(1, 180)),
        plz: ort.plz,
        ort: ort.ort,
        land: 'DE',
      };
      const partner = drawPartner(random, partnerNummer, gewerbe);
      const agent = random.chance(0.9) ? random.pick(agents) : undefined;
      const hasBank = random.chance(0.9);
      const bankAccountId = hasBank ? ids.uuid() : undefined;
      const bank = random.pick(BANKEN);
      const contractCount = random.weighted(VERTRAGSANZAHL);
      const drawn: { contract: NewContract; id: string }[] = [];
      for (let attempt = 0; drawn.length < contractCount && attempt < contractCount * 5; attempt += 1) {
        const key = random.weighted(gewerbe ? GEWERBE_PRODUKTE : PRIVAT_PRODUKTE);
        const dates = drawDates(random, days, monthStarts, key, today);
        const quote = PRODUCT_DRAWS[key]({ random, cache, days, adresse, ...dates });
        if (!quote) continue;
        contractSequence += 1;
        const contract = buildContract(quote, {
          versicherungsNummer: numbered(GENERATED_NUMBER_PREFIX.contract, contractSequence),
          partnerId,
          ...(agent ? { vermittlerNummer: agent.vermittlerNummer } : {}),
          marke: random.chance(0.15) ? 'HFK' : 'SCHIRM',
          antragsdatum: dates.antragsdatum,
          abschlussdatum: minDate(dates.vertragsBeginn, days.shift(dates.antragsdatum, random.int(0, 3))),
          vertragsBeginn: dates.vertragsBeginn,
          status: 'LAUFEND',
        });
        const ende = drawEnde(random, days, contract, today);
        const withEnd: NewContract = {
          ...contract,
          status: ende.status,
          ...(ende.beendigung ? { beendigung: ende.beendigung } : {}),
        };
        drawn.push({
          id: ids.uuid(),
          contract: {
            ...withEnd,
            vorgemerkteAenderungen: drawPending(random, days, withEnd, today),
            offeneBeitraege: drawOpenPremiums(random, days, withEnd, today),
          },
        });
      }
      const kundeSeit = drawn.reduce(
        (earliest, { contract }) => minDate(earliest, contract.antragsdatum),
        today,
      );
      const bankverbindung: Bankverbindung | undefined = hasBank
        ? {
            iban: germanIban(bank.blz, `${partnerNummer.slice(-8)}${String(random.int(10, 99))}`),
            bic: bank.bic,
            kontoinhaber:
              partner.personArt === 'JuristischePersonDTO'
                ? partner.firmenname
                : `${partner.vorname} ${partner.nachname}`,
            sepaMandat: {
              glaeubigerId: DEMO_GLAEUBIGER_ID,
              mandatsreferenz: `SCHIRM-${partnerNummer}-01`,
              erteiltAm: kundeSeit,
            },
          }
        : undefined;
      batch.customers.push({
        id: partnerId,
        partner,
        adresse,
        kundeSeit,
        ...(bankverbindung && bankAccountId ? { bankverbindung, bankAccountId } : {}),
      });
      for (const { id, contract } of drawn) {
        const stored = bankverbindung ? { ...contract, bankverbindung } : contract;
        batch.contracts.push({
          id,
          agentId: agent?.id ?? null,
          bankAccountId: bankAccountId ?? null,
          contract: stored,
        });
        for (const task of revenueTasks(days, stored, today))
          batch.tasks.push({ ...task, contractId: id, agentId: agent?.id ?? null });
      }
    }
    batch.quoteCache = { hits: cache.hits, misses: cache.misses };
    yield batch;
  }
}

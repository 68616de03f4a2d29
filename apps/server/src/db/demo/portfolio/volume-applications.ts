// Generated online applications concluded through the application service (issue 13 part 9):
// `npm run seed -- --antraege N` builds N applicants (the same ones for the same seed), spread
// round-robin over the nine products sold online without a vehicle check, and buys each contract
// with prepareOffer, submitApplication (channel 'antrag') and completeApplicationDocuments, the
// calls the web pages and the documents job make. The answers are varied but insurable: every
// choice comes from the product's own catalogue and business-type lists, risk questions are
// answered the way that does not exclude the risk, and elementary cover is chosen only where the
// address's ZÜRS class allows it. A refusal by the service is a bug here and stops the run.
import { eq } from 'drizzle-orm';
import type { Rechtsform } from '@schirm/domain/application/common-steps';
import type { FlowAnswers } from '@schirm/domain/application/flow';
import { bhvApplication } from '@schirm/domain/application/flows/betriebshaftpflicht';
import { fahrradApplication } from '@schirm/domain/application/flows/fahrrad';
import { hausratApplication } from '@schirm/domain/application/flows/hausrat';
import { privathaftpflichtApplication } from '@schirm/domain/application/flows/privathaftpflicht';
import { reiseApplication } from '@schirm/domain/application/flows/reise';
import {
  siAllgefahrenApplication,
  siMehrgefahrenApplication,
} from '@schirm/domain/application/flows/sachinhalt';
import { tierhalterhaftpflichtApplication } from '@schirm/domain/application/flows/tierhalterhaftpflicht';
import { vhApplication } from '@schirm/domain/application/flows/vermoegensschadenhaftpflicht';
import type { ApplicationSlug, ProductApplication } from '@schirm/domain/application/product-application';
import { addDays, addYears, type CalendarDate } from '@schirm/domain/dates/calendar-date';
import {
  BHV_BUSINESS_TYPES,
  NOT_ONLINE_HAZARD_CLASS,
  type BusinessType,
  type RiskQuestion,
} from '@schirm/domain/products/bhv/business-types';
import {
  bhvDeckungsVarianten,
  generationForNewBusiness as bhvGeneration,
} from '@schirm/domain/products/bhv/catalogue';
import { BHV_MAX_UMSATZ_CENTS } from '@schirm/domain/products/bhv/tariff-data';
import { PRICING_ZAHLWEISEN, SELBSTBETEILIGUNGEN } from '@schirm/domain/products/enums';
import {
  fahrradDeckungsVarianten,
  generationForNewBusiness as fahrradGeneration,
} from '@schirm/domain/products/fahrrad/catalogue';
import { FAHRRAD_HERSTELLER } from '@schirm/domain/products/fahrrad/manufacturers';
import { MAX_KAUFPREIS_CENTS } from '@schirm/domain/products/fahrrad/tariff-data';
import {
  HAUSRAT_BASISDECKUNG,
  HAUSRAT_COVERS,
  HAUSRAT_SELBSTBETEILIGUNGEN,
  HAUSRAT_VARIANTEN,
} from '@schirm/domain/products/hausrat/catalogue';
import { isElementarEinschliessbar } from '@schirm/domain/products/hausrat/tariff';
import {
  PHV_FAMILIENSTAENDE,
  PHV_SELBSTBETEILIGUNGEN,
  PHV_VARIANTEN,
} from '@schirm/domain/products/phv/catalogue';
import { PHV_MAX_PRIOR_CLAIMS } from '@schirm/domain/products/phv/tariff-data';
import { REISE_PERSONENKREIS_OPTIONS, REISE_VARIANTEN } from '@schirm/domain/products/reise/catalogue';
import { MAX_DAUER_TAGE } from '@schirm/domain/products/reise/tariff-data';
import { SI_BUSINESS_TYPES, SI_GENERAL_RISK_QUESTIONS } from '@schirm/domain/products/si/business-types';
import {
  SI_SELBSTBETEILIGUNGEN,
  SI_VARIANTEN,
  type SiProduktKey,
} from '@schirm/domain/products/si/catalogue';
import {
  MAX_VERSICHERUNGSSUMME_CENTS,
  MIN_VERSICHERUNGSSUMME_CENTS,
  SB_5000_MIN_VERSICHERUNGSSUMME_CENTS,
} from '@schirm/domain/products/si/tariff-data';
import { DOG_BREEDS } from '@schirm/domain/products/thv/dog-breeds';
import { breedsListedAnywhere, type Bundesland } from '@schirm/domain/products/thv/listenhunde';
import { THV_SELBSTBETEILIGUNGEN, THV_VARIANTEN } from '@schirm/domain/products/thv/catalogue';
import {
  vhDeckungsVarianten,
  generationForNewBusiness as vhGeneration,
} from '@schirm/domain/products/vh/catalogue';
import { VH_PROFESSIONS } from '@schirm/domain/products/vh/professions';
import { VH_MAX_UMSATZ_CENTS } from '@schirm/domain/products/vh/tariff-data';
import { applications } from '../../schema/applications';
import {
  completeApplicationDocuments,
  prepareOffer,
  submitApplication,
  type ApplicationDeps,
  type ApplicationRequestContext,
} from '../../../modules/applications/service';
import { zuersClassFor } from '../../../modules/reference/zuers';
import { AppError } from '../../../platform/errors';
import {
  BANKEN,
  FIRMEN_ZUSAETZE,
  NACHNAMEN,
  ORTE,
  VORNAMEN_MAENNLICH,
  VORNAMEN_WEIBLICH,
} from './german-data';
import { germanIban } from './contract-factory';
import { Random } from './random';

/** Most applications one run concludes (each renders five PDFs). */
export const MAX_VOLUME_APPLICATIONS = 100_000;

/** The flags the generated applications are made with (the demo runs with every flag on). */
export interface VolumeFlags {
  newProductGenerations: boolean;
  travelHealthInsurance: boolean;
}

export const VOLUME_FLAGS: VolumeFlags = { newProductGenerations: true, travelHealthInsurance: false };

/** The nine products, in the order the applicants are spread over them. */
export const VOLUME_PRODUCTS: readonly { slug: ApplicationSlug; application: ProductApplication }[] = [
  { slug: 'fahrrad', application: fahrradApplication },
  { slug: 'tierhalterhaftpflicht', application: tierhalterhaftpflichtApplication },
  { slug: 'privathaftpflicht', application: privathaftpflichtApplication },
  { slug: 'hausrat', application: hausratApplication },
  { slug: 'betriebshaftpflicht', application: bhvApplication },
  { slug: 'sachinhalt', application: siAllgefahrenApplication },
  { slug: 'sachinhalt-mehrgefahren', application: siMehrgefahrenApplication },
  { slug: 'vermoegensschadenhaftpflicht', application: vhApplication },
  { slug: 'reise', application: reiseApplication },
];

/** One generated applicant: the product, the complete answers and the key of the application. */
export interface VolumeApplicant {
  index: number;
  slug: ApplicationSlug;
  application: ProductApplication;
  /** All answers up to the binding declaration, as the web pages send them. */
  answers: FlowAnswers;
  idempotencyKey: string;
}

/** The application's idempotency key: the same seed and number give the same key. */
export function volumeIdempotencyKey(seed: number, index: number): string {
  return `volumen-antrag-${seed}-${index}`;
}

/** Bundesland of the towns in german-data's ORTE (the THV asks where the dogs live). */
const LAND_OF_ORT: Readonly<Record<string, Bundesland>> = {
  Berlin: 'BE',
  Hamburg: 'HH',
  München: 'BY',
  Köln: 'NW',
  'Frankfurt am Main': 'HE',
  Stuttgart: 'BW',
  Düsseldorf: 'NW',
  Dortmund: 'NW',
  Essen: 'NW',
  Leipzig: 'SN',
  Bremen: 'HB',
  Dresden: 'SN',
  Hannover: 'NI',
  Nürnberg: 'BY',
  Duisburg: 'NW',
  Bochum: 'NW',
  Wuppertal: 'NW',
  Bielefeld: 'NW',
  Bonn: 'NW',
  Münster: 'NW',
  Karlsruhe: 'BW',
  Mannheim: 'BW',
  Augsburg: 'BY',
  Wiesbaden: 'HE',
  Kiel: 'SH',
  Erfurt: 'TH',
  Mainz: 'RP',
  Regensburg: 'BY',
  'Freiburg im Breisgau': 'BW',
  Rostock: 'MV',
  Passau: 'BY',
  Würzburg: 'BY',
};

/** The company suffixes of german-data with the legal form the applicant page offers for them. */
const RECHTSFORM_OF_ZUSATZ: Readonly<Record<string, Rechtsform>> = {
  GmbH: 'GMBH',
  UG: 'UG',
  GbR: 'GBR',
  'PartG mbB': 'PARTG',
};

const PHV_BERUFE = ['Lehrerin', 'Lehrer', 'Polizeibeamter', 'Verwaltungsangestellte', 'Finanzbeamter'];
const VORVERSICHERER = ['Allgemeine Versicherung AG', 'Rhein-Main Versicherung', 'Hanse Assekuranz'];

/** Breeds listed as dangerous nowhere in Germany: any of them is insured online in every Land. */
const SAFE_BREEDS = (() => {
  const listed = breedsListedAnywhere();
  return DOG_BREEDS.filter((breed) => !breed.dangerous && !listed.has(breed.id)).map((breed) => breed.id);
})();
const HUNDENAMEN = ['Bello', 'Luna', 'Balu', 'Emma', 'Paul', 'Nala', 'Rocky', 'Kira', 'Sammy', 'Lotte'];

/** Trades rated online (hazard class below 'not online'). */
function onlineTrades(types: readonly BusinessType[], maxHazard = NOT_ONLINE_HAZARD_CLASS - 1) {
  return types.filter((type) => type.hazardClass <= maxHazard);
}
const BHV_TRADES = onlineTrades(BHV_BUSINESS_TYPES);
const VH_TRADES = onlineTrades(VH_PROFESSIONS);
/** All-risk contents cover has no rate in hazard class 4; both SI products take classes 1–3. */
const SI_TRADES: Readonly<Record<SiProduktKey, readonly BusinessType[]>> = {
  SI_ALLGEFAHREN: onlineTrades(SI_BUSINESS_TYPES, 3).filter((t) => t.products.includes('SI_ALLGEFAHREN')),
  SI_MEHRGEFAHREN: onlineTrades(SI_BUSINESS_TYPES, 3).filter((t) => t.products.includes('SI_MEHRGEFAHREN')),
};
const SI_GENERAL_IDS = new Set(SI_GENERAL_RISK_QUESTIONS.map((question) => question.id));

const ASCII: Readonly<Record<string, string>> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', é: 'e' };

function mailPart(text: string): string {
  return text
    .toLowerCase()
    .replace(/[äöüßé]/g, (letter) => ASCII[letter] ?? '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The applicant's own random sequence: applicant i is the same whatever N is. */
function applicantRandom(seed: number, index: number): Random {
  let mixed = Math.imul(seed ^ 0x5bd1e995, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca6b);
  mixed = Math.imul(mixed ^ (mixed >>> 15), 0x2c1b3c6d);
  return new Random(mixed >>> 0);
}

type Person = {
  vorname: string;
  nachname: string;
  geburtsdatum: CalendarDate;
  email: string;
};

type Address = {
  strasse: string;
  hausnummer: string;
  plz: string;
  ort: string;
};

function personOf(random: Random, index: number, today: CalendarDate): Person {
  const vorname = random.chance(0.5) ? random.pick(VORNAMEN_WEIBLICH) : random.pick(VORNAMEN_MAENNLICH);
  const nachname = random.pick(NACHNAMEN);
  return {
    vorname,
    nachname,
    geburtsdatum: addDays(addYears(today, -random.int(19, 78)), -random.int(0, 364)),
    email: `${mailPart(vorname)}.${mailPart(nachname)}.${index}@example.com`,
  };
}

function addressOf(random: Random): Address {
  const ort = random.pick(ORTE);
  return {
    strasse: random.pick(ort.strassen),
    hausnummer: `${random.int(1, 140)}${random.chance(0.15) ? random.pick(['a', 'b', 'c']) : ''}`,
    plz: ort.plz,
    ort: ort.ort,
  };
}

function sepaOf(random: Random, kontoinhaber: string, index: number) {
  const bank = random.pick(BANKEN);
  const kontonummer = `${String(index % 100_000_000).padStart(8, '0')}${random.int(10, 99)}`;
  return { kontoinhaber, iban: germanIban(bank.blz, kontonummer), sepaMandat: true };
}

function beginnOf(random: Random, today: CalendarDate) {
  return {
    // From tomorrow on, within the four weeks every product's start page allows.
    versicherungsbeginn: addDays(today, random.int(1, 28)),
    zahlweise: random.pick(PRICING_ZAHLWEISEN),
  };
}

/** Ja/Nein for each question: the answer that does not exclude the risk, else either. */
function riskAnswersOf(random: Random, questions: readonly RiskQuestion[]): Record<string, string> {
  return Object.fromEntries(
    questions.map((question) => {
      if (question.ausschlussAntwort === 'JA') return [question.id, 'NEIN'];
      if (question.ausschlussAntwort === 'NEIN') return [question.id, 'JA'];
      return [question.id, random.pick(['JA', 'NEIN'])];
    }),
  );
}

/** Previous insurance: none, or one that ended or was cancelled by the applicant (never by the insurer). */
function vorversicherungOf(random: Random) {
  const roll = random.int(0, 2);
  if (roll === 0) return { vorversicherung: 'NEIN' };
  const vorversicherer = random.pick(VORVERSICHERER);
  if (roll === 1) return { vorversicherung: 'JA', vorversicherer, gekuendigt: 'NEIN' };
  return {
    vorversicherung: 'JA',
    vorversicherer,
    gekuendigt: 'JA',
    kuendigungsstatus: 'SCHIRM_KUENDIGUNGSSTATUS_HABE',
  };
}

/** The applicant of a business product: a person or a company, with its e-mail. */
function antragstellerOf(random: Random, person: Person, today: CalendarDate) {
  if (random.chance(0.5)) return { personArt: 'NatuerlichePersonDTO', ...person };
  const [zusatz, kurz] = random.pick(FIRMEN_ZUSAETZE.filter(([, key]) => key in RECHTSFORM_OF_ZUSATZ));
  const firmenname = `${person.nachname} ${zusatz}`;
  const rechtsform = RECHTSFORM_OF_ZUSATZ[kurz] ?? 'GMBH';
  return {
    personArt: 'JuristischePersonDTO',
    firmenname,
    rechtsform,
    ...(random.chance(0.3) ? { gruendungsdatum: addDays(today, -random.int(30, 2000)) } : {}),
    email: person.email,
  };
}

function kontoinhaberOf(antragsteller: Record<string, unknown>): string {
  return antragsteller['personArt'] === 'JuristischePersonDTO'
    ? String(antragsteller['firmenname'])
    : `${String(antragsteller['vorname'])} ${String(antragsteller['nachname'])}`;
}

/** A main trade and up to one secondary trade of a list, with their risk-question steps. */
function tradesOf(
  random: Random,
  trades: readonly BusinessType[],
  questionsOf = (t: BusinessType) => t.riskQuestions,
) {
  const haupt = random.pick(trades);
  const neben = random.chance(0.3) ? random.pick(trades.filter((trade) => trade.id !== haupt.id)) : undefined;
  const steps: Record<string, Record<string, unknown>> = {};
  for (const trade of neben ? [haupt, neben] : [haupt]) {
    const questions = questionsOf(trade);
    if (questions.length > 0) steps[`risikofragen-${trade.id}`] = riskAnswersOf(random, questions);
  }
  return { haupt, neben, steps };
}

const TAIL = {
  beratungsverzicht: { beratungsverzicht: true },
  dokumente: {},
  erklaerung: { antragVerbindlich: true },
};

type ProductAnswers = (random: Random, context: AnswerContext) => FlowAnswers;

interface AnswerContext {
  index: number;
  today: CalendarDate;
  flags: VolumeFlags;
  person: Person;
  address: Address;
}

function privateTail(random: Random, { index, person, address }: AnswerContext): FlowAnswers {
  return {
    person,
    adresse: address,
    sepa: sepaOf(random, `${person.vorname} ${person.nachname}`, index),
    ...TAIL,
  };
}

function businessTail(random: Random, context: AnswerContext): FlowAnswers {
  const antragsteller = antragstellerOf(random, context.person, context.today);
  return {
    antragsteller,
    adresse: context.address,
    sepa: sepaOf(random, kontoinhaberOf(antragsteller), context.index),
    ...TAIL,
  };
}

const fahrrad: ProductAnswers = (random, context) => {
  const { today, flags } = context;
  const art = random.pick(['FAHRRAD', 'EBIKE'] as const);
  const minCents = art === 'EBIKE' ? 150_000 : 30_000;
  const kaufpreisCents = random.int(minCents / 100, MAX_KAUFPREIS_CENTS[art] / 100) * 100;
  const packages = fahrradDeckungsVarianten(fahrradGeneration(flags.newProductGenerations));
  return {
    fahrrad: {
      art,
      typ: random.pick(['MOUNTAINBIKE', 'RENNRAD', 'SONSTIGES_RAD']),
      hersteller: random.pick(FAHRRAD_HERSTELLER).id,
      kaufpreisCents,
      // Bought within the last 30 months (the tariff insures bicycles up to three years old).
      kaufdatum: addDays(today, -random.int(0, 900)),
      zustand: random.chance(0.8) ? 'NEU' : 'GEBRAUCHT',
    },
    tarif: { deckungsVariante: random.pick(packages).deckungsVarianteIdentifier },
    beginn: beginnOf(random, today),
    ...privateTail(random, context),
  };
};

const tierhalterhaftpflicht: ProductAnswers = (random, context) => {
  const hunde = Array.from(
    {
      length: random.weighted([
        [1, 70],
        [2, 25],
        [3, 5],
      ] as const),
    },
    (_, i) => {
      const mischling = random.chance(0.25);
      return {
        name: HUNDENAMEN[(context.index + i) % HUNDENAMEN.length] ?? 'Bello',
        rasse: random.pick(SAFE_BREEDS),
        ...(mischling ? { mischling: true, mischlingsRasse: random.pick(SAFE_BREEDS) } : {}),
      };
    },
  );
  return {
    hunde: {
      bundesland: LAND_OF_ORT[context.address.ort] ?? 'NW',
      hunde,
      selbstbeteiligung: random.pick(THV_SELBSTBETEILIGUNGEN),
    },
    tarif: { deckungsVariante: random.pick(THV_VARIANTEN) },
    beginn: beginnOf(random, context.today),
    ...privateTail(random, context),
  };
};

const privathaftpflicht: ProductAnswers = (random, context) => {
  const { today, person } = context;
  const familienstand = random.pick(PHV_FAMILIENSTAENDE);
  const diensthaftpflicht = random.chance(0.2);
  const answers: Record<string, Record<string, unknown>> = {
    haushalt: {
      familienstand,
      diensthaftpflicht,
      ...(diensthaftpflicht ? { beruf: random.pick(PHV_BERUFE) } : {}),
      selbstbeteiligung: random.pick(PHV_SELBSTBETEILIGUNGEN),
    },
  };
  if (familienstand === 'PAAR' || familienstand === 'FAMILIE') {
    answers['partner'] = {
      vorname: random.chance(0.5) ? random.pick(VORNAMEN_WEIBLICH) : random.pick(VORNAMEN_MAENNLICH),
      name: person.nachname,
      geburtsdatum: addDays(addYears(today, -random.int(20, 75)), -random.int(0, 364)),
    };
  }
  if (familienstand === 'SINGLE_PLUS_KIND' || familienstand === 'FAMILIE') {
    answers['kinder'] = {
      kinder: Array.from({ length: random.int(1, 3) }, () => ({
        vorname: random.chance(0.5) ? random.pick(VORNAMEN_WEIBLICH) : random.pick(VORNAMEN_MAENNLICH),
        name: person.nachname,
        geburtsdatum: addDays(addYears(today, -random.int(1, 17)), -random.int(0, 364)),
      })),
    };
  }
  return {
    ...answers,
    vorschaeden: { schaedenLetzte5Jahre: random.int(0, PHV_MAX_PRIOR_CLAIMS) },
    tarif: { deckungsVariante: random.pick(PHV_VARIANTEN) },
    beginn: beginnOf(random, today),
    ...privateTail(random, context),
  };
};

const hausrat: ProductAnswers = (random, context) => {
  const { address } = context;
  // Elementary cover only where the address's ZÜRS class allows it (class 4 is refused).
  const elementar = isElementarEinschliessbar(zuersClassFor(address));
  const optional = HAUSRAT_COVERS.map((cover) => cover.key).filter(
    (key) => key !== HAUSRAT_BASISDECKUNG && (elementar || key !== 'SCHIRM_ELEMENTAR_HAUSRAT'),
  );
  return {
    wohnung: { ...address, wohnflaeche: random.int(25, 180) },
    schutz: {
      deckungen: [HAUSRAT_BASISDECKUNG, ...optional.filter(() => random.chance(0.35))],
      selbstbeteiligung: random.pick(HAUSRAT_SELBSTBETEILIGUNGEN),
    },
    tarif: { deckungsVariante: random.pick(HAUSRAT_VARIANTEN) },
    beginn: beginnOf(random, context.today),
    ...privateTail(random, context),
  };
};

const betriebshaftpflicht: ProductAnswers = (random, context) => {
  const { haupt, neben, steps } = tradesOf(random, BHV_TRADES);
  const varianten = bhvDeckungsVarianten(bhvGeneration(context.flags.newProductGenerations));
  return {
    betrieb: {
      hauptgewerbe: haupt.id,
      ...(neben ? { nebengewerbe: [{ gewerbe: neben.id }] } : {}),
      jahresumsatzCents: random.int(20, Math.min(3_000, BHV_MAX_UMSATZ_CENTS / 100_000)) * 100_000,
      selbstbeteiligung: random.pick(SELBSTBETEILIGUNGEN),
    },
    ...steps,
    vorversicherung: vorversicherungOf(random),
    tarif: { variante: random.pick(varianten).deckungsVarianteIdentifier },
    beginn: beginnOf(random, context.today),
    ...businessTail(random, context),
  };
};

function sachinhalt(produkt: SiProduktKey): ProductAnswers {
  return (random, context) => {
    const { haupt, neben, steps } = tradesOf(random, SI_TRADES[produkt], (trade) =>
      trade.riskQuestions.filter((question) => !SI_GENERAL_IDS.has(question.id)),
    );
    const summe = random.int(MIN_VERSICHERUNGSSUMME_CENTS / 100_000, MAX_VERSICHERUNGSSUMME_CENTS / 500_000);
    const versicherungssummeCents = summe * 100_000;
    const deductibles = SI_SELBSTBETEILIGUNGEN.filter(
      (sb) => sb !== 'SB_5000' || versicherungssummeCents >= SB_5000_MIN_VERSICHERUNGSSUMME_CENTS,
    );
    return {
      betrieb: {
        hauptgewerbe: haupt.id,
        ...(neben ? { nebengewerbe: [{ gewerbe: neben.id }] } : {}),
        versicherungssummeCents,
        selbstbeteiligung: random.pick(deductibles),
      },
      risikofragen: riskAnswersOf(random, SI_GENERAL_RISK_QUESTIONS),
      ...steps,
      vorversicherung: vorversicherungOf(random),
      betriebsstaette: context.address,
      tarif: { variante: random.pick(SI_VARIANTEN) },
      beginn: beginnOf(random, context.today),
      ...businessTail(random, context),
    };
  };
}

const vermoegensschadenhaftpflicht: ProductAnswers = (random, context) => {
  const beruf = random.pick(VH_TRADES);
  const varianten = vhDeckungsVarianten(vhGeneration(context.flags.newProductGenerations));
  return {
    beruf: {
      beruf: beruf.id,
      jahresumsatzCents: random.int(20, Math.min(800, VH_MAX_UMSATZ_CENTS / 100_000)) * 100_000,
      selbstbeteiligung: random.pick(SELBSTBETEILIGUNGEN),
      buerohaftpflicht: random.chance(0.5),
      phvAnzahl: random.pick(['KEINE', 'EINS', 'ZWEI', 'DREI']),
    },
    ...(beruf.riskQuestions.length > 0
      ? { [`risikofragen-${beruf.id}`]: riskAnswersOf(random, beruf.riskQuestions) }
      : {}),
    vorversicherung: vorversicherungOf(random),
    tarif: { variante: random.pick(varianten).deckungsVarianteIdentifier },
    beginn: beginnOf(random, context.today),
    ...businessTail(random, context),
  };
};

const reise: ProductAnswers = (random, context) => {
  const beginn = addDays(context.today, random.int(1, 300));
  return {
    reise: {
      personenkreis: random.pick(REISE_PERSONENKREIS_OPTIONS).key,
      beginn,
      // Two days to five weeks, well within the longest trip insured.
      ende: addDays(beginn, random.int(1, Math.min(34, MAX_DAUER_TAGE - 1))),
    },
    tarif: { deckungsVariante: random.pick(REISE_VARIANTEN) },
    ...privateTail(random, context),
  };
};

const ANSWERS: Readonly<Record<string, ProductAnswers>> = {
  fahrrad,
  tierhalterhaftpflicht,
  privathaftpflicht,
  hausrat,
  betriebshaftpflicht,
  sachinhalt: sachinhalt('SI_ALLGEFAHREN'),
  'sachinhalt-mehrgefahren': sachinhalt('SI_MEHRGEFAHREN'),
  vermoegensschadenhaftpflicht,
  reise,
};

/** Applicant number `index` (from 0) of a seed on a day: the product by turn, the answers by seed. */
export function volumeApplicant(
  seed: number,
  index: number,
  today: CalendarDate,
  flags: VolumeFlags = VOLUME_FLAGS,
): VolumeApplicant {
  const product = VOLUME_PRODUCTS[index % VOLUME_PRODUCTS.length];
  const answersOf = product ? ANSWERS[product.slug] : undefined;
  if (!product || !answersOf) throw new Error(`No answers for applicant ${index}`);
  const random = applicantRandom(seed, index);
  const person = personOf(random, index, today);
  const address = addressOf(random);
  return {
    index,
    slug: product.slug,
    application: product.application,
    answers: answersOf(random, { index, today, flags, person, address }),
    idempotencyKey: volumeIdempotencyKey(seed, index),
  };
}

/** Thrown when the service refuses a generated applicant (a bug of this generator). */
export class VolumeApplicationRefused extends Error {
  readonly slug: ApplicationSlug;
  constructor(
    applicant: VolumeApplicant,
    readonly reason: string,
  ) {
    super(`Antrag Nr. ${applicant.index + 1} (${applicant.application.name}) wurde abgelehnt: ${reason}`);
    this.name = 'VolumeApplicationRefused';
    this.slug = applicant.slug;
  }
}

export interface VolumeApplicationsProgress {
  /** Applicants handled so far (new or found from an earlier run). */
  done: number;
  created: number;
}

export interface VolumeApplicationsResult {
  /** Contracts concluded by this run. */
  created: number;
  /** Applicants whose application an earlier run with the same seed had already made. */
  existing: number;
  /** New contracts per product slug. */
  perProduct: Partial<Record<ApplicationSlug, number>>;
}

/**
 * Concludes `count` generated applications through the application service: per applicant
 * prepareOffer, submitApplication with the applicant's idempotency key, then the documents job's
 * completeApplicationDocuments for that application. An applicant whose key is already used (an
 * earlier run with the same seed, perhaps on another day with other start dates) is not applied
 * for again: a second submit with the key and a new offer would be refused as a reused key.
 */
export async function seedVolumeApplications({
  deps,
  seed,
  count,
  now = new Date(),
  today,
  flags = VOLUME_FLAGS,
  onProgress,
}: {
  deps: ApplicationDeps;
  seed: number;
  count: number;
  now?: Date;
  today: CalendarDate;
  flags?: VolumeFlags;
  onProgress?: (progress: VolumeApplicationsProgress) => void;
}): Promise<VolumeApplicationsResult> {
  const context: ApplicationRequestContext = { today, now, ...flags };
  const result: VolumeApplicationsResult = { created: 0, existing: 0, perProduct: {} };
  for (let index = 0; index < count; index += 1) {
    const applicant = volumeApplicant(seed, index, today, flags);
    const [earlier] = await deps.db
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.idempotencyKey, applicant.idempotencyKey));
    if (earlier) {
      result.existing += 1;
      // A run stopped between the application and its documents left them to be made.
      await completeApplicationDocuments({ deps, now, applicationId: earlier.id });
    } else {
      await conclude(deps, applicant, context);
      result.created += 1;
      result.perProduct[applicant.slug] = (result.perProduct[applicant.slug] ?? 0) + 1;
    }
    onProgress?.({ done: index + 1, created: result.created });
  }
  return result;
}

async function conclude(
  deps: ApplicationDeps,
  applicant: VolumeApplicant,
  context: ApplicationRequestContext,
) {
  const { application, answers } = applicant;
  const offer = await prepareOffer({ deps, application, channel: 'antrag', answers, context }).catch(
    (error: unknown) => refused(applicant, error),
  );
  if (offer.kind !== 'angebot')
    throw new VolumeApplicationRefused(applicant, `${offer.reason} [${offer.code}]`);
  const { result } = await submitApplication({
    deps,
    application,
    channel: 'antrag',
    offerId: offer.angebotId,
    answers,
    idempotencyKey: applicant.idempotencyKey,
    context,
  }).catch((error: unknown) => refused(applicant, error));
  await completeApplicationDocuments({ deps, now: context.now, applicationId: result.antragId });
}

/** A refusal by the service (validation, price) as an error naming the product and the reason. */
function refused(applicant: VolumeApplicant, error: unknown): never {
  if (error instanceof AppError) {
    const details = (error.fieldErrors ?? []).map((field) => `${field.path}: ${field.message}`).join('; ');
    throw new VolumeApplicationRefused(
      applicant,
      `${error.userMessage}${details ? ` (${details})` : ''} [${error.code}]`,
    );
  }
  throw error;
}

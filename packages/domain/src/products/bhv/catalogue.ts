// Catalogue of the commercial general liability insurance (Betriebshaftpflichtversicherung, BHV) in
// its two generations, plus the tariff change for switchers (Wechseltarif).
import type {
  BrandValue,
  ContractTypeCode,
  EditableField,
  Marke,
  PricingZahlweise,
  ProductKey,
  ProductTypeName,
  Selbstbeteiligung,
  SummaryProdukt,
} from '../enums';
import { SELBSTBETEILIGUNGEN } from '../enums';
import type { ReasonOption } from '../revocation-reasons';

/** Generations of the BHV; BHV_2 is the current one. */
export type BhvGeneration = Extract<SummaryProdukt, 'BHV_1' | 'BHV_2'>;
export const BHV_GENERATIONS = ['BHV_1', 'BHV_2'] as const satisfies readonly BhvGeneration[];

/** The generation new business gets: BHV_2 once the 'new product generations' flag is on. */
export function generationForNewBusiness(newProductGenerations: boolean): BhvGeneration {
  return newProductGenerations ? 'BHV_2' : 'BHV_1';
}

/** Coverage variants (flat sum insured for personal injury, property and consequential financial loss). */
export const BHV_VARIANTEN = ['BHV_BASIS', 'BHV_KOMFORT', 'BHV_PREMIUM'] as const;
export type BhvVariante = (typeof BHV_VARIANTEN)[number];

/** A coverage variant as the contract shows it; versicherungssumme in cents. */
export interface BhvDeckungsVariante {
  deckungsVarianteIdentifier: BhvVariante;
  deckungsVarianteName: string;
  versicherungssumme: number;
}

/** All variants; `bhvDeckungsVarianten(generation)` gives those a generation offers. */
export const BHV_DECKUNGSVARIANTEN: readonly BhvDeckungsVariante[] = [
  { deckungsVarianteIdentifier: 'BHV_BASIS', deckungsVarianteName: 'Basis', versicherungssumme: 300_000_000 },
  {
    deckungsVarianteIdentifier: 'BHV_KOMFORT',
    deckungsVarianteName: 'Komfort',
    versicherungssumme: 500_000_000,
  },
  {
    deckungsVarianteIdentifier: 'BHV_PREMIUM',
    deckungsVarianteName: 'Premium',
    versicherungssumme: 1_000_000_000,
  },
];

const VARIANTEN_JE_GENERATION: Record<BhvGeneration, readonly BhvDeckungsVariante[]> = {
  // Generation 1 ended at 5 Mio EUR; generation 2 added 10 Mio EUR for larger trades.
  BHV_1: BHV_DECKUNGSVARIANTEN.filter((v) => v.deckungsVarianteIdentifier !== 'BHV_PREMIUM'),
  BHV_2: BHV_DECKUNGSVARIANTEN,
};

/** The coverage variants a generation offers, in ascending sum insured. */
export function bhvDeckungsVarianten(generation: BhvGeneration): readonly BhvDeckungsVariante[] {
  return VARIANTEN_JE_GENERATION[generation];
}

/** Deductibles: all five options of the spec. */
export const BHV_SELBSTBETEILIGUNGEN: readonly Selbstbeteiligung[] = SELBSTBETEILIGUNGEN;

/** The tariff change for businesses that switch from another contract (spec: /betriebshaftpflicht/wechsel/). */
export const BHV_WECHSELTARIF = {
  name: 'Betriebshaftpflicht-Wechseltarif',
  description:
    'Für Betriebe, die ihre bestehende Betriebshaftpflicht zu uns wechseln: Rabatt für schadenfreie Jahre.',
  applicationRoute: 'betriebshaftpflicht/wechsel',
  kundeninformationDokument: 'BHV_WECHSELTARIF',
} as const;

const CANCELLATION_REASONS: readonly ReasonOption[] = [
  { key: 'BETRIEBSAUFGABE', label: 'Ich habe meinen Betrieb aufgegeben.' },
  { key: 'BETRIEBSUEBERGABE', label: 'Ich habe meinen Betrieb verkauft oder übergeben.' },
  { key: 'TAETIGKEIT_ENTFALLEN', label: 'Die versicherte Tätigkeit übe ich nicht mehr aus.' },
  { key: 'GUENSTIGERES_ANGEBOT', label: 'Ich habe ein günstigeres Angebot gefunden.' },
  { key: 'BEITRAGSERHOEHUNG', label: 'Der Beitrag wurde erhöht (Sonderkündigungsrecht).' },
  { key: 'NACH_SCHADENFALL', label: 'Kündigung nach einem Schadenfall' },
  { key: 'SONSTIGES', label: 'Sonstiger Grund' },
];

/** The BHV catalogue entry. */
export const bhvProduct = {
  productKey: 'BHV' satisfies ProductKey,
  typeName: 'BHV' satisfies ProductTypeName,
  contractTypeCode: 'BHV' satisfies ContractTypeCode,
  name: 'Betriebshaftpflichtversicherung',
  description:
    'Schützt Ihren Betrieb, wenn Sie, Ihre Mitarbeiter oder Ihre Produkte Dritten einen Schaden zufügen.',
  generations: BHV_GENERATIONS,
  generationForNewBusiness,
  marken: ['SCHIRM', 'HFK'] satisfies readonly Marke[],
  brandValues: ['schirm', 'hfk'] satisfies readonly BrandValue[],
  applicationRoute: 'betriebshaftpflicht',
  pricingPath: 'bhv',
  kundeninformationDokument: 'BHV',
  deckungsVarianten: BHV_DECKUNGSVARIANTEN,
  deckungen: [],
  selbstbeteiligungen: BHV_SELBSTBETEILIGUNGEN,
  zahlweisen: [
    'MONATLICH',
    'VIERTELJAEHRLICH',
    'HALBJAEHRLICH',
    'JAEHRLICH',
  ] satisfies readonly PricingZahlweise[],
  editableFields: [
    'mainBusiness',
    'additionalBusiness',
    'turnover',
    'deductible',
    'coverages',
    'businessResidence',
  ] satisfies readonly EditableField[],
  cancellationReasons: CANCELLATION_REASONS,
  wechseltarif: BHV_WECHSELTARIF,
} as const;

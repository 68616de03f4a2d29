// Catalogue of the professional indemnity insurance (Vermögensschadenhaftpflichtversicherung, VH) in
// its two generations, with the optional office liability and private liability covers.
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

/** Generations of the VH; VH_2 is the current one. */
export type VhGeneration = Extract<SummaryProdukt, 'VH' | 'VH_2'>;
export const VH_GENERATIONS = ['VH', 'VH_2'] as const satisfies readonly VhGeneration[];

/** The generation new business gets: VH_2 once the 'new product generations' flag is on. */
export function generationForNewBusiness(newProductGenerations: boolean): VhGeneration {
  return newProductGenerations ? 'VH_2' : 'VH';
}

/** Coverage variants: sum insured per breach of duty, twice per year (2-fach maximiert). */
export const VH_VARIANTEN = ['VH_250', 'VH_500', 'VH_1000'] as const;
export type VhVariante = (typeof VH_VARIANTEN)[number];

/** A coverage variant as the contract shows it; versicherungssumme in cents. */
export interface VhDeckungsVariante {
  deckungsVarianteIdentifier: VhVariante;
  deckungsVarianteName: string;
  versicherungssumme: number;
}

/** All variants; `vhDeckungsVarianten(generation)` gives those a generation offers. */
export const VH_DECKUNGSVARIANTEN: readonly VhDeckungsVariante[] = [
  { deckungsVarianteIdentifier: 'VH_250', deckungsVarianteName: 'Basis', versicherungssumme: 25_000_000 },
  { deckungsVarianteIdentifier: 'VH_500', deckungsVarianteName: 'Komfort', versicherungssumme: 50_000_000 },
  { deckungsVarianteIdentifier: 'VH_1000', deckungsVarianteName: 'Premium', versicherungssumme: 100_000_000 },
];

const VARIANTEN_JE_GENERATION: Record<VhGeneration, readonly VhDeckungsVariante[]> = {
  // Generation 1 ended at 500.000 EUR; VH_2 added 1 Mio EUR for property and expert professions.
  VH: VH_DECKUNGSVARIANTEN.filter((v) => v.deckungsVarianteIdentifier !== 'VH_1000'),
  VH_2: VH_DECKUNGSVARIANTEN,
};

/** The coverage variants a generation offers, in ascending sum insured. */
export function vhDeckungsVarianten(generation: VhGeneration): readonly VhDeckungsVariante[] {
  return VARIANTEN_JE_GENERATION[generation];
}

/** Deductibles: all five options of the spec. */
export const VH_SELBSTBETEILIGUNGEN: readonly Selbstbeteiligung[] = SELBSTBETEILIGUNGEN;

/** Optional covers (vh.versicherteGefahren): office liability and private liability for 1–3 persons. */
export const VH_DECKUNGEN = ['buerohaftpflicht', 'phv'] as const;

const CANCELLATION_REASONS: readonly ReasonOption[] = [
  { key: 'TAETIGKEIT_AUFGEGEBEN', label: 'Ich übe die versicherte Tätigkeit nicht mehr aus.' },
  { key: 'FESTANSTELLUNG', label: 'Ich arbeite nicht mehr selbstständig, sondern angestellt.' },
  { key: 'GUENSTIGERES_ANGEBOT', label: 'Ich habe ein günstigeres Angebot gefunden.' },
  { key: 'BEITRAGSERHOEHUNG', label: 'Der Beitrag wurde erhöht (Sonderkündigungsrecht).' },
  { key: 'NACH_SCHADENFALL', label: 'Kündigung nach einem Schadenfall' },
  { key: 'SONSTIGES', label: 'Sonstiger Grund' },
];

/** The VH catalogue entry. */
export const vhProduct = {
  productKey: 'VH' satisfies ProductKey,
  typeName: 'VH' satisfies ProductTypeName,
  contractTypeCode: 'VH' satisfies ContractTypeCode,
  name: 'Vermögensschadenhaftpflichtversicherung',
  description:
    'Zahlt, wenn Ihren Kunden durch einen beruflichen Fehler von Ihnen ein finanzieller Schaden entsteht.',
  generations: VH_GENERATIONS,
  generationForNewBusiness,
  marken: ['SCHIRM'] satisfies readonly Marke[],
  brandValues: ['schirm'] satisfies readonly BrandValue[],
  applicationRoute: 'vermoegensschadenhaftpflicht',
  pricingPath: 'vh2',
  kundeninformationDokument: 'VH',
  deckungsVarianten: VH_DECKUNGSVARIANTEN,
  deckungen: VH_DECKUNGEN,
  selbstbeteiligungen: VH_SELBSTBETEILIGUNGEN,
  zahlweisen: [
    'MONATLICH',
    'VIERTELJAEHRLICH',
    'HALBJAEHRLICH',
    'JAEHRLICH',
  ] satisfies readonly PricingZahlweise[],
  editableFields: [
    'mainBusiness',
    'turnover',
    'insuranceSum',
    'deductible',
    'coverages',
  ] satisfies readonly EditableField[],
  cancellationReasons: CANCELLATION_REASONS,
} as const;

// Catalogue of the animal-owner liability insurance for dogs (Tierhalterhaftpflicht, THV).
import type { BrandValue, EditableField, Marke, PricingZahlweise, Selbstbeteiligung } from '../enums';
import type { ReasonOption } from '../revocation-reasons';

/** Coverage variants of the THV. */
export const THV_VARIANTEN = ['THV_BASIS', 'THV_KOMFORT', 'THV_PREMIUM'] as const;
export type ThvVariante = (typeof THV_VARIANTEN)[number];

/** A coverage variant as the contract shows it; versicherungssumme in cents. */
export interface ThvDeckungsVariante {
  deckungsVarianteIdentifier: ThvVariante;
  deckungsVarianteName: string;
  versicherungssumme: number;
}

/** Variants with their flat sum insured for personal injury, property and financial loss. */
export const THV_DECKUNGSVARIANTEN: readonly ThvDeckungsVariante[] = [
  { deckungsVarianteIdentifier: 'THV_BASIS', deckungsVarianteName: 'Basis', versicherungssumme: 500_000_000 },
  {
    deckungsVarianteIdentifier: 'THV_KOMFORT',
    deckungsVarianteName: 'Komfort',
    versicherungssumme: 1_000_000_000,
  },
  {
    deckungsVarianteIdentifier: 'THV_PREMIUM',
    deckungsVarianteName: 'Premium',
    versicherungssumme: 2_000_000_000,
  },
];

/** Deductibles the THV offers. */
export const THV_SELBSTBETEILIGUNGEN = [
  'SB_KEINE',
  'SB_250',
  'SB_500',
] as const satisfies readonly Selbstbeteiligung[];
export type ThvSelbstbeteiligung = (typeof THV_SELBSTBETEILIGUNGEN)[number];

/** Most dogs one contract insures online. */
export const THV_MAX_HUNDE = 3;

const EDITABLE_FIELDS: readonly EditableField[] = ['deductible', 'coverages'];
const MARKEN: readonly Marke[] = ['SCHIRM'];
const BRAND_VALUES: readonly BrandValue[] = ['schirm'];
const ZAHLWEISEN: readonly PricingZahlweise[] = [
  'MONATLICH',
  'VIERTELJAEHRLICH',
  'HALBJAEHRLICH',
  'JAEHRLICH',
];

const CANCELLATION_REASONS: readonly ReasonOption[] = [
  { key: 'HUND_VERSTORBEN', label: 'Mein Hund ist verstorben.' },
  { key: 'HUND_ABGEGEBEN', label: 'Ich habe meinen Hund abgegeben oder verkauft.' },
  { key: 'GUENSTIGERES_ANGEBOT', label: 'Ich habe ein günstigeres Angebot gefunden.' },
  { key: 'BEITRAGSERHOEHUNG', label: 'Der Beitrag wurde erhöht (Sonderkündigungsrecht).' },
  { key: 'NACH_SCHADENFALL', label: 'Kündigung nach einem Schadenfall' },
  { key: 'UNZUFRIEDEN_SERVICE', label: 'Ich bin mit dem Service unzufrieden.' },
  { key: 'SONSTIGES', label: 'Sonstiger Grund' },
];

/** The THV catalogue entry. */
export const thvProduct = {
  productKey: 'TIERHALTERHAFTPFLICHT',
  typeName: 'TIERHALTER',
  contractTypeCode: 'THV',
  generations: ['TIERHALTERHAFTPFLICHT'],
  name: 'Hundehalterhaftpflichtversicherung',
  description: 'Zahlt, wenn Ihr Hund anderen Menschen, Tieren oder Sachen einen Schaden zufügt.',
  marken: MARKEN,
  brandValues: BRAND_VALUES,
  applicationRoute: 'tierhalterhaftpflicht',
  pricingPath: 'thv/v2',
  kundeninformationDokument: 'THV',
  deckungsVarianten: THV_DECKUNGSVARIANTEN,
  deckungen: [],
  selbstbeteiligungen: THV_SELBSTBETEILIGUNGEN,
  zahlweisen: ZAHLWEISEN,
  editableFields: EDITABLE_FIELDS,
  cancellationReasons: CANCELLATION_REASONS,
} as const;

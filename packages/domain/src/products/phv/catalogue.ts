// Catalogue of the private liability insurance (Privathaftpflichtversicherung, PHV): what is offered,
// which variants and options exist and what a customer may change in self-service.
import type { BrandValue, EditableField, Marke, PricingZahlweise, Selbstbeteiligung } from '../enums';
import type { ReasonOption } from '../revocation-reasons';

/** Coverage variants; the identifier is also stored as `phv.hfkVariante` for HFK contracts. */
export const PHV_VARIANTEN = ['PHV_BASIS', 'PHV_KOMFORT', 'PHV_PREMIUM'] as const;
export type PhvVariante = (typeof PHV_VARIANTEN)[number];

/** Family status (phv.familienstand): who is insured with the policyholder. */
export const PHV_FAMILIENSTAENDE = ['SINGLE', 'SINGLE_PLUS_KIND', 'PAAR', 'FAMILIE'] as const;
export type PhvFamilienstand = (typeof PHV_FAMILIENSTAENDE)[number];

/** German labels of the family status options (key/label as the customer view lists them). */
export const PHV_FAMILIENSTAND_OPTIONS: readonly { key: PhvFamilienstand; label: string }[] = [
  { key: 'SINGLE', label: 'Single' },
  { key: 'SINGLE_PLUS_KIND', label: 'Alleinerziehend mit Kind(ern)' },
  { key: 'PAAR', label: 'Paar ohne Kinder' },
  { key: 'FAMILIE', label: 'Familie mit Kind(ern)' },
];

/** A coverage variant as the contract shows it; versicherungssumme in cents. */
export interface PhvDeckungsVariante {
  deckungsVarianteIdentifier: PhvVariante;
  deckungsVarianteName: string;
  versicherungssumme: number;
}

/** Variants with their flat sum insured for personal injury, property and financial loss. */
export const PHV_DECKUNGSVARIANTEN: readonly PhvDeckungsVariante[] = [
  {
    deckungsVarianteIdentifier: 'PHV_BASIS',
    deckungsVarianteName: 'Basis',
    versicherungssumme: 1_000_000_000,
  },
  {
    deckungsVarianteIdentifier: 'PHV_KOMFORT',
    deckungsVarianteName: 'Komfort',
    versicherungssumme: 2_000_000_000,
  },
  {
    deckungsVarianteIdentifier: 'PHV_PREMIUM',
    deckungsVarianteName: 'Premium',
    versicherungssumme: 5_000_000_000,
  },
];

/** Deductibles the PHV offers (a liability tariff for private persons stops at 500 EUR). */
export const PHV_SELBSTBETEILIGUNGEN = [
  'SB_KEINE',
  'SB_250',
  'SB_500',
] as const satisfies readonly Selbstbeteiligung[];
export type PhvSelbstbeteiligung = (typeof PHV_SELBSTBETEILIGUNGEN)[number];

/** Optional covers of the PHV. */
export const PHV_DECKUNGEN = ['DIENSTHAFTPFLICHT'] as const;

const EDITABLE_FIELDS: readonly EditableField[] = ['familyStatus', 'deductible', 'coverages', 'residence'];

const MARKEN: readonly Marke[] = ['SCHIRM', 'HFK'];
const BRAND_VALUES: readonly BrandValue[] = ['schirm', 'hfk'];
const ZAHLWEISEN: readonly PricingZahlweise[] = [
  'MONATLICH',
  'VIERTELJAEHRLICH',
  'HALBJAEHRLICH',
  'JAEHRLICH',
];

const CANCELLATION_REASONS: readonly ReasonOption[] = [
  { key: 'GUENSTIGERES_ANGEBOT', label: 'Ich habe ein günstigeres Angebot gefunden.' },
  {
    key: 'ZUSAMMENLEGUNG',
    label: 'Ich bin über den Vertrag meines Partners oder meiner Familie mitversichert.',
  },
  { key: 'UMZUG_AUSLAND', label: 'Ich ziehe dauerhaft ins Ausland.' },
  { key: 'BEITRAGSERHOEHUNG', label: 'Der Beitrag wurde erhöht (Sonderkündigungsrecht).' },
  { key: 'NACH_SCHADENFALL', label: 'Kündigung nach einem Schadenfall' },
  { key: 'UNZUFRIEDEN_SERVICE', label: 'Ich bin mit dem Service unzufrieden.' },
  { key: 'SONSTIGES', label: 'Sonstiger Grund' },
];

/** The PHV catalogue entry. */
export const phvProduct = {
  productKey: 'PRIVATHAFTPFLICHT',
  typeName: 'PRIVATHAFTPFLICHT',
  contractTypeCode: 'PHV',
  generations: ['PRIVATHAFTPFLICHT'],
  name: 'Privathaftpflichtversicherung',
  description: 'Schützt Sie und Ihre Familie, wenn Sie im Alltag anderen einen Schaden zufügen.',
  marken: MARKEN,
  brandValues: BRAND_VALUES,
  applicationRoute: 'privathaftpflicht',
  pricingPath: 'phv/v2',
  kundeninformationDokument: 'PHV',
  deckungsVarianten: PHV_DECKUNGSVARIANTEN,
  deckungen: PHV_DECKUNGEN,
  selbstbeteiligungen: PHV_SELBSTBETEILIGUNGEN,
  zahlweisen: ZAHLWEISEN,
  editableFields: EDITABLE_FIELDS,
  cancellationReasons: CANCELLATION_REASONS,
} as const;

// Catalogue of the motor insurance (Kfz-Versicherung). The spec shows KFZ only as a product key, a
// product type name and the vehicle application start page (/antrag/allgemeine-versicherungsdaten):
// it lists no contract-type code, no generation and no customer information document for it. Motor
// contracts need a contract-type code and a summary product, so both are 'KFZ' (the project's own). The
// tariff (variants, deductibles, rating structure) is the project's own, see docs/tariffs/kfz.md.
import type {
  BrandValue,
  ContractTypeCode,
  EditableField,
  Marke,
  PricingZahlweise,
  ProductKey,
  ProductTypeName,
  SummaryProdukt,
} from '../enums';
import type { ReasonOption } from '../revocation-reasons';

/**
 * Coverage variants: what the applicant chooses as "Deckung". Each contains the compulsory motor
 * liability (Kfz-Haftpflicht, KH); Teilkasko (TK) and Vollkasko (VK) add own-damage cover, and the
 * Vollkasko includes the Teilkasko perils (as in every German motor tariff, AKB A.2).
 */
export const KFZ_VARIANTEN = ['KFZ_HAFTPFLICHT', 'KFZ_TEILKASKO', 'KFZ_VOLLKASKO'] as const;
export type KfzVariante = (typeof KFZ_VARIANTEN)[number];

/** The parts (Sparten) of a motor premium. */
export const KFZ_SPARTEN = ['KH', 'TK', 'VK'] as const;
export type KfzSparte = (typeof KFZ_SPARTEN)[number];

/**
 * Sum insured of the motor liability: 100 Mio. EUR flat (Pauschaldeckung), at most 15 Mio. EUR per
 * injured person. Far above the legal minimum (PflVG annex: 7,5 Mio. EUR personal injury) and the
 * usual sum of German online tariffs.
 */
export const KFZ_HAFTPFLICHT_DECKUNGSSUMME_CENTS = 10_000_000_000;

export interface KfzDeckungsVariante {
  deckungsVarianteIdentifier: KfzVariante;
  deckungsVarianteName: string;
  /** Liability sum in cents (the same for every variant). */
  versicherungssumme: number;
  /** The parts priced in this variant. */
  sparten: readonly KfzSparte[];
  /** What the variant covers, in German. */
  leistungen: string;
  recommended: boolean;
}

export const KFZ_DECKUNGSVARIANTEN: readonly KfzDeckungsVariante[] = [
  {
    deckungsVarianteIdentifier: 'KFZ_HAFTPFLICHT',
    deckungsVarianteName: 'Haftpflicht',
    versicherungssumme: KFZ_HAFTPFLICHT_DECKUNGSSUMME_CENTS,
    sparten: ['KH'],
    leistungen:
      'Schäden, die Sie mit Ihrem Fahrzeug anderen zufügen: 100 Mio. EUR pauschal, höchstens 15 Mio. EUR je verletzter Person.',
    recommended: false,
  },
  {
    deckungsVarianteIdentifier: 'KFZ_TEILKASKO',
    deckungsVarianteName: 'Haftpflicht + Teilkasko',
    versicherungssumme: KFZ_HAFTPFLICHT_DECKUNGSSUMME_CENTS,
    sparten: ['KH', 'TK'],
    leistungen:
      'Zusätzlich Schäden am eigenen Fahrzeug durch Diebstahl, Brand, Sturm, Hagel, Blitz, Überschwemmung, Glasbruch, Wildunfall und Marderbiss.',
    recommended: true,
  },
  {
    deckungsVarianteIdentifier: 'KFZ_VOLLKASKO',
    deckungsVarianteName: 'Haftpflicht + Vollkasko',
    versicherungssumme: KFZ_HAFTPFLICHT_DECKUNGSSUMME_CENTS,
    sparten: ['KH', 'VK'],
    leistungen:
      'Alles aus der Teilkasko, zusätzlich selbst verschuldete Unfallschäden und Vandalismus am eigenen Fahrzeug.',
    recommended: false,
  },
];

/**
 * Deductibles of the Teilkasko (also of the Teilkasko perils inside a Vollkasko: 150 EUR there).
 * Motor deductibles differ from the other products' (150/300 EUR), so they are KFZ's own values.
 */
export const KFZ_SELBSTBETEILIGUNGEN_TEILKASKO = ['SB_KEINE', 'SB_150', 'SB_300', 'SB_500'] as const;
export type KfzSelbstbeteiligungTeilkasko = (typeof KFZ_SELBSTBETEILIGUNGEN_TEILKASKO)[number];

/** Deductibles of the Vollkasko for own-fault accident damage (the usual 300/500/1.000 EUR). */
export const KFZ_SELBSTBETEILIGUNGEN_VOLLKASKO = ['SB_300', 'SB_500', 'SB_1000'] as const;
export type KfzSelbstbeteiligungVollkasko = (typeof KFZ_SELBSTBETEILIGUNGEN_VOLLKASKO)[number];

/** Deductible of the Teilkasko perils inside a Vollkasko (fixed, as in "VK 500 / TK 150"). */
export const KFZ_TEILKASKO_SB_IN_VOLLKASKO: KfzSelbstbeteiligungTeilkasko = 'SB_150';

const ZAHLWEISEN: readonly PricingZahlweise[] = [
  'MONATLICH',
  'VIERTELJAEHRLICH',
  'HALBJAEHRLICH',
  'JAEHRLICH',
];

// The usual reasons of German motor cancellations: sale or deregistration of the vehicle, the
// switch at the end of the insurance year, a premium increase and a claim.
const CANCELLATION_REASONS: readonly ReasonOption[] = [
  { key: 'FAHRZEUG_VERKAUFT', label: 'Ich habe das Fahrzeug verkauft.' },
  { key: 'FAHRZEUG_ABGEMELDET', label: 'Ich habe das Fahrzeug abgemeldet.' },
  { key: 'VERSICHERERWECHSEL', label: 'Ich wechsle zum Ende des Versicherungsjahres den Versicherer.' },
  { key: 'BEITRAGSERHOEHUNG', label: 'Der Beitrag wurde erhöht (Sonderkündigungsrecht).' },
  { key: 'NACH_SCHADENFALL', label: 'Kündigung nach einem Schadenfall' },
  { key: 'SONSTIGES', label: 'Sonstiger Grund' },
];

/**
 * The KFZ catalogue entry. The common `selbstbeteiligungen` stays empty because motor deductibles
 * are per part and not values of the shared enum: see `selbstbeteiligungenTeilkasko` and
 * `selbstbeteiligungenVollkasko`. One generation, 'KFZ', which is also the contract-type code: the
 * spec shows none for motor contracts.
 */
export const kfzProduct = {
  productKey: 'KFZ' satisfies ProductKey,
  typeName: 'KFZ' satisfies ProductTypeName,
  contractTypeCode: 'KFZ' satisfies ContractTypeCode,
  name: 'Kfz-Versicherung',
  description: 'Haftpflicht- und Kaskoschutz für Ihr Fahrzeug.',
  generations: ['KFZ'] satisfies readonly SummaryProdukt[],
  marken: ['SCHIRM'] satisfies readonly Marke[],
  brandValues: ['schirm'] satisfies readonly BrandValue[],
  applicationRoute: 'antrag/allgemeine-versicherungsdaten',
  pricingPath: 'kfz',
  kundeninformationDokument: null,
  hasTariff: true,
  deckungsVarianten: KFZ_DECKUNGSVARIANTEN,
  deckungen: [],
  selbstbeteiligungen: [],
  selbstbeteiligungenTeilkasko: KFZ_SELBSTBETEILIGUNGEN_TEILKASKO,
  selbstbeteiligungenVollkasko: KFZ_SELBSTBETEILIGUNGEN_VOLLKASKO,
  zahlweisen: ZAHLWEISEN,
  editableFields: [] satisfies readonly EditableField[],
  cancellationReasons: CANCELLATION_REASONS,
} as const;

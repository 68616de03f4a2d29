// Catalogue of the household contents insurance (Hausratversicherung): variants, covers, what a
// customer may change in self-service. Prices live in tariff-data.ts.
import { HAUSRAT_DECKUNGEN } from '../enums';
import type {
  BrandValue,
  EditableField,
  HausratDeckung,
  Marke,
  PricingZahlweise,
  Selbstbeteiligung,
} from '../enums';
import type { ReasonOption } from '../revocation-reasons';

/** Coverage variants; the identifier is also stored as `hausrat.hfkVariante`. */
export const HAUSRAT_VARIANTEN = ['HAUSRAT_BASIS', 'HAUSRAT_KOMFORT', 'HAUSRAT_PREMIUM'] as const;
export type HausratVariante = (typeof HAUSRAT_VARIANTEN)[number];

/** A coverage variant; the insured sum follows from the living space (see versicherungssummeProQm). */
export interface HausratDeckungsVariante {
  deckungsVarianteIdentifier: HausratVariante;
  deckungsVarianteName: string;
  /** What sets the variant apart, in German. */
  leistungen: string;
  recommended: boolean;
}

export const HAUSRAT_DECKUNGSVARIANTEN: readonly HausratDeckungsVariante[] = [
  {
    deckungsVarianteIdentifier: 'HAUSRAT_BASIS',
    deckungsVarianteName: 'Basis',
    leistungen: 'Grobe Fahrlässigkeit bis 5.000 EUR, Wertsachen bis 20 % der Versicherungssumme.',
    recommended: false,
  },
  {
    deckungsVarianteIdentifier: 'HAUSRAT_KOMFORT',
    deckungsVarianteName: 'Komfort',
    leistungen:
      'Grobe Fahrlässigkeit bis zur Versicherungssumme, Wertsachen bis 30 %, Überspannung durch Blitz.',
    recommended: true,
  },
  {
    deckungsVarianteIdentifier: 'HAUSRAT_PREMIUM',
    deckungsVarianteName: 'Premium',
    leistungen:
      'Wie Komfort, zusätzlich Wertsachen bis 40 %, Diebstahl aus dem Kfz und Best-Leistungs-Garantie.',
    recommended: false,
  },
];

/**
 * Insured sum per square metre of living space (Unterversicherungsverzicht): 650 EUR/m², the value
 * German insurers use to waive the under-insurance deduction.
 */
export const HAUSRAT_VERSICHERUNGSSUMME_PRO_QM_CENTS = 65_000;

/** The cover that every Hausrat contract has. */
export const HAUSRAT_BASISDECKUNG: HausratDeckung = 'SCHIRM_BASISDECKUNG_HAUSRAT';

/** A cover with its German label. */
export interface HausratCover {
  key: HausratDeckung;
  label: string;
  description: string;
  /** True for the base cover that cannot be removed. */
  required: boolean;
}

const COVER_TEXTS: Record<HausratDeckung, { label: string; description: string }> = {
  SCHIRM_BASISDECKUNG_HAUSRAT: {
    label: 'Basisdeckung',
    description: 'Feuer, Einbruchdiebstahl, Raub, Vandalismus, Leitungswasser, Sturm und Hagel.',
  },
  SCHIRM_GLASBRUCH_HAUSRAT: {
    label: 'Glasbruch',
    description: 'Bruch von Fenstern, Glastüren, Ceranfeldern und Aquarien in Ihrer Wohnung.',
  },
  SCHIRM_ELEMENTAR_HAUSRAT: {
    label: 'Elementarschäden',
    description:
      'Überschwemmung, Starkregen, Rückstau, Erdbeben, Erdsenkung, Erdrutsch, Schneedruck und Lawinen.',
  },
  SCHIRM_FAHRRAD_HAUSRAT: {
    label: 'Fahrraddiebstahl',
    description: 'Diebstahl Ihrer Fahrräder rund um die Uhr, bis 1 % der Versicherungssumme.',
  },
  SCHIRM_WOHNUNGSSCHUTZBRIEF_HAUSRAT: {
    label: 'Wohnungsschutzbrief',
    description: 'Schlüsseldienst, Rohrreinigung und Schädlingsbekämpfung im Notfall.',
  },
  SCHIRM_UNBENANNTE_GEFAHREN_HAUSRAT: {
    label: 'Unbenannte Gefahren',
    description: 'Plötzliche, unvorhergesehene Schäden, die keine andere Gefahr nennt (Allgefahrendeckung).',
  },
};

/** All covers in spec order. */
export const HAUSRAT_COVERS: readonly HausratCover[] = HAUSRAT_DECKUNGEN.map((key) => ({
  key,
  ...COVER_TEXTS[key],
  required: key === HAUSRAT_BASISDECKUNG,
}));

/** Deductibles of the Hausrat tariff: household contents stop at 500 EUR. */
export const HAUSRAT_SELBSTBETEILIGUNGEN = [
  'SB_KEINE',
  'SB_250',
  'SB_500',
] as const satisfies readonly Selbstbeteiligung[];
export type HausratSelbstbeteiligung = (typeof HAUSRAT_SELBSTBETEILIGUNGEN)[number];

const ZAHLWEISEN: readonly PricingZahlweise[] = [
  'MONATLICH',
  'VIERTELJAEHRLICH',
  'HALBJAEHRLICH',
  'JAEHRLICH',
];

const EDITABLE_FIELDS: readonly EditableField[] = ['coverages', 'deductible', 'livingSpace', 'residence'];

/** Cancellation reasons for household contents contracts. */
export const HAUSRAT_CANCELLATION_REASONS: readonly ReasonOption[] = [
  { key: 'ZUSAMMENZUG', label: 'Ich ziehe mit jemandem zusammen, dessen Hausrat bereits versichert ist.' },
  { key: 'UMZUG_AUSLAND', label: 'Ich ziehe dauerhaft ins Ausland.' },
  { key: 'HAUSHALTSAUFLOESUNG', label: 'Der Haushalt wird aufgelöst, z. B. Umzug in ein Pflegeheim.' },
  { key: 'GUENSTIGERES_ANGEBOT', label: 'Ich habe ein günstigeres Angebot gefunden.' },
  { key: 'BEITRAGSERHOEHUNG', label: 'Der Beitrag wurde erhöht (Sonderkündigungsrecht).' },
  { key: 'NACH_SCHADENFALL', label: 'Kündigung nach einem Schadenfall' },
  { key: 'SONSTIGES', label: 'Sonstiger Grund' },
];

/** The Hausrat catalogue entry. */
export const hausratProduct = {
  productKey: 'HAUSRAT',
  typeName: 'HAUSRAT',
  contractTypeCode: 'HRV',
  generations: ['HAUSRAT'],
  name: 'Hausratversicherung',
  description:
    'Schützt Ihre Einrichtung und Ihr Hab und Gut gegen Feuer, Einbruch, Leitungswasser, Sturm und Hagel.',
  marken: ['SCHIRM', 'HFK'] satisfies readonly Marke[],
  brandValues: ['schirm', 'hfk', 's-direkt'] satisfies readonly BrandValue[],
  applicationRoute: 'hausrat',
  pricingPath: 'hausrat/v2',
  kundeninformationDokument: 'HRV',
  deckungsVarianten: HAUSRAT_DECKUNGSVARIANTEN,
  versicherungssummeProQmCents: HAUSRAT_VERSICHERUNGSSUMME_PRO_QM_CENTS,
  deckungen: HAUSRAT_COVERS,
  selbstbeteiligungen: HAUSRAT_SELBSTBETEILIGUNGEN,
  zahlweisen: ZAHLWEISEN,
  editableFields: EDITABLE_FIELDS,
  cancellationReasons: HAUSRAT_CANCELLATION_REASONS,
} as const;

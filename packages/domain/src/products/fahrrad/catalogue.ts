// Catalogue of the bicycle and e-bike insurance (Fahrrad- und E-Bike-Versicherung): what is sold,
// under which brands, in which generations and packages. Prices live in tariff-data.ts.
import type {
  BrandValue,
  ContractTypeCode,
  EditableField,
  FahrradDeckung,
  Marke,
  PricingZahlweise,
  ProductKey,
  ProductTypeName,
  SummaryProdukt,
} from '../enums';
import type { ReasonOption } from '../revocation-reasons';

/** Generations of the bicycle product; FAHRRAD_2 is the current one. */
export type FahrradGeneration = Extract<SummaryProdukt, 'FAHRRAD' | 'FAHRRAD_2'>;

/** A cover with its German label and the generations that offer it. */
export interface FahrradCover {
  key: FahrradDeckung;
  label: string;
  description: string;
  generations: readonly FahrradGeneration[];
}

/**
 * The covers. Generation 1 (FAHRRAD) knew theft and repair only; generation 2 (FAHRRAD_2) added repair
 * without wear parts (a cheaper repair cover) and the assistance cover (Schutzbrief).
 */
export const FAHRRAD_COVERS: readonly FahrradCover[] = [
  {
    key: 'FAHRRAD_DECKUNG_DIEBSTAHL',
    label: 'Diebstahl',
    description: 'Diebstahl und Raub des Fahrrads sowie fest verbundener Teile, auch nachts.',
    generations: ['FAHRRAD', 'FAHRRAD_2'],
  },
  {
    key: 'FAHRRAD_DECKUNG_REPARATUR',
    label: 'Reparatur inklusive Verschleiß',
    description:
      'Reparaturen nach Unfall, Vandalismus, Bedienfehlern und Verschleiß von Reifen, Bremsen und Kette.',
    generations: ['FAHRRAD', 'FAHRRAD_2'],
  },
  {
    key: 'FAHRRAD_DECKUNG_REPARATUR_OHNE_VERSCHLEISS',
    label: 'Reparatur ohne Verschleiß',
    description:
      'Reparaturen nach Unfall, Vandalismus und Bedienfehlern; Verschleißteile sind nicht versichert.',
    generations: ['FAHRRAD_2'],
  },
  {
    key: 'FAHRRAD_DECKUNG_SCHUTZBRIEF',
    label: 'Schutzbrief',
    description: 'Pannen- und Unfallhilfe unterwegs, Abtransport des Fahrrads und Weiterfahrt.',
    generations: ['FAHRRAD_2'],
  },
];

/** A coverage package offered as a variant (deckungsVariante), defined by its covers. */
export interface FahrradDeckungsVariante {
  deckungsVarianteIdentifier: string;
  deckungsVarianteName: string;
  deckungen: readonly FahrradDeckung[];
  recommended: boolean;
}

/** The variant returned when the chosen covers match no package. */
export const FAHRRAD_INDIVIDUELL = {
  deckungsVarianteIdentifier: 'FAHRRAD_INDIVIDUELL',
  deckungsVarianteName: 'Individuell',
};

/** Packages of the current generation; theft is the base cover of every package. */
export const FAHRRAD_DECKUNGS_VARIANTEN: readonly FahrradDeckungsVariante[] = [
  {
    deckungsVarianteIdentifier: 'FAHRRAD_BASIS',
    deckungsVarianteName: 'Basis',
    deckungen: ['FAHRRAD_DECKUNG_DIEBSTAHL'],
    recommended: false,
  },
  {
    deckungsVarianteIdentifier: 'FAHRRAD_KOMFORT',
    deckungsVarianteName: 'Komfort',
    deckungen: ['FAHRRAD_DECKUNG_DIEBSTAHL', 'FAHRRAD_DECKUNG_REPARATUR_OHNE_VERSCHLEISS'],
    recommended: true,
  },
  {
    deckungsVarianteIdentifier: 'FAHRRAD_PREMIUM',
    deckungsVarianteName: 'Premium',
    deckungen: ['FAHRRAD_DECKUNG_DIEBSTAHL', 'FAHRRAD_DECKUNG_REPARATUR', 'FAHRRAD_DECKUNG_SCHUTZBRIEF'],
    recommended: false,
  },
];

/** Whether a generation sells every one of these covers. */
export function coversOfferedIn(
  generation: FahrradGeneration,
  deckungen: readonly FahrradDeckung[],
): boolean {
  return deckungen.every((deckung) =>
    FAHRRAD_COVERS.some((cover) => cover.key === deckung && cover.generations.includes(generation)),
  );
}

/** The packages a generation offers: those whose covers it sells (generation 1: Basis only). */
export function fahrradDeckungsVarianten(generation: FahrradGeneration): readonly FahrradDeckungsVariante[] {
  return FAHRRAD_DECKUNGS_VARIANTEN.filter((variant) => coversOfferedIn(generation, variant.deckungen));
}

/**
 * The package a contract of this product generation can have under this identifier, with the covers
 * that make it up; undefined for a package the generation does not offer and for other products.
 */
export function fahrradDeckungsVariante(
  produkt: SummaryProdukt,
  identifier: string,
): FahrradDeckungsVariante | undefined {
  if (produkt !== 'FAHRRAD' && produkt !== 'FAHRRAD_2') return undefined;
  return fahrradDeckungsVarianten(produkt).find(
    (variant) => variant.deckungsVarianteIdentifier === identifier,
  );
}

/** Cancellation reasons for bicycle contracts. */
export const FAHRRAD_CANCELLATION_REASONS: readonly ReasonOption[] = [
  { key: 'FAHRRAD_VERKAUFT', label: 'Ich habe das Fahrrad verkauft oder verschenkt.' },
  { key: 'FAHRRAD_ENTWENDET', label: 'Das Fahrrad wurde gestohlen und der Schaden ist reguliert.' },
  { key: 'FAHRRAD_ZERSTOERT', label: 'Das Fahrrad ist irreparabel beschädigt.' },
  { key: 'BEITRAG_ZU_HOCH', label: 'Der Beitrag ist mir zu hoch.' },
  {
    key: 'ANDERWEITIG_VERSICHERT',
    label: 'Das Fahrrad ist anderweitig versichert, z. B. über die Hausratversicherung.',
  },
  { key: 'SONSTIGES', label: 'Sonstiger Grund' },
];

/** Which generation new business gets: the 'new product generations' feature flag decides. */
export function generationForNewBusiness(newProductGenerations: boolean): FahrradGeneration {
  return newProductGenerations ? 'FAHRRAD_2' : 'FAHRRAD';
}

const ZAHLWEISEN: readonly PricingZahlweise[] = [
  'MONATLICH',
  'VIERTELJAEHRLICH',
  'HALBJAEHRLICH',
  'JAEHRLICH',
];

/** The bicycle catalogue entry. */
export const fahrradProduct = {
  productKey: 'FAHRRAD' satisfies ProductKey,
  typeName: 'FAHRRAD' satisfies ProductTypeName,
  contractTypeCode: 'FAHRRAD' satisfies ContractTypeCode,
  name: 'Fahrrad- und E-Bike-Versicherung',
  description: 'Schützt Ihr Fahrrad oder E-Bike gegen Diebstahl, Reparaturkosten und Pannen unterwegs.',
  generations: ['FAHRRAD', 'FAHRRAD_2'] satisfies readonly FahrradGeneration[],
  generationForNewBusiness,
  marken: ['SCHIRM', 'HFK'] satisfies readonly Marke[],
  brandValues: ['schirm', 'hfk', 's-direkt', 'protect'] satisfies readonly BrandValue[],
  applicationRoute: 'fahrrad',
  pricingPath: 'fahrrad2',
  kundeninformationDokument: 'FAHRRAD',
  deckungsVarianten: FAHRRAD_DECKUNGS_VARIANTEN,
  deckungen: FAHRRAD_COVERS,
  selbstbeteiligungen: [],
  zahlweisen: ZAHLWEISEN,
  editableFields: [
    'bikeManufacturer',
    'bikeType',
    'bikeFrameNumber',
    'coverages',
  ] satisfies readonly EditableField[],
  cancellationReasons: FAHRRAD_CANCELLATION_REASONS,
} as const;

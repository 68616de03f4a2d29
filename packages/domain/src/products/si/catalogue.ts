// Catalogue of the commercial contents insurance (Sachinhaltsversicherung) in its two products:
// SI_ALLGEFAHREN (all risks) and SI_MEHRGEFAHREN (named perils). Both share the contract-type code
// SI_ALLGEFAHREN (the spec lists one code for the Sachinhalt family), the type name SI and the
// pricing endpoint /api/taa/si. Prices live in tariff-data.ts.
import type { BrandValue, EditableField, Marke, PricingZahlweise, Selbstbeteiligung } from '../enums';
import type { ReasonOption } from '../revocation-reasons';

/** The two Sachinhalt product keys. */
export const SI_PRODUKTE = ['SI_ALLGEFAHREN', 'SI_MEHRGEFAHREN'] as const;
export type SiProduktKey = (typeof SI_PRODUKTE)[number];

/** Coverage variants, the same in both products. */
export const SI_VARIANTEN = ['SI_KOMPAKT', 'SI_OPTIMAL'] as const;
export type SiVariante = (typeof SI_VARIANTEN)[number];

/** A coverage variant; the sum insured is chosen by the customer (insuranceSum). */
export interface SiDeckungsVariante {
  deckungsVarianteIdentifier: SiVariante;
  deckungsVarianteName: string;
  leistungen: string;
  recommended: boolean;
}

export const SI_DECKUNGSVARIANTEN: readonly SiDeckungsVariante[] = [
  {
    deckungsVarianteIdentifier: 'SI_KOMPAKT',
    deckungsVarianteName: 'Kompakt',
    leistungen:
      'Betriebseinrichtung und Waren zum Neuwert, Außenversicherung bis 10 % der Versicherungssumme.',
    recommended: false,
  },
  {
    deckungsVarianteIdentifier: 'SI_OPTIMAL',
    deckungsVarianteName: 'Optimal',
    leistungen:
      'Wie Kompakt, zusätzlich Ertragsausfall bis zur Versicherungssumme (12 Monate Haftzeit) und Außenversicherung bis 20 %.',
    recommended: true,
  },
];

/** A peril or benefit included in a product, with its German label. */
export interface SiCover {
  key: string;
  label: string;
}

const MEHRGEFAHREN_COVERS: readonly SiCover[] = [
  { key: 'FEUER', label: 'Feuer (Brand, Blitzschlag, Explosion)' },
  { key: 'EINBRUCHDIEBSTAHL', label: 'Einbruchdiebstahl, Raub und Vandalismus nach Einbruch' },
  { key: 'LEITUNGSWASSER', label: 'Leitungswasser' },
  { key: 'STURM_HAGEL', label: 'Sturm und Hagel' },
];

const ALLGEFAHREN_COVERS: readonly SiCover[] = [
  ...MEHRGEFAHREN_COVERS,
  {
    key: 'UNBENANNTE_GEFAHREN',
    label: 'Alle weiteren plötzlichen und unvorhergesehenen Schäden (Allgefahren)',
  },
];

/** Deductibles offered; SB_5000 only from a sum insured of 100.000 EUR (see tariff-data.ts). */
export const SI_SELBSTBETEILIGUNGEN = [
  'SB_KEINE',
  'SB_250',
  'SB_500',
  'SB_1000',
  'SB_5000',
] as const satisfies readonly Selbstbeteiligung[];

const ZAHLWEISEN: readonly PricingZahlweise[] = [
  'MONATLICH',
  'VIERTELJAEHRLICH',
  'HALBJAEHRLICH',
  'JAEHRLICH',
];

const EDITABLE_FIELDS: readonly EditableField[] = [
  'insuranceSum',
  'deductible',
  'mainBusiness',
  'additionalBusiness',
  'businessResidence',
  'riskLocation',
];

/** Cancellation reasons for commercial contents contracts. */
export const SI_CANCELLATION_REASONS: readonly ReasonOption[] = [
  { key: 'BETRIEBSAUFGABE', label: 'Ich habe meinen Betrieb aufgegeben oder verkauft.' },
  { key: 'BETRIEBSVERLEGUNG', label: 'Der Betrieb zieht an einen Ort, den Sie nicht versichern.' },
  { key: 'GUENSTIGERES_ANGEBOT', label: 'Ich habe ein günstigeres Angebot gefunden.' },
  { key: 'BEITRAGSERHOEHUNG', label: 'Der Beitrag wurde erhöht (Sonderkündigungsrecht).' },
  { key: 'NACH_SCHADENFALL', label: 'Kündigung nach einem Schadenfall' },
  { key: 'SONSTIGES', label: 'Sonstiger Grund' },
];

const MARKEN: readonly Marke[] = ['SCHIRM'];
const BRAND_VALUES: readonly BrandValue[] = ['schirm', 'protect'];

/** The Sachinhalt (Allgefahren) catalogue entry. */
export const siAllgefahrenProduct = {
  productKey: 'SI_ALLGEFAHREN',
  typeName: 'SI',
  contractTypeCode: 'SI_ALLGEFAHREN',
  generations: ['SI_ALLGEFAHREN'],
  name: 'Sachinhaltsversicherung Allgefahren',
  description:
    'Schützt Einrichtung, Maschinen und Waren Ihres Betriebs gegen alle plötzlichen und unvorhergesehenen Schäden.',
  marken: MARKEN,
  brandValues: BRAND_VALUES,
  applicationRoute: 'sachinhalt',
  pricingPath: 'si',
  kundeninformationDokument: 'SI_ALLGEFAHREN',
  deckungsVarianten: SI_DECKUNGSVARIANTEN,
  deckungen: ALLGEFAHREN_COVERS,
  selbstbeteiligungen: SI_SELBSTBETEILIGUNGEN,
  zahlweisen: ZAHLWEISEN,
  editableFields: EDITABLE_FIELDS,
  cancellationReasons: SI_CANCELLATION_REASONS,
} as const;

/** The Sachinhalt (Mehrgefahren) catalogue entry. */
export const siMehrgefahrenProduct = {
  productKey: 'SI_MEHRGEFAHREN',
  typeName: 'SI',
  contractTypeCode: 'SI_ALLGEFAHREN',
  generations: ['SI_MEHRGEFAHREN'],
  name: 'Sachinhaltsversicherung Mehrgefahren',
  description:
    'Schützt Einrichtung, Maschinen und Waren Ihres Betriebs gegen Feuer, Einbruchdiebstahl, Leitungswasser, Sturm und Hagel.',
  marken: MARKEN,
  brandValues: BRAND_VALUES,
  applicationRoute: 'sachinhalt-mehrgefahren',
  pricingPath: 'si',
  kundeninformationDokument: 'SI_MEHRGEFAHREN',
  deckungsVarianten: SI_DECKUNGSVARIANTEN,
  deckungen: MEHRGEFAHREN_COVERS,
  selbstbeteiligungen: SI_SELBSTBETEILIGUNGEN,
  zahlweisen: ZAHLWEISEN,
  editableFields: EDITABLE_FIELDS,
  cancellationReasons: SI_CANCELLATION_REASONS,
} as const;

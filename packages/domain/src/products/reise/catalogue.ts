// Catalogue of the travel insurance (Reiseversicherung): a single-premium (EINMALIG) cover for one
// trip. Prices live in tariff-data.ts.
import type { BrandValue, EditableField, Marke, Personenkreis, Zahlweise } from '../enums';
import type { ReasonOption } from '../revocation-reasons';

/** Coverage variants; versicherungssumme is the trip-cancellation sum per trip. */
export const REISE_VARIANTEN = ['REISE_BASIS', 'REISE_KOMFORT', 'REISE_PREMIUM'] as const;
export type ReiseVariante = (typeof REISE_VARIANTEN)[number];

/** A coverage variant with its trip-cancellation sum in cents. */
export interface ReiseDeckungsVariante {
  deckungsVarianteIdentifier: ReiseVariante;
  deckungsVarianteName: string;
  versicherungssumme: number;
  leistungen: string;
  recommended: boolean;
}

export const REISE_DECKUNGSVARIANTEN: readonly ReiseDeckungsVariante[] = [
  {
    deckungsVarianteIdentifier: 'REISE_BASIS',
    deckungsVarianteName: 'Basis',
    versicherungssumme: 150_000,
    leistungen: 'Reiserücktritt und Reiseabbruch bis 1.500 EUR je Reise.',
    recommended: false,
  },
  {
    deckungsVarianteIdentifier: 'REISE_KOMFORT',
    deckungsVarianteName: 'Komfort',
    versicherungssumme: 300_000,
    leistungen: 'Reiserücktritt und Reiseabbruch bis 3.000 EUR je Reise, Reisegepäck bis 2.000 EUR.',
    recommended: true,
  },
  {
    deckungsVarianteIdentifier: 'REISE_PREMIUM',
    deckungsVarianteName: 'Premium',
    versicherungssumme: 600_000,
    leistungen:
      'Reiserücktritt und Reiseabbruch bis 6.000 EUR je Reise, Reisegepäck bis 3.000 EUR, 24-Stunden-Notfallhilfe und Verspätungsschutz.',
    recommended: false,
  },
];

/** German labels of the travel groups (reise.personenkreis). */
export const REISE_PERSONENKREIS_OPTIONS: readonly { key: Personenkreis; label: string }[] = [
  { key: 'SINGLE', label: 'Einzelperson' },
  { key: 'SINGLE_PLUS_KIND', label: 'Alleinreisend mit Kind(ern)' },
  { key: 'PAAR', label: 'Paar' },
  { key: 'FAMILIE', label: 'Familie' },
];

/** Covers of the travel insurance; REISEKRANKEN is offered only while the travel-health flag is on. */
export const REISE_COVERS: readonly { key: string; label: string; optional: boolean }[] = [
  { key: 'REISERUECKTRITT', label: 'Reiserücktrittsversicherung', optional: false },
  { key: 'REISEABBRUCH', label: 'Reiseabbruchversicherung', optional: false },
  { key: 'REISEGEPAECK', label: 'Reisegepäckversicherung (Komfort und Premium)', optional: false },
  { key: 'NOTFALLHILFE', label: '24-Stunden-Notfallhilfe (Premium)', optional: false },
  { key: 'REISEKRANKEN', label: 'Auslandsreisekrankenversicherung', optional: true },
];

const ZAHLWEISEN: readonly Zahlweise[] = ['EINMALIG'];

const EDITABLE_FIELDS: readonly EditableField[] = ['travelGroup'];

/** Cancellation reasons for travel contracts. */
export const REISE_CANCELLATION_REASONS: readonly ReasonOption[] = [
  { key: 'REISE_ABGESAGT', label: 'Die Reise findet nicht statt.' },
  {
    key: 'ANDERWEITIG_VERSICHERT',
    label: 'Die Reise ist bereits anderweitig versichert, z. B. über meine Kreditkarte.',
  },
  { key: 'SONSTIGES', label: 'Sonstiger Grund' },
];

/** The travel catalogue entry. */
export const reiseProduct = {
  productKey: 'REISE',
  typeName: 'REISE',
  contractTypeCode: 'REISE',
  generations: ['REISE'],
  name: 'Reiseversicherung',
  description: 'Schützt Ihre Reise bei Absage oder Abbruch, auf Wunsch mit Auslandsreisekrankenversicherung.',
  marken: ['SCHIRM'] satisfies readonly Marke[],
  brandValues: ['schirm', 's-direkt'] satisfies readonly BrandValue[],
  applicationRoute: 'reise',
  pricingPath: 'reise',
  kundeninformationDokument: 'REISE',
  singlePremium: true,
  deckungsVarianten: REISE_DECKUNGSVARIANTEN,
  deckungen: REISE_COVERS,
  selbstbeteiligungen: [],
  zahlweisen: ZAHLWEISEN,
  editableFields: EDITABLE_FIELDS,
  cancellationReasons: REISE_CANCELLATION_REASONS,
} as const;

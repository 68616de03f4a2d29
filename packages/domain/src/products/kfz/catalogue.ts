// Catalogue entry of the motor insurance (Kfz-Versicherung). The spec shows KFZ only as a product key,
// a product type name and the vehicle application start page (/antrag/allgemeine-versicherungsdaten):
// it lists no contract-type code, no generation, no variants, no tariff endpoint and no customer
// information document for it. So this entry carries exactly that and no tariff (docs/tariffs/kfz.md).
import type { BrandValue, EditableField, Marke, ProductKey, ProductTypeName } from '../enums';
import type { ReasonOption } from '../revocation-reasons';

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

/** The KFZ catalogue entry: no tariff, no variants; `hasTariff` tells callers not to offer pricing. */
export const kfzProduct = {
  productKey: 'KFZ' satisfies ProductKey,
  typeName: 'KFZ' satisfies ProductTypeName,
  contractTypeCode: null,
  name: 'Kfz-Versicherung',
  description: 'Haftpflicht- und Kaskoschutz für Ihr Fahrzeug.',
  generations: [],
  marken: ['SCHIRM'] satisfies readonly Marke[],
  brandValues: ['schirm'] satisfies readonly BrandValue[],
  applicationRoute: 'antrag/allgemeine-versicherungsdaten',
  pricingPath: null,
  kundeninformationDokument: null,
  hasTariff: false,
  deckungsVarianten: [],
  deckungen: [],
  selbstbeteiligungen: [],
  zahlweisen: [],
  editableFields: [] satisfies readonly EditableField[],
  cancellationReasons: CANCELLATION_REASONS,
} as const;

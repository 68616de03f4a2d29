// PHV rating: the rating-input schema (applied at the API boundary), the contract's product details
// and the pure price function. Arithmetic and rounding follow common/pricing.ts.
import { z } from 'zod';
import type { CalendarDate } from '../../dates/calendar-date';
import { isCalendarDate } from '../../dates/calendar-date';
import { MITVERSICHERTE_ARTEN, PRICING_ZAHLWEISEN } from '../enums';
import type { PricingResult, VariantQuote } from '../common/pricing';
import { divRound, premiumsForAllPeriods, uninsurable, withMinimumPremium } from '../common/pricing';
import {
  PHV_DECKUNGSVARIANTEN,
  PHV_FAMILIENSTAENDE,
  PHV_FAMILIENSTAND_OPTIONS,
  PHV_SELBSTBETEILIGUNGEN,
  PHV_VARIANTEN,
} from './catalogue';
import type { PhvFamilienstand, PhvVariante } from './catalogue';
import {
  PHV_BASE_PREMIUM_CENTS,
  PHV_DEDUCTIBLE_DISCOUNT_BP,
  PHV_DIENSTHAFTPFLICHT_CENTS,
  PHV_FAMILIENSTAND_FACTOR_BP,
  PHV_MAX_PRIOR_CLAIMS,
  PHV_MINIMUM_PREMIUM_CENTS,
  TARIFF_VERSION,
} from './tariff-data';

/** Rating inputs of the PHV; without `variante` every variant is quoted, without `zahlweise` every period. */
export const phvRatingInputSchema = z.object({
  familienstand: z.enum(PHV_FAMILIENSTAENDE, { error: 'Bitte wählen Sie Ihren Familienstand.' }),
  variante: z.enum(PHV_VARIANTEN, { error: 'Bitte wählen Sie eine Deckungsvariante.' }).optional(),
  selbstbeteiligung: z
    .enum(PHV_SELBSTBETEILIGUNGEN, { error: 'Bitte wählen Sie eine angebotene Selbstbeteiligung.' })
    .default('SB_KEINE'),
  diensthaftpflicht: z
    .boolean({ error: 'Bitte geben Sie an, ob Sie im öffentlichen Dienst tätig sind.' })
    .default(false),
  schaedenLetzte5Jahre: z
    .int({ error: 'Bitte geben Sie die Zahl der Schäden als ganze Zahl an.' })
    .min(0, { error: 'Die Zahl der Schäden kann nicht negativ sein.' })
    .max(99, { error: 'Bitte prüfen Sie die Zahl der Schäden.' })
    .default(0),
  zahlweise: z.enum(PRICING_ZAHLWEISEN, { error: 'Bitte wählen Sie eine Zahlweise.' }).optional(),
});
export type PhvRatingInput = z.output<typeof phvRatingInputSchema>;

const calendarDateSchema = z
  .string()
  .refine(isCalendarDate, { error: 'Bitte geben Sie ein gültiges Datum an.' });

/** Most children named in one PHV contract online. */
export const PHV_MAX_KINDER = 10;

/** A co-insured person by name (spec §3 co-insured kinds: the partner or a child). */
export const phvMitversichertePersonSchema = z.object({
  art: z.enum(MITVERSICHERTE_ARTEN),
  vorname: z.string().trim().min(1).max(100),
  name: z.string().trim().min(1).max(100),
  geburtsdatum: calendarDateSchema,
});
export type PhvMitversichertePerson = z.output<typeof phvMitversichertePersonSchema>;

/** The co-insured kinds a family status includes (spec §3): the partner, the children, or both. */
export const PHV_MITVERSICHERTE_JE_FAMILIENSTAND: Readonly<
  Record<PhvFamilienstand, readonly PhvMitversichertePerson['art'][]>
> = {
  SINGLE: [],
  SINGLE_PLUS_KIND: ['MITVERSICHERTES_KIND'],
  PAAR: ['MITVERSICHERTE_PERSON'],
  FAMILIE: ['MITVERSICHERTE_PERSON', 'MITVERSICHERTES_KIND'],
};

/** The co-insured persons a (new) family status still includes; the others are dropped. */
export function mitversicherteFuer(
  familienstand: PhvFamilienstand,
  personen: readonly PhvMitversichertePerson[] | undefined,
): PhvMitversichertePerson[] {
  const arten = PHV_MITVERSICHERTE_JE_FAMILIENSTAND[familienstand];
  return (personen ?? []).filter((person) => arten.includes(person.art));
}

/**
 * Product details of a PHV contract as stored (spec §3 'phv' and 'diensthaftpflicht'), with the
 * co-insured partner and children by name (contracts before 2026-11 have none).
 */
export const phvDetailsSchema = z.object({
  phv: z.object({
    familienstand: z.enum(PHV_FAMILIENSTAENDE),
    hfkVariante: z.enum(PHV_VARIANTEN).optional(),
  }),
  diensthaftpflicht: z
    .object({
      beruf: z.string().trim().min(1, { error: 'Bitte geben Sie Ihren Beruf an.' }),
      eingeschlossen: z.boolean(),
      einschlussZum: calendarDateSchema.optional(),
      ausschlussZum: calendarDateSchema.optional(),
    })
    .optional(),
  mitversichertePersonen: z
    .array(phvMitversichertePersonSchema)
    .max(PHV_MAX_KINDER + 1)
    .optional(),
});
export type PhvDetails = z.output<typeof phvDetailsSchema>;

/** The `phv` block of the customer view: current family status plus the selectable options. */
export function phvCustomerView(details: PhvDetails): {
  familienstand: { current: PhvFamilienstand; options: readonly { key: PhvFamilienstand; label: string }[] };
  hfkVariante?: PhvVariante;
} {
  return {
    familienstand: { current: details.phv.familienstand, options: PHV_FAMILIENSTAND_OPTIONS },
    ...(details.phv.hfkVariante ? { hfkVariante: details.phv.hfkVariante } : {}),
  };
}

// base (cents) × family factor (bp) × (1 − discount) (bp): two bp factors → 10^8.
const SCALE = 100_000_000;

/** Net annual PHV premium of one variant in cents, rounded once, minimum premium applied. */
export function phvNetAnnualCents(input: PhvRatingInput, variante: PhvVariante): number {
  const exact =
    PHV_BASE_PREMIUM_CENTS[variante] *
      PHV_FAMILIENSTAND_FACTOR_BP[input.familienstand] *
      (10_000 - PHV_DEDUCTIBLE_DISCOUNT_BP[input.selbstbeteiligung]) +
    (input.diensthaftpflicht ? PHV_DIENSTHAFTPFLICHT_CENTS * SCALE : 0);
  return withMinimumPremium(divRound(exact, SCALE), PHV_MINIMUM_PREMIUM_CENTS);
}

/** Prices the PHV for every variant (or the chosen one); pure, input already validated by the schema. */
export function pricePhv(input: PhvRatingInput, _options: { today?: CalendarDate } = {}): PricingResult {
  if (input.schaedenLetzte5Jahre > PHV_MAX_PRIOR_CLAIMS) {
    return uninsurable(
      'PHV_PRIOR_CLAIMS',
      `Bei mehr als ${PHV_MAX_PRIOR_CLAIMS} Haftpflichtschäden in den letzten fünf Jahren können wir Ihnen online leider kein Angebot machen.`,
    );
  }
  const zahlweisen = input.zahlweise ? [input.zahlweise] : undefined;
  const variants: VariantQuote[] = [];
  for (const variante of PHV_DECKUNGSVARIANTEN) {
    if (input.variante && input.variante !== variante.deckungsVarianteIdentifier) continue;
    variants.push({
      variant: variante.deckungsVarianteIdentifier,
      name: variante.deckungsVarianteName,
      versicherungssummeCents: variante.versicherungssumme,
      premiums: premiumsForAllPeriods(
        phvNetAnnualCents(input, variante.deckungsVarianteIdentifier),
        zahlweisen,
      ),
    });
  }
  return { kind: 'quote', product: 'PRIVATHAFTPFLICHT', tariffVersion: TARIFF_VERSION, variants };
}

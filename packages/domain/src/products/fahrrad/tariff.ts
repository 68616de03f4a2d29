// Bicycle pricing (tariff 2026-01): rating inputs, the pure price function, the contract's product
// details and the mapper to the pricing result of spec §3 (proportionalFee, paymentPeriod).
// The rule is explained with worked examples in docs/tariffs/fahrrad.md.
import { z } from 'zod';
import { addYears, isCalendarDate, todayInGermany } from '../../dates/calendar-date';
import type { CalendarDate } from '../../dates/calendar-date';
import { formatCents } from '../../format/money';
import { divRound, premiumsForAllPeriods, uninsurable, withMinimumPremium } from '../common/pricing';
import type { PricingResult, Quote, VariantQuote } from '../common/pricing';
import { FAHRRAD_ARTEN, FAHRRAD_DECKUNGEN, FAHRRAD_TYPEN, PRICING_ZAHLWEISEN, ZUSTAENDE } from '../enums';
import type { FahrradDeckung, PricingZahlweise, Zahlweise } from '../enums';
import {
  coversOfferedIn,
  FAHRRAD_DECKUNGS_VARIANTEN,
  FAHRRAD_INDIVIDUELL,
  fahrradDeckungsVarianten,
} from './catalogue';
import {
  MAX_ALTER_JAHRE,
  MAX_KAUFPREIS_CENTS,
  MINIMUM_PREMIUM_CENTS,
  REPAIR_RATE_BP,
  REPAIR_WITHOUT_WEAR_RATE_BP,
  SCHUTZBRIEF_CENTS,
  TARIFF_VERSION,
  THEFT_RATE_BP,
  ZUSTAND_FACTOR_BP,
} from './tariff-data';

/** Largest purchase price the schema accepts (1 Mio. EUR); keeps the integer arithmetic exact. */
const KAUFPREIS_SCHEMA_MAX_CENTS = 100_000_000;

const calendarDateSchema = z
  .string()
  .refine(isCalendarDate, { error: 'Bitte geben Sie ein gültiges Datum im Format JJJJ-MM-TT an.' });

/** Why a cover selection is invalid, or undefined when it is fine (German, for the person). */
export function fahrradCoverSelectionError(deckungen: readonly FahrradDeckung[]): string | undefined {
  if (new Set(deckungen).size !== deckungen.length) return 'Jeder Baustein darf nur einmal gewählt werden.';
  if (!deckungen.includes('FAHRRAD_DECKUNG_DIEBSTAHL')) {
    return 'Der Diebstahlschutz ist der Grundbaustein und muss gewählt sein.';
  }
  if (
    deckungen.includes('FAHRRAD_DECKUNG_REPARATUR') &&
    deckungen.includes('FAHRRAD_DECKUNG_REPARATUR_OHNE_VERSCHLEISS')
  ) {
    return 'Bitte wählen Sie entweder die Reparatur mit oder ohne Verschleiß.';
  }
  return undefined;
}

/** Rating inputs of the bicycle tariff (request body of `POST /api/taa/fahrrad2/tarifieren`). */
export const fahrradRatingInputSchema = z.object({
  generation: z.enum(['FAHRRAD', 'FAHRRAD_2']).optional(),
  art: z.enum(FAHRRAD_ARTEN, { error: 'Bitte wählen Sie, ob Sie ein Fahrrad oder ein E-Bike versichern.' }),
  typ: z.enum(FAHRRAD_TYPEN, { error: 'Bitte wählen Sie den Fahrradtyp.' }),
  kaufpreisCents: z
    .number({ error: 'Bitte geben Sie den Kaufpreis an.' })
    .int({ error: 'Bitte geben Sie den Kaufpreis in Euro an (höchstens zwei Nachkommastellen).' })
    .min(1, { error: 'Der Kaufpreis muss größer als 0 EUR sein.' })
    .max(KAUFPREIS_SCHEMA_MAX_CENTS, { error: 'Der Kaufpreis ist unplausibel hoch.' }),
  kaufdatum: calendarDateSchema,
  zustand: z.enum(ZUSTAENDE, {
    error: 'Bitte geben Sie an, ob das Fahrrad neu oder gebraucht gekauft wurde.',
  }),
  deckungen: z
    .array(z.enum(FAHRRAD_DECKUNGEN, { error: 'Unbekannter Baustein.' }))
    .min(1, { error: 'Bitte wählen Sie mindestens einen Baustein.' })
    .superRefine((deckungen, ctx) => {
      const error = fahrradCoverSelectionError(deckungen);
      if (error) ctx.addIssue({ code: 'custom', message: error });
    })
    .optional(),
  zahlweise: z.enum(PRICING_ZAHLWEISEN, { error: 'Bitte wählen Sie eine Zahlweise.' }).optional(),
});

export type FahrradRatingInput = z.infer<typeof fahrradRatingInputSchema>;

/** Options of a price function: `today` decides the bike's age (default: today in Germany). */
export interface FahrradPricingOptions {
  today?: CalendarDate;
}

const RATE_DENOMINATOR = 10_000 * 10_000;

function netAnnualCents(input: FahrradRatingInput, deckungen: readonly FahrradDeckung[]): number {
  let riskBp = 0;
  let flatCents = 0;
  for (const deckung of deckungen) {
    switch (deckung) {
      case 'FAHRRAD_DECKUNG_DIEBSTAHL':
        riskBp += THEFT_RATE_BP[input.art][input.typ];
        break;
      case 'FAHRRAD_DECKUNG_REPARATUR':
        riskBp += REPAIR_RATE_BP[input.art];
        break;
      case 'FAHRRAD_DECKUNG_REPARATUR_OHNE_VERSCHLEISS':
        riskBp += REPAIR_WITHOUT_WEAR_RATE_BP[input.art];
        break;
      case 'FAHRRAD_DECKUNG_SCHUTZBRIEF':
        flatCents += SCHUTZBRIEF_CENTS;
        break;
    }
  }
  // price × rate × condition ÷ 10 000², plus the flat covers; rounded once.
  const exact =
    input.kaufpreisCents * riskBp * ZUSTAND_FACTOR_BP[input.zustand] + flatCents * RATE_DENOMINATOR;
  return withMinimumPremium(divRound(exact, RATE_DENOMINATOR), MINIMUM_PREMIUM_CENTS);
}

function sameCovers(a: readonly FahrradDeckung[], b: readonly FahrradDeckung[]): boolean {
  return a.length === b.length && a.every((deckung) => b.includes(deckung));
}

function variantQuote(
  input: FahrradRatingInput,
  variant: { deckungsVarianteIdentifier: string; deckungsVarianteName: string },
  deckungen: readonly FahrradDeckung[],
  zahlweisen: readonly PricingZahlweise[] | undefined,
): VariantQuote {
  return {
    variant: variant.deckungsVarianteIdentifier,
    name: variant.deckungsVarianteName,
    versicherungssummeCents: input.kaufpreisCents,
    premiums: premiumsForAllPeriods(netAnnualCents(input, deckungen), zahlweisen),
  };
}

function eligibility(input: FahrradRatingInput, today: CalendarDate): PricingResult | undefined {
  const maxPrice = MAX_KAUFPREIS_CENTS[input.art];
  if (input.kaufpreisCents > maxPrice) {
    const what = input.art === 'EBIKE' ? 'E-Bikes' : 'Fahrräder';
    return uninsurable(
      'FAHRRAD_KAUFPREIS_UEBER_LIMIT',
      `${what} mit einem Kaufpreis über ${formatCents(maxPrice)} können wir online leider nicht versichern.`,
    );
  }
  if (input.kaufdatum > today) {
    return uninsurable('FAHRRAD_KAUFDATUM_IN_ZUKUNFT', 'Das Kaufdatum darf nicht in der Zukunft liegen.');
  }
  if (input.kaufdatum < addYears(today, -MAX_ALTER_JAHRE)) {
    return uninsurable(
      'FAHRRAD_ZU_ALT',
      `Wir versichern Fahrräder, die höchstens ${MAX_ALTER_JAHRE} Jahre alt sind. Ihr Fahrrad ist leider älter.`,
    );
  }
  return undefined;
}

/**
 * Prices a bicycle: one variant for the chosen covers, or every package of the generation when no
 * covers are given. The input must have passed `fahrradRatingInputSchema`.
 */
export function priceFahrrad(input: FahrradRatingInput, options: FahrradPricingOptions = {}): PricingResult {
  const refusal = eligibility(input, options.today ?? todayInGermany());
  if (refusal) return refusal;
  const generation = input.generation ?? 'FAHRRAD_2';
  const zahlweisen = input.zahlweise ? [input.zahlweise] : undefined;
  let variants: VariantQuote[];
  if (input.deckungen) {
    const deckungen = input.deckungen;
    if (!coversOfferedIn(generation, deckungen)) {
      return uninsurable(
        'FAHRRAD_DECKUNG_NICHT_IM_TARIF',
        'Mindestens ein gewählter Baustein ist in dieser Tarifgeneration nicht erhältlich.',
      );
    }
    const match = FAHRRAD_DECKUNGS_VARIANTEN.find((variant) => sameCovers(variant.deckungen, deckungen));
    variants = [variantQuote(input, match ?? FAHRRAD_INDIVIDUELL, deckungen, zahlweisen)];
  } else {
    variants = fahrradDeckungsVarianten(generation).map((variant) =>
      variantQuote(input, variant, variant.deckungen, zahlweisen),
    );
  }
  return { kind: 'quote', product: 'FAHRRAD', tariffVersion: TARIFF_VERSION, variants };
}

/** Pricing result of spec §3: the gross premium per payment period (integer cents) and the period. */
export interface FahrradPricingResult {
  /** Gross premium (net + surcharge + 19 % tax) the customer pays each period, in cents. */
  proportionalFee: number;
  paymentPeriod: Zahlweise;
}

/** One priced variant as the bicycle pricing response carries it. */
export interface FahrradVariantPricing {
  deckungsVarianteIdentifier: string;
  deckungsVarianteName: string;
  /** Insured sum in cents: the purchase price (Neuwert). */
  versicherungssumme: number;
  pricingResults: FahrradPricingResult[];
}

/** Maps a bicycle quote to the response shape of `tarifieren` (proportionalFee and paymentPeriod). */
export function toFahrradPricingResults(quote: Quote): FahrradVariantPricing[] {
  return quote.variants.map((variant) => ({
    deckungsVarianteIdentifier: variant.variant,
    deckungsVarianteName: variant.name,
    versicherungssumme: variant.versicherungssummeCents ?? 0,
    pricingResults: variant.premiums.map((premium) => ({
      proportionalFee: premium.grossCents,
      paymentPeriod: premium.zahlweise,
    })),
  }));
}

/** Frame number: 3 to 30 letters, digits, spaces, hyphens, dots or slashes, starting alphanumeric. */
export const rahmennummerSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ./-]{2,29}$/, {
    error: 'Bitte geben Sie eine gültige Rahmennummer an (3 bis 30 Zeichen, Buchstaben und Ziffern).',
  });

/** Insured risks of a bicycle contract (spec §3 `fahrrad.versicherteRisiken`). */
export const versicherteRisikenSchema = z.object({
  diebstahl: z.boolean(),
  reparatur: z.boolean(),
  reparaturOhneVerschleiss: z.boolean(),
  schutzbrief: z.boolean(),
});
export type VersicherteRisiken = z.infer<typeof versicherteRisikenSchema>;

/** The `fahrrad` block of a contract (spec §3), plus the rating facts needed for re-pricing. */
export const fahrradSchema = z.object({
  hersteller: z.string().trim().min(1, { error: 'Bitte geben Sie den Hersteller an.' }).max(100),
  rahmennummer: rahmennummerSchema.optional(),
  typ: z.enum(FAHRRAD_TYPEN),
  versicherteRisiken: versicherteRisikenSchema,
  art: z.enum(FAHRRAD_ARTEN),
  kaufpreisCents: z.number().int().min(1).max(KAUFPREIS_SCHEMA_MAX_CENTS),
  kaufdatum: calendarDateSchema,
  zustand: z.enum(ZUSTAENDE),
});

/** Product details of a bicycle contract as stored: the spec's `fahrrad` block. */
export const fahrradDetailsSchema = z.object({ fahrrad: fahrradSchema });
export type FahrradDetails = z.output<typeof fahrradDetailsSchema>;

/** The contract's insured risks for a list of covers. */
export function versicherteRisikenFromDeckungen(deckungen: readonly FahrradDeckung[]): VersicherteRisiken {
  return {
    diebstahl: deckungen.includes('FAHRRAD_DECKUNG_DIEBSTAHL'),
    reparatur: deckungen.includes('FAHRRAD_DECKUNG_REPARATUR'),
    reparaturOhneVerschleiss: deckungen.includes('FAHRRAD_DECKUNG_REPARATUR_OHNE_VERSCHLEISS'),
    schutzbrief: deckungen.includes('FAHRRAD_DECKUNG_SCHUTZBRIEF'),
  };
}

/** The covers (in catalogue order) of a contract's insured risks. */
export function deckungenFromVersicherteRisiken(risiken: VersicherteRisiken): FahrradDeckung[] {
  const selected: FahrradDeckung[] = [];
  if (risiken.diebstahl) selected.push('FAHRRAD_DECKUNG_DIEBSTAHL');
  if (risiken.reparatur) selected.push('FAHRRAD_DECKUNG_REPARATUR');
  if (risiken.reparaturOhneVerschleiss) selected.push('FAHRRAD_DECKUNG_REPARATUR_OHNE_VERSCHLEISS');
  if (risiken.schutzbrief) selected.push('FAHRRAD_DECKUNG_SCHUTZBRIEF');
  return selected;
}

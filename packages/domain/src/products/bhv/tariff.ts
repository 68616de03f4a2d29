// BHV rating for both generations and the Wechseltarif: rating-input schema (API boundary),
// contract details (spec §3 'versicherteGewerbe', 'jahresumsatz') and the pure price function.
import { z } from 'zod';
import type { CalendarDate } from '../../dates/calendar-date';
import { addMonths, compareDates, isCalendarDate, todayInGermany } from '../../dates/calendar-date';
import { formatCents } from '../../format/money';
import { JA_NEIN, PRICING_ZAHLWEISEN, SELBSTBETEILIGUNGEN } from '../enums';
import type { PricingResult, Uninsurable, VariantQuote } from '../common/pricing';
import { premiumsForAllPeriods, uninsurable, withMinimumPremium } from '../common/pricing';
import { risikoOrtSchema } from '../common/risk-address';
import type { BusinessType } from './business-types';
import { NOT_ONLINE_HAZARD_CLASS, bhvBusinessTypeById, knockoutQuestion } from './business-types';
import { BHV_GENERATIONS, BHV_VARIANTEN, bhvDeckungsVarianten } from './catalogue';
import type { BhvVariante } from './catalogue';
import { divRoundBig } from './exact-rounding';
import type { BhvHazardClass } from './tariff-data';
import {
  BHV_DEDUCTIBLE_DISCOUNT_BP,
  BHV_MAX_NEBENGEWERBE,
  BHV_MAX_UMSATZ_CENTS,
  BHV_TARIFF,
  BHV_WECHSEL_MAX_MONATE_BIS_ABLAUF,
  BHV_WECHSEL_MAX_SCHAEDEN,
  BHV_WECHSEL_RABATT_BP,
  TARIFF_VERSION,
} from './tariff-data';
import { JAHRESUMSATZ_RANGE } from '../../validation/amounts';

const businessIdSchema = z
  .string({ error: 'Bitte wählen Sie eine Tätigkeit aus der Liste.' })
  .refine((id) => bhvBusinessTypeById(id) !== undefined, {
    error: 'Bitte wählen Sie eine Tätigkeit aus der Liste.',
  });

const calendarDateSchema = z
  .string({ error: 'Bitte geben Sie ein gültiges Datum an.' })
  .refine(isCalendarDate, { error: 'Bitte geben Sie ein gültiges Datum an.' });

const countSchema = z
  .int({ error: 'Bitte geben Sie eine ganze Zahl an.' })
  .min(0, { error: 'Die Zahl kann nicht negativ sein.' })
  .max(99, { error: 'Bitte prüfen Sie die Zahl.' });

/** Annual revenue in cents; the upper bound only keeps input sane, the online limit is a tariff rule. */
const umsatzCentsSchema = z
  .int({
    error: (issue) =>
      issue.input === undefined
        ? 'Bitte geben Sie den Jahresumsatz an.'
        : 'Bitte geben Sie den Jahresumsatz in Euro an (höchstens zwei Nachkommastellen).',
  })
  .min(0, { error: 'Der Jahresumsatz kann nicht negativ sein.' })
  .max(10_000_000_000_000, { error: 'Bitte prüfen Sie den Jahresumsatz.' });

/** Rating inputs of the BHV; the server sets `generation` with generationForNewBusiness for new business. */
export const bhvRatingInputSchema = z
  .object({
    generation: z.enum(BHV_GENERATIONS, { error: 'Bitte geben Sie die Tarifgeneration an.' }),
    hauptgewerbe: businessIdSchema,
    nebengewerbe: z
      .array(businessIdSchema)
      .max(10, { error: 'Bitte wählen Sie höchstens 10 Nebengewerbe.' })
      .default([]),
    // A new business states a plausible revenue (at least 1.000,00 EUR), as in the self-service.
    jahresumsatzCents: umsatzCentsSchema.min(JAHRESUMSATZ_RANGE.minCents, {
      error: JAHRESUMSATZ_RANGE.tooSmall,
    }),
    variante: z.enum(BHV_VARIANTEN, { error: 'Bitte wählen Sie eine Deckungsvariante.' }).optional(),
    selbstbeteiligung: z
      .enum(SELBSTBETEILIGUNGEN, { error: 'Bitte wählen Sie eine angebotene Selbstbeteiligung.' })
      .default('SB_KEINE'),
    risikofragen: z
      .record(z.string(), z.enum(JA_NEIN, { error: 'Bitte beantworten Sie die Frage mit Ja oder Nein.' }))
      .default({}),
    wechsel: z
      .object({
        vorversicherer: z.string().trim().min(1, { error: 'Bitte nennen Sie Ihren bisherigen Versicherer.' }),
        vorvertragEndetAm: calendarDateSchema,
        schadenfreieJahre: countSchema,
        schaedenLetzte5Jahre: countSchema,
      })
      .optional(),
    zahlweise: z.enum(PRICING_ZAHLWEISEN, { error: 'Bitte wählen Sie eine Zahlweise.' }).optional(),
  })
  .refine(
    (input) =>
      new Set(input.nebengewerbe).size === input.nebengewerbe.length &&
      !input.nebengewerbe.includes(input.hauptgewerbe),
    { error: 'Bitte wählen Sie jede Tätigkeit nur einmal.', path: ['nebengewerbe'] },
  );
export type BhvRatingInput = z.output<typeof bhvRatingInputSchema>;

/** Product details of a BHV contract (spec §3 'versicherteGewerbe' and 'jahresumsatz', value in cents). */
export const bhvDetailsSchema = z.object({
  versicherteGewerbe: z.object({
    hauptgewerbe: businessIdSchema,
    nebengewerbe: z.array(businessIdSchema),
  }),
  jahresumsatz: z.object({ value: umsatzCentsSchema, isAdjustable: z.boolean() }),
  /** When the customer last declared or confirmed the revenue (drives the reminder tasks). */
  jahresumsatzGemeldetAm: calendarDateSchema.optional(),
  /** Business premises, where the contract names them. */
  risikoOrt: risikoOrtSchema.optional(),
});
export type BhvDetails = z.output<typeof bhvDetailsSchema>;

function businessTypesOf(input: BhvRatingInput): BusinessType[] {
  return [input.hauptgewerbe, ...input.nebengewerbe].map((id) => {
    const type = bhvBusinessTypeById(id);
    if (!type) throw new RangeError(`Unknown BHV business type id (the rating schema checks it): ${id}`);
    return type;
  });
}

/** Mischbetriebslogik: a business with several trades is rated in the highest hazard class among them. */
function ratedHazardClass(types: readonly BusinessType[]): BhvHazardClass {
  let hazard = 1;
  for (const type of types) hazard = Math.max(hazard, type.hazardClass);
  return hazard as BhvHazardClass;
}

/** Wechseltarif discount in basis points for the claim-free years (0 without a switch). */
export function bhvWechselRabattBp(schadenfreieJahre: number | undefined): number {
  if (schadenfreieJahre === undefined) return 0;
  for (const step of BHV_WECHSEL_RABATT_BP) {
    if (schadenfreieJahre >= step.abSchadenfreienJahren) return step.rabattBp;
  }
  return 0;
}

/** Net annual BHV premium of one variant in cents: exact bigint product, rounded once, minimum applied. */
export function bhvNetAnnualCents(input: BhvRatingInput, variante: BhvVariante): number {
  return netAnnualCents(
    input,
    variante,
    exactWithoutVariante(input, ratedHazardClass(businessTypesOf(input))),
  );
}

// Everything but the variant factor, in units of 1 / (100 000 × 10^12) cent; shared by all variants
// of one quote so that the bigint work is done once.
function exactWithoutVariante(input: BhvRatingInput, hazard: BhvHazardClass): bigint {
  const table = BHV_TARIFF[input.generation];
  const umsatzUeberFrei = Math.max(0, input.jahresumsatzCents - table.umsatzFreiCents);
  // Grundbeitrag and revenue part on the common denominator 100 000 cents (= 1.000 EUR of revenue).
  const basis =
    BigInt(table.grundbeitragCents[hazard]) * 100_000n +
    BigInt(umsatzUeberFrei) * BigInt(table.umsatzSatzCentsJeTausendEuro[hazard]);
  return (
    basis *
    BigInt(10_000 + input.nebengewerbe.length * table.nebengewerbeZuschlagBp) *
    BigInt(10_000 - BHV_DEDUCTIBLE_DISCOUNT_BP[input.selbstbeteiligung]) *
    BigInt(10_000 - bhvWechselRabattBp(input.wechsel?.schadenfreieJahre))
  );
}

const DENOMINATOR = 100_000n * 10_000n * 10_000n * 10_000n * 10_000n;

function netAnnualCents(input: BhvRatingInput, variante: BhvVariante, exactWithout: bigint): number {
  const table = BHV_TARIFF[input.generation];
  const varianteFactor = table.varianteFactorBp[variante];
  if (varianteFactor === undefined) throw new RangeError(`${input.generation} does not offer ${variante}`);
  const net = divRoundBig(exactWithout * BigInt(varianteFactor), DENOMINATOR);
  return withMinimumPremium(net, table.mindestbeitragCents);
}

function refusal(
  input: BhvRatingInput,
  types: readonly BusinessType[],
  todayOption: CalendarDate | undefined,
): Uninsurable | undefined {
  const notOnline = types.find((type) => type.hazardClass >= NOT_ONLINE_HAZARD_CLASS);
  if (notOnline) {
    return uninsurable(
      'BHV_BUSINESS_NOT_ONLINE',
      `Für die Tätigkeit „${notOnline.name}“ können wir Ihnen online leider keinen Versicherungsschutz anbieten.`,
    );
  }
  if (input.nebengewerbe.length > BHV_MAX_NEBENGEWERBE) {
    return uninsurable(
      'BHV_TOO_MANY_SECONDARY',
      `Online können wir neben dem Hauptgewerbe höchstens ${BHV_MAX_NEBENGEWERBE} Nebengewerbe versichern. Bitte sprechen Sie uns an.`,
    );
  }
  if (input.jahresumsatzCents > BHV_MAX_UMSATZ_CENTS) {
    return uninsurable(
      'BHV_REVENUE_LIMIT',
      `Bei einem Jahresumsatz über ${formatCents(BHV_MAX_UMSATZ_CENTS)} können wir Ihnen online leider kein Angebot machen.`,
    );
  }
  const question = knockoutQuestion(types, input.risikofragen);
  if (question) {
    return uninsurable(
      'BHV_RISK_QUESTION',
      `Aufgrund Ihrer Antwort auf die Frage „${question.text}“ können wir Ihnen online leider kein Angebot machen.`,
    );
  }
  if (input.wechsel) {
    if (input.wechsel.schaedenLetzte5Jahre > BHV_WECHSEL_MAX_SCHAEDEN) {
      return uninsurable(
        'BHV_WECHSEL_PRIOR_CLAIMS',
        `Bei mehr als ${BHV_WECHSEL_MAX_SCHAEDEN} Schäden in den letzten fünf Jahren können wir Ihnen den Wechseltarif online leider nicht anbieten.`,
      );
    }
    // Only a switch needs today; todayInGermany is comparatively slow, so it is not called otherwise.
    const today = todayOption ?? todayInGermany();
    const latest = addMonths(today, BHV_WECHSEL_MAX_MONATE_BIS_ABLAUF);
    const endet = input.wechsel.vorvertragEndetAm;
    if (compareDates(endet, today) < 0 || compareDates(endet, latest) > 0) {
      return uninsurable(
        'BHV_WECHSEL_DATE',
        `Den Wechseltarif können Sie abschließen, wenn Ihr bisheriger Vertrag frühestens heute und spätestens in ${BHV_WECHSEL_MAX_MONATE_BIS_ABLAUF} Monaten endet.`,
      );
    }
  }
  if (
    input.variante &&
    !bhvDeckungsVarianten(input.generation).some((v) => v.deckungsVarianteIdentifier === input.variante)
  ) {
    return uninsurable(
      'BHV_VARIANT_NOT_OFFERED',
      'Diese Deckungsvariante ist in Ihrer Tarifgeneration nicht verfügbar.',
    );
  }
  return undefined;
}

/**
 * Prices the BHV of the input's generation for every variant it offers (or the chosen one). `today`
 * (default: today in Germany) judges the Wechseltarif's end date of the previous contract.
 */
export function priceBhv(input: BhvRatingInput, options: { today?: CalendarDate } = {}): PricingResult {
  const types = businessTypesOf(input);
  const refused = refusal(input, types, options.today);
  if (refused) return refused;
  const exactWithout = exactWithoutVariante(input, ratedHazardClass(types));
  const zahlweisen = input.zahlweise ? [input.zahlweise] : undefined;
  const variants: VariantQuote[] = [];
  for (const variante of bhvDeckungsVarianten(input.generation)) {
    if (input.variante && input.variante !== variante.deckungsVarianteIdentifier) continue;
    variants.push({
      variant: variante.deckungsVarianteIdentifier,
      name: variante.deckungsVarianteName,
      versicherungssummeCents: variante.versicherungssumme,
      premiums: premiumsForAllPeriods(
        netAnnualCents(input, variante.deckungsVarianteIdentifier, exactWithout),
        zahlweisen,
      ),
    });
  }
  return { kind: 'quote', product: input.generation, tariffVersion: TARIFF_VERSION, variants };
}

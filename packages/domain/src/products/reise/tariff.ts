// Travel pricing (tariff 2026-01): rating inputs, the pure price function and the contract's product
// details. Travel is single-premium (EINMALIG). The travel-health share is exempt from insurance tax
// and shown separately. Explained with worked examples in docs/tariffs/reise.md.
import { z } from 'zod';
import { addYears, daysBetween, isCalendarDate, todayInGermany } from '../../dates/calendar-date';
import type { CalendarDate } from '../../dates/calendar-date';
import { INSURANCE_TAX_BP, applyBp, divRound, uninsurable, withMinimumPremium } from '../common/pricing';
import type { PeriodPremium, Quote, Uninsurable, VariantQuote } from '../common/pricing';
import { PERSONENKREISE } from '../enums';
import type { Personenkreis } from '../enums';
import { REISE_DECKUNGSVARIANTEN, REISE_VARIANTEN } from './catalogue';
import type { ReiseVariante } from './catalogue';
import {
  DAUER_STUFEN,
  GRUNDBEITRAG_CENTS,
  MAX_DAUER_TAGE,
  MAX_VORLAUF_JAHRE,
  MINIMUM_PREMIUM_CENTS,
  REISEKRANKEN_PRO_TAG_CENTS,
  TARIFF_VERSION,
} from './tariff-data';

const calendarDateSchema = z
  .string({ error: 'Bitte geben Sie ein Datum an.' })
  .refine(isCalendarDate, { error: 'Bitte geben Sie ein gültiges Datum im Format JJJJ-MM-TT an.' });

/** Travel days from start to end, both days counted (a trip from Friday to Sunday has 3 days). */
export function reiseDauer(beginn: CalendarDate, ende: CalendarDate): number {
  return daysBetween(beginn, ende) + 1;
}

const ENDE_VOR_BEGINN = 'Das Reiseende darf nicht vor dem Reisebeginn liegen.';
const DAUER_PASST_NICHT = 'Die Reisedauer passt nicht zu Beginn und Ende der Reise.';

function checkDates(
  input: { beginn: string; ende: string; dauer?: number | undefined },
  ctx: z.RefinementCtx,
): void {
  if (!isCalendarDate(input.beginn) || !isCalendarDate(input.ende)) return;
  if (input.ende < input.beginn) {
    ctx.addIssue({ code: 'custom', path: ['ende'], message: ENDE_VOR_BEGINN });
    return;
  }
  if (input.dauer !== undefined && input.dauer !== reiseDauer(input.beginn, input.ende)) {
    ctx.addIssue({ code: 'custom', path: ['dauer'], message: DAUER_PASST_NICHT });
  }
}

const dauerSchema = z
  .int({ error: 'Bitte geben Sie die Reisedauer in ganzen Tagen an.' })
  .min(1, { error: 'Die Reise dauert mindestens einen Tag.' })
  .max(3_660, { error: 'Bitte prüfen Sie die Reisedauer.' });

/** Rating inputs of the travel tariff (request body of `POST /api/taa/reise/tarifieren`). */
export const reiseRatingInputSchema = z
  .object({
    personenkreis: z.enum(PERSONENKREISE, { error: 'Bitte wählen Sie, wer reist.' }),
    beginn: calendarDateSchema,
    ende: calendarDateSchema,
    dauer: dauerSchema.optional(),
    variante: z.enum(REISE_VARIANTEN, { error: 'Bitte wählen Sie eine Deckungsvariante.' }).optional(),
    reisekrankenversicherung: z
      .boolean({ error: 'Bitte geben Sie an, ob Sie eine Auslandsreisekrankenversicherung wünschen.' })
      .default(false),
  })
  .superRefine(checkDates);
export type ReiseRatingInput = z.output<typeof reiseRatingInputSchema>;

/** Options of the price function: `today` decides whether the start date is acceptable. */
export interface ReisePricingOptions {
  today?: CalendarDate;
}

/** A travel variant quote; the tax-free travel-health share of the net premium is shown separately. */
export interface ReiseVariantQuote extends VariantQuote {
  /** Net premium of the travel health insurance in cents (no insurance tax), 0 without it. */
  reisekrankenNetCents: number;
}

/** A travel quote: its variants carry the health share. */
export interface ReiseQuote extends Quote {
  variants: ReiseVariantQuote[];
}

function dauerFaktorBp(dauer: number): number {
  for (const stufe of DAUER_STUFEN) if (dauer <= stufe.bisTage) return stufe.faktorBp;
  throw new RangeError(`Trip of ${dauer} days is longer than the last duration step`);
}

/** The single premium: 19 % tax on the travel cover only, none on the health share. */
function einmalPremium(taxableNetCents: number, healthNetCents: number): PeriodPremium {
  const netCents = taxableNetCents + healthNetCents;
  const taxCents = applyBp(taxableNetCents, INSURANCE_TAX_BP);
  return {
    zahlweise: 'EINMALIG',
    netAnnualCents: netCents,
    surchargeBp: 0,
    netCents,
    taxCents,
    grossCents: netCents + taxCents,
    grossAnnualCents: netCents + taxCents,
  };
}

function refusal(input: ReiseRatingInput, dauer: number, today: CalendarDate): Uninsurable | undefined {
  if (input.beginn < today) {
    return uninsurable(
      'REISE_BEGINN_IN_DER_VERGANGENHEIT',
      'Der Reisebeginn liegt in der Vergangenheit. Bitte versichern Sie Ihre Reise vor dem Reiseantritt.',
    );
  }
  if (input.beginn > addYears(today, MAX_VORLAUF_JAHRE)) {
    return uninsurable(
      'REISE_BEGINN_ZU_WEIT_IN_DER_ZUKUNFT',
      'Reisen, die mehr als ein Jahr in der Zukunft beginnen, können wir noch nicht versichern.',
    );
  }
  if (dauer > MAX_DAUER_TAGE) {
    return uninsurable(
      'REISE_DAUER_UEBER_MAXIMUM',
      `Wir versichern Reisen mit einer Dauer von höchstens ${MAX_DAUER_TAGE} Tagen. Ihre Reise dauert ${dauer} Tage.`,
    );
  }
  return undefined;
}

/**
 * Prices a trip for every variant (or the chosen one) as a single premium (EINMALIG). Pure; the input
 * must have passed `reiseRatingInputSchema`.
 */
export function priceReise(
  input: ReiseRatingInput,
  options: ReisePricingOptions = {},
): ReiseQuote | Uninsurable {
  const dauer = reiseDauer(input.beginn, input.ende);
  if (dauer < 1) throw new RangeError(`Trip ends before it begins: ${input.beginn}–${input.ende}`);
  const refused = refusal(input, dauer, options.today ?? todayInGermany());
  if (refused) return refused;
  const faktorBp = dauerFaktorBp(dauer);
  const healthNetCents = input.reisekrankenversicherung
    ? dauer * REISEKRANKEN_PRO_TAG_CENTS[input.personenkreis]
    : 0;
  const variants: ReiseVariantQuote[] = [];
  for (const variante of REISE_DECKUNGSVARIANTEN) {
    if (input.variante && input.variante !== variante.deckungsVarianteIdentifier) continue;
    const taxable = travelNetCents(variante.deckungsVarianteIdentifier, input.personenkreis, faktorBp);
    variants.push({
      variant: variante.deckungsVarianteIdentifier,
      name: variante.deckungsVarianteName,
      versicherungssummeCents: variante.versicherungssumme,
      premiums: [einmalPremium(taxable, healthNetCents)],
      reisekrankenNetCents: healthNetCents,
    });
  }
  return { kind: 'quote', product: 'REISE', tariffVersion: TARIFF_VERSION, variants };
}

/** Net premium of the taxable travel cover: base × duration factor, rounded once, minimum applied. */
function travelNetCents(variante: ReiseVariante, personenkreis: Personenkreis, faktorBp: number): number {
  return withMinimumPremium(
    divRound(GRUNDBEITRAG_CENTS[variante][personenkreis] * faktorBp, 10_000),
    MINIMUM_PREMIUM_CENTS,
  );
}

/** The `reise` block of a contract (spec §3), plus the travel-health choice. */
export const reiseSchema = z
  .object({
    personenkreis: z.enum(PERSONENKREISE),
    beginn: calendarDateSchema,
    ende: calendarDateSchema,
    dauer: dauerSchema,
    reisekrankenversicherung: z.boolean().optional(),
  })
  .superRefine(checkDates);

/** Product details of a travel contract as stored: the spec's `reise` block. */
export const reiseDetailsSchema = z.object({ reise: reiseSchema });
export type ReiseDetails = z.output<typeof reiseDetailsSchema>;

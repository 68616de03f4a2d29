// Plausible amounts a customer enters in self-service (issue 12): one schema per amount, used by
// the browser form before the calculation and by the server on the request, so both accept and
// refuse the same values with the same German message. The API takes amounts as German money text
// ('410.000,00'); the schemas parse it to integer cents. Upper bounds here only keep input sane;
// what the tariff insures online is the tariff's own rule (an uninsurable reason in the preview).
import { z } from 'zod';
import { formatCents, parseMoneyInput } from '../format/money';
import { MIN_VERSICHERUNGSSUMME_CENTS } from '../products/si/tariff-data';

export interface AmountRange {
  /** Smallest amount in cents. */
  minCents: number;
  /** Largest amount in cents. */
  maxCents: number;
  /** The message of a missing, unreadable or too small amount: names the minimum. */
  tooSmall: string;
  /** The message of an amount above the maximum. */
  tooBig: string;
}

/** Annual revenue of a business (BHV, VH): at least 1.000 EUR; a business with less is no business to insure. */
export const JAHRESUMSATZ_RANGE: AmountRange = {
  minCents: 100_000,
  maxCents: 100_000_000_000,
  tooSmall: `Bitte geben Sie Ihren Jahresumsatz in Euro an, mindestens ${formatCents(100_000)}.`,
  tooBig: `Bitte prüfen Sie Ihren Jahresumsatz: Mehr als ${formatCents(100_000_000_000)} können wir nicht annehmen.`,
};

/** Insured sum of a contents insurance (SI): the tariff's minimum up to 10 Mio. EUR. */
export const VERSICHERUNGSSUMME_RANGE: AmountRange = {
  minCents: MIN_VERSICHERUNGSSUMME_CENTS,
  maxCents: 1_000_000_000,
  tooSmall: `Bitte geben Sie die Versicherungssumme in Euro an, mindestens ${formatCents(MIN_VERSICHERUNGSSUMME_CENTS)}.`,
  tooBig: `Bitte prüfen Sie die Versicherungssumme: Mehr als ${formatCents(1_000_000_000)} können wir nicht annehmen.`,
};

/** The message for an amount in cents outside the range, or undefined when it is plausible. */
export function amountProblem(cents: number | undefined | null, range: AmountRange): string | undefined {
  if (cents === undefined || cents === null || !Number.isInteger(cents) || cents < range.minCents) {
    return range.tooSmall;
  }
  return cents > range.maxCents ? range.tooBig : undefined;
}

/** German money text ('410.000,00') within the range, parsed to cents. */
export function moneyAmountSchema(range: AmountRange) {
  return z.string({ error: range.tooSmall }).transform((value, ctx) => {
    const cents = parseMoneyInput(value);
    const problem = amountProblem(cents, range);
    if (problem !== undefined || typeof cents !== 'number') {
      ctx.addIssue({ code: 'custom', message: problem ?? range.tooSmall });
      return z.NEVER;
    }
    return cents;
  });
}

/** The annual revenue as the API takes it. */
export const jahresumsatzInputSchema = moneyAmountSchema(JAHRESUMSATZ_RANGE);
/** The insured sum as the API takes it. */
export const versicherungssummeInputSchema = moneyAmountSchema(VERSICHERUNGSSUMME_RANGE);

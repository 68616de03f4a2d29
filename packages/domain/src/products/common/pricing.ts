// Shared pricing arithmetic for every tariff. Amounts are integer cents; factors are integer
// basis points (1 % = 100 bp) or per-mille so that no float ever touches money.
//
// Rounding rule (the one rule, docs/tariffs/README.md): each amount that is shown or stored is
// rounded once, commercially (half away from zero) to whole cents, from exact integer arithmetic:
//   1. the tariff computes the net annual premium exactly and rounds it to cents (then applies the
//      minimum premium),
//   2. net per period = round(netAnnual × (1 + instalment surcharge) / periods per year),
//   3. insurance tax per period = round(net per period × 19 %),
//   4. gross per period = net per period + tax per period; gross per year = gross per period × periods.
import type { PricingZahlweise, Zahlweise } from '../enums';

/** Insurance tax (Versicherungsteuer) in basis points: 19 %. */
export const INSURANCE_TAX_BP = 1900;

/** Periods per year for each payment period (EINMALIG is a single premium: one period). */
export const PERIODS_PER_YEAR: Record<Zahlweise, number> = {
  JAEHRLICH: 1,
  HALBJAEHRLICH: 2,
  VIERTELJAEHRLICH: 4,
  MONATLICH: 12,
  EINMALIG: 1,
};

/** Instalment surcharge (Ratenzahlungszuschlag) in basis points on the net annual premium. */
export const INSTALMENT_SURCHARGE_BP: Record<Zahlweise, number> = {
  JAEHRLICH: 0,
  HALBJAEHRLICH: 300,
  VIERTELJAEHRLICH: 500,
  MONATLICH: 500,
  EINMALIG: 0,
};

/** Divides two integers and rounds half away from zero (kaufmännische Rundung). */
export function divRound(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator === 0) {
    throw new RangeError(
      `divRound needs safe integers and a non-zero denominator: ${numerator}/${denominator}`,
    );
  }
  const sign = Math.sign(numerator) * Math.sign(denominator);
  const n = Math.abs(numerator);
  const d = Math.abs(denominator);
  const quotient = Math.floor(n / d);
  const remainder = n - quotient * d;
  return sign * (remainder * 2 >= d ? quotient + 1 : quotient);
}

/** Applies basis points to cents, rounded commercially: cents × bp / 10 000. */
export function applyBp(cents: number, bp: number): number {
  return divRound(cents * bp, 10_000);
}

/** The premium of one payment period, split as the customer sees it. */
export interface PeriodPremium {
  zahlweise: Zahlweise;
  /** Net annual premium the tariff produced (after minimum premium), before surcharge. */
  netAnnualCents: number;
  /** Instalment surcharge in basis points applied for this period. */
  surchargeBp: number;
  /** Net premium per period (incl. surcharge, before tax). */
  netCents: number;
  /** Insurance tax (19 %) per period. */
  taxCents: number;
  /** Gross premium per period = net + tax: what the customer pays each period. */
  grossCents: number;
  /** Gross premium per year = gross per period × periods. */
  grossAnnualCents: number;
}

/** Turns a net annual premium (cents) into the premium of a payment period with surcharge and tax. */
export function premiumForPeriod(netAnnualCents: number, zahlweise: Zahlweise): PeriodPremium {
  if (!Number.isSafeInteger(netAnnualCents) || netAnnualCents < 0) {
    throw new RangeError(`netAnnualCents must be a non-negative integer: ${netAnnualCents}`);
  }
  const periods = PERIODS_PER_YEAR[zahlweise];
  const surchargeBp = INSTALMENT_SURCHARGE_BP[zahlweise];
  const netCents = divRound(netAnnualCents * (10_000 + surchargeBp), 10_000 * periods);
  const taxCents = applyBp(netCents, INSURANCE_TAX_BP);
  const grossCents = netCents + taxCents;
  return {
    zahlweise,
    netAnnualCents,
    surchargeBp,
    netCents,
    taxCents,
    grossCents,
    grossAnnualCents: grossCents * periods,
  };
}

/** Premiums for every pricing payment period (EINMALIG excluded, as in the pricing request). */
export function premiumsForAllPeriods(
  netAnnualCents: number,
  zahlweisen: readonly PricingZahlweise[] = ['MONATLICH', 'VIERTELJAEHRLICH', 'HALBJAEHRLICH', 'JAEHRLICH'],
): PeriodPremium[] {
  return zahlweisen.map((zahlweise) => premiumForPeriod(netAnnualCents, zahlweise));
}

/** Applies a minimum net annual premium. */
export function withMinimumPremium(netAnnualCents: number, minimumCents: number): number {
  return Math.max(netAnnualCents, minimumCents);
}

/** A tariff's answer when the risk cannot be insured online; `reason` is German, for the person. */
export interface Uninsurable {
  kind: 'uninsurable';
  /** Stable machine code, e.g. 'THV_DANGEROUS_BREED'. */
  code: string;
  /** German explanation shown on the 'sorry' page. */
  reason: string;
}

/** One priced variant (deckungsVariante) of a quote. */
export interface VariantQuote {
  /** deckungsVarianteIdentifier */
  variant: string;
  /** Human name of the variant (deckungsVarianteName). */
  name: string;
  /** Insured sum in cents, where the product has one. */
  versicherungssummeCents?: number;
  /** Premium per pricing payment period. */
  premiums: PeriodPremium[];
}

/** A successful quote: one entry per offered variant. */
export interface Quote {
  kind: 'quote';
  product: string;
  tariffVersion: string;
  variants: VariantQuote[];
}

export type PricingResult = Quote | Uninsurable;

/** Builds an uninsurable result. */
export function uninsurable(code: string, reason: string): Uninsurable {
  return { kind: 'uninsurable', code, reason };
}

// BHV tariff 2026-01 for both generations as data. Net annual premiums in cents before the 19 %
// insurance tax, factors in basis points. docs/tariffs/bhv.md explains every figure.
import type { Selbstbeteiligung } from '../enums';
import type { BhvGeneration, BhvVariante } from './catalogue';

/** Version of the BHV tariff. */
export const TARIFF_VERSION = '2026-01';

/** Rated hazard classes of the business types (class 5 is not insurable online). */
export type BhvHazardClass = 1 | 2 | 3 | 4;

/** The rating table of one generation. */
export interface BhvTariffTable {
  /** Grundbeitrag per hazard class, includes an annual revenue up to `umsatzFreiCents`. */
  grundbeitragCents: Record<BhvHazardClass, number>;
  /** Revenue included in the Grundbeitrag. */
  umsatzFreiCents: number;
  /** Premium in cents per 1.000 EUR revenue above the included revenue (per-mille rate × 100). */
  umsatzSatzCentsJeTausendEuro: Record<BhvHazardClass, number>;
  /** Sum-insured factor per offered variant. */
  varianteFactorBp: Partial<Record<BhvVariante, number>>;
  /** Surcharge per secondary business type (Nebengewerbe). */
  nebengewerbeZuschlagBp: number;
  /** Minimum net annual premium. */
  mindestbeitragCents: number;
}

/**
 * Market level 2026: German online BHV for small firms costs about 100–250 EUR net a year for office
 * trades and 300–1.000 EUR for craft trades (3–5 Mio EUR sums, revenue up to a few 100.000 EUR). The
 * Grundbeitrag covers revenue up to 100.000 EUR; above it a per-mille rate of revenue applies, which
 * is how the market rates turnover-driven exposure (more jobs, more products, more claims).
 * Generation 2 lowered the revenue rates (better claims experience of small firms) and the
 * Nebengewerbe surcharge, and raised the Grundbeiträge slightly.
 */
export const BHV_TARIFF: Record<BhvGeneration, BhvTariffTable> = {
  BHV_1: {
    grundbeitragCents: { 1: 13_500, 2: 20_000, 3: 28_500, 4: 40_000 },
    umsatzFreiCents: 10_000_000,
    umsatzSatzCentsJeTausendEuro: { 1: 40, 2: 80, 3: 120, 4: 180 },
    varianteFactorBp: { BHV_BASIS: 10_000, BHV_KOMFORT: 11_000 },
    nebengewerbeZuschlagBp: 1_500,
    mindestbeitragCents: 11_000,
  },
  BHV_2: {
    grundbeitragCents: { 1: 14_000, 2: 21_000, 3: 29_000, 4: 42_000 },
    umsatzFreiCents: 10_000_000,
    umsatzSatzCentsJeTausendEuro: { 1: 35, 2: 70, 3: 110, 4: 170 },
    varianteFactorBp: { BHV_BASIS: 10_000, BHV_KOMFORT: 11_500, BHV_PREMIUM: 13_500 },
    nebengewerbeZuschlagBp: 1_000,
    mindestbeitragCents: 12_000,
  },
};

/**
 * Deductible discount, both generations. Commercial claims are larger than private ones, so a
 * deductible removes a smaller share of the claims cost than in the PHV.
 */
export const BHV_DEDUCTIBLE_DISCOUNT_BP: Record<Selbstbeteiligung, number> = {
  SB_KEINE: 0,
  SB_250: 500,
  SB_500: 1_000,
  SB_1000: 1_500,
  SB_5000: 2_500,
};

/** Annual revenue above 2 Mio EUR needs individual underwriting. */
export const BHV_MAX_UMSATZ_CENTS = 200_000_000;

/** At most three secondary business types online (Mischbetrieb beyond that: individual underwriting). */
export const BHV_MAX_NEBENGEWERBE = 3;

/**
 * Wechseltarif: discount for claim-free years with the previous insurer, proven by the previous
 * insurer's certificate (Vorversicherungsnachweis). Ordered by minimum years, highest first.
 */
export const BHV_WECHSEL_RABATT_BP: readonly { abSchadenfreienJahren: number; rabattBp: number }[] = [
  { abSchadenfreienJahren: 5, rabattBp: 1_500 },
  { abSchadenfreienJahren: 3, rabattBp: 1_000 },
];

/** Wechseltarif: more claims than this in the last five years need individual underwriting. */
export const BHV_WECHSEL_MAX_SCHAEDEN = 2;

/** Wechseltarif: the previous contract must end within this many months from today. */
export const BHV_WECHSEL_MAX_MONATE_BIS_ABLAUF = 12;

// Travel tariff 2026-01 as data: single premiums per trip in cents, duration factors in basis points.
// The rule is in tariff.ts and docs/tariffs/reise.md.
import type { Personenkreis } from '../enums';
import type { ReiseVariante } from './catalogue';

export const TARIFF_VERSION = '2026-01';

/**
 * Single premium per trip for a trip of up to 8 days (factor 1,00), by variant and travel group.
 * German single-trip cancellation packages cost about 3 % of a 1.000–1.500 EUR trip for one person;
 * a couple pays ~1,7×, a family ~2×; the larger sums of Komfort and Premium scale the premium.
 */
export const GRUNDBEITRAG_CENTS: Record<ReiseVariante, Record<Personenkreis, number>> = {
  REISE_BASIS: { SINGLE: 2_900, SINGLE_PLUS_KIND: 3_900, PAAR: 4_900, FAMILIE: 5_900 },
  REISE_KOMFORT: { SINGLE: 4_400, SINGLE_PLUS_KIND: 5_900, PAAR: 7_400, FAMILIE: 8_900 },
  REISE_PREMIUM: { SINGLE: 6_900, SINGLE_PLUS_KIND: 9_200, PAAR: 11_500, FAMILIE: 13_800 },
};

/**
 * Duration factor by trip length in days (both travel days counted). Longer trips mean more days on
 * which an interruption, lost luggage or an emergency can happen; the factor grows less than
 * proportionally because the cancellation risk before departure does not depend on the length.
 */
export const DAUER_STUFEN: readonly { bisTage: number; faktorBp: number }[] = [
  { bisTage: 4, faktorBp: 7_000 },
  { bisTage: 8, faktorBp: 10_000 },
  { bisTage: 15, faktorBp: 12_500 },
  { bisTage: 22, faktorBp: 15_000 },
  { bisTage: 31, faktorBp: 17_500 },
  { bisTage: 45, faktorBp: 21_000 },
  { bisTage: 62, faktorBp: 25_000 },
];

/** Longest insurable trip in days: the last duration step. */
export const MAX_DAUER_TAGE = 62;

/** How far ahead a trip may begin, in years (travel is booked at most about a year ahead). */
export const MAX_VORLAUF_JAHRE = 1;

/**
 * Travel health insurance abroad (Auslandsreisekrankenversicherung) per travel day and group: market
 * single-trip health covers cost about 1 EUR per person and day. Exempt from insurance tax as health insurance (§ 4 VersStG; BFH II R 26/10: only when shown separately).
 */
export const REISEKRANKEN_PRO_TAG_CENTS: Record<Personenkreis, number> = {
  SINGLE: 120,
  SINGLE_PLUS_KIND: 180,
  PAAR: 240,
  FAMILIE: 330,
};

/** Minimum net premium of the taxable travel cover per trip (binds for short single trips). */
export const MINIMUM_PREMIUM_CENTS = 2_500;

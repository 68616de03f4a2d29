// Hausrat tariff 2026-01 as data: rates in cents per square metre of living space or flat cents per
// year, discounts in basis points. The rule using them is in tariff.ts and docs/tariffs/hausrat.md.
import type { HausratSelbstbeteiligung, HausratVariante } from './catalogue';
import type { HausratTarifzone } from './tariff-zones';

export const TARIFF_VERSION = '2026-01';

/**
 * Base cover (Feuer, Einbruchdiebstahl, Leitungswasser, Sturm/Hagel) in cents per m² and year, by
 * variant and tariff zone. German online household tariffs cost about 1–2 EUR per m² depending on
 * the burglary zone; Komfort adds ~25 % for gross negligence up to the sum insured, Premium another
 * ~25 % for the wider valuables and vehicle-theft limits.
 */
export const BASIS_RATE_PRO_QM_CENTS: Record<HausratVariante, Record<HausratTarifzone, number>> = {
  HAUSRAT_BASIS: { 1: 95, 2: 115, 3: 140, 4: 175 },
  HAUSRAT_KOMFORT: { 1: 120, 2: 145, 3: 175, 4: 215 },
  HAUSRAT_PREMIUM: { 1: 150, 2: 180, 3: 220, 4: 265 },
};

/** Glass breakage (Glasbruch): 0,25 EUR per m² (a 70 m² flat: 17,50 EUR, market 15–30 EUR). */
export const GLASBRUCH_PRO_QM_CENTS = 25;

/** ZÜRS flood hazard class of an address (ZÜRS Geo of the GDV): 1 lowest to 4 highest. */
export type ZuersKlasse = 1 | 2 | 3 | 4;

/**
 * Elementary cover (Elementarschäden) per m², by ZÜRS class. Classes 1 (flood less than once in 200
 * years) and 2 (once in 100–200 years) are the normal market; class 3 (once in 10–100 years) carries a
 * surcharge of 140 % over class 2; class 4 (more often than once in 10 years) is not includable (null).
 */
export const ELEMENTAR_PRO_QM_CENTS: Record<ZuersKlasse, number | null> = { 1: 15, 2: 25, 3: 60, 4: null };

/**
 * Bicycle theft clause (Fahrraddiebstahl, up to 1 % of the sum insured): flat per year by zone,
 * because bicycle theft follows the same urban pattern as burglary.
 */
export const FAHRRAD_FLAT_CENTS: Record<HausratTarifzone, number> = {
  1: 1_800,
  2: 2_400,
  3: 3_000,
  4: 3_900,
};

/**
 * Home assistance (Wohnungsschutzbrief): flat 12,00 EUR a year (market 10–20 EUR). An assistance
 * service, so the deductible does not discount it.
 */
export const WOHNUNGSSCHUTZBRIEF_CENTS = 1_200;

/** Unnamed perils (Unbenannte Gefahren, all-risk extension): 0,20 EUR per m². */
export const UNBENANNTE_GEFAHREN_PRO_QM_CENTS = 20;

/**
 * Deductible discount (Selbstbeteiligung) on the property covers: a fixed 250/500 EUR deductible
 * removes the many small claims (bicycles, glass, small water damage): 10 % / 15 %.
 */
export const SELBSTBETEILIGUNG_RABATT_BP: Record<HausratSelbstbeteiligung, number> = {
  SB_KEINE: 0,
  SB_250: 1_000,
  SB_500: 1_500,
};

/** Largest living space insurable online, inclusive: larger homes need an on-site valuation. */
export const MAX_WOHNFLAECHE_QM = 300;

/** Minimum net annual premium: 45,00 EUR. */
export const MINIMUM_PREMIUM_CENTS = 4_500;

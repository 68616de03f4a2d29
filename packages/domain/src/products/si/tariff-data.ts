// Sachinhalt tariff 2026-01 as data: premium rates in basis points of the sum insured per year,
// discounts in basis points, limits in cents. The rule is in tariff.ts and docs/tariffs/si.md.
import type { Selbstbeteiligung } from '../enums';
import type { SiProduktKey, SiVariante } from './catalogue';

export const TARIFF_VERSION = '2026-01';

/** Hazard classes rated online (class 5 trades are refused). */
export type SiHazardClass = 1 | 2 | 3 | 4;

/**
 * Premium rate in bp of the sum insured (1 bp = 0,01 % = 0,1 ‰) by product, variant and hazard class.
 * Commercial contents cover for offices and practices costs about 2–3 ‰ of the sum a year for named
 * perils (Feuer, Einbruchdiebstahl, Leitungswasser, Sturm/Hagel); all-risk (Allgefahren) about 50 %
 * more. Each hazard class adds ~50 %. Optimal includes business interruption (Ertragsausfall, 12 months,
 * up to the sum insured), about +30 %. All-risk is not offered in class 4 (null).
 */
export const RATE_BP: Record<SiProduktKey, Record<SiVariante, Record<SiHazardClass, number | null>>> = {
  SI_MEHRGEFAHREN: {
    SI_KOMPAKT: { 1: 20, 2: 30, 3: 45, 4: 65 },
    SI_OPTIMAL: { 1: 26, 2: 39, 3: 58, 4: 85 },
  },
  SI_ALLGEFAHREN: {
    SI_KOMPAKT: { 1: 30, 2: 45, 3: 65, 4: null },
    SI_OPTIMAL: { 1: 39, 2: 58, 3: 85, 4: null },
  },
};

/**
 * Deductible discount (Selbstbeteiligung). Commercial contents claims are dominated by small water and
 * burglary losses, so fixed deductibles save markedly: 5 / 10 / 15 / 30 %.
 */
export const SELBSTBETEILIGUNG_RABATT_BP: Record<Selbstbeteiligung, number> = {
  SB_KEINE: 0,
  SB_250: 500,
  SB_500: 1_000,
  SB_1000: 1_500,
  SB_5000: 3_000,
};

/** SB_5000 is offered from this sum insured on: below it the deductible would swallow most claims. */
export const SB_5000_MIN_VERSICHERUNGSSUMME_CENTS = 10_000_000;

/** Smallest sum insured (10.000 EUR): below it a commercial contents contract does not pay off. */
export const MIN_VERSICHERUNGSSUMME_CENTS = 1_000_000;

/** Largest sum insured online, inclusive (1 Mio. EUR); above it an underwriter inspects the risk. */
export const MAX_VERSICHERUNGSSUMME_CENTS = 100_000_000;

/** Most secondary businesses (Nebengewerbe) insurable online next to the main business. */
export const MAX_NEBENGEWERBE = 3;

/** Minimum net annual premium per product: 100,00 EUR named perils, 120,00 EUR all-risk. */
export const MINIMUM_PREMIUM_CENTS: Record<SiProduktKey, number> = {
  SI_MEHRGEFAHREN: 10_000,
  SI_ALLGEFAHREN: 12_000,
};

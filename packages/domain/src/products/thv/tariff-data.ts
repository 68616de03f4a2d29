// THV (dog owner's liability) tariff 2026-01 as data. Net annual premiums in cents before the 19 %
// insurance tax, factors in basis points. docs/tariffs/thv.md explains every figure.
import type { HundeGroesse } from './dog-breeds';
import type { ThvSelbstbeteiligung, ThvVariante } from './catalogue';

/** Version of the THV tariff. */
export const TARIFF_VERSION = '2026-01';

/**
 * Premium of the first (most expensive) dog and of every further dog, medium size. German online
 * dog liability costs about 45–120 EUR gross a year per dog (5–20 Mio EUR sums); a further dog of
 * the same household shares the owner's behaviour, so it costs about 20 % less.
 */
export const THV_PREMIUM_PER_DOG_CENTS: Record<ThvVariante, { erster: number; weiterer: number }> = {
  THV_BASIS: { erster: 4_900, weiterer: 3_900 },
  THV_KOMFORT: { erster: 6_200, weiterer: 4_900 },
  THV_PREMIUM: { erster: 7_700, weiterer: 6_100 },
};

/**
 * Size factor: heavy dogs cause more and costlier injuries (bites, knocked-over cyclists);
 * insurers rate by size or weight with spreads of about ± 15–20 % around the medium dog.
 */
export const THV_SIZE_FACTOR_BP: Record<HundeGroesse, number> = {
  KLEIN: 8_500,
  MITTEL: 10_000,
  GROSS: 12_000,
};

/** Deductible discount: dog claims are mostly small property damage, so 250 EUR removes many. */
export const THV_DEDUCTIBLE_DISCOUNT_BP: Record<ThvSelbstbeteiligung, number> = {
  SB_KEINE: 0,
  SB_250: 1_200,
  SB_500: 2_000,
};

/** Minimum net annual premium per contract. */
export const THV_MINIMUM_PREMIUM_CENTS = 4_500;

// PHV tariff 2026-01 as data. Amounts are net annual premiums in cents (before the 19 % insurance
// tax), factors in basis points (10 000 bp = 100 %). docs/tariffs/phv.md explains every figure.
import type { PhvFamilienstand, PhvSelbstbeteiligung, PhvVariante } from './catalogue';

/** Version of the PHV tariff; stored with every quote and contract premium. */
export const TARIFF_VERSION = '2026-01';

/**
 * Base premium of a single person per variant. Market level 2026: German online PHV tariffs for a
 * single person cost about 45–95 EUR gross a year (10–50 Mio EUR sums); these net figures give
 * 53,55 / 70,21 / 90,44 EUR gross a year.
 */
export const PHV_BASE_PREMIUM_CENTS: Record<PhvVariante, number> = {
  PHV_BASIS: 4_500,
  PHV_KOMFORT: 5_900,
  PHV_PREMIUM: 7_600,
};

/**
 * Family status factor. Co-insured persons raise the claims frequency less than proportionally
 * (children under 7 are often not liable, § 828 BGB); market tariffs charge 10–20 % for a single
 * parent, 20–30 % for a couple and 35–50 % for a family over the single premium.
 */
export const PHV_FAMILIENSTAND_FACTOR_BP: Record<PhvFamilienstand, number> = {
  SINGLE: 10_000,
  SINGLE_PLUS_KIND: 11_500,
  PAAR: 12_500,
  FAMILIE: 14_500,
};

/**
 * Deductible discount. Most PHV claims are small (glasses, phones, rental damage under 500 EUR), so
 * a deductible removes many claims: 15 % for 250 EUR and 25 % for 500 EUR match market discounts.
 */
export const PHV_DEDUCTIBLE_DISCOUNT_BP: Record<PhvSelbstbeteiligung, number> = {
  SB_KEINE: 0,
  SB_250: 1_500,
  SB_500: 2_500,
};

/**
 * Public-service liability (Amts- und Diensthaftpflicht incl. loss of official keys) for civil
 * servants and public employees: a flat add-on of 15 EUR net, as common in the market (10–25 EUR);
 * it covers one person, so neither the family factor nor the deductible discount applies to it.
 */
export const PHV_DIENSTHAFTPFLICHT_CENTS = 1_500;

/** Minimum net annual premium: below 36 EUR the contract does not cover its administration cost. */
export const PHV_MINIMUM_PREMIUM_CENTS = 3_600;

/** More than this many liability claims in the last five years: not insurable online (underwriting). */
export const PHV_MAX_PRIOR_CLAIMS = 2;

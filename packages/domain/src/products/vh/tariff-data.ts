// VH tariff 2026-01 for both generations as data. Net annual premiums in cents before the 19 %
// insurance tax, factors in basis points. docs/tariffs/vh.md explains every figure.
import type { PhvAnzahl, Selbstbeteiligung } from '../enums';
import type { VhGeneration, VhVariante } from './catalogue';

/** Version of the VH tariff. */
export const TARIFF_VERSION = '2026-01';

/** Rated hazard classes of the professions (class 5 is not insurable online). */
export type VhHazardClass = 1 | 2 | 3;

/** The rating table of one generation. */
export interface VhTariffTable {
  /** Grundbeitrag per hazard class for the 250.000 EUR sum, includes revenue up to `umsatzFreiCents`. */
  grundbeitragCents: Record<VhHazardClass, number>;
  /** Revenue included in the Grundbeitrag. */
  umsatzFreiCents: number;
  /** Premium in cents per 1.000 EUR revenue above the included revenue. */
  umsatzSatzCentsJeTausendEuro: Record<VhHazardClass, number>;
  /** Sum-insured factor per offered variant. */
  varianteFactorBp: Partial<Record<VhVariante, number>>;
  /** Office liability add-on (Bürohaftpflicht: personal injury and property damage in the office, 3 Mio EUR). */
  buerohaftpflichtCents: number;
  /** Private liability add-on per insured person (owner and partners). */
  phvJePersonCents: number;
  /** Minimum net annual premium of the whole contract. */
  mindestbeitragCents: number;
}

/**
 * Market level 2026: German online VH for freelancers costs about 150–300 EUR net a year for
 * creative and IT work and 300–600 EUR for property professions (250.000 EUR sum, revenue up to
 * 100.000 EUR). Above that a per-mille rate of revenue applies: more clients, more mandates, more
 * potential breaches. VH_2 lowered the revenue rates and the add-on prices.
 */
export const VH_TARIFF: Record<VhGeneration, VhTariffTable> = {
  VH: {
    grundbeitragCents: { 1: 15_000, 2: 22_000, 3: 34_000 },
    umsatzFreiCents: 10_000_000,
    umsatzSatzCentsJeTausendEuro: { 1: 90, 2: 130, 3: 220 },
    varianteFactorBp: { VH_250: 10_000, VH_500: 13_000 },
    buerohaftpflichtCents: 6_500,
    phvJePersonCents: 6_000,
    mindestbeitragCents: 14_000,
  },
  VH_2: {
    grundbeitragCents: { 1: 16_000, 2: 23_000, 3: 36_000 },
    umsatzFreiCents: 10_000_000,
    umsatzSatzCentsJeTausendEuro: { 1: 80, 2: 120, 3: 200 },
    varianteFactorBp: { VH_250: 10_000, VH_500: 12_500, VH_1000: 15_500 },
    buerohaftpflichtCents: 6_000,
    phvJePersonCents: 5_500,
    mindestbeitragCents: 15_000,
  },
};

/**
 * Deductible discount on the professional indemnity part. VH claims are few but large, so even a
 * 5.000 EUR deductible keeps most of the claims cost with the insurer.
 */
export const VH_DEDUCTIBLE_DISCOUNT_BP: Record<Selbstbeteiligung, number> = {
  SB_KEINE: 0,
  SB_250: 500,
  SB_500: 1_000,
  SB_1000: 1_500,
  SB_5000: 3_000,
};

/** Number of insured persons of the private liability add-on. */
export const VH_PHV_PERSONEN: Record<PhvAnzahl, number> = { KEINE: 0, EINS: 1, ZWEI: 2, DREI: 3 };

/** Annual revenue above 1 Mio EUR needs individual underwriting. */
export const VH_MAX_UMSATZ_CENTS = 100_000_000;

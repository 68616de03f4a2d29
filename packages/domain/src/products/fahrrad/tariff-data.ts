// Bicycle tariff 2026-01 as data. Every rate is an integer: basis points (1 % = 100 bp) of the
// purchase price per year, or cents. The pricing rule using them is in tariff.ts and
// docs/tariffs/fahrrad.md.
import type { FahrradArt, FahrradTyp, Zustand } from '../enums';

export const TARIFF_VERSION = '2026-01';

/**
 * Theft (Diebstahl) rate per year in bp of the purchase price. Market-typical German bicycle theft
 * cover costs 5–10 % of the price a year; sports bikes (racing, mountain) are stolen more often
 * than city and trekking bikes. E-bikes carry a lower relative rate: their higher price is not
 * matched by a proportionally higher theft frequency, and most are stored indoors.
 */
export const THEFT_RATE_BP: Record<FahrradArt, Record<FahrradTyp, number>> = {
  FAHRRAD: { MOUNTAINBIKE: 600, RENNRAD: 650, SONSTIGES_RAD: 500 },
  EBIKE: { MOUNTAINBIKE: 550, RENNRAD: 600, SONSTIGES_RAD: 450 },
};

/**
 * Repair including wear parts (FAHRRAD_DECKUNG_REPARATUR) in bp of the purchase price. Repair covers
 * of German bicycle insurers ("Vollkasko") add about 2–4 %; e-bikes are higher for motor, battery
 * and electronics.
 */
export const REPAIR_RATE_BP: Record<FahrradArt, number> = { FAHRRAD: 250, EBIKE: 300 };

/**
 * Repair without wear parts (FAHRRAD_DECKUNG_REPARATUR_OHNE_VERSCHLEISS): tyres, brake pads, chain and
 * cassette are excluded, which removes the most frequent small claims, hence about 60 % of the full
 * repair rate.
 */
export const REPAIR_WITHOUT_WEAR_RATE_BP: Record<FahrradArt, number> = { FAHRRAD: 150, EBIKE: 200 };

/**
 * Assistance (FAHRRAD_DECKUNG_SCHUTZBRIEF): flat 19,00 EUR a year, independent of the bike's price,
 * in line with bicycle breakdown services of German motoring clubs and insurers (15–25 EUR).
 */
export const SCHUTZBRIEF_CENTS = 1_900;

/**
 * Condition factor on the price-related covers. A used bike has an unknown history (hidden damage,
 * worn parts) and no dealer warranty, so repair claims come earlier: +15 %.
 */
export const ZUSTAND_FACTOR_BP: Record<Zustand, number> = { NEU: 10_000, GEBRAUCHT: 11_500 };

/**
 * Highest purchase price insurable online, inclusive. Above it the risk needs an individual check
 * (high-end bikes are a favourite target of organised theft).
 */
export const MAX_KAUFPREIS_CENTS: Record<FahrradArt, number> = { FAHRRAD: 800_000, EBIKE: 1_200_000 };

/** Oldest insurable bike, in years since purchase: older bikes have a low value and a high repair frequency. */
export const MAX_ALTER_JAHRE = 3;

/** Minimum net annual premium: 49,00 EUR covers the cost of running a contract. */
export const MINIMUM_PREMIUM_CENTS = 4_900;

// Money in the JSON views: the contract model keeps whole cents, the spec's views carry EUR numbers.
import type { Selbstbeteiligung } from '../products/enums';

/** Converts whole cents to a EUR number for the JSON views. */
export function centsToEuro(cents: number): number {
  return cents / 100;
}

/** The deductible options in EUR. */
export const SELBSTBETEILIGUNG_EURO: Readonly<Record<Selbstbeteiligung, number>> = {
  SB_KEINE: 0,
  SB_250: 250,
  SB_500: 500,
  SB_1000: 1000,
  SB_5000: 5000,
};

// The premium a contract stores, split for display: net, insurance tax and gross per payment period.
// The stored gross is what is billed; the net follows from the net annual premium and the payment
// period, and the tax is what the gross holds beyond it. So the three always add up, also for travel,
// where only the travel cover carries the 19 % tax and the travel-health share none.
import { PERIODS_PER_YEAR, premiumForPeriod } from '../products/common/pricing';
import type { Zahlweise } from '../products/enums';
import type { Beitrag } from './contract-record';

export interface PremiumSplit {
  netCents: number;
  taxCents: number;
  /** The stored gross premium per payment period: net + tax. */
  grossCents: number;
  /** Gross per year; for a single premium (EINMALIG) the premium itself, which is not a yearly one. */
  grossAnnualCents: number;
}

/** Splits a stored premium so that net + tax = the stored gross per payment period. */
export function premiumSplit(beitrag: Beitrag, zahlweise: Zahlweise): PremiumSplit {
  const gross = beitrag.bruttoBeitragProPeriodeCents;
  const { netCents } = premiumForPeriod(beitrag.nettoJahresbeitragCents, zahlweise);
  const taxCents = Math.max(0, gross - netCents);
  return {
    netCents: gross - taxCents,
    taxCents,
    grossCents: gross,
    grossAnnualCents: gross * PERIODS_PER_YEAR[zahlweise],
  };
}

import { describe, expect, it } from 'vitest';
import { premiumForPeriod } from '../products/common/pricing';
import { priceReise } from '../products/reise/tariff';
import { premiumSplit } from './premium-split';

describe('premiumSplit', () => {
  it('splits a recurring premium as the tariff made it', () => {
    const period = premiumForPeriod(52_500, 'MONATLICH');
    expect(
      premiumSplit(
        { nettoJahresbeitragCents: 52_500, bruttoBeitragProPeriodeCents: period.grossCents },
        'MONATLICH',
      ),
    ).toEqual({
      netCents: period.netCents,
      taxCents: period.taxCents,
      grossCents: period.grossCents,
      grossAnnualCents: period.grossCents * 12,
    });
  });

  it('adds up to the stored single premium of a trip with tax-free travel health cover', () => {
    const quote = priceReise(
      {
        personenkreis: 'SINGLE_PLUS_KIND',
        beginn: '2027-01-01',
        ende: '2027-01-14',
        variante: 'REISE_KOMFORT',
        reisekrankenversicherung: true,
      },
      { today: '2026-11-02' },
    );
    if (quote.kind !== 'quote') throw new Error(quote.reason);
    const [premium] = quote.variants[0]!.premiums;
    const beitrag = {
      nettoJahresbeitragCents: premium!.netCents,
      bruttoBeitragProPeriodeCents: premium!.grossCents,
    };
    const split = premiumSplit(beitrag, 'EINMALIG');
    expect(split.netCents + split.taxCents).toBe(premium!.grossCents);
    expect(split.taxCents).toBe(premium!.taxCents);
    // Less than 19 % of the whole net: the health share carries no insurance tax.
    expect(split.taxCents).toBeLessThan(Math.round(premium!.netCents * 0.19));
    expect(split.grossAnnualCents).toBe(premium!.grossCents);
  });
});

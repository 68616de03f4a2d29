import { describe, expect, it } from 'vitest';
import { applyBp, divRound, premiumForPeriod } from './pricing';

describe('divRound (half away from zero)', () => {
  it.each([
    [5, 2, 3],
    [-5, 2, -3],
    [7, 3, 2],
    [8, 3, 3],
    [1, 3, 0],
    [0, 7, 0],
  ])('%i / %i = %i', (n, d, expected) => {
    expect(divRound(n, d)).toBe(expected);
  });

  it('rejects fractional input', () => {
    expect(() => divRound(1.5, 2)).toThrow(RangeError);
  });
});

describe('premiumForPeriod', () => {
  it('yearly: no surcharge, 19 % tax', () => {
    // 100,00 EUR net → 19,00 tax → 119,00 gross
    expect(premiumForPeriod(10_000, 'JAEHRLICH')).toMatchObject({
      netCents: 10_000,
      taxCents: 1_900,
      grossCents: 11_900,
      grossAnnualCents: 11_900,
    });
  });

  it('monthly: 5 % surcharge, rounded per period', () => {
    // 100,00 × 1,05 / 12 = 8,75 net; tax 1,6625 → 1,66; gross 10,41; × 12 = 124,92
    expect(premiumForPeriod(10_000, 'MONATLICH')).toMatchObject({
      netCents: 875,
      taxCents: 166,
      grossCents: 1_041,
      grossAnnualCents: 12_492,
    });
  });

  it('half-yearly: 3 % surcharge', () => {
    // 123,45 × 1,03 / 2 = 63,57675 → 63,58; tax 12,0802 → 12,08; gross 75,66
    expect(premiumForPeriod(12_345, 'HALBJAEHRLICH')).toMatchObject({
      netCents: 6_358,
      taxCents: 1_208,
      grossCents: 7_566,
    });
  });

  it('applyBp rounds half up', () => {
    expect(applyBp(250, 1900)).toBe(48); // 47,5 → 48
  });
});

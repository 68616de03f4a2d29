import { describe, expect, it } from 'vitest';
import type { PeriodPremium, PricingResult, Quote } from '../common/pricing';
import { premiumForPeriod } from '../common/pricing';
import { PRICING_ZAHLWEISEN } from '../enums';
import { PHV_FAMILIENSTAENDE, PHV_SELBSTBETEILIGUNGEN, phvProduct } from './catalogue';
import { phvCustomerView, phvDetailsSchema, phvRatingInputSchema, pricePhv } from './tariff';
import { PHV_MINIMUM_PREMIUM_CENTS } from './tariff-data';

function quote(result: PricingResult): Quote {
  if (result.kind !== 'quote') throw new Error(`expected a quote, got ${result.code}`);
  return result;
}

function onlyPremium(raw: unknown): PeriodPremium {
  const variants = quote(pricePhv(phvRatingInputSchema.parse(raw))).variants;
  expect(variants).toHaveLength(1);
  const premiums = variants[0]!.premiums;
  expect(premiums).toHaveLength(1);
  return premiums[0]!;
}

describe('PHV worked examples of docs/tariffs/phv.md', () => {
  it.each([
    [
      '1 Single, Basis, keine SB, jährlich',
      { familienstand: 'SINGLE', variante: 'PHV_BASIS', zahlweise: 'JAEHRLICH' },
      { netAnnualCents: 4_500, netCents: 4_500, taxCents: 855, grossCents: 5_355, grossAnnualCents: 5_355 },
    ],
    [
      '2 Familie, Komfort, SB 250, monatlich',
      {
        familienstand: 'FAMILIE',
        variante: 'PHV_KOMFORT',
        selbstbeteiligung: 'SB_250',
        zahlweise: 'MONATLICH',
      },
      { netAnnualCents: 7_272, netCents: 636, taxCents: 121, grossCents: 757, grossAnnualCents: 9_084 },
    ],
    [
      '3 Paar, Premium, SB 500, Diensthaftpflicht, vierteljährlich',
      {
        familienstand: 'PAAR',
        variante: 'PHV_PREMIUM',
        selbstbeteiligung: 'SB_500',
        diensthaftpflicht: true,
        zahlweise: 'VIERTELJAEHRLICH',
      },
      { netAnnualCents: 8_625, netCents: 2_264, taxCents: 430, grossCents: 2_694, grossAnnualCents: 10_776 },
    ],
    [
      '4 Single, Basis, SB 500, halbjährlich (Mindestbeitrag)',
      {
        familienstand: 'SINGLE',
        variante: 'PHV_BASIS',
        selbstbeteiligung: 'SB_500',
        zahlweise: 'HALBJAEHRLICH',
      },
      { netAnnualCents: 3_600, netCents: 1_854, taxCents: 352, grossCents: 2_206, grossAnnualCents: 4_412 },
    ],
    [
      '5 Alleinerziehend, Basis, SB 250, jährlich (kaufmännisch aufgerundet)',
      {
        familienstand: 'SINGLE_PLUS_KIND',
        variante: 'PHV_BASIS',
        selbstbeteiligung: 'SB_250',
        zahlweise: 'JAEHRLICH',
      },
      { netAnnualCents: 4_399, netCents: 4_399, taxCents: 836, grossCents: 5_235, grossAnnualCents: 5_235 },
    ],
  ])('%s', (_title, input, expected) => {
    expect(onlyPremium(input)).toMatchObject(expected);
  });
});

describe('PHV uninsurable rules', () => {
  it('refuses more than two claims in five years, with the German reason', () => {
    const result = pricePhv(phvRatingInputSchema.parse({ familienstand: 'SINGLE', schaedenLetzte5Jahre: 3 }));
    expect(result).toEqual({
      kind: 'uninsurable',
      code: 'PHV_PRIOR_CLAIMS',
      reason:
        'Bei mehr als 2 Haftpflichtschäden in den letzten fünf Jahren können wir Ihnen online leider kein Angebot machen.',
    });
  });

  it('still quotes with exactly two claims', () => {
    expect(
      pricePhv(phvRatingInputSchema.parse({ familienstand: 'SINGLE', schaedenLetzte5Jahre: 2 })).kind,
    ).toBe('quote');
  });
});

describe('PHV deductibles', () => {
  it.each([
    ['SB_KEINE', 5_900],
    ['SB_250', 5_015],
    ['SB_500', 4_425],
  ])('%s on Komfort single gives %i cents net a year', (selbstbeteiligung, netAnnualCents) => {
    const premium = onlyPremium({
      familienstand: 'SINGLE',
      variante: 'PHV_KOMFORT',
      selbstbeteiligung,
      zahlweise: 'JAEHRLICH',
    });
    expect(premium.netAnnualCents).toBe(netAnnualCents);
  });

  it('offers exactly SB_KEINE, SB_250 and SB_500 and rejects SB_1000', () => {
    expect(phvProduct.selbstbeteiligungen).toEqual(PHV_SELBSTBETEILIGUNGEN);
    const parsed = phvRatingInputSchema.safeParse({ familienstand: 'SINGLE', selbstbeteiligung: 'SB_1000' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Bitte wählen Sie eine angebotene Selbstbeteiligung.');
  });
});

describe('PHV payment periods', () => {
  it('quotes all four periods when none is chosen, each as premiumForPeriod of the same net premium', () => {
    const [variant] = quote(
      pricePhv(phvRatingInputSchema.parse({ familienstand: 'PAAR', variante: 'PHV_BASIS' })),
    ).variants;
    expect(variant!.premiums.map((p) => p.zahlweise)).toEqual([...PRICING_ZAHLWEISEN]);
    for (const premium of variant!.premiums) {
      expect(premium).toEqual(premiumForPeriod(5_625, premium.zahlweise));
    }
  });

  it.each([
    ['MONATLICH', 492, 93, 585],
    ['VIERTELJAEHRLICH', 1_477, 281, 1_758],
    ['HALBJAEHRLICH', 2_897, 550, 3_447],
    ['JAEHRLICH', 5_625, 1_069, 6_694],
  ])('%s for Paar Basis: net %i, tax %i, gross %i', (zahlweise, netCents, taxCents, grossCents) => {
    expect(onlyPremium({ familienstand: 'PAAR', variante: 'PHV_BASIS', zahlweise })).toMatchObject({
      netCents,
      taxCents,
      grossCents,
    });
  });
});

describe('PHV properties', () => {
  it('never goes below the minimum and grows with the sum insured, for every combination', () => {
    const minimum = premiumForPeriod(PHV_MINIMUM_PREMIUM_CENTS, 'JAEHRLICH').grossCents;
    for (const familienstand of PHV_FAMILIENSTAENDE) {
      for (const selbstbeteiligung of PHV_SELBSTBETEILIGUNGEN) {
        for (const diensthaftpflicht of [false, true]) {
          const { variants } = quote(
            pricePhv({ familienstand, selbstbeteiligung, diensthaftpflicht, schaedenLetzte5Jahre: 0 }),
          );
          const yearly = variants.map((v) => ({
            sum: v.versicherungssummeCents!,
            gross: v.premiums.find((p) => p.zahlweise === 'JAEHRLICH')!.grossCents,
          }));
          for (const entry of yearly) expect(entry.gross).toBeGreaterThanOrEqual(minimum);
          const bySum = [...yearly].sort((a, b) => a.sum - b.sum);
          for (let i = 1; i < bySum.length; i++) {
            expect(bySum[i]!.gross).toBeGreaterThanOrEqual(bySum[i - 1]!.gross);
          }
        }
      }
    }
  });
});

describe('PHV schemas', () => {
  it('fills defaults and rejects an unknown family status in German', () => {
    expect(phvRatingInputSchema.parse({ familienstand: 'FAMILIE' })).toEqual({
      familienstand: 'FAMILIE',
      selbstbeteiligung: 'SB_KEINE',
      diensthaftpflicht: false,
      schaedenLetzte5Jahre: 0,
    });
    const parsed = phvRatingInputSchema.safeParse({ familienstand: 'VERHEIRATET' });
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ['familienstand'],
      message: 'Bitte wählen Sie Ihren Familienstand.',
    });
  });

  it('stores the spec field names and shows the family status with its options', () => {
    const details = phvDetailsSchema.parse({
      phv: { familienstand: 'PAAR', hfkVariante: 'PHV_KOMFORT' },
      diensthaftpflicht: { beruf: 'Lehrerin', eingeschlossen: true, einschlussZum: '2026-01-01' },
    });
    expect(phvCustomerView(details)).toEqual({
      familienstand: {
        current: 'PAAR',
        options: [
          { key: 'SINGLE', label: 'Single' },
          { key: 'SINGLE_PLUS_KIND', label: 'Alleinerziehend mit Kind(ern)' },
          { key: 'PAAR', label: 'Paar ohne Kinder' },
          { key: 'FAMILIE', label: 'Familie mit Kind(ern)' },
        ],
      },
      hfkVariante: 'PHV_KOMFORT',
    });
    expect(
      phvDetailsSchema.safeParse({
        phv: { familienstand: 'PAAR' },
        diensthaftpflicht: { beruf: 'Lehrer', eingeschlossen: true, einschlussZum: '2026-02-30' },
      }).success,
    ).toBe(false);
  });
});

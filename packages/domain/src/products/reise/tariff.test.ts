import { describe, expect, it } from 'vitest';
import { premiumForPeriod } from '../common/pricing';
import type { Quote, Uninsurable } from '../common/pricing';
import { PERSONENKREISE } from '../enums';
import { REISE_VARIANTEN, reiseProduct } from './catalogue';
import { priceReise, reiseDauer, reiseDetailsSchema, reiseRatingInputSchema } from './tariff';
import type { ReiseQuote, ReiseRatingInput } from './tariff';
import { MINIMUM_PREMIUM_CENTS } from './tariff-data';

const today = '2026-11-22';

function quote<Q extends Quote>(result: Q | Uninsurable): Q {
  if (result.kind !== 'quote') throw new Error(`expected a quote, got ${result.code}: ${result.reason}`);
  return result;
}

/** Per variant: [net, tax, gross] of the single premium and the tax-free health share, in cents. */
function summary(result: ReiseQuote | Uninsurable) {
  return quote(result).variants.map((variant) => {
    const [premium] = variant.premiums;
    return {
      variant: variant.variant,
      versicherungssumme: variant.versicherungssummeCents,
      zahlweise: premium?.zahlweise,
      einmalig: [premium?.netCents, premium?.taxCents, premium?.grossCents],
      reisekranken: variant.reisekrankenNetCents,
    };
  });
}

function price(input: Record<string, unknown>): ReiseQuote | Uninsurable {
  return priceReise(reiseRatingInputSchema.parse(input), { today });
}

const trip = { personenkreis: 'SINGLE', beginn: '2027-06-05', ende: '2027-06-12' };

describe('worked examples of docs/tariffs/reise.md', () => {
  it('Example 1: one traveller, 8 days, all variants', () => {
    expect(summary(price(trip))).toEqual([
      {
        variant: 'REISE_BASIS',
        versicherungssumme: 150_000,
        zahlweise: 'EINMALIG',
        einmalig: [2_900, 551, 3_451],
        reisekranken: 0,
      },
      {
        variant: 'REISE_KOMFORT',
        versicherungssumme: 300_000,
        zahlweise: 'EINMALIG',
        einmalig: [4_400, 836, 5_236],
        reisekranken: 0,
      },
      {
        variant: 'REISE_PREMIUM',
        versicherungssumme: 600_000,
        zahlweise: 'EINMALIG',
        einmalig: [6_900, 1_311, 8_211],
        reisekranken: 0,
      },
    ]);
  });

  it('Example 2: family, 21 days, Komfort with travel health insurance', () => {
    const input = {
      personenkreis: 'FAMILIE',
      beginn: '2027-07-15',
      ende: '2027-08-04',
      variante: 'REISE_KOMFORT',
      reisekrankenversicherung: true,
    };
    expect(summary(price(input))).toEqual([
      {
        variant: 'REISE_KOMFORT',
        versicherungssumme: 300_000,
        zahlweise: 'EINMALIG',
        einmalig: [20_280, 2_537, 22_817],
        reisekranken: 6_930,
      },
    ]);
  });

  it('Example 3: weekend trip, 3 days, Basis: minimum premium', () => {
    const input = {
      personenkreis: 'SINGLE',
      beginn: '2027-05-14',
      ende: '2027-05-16',
      variante: 'REISE_BASIS',
    };
    expect(summary(price(input))).toEqual([
      {
        variant: 'REISE_BASIS',
        versicherungssumme: 150_000,
        zahlweise: 'EINMALIG',
        einmalig: [2_500, 475, 2_975],
        reisekranken: 0,
      },
    ]);
  });

  const longest = {
    personenkreis: 'SINGLE_PLUS_KIND',
    beginn: '2027-06-01',
    ende: '2027-08-01',
    variante: 'REISE_PREMIUM',
    reisekrankenversicherung: true,
  };

  it('Example 4: single parent, 62 days (the maximum), Premium with travel health insurance', () => {
    expect(summary(price(longest))).toEqual([
      {
        variant: 'REISE_PREMIUM',
        versicherungssumme: 600_000,
        zahlweise: 'EINMALIG',
        einmalig: [34_160, 4_370, 38_530],
        reisekranken: 11_160,
      },
    ]);
  });

  it('Example 4 one day longer is refused', () => {
    expect(price({ ...longest, ende: '2027-08-02' })).toEqual({
      kind: 'uninsurable',
      code: 'REISE_DAUER_UEBER_MAXIMUM',
      reason: 'Wir versichern Reisen mit einer Dauer von höchstens 62 Tagen. Ihre Reise dauert 63 Tage.',
    });
  });

  it('Example 5: couple, 15 days, Basis with travel health insurance', () => {
    const input = {
      personenkreis: 'PAAR',
      beginn: '2027-04-01',
      ende: '2027-04-15',
      variante: 'REISE_BASIS',
      reisekrankenversicherung: true,
    };
    expect(summary(price(input))).toEqual([
      {
        variant: 'REISE_BASIS',
        versicherungssumme: 150_000,
        zahlweise: 'EINMALIG',
        einmalig: [9_725, 1_164, 10_889],
        reisekranken: 3_600,
      },
    ]);
  });
});

describe('single premium and insurance tax', () => {
  it('without the health option the premium is the shared EINMALIG period premium', () => {
    for (const variant of quote(price(trip)).variants) {
      const [premium] = variant.premiums;
      expect(premium).toEqual(premiumForPeriod(premium?.netCents ?? -1, 'EINMALIG'));
    }
  });

  it('the health share carries no tax: tax is the same with and without it', () => {
    const without = quote(price({ ...trip, variante: 'REISE_KOMFORT' })).variants[0]?.premiums[0];
    const withHealth = quote(price({ ...trip, variante: 'REISE_KOMFORT', reisekrankenversicherung: true }))
      .variants[0]?.premiums[0];
    expect(withHealth?.taxCents).toBe(without?.taxCents);
    // 8 days × 1,20 EUR
    expect((withHealth?.netCents ?? 0) - (without?.netCents ?? 0)).toBe(960);
  });

  it('offers only EINMALIG', () => {
    expect(reiseProduct.zahlweisen).toEqual(['EINMALIG']);
    expect(reiseProduct.singlePremium).toBe(true);
  });
});

describe('uninsurable trips', () => {
  it('a start yesterday is refused, today is fine', () => {
    expect(price({ ...trip, beginn: '2026-11-21', ende: '2026-11-25' })).toMatchObject({
      kind: 'uninsurable',
      code: 'REISE_BEGINN_IN_DER_VERGANGENHEIT',
    });
    expect(price({ ...trip, beginn: today, ende: '2026-11-25' }).kind).toBe('quote');
  });

  it('a start exactly one year ahead is fine, one day later is refused', () => {
    expect(price({ ...trip, beginn: '2027-11-22', ende: '2027-11-30' }).kind).toBe('quote');
    expect(price({ ...trip, beginn: '2027-11-23', ende: '2027-11-30' })).toEqual({
      kind: 'uninsurable',
      code: 'REISE_BEGINN_ZU_WEIT_IN_DER_ZUKUNFT',
      reason: 'Reisen, die mehr als ein Jahr in der Zukunft beginnen, können wir noch nicht versichern.',
    });
  });
});

describe('duration', () => {
  it.each([
    ['2026-11-27', '2026-11-27', 1],
    ['2026-11-27', '2026-11-29', 3],
    ['2027-02-27', '2027-03-01', 3],
    ['2028-02-27', '2028-03-01', 4],
  ])('%s to %s is %i travel days', (beginn, ende, days) => {
    expect(reiseDauer(beginn, ende)).toBe(days);
  });

  it.each([
    [4, 7_000],
    [5, 10_000],
    [8, 10_000],
    [9, 12_500],
    [15, 12_500],
    [16, 15_000],
    [22, 15_000],
    [23, 17_500],
    [31, 17_500],
    [32, 21_000],
    [45, 21_000],
    [46, 25_000],
    [62, 25_000],
  ])('%i days use factor %i bp (Premium SINGLE 69,00 EUR × factor)', (days, factorBp) => {
    const beginn = '2027-03-01';
    const ende = new Date(Date.UTC(2027, 2, days)).toISOString().slice(0, 10);
    const net = quote(price({ ...trip, beginn, ende, variante: 'REISE_PREMIUM' })).variants[0]?.premiums[0]
      ?.netCents;
    expect(net).toBe((6_900 * factorBp) / 10_000);
  });
});

describe('rating input schema', () => {
  it('refuses an end before the start', () => {
    const parsed = reiseRatingInputSchema.safeParse({ ...trip, ende: '2027-06-04' });
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({
        path: ['ende'],
        message: 'Das Reiseende darf nicht vor dem Reisebeginn liegen.',
      }),
    ]);
  });

  it('accepts a matching duration and refuses a wrong one', () => {
    expect(reiseRatingInputSchema.safeParse({ ...trip, dauer: 8 }).success).toBe(true);
    expect(reiseRatingInputSchema.safeParse({ ...trip, dauer: 7 }).error?.issues[0]?.message).toBe(
      'Die Reisedauer passt nicht zu Beginn und Ende der Reise.',
    );
  });

  it.each([
    ['an unknown travel group', { personenkreis: 'GRUPPE' }],
    ['an impossible date', { beginn: '2027-02-30' }],
    ['a German date format', { ende: '12.06.2027' }],
  ])('refuses %s', (_label, patch) => {
    expect(reiseRatingInputSchema.safeParse({ ...trip, ...patch }).success).toBe(false);
  });
});

describe('properties', () => {
  it('never below the minimum, never falling with duration or with the variant’s sum insured', () => {
    for (const personenkreis of PERSONENKREISE) {
      for (const reisekrankenversicherung of [false, true]) {
        let previousByVariant = 0;
        for (const variante of REISE_VARIANTEN) {
          let previous = 0;
          for (let days = 1; days <= 62; days++) {
            const input: ReiseRatingInput = {
              personenkreis,
              beginn: '2027-03-01',
              ende: new Date(Date.UTC(2027, 2, days)).toISOString().slice(0, 10),
              variante,
              reisekrankenversicherung,
            };
            const variant = quote(priceReise(input, { today })).variants[0];
            const net = variant?.premiums[0]?.netCents ?? -1;
            expect(net - (variant?.reisekrankenNetCents ?? 0)).toBeGreaterThanOrEqual(MINIMUM_PREMIUM_CENTS);
            expect(net).toBeGreaterThanOrEqual(previous);
            previous = net;
            if (days === 8) {
              expect(net).toBeGreaterThan(previousByVariant);
              previousByVariant = net;
            }
          }
        }
      }
    }
  });
});

describe('contract details', () => {
  it('validate the spec field names of the reise block', () => {
    const reise = { personenkreis: 'PAAR', beginn: '2027-06-05', ende: '2027-06-12', dauer: 8 };
    expect(reiseDetailsSchema.parse({ reise })).toEqual({ reise });
    expect(reiseDetailsSchema.safeParse({ reise: { ...reise, dauer: 9 } }).success).toBe(false);
  });
});

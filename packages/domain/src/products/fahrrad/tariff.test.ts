import { describe, expect, it } from 'vitest';
import type { PricingResult, Quote } from '../common/pricing';
import { FAHRRAD_ARTEN, FAHRRAD_TYPEN, ZUSTAENDE } from '../enums';
import type { FahrradDeckung } from '../enums';
import { FAHRRAD_DECKUNGS_VARIANTEN, fahrradProduct } from './catalogue';
import { FAHRRAD_HERSTELLER } from './manufacturers';
import {
  deckungenFromVersicherteRisiken,
  fahrradDetailsSchema,
  fahrradRatingInputSchema,
  priceFahrrad,
  toFahrradPricingResults,
  versicherteRisikenFromDeckungen,
} from './tariff';
import type { FahrradRatingInput } from './tariff';
import { MINIMUM_PREMIUM_CENTS } from './tariff-data';

const today = '2026-11-22';

function quote(result: PricingResult): Quote {
  if (result.kind !== 'quote') throw new Error(`expected a quote, got ${result.code}: ${result.reason}`);
  return result;
}

/** Per variant: net annual and, per period, [net, tax, gross] in cents. */
function summary(result: PricingResult) {
  return quote(result).variants.map((variant) => ({
    variant: variant.variant,
    netAnnual: variant.premiums[0]?.netAnnualCents,
    periods: Object.fromEntries(
      variant.premiums.map((p) => [p.zahlweise, [p.netCents, p.taxCents, p.grossCents]]),
    ),
  }));
}

const base: FahrradRatingInput = {
  art: 'FAHRRAD',
  typ: 'SONSTIGES_RAD',
  kaufpreisCents: 100_000,
  kaufdatum: '2026-05-10',
  zustand: 'NEU',
  deckungen: ['FAHRRAD_DECKUNG_DIEBSTAHL'],
};

describe('worked examples of docs/tariffs/fahrrad.md', () => {
  it('Example 1: city bike 1.000,00 EUR, new, theft only', () => {
    expect(summary(priceFahrrad(base, { today }))).toEqual([
      {
        variant: 'FAHRRAD_BASIS',
        netAnnual: 5_000,
        periods: {
          MONATLICH: [438, 83, 521],
          VIERTELJAEHRLICH: [1_313, 249, 1_562],
          HALBJAEHRLICH: [2_575, 489, 3_064],
          JAEHRLICH: [5_000, 950, 5_950],
        },
      },
    ]);
  });

  it('Example 2: used e-mountainbike 3.499,00 EUR, theft + repair + assistance', () => {
    const input: FahrradRatingInput = {
      art: 'EBIKE',
      typ: 'MOUNTAINBIKE',
      kaufpreisCents: 349_900,
      kaufdatum: '2025-03-01',
      zustand: 'GEBRAUCHT',
      deckungen: ['FAHRRAD_DECKUNG_DIEBSTAHL', 'FAHRRAD_DECKUNG_REPARATUR', 'FAHRRAD_DECKUNG_SCHUTZBRIEF'],
    };
    expect(summary(priceFahrrad(input, { today }))).toEqual([
      {
        variant: 'FAHRRAD_PREMIUM',
        netAnnual: 36_103,
        periods: {
          MONATLICH: [3_159, 600, 3_759],
          VIERTELJAEHRLICH: [9_477, 1_801, 11_278],
          HALBJAEHRLICH: [18_593, 3_533, 22_126],
          JAEHRLICH: [36_103, 6_860, 42_963],
        },
      },
    ]);
  });

  it('Example 3: cheap city bike 599,00 EUR: the minimum premium applies', () => {
    const input = { ...base, kaufpreisCents: 59_900, kaufdatum: '2026-11-01' };
    expect(summary(priceFahrrad(input, { today }))).toEqual([
      {
        variant: 'FAHRRAD_BASIS',
        netAnnual: 4_900,
        periods: {
          MONATLICH: [429, 82, 511],
          VIERTELJAEHRLICH: [1_286, 244, 1_530],
          HALBJAEHRLICH: [2_524, 480, 3_004],
          JAEHRLICH: [4_900, 931, 5_831],
        },
      },
    ]);
  });

  it('Example 4: racing bike at the price limit, Komfort', () => {
    const input: FahrradRatingInput = {
      art: 'FAHRRAD',
      typ: 'RENNRAD',
      kaufpreisCents: 800_000,
      kaufdatum: '2025-06-01',
      zustand: 'NEU',
      deckungen: ['FAHRRAD_DECKUNG_DIEBSTAHL', 'FAHRRAD_DECKUNG_REPARATUR_OHNE_VERSCHLEISS'],
    };
    expect(summary(priceFahrrad(input, { today }))).toEqual([
      {
        variant: 'FAHRRAD_KOMFORT',
        netAnnual: 64_000,
        periods: {
          MONATLICH: [5_600, 1_064, 6_664],
          VIERTELJAEHRLICH: [16_800, 3_192, 19_992],
          HALBJAEHRLICH: [32_960, 6_262, 39_222],
          JAEHRLICH: [64_000, 12_160, 76_160],
        },
      },
    ]);
  });

  it('Example 5: e-bike 2.799,99 EUR without chosen covers: all three packages', () => {
    const input: FahrradRatingInput = {
      art: 'EBIKE',
      typ: 'SONSTIGES_RAD',
      kaufpreisCents: 279_999,
      kaufdatum: '2026-01-15',
      zustand: 'NEU',
    };
    expect(summary(priceFahrrad(input, { today }))).toEqual([
      {
        variant: 'FAHRRAD_BASIS',
        netAnnual: 12_600,
        periods: {
          MONATLICH: [1_103, 210, 1_313],
          VIERTELJAEHRLICH: [3_308, 629, 3_937],
          HALBJAEHRLICH: [6_489, 1_233, 7_722],
          JAEHRLICH: [12_600, 2_394, 14_994],
        },
      },
      {
        variant: 'FAHRRAD_KOMFORT',
        netAnnual: 18_200,
        periods: {
          MONATLICH: [1_593, 303, 1_896],
          VIERTELJAEHRLICH: [4_778, 908, 5_686],
          HALBJAEHRLICH: [9_373, 1_781, 11_154],
          JAEHRLICH: [18_200, 3_458, 21_658],
        },
      },
      {
        variant: 'FAHRRAD_PREMIUM',
        netAnnual: 22_900,
        periods: {
          MONATLICH: [2_004, 381, 2_385],
          VIERTELJAEHRLICH: [6_011, 1_142, 7_153],
          HALBJAEHRLICH: [11_794, 2_241, 14_035],
          JAEHRLICH: [22_900, 4_351, 27_251],
        },
      },
    ]);
  });
});

describe('uninsurable risks', () => {
  it.each([
    ['FAHRRAD', 800_000, 800_001],
    ['EBIKE', 1_200_000, 1_200_001],
  ] as const)('%s: price limit %i is insurable, 1 cent more is not', (art, limit, above) => {
    expect(priceFahrrad({ ...base, art, kaufpreisCents: limit }, { today }).kind).toBe('quote');
    const refused = priceFahrrad({ ...base, art, kaufpreisCents: above }, { today });
    expect(refused).toMatchObject({ kind: 'uninsurable', code: 'FAHRRAD_KAUFPREIS_UEBER_LIMIT' });
  });

  it('names the limit in German in the reason', () => {
    expect(priceFahrrad({ ...base, kaufpreisCents: 800_001 }, { today })).toEqual({
      kind: 'uninsurable',
      code: 'FAHRRAD_KAUFPREIS_UEBER_LIMIT',
      reason: 'Fahrräder mit einem Kaufpreis über 8.000,00 EUR können wir online leider nicht versichern.',
    });
  });

  it('a bike bought exactly 3 years ago is insurable, one day earlier is too old', () => {
    expect(priceFahrrad({ ...base, kaufdatum: '2023-11-22' }, { today }).kind).toBe('quote');
    expect(priceFahrrad({ ...base, kaufdatum: '2023-11-21' }, { today })).toMatchObject({
      kind: 'uninsurable',
      code: 'FAHRRAD_ZU_ALT',
    });
  });

  it('a purchase date after today is refused, today itself is fine', () => {
    expect(priceFahrrad({ ...base, kaufdatum: today }, { today }).kind).toBe('quote');
    expect(priceFahrrad({ ...base, kaufdatum: '2026-11-23' }, { today })).toMatchObject({
      kind: 'uninsurable',
      code: 'FAHRRAD_KAUFDATUM_IN_ZUKUNFT',
    });
  });

  it('generation 1 does not offer the covers of generation 2', () => {
    const input: FahrradRatingInput = {
      ...base,
      generation: 'FAHRRAD',
      deckungen: ['FAHRRAD_DECKUNG_DIEBSTAHL', 'FAHRRAD_DECKUNG_SCHUTZBRIEF'],
    };
    expect(priceFahrrad(input, { today })).toMatchObject({
      kind: 'uninsurable',
      code: 'FAHRRAD_DECKUNG_NICHT_IM_TARIF',
    });
  });
});

describe('variants and generations', () => {
  it('generation 1 without chosen covers offers only the packages it has', () => {
    const { deckungen: _omitted, ...withoutCovers } = base;
    const result = quote(priceFahrrad({ ...withoutCovers, generation: 'FAHRRAD' }, { today }));
    expect(result.variants.map((v) => v.variant)).toEqual(['FAHRRAD_BASIS']);
  });

  it('generation 1 prices theft + repair as an individual selection', () => {
    const input: FahrradRatingInput = {
      ...base,
      generation: 'FAHRRAD',
      deckungen: ['FAHRRAD_DECKUNG_DIEBSTAHL', 'FAHRRAD_DECKUNG_REPARATUR'],
    };
    // 1.000,00 × (5,00 % + 2,50 %) = 75,00 EUR
    expect(summary(priceFahrrad(input, { today }))[0]).toMatchObject({
      variant: 'FAHRRAD_INDIVIDUELL',
      netAnnual: 7_500,
    });
  });

  it('a selection in another order still matches its package', () => {
    const input: FahrradRatingInput = {
      ...base,
      deckungen: ['FAHRRAD_DECKUNG_REPARATUR_OHNE_VERSCHLEISS', 'FAHRRAD_DECKUNG_DIEBSTAHL'],
    };
    expect(quote(priceFahrrad(input, { today })).variants[0]?.variant).toBe('FAHRRAD_KOMFORT');
  });

  it.each([
    [false, 'FAHRRAD'],
    [true, 'FAHRRAD_2'],
  ] as const)('new product generations %s → new business gets %s', (flag, generation) => {
    expect(fahrradProduct.generationForNewBusiness(flag)).toBe(generation);
  });
});

describe('payment periods', () => {
  it.each(['MONATLICH', 'VIERTELJAEHRLICH', 'HALBJAEHRLICH', 'JAEHRLICH'] as const)(
    'a chosen %s returns only that period, with the same cents as the full quote',
    (zahlweise) => {
      const all = quote(priceFahrrad(base, { today })).variants[0]?.premiums;
      const one = quote(priceFahrrad({ ...base, zahlweise }, { today })).variants[0]?.premiums;
      expect(one).toEqual(all?.filter((p) => p.zahlweise === zahlweise));
      expect(one).toHaveLength(1);
    },
  );

  it('EINMALIG is not a payment period of the pricing request', () => {
    const parsed = fahrradRatingInputSchema.safeParse({ ...base, zahlweise: 'EINMALIG' });
    expect(parsed.success).toBe(false);
  });
});

describe('pricing result mapper (spec §3 proportionalFee, paymentPeriod)', () => {
  it('carries the gross premium per period in cents', () => {
    const [variant] = toFahrradPricingResults(quote(priceFahrrad(base, { today })));
    expect(variant).toEqual({
      deckungsVarianteIdentifier: 'FAHRRAD_BASIS',
      deckungsVarianteName: 'Basis',
      versicherungssumme: 100_000,
      pricingResults: [
        { proportionalFee: 521, paymentPeriod: 'MONATLICH' },
        { proportionalFee: 1_562, paymentPeriod: 'VIERTELJAEHRLICH' },
        { proportionalFee: 3_064, paymentPeriod: 'HALBJAEHRLICH' },
        { proportionalFee: 5_950, paymentPeriod: 'JAEHRLICH' },
      ],
    });
  });
});

describe('rating input schema', () => {
  it('accepts a complete request', () => {
    expect(fahrradRatingInputSchema.parse(base)).toEqual(base);
  });

  it.each([
    [['FAHRRAD_DECKUNG_REPARATUR'], 'Der Diebstahlschutz ist der Grundbaustein und muss gewählt sein.'],
    [
      [
        'FAHRRAD_DECKUNG_DIEBSTAHL',
        'FAHRRAD_DECKUNG_REPARATUR',
        'FAHRRAD_DECKUNG_REPARATUR_OHNE_VERSCHLEISS',
      ],
      'Bitte wählen Sie entweder die Reparatur mit oder ohne Verschleiß.',
    ],
    [
      ['FAHRRAD_DECKUNG_DIEBSTAHL', 'FAHRRAD_DECKUNG_DIEBSTAHL'],
      'Jeder Baustein darf nur einmal gewählt werden.',
    ],
  ])('refuses the cover selection %j', (deckungen, message) => {
    const parsed = fahrradRatingInputSchema.safeParse({ ...base, deckungen });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it.each([
    ['a fractional price', { kaufpreisCents: 100.5 }],
    ['a zero price', { kaufpreisCents: 0 }],
    ['an impossible date', { kaufdatum: '2026-02-30' }],
    ['an unknown bike type', { typ: 'LASTENRAD' }],
    ['an unknown condition', { zustand: 'DEFEKT' }],
  ])('refuses %s', (_label, patch) => {
    expect(fahrradRatingInputSchema.safeParse({ ...base, ...patch }).success).toBe(false);
  });
});

describe('properties', () => {
  const coverSets: FahrradDeckung[][] = FAHRRAD_DECKUNGS_VARIANTEN.map((v) => [...v.deckungen]);

  it('never below the minimum premium and never falling with the insured price', () => {
    for (const art of FAHRRAD_ARTEN) {
      for (const typ of FAHRRAD_TYPEN) {
        for (const zustand of ZUSTAENDE) {
          for (const deckungen of coverSets) {
            let previous = 0;
            for (let kaufpreisCents = 1; kaufpreisCents <= 800_000; kaufpreisCents += 4_999) {
              const input = { art, typ, zustand, deckungen, kaufpreisCents, kaufdatum: '2026-01-01' };
              const net =
                quote(priceFahrrad(input, { today })).variants[0]?.premiums[0]?.netAnnualCents ?? -1;
              expect(net).toBeGreaterThanOrEqual(MINIMUM_PREMIUM_CENTS);
              expect(net).toBeGreaterThanOrEqual(previous);
              previous = net;
            }
          }
        }
      }
    }
  });
});

describe('contract details', () => {
  it('maps covers to the insured risks and back', () => {
    const deckungen: FahrradDeckung[] = ['FAHRRAD_DECKUNG_DIEBSTAHL', 'FAHRRAD_DECKUNG_SCHUTZBRIEF'];
    const risiken = versicherteRisikenFromDeckungen(deckungen);
    expect(risiken).toEqual({
      diebstahl: true,
      reparatur: false,
      reparaturOhneVerschleiss: false,
      schutzbrief: true,
    });
    expect(deckungenFromVersicherteRisiken(risiken)).toEqual(deckungen);
  });

  it('validates the spec field names with a German frame-number message', () => {
    const fahrrad = {
      hersteller: 'Riese & Müller',
      rahmennummer: 'WAW 12345-X',
      typ: 'SONSTIGES_RAD',
      versicherteRisiken: versicherteRisikenFromDeckungen(['FAHRRAD_DECKUNG_DIEBSTAHL']),
      art: 'EBIKE',
      kaufpreisCents: 459_900,
      kaufdatum: '2026-04-01',
      zustand: 'NEU',
    };
    expect(fahrradDetailsSchema.parse({ fahrrad })).toEqual({ fahrrad });
    const bad = fahrradDetailsSchema.safeParse({ fahrrad: { ...fahrrad, rahmennummer: '#' } });
    expect(bad.error?.issues[0]?.message).toBe(
      'Bitte geben Sie eine gültige Rahmennummer an (3 bis 30 Zeichen, Buchstaben und Ziffern).',
    );
  });
});

describe('manufacturers', () => {
  it('have unique ids and names', () => {
    expect(new Set(FAHRRAD_HERSTELLER.map((h) => h.id)).size).toBe(FAHRRAD_HERSTELLER.length);
    expect(new Set(FAHRRAD_HERSTELLER.map((h) => h.name)).size).toBe(FAHRRAD_HERSTELLER.length);
    expect(FAHRRAD_HERSTELLER.map((h) => h.name)).toContain('Riese & Müller');
  });
});

import { describe, expect, it } from 'vitest';
import type { PricingResult, Quote } from '../common/pricing';
import { HAUSRAT_DECKUNGEN } from '../enums';
import type { HausratDeckung } from '../enums';
import { HAUSRAT_SELBSTBETEILIGUNGEN, HAUSRAT_VARIANTEN, hausratProduct } from './catalogue';
import {
  hausratDetailsSchema,
  hausratRatingInputSchema,
  isElementarEinschliessbar,
  priceHausrat,
} from './tariff';
import type { HausratRatingInput } from './tariff';
import { MINIMUM_PREMIUM_CENTS } from './tariff-data';
import { tariffZoneForPostcode } from './tariff-zones';

function quote(result: PricingResult): Quote {
  if (result.kind !== 'quote') throw new Error(`expected a quote, got ${result.code}: ${result.reason}`);
  return result;
}

/** Per variant: insured sum, net annual and, per period, [net, tax, gross] in cents. */
function summary(result: PricingResult) {
  return quote(result).variants.map((variant) => ({
    variant: variant.variant,
    versicherungssumme: variant.versicherungssummeCents,
    netAnnual: variant.premiums[0]?.netAnnualCents,
    periods: Object.fromEntries(
      variant.premiums.map((p) => [p.zahlweise, [p.netCents, p.taxCents, p.grossCents]]),
    ),
  }));
}

/** Parses like the API boundary does (defaults applied), then prices. */
function price(input: Record<string, unknown>): PricingResult {
  return priceHausrat(hausratRatingInputSchema.parse(input));
}

function netAnnual(input: Record<string, unknown>): number | undefined {
  return quote(price(input)).variants[0]?.premiums[0]?.netAnnualCents;
}

const BASIS: HausratDeckung = 'SCHIRM_BASISDECKUNG_HAUSRAT';
const ELEMENTAR: HausratDeckung = 'SCHIRM_ELEMENTAR_HAUSRAT';
const GLAS: HausratDeckung = 'SCHIRM_GLASBRUCH_HAUSRAT';

describe('worked examples of docs/tariffs/hausrat.md', () => {
  it('Example 1: 65 m² in München, base cover, all variants', () => {
    expect(summary(price({ plz: '80331', wohnflaeche: 65 }))).toEqual([
      {
        variant: 'HAUSRAT_BASIS',
        versicherungssumme: 4_225_000,
        netAnnual: 9_100,
        periods: {
          MONATLICH: [796, 151, 947],
          VIERTELJAEHRLICH: [2_389, 454, 2_843],
          HALBJAEHRLICH: [4_687, 891, 5_578],
          JAEHRLICH: [9_100, 1_729, 10_829],
        },
      },
      {
        variant: 'HAUSRAT_KOMFORT',
        versicherungssumme: 4_225_000,
        netAnnual: 11_375,
        periods: {
          MONATLICH: [995, 189, 1_184],
          VIERTELJAEHRLICH: [2_986, 567, 3_553],
          HALBJAEHRLICH: [5_858, 1_113, 6_971],
          JAEHRLICH: [11_375, 2_161, 13_536],
        },
      },
      {
        variant: 'HAUSRAT_PREMIUM',
        versicherungssumme: 4_225_000,
        netAnnual: 14_300,
        periods: {
          MONATLICH: [1_251, 238, 1_489],
          VIERTELJAEHRLICH: [3_754, 713, 4_467],
          HALBJAEHRLICH: [7_365, 1_399, 8_764],
          JAEHRLICH: [14_300, 2_717, 17_017],
        },
      },
    ]);
  });

  it('Example 2: 90 m² in Köln, Komfort, glass + bicycle + assistance, SB 250', () => {
    const input = {
      plz: '50667',
      wohnflaeche: 90,
      variante: 'HAUSRAT_KOMFORT',
      selbstbeteiligung: 'SB_250',
      deckungen: [BASIS, GLAS, 'SCHIRM_FAHRRAD_HAUSRAT', 'SCHIRM_WOHNUNGSSCHUTZBRIEF_HAUSRAT'],
    };
    expect(summary(price(input))).toEqual([
      {
        variant: 'HAUSRAT_KOMFORT',
        versicherungssumme: 5_850_000,
        netAnnual: 24_150,
        periods: {
          MONATLICH: [2_113, 401, 2_514],
          VIERTELJAEHRLICH: [6_339, 1_204, 7_543],
          HALBJAEHRLICH: [12_437, 2_363, 14_800],
          JAEHRLICH: [24_150, 4_589, 28_739],
        },
      },
    ]);
  });

  it('Example 3: 123 m² in Passau, Premium, elementary in ZÜRS 3 + unnamed perils, SB 500', () => {
    const input = {
      plz: '94032',
      wohnflaeche: 123,
      variante: 'HAUSRAT_PREMIUM',
      selbstbeteiligung: 'SB_500',
      zuersKlasse: 3,
      deckungen: [BASIS, ELEMENTAR, 'SCHIRM_UNBENANNTE_GEFAHREN_HAUSRAT'],
    };
    expect(summary(price(input))).toEqual([
      {
        variant: 'HAUSRAT_PREMIUM',
        versicherungssumme: 7_995_000,
        netAnnual: 24_047,
        periods: {
          MONATLICH: [2_104, 400, 2_504],
          VIERTELJAEHRLICH: [6_312, 1_199, 7_511],
          HALBJAEHRLICH: [12_384, 2_353, 14_737],
          JAEHRLICH: [24_047, 4_569, 28_616],
        },
      },
    ]);
  });

  it('Example 4: 25 m² in Erfurt, Basis, SB 500: the minimum premium applies', () => {
    const input = { plz: '99084', wohnflaeche: 25, variante: 'HAUSRAT_BASIS', selbstbeteiligung: 'SB_500' };
    expect(summary(price(input))).toEqual([
      {
        variant: 'HAUSRAT_BASIS',
        versicherungssumme: 1_625_000,
        netAnnual: 4_500,
        periods: {
          MONATLICH: [394, 75, 469],
          VIERTELJAEHRLICH: [1_181, 224, 1_405],
          HALBJAEHRLICH: [2_318, 440, 2_758],
          JAEHRLICH: [4_500, 855, 5_355],
        },
      },
    ]);
  });

  const bremen = {
    plz: '28195',
    wohnflaeche: 78,
    variante: 'HAUSRAT_BASIS',
    selbstbeteiligung: 'SB_250',
    zuersKlasse: 2,
    deckungen: [BASIS, ELEMENTAR, GLAS],
  };

  it('Example 5: 78 m² in Bremen, Basis, elementary in ZÜRS 2 + glass, SB 250', () => {
    expect(summary(price(bremen))).toEqual([
      {
        variant: 'HAUSRAT_BASIS',
        versicherungssumme: 5_070_000,
        netAnnual: 15_795,
        periods: {
          MONATLICH: [1_382, 263, 1_645],
          VIERTELJAEHRLICH: [4_146, 788, 4_934],
          HALBJAEHRLICH: [8_134, 1_545, 9_679],
          JAEHRLICH: [15_795, 3_001, 18_796],
        },
      },
    ]);
  });

  it('Example 5 in ZÜRS 4: refused with elementary, 140,40 EUR without it', () => {
    expect(price({ ...bremen, zuersKlasse: 4 })).toEqual({
      kind: 'uninsurable',
      code: 'HAUSRAT_ELEMENTAR_ZUERS_4',
      reason:
        'Ihre Adresse liegt in der ZÜRS-Gefährdungsklasse 4 (höchste Hochwassergefahr). Elementarschäden können wir dort leider nicht versichern; ohne den Elementarschutz ist ein Abschluss möglich.',
    });
    expect(netAnnual({ ...bremen, zuersKlasse: 4, deckungen: [BASIS, GLAS] })).toBe(14_040);
  });
});

describe('tariff zone by postcode', () => {
  it.each([
    ['10115', 4],
    ['50667', 4],
    ['04109', 4],
    ['80331', 3],
    ['01067', 3],
    ['94032', 1],
    ['07743', 1],
    ['99084', 2],
    ['24103', 2],
  ] as const)('%s is in zone %i', (plz, zone) => {
    expect(tariffZoneForPostcode(plz)).toBe(zone);
  });
});

describe('ZÜRS classes and elementary cover', () => {
  it.each([
    [1, true],
    [2, true],
    [3, true],
    [4, false],
  ] as const)('ZÜRS %i: includable = %s', (klasse, includable) => {
    expect(isElementarEinschliessbar(klasse)).toBe(includable);
  });

  it('class 3 carries a surcharge over classes 1 and 2 (0,15 / 0,25 / 0,60 EUR per m²)', () => {
    const home = { plz: '99084', wohnflaeche: 100, variante: 'HAUSRAT_BASIS', deckungen: [BASIS, ELEMENTAR] };
    // base 100 × 1,15 = 115,00 EUR plus 100 × the elementary rate
    expect([1, 2, 3].map((zuersKlasse) => netAnnual({ ...home, zuersKlasse }))).toEqual([
      13_000, 14_000, 17_500,
    ]);
  });

  it('the price function refuses elementary cover without a class; the schema answers 400 first', () => {
    const input: HausratRatingInput = {
      plz: '99084',
      wohnflaeche: 60,
      deckungen: [BASIS, ELEMENTAR],
      selbstbeteiligung: 'SB_KEINE',
    };
    expect(priceHausrat(input)).toMatchObject({ kind: 'uninsurable', code: 'HAUSRAT_ZUERS_UNBEKANNT' });
    const parsed = hausratRatingInputSchema.safeParse(input);
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({
        path: ['zuersKlasse'],
        message: 'Für den Elementarschutz benötigen wir die ZÜRS-Gefährdungsklasse Ihrer Adresse.',
      }),
    ]);
  });
});

describe('living space limit', () => {
  it('300 m² is insurable, 301 m² is not', () => {
    expect(price({ plz: '99084', wohnflaeche: 300 }).kind).toBe('quote');
    expect(price({ plz: '99084', wohnflaeche: 301 })).toEqual({
      kind: 'uninsurable',
      code: 'HAUSRAT_WOHNFLAECHE_UEBER_LIMIT',
      reason:
        'Wohnungen und Häuser mit mehr als 300 m² Wohnfläche können wir online leider nicht versichern.',
    });
  });
});

describe('deductibles', () => {
  // 100 m² Basis zone 2: property 115,00 EUR + Wohnungsschutzbrief 12,00 (never discounted)
  const home = {
    plz: '99084',
    wohnflaeche: 100,
    variante: 'HAUSRAT_BASIS',
    deckungen: [BASIS, 'SCHIRM_WOHNUNGSSCHUTZBRIEF_HAUSRAT'],
  };

  it.each([
    ['SB_KEINE', 12_700],
    ['SB_250', 11_550],
    ['SB_500', 10_975],
  ] as const)('%s → net annual %i cents', (selbstbeteiligung, cents) => {
    expect(netAnnual({ ...home, selbstbeteiligung })).toBe(cents);
  });

  it('offers exactly SB_KEINE, SB_250 and SB_500', () => {
    expect(HAUSRAT_SELBSTBETEILIGUNGEN).toEqual(['SB_KEINE', 'SB_250', 'SB_500']);
    for (const selbstbeteiligung of ['SB_1000', 'SB_5000']) {
      expect(
        hausratRatingInputSchema.safeParse({ ...home, selbstbeteiligung }).error?.issues[0]?.message,
      ).toBe('Bitte wählen Sie eine angebotene Selbstbeteiligung.');
    }
  });
});

describe('payment periods', () => {
  it.each(['MONATLICH', 'VIERTELJAEHRLICH', 'HALBJAEHRLICH', 'JAEHRLICH'] as const)(
    'a chosen %s returns only that period with the same cents',
    (zahlweise) => {
      const all = quote(price({ plz: '80331', wohnflaeche: 65 })).variants[0]?.premiums;
      const one = quote(price({ plz: '80331', wohnflaeche: 65, zahlweise })).variants[0]?.premiums;
      expect(one).toHaveLength(1);
      expect(one).toEqual(all?.filter((p) => p.zahlweise === zahlweise));
    },
  );

  it('refuses EINMALIG', () => {
    expect(
      hausratRatingInputSchema.safeParse({ plz: '80331', wohnflaeche: 65, zahlweise: 'EINMALIG' }).success,
    ).toBe(false);
  });
});

describe('rating input schema', () => {
  it.each([
    [
      'a postcode with 4 digits',
      { plz: '8033' },
      'Bitte geben Sie eine gültige Postleitzahl mit 5 Ziffern ein.',
    ],
    [
      'a postcode starting 00',
      { plz: '00123' },
      'Bitte geben Sie eine gültige Postleitzahl mit 5 Ziffern ein.',
    ],
    ['less than 10 m²', { wohnflaeche: 9 }, 'Die Wohnfläche muss mindestens 10 m² betragen.'],
    ['fractional m²', { wohnflaeche: 65.5 }, 'Bitte geben Sie die Wohnfläche in ganzen Quadratmetern an.'],
    [
      'covers without the base cover',
      { deckungen: [GLAS] },
      'Die Basisdeckung ist in jedem Vertrag enthalten.',
    ],
    ['a cover twice', { deckungen: [BASIS, BASIS] }, 'Jeder Baustein darf nur einmal gewählt werden.'],
    ['ZÜRS class 5', { zuersKlasse: 5 }, 'Die ZÜRS-Gefährdungsklasse muss 1, 2, 3 oder 4 sein.'],
  ])('refuses %s', (_label, patch, message) => {
    const parsed = hausratRatingInputSchema.safeParse({ plz: '80331', wohnflaeche: 65, ...patch });
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it('defaults to the base cover and no deductible', () => {
    expect(hausratRatingInputSchema.parse({ plz: '80331', wohnflaeche: 65 })).toEqual({
      plz: '80331',
      wohnflaeche: 65,
      deckungen: [BASIS],
      selbstbeteiligung: 'SB_KEINE',
    });
  });
});

describe('properties', () => {
  const coverSets: HausratDeckung[][] = [[BASIS], [...HAUSRAT_DECKUNGEN], [BASIS, ELEMENTAR, GLAS]];

  it('never below the minimum and never falling with the living space (and so the insured sum)', () => {
    for (const plz of ['94032', '99084', '80331', '10115']) {
      for (const variante of HAUSRAT_VARIANTEN) {
        for (const selbstbeteiligung of HAUSRAT_SELBSTBETEILIGUNGEN) {
          for (const deckungen of coverSets) {
            let previous = 0;
            for (let wohnflaeche = 10; wohnflaeche <= 300; wohnflaeche += 7) {
              const input: HausratRatingInput = {
                plz,
                wohnflaeche,
                variante,
                selbstbeteiligung,
                deckungen,
                zuersKlasse: 3,
              };
              const net = quote(priceHausrat(input)).variants[0]?.premiums[0]?.netAnnualCents ?? -1;
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

describe('catalogue and contract details', () => {
  it('lists the six spec covers with the base cover required', () => {
    expect(hausratProduct.deckungen.map((cover) => [cover.key, cover.required])).toEqual(
      HAUSRAT_DECKUNGEN.map((key) => [key, key === BASIS]),
    );
    expect(hausratProduct.contractTypeCode).toBe('HRV');
  });

  it('validates the spec field names of the hausrat block', () => {
    const hausrat = {
      plz: '28195',
      wohnflaeche: 78,
      hausratDeckungen: [BASIS, ELEMENTAR],
      elementarEinschliessbar: true,
      hfkVariante: 'HAUSRAT_KOMFORT',
      zuersKlasse: 2,
    };
    expect(hausratDetailsSchema.parse({ hausrat })).toEqual({ hausrat });
    expect(hausratDetailsSchema.safeParse({ hausrat: { ...hausrat, hfkVariante: 'GOLD' } }).success).toBe(
      false,
    );
  });
});

import { describe, expect, it } from 'vitest';
import type { PricingResult, Quote } from '../common/pricing';
import { SI_BUSINESS_TYPES, SI_GENERAL_RISK_QUESTIONS, siBusinessTypeById } from './business-types';
import {
  SI_PRODUKTE,
  SI_SELBSTBETEILIGUNGEN,
  SI_VARIANTEN,
  siAllgefahrenProduct,
  siMehrgefahrenProduct,
} from './catalogue';
import { priceSi, siDetailsSchema, siRatingInputSchema } from './tariff';
import type { SiRatingInput } from './tariff';
import { MINIMUM_PREMIUM_CENTS, RATE_BP } from './tariff-data';

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
  return priceSi(siRatingInputSchema.parse(input));
}

function netAnnual(input: Record<string, unknown>): number | undefined {
  return quote(price(input)).variants[0]?.premiums[0]?.netAnnualCents;
}

const office = { produkt: 'SI_MEHRGEFAHREN', versicherungssummeCents: 5_000_000, hauptgewerbe: 'si-buero' };

describe('worked examples of docs/tariffs/si.md', () => {
  it('Example 1: office, Mehrgefahren, 50.000 EUR, both variants', () => {
    expect(summary(price(office))).toEqual([
      {
        variant: 'SI_KOMPAKT',
        versicherungssumme: 5_000_000,
        netAnnual: 10_000,
        periods: {
          MONATLICH: [875, 166, 1_041],
          VIERTELJAEHRLICH: [2_625, 499, 3_124],
          HALBJAEHRLICH: [5_150, 979, 6_129],
          JAEHRLICH: [10_000, 1_900, 11_900],
        },
      },
      {
        variant: 'SI_OPTIMAL',
        versicherungssumme: 5_000_000,
        netAnnual: 13_000,
        periods: {
          MONATLICH: [1_138, 216, 1_354],
          VIERTELJAEHRLICH: [3_413, 648, 4_061],
          HALBJAEHRLICH: [6_695, 1_272, 7_967],
          JAEHRLICH: [13_000, 2_470, 15_470],
        },
      },
    ]);
  });

  it('Example 2: dental practice, Allgefahren Optimal, 180.000 EUR, SB 500', () => {
    const input = {
      produkt: 'SI_ALLGEFAHREN',
      versicherungssummeCents: 18_000_000,
      hauptgewerbe: 'si-zahnarztpraxis',
      variante: 'SI_OPTIMAL',
      selbstbeteiligung: 'SB_500',
    };
    expect(summary(price(input))).toEqual([
      {
        variant: 'SI_OPTIMAL',
        versicherungssumme: 18_000_000,
        netAnnual: 63_180,
        periods: {
          MONATLICH: [5_528, 1_050, 6_578],
          VIERTELJAEHRLICH: [16_585, 3_151, 19_736],
          HALBJAEHRLICH: [32_538, 6_182, 38_720],
          JAEHRLICH: [63_180, 12_004, 75_184],
        },
      },
    ]);
  });

  it('Example 3: clothes shop with a café (Mischbetrieb, class 3), Mehrgefahren Kompakt, SB 250', () => {
    const input = {
      produkt: 'SI_MEHRGEFAHREN',
      versicherungssummeCents: 8_765_432,
      hauptgewerbe: 'si-einzelhandel-textil',
      nebengewerbe: ['si-cafe-restaurant'],
      variante: 'SI_KOMPAKT',
      selbstbeteiligung: 'SB_250',
    };
    expect(summary(price(input))).toEqual([
      {
        variant: 'SI_KOMPAKT',
        versicherungssumme: 8_765_432,
        netAnnual: 37_472,
        periods: {
          MONATLICH: [3_279, 623, 3_902],
          VIERTELJAEHRLICH: [9_836, 1_869, 11_705],
          HALBJAEHRLICH: [19_298, 3_667, 22_965],
          JAEHRLICH: [37_472, 7_120, 44_592],
        },
      },
    ]);
  });

  it('Example 4: hairdresser, Allgefahren Kompakt, 25.000 EUR, SB 1000: minimum premium', () => {
    const input = {
      produkt: 'SI_ALLGEFAHREN',
      versicherungssummeCents: 2_500_000,
      hauptgewerbe: 'si-friseur',
      variante: 'SI_KOMPAKT',
      selbstbeteiligung: 'SB_1000',
    };
    expect(summary(price(input))).toEqual([
      {
        variant: 'SI_KOMPAKT',
        versicherungssumme: 2_500_000,
        netAnnual: 12_000,
        periods: {
          MONATLICH: [1_050, 200, 1_250],
          VIERTELJAEHRLICH: [3_150, 599, 3_749],
          HALBJAEHRLICH: [6_180, 1_174, 7_354],
          JAEHRLICH: [12_000, 2_280, 14_280],
        },
      },
    ]);
  });

  const workshop = {
    produkt: 'SI_MEHRGEFAHREN',
    versicherungssummeCents: 40_000_000,
    hauptgewerbe: 'si-kfz-werkstatt',
    variante: 'SI_OPTIMAL',
    selbstbeteiligung: 'SB_5000',
  };

  it('Example 5: car workshop, Mehrgefahren Optimal, 400.000 EUR, SB 5000', () => {
    expect(summary(price(workshop))).toEqual([
      {
        variant: 'SI_OPTIMAL',
        versicherungssumme: 40_000_000,
        netAnnual: 238_000,
        periods: {
          MONATLICH: [20_825, 3_957, 24_782],
          VIERTELJAEHRLICH: [62_475, 11_870, 74_345],
          HALBJAEHRLICH: [122_570, 23_288, 145_858],
          JAEHRLICH: [238_000, 45_220, 283_220],
        },
      },
    ]);
  });

  it('Example 5 with Allgefahren is refused, Mehrgefahren is suggested', () => {
    expect(price({ ...workshop, produkt: 'SI_ALLGEFAHREN' })).toEqual({
      kind: 'uninsurable',
      code: 'SI_GEWERBE_NICHT_IM_PRODUKT',
      reason:
        'Für die Tätigkeit „Kfz-Werkstatt“ bieten wir die Allgefahrendeckung nicht an. Die Mehrgefahrendeckung ist möglich.',
    });
  });
});

describe('uninsurable risks', () => {
  it('a trade of hazard class 5 is refused, also as a secondary trade', () => {
    expect(price({ ...office, nebengewerbe: ['si-diskothek'] })).toEqual({
      kind: 'uninsurable',
      code: 'SI_GEWERBE_NICHT_ONLINE',
      reason:
        'Für die Tätigkeit „Diskothek und Club“ können wir Ihnen online leider keine Sachinhaltsversicherung anbieten.',
    });
  });

  it('the sum limit 1.000.000,00 EUR is insurable, 1 cent more is not', () => {
    expect(price({ ...office, versicherungssummeCents: 100_000_000 }).kind).toBe('quote');
    expect(price({ ...office, versicherungssummeCents: 100_000_001 })).toEqual({
      kind: 'uninsurable',
      code: 'SI_VERSICHERUNGSSUMME_UEBER_LIMIT',
      reason: 'Versicherungssummen über 1.000.000,00 EUR können wir online leider nicht versichern.',
    });
  });

  it('three secondary trades are insurable, four are not', () => {
    const three = ['si-kanzlei', 'si-friseur', 'si-blumenladen'];
    expect(price({ ...office, nebengewerbe: three }).kind).toBe('quote');
    expect(price({ ...office, nebengewerbe: [...three, 'si-kosmetikstudio'] })).toMatchObject({
      kind: 'uninsurable',
      code: 'SI_ZU_VIELE_NEBENGEWERBE',
    });
  });

  it('a knock-out answer refuses, the harmless answer does not', () => {
    const question = 'si-cafe-restaurant-fritteuse';
    const cafe = { ...office, hauptgewerbe: 'si-cafe-restaurant' };
    expect(price({ ...cafe, risikofragen: { [question]: 'NEIN', 'si-vorschaeden': 'NEIN' } }).kind).toBe(
      'quote',
    );
    expect(price({ ...cafe, risikofragen: { [question]: 'JA' } })).toEqual({
      kind: 'uninsurable',
      code: 'SI_RISIKOFRAGE',
      reason:
        'Aufgrund Ihrer Antwort auf die Frage „Betreiben Sie Fritteusen ohne selbsttätige Feuerlöschanlage in der Abzugshaube?“ können wir Ihnen online leider kein Angebot machen.',
    });
    expect(price({ ...office, risikofragen: { 'si-leerstand': 'JA' } })).toMatchObject({
      code: 'SI_RISIKOFRAGE',
    });
  });

  it('the price function refuses an unknown id; the schema answers 400 first', () => {
    const input: SiRatingInput = {
      produkt: 'SI_MEHRGEFAHREN',
      versicherungssummeCents: 5_000_000,
      hauptgewerbe: 'si-raumstation',
      nebengewerbe: [],
      selbstbeteiligung: 'SB_KEINE',
      risikofragen: {},
    };
    expect(priceSi(input)).toMatchObject({ kind: 'uninsurable', code: 'SI_GEWERBE_UNBEKANNT' });
    expect(siRatingInputSchema.safeParse(input).error?.issues[0]?.message).toBe(
      'Bitte wählen Sie eine Tätigkeit aus der Liste.',
    );
  });
});

describe('deductibles', () => {
  // 200.000 EUR office, Mehrgefahren Kompakt: 400,00 EUR before the discount
  const big = { ...office, versicherungssummeCents: 20_000_000, variante: 'SI_KOMPAKT' };

  it.each([
    ['SB_KEINE', 40_000],
    ['SB_250', 38_000],
    ['SB_500', 36_000],
    ['SB_1000', 34_000],
    ['SB_5000', 28_000],
  ] as const)('%s → net annual %i cents', (selbstbeteiligung, cents) => {
    expect(netAnnual({ ...big, selbstbeteiligung })).toBe(cents);
  });

  it('SB_5000 needs a sum of at least 100.000 EUR', () => {
    const at = { ...office, versicherungssummeCents: 10_000_000, selbstbeteiligung: 'SB_5000' };
    expect(siRatingInputSchema.safeParse(at).success).toBe(true);
    const below = siRatingInputSchema.safeParse({ ...at, versicherungssummeCents: 9_999_999 });
    expect(below.error?.issues).toEqual([
      expect.objectContaining({
        path: ['selbstbeteiligung'],
        message:
          'Die Selbstbeteiligung von 5.000 EUR ist ab einer Versicherungssumme von 100.000,00 EUR wählbar.',
      }),
    ]);
  });
});

describe('payment periods', () => {
  it.each(['MONATLICH', 'VIERTELJAEHRLICH', 'HALBJAEHRLICH', 'JAEHRLICH'] as const)(
    'a chosen %s returns only that period with the same cents',
    (zahlweise) => {
      const all = quote(price(office)).variants[0]?.premiums;
      const one = quote(price({ ...office, zahlweise })).variants[0]?.premiums;
      expect(one).toHaveLength(1);
      expect(one).toEqual(all?.filter((p) => p.zahlweise === zahlweise));
    },
  );
});

describe('rating input schema', () => {
  it.each([
    [
      'a sum below 10.000 EUR',
      { versicherungssummeCents: 999_999 },
      'Die Versicherungssumme muss mindestens 10.000,00 EUR betragen.',
    ],
    [
      'a fractional sum',
      { versicherungssummeCents: 5_000_000.5 },
      'Bitte geben Sie die Versicherungssumme in ganzen Cent an.',
    ],
    [
      'the main trade again as secondary',
      { nebengewerbe: ['si-buero'] },
      'Bitte wählen Sie jede Tätigkeit nur einmal.',
    ],
    ['an unknown product', { produkt: 'SI_TEILGEFAHREN' }, 'Bitte wählen Sie Allgefahren oder Mehrgefahren.'],
    [
      'an answer other than JA/NEIN',
      { risikofragen: { 'si-leerstand': 'yes' } },
      'Bitte beantworten Sie die Frage mit Ja oder Nein.',
    ],
  ])('refuses %s', (_label, patch, message) => {
    expect(
      siRatingInputSchema.safeParse({ ...office, ...patch }).error?.issues.map((i) => i.message),
    ).toEqual([message]);
  });
});

describe('properties', () => {
  it('never below the minimum and never falling with the sum insured', () => {
    for (const produkt of SI_PRODUKTE) {
      for (const hauptgewerbe of ['si-buero', 'si-apotheke', 'si-lager']) {
        for (const variante of SI_VARIANTEN) {
          for (const selbstbeteiligung of SI_SELBSTBETEILIGUNGEN) {
            let previous = 0;
            for (let sum = 10_000_000; sum <= 100_000_000; sum += 1_234_567) {
              const input: SiRatingInput = {
                produkt,
                versicherungssummeCents: sum,
                hauptgewerbe,
                nebengewerbe: [],
                variante,
                selbstbeteiligung,
                risikofragen: {},
              };
              const net = quote(priceSi(input)).variants[0]?.premiums[0]?.netAnnualCents ?? -1;
              expect(net).toBeGreaterThanOrEqual(MINIMUM_PREMIUM_CENTS[produkt]);
              expect(net).toBeGreaterThanOrEqual(previous);
              previous = net;
            }
          }
        }
      }
    }
  });
});

describe('business types and catalogue', () => {
  it('have unique ids with the si- prefix and the general questions first', () => {
    const ids = SI_BUSINESS_TYPES.map((type) => type.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => id.startsWith('si-'))).toBe(true);
    for (const type of SI_BUSINESS_TYPES) {
      expect(type.riskQuestions.slice(0, SI_GENERAL_RISK_QUESTIONS.length)).toEqual(
        SI_GENERAL_RISK_QUESTIONS,
      );
    }
  });

  it('offer a product exactly when its rate table has a rate for the class', () => {
    for (const type of SI_BUSINESS_TYPES.filter((t) => t.hazardClass <= 4)) {
      for (const produkt of SI_PRODUKTE) {
        const rated = RATE_BP[produkt].SI_KOMPAKT[type.hazardClass as 1 | 2 | 3 | 4] !== null;
        expect([type.id, produkt, type.products.includes(produkt)]).toEqual([type.id, produkt, rated]);
      }
    }
  });

  it('both products share type name SI and contract-type code SI_ALLGEFAHREN', () => {
    expect([siAllgefahrenProduct.typeName, siMehrgefahrenProduct.typeName]).toEqual(['SI', 'SI']);
    expect([siAllgefahrenProduct.contractTypeCode, siMehrgefahrenProduct.contractTypeCode]).toEqual([
      'SI_ALLGEFAHREN',
      'SI_ALLGEFAHREN',
    ]);
    expect(siBusinessTypeById('si-buero')?.name).toBe('Büro (Verwaltung, Beratung, Agentur)');
  });

  it('validates the contract details with spec field names', () => {
    const details = {
      versicherteGewerbe: { hauptgewerbe: 'si-einzelhandel-textil', nebengewerbe: ['si-cafe-restaurant'] },
      risikoOrt: { plz: '50667', ort: 'Köln', strasse: 'Hohe Straße', hausnummer: '12a' },
    };
    expect(siDetailsSchema.parse(details)).toEqual(details);
    expect(
      siDetailsSchema.safeParse({ ...details, risikoOrt: { ...details.risikoOrt, plz: '5066' } }).success,
    ).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import type { PeriodPremium, PricingResult, Quote } from '../common/pricing';
import { premiumForPeriod } from '../common/pricing';
import { PRICING_ZAHLWEISEN, SELBSTBETEILIGUNGEN } from '../enums';
import { BHV_BUSINESS_TYPES, NOT_ONLINE_HAZARD_CLASS } from './business-types';
import { bhvDeckungsVarianten, bhvProduct, generationForNewBusiness } from './catalogue';
import { bhvDetailsSchema, bhvNetAnnualCents, bhvRatingInputSchema, priceBhv } from './tariff';
import { BHV_TARIFF } from './tariff-data';

const TODAY = '2026-11-22';

function price(raw: Record<string, unknown>): PricingResult {
  return priceBhv(bhvRatingInputSchema.parse(raw), { today: TODAY });
}

function quote(result: PricingResult): Quote {
  if (result.kind !== 'quote') throw new Error(`expected a quote, got ${result.code}: ${result.reason}`);
  return result;
}

function onlyPremium(raw: Record<string, unknown>): PeriodPremium {
  const variants = quote(price(raw)).variants;
  expect(variants).toHaveLength(1);
  expect(variants[0]!.premiums).toHaveLength(1);
  return variants[0]!.premiums[0]!;
}

const ELEKTRO = {
  generation: 'BHV_2',
  hauptgewerbe: 'bhv-elektroinstallation',
  jahresumsatzCents: 25_000_000,
};
const WECHSEL = {
  vorversicherer: 'Beispiel Versicherung AG',
  vorvertragEndetAm: '2027-03-31',
  schadenfreieJahre: 6,
  schaedenLetzte5Jahre: 0,
};

describe('BHV worked examples of docs/tariffs/bhv.md', () => {
  it.each([
    [
      '1 IT-Dienstleistung, 80.000 EUR, BHV_2 Basis, jährlich',
      {
        generation: 'BHV_2',
        hauptgewerbe: 'bhv-it-dienstleistung',
        jahresumsatzCents: 8_000_000,
        variante: 'BHV_BASIS',
        zahlweise: 'JAEHRLICH',
      },
      {
        netAnnualCents: 14_000,
        netCents: 14_000,
        taxCents: 2_660,
        grossCents: 16_660,
        grossAnnualCents: 16_660,
      },
    ],
    [
      '2 Elektroinstallation, 250.000 EUR, BHV_2 Komfort, SB 500, monatlich',
      { ...ELEKTRO, variante: 'BHV_KOMFORT', selbstbeteiligung: 'SB_500', zahlweise: 'MONATLICH' },
      { netAnnualCents: 47_093, netCents: 4_121, taxCents: 783, grossCents: 4_904, grossAnnualCents: 58_848 },
    ],
    [
      '3 Textil-Einzelhandel mit Café, 400.000 EUR, BHV_2 Premium, SB 1000, vierteljährlich',
      {
        generation: 'BHV_2',
        hauptgewerbe: 'bhv-einzelhandel-textil',
        nebengewerbe: ['bhv-cafe-restaurant'],
        jahresumsatzCents: 40_000_000,
        variante: 'BHV_PREMIUM',
        selbstbeteiligung: 'SB_1000',
        zahlweise: 'VIERTELJAEHRLICH',
      },
      {
        netAnnualCents: 53_015,
        netCents: 13_916,
        taxCents: 2_644,
        grossCents: 16_560,
        grossAnnualCents: 66_240,
      },
    ],
    [
      '4 Dachdeckerei im Wechseltarif, 600.000 EUR, BHV_2 Basis, SB 5000, halbjährlich',
      {
        generation: 'BHV_2',
        hauptgewerbe: 'bhv-dachdecker',
        jahresumsatzCents: 60_000_000,
        variante: 'BHV_BASIS',
        selbstbeteiligung: 'SB_5000',
        zahlweise: 'HALBJAEHRLICH',
        wechsel: WECHSEL,
      },
      {
        netAnnualCents: 80_963,
        netCents: 41_696,
        taxCents: 7_922,
        grossCents: 49_618,
        grossAnnualCents: 99_236,
      },
    ],
    [
      '5 Unternehmensberatung, 50.000 EUR, BHV_1 Basis, SB 5000, jährlich (Mindestbeitrag)',
      {
        generation: 'BHV_1',
        hauptgewerbe: 'bhv-unternehmensberatung',
        jahresumsatzCents: 5_000_000,
        variante: 'BHV_BASIS',
        selbstbeteiligung: 'SB_5000',
        zahlweise: 'JAEHRLICH',
      },
      {
        netAnnualCents: 11_000,
        netCents: 11_000,
        taxCents: 2_090,
        grossCents: 13_090,
        grossAnnualCents: 13_090,
      },
    ],
    [
      '6 Elektroinstallation wie 2, aber BHV_1',
      {
        ...ELEKTRO,
        generation: 'BHV_1',
        variante: 'BHV_KOMFORT',
        selbstbeteiligung: 'SB_500',
        zahlweise: 'MONATLICH',
      },
      { netAnnualCents: 46_035, netCents: 4_028, taxCents: 765, grossCents: 4_793, grossAnnualCents: 57_516 },
    ],
  ])('%s', (_title, input, expected) => {
    expect(onlyPremium(input)).toMatchObject(expected);
  });
});

describe('BHV generations', () => {
  it('gives new business BHV_2 only with the new-generations flag', () => {
    expect(generationForNewBusiness(true)).toBe('BHV_2');
    expect(generationForNewBusiness(false)).toBe('BHV_1');
    expect(bhvProduct.generationForNewBusiness(true)).toBe('BHV_2');
  });

  it('quotes the variants of the generation and names the generation as product', () => {
    const old = quote(price({ ...ELEKTRO, generation: 'BHV_1' }));
    expect(old.product).toBe('BHV_1');
    expect(old.variants.map((v) => v.variant)).toEqual(['BHV_BASIS', 'BHV_KOMFORT']);
    const current = quote(price(ELEKTRO));
    expect(current.product).toBe('BHV_2');
    expect(current.variants.map((v) => [v.variant, v.versicherungssummeCents])).toEqual([
      ['BHV_BASIS', 300_000_000],
      ['BHV_KOMFORT', 500_000_000],
      ['BHV_PREMIUM', 1_000_000_000],
    ]);
  });

  it('refuses Premium in BHV_1', () => {
    expect(price({ ...ELEKTRO, generation: 'BHV_1', variante: 'BHV_PREMIUM' })).toEqual({
      kind: 'uninsurable',
      code: 'BHV_VARIANT_NOT_OFFERED',
      reason: 'Diese Deckungsvariante ist in Ihrer Tarifgeneration nicht verfügbar.',
    });
  });
});

describe('BHV uninsurable rules', () => {
  it('refuses trades that are not insurable online, also as a secondary trade', () => {
    expect(price({ ...ELEKTRO, hauptgewerbe: 'bhv-geruestbau' })).toEqual({
      kind: 'uninsurable',
      code: 'BHV_BUSINESS_NOT_ONLINE',
      reason:
        'Für die Tätigkeit „Gerüstbau“ können wir Ihnen online leider keinen Versicherungsschutz anbieten.',
    });
    expect(price({ ...ELEKTRO, nebengewerbe: ['bhv-bewachung'] })).toMatchObject({
      code: 'BHV_BUSINESS_NOT_ONLINE',
    });
  });

  it('accepts revenue at the online limit and refuses one cent more', () => {
    expect(price({ ...ELEKTRO, jahresumsatzCents: 200_000_000 }).kind).toBe('quote');
    expect(price({ ...ELEKTRO, jahresumsatzCents: 200_000_001 })).toEqual({
      kind: 'uninsurable',
      code: 'BHV_REVENUE_LIMIT',
      reason:
        'Bei einem Jahresumsatz über 2.000.000,00 EUR können wir Ihnen online leider kein Angebot machen.',
    });
  });

  it('accepts three secondary trades and refuses four', () => {
    const three = ['bhv-maler', 'bhv-fliesenleger', 'bhv-tischlerei'];
    expect(price({ ...ELEKTRO, nebengewerbe: three }).kind).toBe('quote');
    expect(price({ ...ELEKTRO, nebengewerbe: [...three, 'bhv-zimmerei'] })).toEqual({
      kind: 'uninsurable',
      code: 'BHV_TOO_MANY_SECONDARY',
      reason:
        'Online können wir neben dem Hauptgewerbe höchstens 3 Nebengewerbe versichern. Bitte sprechen Sie uns an.',
    });
  });

  it('refuses a knock-out answer and quotes the harmless one', () => {
    const question = 'bhv-elektroinstallation-hochspannung';
    expect(price({ ...ELEKTRO, risikofragen: { [question]: 'NEIN' } }).kind).toBe('quote');
    expect(price({ ...ELEKTRO, risikofragen: { [question]: 'JA' } })).toEqual({
      kind: 'uninsurable',
      code: 'BHV_RISK_QUESTION',
      reason:
        'Aufgrund Ihrer Antwort auf die Frage „Arbeiten Sie an Anlagen mit mehr als 1.000 Volt (Hochspannung)?“ können wir Ihnen online leider kein Angebot machen.',
    });
  });

  it('does not refuse on an informative question', () => {
    const input = {
      ...ELEKTRO,
      hauptgewerbe: 'bhv-hausmeisterservice',
      risikofragen: { 'bhv-hausmeisterservice-winterdienst': 'JA' },
    };
    expect(price(input).kind).toBe('quote');
  });

  it('checks the knock-out questions of secondary trades too', () => {
    const input = { ...ELEKTRO, nebengewerbe: ['bhv-umzug'], risikofragen: { 'bhv-umzug-gefahrgut': 'JA' } };
    expect(price(input)).toMatchObject({ code: 'BHV_RISK_QUESTION' });
  });

  it('Wechseltarif: two prior claims are fine, three are refused', () => {
    expect(price({ ...ELEKTRO, wechsel: { ...WECHSEL, schaedenLetzte5Jahre: 2 } }).kind).toBe('quote');
    expect(price({ ...ELEKTRO, wechsel: { ...WECHSEL, schaedenLetzte5Jahre: 3 } })).toEqual({
      kind: 'uninsurable',
      code: 'BHV_WECHSEL_PRIOR_CLAIMS',
      reason:
        'Bei mehr als 2 Schäden in den letzten fünf Jahren können wir Ihnen den Wechseltarif online leider nicht anbieten.',
    });
  });

  it.each([
    ['2026-11-21', false],
    ['2026-11-22', true],
    ['2027-11-22', true],
    ['2027-11-23', false],
  ])('Wechseltarif: previous contract ending %s is accepted: %s', (vorvertragEndetAm, accepted) => {
    const result = price({ ...ELEKTRO, wechsel: { ...WECHSEL, vorvertragEndetAm } });
    if (accepted) expect(result.kind).toBe('quote');
    else
      expect(result).toEqual({
        kind: 'uninsurable',
        code: 'BHV_WECHSEL_DATE',
        reason:
          'Den Wechseltarif können Sie abschließen, wenn Ihr bisheriger Vertrag frühestens heute und spätestens in 12 Monaten endet.',
      });
  });
});

describe('BHV discounts, deductibles and payment periods', () => {
  it.each([
    [0, 47_093],
    [2, 47_093],
    [3, 42_383],
    [4, 42_383],
    [5, 40_029],
  ])('Wechseltarif with %i claim-free years: %i cents net', (schadenfreieJahre, net) => {
    const input = bhvRatingInputSchema.parse({
      ...ELEKTRO,
      selbstbeteiligung: 'SB_500',
      wechsel: { ...WECHSEL, schadenfreieJahre },
    });
    expect(bhvNetAnnualCents(input, 'BHV_KOMFORT')).toBe(net);
  });

  it.each([
    ['SB_KEINE', 52_325],
    ['SB_250', 49_709],
    ['SB_500', 47_093],
    ['SB_1000', 44_476],
    ['SB_5000', 39_244],
  ])('%s on example 2 gives %i cents net', (selbstbeteiligung, net) => {
    expect(
      bhvNetAnnualCents(bhvRatingInputSchema.parse({ ...ELEKTRO, selbstbeteiligung }), 'BHV_KOMFORT'),
    ).toBe(net);
  });

  it('offers every deductible of the spec', () => {
    expect(bhvProduct.selbstbeteiligungen).toEqual(SELBSTBETEILIGUNGEN);
  });

  it('quotes every payment period from the same net premium', () => {
    const [variant] = quote(
      price({ ...ELEKTRO, variante: 'BHV_KOMFORT', selbstbeteiligung: 'SB_500' }),
    ).variants;
    expect(variant!.premiums).toEqual(PRICING_ZAHLWEISEN.map((z) => premiumForPeriod(47_093, z)));
  });

  it('needs no today without a switch', () => {
    expect(priceBhv(bhvRatingInputSchema.parse(ELEKTRO)).kind).toBe('quote');
  });
});

describe('BHV properties', () => {
  it('never goes below the minimum and grows with sum insured and revenue', () => {
    const insurable = BHV_BUSINESS_TYPES.filter((t) => t.hazardClass < NOT_ONLINE_HAZARD_CLASS);
    let seed = 4242;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed;
    };
    for (let run = 0; run < 400; run++) {
      const generation = next() % 2 === 0 ? 'BHV_1' : 'BHV_2';
      const minimum = premiumForPeriod(BHV_TARIFF[generation].mindestbeitragCents, 'JAEHRLICH').grossCents;
      const base = {
        generation,
        hauptgewerbe: insurable[next() % insurable.length]!.id,
        selbstbeteiligung: SELBSTBETEILIGUNGEN[next() % SELBSTBETEILIGUNGEN.length]!,
        zahlweise: 'JAEHRLICH',
      };
      const umsatz = next() % 190_000_000;
      const yearly = (jahresumsatzCents: number) =>
        quote(price({ ...base, jahresumsatzCents })).variants.map((v) => v.premiums[0]!.grossCents);
      const lower = yearly(umsatz);
      const higher = yearly(umsatz + 10_000_000);
      expect(lower).toHaveLength(bhvDeckungsVarianten(generation).length);
      for (let i = 0; i < lower.length; i++) {
        expect(lower[i]!).toBeGreaterThanOrEqual(minimum);
        expect(higher[i]!).toBeGreaterThanOrEqual(lower[i]!);
        if (i > 0) expect(lower[i]!).toBeGreaterThanOrEqual(lower[i - 1]!);
      }
    }
  });
});

describe('BHV schemas and data', () => {
  it('rejects an unknown trade, a negative revenue and a trade chosen twice, in German', () => {
    expect(
      bhvRatingInputSchema.safeParse({ ...ELEKTRO, hauptgewerbe: 'raumfahrt' }).error?.issues[0],
    ).toMatchObject({
      path: ['hauptgewerbe'],
      message: 'Bitte wählen Sie eine Tätigkeit aus der Liste.',
    });
    expect(
      bhvRatingInputSchema.safeParse({ ...ELEKTRO, jahresumsatzCents: -1 }).error?.issues[0]?.message,
    ).toBe('Der Jahresumsatz kann nicht negativ sein.');
    // 12,50 EUR is no business revenue: refused with the minimum, not priced.
    expect(
      bhvRatingInputSchema.safeParse({ ...ELEKTRO, jahresumsatzCents: 1250 }).error?.issues[0]?.message,
    ).toBe('Bitte geben Sie Ihren Jahresumsatz in Euro an, mindestens 1.000,00 EUR.');
    expect(
      bhvRatingInputSchema.safeParse({ ...ELEKTRO, nebengewerbe: ['bhv-elektroinstallation'] }).error
        ?.issues[0],
    ).toMatchObject({ path: ['nebengewerbe'], message: 'Bitte wählen Sie jede Tätigkeit nur einmal.' });
  });

  it('keeps business types unique, BHV-only and with unique question ids', () => {
    const ids = BHV_BUSINESS_TYPES.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    const questions = BHV_BUSINESS_TYPES.flatMap((t) => t.riskQuestions.map((q) => q.id));
    expect(new Set(questions).size).toBe(questions.length);
    for (const type of BHV_BUSINESS_TYPES) {
      expect(type.products).toEqual(['BHV']);
      expect(type.hazardClass).toBeGreaterThanOrEqual(1);
      expect(type.hazardClass).toBeLessThanOrEqual(NOT_ONLINE_HAZARD_CLASS);
    }
  });

  it('accepts contract details with the spec field names', () => {
    const details = {
      versicherteGewerbe: { hauptgewerbe: 'bhv-maler', nebengewerbe: ['bhv-fliesenleger'] },
      jahresumsatz: { value: 18_000_000, isAdjustable: true },
    };
    expect(bhvDetailsSchema.parse(details)).toEqual(details);
  });
});

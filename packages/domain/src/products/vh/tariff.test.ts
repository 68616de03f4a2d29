import { describe, expect, it } from 'vitest';
import type { PeriodPremium, PricingResult, Quote } from '../common/pricing';
import { premiumForPeriod } from '../common/pricing';
import { PHV_ANZAHL, PRICING_ZAHLWEISEN, SELBSTBETEILIGUNGEN } from '../enums';
import { NOT_ONLINE_HAZARD_CLASS } from '../bhv/business-types';
import { generationForNewBusiness, vhDeckungsVarianten, vhProduct } from './catalogue';
import { VH_PROFESSIONS } from './professions';
import { priceVh, vhDetailsSchema, vhNetAnnualCents, vhRatingInputSchema } from './tariff';
import { VH_TARIFF } from './tariff-data';

function price(raw: Record<string, unknown>): PricingResult {
  return priceVh(vhRatingInputSchema.parse(raw));
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

const IT = {
  generation: 'VH_2',
  beruf: 'vh-it-beratung',
  jahresumsatzCents: 18_000_000,
  variante: 'VH_500',
  selbstbeteiligung: 'SB_1000',
};

describe('VH worked examples of docs/tariffs/vh.md', () => {
  it.each([
    [
      '1 Grafikdesign, 60.000 EUR, VH_2 250.000 EUR, jährlich',
      {
        generation: 'VH_2',
        beruf: 'vh-grafikdesign',
        jahresumsatzCents: 6_000_000,
        variante: 'VH_250',
        zahlweise: 'JAEHRLICH',
      },
      {
        netAnnualCents: 16_000,
        netCents: 16_000,
        taxCents: 3_040,
        grossCents: 19_040,
        grossAnnualCents: 19_040,
      },
    ],
    [
      '2 IT-Beratung, 180.000 EUR, VH_2 500.000 EUR, SB 1000, Büro, 1 PHV, monatlich',
      { ...IT, buerohaftpflicht: true, phvAnzahl: 'EINS', zahlweise: 'MONATLICH' },
      { netAnnualCents: 46_138, netCents: 4_037, taxCents: 767, grossCents: 4_804, grossAnnualCents: 57_648 },
    ],
    [
      '3 Immobilienverwaltung, 450.000 EUR, VH_2 1 Mio EUR, SB 5000, 2 PHV, vierteljährlich',
      {
        generation: 'VH_2',
        beruf: 'vh-immobilienverwaltung',
        jahresumsatzCents: 45_000_000,
        variante: 'VH_1000',
        selbstbeteiligung: 'SB_5000',
        phvAnzahl: 'ZWEI',
        zahlweise: 'VIERTELJAEHRLICH',
      },
      {
        netAnnualCents: 126_010,
        netCents: 33_078,
        taxCents: 6_285,
        grossCents: 39_363,
        grossAnnualCents: 157_452,
      },
    ],
    [
      '4 Übersetzung, 40.000 EUR, VH_2 250.000 EUR, SB 1000, halbjährlich (Mindestbeitrag)',
      {
        generation: 'VH_2',
        beruf: 'vh-uebersetzung',
        jahresumsatzCents: 4_000_000,
        variante: 'VH_250',
        selbstbeteiligung: 'SB_1000',
        zahlweise: 'HALBJAEHRLICH',
      },
      {
        netAnnualCents: 15_000,
        netCents: 7_725,
        taxCents: 1_468,
        grossCents: 9_193,
        grossAnnualCents: 18_386,
      },
    ],
    [
      '5 Unternehmensberatung, 125.500 EUR, VH (Generation 1) 500.000 EUR, SB 250, Büro, 3 PHV, jährlich',
      {
        generation: 'VH',
        beruf: 'vh-unternehmensberatung',
        jahresumsatzCents: 12_550_000,
        variante: 'VH_500',
        selbstbeteiligung: 'SB_250',
        buerohaftpflicht: true,
        phvAnzahl: 'DREI',
        zahlweise: 'JAEHRLICH',
      },
      {
        netAnnualCents: 55_764,
        netCents: 55_764,
        taxCents: 10_595,
        grossCents: 66_359,
        grossAnnualCents: 66_359,
      },
    ],
  ])('%s', (_title, input, expected) => {
    expect(onlyPremium(input)).toMatchObject(expected);
  });
});

describe('VH generations', () => {
  it('gives new business VH_2 only with the new-generations flag', () => {
    expect(generationForNewBusiness(true)).toBe('VH_2');
    expect(generationForNewBusiness(false)).toBe('VH');
    expect(vhProduct.generationForNewBusiness(false)).toBe('VH');
  });

  it('quotes the sums of the generation and names the generation as product', () => {
    const { variante: _chosen, ...all } = IT;
    const old = quote(price({ ...all, generation: 'VH' }));
    expect(old.product).toBe('VH');
    expect(old.variants.map((v) => [v.variant, v.versicherungssummeCents])).toEqual([
      ['VH_250', 25_000_000],
      ['VH_500', 50_000_000],
    ]);
    expect(quote(price(all)).variants.map((v) => v.variant)).toEqual(['VH_250', 'VH_500', 'VH_1000']);
  });

  it('refuses 1 Mio EUR in generation VH', () => {
    expect(price({ ...IT, generation: 'VH', variante: 'VH_1000' })).toEqual({
      kind: 'uninsurable',
      code: 'VH_VARIANT_NOT_OFFERED',
      reason: 'Diese Versicherungssumme ist in Ihrer Tarifgeneration nicht verfügbar.',
    });
  });
});

describe('VH uninsurable rules', () => {
  it('refuses professions with individual underwriting', () => {
    expect(price({ ...IT, beruf: 'vh-steuerberatung' })).toEqual({
      kind: 'uninsurable',
      code: 'VH_PROFESSION_NOT_ONLINE',
      reason:
        'Für den Beruf „Steuerberatung“ können wir Ihnen online leider keinen Versicherungsschutz anbieten.',
    });
    for (const profession of VH_PROFESSIONS.filter((p) => p.hazardClass >= NOT_ONLINE_HAZARD_CLASS)) {
      expect(price({ ...IT, beruf: profession.id })).toMatchObject({ code: 'VH_PROFESSION_NOT_ONLINE' });
    }
  });

  it('accepts revenue at the online limit and refuses one cent more', () => {
    expect(price({ ...IT, jahresumsatzCents: 100_000_000 }).kind).toBe('quote');
    expect(price({ ...IT, jahresumsatzCents: 100_000_001 })).toEqual({
      kind: 'uninsurable',
      code: 'VH_REVENUE_LIMIT',
      reason:
        'Bei einem Jahresumsatz über 1.000.000,00 EUR können wir Ihnen online leider kein Angebot machen.',
    });
  });

  it('refuses a knock-out answer and quotes the harmless one', () => {
    const id = 'vh-it-beratung-sicherheitskritisch';
    expect(price({ ...IT, risikofragen: { [id]: 'NEIN' } }).kind).toBe('quote');
    expect(price({ ...IT, risikofragen: { [id]: 'JA' } })).toEqual({
      kind: 'uninsurable',
      code: 'VH_RISK_QUESTION',
      reason:
        'Aufgrund Ihrer Antwort auf die Frage „Entwickeln oder betreuen Sie Software zur Steuerung von Medizinprodukten, Fahrzeugen oder Industrieanlagen?“ können wir Ihnen online leider kein Angebot machen.',
    });
  });
});

describe('VH deductibles, add-ons and payment periods', () => {
  it.each([
    ['SB_KEINE', 40_750],
    ['SB_250', 38_713],
    ['SB_500', 36_675],
    ['SB_1000', 34_638],
    ['SB_5000', 28_525],
  ])('%s on IT-Beratung 500.000 EUR gives %i cents net', (selbstbeteiligung, net) => {
    expect(vhNetAnnualCents(vhRatingInputSchema.parse({ ...IT, selbstbeteiligung }), 'VH_500')).toBe(net);
  });

  it.each([
    ['KEINE', false, 34_638],
    ['KEINE', true, 40_638],
    ['EINS', false, 40_138],
    ['ZWEI', false, 45_638],
    ['DREI', true, 57_138],
  ])('PHV for %s persons, office liability %s: %i cents net', (phvAnzahl, buerohaftpflicht, net) => {
    expect(
      vhNetAnnualCents(vhRatingInputSchema.parse({ ...IT, phvAnzahl, buerohaftpflicht }), 'VH_500'),
    ).toBe(net);
  });

  it('quotes every payment period from the same net premium', () => {
    const [variant] = quote(price(IT)).variants;
    expect(variant!.premiums).toEqual(PRICING_ZAHLWEISEN.map((z) => premiumForPeriod(34_638, z)));
  });
});

describe('VH properties', () => {
  it('never goes below the minimum and grows with sum insured and revenue', () => {
    const insurable = VH_PROFESSIONS.filter((p) => p.hazardClass < NOT_ONLINE_HAZARD_CLASS);
    let seed = 777;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed;
    };
    for (let run = 0; run < 400; run++) {
      const generation = next() % 2 === 0 ? 'VH' : 'VH_2';
      const minimum = premiumForPeriod(VH_TARIFF[generation].mindestbeitragCents, 'JAEHRLICH').grossCents;
      const base = {
        generation,
        beruf: insurable[next() % insurable.length]!.id,
        selbstbeteiligung: SELBSTBETEILIGUNGEN[next() % SELBSTBETEILIGUNGEN.length]!,
        buerohaftpflicht: next() % 2 === 0,
        phvAnzahl: PHV_ANZAHL[next() % PHV_ANZAHL.length]!,
        zahlweise: 'JAEHRLICH',
      };
      const umsatz = next() % 95_000_000;
      const yearly = (jahresumsatzCents: number) =>
        quote(price({ ...base, jahresumsatzCents })).variants.map((v) => v.premiums[0]!.grossCents);
      const lower = yearly(umsatz);
      const higher = yearly(umsatz + 5_000_000);
      expect(lower).toHaveLength(vhDeckungsVarianten(generation).length);
      for (let i = 0; i < lower.length; i++) {
        expect(lower[i]!).toBeGreaterThanOrEqual(minimum);
        expect(higher[i]!).toBeGreaterThanOrEqual(lower[i]!);
        if (i > 0) expect(lower[i]!).toBeGreaterThanOrEqual(lower[i - 1]!);
      }
    }
  });
});

describe('VH schemas and data', () => {
  it('rejects an unknown profession and a fractional revenue in German', () => {
    expect(vhRatingInputSchema.safeParse({ ...IT, beruf: 'astronaut' }).error?.issues[0]).toMatchObject({
      path: ['beruf'],
      message: 'Bitte wählen Sie einen Beruf aus der Liste.',
    });
    expect(vhRatingInputSchema.safeParse({ ...IT, jahresumsatzCents: 10.5 }).error?.issues[0]?.message).toBe(
      'Bitte geben Sie den Jahresumsatz in Euro an (höchstens zwei Nachkommastellen).',
    );
    expect(vhRatingInputSchema.safeParse({ ...IT, jahresumsatzCents: 1250 }).error?.issues[0]?.message).toBe(
      'Bitte geben Sie Ihren Jahresumsatz in Euro an, mindestens 1.000,00 EUR.',
    );
  });

  it('keeps professions unique and VH-only', () => {
    const ids = VH_PROFESSIONS.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const profession of VH_PROFESSIONS) expect(profession.products).toEqual(['VH']);
  });

  it('accepts contract details with the spec field names and keeps phv consistent with phvAnzahl', () => {
    const details = {
      versicherteGewerbe: { hauptgewerbe: 'vh-it-beratung', nebengewerbe: [] },
      jahresumsatz: { value: 18_000_000, isAdjustable: true },
      phvAnzahl: 'EINS',
      vh: { versicherteGefahren: { buerohaftpflicht: true, phv: true } },
    };
    expect(vhDetailsSchema.parse(details)).toEqual(details);
    const inconsistent = vhDetailsSchema.safeParse({ ...details, phvAnzahl: 'KEINE' });
    expect(inconsistent.error?.issues[0]?.path).toEqual(['vh', 'versicherteGefahren', 'phv']);
  });
});

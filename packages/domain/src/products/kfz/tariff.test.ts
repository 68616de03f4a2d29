import { describe, expect, it } from 'vitest';
import type { PricingResult, Quote } from '../common/pricing';
import {
  DEFAULT_KFZ_CLASS_TABLE,
  kfzRatingInputSchema,
  parseKfzClassTable,
  priceKfz,
  rateKfz,
  sfKlasseVollkaskoFor,
} from './tariff';
import type { KfzClassTable } from './tariff';
import { SF_BEITRAGSSATZ_BP, SF_KLASSEN } from './tariff-data';
import type { SfKlasseVollkasko } from './tariff-data';

// Every test prices on a fixed day, so vehicle ages never depend on when the suite runs.
const TODAY = '2026-11-26';

function quote(result: PricingResult): Quote {
  if (result.kind !== 'quote') throw new Error(`expected a quote, got ${result.code}: ${result.reason}`);
  return result;
}

/** Per variant: net annual and, per period, [net, tax, gross, gross per year] in cents. */
function summary(result: PricingResult) {
  return quote(result).variants.map((variant) => ({
    variant: variant.variant,
    netAnnual: variant.premiums[0]?.netAnnualCents,
    periods: Object.fromEntries(
      variant.premiums.map((p) => [p.zahlweise, [p.netCents, p.taxCents, p.grossCents, p.grossAnnualCents]]),
    ),
  }));
}

/** Parses like the API boundary does (defaults applied), then prices on TODAY. */
function price(input: Record<string, unknown>, classes: KfzClassTable = DEFAULT_KFZ_CLASS_TABLE) {
  return priceKfz(kfzRatingInputSchema.parse(input), { today: TODAY, classes });
}

function rate(input: Record<string, unknown>, classes: KfzClassTable = DEFAULT_KFZ_CLASS_TABLE) {
  const rating = rateKfz(kfzRatingInputSchema.parse(input), { today: TODAY, classes });
  if (rating.kind !== 'rating') throw new Error(`expected a rating, got ${rating.code}`);
  return rating;
}

const golf = {
  hsn: '0603',
  tsn: 'BJM',
  erstzulassung: '2021-03-15',
  nutzung: 'PRIVAT',
  jaehrlicheFahrleistungKm: 12_000,
  fahrerkreis: 'NUR_VN',
  juengsterFahrerAlter: 40,
  sfKlasseHaftpflicht: '10',
  garage: 'NEIN',
  plz: '80331',
};

const corsa = {
  hsn: '0035',
  tsn: 'BEZ',
  erstzulassung: '2019-06-01',
  nutzung: 'PRIVAT',
  jaehrlicheFahrleistungKm: 9_000,
  fahrerkreis: 'VN_PARTNER',
  juengsterFahrerAlter: 22,
  sfKlasseHaftpflicht: '1/2',
  garage: 'JA',
  plz: '10117',
  selbstbeteiligungTeilkasko: 'SB_300',
  variante: 'KFZ_TEILKASKO',
};

const octavia = {
  hsn: '8004',
  tsn: 'AZH',
  erstzulassung: '2023-09-01',
  nutzung: 'GESCHAEFTLICH',
  jaehrlicheFahrleistungKm: 35_000,
  fahrerkreis: 'BELIEBIG',
  juengsterFahrerAlter: 72,
  sfKlasseHaftpflicht: '35',
  sfKlasseVollkasko: '20',
  garage: 'JA',
  plz: '27568',
  selbstbeteiligungVollkasko: 'SB_1000',
  variante: 'KFZ_VOLLKASKO',
};

describe('worked examples of docs/tariffs/kfz.md', () => {
  it('Example 1: VW Golf in München, SF 10, all three variants', () => {
    expect(summary(price(golf))).toEqual([
      {
        variant: 'KFZ_HAFTPFLICHT',
        netAnnual: 31_494,
        periods: {
          MONATLICH: [2_756, 524, 3_280, 39_360],
          VIERTELJAEHRLICH: [8_267, 1_571, 9_838, 39_352],
          HALBJAEHRLICH: [16_219, 3_082, 19_301, 38_602],
          JAEHRLICH: [31_494, 5_984, 37_478, 37_478],
        },
      },
      {
        variant: 'KFZ_TEILKASKO',
        netAnnual: 48_013,
        periods: {
          MONATLICH: [4_201, 798, 4_999, 59_988],
          VIERTELJAEHRLICH: [12_603, 2_395, 14_998, 59_992],
          HALBJAEHRLICH: [24_727, 4_698, 29_425, 58_850],
          JAEHRLICH: [48_013, 9_122, 57_135, 57_135],
        },
      },
      {
        variant: 'KFZ_VOLLKASKO',
        netAnnual: 71_265,
        periods: {
          MONATLICH: [6_236, 1_185, 7_421, 89_052],
          VIERTELJAEHRLICH: [18_707, 3_554, 22_261, 89_044],
          HALBJAEHRLICH: [36_701, 6_973, 43_674, 87_348],
          JAEHRLICH: [71_265, 13_540, 84_805, 84_805],
        },
      },
    ]);
  });

  it('Example 1: the parts, their factors and the classes found', () => {
    const rating = rate(golf);
    expect(rating.fahrzeug).toMatchObject({ hersteller: 'Volkswagen', modell: 'Golf VII 1.6 TDI' });
    expect(rating.region).toMatchObject({ plzPraefix: '80', bezeichnung: 'München' });
    const parts = Object.fromEntries(
      rating.variants.flatMap((variant) => variant.parts).map((part) => [part.sparte, part]),
    );
    expect(parts.KH?.faktoren.map((faktor) => [faktor.label, faktor.bp])).toEqual([
      ['Typklasse 16', 10_000],
      ['Regionalklasse 9', 11_200],
      ['SF 10', 3_700],
      ['Fahrleistung bis 12.000 km', 9_500],
      ['Fahrer: nur Versicherungsnehmer', 10_000],
      ['Jüngster Fahrer 40 Jahre', 10_000],
      ['Nutzung privat', 10_000],
    ]);
    expect(parts.TK?.faktoren.map((faktor) => [faktor.label, faktor.bp])).toEqual([
      ['Typklasse 21', 10_500],
      ['Regionalklasse 14', 13_800],
      ['Fahrleistung bis 12.000 km', 9_500],
      ['ohne Garage', 10_000],
      ['Selbstbeteiligung 150 EUR', 10_000],
    ]);
    expect(parts.VK?.faktoren.at(-1)?.label).toBe('Selbstbeteiligung 500 EUR, bei Teilkasko-Schäden 150 EUR');
    expect(parts.VK?.faktoren.map((faktor) => faktor.bp)).toEqual([
      10_600, 11_000, 3_400, 9_500, 10_000, 10_000, 10_000, 10_000, 8_800,
    ]);
    expect([parts.KH?.netAnnualCents, parts.TK?.netAnnualCents, parts.VK?.netAnnualCents]).toEqual([
      31_494, 16_519, 39_771,
    ]);
  });

  it('Example 2: Opel Corsa in Berlin, driver 22, SF 1/2, Teilkasko SB 300 with garage', () => {
    expect(rate(corsa).variants[0]?.parts.map((part) => part.netAnnualCents)).toEqual([108_592, 10_078]);
    expect(summary(price(corsa))).toEqual([
      {
        variant: 'KFZ_TEILKASKO',
        netAnnual: 118_670,
        periods: {
          MONATLICH: [10_384, 1_973, 12_357, 148_284],
          VIERTELJAEHRLICH: [31_151, 5_919, 37_070, 148_280],
          HALBJAEHRLICH: [61_115, 11_612, 72_727, 145_454],
          JAEHRLICH: [118_670, 22_547, 141_217, 141_217],
        },
      },
    ]);
  });

  it('Example 3: Škoda Octavia in Bremerhaven, business use, any driver, Vollkasko SB 1000', () => {
    const rating = rate(octavia);
    expect(rating.region.bezeichnung).toBe('Bremerhaven');
    expect(rating.variants[0]?.parts.map((part) => part.netAnnualCents)).toEqual([35_805, 48_337]);
    expect(summary(price(octavia))).toEqual([
      {
        variant: 'KFZ_VOLLKASKO',
        netAnnual: 84_142,
        periods: {
          MONATLICH: [7_362, 1_399, 8_761, 105_132],
          VIERTELJAEHRLICH: [22_087, 4_197, 26_284, 105_136],
          HALBJAEHRLICH: [43_333, 8_233, 51_566, 103_132],
          JAEHRLICH: [84_142, 15_987, 100_129, 100_129],
        },
      },
    ]);
  });

  it('Example 4: Fiat 500 in Passau, SF 35, 6.000 km: just above the minimum premium', () => {
    const fiat = {
      ...golf,
      hsn: '4136',
      tsn: 'ADG',
      erstzulassung: '2022-05-10',
      jaehrlicheFahrleistungKm: 6_000,
      juengsterFahrerAlter: 50,
      sfKlasseHaftpflicht: '35',
      plz: '94032',
      variante: 'KFZ_HAFTPFLICHT',
    };
    expect(summary(price(fiat))).toEqual([
      {
        variant: 'KFZ_HAFTPFLICHT',
        netAnnual: 10_173,
        periods: {
          MONATLICH: [890, 169, 1_059, 12_708],
          VIERTELJAEHRLICH: [2_670, 507, 3_177, 12_708],
          HALBJAEHRLICH: [5_239, 995, 6_234, 12_468],
          JAEHRLICH: [10_173, 1_933, 12_106, 12_106],
        },
      },
    ]);
  });

  it('Example 5: Porsche 911 in Hamburg, driver 23, KH class M, VK class 0, garage, Vollkasko SB 300', () => {
    const porsche = {
      ...golf,
      hsn: '0583',
      tsn: 'AJQ',
      erstzulassung: '2025-04-01',
      jaehrlicheFahrleistungKm: 6_000,
      juengsterFahrerAlter: 23,
      sfKlasseHaftpflicht: 'M',
      sfKlasseVollkasko: '0',
      garage: 'JA',
      plz: '20095',
      selbstbeteiligungVollkasko: 'SB_300',
      variante: 'KFZ_VOLLKASKO',
    };
    expect(rate(porsche).variants[0]?.parts.map((part) => part.netAnnualCents)).toEqual([179_452, 253_236]);
    expect(summary(price(porsche))).toEqual([
      {
        variant: 'KFZ_VOLLKASKO',
        netAnnual: 432_688,
        periods: {
          MONATLICH: [37_860, 7_193, 45_053, 540_636],
          VIERTELJAEHRLICH: [113_581, 21_580, 135_161, 540_644],
          HALBJAEHRLICH: [222_834, 42_338, 265_172, 530_344],
          JAEHRLICH: [432_688, 82_211, 514_899, 514_899],
        },
      },
    ]);
  });

  it('answers only the chosen payment period', () => {
    const result = quote(price({ ...golf, variante: 'KFZ_HAFTPFLICHT', zahlweise: 'MONATLICH' }));
    expect(
      result.variants.map((variant) => variant.premiums.map((p) => [p.zahlweise, p.grossCents])),
    ).toEqual([[['MONATLICH', 3_280]]]);
    expect(result).toMatchObject({ product: 'KFZ', tariffVersion: '2026-01' });
    expect(result.variants[0]?.versicherungssummeCents).toBe(10_000_000_000);
  });
});

describe('rating factors', () => {
  const kh = (input: Record<string, unknown>) =>
    rate({ ...golf, variante: 'KFZ_HAFTPFLICHT', ...input }).variants[0]?.netAnnualCents;

  it('charges the SF scale: M 140 %, 0 100 %, S 92 %, 1/2 84 %, SF 35 20 % of the base', () => {
    // Golf in München, everything else 1,0 except region 1,12 and mileage 0,95: 800 × 1,064 = 851,20.
    expect(kh({ sfKlasseHaftpflicht: 'M' })).toBe(119_168);
    expect(kh({ sfKlasseHaftpflicht: '0' })).toBe(85_120);
    expect(kh({ sfKlasseHaftpflicht: 'S' })).toBe(78_310);
    expect(kh({ sfKlasseHaftpflicht: '1/2' })).toBe(71_501);
    expect(kh({ sfKlasseHaftpflicht: '35' })).toBe(17_024);
  });

  it('never charges a better no-claims class more (SF scales fall from M to 35)', () => {
    const kh = SF_KLASSEN.map((klasse) => SF_BEITRAGSSATZ_BP.KH[klasse]);
    const vk = SF_KLASSEN.filter((klasse) => klasse !== 'S').map(
      (klasse) => SF_BEITRAGSSATZ_BP.VK[klasse as SfKlasseVollkasko],
    );
    for (const scale of [kh, vk]) {
      scale.slice(1).forEach((rate, index) => expect(rate).toBeLessThanOrEqual(scale[index] ?? 0));
    }
    expect([kh[0], kh.at(-1), vk[0], vk.at(-1)]).toEqual([14_000, 2_000, 12_500, 2_000]);
  });

  it('charges mileage bands by their upper bound, inclusive', () => {
    expect(kh({ jaehrlicheFahrleistungKm: 12_000, sfKlasseHaftpflicht: '0' })).toBe(85_120);
    expect(kh({ jaehrlicheFahrleistungKm: 12_001, sfKlasseHaftpflicht: '0' })).toBe(89_600);
    expect(kh({ jaehrlicheFahrleistungKm: 50_000, sfKlasseHaftpflicht: '0' })).toBe(134_400);
  });

  it('charges young and old drivers on KH and VK, not on TK', () => {
    const at = (alter: number) =>
      rate({ ...golf, juengsterFahrerAlter: alter }).variants.flatMap((variant) =>
        variant.parts.map((part) => part.netAnnualCents),
      );
    // [KH, KH, TK, KH, VK]: the Teilkasko (third) stays 165,19 EUR at every age.
    expect(at(18)).toEqual([59_839, 59_839, 16_519, 59_839, 75_565]);
    expect(at(21)).toEqual([47_242, 47_242, 16_519, 47_242, 59_656]);
    expect(at(24)).toEqual([39_368, 39_368, 16_519, 39_368, 49_714]);
    expect(at(25)).toEqual([31_494, 31_494, 16_519, 31_494, 39_771]);
    expect(at(70)).toEqual([34_644, 34_644, 16_519, 34_644, 43_748]);
    expect(at(75)).toEqual([39_368, 39_368, 16_519, 39_368, 49_714]);
  });

  it('rates the Vollkasko in the liability class unless its own is given; S becomes 0', () => {
    const parse = (input: Record<string, unknown>) => kfzRatingInputSchema.parse({ ...golf, ...input });
    expect(sfKlasseVollkaskoFor(parse({ sfKlasseHaftpflicht: '12' }))).toBe('12');
    expect(sfKlasseVollkaskoFor(parse({ sfKlasseHaftpflicht: 'S' }))).toBe('0');
    expect(sfKlasseVollkaskoFor(parse({ sfKlasseHaftpflicht: 'S', sfKlasseVollkasko: '3' }))).toBe('3');
  });

  it('applies the minimum premium of 100,00 EUR to a variant', () => {
    const tiny = parseKfzClassTable(
      [
        '[typklassen]',
        'hsn;tsn;hersteller;modell;leistung_kw;kh;tk;vk',
        '9999;AAA;Muster;Kleinwagen;40;10;10;10',
        '[regionalklassen]',
        'plz_praefix;bezeichnung;kh;tk;vk',
        '9;Land;1;1;1',
      ].join('\n'),
    );
    // 800 × 0,70 × 0,80 × 0,20 × 0,85 = 76,16 EUR < 100,00 EUR.
    const result = quote(
      price(
        {
          ...golf,
          hsn: '9999',
          tsn: 'AAA',
          plz: '94032',
          sfKlasseHaftpflicht: '35',
          jaehrlicheFahrleistungKm: 6_000,
          variante: 'KFZ_HAFTPFLICHT',
        },
        tiny,
      ),
    );
    expect(result.variants[0]?.premiums.find((p) => p.zahlweise === 'JAEHRLICH')?.netAnnualCents).toBe(
      10_000,
    );
  });
});

describe('not insurable online', () => {
  it.each([
    [
      'an unknown vehicle',
      { tsn: 'ZZZ' },
      'KFZ_FAHRZEUG_UNBEKANNT',
      'Zu HSN 0603 und TSN ZZZ kennen wir kein Fahrzeug. Bitte prüfen Sie die Felder 2.1 und 2.2 Ihrer Zulassungsbescheinigung Teil I.',
    ],
    [
      'a driver under 18',
      { juengsterFahrerAlter: 17 },
      'KFZ_FAHRER_UNTER_18',
      'Alle Fahrer müssen mindestens 18 Jahre alt sein. Begleitetes Fahren ab 17 können wir online leider nicht versichern.',
    ],
    [
      'a first registration in the future',
      { erstzulassung: '2026-11-27' },
      'KFZ_ERSTZULASSUNG_IN_ZUKUNFT',
      'Das Datum der Erstzulassung darf nicht in der Zukunft liegen.',
    ],
    [
      'a classic car',
      { erstzulassung: '1996-11-25' },
      'KFZ_OLDTIMER',
      'Fahrzeuge, deren Erstzulassung mehr als 30 Jahre zurückliegt, können wir online leider nicht versichern. Für Oldtimer beraten wir Sie gern persönlich.',
    ],
    [
      'more than 50.000 km a year',
      { jaehrlicheFahrleistungKm: 50_001 },
      'KFZ_FAHRLEISTUNG_UEBER_LIMIT',
      'Fahrzeuge mit mehr als 50.000 km im Jahr können wir online leider nicht versichern.',
    ],
    [
      'a Vollkasko for a car older than 12 years',
      { erstzulassung: '2014-11-25', variante: 'KFZ_VOLLKASKO' },
      'KFZ_VOLLKASKO_FAHRZEUG_ZU_ALT',
      'Eine Vollkasko bieten wir für Fahrzeuge an, deren Erstzulassung höchstens 12 Jahre zurückliegt. Für Ihr Fahrzeug ist die Teilkasko möglich.',
    ],
  ])('refuses %s', (_case, change, code, reason) => {
    expect(price({ ...golf, ...change })).toEqual({ kind: 'uninsurable', code, reason });
  });

  it('accepts the boundaries: today, exactly 30 years, exactly 12 years with Vollkasko', () => {
    expect(quote(price({ ...golf, erstzulassung: TODAY })).variants).toHaveLength(3);
    expect(quote(price({ ...golf, erstzulassung: '1996-11-26' })).variants).toHaveLength(2);
    expect(
      quote(price({ ...golf, erstzulassung: '2014-11-26', variante: 'KFZ_VOLLKASKO' })).variants,
    ).toHaveLength(1);
  });

  it('leaves the Vollkasko out of the comparison for a car older than 12 years', () => {
    expect(quote(price({ ...golf, erstzulassung: '2014-11-25' })).variants.map((v) => v.variant)).toEqual([
      'KFZ_HAFTPFLICHT',
      'KFZ_TEILKASKO',
    ]);
  });

  it('refuses a postcode the class table has no region for', () => {
    const onlyBavaria = parseKfzClassTable(
      [
        '[typklassen]',
        'hsn;tsn;hersteller;modell;leistung_kw;kh;tk;vk',
        '0603;BJM;Volkswagen;Golf VII 1.6 TDI;81;16;21;18',
        '[regionalklassen]',
        'plz_praefix;bezeichnung;kh;tk;vk',
        '8;Bayern Süd;6;12;5',
      ].join('\n'),
    );
    expect(price({ ...golf, plz: '50667' }, onlyBavaria)).toEqual({
      kind: 'uninsurable',
      code: 'KFZ_REGION_UNBEKANNT',
      reason:
        'Für die Postleitzahl 50667 liegt uns keine Regionalklasse vor. Bitte prüfen Sie die Postleitzahl.',
    });
    expect(quote(price(golf, onlyBavaria)).variants).toHaveLength(3);
  });
});

describe('kfzRatingInputSchema', () => {
  function errors(input: Record<string, unknown>): Record<string, string[]> {
    const result = kfzRatingInputSchema.safeParse(input);
    if (result.success) return {};
    const byPath: Record<string, string[]> = {};
    for (const issue of result.error.issues) (byPath[issue.path.join('.')] ??= []).push(issue.message);
    return byPath;
  }

  it('normalises the TSN and applies the default deductibles', () => {
    expect(kfzRatingInputSchema.parse({ ...golf, tsn: ' bjm ' })).toMatchObject({
      tsn: 'BJM',
      selbstbeteiligungTeilkasko: 'SB_150',
      selbstbeteiligungVollkasko: 'SB_500',
    });
  });

  it('answers wrong key numbers, classes and ages in German', () => {
    expect(
      errors({
        ...golf,
        hsn: '603',
        tsn: 'BJ',
        sfKlasseHaftpflicht: '36',
        sfKlasseVollkasko: 'S',
        juengsterFahrerAlter: 15,
        jaehrlicheFahrleistungKm: 500,
        erstzulassung: '2021-02-30',
        plz: '00123',
      }),
    ).toEqual({
      hsn: ['Die HSN besteht aus 4 Ziffern (Feld 2.1 der Zulassungsbescheinigung Teil I).'],
      tsn: [
        'Bitte geben Sie die ersten 3 Zeichen der TSN an, Buchstaben oder Ziffern (Feld 2.2 der Zulassungsbescheinigung Teil I).',
      ],
      erstzulassung: ['Bitte geben Sie ein gültiges Datum im Format JJJJ-MM-TT an.'],
      jaehrlicheFahrleistungKm: ['Die jährliche Fahrleistung beträgt mindestens 1.000 km.'],
      juengsterFahrerAlter: ['Fahrer sind mindestens 16 Jahre alt.'],
      sfKlasseHaftpflicht: ['Bitte wählen Sie die SF-Klasse der Haftpflicht (M, 0, S, 1/2 oder 1 bis 35).'],
      sfKlasseVollkasko: ['Bitte wählen Sie die SF-Klasse der Vollkasko (M, 0, 1/2 oder 1 bis 35).'],
      plz: ['Bitte geben Sie eine gültige Postleitzahl mit 5 Ziffern ein.'],
    });
  });

  it('refuses deductibles the part does not offer', () => {
    expect(
      errors({ ...golf, selbstbeteiligungTeilkasko: 'SB_1000', selbstbeteiligungVollkasko: 'SB_150' }),
    ).toEqual({
      selbstbeteiligungTeilkasko: ['Bitte wählen Sie eine angebotene Selbstbeteiligung für die Teilkasko.'],
      selbstbeteiligungVollkasko: ['Bitte wählen Sie eine angebotene Selbstbeteiligung für die Vollkasko.'],
    });
  });
});

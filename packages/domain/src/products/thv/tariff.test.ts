import { describe, expect, it } from 'vitest';
import type { PeriodPremium, PricingResult, Quote } from '../common/pricing';
import { premiumForPeriod } from '../common/pricing';
import { PRICING_ZAHLWEISEN } from '../enums';
import { THV_SELBSTBETEILIGUNGEN, THV_VARIANTEN } from './catalogue';
import { DOG_BREEDS } from './dog-breeds';
import { priceThv, thvDetailsSchema, thvRatingInputSchema } from './tariff';
import { THV_MINIMUM_PREMIUM_CENTS } from './tariff-data';

function quote(result: PricingResult): Quote {
  if (result.kind !== 'quote') throw new Error(`expected a quote, got ${result.code}`);
  return result;
}

function onlyPremium(raw: unknown): PeriodPremium {
  const variants = quote(priceThv(thvRatingInputSchema.parse(raw))).variants;
  expect(variants).toHaveLength(1);
  expect(variants[0]!.premiums).toHaveLength(1);
  return variants[0]!.premiums[0]!;
}

describe('THV worked examples of docs/tariffs/thv.md', () => {
  it.each([
    [
      '1 Labrador, Komfort, keine SB, jährlich',
      { hunde: [{ rasse: 'labrador-retriever' }], variante: 'THV_KOMFORT', zahlweise: 'JAEHRLICH' },
      { netAnnualCents: 7_440, netCents: 7_440, taxCents: 1_414, grossCents: 8_854, grossAnnualCents: 8_854 },
    ],
    [
      '2 Dackel und Golden Retriever, Basis, SB 250, monatlich',
      {
        hunde: [{ rasse: 'dackel' }, { rasse: 'golden-retriever' }],
        variante: 'THV_BASIS',
        selbstbeteiligung: 'SB_250',
        zahlweise: 'MONATLICH',
      },
      { netAnnualCents: 8_092, netCents: 708, taxCents: 135, grossCents: 843, grossAnnualCents: 10_116 },
    ],
    [
      '3 Beagle-Labrador-Mischling, Premium, SB 500, vierteljährlich',
      {
        hunde: [{ rasse: 'beagle', mischling: true, mischlingsRasse: 'labrador-retriever' }],
        variante: 'THV_PREMIUM',
        selbstbeteiligung: 'SB_500',
        zahlweise: 'VIERTELJAEHRLICH',
      },
      { netAnnualCents: 7_392, netCents: 1_940, taxCents: 369, grossCents: 2_309, grossAnnualCents: 9_236 },
    ],
    [
      '4 Chihuahua, Basis, SB 500, halbjährlich (Mindestbeitrag)',
      {
        hunde: [{ rasse: 'chihuahua' }],
        variante: 'THV_BASIS',
        selbstbeteiligung: 'SB_500',
        zahlweise: 'HALBJAEHRLICH',
      },
      { netAnnualCents: 4_500, netCents: 2_318, taxCents: 440, grossCents: 2_758, grossAnnualCents: 5_516 },
    ],
    [
      '5 Mops, Border Collie, großer Mischling, Komfort, jährlich',
      {
        hunde: [{ rasse: 'mops' }, { rasse: 'border-collie' }, { rasse: 'mischling-gross' }],
        variante: 'THV_KOMFORT',
        zahlweise: 'JAEHRLICH',
      },
      {
        netAnnualCents: 16_505,
        netCents: 16_505,
        taxCents: 3_136,
        grossCents: 19_641,
        grossAnnualCents: 19_641,
      },
    ],
  ])('%s', (_title, input, expected) => {
    expect(onlyPremium(input)).toMatchObject(expected);
  });
});

describe('THV uninsurable rules', () => {
  it('refuses a listed dangerous breed and names it', () => {
    expect(priceThv(thvRatingInputSchema.parse({ hunde: [{ rasse: 'rottweiler' }] }))).toEqual({
      kind: 'uninsurable',
      code: 'THV_DANGEROUS_BREED',
      reason:
        'Für Hunde der Rasse „Rottweiler“ und Mischlinge mit dieser Rasse können wir leider keinen Versicherungsschutz anbieten, weil die Rasse in Deutschland als gefährlicher Hund gelistet ist.',
    });
  });

  it('refuses a mix with a listed breed, also as the second dog', () => {
    const result = priceThv(
      thvRatingInputSchema.parse({
        hunde: [{ rasse: 'dackel' }, { rasse: 'boxer', mischling: true, mischlingsRasse: 'pitbull-terrier' }],
      }),
    );
    expect(result).toMatchObject({ kind: 'uninsurable', code: 'THV_DANGEROUS_BREED' });
    expect(result.kind === 'uninsurable' && result.reason).toContain('„Pitbull-Terrier“');
  });

  it('ignores mischlingsRasse when the dog is not a mix', () => {
    const input = thvRatingInputSchema.parse({
      hunde: [{ rasse: 'boxer', mischling: false, mischlingsRasse: 'pitbull-terrier' }],
    });
    expect(priceThv(input).kind).toBe('quote');
  });

  it('refuses every listed breed of the data file', () => {
    const dangerous = DOG_BREEDS.filter((breed) => breed.dangerous);
    expect(dangerous.map((breed) => breed.id)).toEqual(
      expect.arrayContaining([
        'pitbull-terrier',
        'american-staffordshire-terrier',
        'staffordshire-bullterrier',
        'bullterrier',
      ]),
    );
    for (const breed of dangerous) {
      expect(priceThv(thvRatingInputSchema.parse({ hunde: [{ rasse: breed.id }] })).kind).toBe('uninsurable');
    }
  });

  it('quotes three dogs and refuses the fourth', () => {
    const dogs = [{ rasse: 'mops' }, { rasse: 'beagle' }, { rasse: 'dackel' }, { rasse: 'whippet' }];
    expect(priceThv(thvRatingInputSchema.parse({ hunde: dogs.slice(0, 3) })).kind).toBe('quote');
    expect(priceThv(thvRatingInputSchema.parse({ hunde: dogs }))).toEqual({
      kind: 'uninsurable',
      code: 'THV_TOO_MANY_DOGS',
      reason: 'Online können wir höchstens 3 Hunde in einem Vertrag versichern. Bitte sprechen Sie uns an.',
    });
  });
});

describe('THV deductibles and payment periods', () => {
  it.each([
    ['SB_KEINE', 6_200],
    ['SB_250', 5_456],
    ['SB_500', 4_960],
  ])('%s on one medium dog Komfort gives %i cents net a year', (selbstbeteiligung, netAnnualCents) => {
    const premium = onlyPremium({
      hunde: [{ rasse: 'beagle' }],
      variante: 'THV_KOMFORT',
      selbstbeteiligung,
      zahlweise: 'JAEHRLICH',
    });
    expect(premium.netAnnualCents).toBe(netAnnualCents);
  });

  it('rejects SB_1000 with a German message', () => {
    const parsed = thvRatingInputSchema.safeParse({
      hunde: [{ rasse: 'beagle' }],
      selbstbeteiligung: 'SB_1000',
    });
    expect(parsed.error?.issues[0]?.message).toBe('Bitte wählen Sie eine angebotene Selbstbeteiligung.');
  });

  it('quotes every payment period from the same net premium', () => {
    const [variant] = quote(
      priceThv(
        thvRatingInputSchema.parse({ hunde: [{ rasse: 'labrador-retriever' }], variante: 'THV_KOMFORT' }),
      ),
    ).variants;
    expect(variant!.premiums).toEqual(PRICING_ZAHLWEISEN.map((z) => premiumForPeriod(7_440, z)));
  });
});

describe('THV properties', () => {
  it('is independent of the order of the dogs', () => {
    const dogs = [{ rasse: 'mops' }, { rasse: 'mischling-gross' }, { rasse: 'border-collie' }];
    const reversed = [...dogs].reverse();
    expect(priceThv(thvRatingInputSchema.parse({ hunde: dogs }))).toEqual(
      priceThv(thvRatingInputSchema.parse({ hunde: reversed })),
    );
  });

  it('never goes below the minimum, grows with the sum insured and with every added dog', () => {
    const safeBreeds = DOG_BREEDS.filter((breed) => !breed.dangerous);
    let seed = 20260101;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed;
    };
    const minimum = premiumForPeriod(THV_MINIMUM_PREMIUM_CENTS, 'JAEHRLICH').grossCents;
    for (let run = 0; run < 300; run++) {
      const count = 1 + (next() % 3);
      const hunde = Array.from({ length: count }, () => ({
        rasse: safeBreeds[next() % safeBreeds.length]!.id,
        mischling: false,
      }));
      const selbstbeteiligung = THV_SELBSTBETEILIGUNGEN[next() % THV_SELBSTBETEILIGUNGEN.length]!;
      const yearly = (dogs: typeof hunde) =>
        quote(priceThv({ hunde: dogs, selbstbeteiligung, zahlweise: 'JAEHRLICH' })).variants.map(
          (v) => v.premiums[0]!.grossCents,
        );
      const all = yearly(hunde);
      expect(all).toHaveLength(THV_VARIANTEN.length);
      for (let i = 0; i < all.length; i++) {
        expect(all[i]!).toBeGreaterThanOrEqual(minimum);
        if (i > 0) expect(all[i]!).toBeGreaterThanOrEqual(all[i - 1]!);
      }
      if (count > 1) {
        const fewer = yearly(hunde.slice(0, count - 1));
        for (let i = 0; i < all.length; i++) expect(all[i]!).toBeGreaterThanOrEqual(fewer[i]!);
      }
    }
  });
});

describe('THV schemas', () => {
  it('rejects an unknown breed and an empty dog list in German', () => {
    expect(thvRatingInputSchema.safeParse({ hunde: [{ rasse: 'wolf' }] }).error?.issues[0]).toMatchObject({
      path: ['hunde', 0, 'rasse'],
      message: 'Bitte wählen Sie eine Rasse aus der Liste.',
    });
    expect(thvRatingInputSchema.safeParse({ hunde: [] }).error?.issues[0]?.message).toBe(
      'Bitte geben Sie mindestens einen Hund an.',
    );
  });

  it('accepts contract details with the spec field names', () => {
    const details = {
      hunde: [
        {
          name: 'Bello',
          rasse: 'beagle',
          mischling: true,
          mischlingsRasse: 'dackel',
          chipOrTattoo: '276098106543210',
        },
      ],
    };
    expect(thvDetailsSchema.parse(details)).toEqual(details);
    expect(thvDetailsSchema.safeParse({ hunde: [{ ...details.hunde[0], name: ' ' }] }).success).toBe(false);
  });
});

// THV rating: rating-input schema (API boundary), contract details (spec §3 'hunde') and the pure
// price function. Arithmetic and rounding follow common/pricing.ts.
import { z } from 'zod';
import type { CalendarDate } from '../../dates/calendar-date';
import { PRICING_ZAHLWEISEN } from '../enums';
import type { PricingResult, VariantQuote } from '../common/pricing';
import { divRound, premiumsForAllPeriods, uninsurable, withMinimumPremium } from '../common/pricing';
import { THV_DECKUNGSVARIANTEN, THV_MAX_HUNDE, THV_SELBSTBETEILIGUNGEN, THV_VARIANTEN } from './catalogue';
import type { ThvSelbstbeteiligung, ThvVariante } from './catalogue';
import type { DogBreed } from './dog-breeds';
import { dogBreedById } from './dog-breeds';
import type { Bundesland } from './listenhunde';
import { BUNDESLAENDER, kategorie1Reason, kategorie2Reason, listingOfDog } from './listenhunde';
import {
  TARIFF_VERSION,
  THV_DEDUCTIBLE_DISCOUNT_BP,
  THV_MINIMUM_PREMIUM_CENTS,
  THV_PREMIUM_PER_DOG_CENTS,
  THV_SIZE_FACTOR_BP,
} from './tariff-data';

const breedIdSchema = z
  .string({ error: 'Bitte wählen Sie eine Rasse aus der Liste.' })
  .refine((id) => dogBreedById(id) !== undefined, { error: 'Bitte wählen Sie eine Rasse aus der Liste.' });

/**
 * Rating inputs of the THV; `mischlingsRasse` counts only for a mix (`mischling: true`). With the
 * `bundesland` the Land's Listenhunde decide (Kategorie 1 refused, Kategorie 2 only with
 * `listenhundAuflagenErfuellt`); without it every breed marked `dangerous` is refused.
 */
export const thvRatingInputSchema = z.object({
  hunde: z
    .array(
      z.object({
        rasse: breedIdSchema,
        mischling: z.boolean({ error: 'Bitte geben Sie an, ob Ihr Hund ein Mischling ist.' }).default(false),
        mischlingsRasse: breedIdSchema.optional(),
      }),
      { error: 'Bitte geben Sie Ihre Hunde an.' },
    )
    .min(1, { error: 'Bitte geben Sie mindestens einen Hund an.' })
    .max(10, { error: 'Bitte geben Sie höchstens 10 Hunde an.' }),
  bundesland: z.enum(BUNDESLAENDER, { error: 'Bitte wählen Sie Ihr Bundesland aus der Liste.' }).optional(),
  listenhundAuflagenErfuellt: z
    .boolean({ error: 'Bitte bestätigen Sie, dass die Auflagen für Ihren Listenhund erfüllt sind.' })
    .optional(),
  variante: z.enum(THV_VARIANTEN, { error: 'Bitte wählen Sie eine Deckungsvariante.' }).optional(),
  selbstbeteiligung: z
    .enum(THV_SELBSTBETEILIGUNGEN, { error: 'Bitte wählen Sie eine angebotene Selbstbeteiligung.' })
    .default('SB_KEINE'),
  zahlweise: z.enum(PRICING_ZAHLWEISEN, { error: 'Bitte wählen Sie eine Zahlweise.' }).optional(),
});
export type ThvRatingInput = z.output<typeof thvRatingInputSchema>;
export type ThvHundRating = ThvRatingInput['hunde'][number];

/**
 * Product details of a THV contract (spec §3 'hunde': name, rasse, mischling, mischlingsRasse,
 * chipOrTattoo), plus the Land whose Listenhunde rules priced it and, for a Kategorie 2 dog, the
 * applicant's confirmation that the Land's conditions are met (contracts before 2026-11 have neither).
 */
export const thvDetailsSchema = z.object({
  bundesland: z.enum(BUNDESLAENDER).optional(),
  listenhundAuflagenErfuellt: z.boolean().optional(),
  hunde: z
    .array(
      z.object({
        name: z.string().trim().min(1, { error: 'Bitte geben Sie den Namen Ihres Hundes an.' }),
        rasse: breedIdSchema,
        mischling: z.boolean(),
        mischlingsRasse: breedIdSchema.optional(),
        chipOrTattoo: z
          .string()
          .trim()
          .max(30, { error: 'Bitte prüfen Sie die Chip- oder Tätowiernummer.' })
          .optional(),
      }),
    )
    .min(1)
    .max(10),
});
export type ThvDetails = z.output<typeof thvDetailsSchema>;

function breedOf(id: string): DogBreed {
  const breed = dogBreedById(id);
  if (!breed) throw new RangeError(`Unknown dog breed id (the rating schema checks it): ${id}`);
  return breed;
}

/** The listed dangerous breed of a dog (own breed or, for a mix, the other parent), if any. */
export function dangerousBreedOf(hund: ThvHundRating): DogBreed | undefined {
  const own = breedOf(hund.rasse);
  if (own.dangerous) return own;
  if (hund.mischling && hund.mischlingsRasse) {
    const other = breedOf(hund.mischlingsRasse);
    if (other.dangerous) return other;
  }
  return undefined;
}

function sizeFactorBp(hund: ThvHundRating): number {
  const own = THV_SIZE_FACTOR_BP[breedOf(hund.rasse).groesse];
  if (!hund.mischling || !hund.mischlingsRasse) return own;
  return Math.max(own, THV_SIZE_FACTOR_BP[breedOf(hund.mischlingsRasse).groesse]);
}

/**
 * Net annual THV premium of one variant in cents. The dog with the highest size factor counts as the
 * first dog, so the order of entry never changes the price.
 */
export function thvNetAnnualCents(
  hunde: readonly ThvHundRating[],
  variante: ThvVariante,
  selbstbeteiligung: ThvSelbstbeteiligung,
): number {
  let maxFactor = 0;
  let sumFactors = 0;
  for (const hund of hunde) {
    const factor = sizeFactorBp(hund);
    sumFactors += factor;
    if (factor > maxFactor) maxFactor = factor;
  }
  const perDog = THV_PREMIUM_PER_DOG_CENTS[variante];
  const exact =
    (perDog.erster * maxFactor + perDog.weiterer * (sumFactors - maxFactor)) *
    (10_000 - THV_DEDUCTIBLE_DISCOUNT_BP[selbstbeteiligung]);
  return withMinimumPremium(divRound(exact, 100_000_000), THV_MINIMUM_PREMIUM_CENTS);
}

function landRefusal(input: ThvRatingInput, land: Bundesland): PricingResult | undefined {
  for (const hund of input.hunde) {
    const listing = listingOfDog(land, hund);
    if (listing?.kategorie === 1) {
      return uninsurable('THV_DANGEROUS_BREED', kategorie1Reason(listing.breed.name, land));
    }
    if (listing && !input.listenhundAuflagenErfuellt) {
      return uninsurable('THV_LISTED_BREED_CONDITIONS', kategorie2Reason(listing.breed.name, land));
    }
  }
  return undefined;
}

function federalRefusal(input: ThvRatingInput): PricingResult | undefined {
  for (const hund of input.hunde) {
    const dangerous = dangerousBreedOf(hund);
    if (dangerous) {
      return uninsurable(
        'THV_DANGEROUS_BREED',
        `Für Hunde der Rasse „${dangerous.name}“ und Mischlinge mit dieser Rasse können wir leider keinen Versicherungsschutz anbieten, weil die Rasse in Deutschland als gefährlicher Hund gelistet ist.`,
      );
    }
  }
  return undefined;
}

/** Prices the THV for every variant (or the chosen one); listed dangerous breeds are refused (by Land when given). */
export function priceThv(input: ThvRatingInput, _options: { today?: CalendarDate } = {}): PricingResult {
  if (input.hunde.length > THV_MAX_HUNDE) {
    return uninsurable(
      'THV_TOO_MANY_DOGS',
      `Online können wir höchstens ${THV_MAX_HUNDE} Hunde in einem Vertrag versichern. Bitte sprechen Sie uns an.`,
    );
  }
  const refusal = input.bundesland ? landRefusal(input, input.bundesland) : federalRefusal(input);
  if (refusal) return refusal;
  const zahlweisen = input.zahlweise ? [input.zahlweise] : undefined;
  const variants: VariantQuote[] = [];
  for (const variante of THV_DECKUNGSVARIANTEN) {
    if (input.variante && input.variante !== variante.deckungsVarianteIdentifier) continue;
    const net = thvNetAnnualCents(input.hunde, variante.deckungsVarianteIdentifier, input.selbstbeteiligung);
    variants.push({
      variant: variante.deckungsVarianteIdentifier,
      name: variante.deckungsVarianteName,
      versicherungssummeCents: variante.versicherungssumme,
      premiums: premiumsForAllPeriods(net, zahlweisen),
    });
  }
  return { kind: 'quote', product: 'TIERHALTERHAFTPFLICHT', tariffVersion: TARIFF_VERSION, variants };
}

// VH rating for both generations: rating-input schema (API boundary), contract details (spec §3
// 'vh', 'phvAnzahl', 'jahresumsatz', 'versicherteGewerbe') and the pure price function.
import { z } from 'zod';
import type { CalendarDate } from '../../dates/calendar-date';
import { formatCents } from '../../format/money';
import { JA_NEIN, PHV_ANZAHL, PRICING_ZAHLWEISEN, SELBSTBETEILIGUNGEN } from '../enums';
import type { PricingResult, Uninsurable, VariantQuote } from '../common/pricing';
import { premiumsForAllPeriods, uninsurable, withMinimumPremium } from '../common/pricing';
import type { BusinessType } from '../bhv/business-types';
import { NOT_ONLINE_HAZARD_CLASS, knockoutQuestion } from '../bhv/business-types';
import { divRoundBig } from '../bhv/exact-rounding';
import { VH_GENERATIONS, VH_VARIANTEN, vhDeckungsVarianten } from './catalogue';
import type { VhVariante } from './catalogue';
import { vhProfessionById } from './professions';
import type { VhHazardClass } from './tariff-data';
import {
  TARIFF_VERSION,
  VH_DEDUCTIBLE_DISCOUNT_BP,
  VH_MAX_UMSATZ_CENTS,
  VH_PHV_PERSONEN,
  VH_TARIFF,
} from './tariff-data';
import { JAHRESUMSATZ_RANGE } from '../../validation/amounts';

const professionIdSchema = z
  .string({ error: 'Bitte wählen Sie einen Beruf aus der Liste.' })
  .refine((id) => vhProfessionById(id) !== undefined, {
    error: 'Bitte wählen Sie einen Beruf aus der Liste.',
  });

/** Annual revenue in cents; the upper bound only keeps input sane, the online limit is a tariff rule. */
const umsatzCentsSchema = z
  .int({
    error: (issue) =>
      issue.input === undefined
        ? 'Bitte geben Sie den Jahresumsatz an.'
        : 'Bitte geben Sie den Jahresumsatz in Euro an (höchstens zwei Nachkommastellen).',
  })
  .min(0, { error: 'Der Jahresumsatz kann nicht negativ sein.' })
  .max(10_000_000_000_000, { error: 'Bitte prüfen Sie den Jahresumsatz.' });

/** Rating inputs of the VH; the server sets `generation` with generationForNewBusiness for new business. */
export const vhRatingInputSchema = z.object({
  generation: z.enum(VH_GENERATIONS, { error: 'Bitte geben Sie die Tarifgeneration an.' }),
  beruf: professionIdSchema,
  // A new business states a plausible revenue (at least 1.000,00 EUR), as in the self-service.
  jahresumsatzCents: umsatzCentsSchema.min(JAHRESUMSATZ_RANGE.minCents, {
    error: JAHRESUMSATZ_RANGE.tooSmall,
  }),
  variante: z.enum(VH_VARIANTEN, { error: 'Bitte wählen Sie eine Versicherungssumme.' }).optional(),
  selbstbeteiligung: z
    .enum(SELBSTBETEILIGUNGEN, { error: 'Bitte wählen Sie eine angebotene Selbstbeteiligung.' })
    .default('SB_KEINE'),
  buerohaftpflicht: z
    .boolean({ error: 'Bitte geben Sie an, ob Sie eine Bürohaftpflicht wünschen.' })
    .default(false),
  phvAnzahl: z
    .enum(PHV_ANZAHL, {
      error: 'Bitte wählen Sie, für wie viele Personen die Privathaftpflicht gelten soll.',
    })
    .default('KEINE'),
  risikofragen: z
    .record(z.string(), z.enum(JA_NEIN, { error: 'Bitte beantworten Sie die Frage mit Ja oder Nein.' }))
    .default({}),
  zahlweise: z.enum(PRICING_ZAHLWEISEN, { error: 'Bitte wählen Sie eine Zahlweise.' }).optional(),
});
export type VhRatingInput = z.output<typeof vhRatingInputSchema>;

/** Product details of a VH contract; `vh.versicherteGefahren.phv` is true exactly when phvAnzahl is not KEINE. */
export const vhDetailsSchema = z
  .object({
    versicherteGewerbe: z.object({
      hauptgewerbe: professionIdSchema,
      nebengewerbe: z.array(professionIdSchema),
    }),
    jahresumsatz: z.object({ value: umsatzCentsSchema, isAdjustable: z.boolean() }),
    phvAnzahl: z.enum(PHV_ANZAHL),
    vh: z.object({ versicherteGefahren: z.object({ buerohaftpflicht: z.boolean(), phv: z.boolean() }) }),
    /** When the customer last declared or confirmed the revenue (drives the reminder tasks). */
    jahresumsatzGemeldetAm: z.iso.date().optional(),
  })
  .refine((details) => details.vh.versicherteGefahren.phv === (details.phvAnzahl !== 'KEINE'), {
    error: 'Die Privathaftpflicht ist genau dann versichert, wenn mindestens eine Person versichert ist.',
    path: ['vh', 'versicherteGefahren', 'phv'],
  });
export type VhDetails = z.output<typeof vhDetailsSchema>;

function professionOf(input: VhRatingInput): BusinessType {
  const profession = vhProfessionById(input.beruf);
  if (!profession)
    throw new RangeError(`Unknown VH profession id (the rating schema checks it): ${input.beruf}`);
  return profession;
}

const DENOMINATOR = 100_000n * 10_000n * 10_000n;

/** Net annual VH premium of one variant in cents: indemnity part exact and rounded once, add-ons, minimum. */
export function vhNetAnnualCents(input: VhRatingInput, variante: VhVariante): number {
  const table = VH_TARIFF[input.generation];
  const varianteFactor = table.varianteFactorBp[variante];
  if (varianteFactor === undefined) throw new RangeError(`${input.generation} does not offer ${variante}`);
  const hazard = professionOf(input).hazardClass as VhHazardClass;
  const umsatzUeberFrei = Math.max(0, input.jahresumsatzCents - table.umsatzFreiCents);
  // Grundbeitrag and revenue part on the common denominator 100 000 cents (= 1.000 EUR of revenue).
  const basis =
    BigInt(table.grundbeitragCents[hazard]) * 100_000n +
    BigInt(umsatzUeberFrei) * BigInt(table.umsatzSatzCentsJeTausendEuro[hazard]);
  const vermoegensschaden = divRoundBig(
    basis * BigInt(varianteFactor) * BigInt(10_000 - VH_DEDUCTIBLE_DISCOUNT_BP[input.selbstbeteiligung]),
    DENOMINATOR,
  );
  const zusatz =
    (input.buerohaftpflicht ? table.buerohaftpflichtCents : 0) +
    VH_PHV_PERSONEN[input.phvAnzahl] * table.phvJePersonCents;
  return withMinimumPremium(vermoegensschaden + zusatz, table.mindestbeitragCents);
}

function refusal(input: VhRatingInput, profession: BusinessType): Uninsurable | undefined {
  if (profession.hazardClass >= NOT_ONLINE_HAZARD_CLASS) {
    return uninsurable(
      'VH_PROFESSION_NOT_ONLINE',
      `Für den Beruf „${profession.name}“ können wir Ihnen online leider keinen Versicherungsschutz anbieten.`,
    );
  }
  if (input.jahresumsatzCents > VH_MAX_UMSATZ_CENTS) {
    return uninsurable(
      'VH_REVENUE_LIMIT',
      `Bei einem Jahresumsatz über ${formatCents(VH_MAX_UMSATZ_CENTS)} können wir Ihnen online leider kein Angebot machen.`,
    );
  }
  const question = knockoutQuestion([profession], input.risikofragen);
  if (question) {
    return uninsurable(
      'VH_RISK_QUESTION',
      `Aufgrund Ihrer Antwort auf die Frage „${question.text}“ können wir Ihnen online leider kein Angebot machen.`,
    );
  }
  if (
    input.variante &&
    !vhDeckungsVarianten(input.generation).some((v) => v.deckungsVarianteIdentifier === input.variante)
  ) {
    return uninsurable(
      'VH_VARIANT_NOT_OFFERED',
      'Diese Versicherungssumme ist in Ihrer Tarifgeneration nicht verfügbar.',
    );
  }
  return undefined;
}

/** Prices the VH of the input's generation for every variant it offers (or the chosen one). */
export function priceVh(input: VhRatingInput, _options: { today?: CalendarDate } = {}): PricingResult {
  const refused = refusal(input, professionOf(input));
  if (refused) return refused;
  const zahlweisen = input.zahlweise ? [input.zahlweise] : undefined;
  const variants: VariantQuote[] = [];
  for (const variante of vhDeckungsVarianten(input.generation)) {
    if (input.variante && input.variante !== variante.deckungsVarianteIdentifier) continue;
    variants.push({
      variant: variante.deckungsVarianteIdentifier,
      name: variante.deckungsVarianteName,
      versicherungssummeCents: variante.versicherungssumme,
      premiums: premiumsForAllPeriods(
        vhNetAnnualCents(input, variante.deckungsVarianteIdentifier),
        zahlweisen,
      ),
    });
  }
  return { kind: 'quote', product: input.generation, tariffVersion: TARIFF_VERSION, variants };
}

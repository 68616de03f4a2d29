// Sachinhalt pricing (tariff 2026-01) for SI_ALLGEFAHREN and SI_MEHRGEFAHREN: rating inputs, the
// pure price function and the contract's product details. Explained with worked examples in
// docs/tariffs/si.md.
import { z } from 'zod';
import type { CalendarDate } from '../../dates/calendar-date';
import { formatCents } from '../../format/money';
import type { BusinessType, RiskQuestion } from '../bhv/business-types';
import { risikoOrtSchema } from '../common/risk-address';
import { divRound, premiumsForAllPeriods, uninsurable, withMinimumPremium } from '../common/pricing';
import type { PricingResult, Uninsurable, VariantQuote } from '../common/pricing';
import { JA_NEIN, PRICING_ZAHLWEISEN } from '../enums';
import type { JaNein, PricingZahlweise } from '../enums';
import { siBusinessTypeById } from './business-types';
import { SI_DECKUNGSVARIANTEN, SI_PRODUKTE, SI_SELBSTBETEILIGUNGEN, SI_VARIANTEN } from './catalogue';
import type { SiProduktKey } from './catalogue';
import {
  MAX_NEBENGEWERBE,
  MAX_VERSICHERUNGSSUMME_CENTS,
  MINIMUM_PREMIUM_CENTS,
  MIN_VERSICHERUNGSSUMME_CENTS,
  RATE_BP,
  SB_5000_MIN_VERSICHERUNGSSUMME_CENTS,
  SELBSTBETEILIGUNG_RABATT_BP,
  TARIFF_VERSION,
} from './tariff-data';
import type { SiHazardClass } from './tariff-data';

/** Largest sum insured the schema accepts (10 Mio. EUR); keeps the integer arithmetic exact. */
const VERSICHERUNGSSUMME_SCHEMA_MAX_CENTS = 1_000_000_000;

const businessIdSchema = z
  .string({ error: 'Bitte wählen Sie eine Tätigkeit aus der Liste.' })
  .refine((id) => siBusinessTypeById(id) !== undefined, {
    error: 'Bitte wählen Sie eine Tätigkeit aus der Liste.',
  });

const versicherungssummeSchema = z
  .int({ error: 'Bitte geben Sie die Versicherungssumme in ganzen Cent an.' })
  .min(MIN_VERSICHERUNGSSUMME_CENTS, {
    error: `Die Versicherungssumme muss mindestens ${formatCents(MIN_VERSICHERUNGSSUMME_CENTS)} betragen.`,
  })
  .max(VERSICHERUNGSSUMME_SCHEMA_MAX_CENTS, { error: 'Die Versicherungssumme ist unplausibel hoch.' });

/** Rating inputs of the Sachinhalt tariff (request body of `POST /api/taa/si/tarifieren`). */
export const siRatingInputSchema = z
  .object({
    produkt: z.enum(SI_PRODUKTE, { error: 'Bitte wählen Sie Allgefahren oder Mehrgefahren.' }),
    versicherungssummeCents: versicherungssummeSchema,
    hauptgewerbe: businessIdSchema,
    nebengewerbe: z
      .array(businessIdSchema)
      .max(20, { error: 'Bitte prüfen Sie die Zahl der Tätigkeiten.' })
      .default([]),
    variante: z.enum(SI_VARIANTEN, { error: 'Bitte wählen Sie eine Deckungsvariante.' }).optional(),
    selbstbeteiligung: z
      .enum(SI_SELBSTBETEILIGUNGEN, { error: 'Bitte wählen Sie eine angebotene Selbstbeteiligung.' })
      .default('SB_KEINE'),
    risikofragen: z
      .record(z.string(), z.enum(JA_NEIN, { error: 'Bitte beantworten Sie die Frage mit Ja oder Nein.' }))
      .default({}),
    zahlweise: z.enum(PRICING_ZAHLWEISEN, { error: 'Bitte wählen Sie eine Zahlweise.' }).optional(),
  })
  .superRefine((input, ctx) => {
    if (
      new Set(input.nebengewerbe).size !== input.nebengewerbe.length ||
      input.nebengewerbe.includes(input.hauptgewerbe)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['nebengewerbe'],
        message: 'Bitte wählen Sie jede Tätigkeit nur einmal.',
      });
    }
    if (
      input.selbstbeteiligung === 'SB_5000' &&
      input.versicherungssummeCents < SB_5000_MIN_VERSICHERUNGSSUMME_CENTS
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['selbstbeteiligung'],
        message: `Die Selbstbeteiligung von 5.000 EUR ist ab einer Versicherungssumme von ${formatCents(SB_5000_MIN_VERSICHERUNGSSUMME_CENTS)} wählbar.`,
      });
    }
  });
export type SiRatingInput = z.output<typeof siRatingInputSchema>;

function ratedClass(hazardClass: number): SiHazardClass | undefined {
  return hazardClass === 1 || hazardClass === 2 || hazardClass === 3 || hazardClass === 4
    ? hazardClass
    : undefined;
}

function knockoutQuestion(
  types: readonly BusinessType[],
  answers: Readonly<Record<string, JaNein>>,
): RiskQuestion | undefined {
  for (const type of types) {
    for (const question of type.riskQuestions) {
      if (question.ausschlussAntwort !== undefined && answers[question.id] === question.ausschlussAntwort) {
        return question;
      }
    }
  }
  return undefined;
}

const PRODUKT_NAME: Record<SiProduktKey, string> = {
  SI_ALLGEFAHREN: 'die Allgefahrendeckung',
  SI_MEHRGEFAHREN: 'die Mehrgefahrendeckung',
};

function businessTypesOf(input: SiRatingInput): BusinessType[] | Uninsurable {
  const types: BusinessType[] = [];
  for (const id of [input.hauptgewerbe, ...input.nebengewerbe]) {
    const type = siBusinessTypeById(id);
    if (!type) return uninsurable('SI_GEWERBE_UNBEKANNT', 'Bitte wählen Sie eine Tätigkeit aus der Liste.');
    types.push(type);
  }
  return types;
}

/** The rated hazard class, or why the risk cannot be insured online. */
function assess(input: SiRatingInput, types: readonly BusinessType[]): SiHazardClass | Uninsurable {
  // Mischbetriebslogik: several trades are rated in the highest hazard class among them.
  let hazard: SiHazardClass = 1;
  for (const type of types) {
    const rated = ratedClass(type.hazardClass);
    if (rated === undefined) {
      return uninsurable(
        'SI_GEWERBE_NICHT_ONLINE',
        `Für die Tätigkeit „${type.name}“ können wir Ihnen online leider keine Sachinhaltsversicherung anbieten.`,
      );
    }
    if (rated > hazard) hazard = rated;
  }
  const notInProduct = types.find((type) => !type.products.includes(input.produkt));
  if (notInProduct) {
    return uninsurable(
      'SI_GEWERBE_NICHT_IM_PRODUKT',
      `Für die Tätigkeit „${notInProduct.name}“ bieten wir ${PRODUKT_NAME[input.produkt]} nicht an.${
        input.produkt === 'SI_ALLGEFAHREN' ? ' Die Mehrgefahrendeckung ist möglich.' : ''
      }`,
    );
  }
  if (input.nebengewerbe.length > MAX_NEBENGEWERBE) {
    return uninsurable(
      'SI_ZU_VIELE_NEBENGEWERBE',
      `Online können wir neben dem Hauptgewerbe höchstens ${MAX_NEBENGEWERBE} Nebengewerbe versichern. Bitte sprechen Sie uns an.`,
    );
  }
  if (input.versicherungssummeCents > MAX_VERSICHERUNGSSUMME_CENTS) {
    return uninsurable(
      'SI_VERSICHERUNGSSUMME_UEBER_LIMIT',
      `Versicherungssummen über ${formatCents(MAX_VERSICHERUNGSSUMME_CENTS)} können wir online leider nicht versichern.`,
    );
  }
  const question = knockoutQuestion(types, input.risikofragen);
  if (question) {
    return uninsurable(
      'SI_RISIKOFRAGE',
      `Aufgrund Ihrer Antwort auf die Frage „${question.text}“ können wir Ihnen online leider kein Angebot machen.`,
    );
  }
  return hazard;
}

const DENOMINATOR = 10_000 * 10_000;

/**
 * Prices commercial contents for every variant (or the chosen one). Pure; the input must have passed
 * `siRatingInputSchema`.
 */
export function priceSi(input: SiRatingInput, _options: { today?: CalendarDate } = {}): PricingResult {
  const types = businessTypesOf(input);
  if ('kind' in types) return types;
  const hazard = assess(input, types);
  if (typeof hazard !== 'number') return hazard;
  const zahlweisen: readonly PricingZahlweise[] | undefined = input.zahlweise ? [input.zahlweise] : undefined;
  const discountFactor = 10_000 - SELBSTBETEILIGUNG_RABATT_BP[input.selbstbeteiligung];
  const variants: VariantQuote[] = [];
  for (const variante of SI_DECKUNGSVARIANTEN) {
    if (input.variante && input.variante !== variante.deckungsVarianteIdentifier) continue;
    const rate = RATE_BP[input.produkt][variante.deckungsVarianteIdentifier][hazard];
    if (rate === null) {
      return uninsurable(
        'SI_GEWERBE_NICHT_IM_PRODUKT',
        `In der Gefahrenklasse ${hazard} bieten wir ${PRODUKT_NAME[input.produkt]} nicht an.`,
      );
    }
    // sum insured × rate × (1 − deductible discount), rounded once.
    const exact = input.versicherungssummeCents * rate * discountFactor;
    const net = withMinimumPremium(divRound(exact, DENOMINATOR), MINIMUM_PREMIUM_CENTS[input.produkt]);
    variants.push({
      variant: variante.deckungsVarianteIdentifier,
      name: variante.deckungsVarianteName,
      versicherungssummeCents: input.versicherungssummeCents,
      premiums: premiumsForAllPeriods(net, zahlweisen),
    });
  }
  return { kind: 'quote', product: input.produkt, tariffVersion: TARIFF_VERSION, variants };
}

/** Product details of a Sachinhalt contract (spec §3 `versicherteGewerbe` with business-type ids, `risikoOrt`). */
export const siDetailsSchema = z.object({
  versicherteGewerbe: z.object({
    hauptgewerbe: businessIdSchema,
    nebengewerbe: z.array(businessIdSchema),
  }),
  risikoOrt: risikoOrtSchema,
});
export type SiDetails = z.output<typeof siDetailsSchema>;

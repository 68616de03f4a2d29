// Hausrat pricing (tariff 2026-01): rating inputs, the pure price function and the contract's
// product details. The rule is explained with worked examples in docs/tariffs/hausrat.md.
import { z } from 'zod';
import type { CalendarDate } from '../../dates/calendar-date';
import { divRound, premiumsForAllPeriods, uninsurable, withMinimumPremium } from '../common/pricing';
import type { PricingResult, VariantQuote } from '../common/pricing';
import { risikoOrtSchema } from '../common/risk-address';
import { HAUSRAT_DECKUNGEN, PRICING_ZAHLWEISEN } from '../enums';
import type { HausratDeckung, PricingZahlweise } from '../enums';
import {
  HAUSRAT_BASISDECKUNG,
  HAUSRAT_DECKUNGSVARIANTEN,
  HAUSRAT_SELBSTBETEILIGUNGEN,
  HAUSRAT_VARIANTEN,
  HAUSRAT_VERSICHERUNGSSUMME_PRO_QM_CENTS,
} from './catalogue';
import type { HausratVariante } from './catalogue';
import {
  BASIS_RATE_PRO_QM_CENTS,
  ELEMENTAR_PRO_QM_CENTS,
  FAHRRAD_FLAT_CENTS,
  GLASBRUCH_PRO_QM_CENTS,
  MAX_WOHNFLAECHE_QM,
  MINIMUM_PREMIUM_CENTS,
  SELBSTBETEILIGUNG_RABATT_BP,
  TARIFF_VERSION,
  UNBENANNTE_GEFAHREN_PRO_QM_CENTS,
  WOHNUNGSSCHUTZBRIEF_CENTS,
} from './tariff-data';
import type { ZuersKlasse } from './tariff-data';
import { tariffZoneForPostcode } from './tariff-zones';
import type { HausratTarifzone } from './tariff-zones';

/** Whether elementary cover can be included at an address of this ZÜRS class (not in class 4). */
export function isElementarEinschliessbar(zuersKlasse: ZuersKlasse): boolean {
  return ELEMENTAR_PRO_QM_CENTS[zuersKlasse] !== null;
}

const ELEMENTAR: HausratDeckung = 'SCHIRM_ELEMENTAR_HAUSRAT';

/** Largest living space the schema accepts; the online limit is checked by the tariff. */
const WOHNFLAECHE_SCHEMA_MAX_QM = 10_000;

const plzSchema = z
  .string({ error: 'Bitte geben Sie die Postleitzahl an.' })
  .regex(/^(?!00)\d{5}$/, { error: 'Bitte geben Sie eine gültige Postleitzahl mit 5 Ziffern ein.' });

const wohnflaecheSchema = z
  .int({ error: 'Bitte geben Sie die Wohnfläche in ganzen Quadratmetern an.' })
  .min(10, { error: 'Die Wohnfläche muss mindestens 10 m² betragen.' })
  .max(WOHNFLAECHE_SCHEMA_MAX_QM, { error: 'Die Wohnfläche ist unplausibel groß.' });

export const zuersKlasseSchema: z.ZodType<ZuersKlasse> = z.union(
  [z.literal(1), z.literal(2), z.literal(3), z.literal(4)],
  {
    error: 'Die ZÜRS-Gefährdungsklasse muss 1, 2, 3 oder 4 sein.',
  },
);

const deckungenSchema = z
  .array(z.enum(HAUSRAT_DECKUNGEN, { error: 'Unbekannter Baustein.' }))
  .superRefine((deckungen, ctx) => {
    if (new Set(deckungen).size !== deckungen.length) {
      ctx.addIssue({ code: 'custom', message: 'Jeder Baustein darf nur einmal gewählt werden.' });
    }
    if (!deckungen.includes(HAUSRAT_BASISDECKUNG)) {
      ctx.addIssue({ code: 'custom', message: 'Die Basisdeckung ist in jedem Vertrag enthalten.' });
    }
  });

/** Rating inputs of the Hausrat tariff (request body of `POST /api/taa/hausrat/v2/tarifieren`). */
export const hausratRatingInputSchema = z
  .object({
    plz: plzSchema,
    wohnflaeche: wohnflaecheSchema,
    deckungen: deckungenSchema.default([HAUSRAT_BASISDECKUNG]),
    zuersKlasse: zuersKlasseSchema.optional(),
    variante: z.enum(HAUSRAT_VARIANTEN, { error: 'Bitte wählen Sie eine Deckungsvariante.' }).optional(),
    selbstbeteiligung: z
      .enum(HAUSRAT_SELBSTBETEILIGUNGEN, { error: 'Bitte wählen Sie eine angebotene Selbstbeteiligung.' })
      .default('SB_KEINE'),
    zahlweise: z.enum(PRICING_ZAHLWEISEN, { error: 'Bitte wählen Sie eine Zahlweise.' }).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.deckungen.includes(ELEMENTAR) && input.zuersKlasse === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['zuersKlasse'],
        message: 'Für den Elementarschutz benötigen wir die ZÜRS-Gefährdungsklasse Ihrer Adresse.',
      });
    }
  });
export type HausratRatingInput = z.output<typeof hausratRatingInputSchema>;

/** Insured sum of a home: living space × 650 EUR (Unterversicherungsverzicht), in cents. */
export function hausratVersicherungssummeCents(wohnflaeche: number): number {
  return wohnflaeche * HAUSRAT_VERSICHERUNGSSUMME_PRO_QM_CENTS;
}

/** Rating facts resolved once per request: the zone and the elementary rate of the address. */
interface Resolved {
  zone: HausratTarifzone;
  elementarProQmCents: number;
}

function netAnnualCents(
  input: HausratRatingInput,
  variante: HausratVariante,
  { zone, elementarProQmCents }: Resolved,
): number {
  let ratePerQm = BASIS_RATE_PRO_QM_CENTS[variante][zone];
  let propertyFlat = 0;
  let assistanceFlat = 0;
  for (const deckung of input.deckungen) {
    switch (deckung) {
      case 'SCHIRM_BASISDECKUNG_HAUSRAT':
        break;
      case 'SCHIRM_GLASBRUCH_HAUSRAT':
        ratePerQm += GLASBRUCH_PRO_QM_CENTS;
        break;
      case 'SCHIRM_ELEMENTAR_HAUSRAT':
        ratePerQm += elementarProQmCents;
        break;
      case 'SCHIRM_FAHRRAD_HAUSRAT':
        propertyFlat += FAHRRAD_FLAT_CENTS[zone];
        break;
      case 'SCHIRM_WOHNUNGSSCHUTZBRIEF_HAUSRAT':
        assistanceFlat += WOHNUNGSSCHUTZBRIEF_CENTS;
        break;
      case 'SCHIRM_UNBENANNTE_GEFAHREN_HAUSRAT':
        ratePerQm += UNBENANNTE_GEFAHREN_PRO_QM_CENTS;
        break;
    }
  }
  const property = input.wohnflaeche * ratePerQm + propertyFlat;
  // property × (1 − deductible discount) + assistance, rounded once.
  const exact =
    property * (10_000 - SELBSTBETEILIGUNG_RABATT_BP[input.selbstbeteiligung]) + assistanceFlat * 10_000;
  return withMinimumPremium(divRound(exact, 10_000), MINIMUM_PREMIUM_CENTS);
}

function resolve(input: HausratRatingInput): Resolved | PricingResult {
  if (input.wohnflaeche > MAX_WOHNFLAECHE_QM) {
    return uninsurable(
      'HAUSRAT_WOHNFLAECHE_UEBER_LIMIT',
      `Wohnungen und Häuser mit mehr als ${MAX_WOHNFLAECHE_QM} m² Wohnfläche können wir online leider nicht versichern.`,
    );
  }
  const zone = tariffZoneForPostcode(input.plz);
  if (!input.deckungen.includes(ELEMENTAR)) return { zone, elementarProQmCents: 0 };
  if (input.zuersKlasse === undefined) {
    return uninsurable(
      'HAUSRAT_ZUERS_UNBEKANNT',
      'Für den Elementarschutz benötigen wir die ZÜRS-Gefährdungsklasse Ihrer Adresse.',
    );
  }
  const elementarProQmCents = ELEMENTAR_PRO_QM_CENTS[input.zuersKlasse];
  if (elementarProQmCents === null) {
    return uninsurable(
      'HAUSRAT_ELEMENTAR_ZUERS_4',
      'Ihre Adresse liegt in der ZÜRS-Gefährdungsklasse 4 (höchste Hochwassergefahr). Elementarschäden können wir dort leider nicht versichern; ohne den Elementarschutz ist ein Abschluss möglich.',
    );
  }
  return { zone, elementarProQmCents };
}

/**
 * Prices household contents for every variant (or the chosen one). Pure; the input must have passed
 * `hausratRatingInputSchema`.
 */
export function priceHausrat(
  input: HausratRatingInput,
  _options: { today?: CalendarDate } = {},
): PricingResult {
  const resolved = resolve(input);
  if ('kind' in resolved) return resolved;
  const zahlweisen: readonly PricingZahlweise[] | undefined = input.zahlweise ? [input.zahlweise] : undefined;
  const versicherungssummeCents = hausratVersicherungssummeCents(input.wohnflaeche);
  const variants: VariantQuote[] = [];
  for (const variante of HAUSRAT_DECKUNGSVARIANTEN) {
    if (input.variante && input.variante !== variante.deckungsVarianteIdentifier) continue;
    variants.push({
      variant: variante.deckungsVarianteIdentifier,
      name: variante.deckungsVarianteName,
      versicherungssummeCents,
      premiums: premiumsForAllPeriods(
        netAnnualCents(input, variante.deckungsVarianteIdentifier, resolved),
        zahlweisen,
      ),
    });
  }
  return { kind: 'quote', product: 'HAUSRAT', tariffVersion: TARIFF_VERSION, variants };
}

/** The `hausrat` block of a contract (spec §3), plus the rating facts needed for re-pricing. */
export const hausratSchema = z.object({
  plz: plzSchema,
  wohnflaeche: wohnflaecheSchema,
  hausratDeckungen: deckungenSchema,
  elementarEinschliessbar: z.boolean(),
  hfkVariante: z.enum(HAUSRAT_VARIANTEN).optional(),
  zuersKlasse: zuersKlasseSchema.optional(),
});

/** Product details of a Hausrat contract as stored: the spec's `hausrat` block. */
export const hausratDetailsSchema = z
  .object({
    hausrat: hausratSchema,
    /** The insured home, where the contract names it (it then moves with the customer). */
    risikoOrt: risikoOrtSchema.optional(),
  })
  .refine((details) => details.risikoOrt === undefined || details.risikoOrt.plz === details.hausrat.plz, {
    error: 'Die Postleitzahl der Wohnung muss zur Postleitzahl des Tarifs passen.',
    path: ['risikoOrt', 'plz'],
  });
export type HausratDetails = z.output<typeof hausratDetailsSchema>;

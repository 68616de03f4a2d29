// The offer's price: the application's pricing request (the same the variant table asked for)
// parsed with the tarifieren request schema and rated with the same server facts (generation by
// flag, ZÜRS class by address). So the premium shown, offered and saved is one computation.
import type { ProductApplication } from '@schirm/domain/application/product-application';
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';
import type { PeriodPremium } from '@schirm/domain/products/common/pricing';
import type { SummaryProdukt, Zahlweise } from '@schirm/domain/products/enums';
import type { z } from 'zod';
import { unprocessable, validationFailed } from '../../platform/errors';
import {
  bhvRequestSchema,
  fahrradRequestSchema,
  hausratRequestSchema,
  kfzRequestSchema,
  phvRequestSchema,
  reiseRequestSchema,
  siRequestSchema,
  thvRequestSchema,
  vhRequestSchema,
} from '../pricing/request-schemas';
import {
  rateBhv,
  rateFahrrad,
  rateHausrat,
  rateKfz,
  rateReise,
  rateVh,
  type Rated,
} from '../pricing/service';
import { priceSi } from '@schirm/domain/products/si/tariff';
import { pricePhv } from '@schirm/domain/products/phv/tariff';
import { priceThv } from '@schirm/domain/products/thv/tariff';

/** What a price depends on besides the request. */
export interface RatingContext {
  today: CalendarDate;
  newProductGenerations: boolean;
  travelHealthInsurance: boolean;
}

function parsed<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw validationFailed(
    result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    'Application pricing request refused by the tarifieren schema',
  );
}

const RATERS: Readonly<Record<string, (body: unknown, context: RatingContext) => Rated>> = {
  fahrrad2: (body, { today, newProductGenerations }) =>
    rateFahrrad({ input: parsed(fahrradRequestSchema, body), today, newProductGenerations }),
  'thv/v2': (body, { today }) => ({
    produkt: 'TIERHALTERHAFTPFLICHT',
    result: priceThv(parsed(thvRequestSchema, body), { today }),
  }),
  'phv/v2': (body, { today }) => ({
    produkt: 'PRIVATHAFTPFLICHT',
    result: pricePhv(parsed(phvRequestSchema, body), { today }),
  }),
  si: (body, { today }) => {
    const input = parsed(siRequestSchema, body);
    return { produkt: input.produkt, result: priceSi(input, { today }) };
  },
  'hausrat/v2': (body, { today }) => rateHausrat({ input: parsed(hausratRequestSchema, body), today }),
  bhv: (body, { today, newProductGenerations }) =>
    rateBhv({ input: parsed(bhvRequestSchema, body), today, newProductGenerations }),
  vh2: (body, { today, newProductGenerations }) =>
    rateVh({ input: parsed(vhRequestSchema, body), today, newProductGenerations }),
  reise: (body, { today, travelHealthInsurance }) =>
    rateReise({ input: parsed(reiseRequestSchema, body), today, travelHealthInsurance }),
  kfz: (body, { today }) => rateKfz({ input: parsed(kfzRequestSchema, body), today }),
};

/** The priced choice of an application. */
export type OfferPrice =
  | {
      kind: 'priced';
      produkt: SummaryProdukt;
      variant: string;
      variantName: string;
      versicherungssummeCents?: number;
      zuersKlasse?: number;
      /** KFZ: the vehicle the server's class table names for HSN/TSN. */
      fahrzeug?: { hersteller: string; modell: string };
      premium: PeriodPremium;
    }
  | { kind: 'uninsurable'; code: string; reason: string };

const TEXTS = {
  notPriced:
    'Für Ihre Auswahl konnten wir keinen Beitrag berechnen. Bitte prüfen Sie Tarif und Zahlweise und versuchen Sie es erneut.',
};

/** Prices the chosen variant and payment period of a validated application. */
export function priceChoice(
  application: ProductApplication,
  request: Record<string, unknown>,
  choice: { variante: string; zahlweise: Zahlweise },
  context: RatingContext,
): OfferPrice {
  const rate = RATERS[application.pricingPath];
  if (!rate) throw new Error(`No rater for pricing path ${application.pricingPath}`);
  const rated = rate(request, context);
  if (rated.result.kind === 'uninsurable') {
    return { kind: 'uninsurable', code: rated.result.code, reason: rated.result.reason };
  }
  const variant =
    rated.result.variants.find((candidate) => candidate.variant === choice.variante) ??
    // The individual bicycle package is priced by its covers: the tariff names a matching package.
    (rated.result.variants.length === 1 ? rated.result.variants[0] : undefined);
  const premium = variant?.premiums.find((candidate) => candidate.zahlweise === choice.zahlweise);
  if (!variant || !premium) {
    throw unprocessable(`No premium for ${choice.variante}/${choice.zahlweise}`, {
      code: 'APPLICATION_NOT_PRICED',
      userMessage: TEXTS.notPriced,
    });
  }
  return {
    kind: 'priced',
    produkt: rated.produkt,
    variant: variant.variant,
    variantName: variant.name,
    ...(variant.versicherungssummeCents === undefined
      ? {}
      : { versicherungssummeCents: variant.versicherungssummeCents }),
    ...(rated.zuersKlasse === undefined ? {} : { zuersKlasse: rated.zuersKlasse }),
    ...(rated.fahrzeug === undefined
      ? {}
      : { fahrzeug: { hersteller: rated.fahrzeug.hersteller, modell: rated.fahrzeug.modell } }),
    premium,
  };
}

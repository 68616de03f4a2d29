// Public pricing (spec §7 'Tariff and application calls', base /api/taa): one tarifieren endpoint
// per product, no sign-in, rate-limited per IP. A refusal of the risk is the 200 answer
// { kind: 'uninsurable' } (the 'sorry' page and the iframe's handleUninsurablePricingResult use it);
// only invalid input is an error (400 with German field messages).
import { todayInGermany, type CalendarDate } from '@schirm/domain/dates/calendar-date';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '../../platform/errors';
import { DEFAULT_BRAND } from '../../platform/flags/provider';
import { brandFromCookie } from '../../platform/flags/service';
import { fastSerializerCompiler } from '../../platform/serializer';
import { currentKfzClassTable } from './kfz-classes';
import {
  bhvRequestSchema,
  bhvWechselRequestSchema,
  fahrradRequestSchema,
  hausratRequestSchema,
  kfzRequestSchema,
  phvRequestSchema,
  reiseRequestSchema,
  siRequestSchema,
  thvRequestSchema,
  vhRequestSchema,
} from './request-schemas';
import {
  fahrradQuoteResponseSchema,
  hausratQuoteResponseSchema,
  kfzQuoteResponseSchema,
  quoteResponseSchema,
  reiseQuoteResponseSchema,
  uninsurableResponseSchema,
} from './response-schemas';
import {
  quoteBhv,
  quoteBhvWechsel,
  quoteFahrrad,
  quoteHausrat,
  quoteKfz,
  quotePhv,
  quoteReise,
  quoteSi,
  quoteThv,
  quoteVh,
} from './service';

/** Requests per IP and minute and endpoint: a price is recalculated on every change in the form. */
export const PRICING_RATE_LIMIT = { max: 300, timeWindow: '1 minute' } as const;

/** Rating inputs are small; a larger body is refused with 413 before it is parsed. */
export const PRICING_BODY_LIMIT_BYTES = 16 * 1024;

// Formatting the Berlin day with Intl costs microseconds on every request, yet the day changes once
// a day: one value per second is exact enough (at midnight a quote may use the old day for < 1 s).
let currentDay = { day: '', fromMs: 0, untilMs: 0 };
function today(): CalendarDate {
  const now = Date.now();
  if (now < currentDay.fromMs || now >= currentDay.untilMs) {
    currentDay = { day: todayInGermany(new Date(now)), fromMs: now, untilMs: now + 1_000 };
  }
  return currentDay.day;
}

// The answers are built by typed mappers (quote-response.ts, service.ts), so checking them against
// the zod response schema again on every request only costs time: it was the largest part of a
// pricing request's CPU. They are written by a serializer compiled from the schema instead
// (platform/serializer.ts). The schemas still document the answers in OpenAPI, and the tests parse
// real answers with them and compare the compiled serializer's output with JSON.stringify.

/** The date the OpenAPI response examples are computed for (the worked examples' date in docs/tariffs). */
const EXAMPLE_TODAY = '2026-11-22';

type PricingFlag = 'new-product-generations' | 'travel-health-insurance' | 'bhv-tariff-change';

// One flag per request, not getFlags' full set: pricing is the hottest public route.
async function isFlagOn(request: FastifyRequest, key: PricingFlag): Promise<boolean> {
  const evaluation = await request.server.flags.evaluate(key, {
    environment: request.environment,
    brand: brandFromCookie(request) ?? DEFAULT_BRAND,
  });
  return evaluation.value;
}

/** The first example of a request schema, parsed: a broken example stops the start. */
function exampleInput<S extends z.ZodType>(schema: S): z.output<S> {
  const examples: unknown = schema.meta()?.examples;
  return schema.parse(Array.isArray(examples) ? examples[0] : undefined);
}

function pricingRoute<B extends z.ZodType, Q extends z.ZodType>(
  summary: string,
  body: B,
  quote: Q,
  example: z.output<Q> | z.output<typeof uninsurableResponseSchema>,
) {
  return {
    bodyLimit: PRICING_BODY_LIMIT_BYTES,
    config: { rateLimit: PRICING_RATE_LIMIT },
    serializerCompiler: fastSerializerCompiler,
    schema: {
      tags: ['Pricing'],
      summary,
      body,
      response: {
        200: z.union([quote, uninsurableResponseSchema]).meta({ examples: [example] }),
        400: errorEnvelopeSchema,
        413: errorEnvelopeSchema,
        415: errorEnvelopeSchema,
        429: errorEnvelopeSchema,
      },
    },
  };
}

const flagsOnForExamples = { today: EXAMPLE_TODAY, newProductGenerations: true } as const;

export const pricingRoutes: FastifyPluginAsyncZod = async (app) => {
  // The motor class table is read here, at start, so that a bad KFZ_CLASSES_FILE stops the start.
  currentKfzClassTable();

  app.post(
    '/taa/fahrrad2/tarifieren',
    pricingRoute(
      'Fahrrad/E-Bike: Beitrag je Paket und Zahlweise, mit proportionalFee/paymentPeriod (spec §3)',
      fahrradRequestSchema,
      fahrradQuoteResponseSchema,
      quoteFahrrad({ input: exampleInput(fahrradRequestSchema), ...flagsOnForExamples }),
    ),
    async (request) =>
      quoteFahrrad({
        input: request.body,
        today: today(),
        newProductGenerations: await isFlagOn(request, 'new-product-generations'),
      }),
  );

  app.post(
    '/taa/thv/v2/tarifieren',
    pricingRoute(
      'Tierhalterhaftpflicht (Hunde): Beitrag je Variante und Zahlweise; Listenhunde: nicht versicherbar',
      thvRequestSchema,
      quoteResponseSchema,
      quoteThv({ input: exampleInput(thvRequestSchema), today: EXAMPLE_TODAY }),
    ),
    async (request) => quoteThv({ input: request.body, today: today() }),
  );

  app.post(
    '/taa/phv/v2/tarifieren',
    pricingRoute(
      'Privathaftpflicht: Beitrag je Variante und Zahlweise',
      phvRequestSchema,
      quoteResponseSchema,
      quotePhv({ input: exampleInput(phvRequestSchema), today: EXAMPLE_TODAY }),
    ),
    async (request) => quotePhv({ input: request.body, today: today() }),
  );

  app.post(
    '/taa/si/tarifieren',
    pricingRoute(
      'Sachinhalt (Allgefahren/Mehrgefahren): Beitrag je Variante und Zahlweise',
      siRequestSchema,
      quoteResponseSchema,
      quoteSi({ input: exampleInput(siRequestSchema), today: EXAMPLE_TODAY }),
    ),
    async (request) => quoteSi({ input: request.body, today: today() }),
  );

  app.post(
    '/taa/hausrat/v2/tarifieren',
    pricingRoute(
      'Hausrat: Beitrag je Variante und Zahlweise; ZÜRS-Klasse aus der Adresse',
      hausratRequestSchema,
      hausratQuoteResponseSchema,
      quoteHausrat({ input: exampleInput(hausratRequestSchema), today: EXAMPLE_TODAY }),
    ),
    async (request) => quoteHausrat({ input: request.body, today: today() }),
  );

  app.post(
    '/taa/bhv/tarifieren',
    pricingRoute(
      'Betriebshaftpflicht: Beitrag je Variante und Zahlweise in der Generation für Neugeschäft',
      bhvRequestSchema,
      quoteResponseSchema,
      quoteBhv({ input: exampleInput(bhvRequestSchema), ...flagsOnForExamples }),
    ),
    async (request) =>
      quoteBhv({
        input: request.body,
        today: today(),
        newProductGenerations: await isFlagOn(request, 'new-product-generations'),
      }),
  );

  const wechselRoute = pricingRoute(
    'Betriebshaftpflicht-Wechseltarif: Rabatt für schadenfreie Jahre; 403, solange der Tarifwechsel abgeschaltet ist',
    bhvWechselRequestSchema,
    quoteResponseSchema,
    quoteBhvWechsel({
      input: exampleInput(bhvWechselRequestSchema),
      ...flagsOnForExamples,
      bhvTariffChange: true,
    }),
  );
  app.post(
    '/taa/bhv/wechsel/tarifieren',
    {
      ...wechselRoute,
      schema: {
        ...wechselRoute.schema,
        response: { ...wechselRoute.schema.response, 403: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const [newProductGenerations, bhvTariffChange] = await Promise.all([
        isFlagOn(request, 'new-product-generations'),
        isFlagOn(request, 'bhv-tariff-change'),
      ]);
      return quoteBhvWechsel({
        input: request.body,
        today: today(),
        newProductGenerations,
        bhvTariffChange,
      });
    },
  );

  app.post(
    '/taa/vh2/tarifieren',
    pricingRoute(
      'Vermögensschadenhaftpflicht: Beitrag je Versicherungssumme und Zahlweise in der Generation für Neugeschäft',
      vhRequestSchema,
      quoteResponseSchema,
      quoteVh({ input: exampleInput(vhRequestSchema), ...flagsOnForExamples }),
    ),
    async (request) =>
      quoteVh({
        input: request.body,
        today: today(),
        newProductGenerations: await isFlagOn(request, 'new-product-generations'),
      }),
  );

  app.post(
    '/taa/kfz/tarifieren',
    pricingRoute(
      'Kfz: Beitrag je Deckung und Zahlweise; Typ- und Regionalklassen aus der Klassentabelle, Fahrzeug zu HSN/TSN',
      kfzRequestSchema,
      kfzQuoteResponseSchema,
      quoteKfz({ input: exampleInput(kfzRequestSchema), today: EXAMPLE_TODAY }),
    ),
    async (request) => quoteKfz({ input: request.body, today: today() }),
  );

  app.post(
    '/taa/reise/tarifieren',
    pricingRoute(
      'Reise: Einmalbeitrag je Variante; Auslandsreisekrankenversicherung nur bei eingeschaltetem Merkmal',
      reiseRequestSchema,
      reiseQuoteResponseSchema,
      quoteReise({
        input: exampleInput(reiseRequestSchema),
        today: EXAMPLE_TODAY,
        travelHealthInsurance: true,
      }),
    ),
    async (request) =>
      quoteReise({
        input: request.body,
        today: today(),
        travelHealthInsurance: await isFlagOn(request, 'travel-health-insurance'),
      }),
  );
};

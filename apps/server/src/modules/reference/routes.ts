// Public look-ups of reference data for the forms (spec §7 'Zip search', 'Address', 'IBAN
// validation', 'Finders', 'Risk questions'). No sign-in; every route is rate-limited per IP.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RISK_ANSWER_TYPES } from '@schirm/domain/products/bhv/business-types';
import { PRODUCT_KEYS } from '@schirm/domain/products/enums';
import { z } from 'zod';
import { errorEnvelopeSchema, notFound } from '../../platform/errors';
import { validateIbanWithBank } from './banks';
import {
  businessTypeById,
  findBusinessTypes,
  hasShowableRiskQuestions,
  riskQuestionsOf,
} from './business-types';
import { findBicycleManufacturers, findDogBreeds } from './finders';
import { isKnownPostcode, placesOfPostcode, POSTCODE_SEARCH_MIN_DIGITS, searchPostcodes } from './postcodes';
import { currentZuersTable } from './zuers';
import { lookupZuers, zuersPlaces, zuersStreets } from './zuers-table';

/** Requests per IP and minute: search fields ask on every keystroke, the IBAN check once per entry. */
export const REFERENCE_RATE_LIMITS = {
  lookup: { max: 120, timeWindow: '1 minute' },
  iban: { max: 30, timeWindow: '1 minute' },
} as const;

// Reference data changes only with a release or a new ZÜRS file; IBANs are personal and never cached.
const CACHE_STATIC = 'public, max-age=3600';
const CACHE_NEVER = 'no-store';

const MAX_PATTERN_LENGTH = 100;
const MAX_RAW_IBAN_LENGTH = 64;
const MAX_IBAN_LENGTH = 34;

const TEXTS = {
  zipPrefix: `Bitte geben Sie ${POSTCODE_SEARCH_MIN_DIGITS} bis 5 Ziffern einer Postleitzahl ein.`,
  zipCode: 'Bitte geben Sie eine Postleitzahl mit 5 Ziffern ein.',
  tooLong: `Bitte geben Sie höchstens ${MAX_PATTERN_LENGTH} Zeichen ein.`,
  ibanTooLong: `Eine IBAN hat höchstens ${MAX_IBAN_LENGTH} Zeichen.`,
  getBic: 'getBIC ist true oder false.',
  produkt: `Bitte geben Sie ein Produkt an (${PRODUCT_KEYS.join(', ')}).`,
  gewerbeId: 'Bitte geben Sie die Kennung einer Gewerbeart an.',
  unknownGewerbe: 'Diese Gewerbeart kennen wir nicht. Bitte wählen Sie eine Gewerbeart aus der Liste.',
};

const zipcode = z
  .string()
  .regex(/^\d{5}$/, TEXTS.zipCode)
  .describe('Postleitzahl, 5 Ziffern');
const pattern = z
  .string()
  .max(MAX_PATTERN_LENGTH, TEXTS.tooLong)
  .default('')
  .describe(
    'Suchtext; Groß-/Kleinschreibung und Umlaut-Schreibweise (ä, ae, a) egal; leer: die ersten Einträge',
  );
const optionalName = z.string().max(MAX_PATTERN_LENGTH, TEXTS.tooLong).optional();
const zuersKlasse = z
  .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)])
  .describe('ZÜRS-Gefährdungsklasse (GK 1–4)');
const rateLimited = { 429: errorEnvelopeSchema };

const postcodePlaceSchema = z.object({ plz: z.string(), ort: z.string() }).meta({ id: 'PostcodePlace' });

const zuersPlaceSchema = z
  .object({
    plz: z.string(),
    ort: z.string(),
    zuersKlasse,
    basis: z.enum(['ORT', 'STANDARD']).describe('ORT: Ortszeile der ZÜRS-Datei; STANDARD: keine Zeile, GK 1'),
    strassenVorhanden: z
      .boolean()
      .describe('Straßengenaue Klassen vorhanden: eine Straße verfeinert die Klasse'),
  })
  .meta({ id: 'ZuersOrt' });

const zuersStreetSchema = z
  .object({
    plz: z.string(),
    ort: z.string(),
    strasse: z.string(),
    abschnitte: z.array(
      z.object({
        hausnummerVon: z.number().int().optional().describe('Fehlt bei einer Zeile für die ganze Straße'),
        hausnummerBis: z.number().int().optional(),
        zuersKlasse,
      }),
    ),
  })
  .meta({ id: 'ZuersStrasse' });

const ibanValidationSchema = z
  .object({
    valid: z.boolean(),
    messages: z.array(z.string()).describe('Deutsche Hinweise: Ablehnungsgrund oder gefundene Bank'),
    iban: z.string().describe('IBAN ohne Leerzeichen, in Großbuchstaben'),
    bankData: z
      .object({ bankCode: z.string(), name: z.string(), bic: z.string().nullable() })
      .optional()
      .describe('Nur bei getBIC=true und gültiger deutscher IBAN'),
  })
  .meta({ id: 'IbanValidation' });

const gewerbeIdParams = z.object({
  gewerbeId: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$/, TEXTS.gewerbeId),
});

function businessTypeOr404(gewerbeId: string) {
  const type = businessTypeById(gewerbeId);
  if (!type)
    throw notFound(`Unknown business type ${gewerbeId}`, {
      code: 'GEWERBEART_NOT_FOUND',
      userMessage: TEXTS.unknownGewerbe,
    });
  return type;
}

export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  // Read the ZÜRS file now: a missing or broken operator file must stop the start, not a request.
  const zuersTable = currentZuersTable();
  const lookup = { rateLimit: REFERENCE_RATE_LIMITS.lookup };

  app.get(
    '/fragebogen/search/zip/:zipcode',
    {
      config: lookup,
      schema: {
        tags: ['Reference data'],
        summary: 'Orte zu einer Postleitzahl oder einem Postleitzahl-Anfang (2–5 Ziffern), höchstens 50',
        params: z.object({ zipcode: z.string().regex(/^\d{2,5}$/, TEXTS.zipPrefix) }),
        response: { 200: z.array(postcodePlaceSchema), 400: errorEnvelopeSchema, ...rateLimited },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE_STATIC);
      return searchPostcodes(request.params.zipcode);
    },
  );

  app.get(
    '/fragebogen/validate/zip/:zipcode',
    {
      config: lookup,
      schema: {
        tags: ['Reference data'],
        summary: 'Prüft, ob es die Postleitzahl gibt; alles außer 5 Ziffern ist ungültig',
        params: z.object({ zipcode: z.string().max(16, TEXTS.zipCode) }),
        response: { 200: z.object({ valid: z.boolean() }), 400: errorEnvelopeSchema, ...rateLimited },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE_STATIC);
      const { zipcode: code } = request.params;
      return { valid: /^\d{5}$/.test(code) && isKnownPostcode(code) };
    },
  );

  app.get(
    '/zuers/zuers/orte/:postcode',
    {
      config: lookup,
      schema: {
        tags: ['Reference data'],
        summary:
          'Orte einer Postleitzahl mit ihrer ZÜRS-Gefährdungsklasse; leer, wenn es die Postleitzahl nicht gibt',
        params: z.object({ postcode: zipcode }),
        response: { 200: z.array(zuersPlaceSchema), 400: errorEnvelopeSchema, ...rateLimited },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE_STATIC);
      const { postcode } = request.params;
      return zuersPlaces(zuersTable, postcode, placesOfPostcode(postcode));
    },
  );

  app.get(
    '/zuers/zuers/strassen',
    {
      config: lookup,
      schema: {
        tags: ['Reference data'],
        summary:
          'Straßen einer Postleitzahl mit ZÜRS-Klasse je Hausnummernabschnitt; leer, wo keine Daten vorliegen',
        querystring: z.object({ plz: zipcode, ort: optionalName, pattern }),
        response: { 200: z.array(zuersStreetSchema), 400: errorEnvelopeSchema, ...rateLimited },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE_STATIC);
      return zuersStreets(zuersTable, request.query);
    },
  );

  app.get(
    '/zuers/zuers/klasse',
    {
      config: lookup,
      schema: {
        tags: ['Reference data'],
        summary: 'ZÜRS-Gefährdungsklasse einer Adresse und die Regel, die sie bestimmt hat',
        querystring: z.object({
          plz: zipcode,
          ort: optionalName,
          strasse: optionalName,
          hausnummer: z.string().max(20, TEXTS.tooLong).optional(),
        }),
        response: {
          200: z
            .object({ zuersKlasse, basis: z.enum(['HAUSNUMMER', 'STRASSE', 'ORT', 'STANDARD']) })
            .meta({ id: 'ZuersKlasse' }),
          400: errorEnvelopeSchema,
          ...rateLimited,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE_STATIC);
      return lookupZuers(zuersTable, request.query);
    },
  );

  app.get(
    '/openiban-validator/validate/:iban',
    {
      config: { rateLimit: REFERENCE_RATE_LIMITS.iban },
      schema: {
        tags: ['Reference data'],
        summary: 'Prüft eine IBAN (OpenIBAN-kompatibel); ungültig ist eine Antwort 200 mit valid=false',
        params: z.object({
          iban: z
            .string()
            .max(MAX_RAW_IBAN_LENGTH, TEXTS.ibanTooLong)
            .refine((value) => value.replace(/\s+/g, '').length <= MAX_IBAN_LENGTH, TEXTS.ibanTooLong),
        }),
        querystring: z.object({
          getBIC: z
            .enum(['true', 'false'], TEXTS.getBic)
            .default('false')
            .describe('true: Bankname und BIC mitliefern'),
        }),
        response: { 200: ibanValidationSchema, 400: errorEnvelopeSchema, ...rateLimited },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE_NEVER);
      return validateIbanWithBank(request.params.iban, { withBankData: request.query.getBIC === 'true' });
    },
  );

  app.get(
    '/finder/hunderasse',
    {
      config: lookup,
      schema: {
        tags: ['Reference data'],
        summary: 'Hunderassen (deutsche Namen), höchstens 20, Treffer am Wortanfang zuerst',
        querystring: z.object({ pattern }),
        response: {
          200: z.array(
            z
              .object({
                id: z.string(),
                name: z.string(),
                dangerous: z.boolean().describe('Listenhund: nicht versicherbar'),
              })
              .meta({ id: 'Hunderasse' }),
          ),
          400: errorEnvelopeSchema,
          ...rateLimited,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE_STATIC);
      return findDogBreeds(request.query.pattern);
    },
  );

  app.get(
    '/finder/fahrradhersteller',
    {
      config: lookup,
      schema: {
        tags: ['Reference data'],
        summary: 'Fahrradhersteller, höchstens 20; „Sonstiger Hersteller“ immer zuletzt',
        querystring: z.object({ pattern }),
        response: {
          200: z.array(z.object({ id: z.string(), name: z.string() }).meta({ id: 'Fahrradhersteller' })),
          400: errorEnvelopeSchema,
          ...rateLimited,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE_STATIC);
      return findBicycleManufacturers(request.query.pattern);
    },
  );

  app.get(
    '/finder/gewerbeartsuche',
    {
      config: lookup,
      schema: {
        tags: ['Reference data'],
        summary: 'Gewerbearten eines Produkts, höchstens 20; leer für Produkte ohne Gewerbearten',
        querystring: z.object({
          produkt: z.preprocess(
            (value) => (typeof value === 'string' ? value.toUpperCase() : value),
            z.enum(PRODUCT_KEYS, TEXTS.produkt),
          ),
          pattern,
        }),
        response: {
          200: z.array(
            z
              .object({
                id: z.string(),
                name: z.string(),
                products: z.array(z.enum(PRODUCT_KEYS)),
                hazardClass: z.number().int().describe('Gefahrenklasse 1–4; 5: nur individuell versicherbar'),
                insurableOnline: z.boolean(),
                hasRiskQuestions: z.boolean(),
              })
              .meta({ id: 'Gewerbeart' }),
          ),
          400: errorEnvelopeSchema,
          ...rateLimited,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE_STATIC);
      return findBusinessTypes(request.query);
    },
  );

  app.get(
    '/fragebogen/risikofragen/:gewerbeId',
    {
      config: lookup,
      schema: {
        tags: ['Reference data'],
        summary: 'Risikofragen einer Gewerbeart (ohne die ausschließende Antwort)',
        params: gewerbeIdParams,
        response: {
          200: z.array(
            z
              .object({ id: z.string(), text: z.string(), answerType: z.enum(RISK_ANSWER_TYPES) })
              .meta({ id: 'Risikofrage' }),
          ),
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          ...rateLimited,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE_STATIC);
      return riskQuestionsOf(businessTypeOr404(request.params.gewerbeId));
    },
  );

  app.get(
    '/fragebogen/risikofragen/:gewerbeId/showable',
    {
      config: lookup,
      schema: {
        tags: ['Reference data'],
        summary: 'Ob das Formular für diese Gewerbeart einen Schritt mit Risikofragen zeigt (es gibt Fragen)',
        params: gewerbeIdParams,
        response: {
          200: z.object({ showable: z.boolean() }),
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          ...rateLimited,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE_STATIC);
      return { showable: hasShowableRiskQuestions(businessTypeOr404(request.params.gewerbeId)) };
    },
  );
};

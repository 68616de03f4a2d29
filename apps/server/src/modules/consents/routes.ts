// The consent to process health data (spec §2 '/einwilligung', §7 'einwilligungserklaerung' and the
// consents list; ADR 0028). The wording is public (the page shows it before sign-in); a customer's
// token adds their state. Giving and withdrawing, and the list with the history, need the customer.
import { CONSENT_ENDINGS, CONSENT_KINDS, CONSENT_STATES } from '@schirm/domain/consents';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, answerPrivately, protectScope } from '../../platform/auth/authenticate';
import { errors } from '../identity/schemas';
import {
  consentStatusOf,
  currentHealthDataWording,
  giveHealthDataConsent,
  listConsents,
  withdrawHealthDataConsent,
} from './service';
import { CONSENT_TEXTS } from './texts';

const TAGS = ['Einwilligungen'];
const PATH = '/schadenstrecke/einwilligungserklaerung';

const statusSchema = z
  .object({
    status: z.enum(CONSENT_STATES).describe('VERALTET: erteilt zu einer älteren Fassung des Textes'),
    version: z.string().optional(),
    erteiltAm: z.iso.datetime().optional(),
    widerrufenAm: z.iso.datetime().optional(),
  })
  .meta({ id: 'EinwilligungZustand' });

const wordingSchema = z
  .object({
    art: z.enum(CONSENT_KINDS),
    version: z.string(),
    gueltigAb: z.iso.date(),
    sha256: z.string().describe('SHA-256 (hex) von Titel und Absätzen, durch Leerzeilen getrennt'),
    titel: z.string(),
    absaetze: z.array(z.string()),
    widerrufsfolgen: z.string(),
    zustand: statusSchema.optional().describe('Nur mit dem Zugang einer Kundin oder eines Kunden'),
  })
  .meta({ id: 'Einwilligungserklaerung' });

const giveBody = z.object({
  version: z.string({ error: CONSENT_TEXTS.errors.versionChanged }).min(1).max(40),
  zugestimmt: z.literal(true, { error: CONSENT_TEXTS.errors.notConfirmed }),
});

const listSchema = z
  .object({
    einwilligungen: z.array(
      z.object({
        id: z.string(),
        art: z.enum(CONSENT_KINDS),
        titel: z.string(),
        version: z.string(),
        sha256: z.string(),
        erteiltAm: z.iso.datetime(),
        beendetAm: z.iso.datetime().nullable(),
        beendetDurch: z.enum(CONSENT_ENDINGS).nullable(),
        aktuelleFassung: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'Einwilligungen' });

export const consentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    PATH,
    {
      schema: {
        tags: TAGS,
        summary: 'Aktueller Text der Einwilligung in die Verarbeitung von Gesundheitsdaten',
        description:
          'Öffentlich. Mit dem Zugang einer Kundin oder eines Kunden enthält die Antwort deren Zustand.',
        response: { 200: wordingSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const actor = request.actor;
      const zustand =
        actor?.pool === 'benutzer' && actor.partnerId ? await consentStatusOf(db, actor) : undefined;
      const wording = currentHealthDataWording();
      return { ...wording, absaetze: [...wording.absaetze], ...(zustand ? { zustand } : {}) };
    },
  );

  await app.register(async (scope) => {
    const customer = scope.withTypeProvider<ZodTypeProvider>();
    protectScope(customer, 'benutzer');
    answerPrivately(customer);

    customer.post(
      PATH,
      {
        schema: {
          tags: TAGS,
          summary: 'Einwilligung erteilen (zur aktuellen Fassung)',
          description: 'Eine andere als die aktuelle Fassung wird mit 409 abgelehnt.',
          body: giveBody,
          response: { 200: statusSchema, ...errors(400, 401, 403, 409) },
        },
      },
      async (request) =>
        giveHealthDataConsent({ db, actor: actorOf(request), version: request.body.version }),
    );

    customer.delete(
      PATH,
      {
        schema: {
          tags: TAGS,
          summary: 'Einwilligung mit Wirkung für die Zukunft widerrufen',
          response: { 200: statusSchema, ...errors(401, 403) },
        },
      },
      async (request) => withdrawHealthDataConsent({ db, actor: actorOf(request) }),
    );

    customer.get(
      '/partner/einwilligungen',
      {
        schema: {
          tags: TAGS,
          summary: 'Alle Einwilligungen der Kundin oder des Kunden mit Verlauf, neueste zuerst',
          response: { 200: listSchema, ...errors(401, 403) },
        },
      },
      async (request) => ({ einwilligungen: await listConsents({ db, actor: actorOf(request) }) }),
    );
  });
};

// /api/innendienst: the insurer's back office (issue 14 part 7, ADR 0027). Only tokens of the pool
// innendienst get in (customers and agents: 403); every change goes through the services of the
// mailbox and claims modules, so the customer's Postfach, tracker and open documents are fed by
// these actions. Answers are never cached.
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, protectScope } from '../../platform/auth/authenticate';
import { requestMeta } from '../identity/context';
import { errors } from '../identity/schemas';
import { createTransports } from '../outbox/transports';
import {
  listIncomingMessages,
  MESSAGE_FILTERS,
  openIncomingMessage,
  REPLY_MAX_LENGTH,
  replyToMessage,
} from './messages';
import { CLERK_TEXTS } from './texts';

const TAGS = ['Innendienst'];
const E = CLERK_TEXTS.errors;

export const CLERK_BASE = '/innendienst';

const customerSchema = z.object({ partnerId: z.string(), partnerNummer: z.string(), name: z.string() });
const contractSchema = z.object({ versicherungsNummer: z.string(), produkt: z.string() });

const incomingItemSchema = z
  .object({
    id: z.string(),
    erstelldatum: z.iso.datetime(),
    betreff: z.string(),
    thema: z.string().nullable(),
    themaLabel: z.string().nullable(),
    vorschau: z.string(),
    kunde: customerSchema,
    vertrag: contractSchema.nullable(),
    beantwortet: z.boolean(),
    vomKundenGeloescht: z.boolean(),
  })
  .meta({ id: 'InnendienstKundennachricht' });

const incomingDetailSchema = incomingItemSchema
  .extend({
    text: z.string(),
    html: z.string().nullable(),
    antworten: z.array(
      z.object({
        id: z.string(),
        erstelldatum: z.iso.datetime(),
        betreff: z.string(),
        text: z.string(),
        sachbearbeiter: z.string(),
        gelesen: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'InnendienstKundennachrichtDetail' });

export const pagingQuery = z.object({
  seite: z.coerce.number({ error: E.seite }).int({ error: E.seite }).min(1, { error: E.seite }).default(1),
  proSeite: z.coerce
    .number({ error: E.proSeite })
    .int({ error: E.proSeite })
    .min(1, { error: E.proSeite })
    .max(100, { error: E.proSeite })
    .default(20),
});

const idParams = z.object({ id: z.uuid({ error: E.messageNotFound }) });

const replyBody = z.object({
  betreff: z.string().trim().max(120, { error: E.betreffTooLong }).optional(),
  text: z.string({ error: E.emptyText }).max(REPLY_MAX_LENGTH, { error: E.textTooLong }),
});

export const clerkRoutes: FastifyPluginAsyncZod = async (app) => {
  const transports = createTransports(app.config);
  await app.register(async (scope) => {
    const clerk = scope.withTypeProvider<ZodTypeProvider>();
    protectScope(clerk, 'innendienst');
    clerk.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });
    const db = app.database.db;

    clerk.get(
      `${CLERK_BASE}/nachrichten`,
      {
        schema: {
          tags: TAGS,
          summary: 'Nachrichten der Kunden (Kontakt), neueste zuerst, offen/beantwortet/alle, seitenweise',
          querystring: pagingQuery.extend({ filter: z.enum(MESSAGE_FILTERS).default('offen') }),
          response: {
            200: z.object({
              nachrichten: z.array(incomingItemSchema),
              seite: z.number().int(),
              proSeite: z.number().int(),
              gesamt: z.number().int(),
            }),
            ...errors(400, 401, 403),
          },
        },
      },
      async (request) => listIncomingMessages({ db, ...request.query }),
    );

    clerk.get(
      `${CLERK_BASE}/nachrichten/:id`,
      {
        schema: {
          tags: TAGS,
          summary: 'Eine Kundennachricht mit Kunde, Vertrag und den Antworten',
          params: idParams,
          response: { 200: incomingDetailSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => openIncomingMessage({ db, id: request.params.id }),
    );

    clerk.post(
      `${CLERK_BASE}/nachrichten/:id/antwort`,
      {
        schema: {
          tags: TAGS,
          summary:
            'Antwort auf eine Kundennachricht: kommt in den Posteingang des Kunden (mit E-Mail-Hinweis)',
          params: idParams,
          body: replyBody,
          response: { 201: incomingDetailSchema, ...errors(400, 401, 403, 404, 422) },
        },
      },
      async (request, reply) => {
        const detail = await replyToMessage({
          db,
          transports,
          publicUrl: app.config.publicUrl,
          meta: requestMeta(request),
          actor: actorOf(request),
          id: request.params.id,
          text: request.body.text,
          ...(request.body.betreff ? { betreff: request.body.betreff } : {}),
        });
        return reply.code(201).send(detail);
      },
    );
  });
};

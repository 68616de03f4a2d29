// /api/innendienst: the insurer's back office (issue 14 part 7, ADR 0027). Only tokens of the pool
// innendienst get in (customers and agents: 403); every change goes through the services of the
// mailbox and claims modules, so the customer's Postfach, tracker and open documents are fed by
// these actions. Answers are never cached.
import { CLAIM_PRODUCTS } from '@schirm/domain/claims/products';
import { CLAIM_STATES } from '@schirm/domain/claims/status';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, answerPrivately, protectScope } from '../../platform/auth/authenticate';
import { sendFile } from '../../platform/files/content-disposition';
import { optionalIdempotencyHeader } from '../../platform/idempotency-header';
import { CLAIM_RESPONSIBILITIES, type ClaimDeps } from '../claims/service';
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
import {
  clerkClaimDetail,
  clerkClaimMessages,
  clerkDocumentRequest,
  clerkListClaims,
  clerkMoveClaim,
  clerkOpenClaimFile,
  clerkSetClaimHandler,
  clerkWriteClaimMessage,
  REQUEST_DEADLINE_DAYS,
} from './claims';
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
const claimParams = z.object({ claimId: z.uuid({ error: E.claimNotFound }) });

const claimFileSchema = z.object({
  id: z.string(),
  dateiname: z.string(),
  groesse: z.number(),
  typ: z.string(),
  url: z.string(),
});
const claimDocumentSchema = z.object({
  key: z.string(),
  titel: z.string(),
  beschreibung: z.string(),
  frist: z.string(),
  erforderlich: z.boolean(),
  nachgefordert: z.boolean(),
  status: z.enum(['offen', 'eingereicht']),
  dateien: z.array(claimFileSchema),
});
const claimListItemSchema = z.object({
  claimId: z.string(),
  schadennummer: z.string(),
  produkt: z.enum(CLAIM_PRODUCTS),
  produktName: z.string(),
  vertragsnummer: z.string(),
  schadentag: z.string(),
  gemeldetAm: z.string(),
  status: z.enum(CLAIM_STATES),
  statusLabel: z.string(),
  offeneDokumente: z.number().int(),
  ungeleseneNachrichten: z.number().int(),
  partnerName: z.string(),
  partnerNummer: z.string(),
  quelle: z.string(),
  bearbeiter: z
    .object({
      accountId: z.string(),
      name: z.string(),
      seit: z.iso.datetime(),
      ich: z.boolean().describe('Die anfragende Person bearbeitet den Schaden'),
    })
    .nullable(),
});
const claimChatMessageSchema = z.object({
  id: z.string(),
  author: z.string(),
  direction: z.enum(['incoming', 'outgoing']),
  time: z.string(),
  source: z.enum(['CHAT', 'EMAIL', 'SYSTEM', 'ATTACHMENT']),
  subject: z.string(),
  recipients: z.array(z.string()),
  cc: z.array(z.string()),
  html: z.boolean(),
  text: z.string(),
});
const claimDetailSchema = claimListItemSchema
  .omit({ partnerName: true, partnerNummer: true })
  .extend({
    partnerName: z.string().optional(),
    partnerNummer: z.string().optional(),
    melder: z.record(z.string(), z.string()).optional(),
    abgeschlossen: z.boolean(),
    verlauf: z.array(
      z.object({
        status: z.enum(CLAIM_STATES),
        statusLabel: z.string(),
        am: z.string(),
        grund: z.string().optional(),
      }),
    ),
    erlaubteStatus: z.array(z.enum(CLAIM_STATES)).optional(),
    antworten: z.array(
      z.object({
        schritt: z.string(),
        titel: z.string(),
        angaben: z.array(z.object({ label: z.string(), wert: z.string() })),
      }),
    ),
    dateien: z.array(claimFileSchema),
    dokumenteAlle: z.array(claimDocumentSchema),
    offeneAnforderungen: z.array(claimDocumentSchema),
    dokumente: z.array(z.object({ typ: z.string(), titel: z.string(), url: z.string() })),
    nachrichten: z.array(claimChatMessageSchema),
  })
  .meta({ id: 'InnendienstSchaden' });

const moveBody = z.object({
  nach: z.enum(CLAIM_STATES, { error: E.stateUnknown }),
  grund: z.string().max(2000, { error: E.reasonTooLong }).optional(),
  erwartet: z.enum(CLAIM_STATES, { error: E.stateUnknown }).optional(),
});
const documentRequestBody = z.object({
  titel: z
    .string({ error: E.titleMissing })
    .trim()
    .min(1, { error: E.titleMissing })
    .max(200, { error: E.titleTooLong }),
  beschreibung: z.string().max(2000, { error: E.descriptionTooLong }).optional(),
  fristTage: z
    .number({ error: E.deadline })
    .int({ error: E.deadline })
    .min(REQUEST_DEADLINE_DAYS.min, { error: E.deadline })
    .max(REQUEST_DEADLINE_DAYS.max, { error: E.deadline })
    .default(14),
});
const claimMessageBody = z.object({
  text: z.string({ error: E.claimMessageEmpty }).max(5000, { error: E.claimMessageTooLong }),
});

const replyBody = z.object({
  betreff: z.string().trim().max(120, { error: E.betreffTooLong }).optional(),
  text: z.string({ error: E.emptyText }).max(REPLY_MAX_LENGTH, { error: E.textTooLong }),
  bisherigeAntworten: z
    .number({ error: E.answersSeen })
    .int({ error: E.answersSeen })
    .min(0, { error: E.answersSeen })
    .optional()
    .describe('Wie viele Antworten die Seite zeigte; sind es inzwischen mehr, wird nichts gesendet (409)'),
});

export const clerkRoutes: FastifyPluginAsyncZod = async (app) => {
  const transports = createTransports(app.config);
  const deps: ClaimDeps = { db: app.database.db, files: app.files, transports };
  await app.register(async (scope) => {
    const clerk = scope.withTypeProvider<ZodTypeProvider>();
    protectScope(clerk, 'innendienst');
    answerPrivately(clerk);
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
          response: { 201: incomingDetailSchema, ...errors(400, 401, 403, 404, 409, 422) },
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
          ...(request.body.bisherigeAntworten === undefined
            ? {}
            : { bisherigeAntworten: request.body.bisherigeAntworten }),
        });
        return reply.code(201).send(detail);
      },
    );

    // ---- claims: every action goes through the claims service (tracker, documents, Postfach) ----

    clerk.get(
      `${CLERK_BASE}/schaeden`,
      {
        schema: {
          tags: TAGS,
          summary:
            'Alle Schäden, neueste zuerst, nach Status, Produkt, Suchbegriff oder Zuständigkeit (ich, niemand) gefiltert, seitenweise',
          querystring: pagingQuery.extend({
            status: z.enum(CLAIM_STATES, { error: E.stateUnknown }).optional(),
            produkt: z.enum(CLAIM_PRODUCTS, { error: E.productUnknown }).optional(),
            suche: z.string().trim().max(100).optional(),
            zustaendig: z.enum(CLAIM_RESPONSIBILITIES, { error: E.responsibilityUnknown }).optional(),
          }),
          response: {
            200: z.object({
              schaeden: z.array(claimListItemSchema),
              seite: z.number().int(),
              proSeite: z.number().int(),
              gesamt: z.number().int(),
            }),
            ...errors(400, 401, 403),
          },
        },
      },
      async (request) => clerkListClaims({ db, actor: actorOf(request), filter: request.query }),
    );

    clerk.get(
      `${CLERK_BASE}/schaeden/:claimId`,
      {
        schema: {
          tags: TAGS,
          summary: 'Ein Schaden mit Angaben, Dateien, Unterlagen, Verlauf und Nachrichten',
          params: claimParams,
          response: { 200: claimDetailSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => clerkClaimDetail({ db, actor: actorOf(request), claimId: request.params.claimId }),
    );

    clerk.get(
      `${CLERK_BASE}/schaeden/:claimId/nachrichten`,
      {
        schema: {
          tags: TAGS,
          summary: 'Die Nachrichten zum Schaden, älteste zuerst',
          params: claimParams,
          response: {
            200: z.object({ nachrichten: z.array(claimChatMessageSchema) }),
            ...errors(400, 401, 403, 404),
          },
        },
      },
      async (request) => clerkClaimMessages({ db, actor: actorOf(request), claimId: request.params.claimId }),
    );

    clerk.get(
      `${CLERK_BASE}/schaeden/:claimId/dateien/:uploadId`,
      {
        schema: {
          tags: TAGS,
          summary: 'Eine Datei des Schadens (Download)',
          params: claimParams.extend({ uploadId: z.uuid({ error: E.fileNotFound }) }),
          response: { 200: z.any().describe('Die Datei'), ...errors(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const file = await clerkOpenClaimFile({
          deps,
          actor: actorOf(request),
          claimId: request.params.claimId,
          uploadId: request.params.uploadId,
        });
        return sendFile(reply, {
          stream: file.stream,
          size: file.size,
          contentType: file.typ,
          fileName: file.dateiname,
        });
      },
    );

    clerk.post(
      `${CLERK_BASE}/schaeden/:claimId/status`,
      {
        schema: {
          tags: TAGS,
          summary:
            'Schaden in den nächsten Status bringen oder ablehnen (mit Grund); der Kunde erfährt es im Postfach und per E-Mail',
          params: claimParams,
          body: moveBody,
          response: { 200: claimDetailSchema, ...errors(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request) =>
        clerkMoveClaim({
          deps,
          meta: requestMeta(request),
          actor: actorOf(request),
          claimId: request.params.claimId,
          ...request.body,
        }),
    );

    clerk.post(
      `${CLERK_BASE}/schaeden/:claimId/bearbeitung`,
      {
        schema: {
          tags: TAGS,
          summary:
            'Schaden übernehmen (auch von einer Kollegin) oder abgeben; `bisher` ist der Bearbeiter, den die Seite zeigte (409, wenn er inzwischen wechselte)',
          params: claimParams,
          body: z.object({
            uebernehmen: z.boolean({ error: E.handlerChoice }),
            bisher: z.uuid({ error: E.handlerChoice }).nullable(),
          }),
          response: { 200: claimDetailSchema, ...errors(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request) =>
        clerkSetClaimHandler({
          db,
          meta: requestMeta(request),
          actor: actorOf(request),
          claimId: request.params.claimId,
          ...request.body,
        }),
    );

    clerk.post(
      `${CLERK_BASE}/schaeden/:claimId/unterlagen`,
      {
        schema: {
          tags: TAGS,
          summary:
            'Eine Unterlage beim Kunden anfordern (Titel, Beschreibung, Frist in Tagen); ist eine gleichnamige noch offen, 409',
          params: claimParams,
          body: documentRequestBody,
          response: { 201: claimDetailSchema, ...errors(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request, reply) => {
        const detail = await clerkDocumentRequest({
          deps,
          meta: requestMeta(request),
          actor: actorOf(request),
          claimId: request.params.claimId,
          ...request.body,
        });
        return reply.code(201).send(detail);
      },
    );

    clerk.post(
      `${CLERK_BASE}/schaeden/:claimId/nachrichten`,
      {
        schema: {
          tags: TAGS,
          summary:
            'Dem Kunden zum Schaden schreiben (Nachricht, Postfach-Eintrag und E-Mail); mit demselben Idempotency-Key nur einmal',
          params: claimParams,
          body: claimMessageBody,
          headers: optionalIdempotencyHeader(E.idempotencyKeyInvalid),
          response: { 201: claimChatMessageSchema, ...errors(400, 401, 403, 404, 422) },
        },
      },
      async (request, reply) => {
        const message = await clerkWriteClaimMessage({
          deps,
          meta: requestMeta(request),
          actor: actorOf(request),
          claimId: request.params.claimId,
          text: request.body.text,
          idempotencyKey: request.headers['idempotency-key'],
        });
        return reply.code(201).send(message);
      },
    );
  });
};

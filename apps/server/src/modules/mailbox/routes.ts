// The customer's Postfach and Kontakt page (spec §3–§5, §7; issue 14): unread count, the inbox and
// the sent messages a page at a time, one message (opening marks it read), soft delete, the
// attachment's PDF, and sending a message. Customer pool only; answers are never cached.
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, answerPrivately, protectScope } from '../../platform/auth/authenticate';
import { sendFile } from '../../platform/files/content-disposition';
import { fastSerializerCompiler } from '../../platform/serializer';
import { optionalIdempotencyHeader } from '../../platform/idempotency-header';
import { errors } from '../identity/schemas';
import {
  countUnread,
  deleteMessage,
  listMessages,
  openAttachment,
  openMessage,
  sendMessage,
} from './service';
import { MAILBOX_TEXTS, MAILBOX_THEMEN } from './texts';

const TAGS = ['Postfach'];
const BASE = '/dokument/benutzer/nachricht';
const E = MAILBOX_TEXTS.errors;

export const messageListItemSchema = z
  .object({
    id: z.string(),
    aktenId: z.string().nullable().describe('Versicherungsnummer des Vertrags, um den es geht'),
    erstelldatum: z.iso.datetime(),
    betreff: z.string(),
    gelesen: z.boolean(),
    nachricht: z.string().describe('Text (in Listen: Vorschau, höchstens 200 Zeichen)'),
    anhaenge: z.array(z.object({ id: z.string(), name: z.string() })),
    richtung: z.enum(['eingang', 'ausgang']),
    thema: z.enum(MAILBOX_THEMEN).optional(),
  })
  .meta({ id: 'Nachricht' });

export const messageDetailSchema = messageListItemSchema
  .extend({ html: z.string().optional().describe('Bereinigtes HTML einer gesendeten Nachricht') })
  .meta({ id: 'NachrichtDetail' });

const pageSchema = z
  .object({
    nachrichten: z.array(messageListItemSchema),
    seite: z.number().int(),
    proSeite: z.number().int(),
    gesamt: z.number().int(),
  })
  .meta({ id: 'NachrichtenSeite' });

const pagingQuery = z.object({
  seite: z.coerce.number({ error: E.seite }).int({ error: E.seite }).min(1, { error: E.seite }).default(1),
  proSeite: z.coerce
    .number({ error: E.proSeite })
    .int({ error: E.proSeite })
    .min(1, { error: E.proSeite })
    .max(100, { error: E.proSeite })
    .default(20),
});

const idParams = z.object({ id: z.uuid({ error: E.notFound }) });

const sendBody = z.object({
  thema: z.enum(MAILBOX_THEMEN, { error: E.themaInvalid }),
  versicherungsNummer: z
    .string()
    .regex(/^[0-9]{9,10}$/, { error: E.unknownContract })
    .optional(),
  betreff: z
    .string({ error: E.betreffMissing })
    .trim()
    .min(1, { error: E.betreffMissing })
    .max(120, { error: E.betreffTooLong }),
  html: z.string({ error: E.emptyText }).max(20_000, { error: E.textTooLong }),
  uploadIds: z
    .array(z.uuid({ error: E.attachmentInvalid }), { error: E.attachmentInvalid })
    .max(1000, { error: E.attachmentInvalid })
    .optional()
    .describe('Ids fertiger Uploads (POST /api/upload/) als Anhänge'),
});

export const mailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(async (scope) => {
    const customer = scope.withTypeProvider<ZodTypeProvider>();
    protectScope(customer, 'benutzer');
    answerPrivately(customer);
    const db = app.database.db;

    customer.get(
      `${BASE}/count`,
      {
        // Answers come from typed mappers: compiled serializer, no zod re-check (bench/mailbox.ts).
        serializerCompiler: fastSerializerCompiler,
        schema: {
          tags: TAGS,
          summary: 'Anzahl ungelesener Nachrichten im Posteingang',
          response: { 200: z.object({ ungelesen: z.number().int() }), ...errors(401, 403) },
        },
      },
      async (request) => ({ ungelesen: await countUnread({ db, actor: actorOf(request) }) }),
    );

    for (const [path, direction, summary] of [
      ['eingang', 'EINGANG', 'Posteingang, neueste zuerst, seitenweise'],
      ['ausgang', 'AUSGANG', 'Gesendete Nachrichten, neueste zuerst, seitenweise'],
    ] as const) {
      customer.get(
        `${BASE}/${path}`,
        {
          serializerCompiler: fastSerializerCompiler,
          schema: {
            tags: TAGS,
            summary: `${summary} (eine Seite über der letzten liefert Seite 1)`,
            querystring: pagingQuery,
            response: { 200: pageSchema, ...errors(400, 401, 403) },
          },
        },
        async (request) => listMessages({ db, actor: actorOf(request), direction, ...request.query }),
      );
    }

    customer.get(
      `${BASE}/download/:id`,
      {
        schema: {
          tags: TAGS,
          summary:
            'Ein Anhang: die Id der Nachricht (ihr Dokument), die Id des angehängten Dokuments oder die Id eines angehängten Uploads',
          params: idParams,
          response: {
            200: z.any().describe('Der Anhang (PDF, Bild, Video oder Text)'),
            ...errors(400, 401, 403, 404),
          },
        },
      },
      async (request, reply) => {
        const { fileName, contentType, file } = await openAttachment({
          db,
          files: app.files,
          actor: actorOf(request),
          id: request.params.id,
        });
        return sendFile(reply, { stream: file.stream, size: file.size, contentType, fileName });
      },
    );

    customer.get(
      `${BASE}/:id`,
      {
        serializerCompiler: fastSerializerCompiler,
        schema: {
          tags: TAGS,
          summary: 'Eine Nachricht; das Öffnen einer eingegangenen Nachricht markiert sie als gelesen',
          params: idParams,
          response: { 200: messageDetailSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => openMessage({ db, actor: actorOf(request), id: request.params.id }),
    );

    customer.delete(
      `${BASE}/:id`,
      {
        schema: {
          tags: TAGS,
          summary: 'Löscht eine Nachricht aus dem Postfach',
          params: idParams,
          response: { 204: z.null().describe('Gelöscht'), ...errors(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        await deleteMessage({ db, actor: actorOf(request), id: request.params.id });
        return reply.status(204).send(null);
      },
    );

    customer.post(
      '/nachricht/nachricht/',
      {
        schema: {
          tags: TAGS,
          summary:
            'Sendet eine Nachricht (HTML wird bereinigt); eine Eingangsbestätigung kommt in den Posteingang',
          body: sendBody,
          headers: optionalIdempotencyHeader(E.idempotencyKeyInvalid),
          response: { 201: messageDetailSchema, ...errors(400, 401, 403, 422) },
          description:
            'uploadIds: fertige Uploads der Kundin oder des Kunden; fremde, unfertige oder schon verwendete werden mit 422 abgelehnt, höchstens UPLOAD_MAX_FILES. Idempotency-Key (optional, je Formular): dieselbe Anfrage noch einmal liefert die schon gesendete Nachricht und sendet nichts erneut.',
        },
      },
      async (request, reply) => {
        const { versicherungsNummer, ...rest } = request.body;
        const idempotencyKey = request.headers['idempotency-key'];
        const message = await sendMessage({
          db,
          maxFiles: app.config.uploadMaxFiles,
          actor: actorOf(request),
          input: {
            ...rest,
            ...(versicherungsNummer === undefined ? {} : { versicherungsNummer }),
            ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
          },
        });
        return reply.code(201).send(message);
      },
    );
  });
};

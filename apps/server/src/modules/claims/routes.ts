// The claims API (spec §7 /api/schadenstrecke, issue 14; docs/api/claims.md): the customer reports a
// claim per contract (Idempotency-Key), follows its state, uploads required documents, writes
// about it and keeps a draft; a claimant without an account reports publicly (always 202, never
// telling whether the contract exists); an agent reads the claims and messages of its customers
// and writes to them about a claim.
// The clerk's actions are service functions that modules/clerk calls.
import { CLAIM_PRODUCTS } from '@schirm/domain/claims/products';
import { CLAIM_STATES } from '@schirm/domain/claims/status';
import { flowAnswersSchema } from '@schirm/domain/application/submission';
import { emailSchema } from '@schirm/domain/validation/email';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, answerPrivately, protectScope } from '../../platform/auth/authenticate';
import { sendFile } from '../../platform/files/content-disposition';
import { errors } from '../identity/schemas';
import { createTransports } from '../outbox/transports';
import {
  CLAIM_DRAFT_MAX_BYTES,
  CLAIM_MESSAGE_MAX_LENGTH,
  claimDetail,
  claimRequiredDocuments,
  deleteClaimDraft,
  listClaimMessages,
  listClaims,
  listClaimsForAgent,
  openClaimFile,
  postAgentClaimMessage,
  postCustomerClaimMessage,
  processPublicReports,
  readClaimDraft,
  receivePublicReport,
  saveClaimDraft,
  submitClaim,
  submitClaimDocument,
  type ClaimDeps,
} from './service';
import { CLAIM_TEXTS } from './texts';

const E = CLAIM_TEXTS.errors;
const TAGS = ['Schaden'];
const BASE = '/schadenstrecke';

/** The job that matches public reports to contracts (triggered after each report). */
export const PUBLIC_REPORT_JOB = 'claims-public-reports';

/** Public reports per IP: 10 per 10 minutes (a claimant rarely sends more; guessing needs many). */
export const PUBLIC_REPORT_RATE_LIMIT = { max: 10, timeWindow: '10 minutes' } as const;

/** Reports and messages of signed-in customers per IP and minute. */
const CUSTOMER_WRITE_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

/** The editor's HTML of an agent's claim message; its text is limited to CLAIM_MESSAGE_MAX_LENGTH. */
const AGENT_MESSAGE_HTML_MAX_LENGTH = 50_000;

/** A report's answers stay small; a larger body is refused before it is parsed. */
const CLAIM_BODY_LIMIT_BYTES = 64 * 1024;

const produktSchema = z.enum(CLAIM_PRODUCTS, { error: E.productUnknown });
const contractParams = z.object({
  contractId: z.string().regex(/^\d{9,10}$/, { error: E.contractUnknown }),
});
const claimParams = z.object({ claimId: z.uuid({ error: E.claimUnknown }) });
const uploadIdSchema = z.uuid({ error: 'Diese Datei ist unbekannt. Bitte laden Sie sie erneut hoch.' });

const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string({ error: E.idempotencyKeyMissing })
    .trim()
    .min(8, { error: E.idempotencyKeyMissing })
    .max(100, { error: E.idempotencyKeyMissing }),
});

const submitBody = z.object({
  produkt: produktSchema,
  antworten: flowAnswersSchema,
  uploads: z
    .array(z.object({ uploadId: uploadIdSchema, dokument: z.string().max(60).optional() }))
    .max(50)
    .default([]),
});

const submitResult = z
  .object({
    claimId: z.string(),
    schadennummer: z.string(),
    status: z.enum(CLAIM_STATES),
    dokumente: z.array(z.object({ typ: z.string(), titel: z.string(), url: z.string() })),
  })
  .meta({ id: 'Schadenmeldung' });

const listItem = z.object({
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
});

const fileSchema = z.object({
  id: z.string(),
  dateiname: z.string(),
  groesse: z.number(),
  typ: z.string(),
  url: z.string(),
});

const documentSchema = z
  .object({
    key: z.string(),
    titel: z.string(),
    beschreibung: z.string(),
    frist: z.string(),
    erforderlich: z.boolean(),
    nachgefordert: z.boolean(),
    status: z.enum(['offen', 'eingereicht']),
    dateien: z.array(fileSchema),
  })
  .meta({ id: 'SchadenUnterlage' });

const detailSchema = listItem
  .extend({
    quelle: z.string(),
    partnerNummer: z.string().optional(),
    partnerName: z.string().optional(),
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
    dateien: z.array(fileSchema),
    offeneAnforderungen: z.array(documentSchema),
    dokumente: z.array(z.object({ typ: z.string(), titel: z.string(), url: z.string() })),
  })
  .meta({ id: 'Schaden' });

const chatMessageSchema = z
  .object({
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
  })
  .meta({ id: 'SchadenNachricht' });

const draftBody = z.object({
  produkt: produktSchema,
  antworten: flowAnswersSchema,
  schritt: z.string().regex(/^[a-z0-9-]{1,40}$/, { error: E.stepUnknown }),
});

const draftSchema = draftBody
  .extend({ aktualisiertAm: z.string(), idempotencyKey: z.string() })
  .meta({ id: 'SchadenEntwurf' });

const publicBody = z.object({
  vertragsnummer: z
    .string({ error: E.publicMalformed })
    .trim()
    .min(1, { error: 'Bitte geben Sie die Vertragsnummer an.' })
    .max(40, { error: E.publicMalformed }),
  pruefung: z.union(
    [
      z.object({
        plz: z
          .string()
          .trim()
          .regex(/^\d{5}$/, { error: 'Bitte geben Sie eine Postleitzahl mit 5 Ziffern an.' }),
      }),
      z.object({ email: emailSchema }),
    ],
    {
      error:
        'Bitte geben Sie zur Prüfung die Postleitzahl oder die E-Mail-Adresse der Versicherungsnehmerin oder des Versicherungsnehmers an.',
    },
  ),
  melder: z.object({
    name: z
      .string({ error: 'Bitte geben Sie Ihren Namen an.' })
      .trim()
      .min(1, { error: 'Bitte geben Sie Ihren Namen an.' })
      .max(200, { error: 'Bitte geben Sie Ihren Namen mit höchstens 200 Zeichen an.' }),
    email: emailSchema,
    telefon: z.string().trim().max(40).optional(),
    rolle: z.enum(['VERSICHERUNGSNEHMER', 'GESCHAEDIGTER', 'SONSTIGE'], {
      error: 'Bitte geben Sie an, in welcher Rolle Sie den Schaden melden.',
    }),
  }),
  produkt: produktSchema,
  antworten: flowAnswersSchema,
  uploads: z
    .array(z.object({ uploadId: uploadIdSchema }))
    .max(50)
    .default([]),
  uploadSchluessel: z.string().max(200).optional(),
});

const publicAnswer = z
  .object({ eingegangen: z.literal(true), nachricht: z.string() })
  .meta({ id: 'OeffentlicheSchadenmeldung' });

export const claimRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: ClaimDeps = {
    db: app.database.db,
    files: app.files,
    transports: createTransports(app.config),
  };
  const db = deps.db;

  app.jobs.define({
    name: PUBLIC_REPORT_JOB,
    expireInSeconds: 300,
    atStart: true,
    // A trigger lost with a crash is caught up within five minutes.
    cron: '*/5 * * * *',
    run: async () => {
      await processPublicReports(deps);
    },
  });

  // ---- public: report without an account ------------------------------------------------------
  app.post(
    `${BASE}/oeffentlich`,
    {
      bodyLimit: CLAIM_BODY_LIMIT_BYTES,
      config: { rateLimit: PUBLIC_REPORT_RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary:
          'Schadenmeldung ohne Anmeldung: immer 202 mit derselben Antwort, ob ein Vertrag passt oder nicht (keine Auskunft über Verträge)',
        body: publicBody,
        response: { 202: publicAnswer, ...errors(400, 413, 422, 429) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      await receivePublicReport({
        deps,
        input: {
          vertragsnummer: body.vertragsnummer,
          pruefung: body.pruefung,
          melder: {
            name: body.melder.name,
            email: body.melder.email,
            ...(body.melder.telefon ? { telefon: body.melder.telefon } : {}),
            rolle: body.melder.rolle,
          },
          produkt: body.produkt,
          antworten: body.antworten,
          uploadIds: body.uploads.map((upload) => upload.uploadId),
          ...(body.uploadSchluessel === undefined ? {} : { uploadSchluessel: body.uploadSchluessel }),
        },
      });
      // Matching runs in the job, so this answer and its time are the same for every report.
      await app.jobs
        .trigger(PUBLIC_REPORT_JOB)
        .catch((error: unknown) => request.log.error({ err: error }, 'claims job trigger failed'));
      return reply.code(202).send({ eingegangen: true, nachricht: CLAIM_TEXTS.accepted.message });
    },
  );

  // ---- the customer -------------------------------------------------------------------------
  await app.register(async (scope) => {
    const customer = scope.withTypeProvider<ZodTypeProvider>();
    protectScope(customer, 'benutzer');
    answerPrivately(customer);

    customer.post(
      `${BASE}/schaden/v2/:contractId`,
      {
        bodyLimit: CLAIM_BODY_LIMIT_BYTES,
        config: { rateLimit: CUSTOMER_WRITE_RATE_LIMIT },
        schema: {
          tags: TAGS,
          summary:
            'Schaden melden (idempotent je Idempotency-Key): Schadennummer, Eingangsbestätigung, Postfach, E-Mail',
          headers: idempotencyHeaders,
          params: contractParams,
          body: submitBody,
          response: { 200: submitResult, 201: submitResult, ...errors(400, 401, 403, 404, 413, 422, 429) },
        },
      },
      async (request, reply) => {
        const { created, result } = await submitClaim({
          deps,
          actor: actorOf(request),
          versicherungsNummer: request.params.contractId,
          produkt: request.body.produkt,
          antworten: request.body.antworten,
          uploads: request.body.uploads.map((upload) => ({
            uploadId: upload.uploadId,
            ...(upload.dokument === undefined ? {} : { dokument: upload.dokument }),
          })),
          idempotencyKey: request.headers['idempotency-key'],
        });
        return reply.code(created ? 201 : 200).send(result);
      },
    );

    customer.get(
      `${BASE}/schaden`,
      {
        schema: {
          tags: TAGS,
          summary: 'Die Schäden der eigenen Partnernummer, neueste zuerst',
          querystring: z.object({
            partnernummer: z.string().regex(/^\d{6,12}$/, { error: E.partnerUnknown }),
          }),
          response: { 200: z.object({ schaeden: z.array(listItem) }), ...errors(400, 401, 403, 404) },
        },
      },
      async (request) =>
        listClaims({ db, actor: actorOf(request), partnerNummer: request.query.partnernummer }),
    );

    customer.get(
      `${BASE}/schaden/:claimId`,
      {
        schema: {
          tags: TAGS,
          summary: 'Ein Schaden: Verlauf, Angaben, Dateien, offene Anforderungen',
          params: claimParams,
          response: { 200: detailSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => claimDetail({ db, actor: actorOf(request), claimId: request.params.claimId }),
    );

    customer.get(
      `${BASE}/schaden/:claimId/dateien/:uploadId`,
      {
        schema: {
          tags: TAGS,
          summary: 'Eine Datei des Schadens',
          params: claimParams.extend({ uploadId: uploadIdSchema }),
          response: { 200: z.any().describe('Die Datei'), ...errors(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const file = await openClaimFile({
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

    customer.get(
      `${BASE}/required-documents/:claimId`,
      {
        schema: {
          tags: TAGS,
          summary: 'Die Unterlagen des Schadens mit Frist und Stand',
          params: claimParams,
          response: { 200: z.object({ dokumente: z.array(documentSchema) }), ...errors(400, 401, 403, 404) },
        },
      },
      async (request) =>
        claimRequiredDocuments({ db, actor: actorOf(request), claimId: request.params.claimId }),
    );

    customer.post(
      `${BASE}/required-documents/:claimId/:key`,
      {
        config: { rateLimit: CUSTOMER_WRITE_RATE_LIMIT },
        schema: {
          tags: TAGS,
          summary: 'Dateien zu einer Unterlage einreichen',
          params: claimParams.extend({
            key: z.string().regex(/^[a-z0-9-]{1,60}$/, { error: E.documentUnknown }),
          }),
          body: z.object({ uploadIds: z.array(uploadIdSchema).max(50) }),
          response: {
            200: z.object({ dokumente: z.array(documentSchema) }),
            ...errors(400, 401, 403, 404, 422, 429),
          },
        },
      },
      async (request) =>
        submitClaimDocument({
          deps,
          actor: actorOf(request),
          claimId: request.params.claimId,
          key: request.params.key,
          uploadIds: request.body.uploadIds,
        }),
    );

    customer.get(
      `${BASE}/schaden/:claimId/nachrichten`,
      {
        schema: {
          tags: TAGS,
          summary: 'Die Nachrichten zum Schaden, älteste zuerst (markiert die des Versicherers als gelesen)',
          params: claimParams,
          response: {
            200: z.object({ nachrichten: z.array(chatMessageSchema) }),
            ...errors(400, 401, 403, 404),
          },
        },
      },
      async (request) => listClaimMessages({ db, actor: actorOf(request), claimId: request.params.claimId }),
    );

    customer.post(
      `${BASE}/schaden/:claimId/nachrichten`,
      {
        config: { rateLimit: CUSTOMER_WRITE_RATE_LIMIT },
        schema: {
          tags: TAGS,
          summary:
            'Eine Nachricht zum Schaden schreiben (Text); mit demselben Idempotency-Key nur einmal (optional)',
          params: claimParams,
          headers: idempotencyHeaders.partial(),
          body: z.object({
            text: z
              .string({ error: E.messageEmpty })
              .max(CLAIM_MESSAGE_MAX_LENGTH, { error: E.messageTooLong }),
          }),
          response: { 201: chatMessageSchema, ...errors(400, 401, 403, 404, 422, 429) },
        },
      },
      async (request, reply) => {
        const idempotencyKey = request.headers['idempotency-key'];
        return reply.code(201).send(
          await postCustomerClaimMessage({
            db,
            actor: actorOf(request),
            claimId: request.params.claimId,
            text: request.body.text,
            ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
          }),
        );
      },
    );

    customer.put(
      `${BASE}/entwuerfe/:contractId`,
      {
        bodyLimit: CLAIM_DRAFT_MAX_BYTES,
        schema: {
          tags: TAGS,
          summary: 'Entwurf einer Schadenmeldung zu einem Vertrag speichern (ersetzt den vorigen)',
          params: contractParams,
          body: draftBody,
          response: { 200: draftSchema, ...errors(400, 401, 403, 404, 413, 422) },
        },
      },
      async (request) =>
        saveClaimDraft({
          db,
          actor: actorOf(request),
          versicherungsNummer: request.params.contractId,
          produkt: request.body.produkt,
          antworten: request.body.antworten,
          schritt: request.body.schritt,
        }),
    );

    customer.get(
      `${BASE}/entwuerfe/:contractId`,
      {
        schema: {
          tags: TAGS,
          summary: 'Den Entwurf zu einem Vertrag laden',
          params: contractParams,
          response: { 200: draftSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) =>
        readClaimDraft({ db, actor: actorOf(request), versicherungsNummer: request.params.contractId }),
    );

    customer.delete(
      `${BASE}/entwuerfe/:contractId`,
      {
        schema: {
          tags: TAGS,
          summary: 'Den Entwurf zu einem Vertrag verwerfen',
          params: contractParams,
          response: { 204: z.null().describe('Verworfen'), ...errors(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        await deleteClaimDraft({
          db,
          actor: actorOf(request),
          versicherungsNummer: request.params.contractId,
        });
        return reply.code(204).send(null);
      },
    );
  });

  // ---- the agent: its customers' claims and messages ------------------------------------------
  await app.register(async (scope) => {
    const agent = scope.withTypeProvider<ZodTypeProvider>();
    protectScope(agent, 'vermittler');
    answerPrivately(agent);
    const AGENT = `${BASE}/vermittler/schaden`;

    agent.get(
      AGENT,
      {
        schema: {
          tags: TAGS,
          summary: 'Die Schäden der eigenen Kunden (mit ?partnernummer= die eines Kunden), neueste zuerst',
          querystring: z.object({
            partnernummer: z
              .string()
              .regex(/^\d{6,12}$/, { error: E.partnerUnknown })
              .optional(),
          }),
          response: {
            200: z.object({
              schaeden: z.array(
                listItem.extend({ partnerName: z.string().optional(), partnerNummer: z.string().optional() }),
              ),
            }),
            ...errors(400, 401, 403, 404),
          },
        },
      },
      async (request) =>
        request.query.partnernummer
          ? listClaims({ db, actor: actorOf(request), partnerNummer: request.query.partnernummer })
          : listClaimsForAgent({ db, actor: actorOf(request) }),
    );

    agent.get(
      `${AGENT}/:claimId`,
      {
        schema: {
          tags: TAGS,
          summary: 'Ein Schaden eines eigenen Kunden',
          params: claimParams,
          response: { 200: detailSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => claimDetail({ db, actor: actorOf(request), claimId: request.params.claimId }),
    );

    agent.get(
      `${AGENT}/:claimId/nachrichten`,
      {
        schema: {
          tags: TAGS,
          summary: 'Die Nachrichten zum Schaden eines eigenen Kunden',
          params: claimParams,
          response: {
            200: z.object({ nachrichten: z.array(chatMessageSchema) }),
            ...errors(400, 401, 403, 404),
          },
        },
      },
      async (request) => listClaimMessages({ db, actor: actorOf(request), claimId: request.params.claimId }),
    );

    agent.post(
      `${AGENT}/:claimId/nachrichten`,
      {
        config: { rateLimit: CUSTOMER_WRITE_RATE_LIMIT },
        schema: {
          tags: TAGS,
          summary:
            'Dem eigenen Kunden zum Schaden schreiben (HTML des Editors, auf dem Server bereinigt und als Text gespeichert); der Kunde erhält die Nachricht im Schaden, im Postfach und per E-Mail',
          params: claimParams,
          body: z.object({
            html: z
              .string({ error: E.messageEmpty })
              .max(AGENT_MESSAGE_HTML_MAX_LENGTH, { error: E.messageTooLong }),
          }),
          response: { 201: chatMessageSchema, ...errors(400, 401, 403, 404, 422, 429) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(
          await postAgentClaimMessage({
            deps,
            actor: actorOf(request),
            claimId: request.params.claimId,
            html: request.body.html,
            origin: { ip: request.ip, userAgent: request.headers['user-agent'] ?? null },
          }),
        ),
    );
  });
};

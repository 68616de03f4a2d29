// Agent administration (issue 15, ADR 0032, docs/api/agent-admin.md): the /api/vermittler/vermittler
// family of spec §7 (liste, erstellen, anbinden, identifier, vermittlerinfo, vermittlerinfoByIdentifier,
// nummerUndWeg by id and by blz, existenz, vertriebsweg), the sub-agent's deactivation, agency data
// and personal settings, the Erstinformation PDF (static documents), the agents' FAQ, messages to
// the agent service (and the clerks' side of them), and the public sales-partner application.
import { AGENT_MESSAGE_THEMEN, AGENT_TAETIGKEITEN } from '../../db/schema/agent-admin';
import { emailSchema } from '@schirm/domain/validation/email';
import {
  blzSchema,
  hausnummerSchema,
  ihkNumberSchema,
  vermittlerNummerSchema,
} from '@schirm/domain/validation/identifiers';
import { optionalPhoneSchema, phoneSchema } from '@schirm/domain/validation/phone';
import { POSTAL_CODE_MESSAGE, isPostalCodePattern } from '@schirm/domain/validation/postal-code';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, answerPrivately, protectScope } from '../../platform/auth/authenticate';
import { errorEnvelopeSchema, notFound } from '../../platform/errors';
import { contentDisposition, sendFile } from '../../platform/files/content-disposition';
import { faqSchema } from '../content/faq';
import { createIdentityContext, requestMeta } from '../identity/context';
import { errors } from '../identity/schemas';
import { createTransports } from '../outbox/transports';
import {
  agencyData,
  agentExists,
  agentTree,
  attachAgent,
  createSubAgent,
  deactivateAgent,
  erstinformationData,
  nummerUndWeg,
  nummerUndWegByBlz,
  ownIdentifier,
  personalSettings,
  publicAgentInfoById,
  reactivateAgent,
  publicAgentInfoByNumber,
  saveAgencyData,
  savePersonalSettings,
  vertriebswegOf,
} from './agents';
import { erstinformationFileName, renderErstinformation } from './erstinformation';
import { readAgentFaq } from './faq';
import {
  AGENT_MESSAGE_MAX_LENGTH,
  ANSWER_MAX_LENGTH,
  CLERK_FILTERS,
  answerAgentMessage,
  findAgentMessageForClerk,
  openAgentMessageAttachment,
  listAgentMessagesForClerk,
  listOwnMessages,
  sendAgentMessage,
} from './messages';
import { receiveSalesPartnerApplication } from './sales-partner';
import { AGENT_ADMIN_TEXTS as T, SALES_PARTNER_INBOX } from './texts';

const TAGS = ['Vermittler'];
const BASE = '/vermittler/vermittler';

/** Public look-ups per IP: a public page asks once per visit; enumeration needs many. */
export const PUBLIC_LOOKUP_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;
/** Sales-partner applications per IP: a company applies once; a few retries are fine. */
export const APPLICATION_RATE_LIMIT = { max: 5, timeWindow: '10 minutes' } as const;
/** Writes of a signed-in agent per IP and minute. */
const AGENT_WRITE_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

const required = (message: string, max = 200) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Bitte höchstens ${max} Zeichen.` });

const idParams = z.object({ id: z.uuid({ error: T.errors.agentNotFound }) });
const agentIdParams = z.object({ agentId: z.uuid({ error: T.errors.agentNotFound }) });

const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string({ error: T.errors.idempotencyKeyMissing })
    .trim()
    .min(8, { error: T.errors.idempotencyKeyMissing })
    .max(100, { error: T.errors.idempotencyKeyMissing }),
});

const addressSchema = z.object({
  name: z.string(),
  strasse: z.string(),
  hausnummer: z.string(),
  plz: z.string(),
  ort: z.string(),
});

const treeAgentSchema = z
  .object({
    id: z.uuid(),
    vermittlerNummer: z.string(),
    name: z.string(),
    email: z.string(),
    telefon: z.string().nullable(),
    status: z.enum(['AKTIV', 'INAKTIV']),
    vertriebsweg: z.string(),
    ebene: z.number().int().describe('0: der angemeldete Vermittler; 1: direkter Untervermittler; …'),
    uebergeordneteId: z.uuid().nullable(),
    agenturName: z.string(),
    anzahlKunden: z.number().int().describe('Kunden mit mindestens einem Vertrag dieses Vermittlers'),
  })
  .meta({ id: 'Untervermittler' });

const treeSchema = z
  .object({ vermittler: treeAgentSchema, untervermittler: z.array(treeAgentSchema) })
  .meta({ id: 'Vermittlerbaum' });

const publicInfoSchema = z
  .object({
    vermittlerNummer: z.string(),
    name: z.string(),
    agentur: addressSchema,
    registerNummer: z.string().nullable(),
    taetigkeit: z.enum(AGENT_TAETIGKEITEN),
  })
  .meta({ id: 'VermittlerInfoOeffentlich' });

const nummerUndWegSchema = z
  .object({ vermittlerNummer: z.string(), vertriebsweg: z.string() })
  .meta({ id: 'NummerUndWeg' });

const agencySchema = z
  .object({
    agentur: addressSchema,
    registerNummer: z.string().nullable(),
    taetigkeit: z.enum(AGENT_TAETIGKEITEN),
    beteiligungen: z.string().nullable(),
    vertriebsweg: z.string(),
    vermittlerNummer: z.string(),
    bearbeitbar: z.boolean().describe('Nur die Hauptagentur ändert die Agenturdaten'),
    hauptagentur: z.object({ name: z.string(), vermittlerNummer: z.string() }).nullable(),
  })
  .meta({ id: 'Agenturdaten' });

const settingsSchema = z
  .object({
    name: z.string(),
    telefon: z.string().nullable(),
    anmeldename: z.string(),
    email: z.string(),
    benachrichtigungsEmail: z.string().nullable(),
  })
  .meta({ id: 'VermittlerEinstellungen' });

const agentMessageSchema = z
  .object({
    id: z.uuid(),
    erstelldatum: z.string(),
    thema: z.enum(AGENT_MESSAGE_THEMEN),
    themaLabel: z.string(),
    betreff: z.string(),
    text: z.string(),
    html: z.string().describe('Der Text mit Formatierung, beim Speichern bereinigt'),
    anhaenge: z.array(
      z.object({ id: z.uuid(), name: z.string(), groesse: z.number().int(), typ: z.string() }),
    ),
    vermittler: z.object({ vermittlerNummer: z.string(), name: z.string(), agentur: z.string() }),
    partnerNummer: z.string().nullable(),
    vertragsnummer: z.string().nullable(),
    antwort: z.string().nullable(),
    beantwortetAm: z.string().nullable(),
  })
  .meta({ id: 'VermittlerNachricht' });

const attachmentParams = z.object({
  id: z.uuid({ error: T.errors.attachmentNotFound }),
  uploadId: z.uuid({ error: T.errors.attachmentNotFound }),
});

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Bitte höchstens ${max} Zeichen.` })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .default(null);

export const agentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const transports = createTransports(app.config);

  // ---- public -------------------------------------------------------------------------------
  app.get(
    `${BASE}/:id/vermittlerinfo`,
    {
      config: { rateLimit: PUBLIC_LOOKUP_RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary:
          'Öffentlich: Agentur, Anschrift und Registrierungsnummer eines aktiven Vermittlers (für die Seite des Vermittler-Links)',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: publicInfoSchema, ...errors(404, 429) },
      },
    },
    async (request) => publicAgentInfoById({ db, id: request.params.id }),
  );

  app.get(
    `${BASE}/:id/vermittlerinfoByIdentifier`,
    {
      config: { rateLimit: PUBLIC_LOOKUP_RATE_LIMIT },
      attachValidation: true,
      schema: {
        tags: TAGS,
        summary: 'Öffentlich: dasselbe wie vermittlerinfo, der Vermittler über seine Vermittlernummer',
        params: z.object({ id: z.string().max(20).describe('Vermittlernummer (10 Ziffern)') }),
        response: { 200: publicInfoSchema, ...errors(404, 429) },
      },
    },
    async (request) => {
      const parsed = vermittlerNummerSchema.safeParse(request.params.id);
      if (!parsed.success)
        throw notFound(`Malformed agent number ${request.params.id}`, {
          code: 'AGENT_NOT_FOUND',
          userMessage: T.errors.publicAgentNotFound,
        });
      return publicAgentInfoByNumber({ db, vermittlerNummer: parsed.data });
    },
  );

  app.get(
    `${BASE}/blz/:blz/nummerUndWeg`,
    {
      config: { rateLimit: PUBLIC_LOOKUP_RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary: 'Öffentlich: Vermittlernummer und Vertriebsweg des Vermittlers einer Bankleitzahl (?blz=)',
        params: z.object({ blz: blzSchema }),
        response: { 200: nummerUndWegSchema, ...errors(400, 404, 429) },
      },
    },
    async (request) => nummerUndWegByBlz({ db, blz: request.params.blz }),
  );

  app.get(
    '/content/vermittler-faq',
    {
      schema: {
        tags: ['Content'],
        summary:
          'Häufige Fragen für Vermittler (öffentlich wie die Kunden-FAQ; keine personenbezogenen Daten)',
        response: { 200: faqSchema, 404: errorEnvelopeSchema },
      },
    },
    async (_request, reply) => {
      const faq = await readAgentFaq(app.config.textsDir);
      if (!faq) throw notFound('No agent FAQ content file', { userMessage: T.errors.faqMissing });
      reply.header('cache-control', 'no-cache');
      return faq;
    },
  );

  app.post(
    '/vermittler/vertriebspartner-bewerbung',
    {
      bodyLimit: 32 * 1024,
      config: { rateLimit: APPLICATION_RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary:
          'Öffentlich: Bewerbung als Vertriebspartner (idempotent je Idempotency-Key); Bestätigung an den Bewerber, Hinweis an den Vertrieb',
        headers: idempotencyHeaders,
        body: z.object({
          firma: required('Bitte geben Sie den Namen Ihrer Firma ein.'),
          ansprechpartner: required('Bitte geben Sie einen Ansprechpartner ein.'),
          email: emailSchema,
          telefon: optionalPhoneSchema({ mobileRequired: false }).optional(),
          erlaubnisNummer: required('Bitte geben Sie Ihre Erlaubnisnummer nach § 34d GewO ein.', 60),
          registerNummer: ihkNumberSchema,
          nachricht: optionalText(5000),
        }),
        response: {
          202: z.object({ eingegangen: z.literal(true), nachricht: z.string() }),
          ...errors(400, 413, 429),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      await receiveSalesPartnerApplication({
        db,
        transports,
        inbox: SALES_PARTNER_INBOX,
        input: {
          firma: body.firma,
          ansprechpartner: body.ansprechpartner,
          email: body.email,
          telefon: body.telefon ?? null,
          erlaubnisNummer: body.erlaubnisNummer,
          registerNummer: body.registerNummer,
          nachricht: body.nachricht,
        },
        idempotencyKey: request.headers['idempotency-key'],
        now: new Date(),
      });
      return reply.code(202).send({ eingegangen: true, nachricht: T.accepted });
    },
  );

  // ---- the signed-in agent ------------------------------------------------------------------
  await app.register(async (scope) => {
    const agent = scope.withTypeProvider<ZodTypeProvider>();
    protectScope(agent, 'vermittler');
    answerPrivately(agent);
    const ctx = createIdentityContext(app);

    agent.get(
      `${BASE}/liste`,
      {
        schema: {
          tags: TAGS,
          summary: 'Der angemeldete Vermittler und alle Untervermittler darunter (Baum, Eltern vor Kindern)',
          response: { 200: treeSchema, ...errors(401, 403) },
        },
      },
      async (request) => agentTree({ db, actor: actorOf(request) }),
    );

    agent.post(
      `${BASE}/erstellen`,
      {
        config: { rateLimit: AGENT_WRITE_RATE_LIMIT },
        schema: {
          tags: TAGS,
          summary:
            'Untervermittler anlegen: neue Vermittlernummer, Vertriebsweg und Agentur des übergeordneten Vermittlers, vorläufiges Passwort per E-Mail (idempotent je E-Mail-Adresse)',
          body: z.object({
            name: required('Bitte geben Sie den Namen ein.', 120),
            email: emailSchema,
            mobil: phoneSchema(),
            uebergeordneteId: z.uuid({ error: T.errors.agentNotFound }).optional(),
          }),
          response: {
            200: treeAgentSchema,
            201: treeAgentSchema,
            ...errors(400, 401, 403, 404, 409, 429),
          },
        },
      },
      async (request, reply) => {
        const { created, agent: result } = await createSubAgent({
          ctx,
          meta: requestMeta(request),
          actor: actorOf(request),
          input: request.body,
        });
        return reply.code(created ? 201 : 200).send(result);
      },
    );

    agent.post(
      `${BASE}/anbinden`,
      {
        config: { rateLimit: AGENT_WRITE_RATE_LIMIT },
        schema: {
          tags: TAGS,
          summary:
            'Einen bestehenden, nicht zugeordneten Vermittler desselben Vertriebswegs ohne eigenen Bestand unterhalb anbinden (Vermittlernummer und E-Mail müssen passen)',
          body: z.object({
            vermittlerNummer: vermittlerNummerSchema,
            email: emailSchema,
            uebergeordneteId: z.uuid({ error: T.errors.agentNotFound }).optional(),
          }),
          response: { 200: treeAgentSchema, ...errors(400, 401, 403, 404, 422, 429) },
        },
      },
      async (request) =>
        attachAgent({
          db,
          transports,
          meta: requestMeta(request),
          actor: actorOf(request),
          ...request.body,
        }),
    );

    agent.post(
      `${BASE}/:id/deaktivieren`,
      {
        config: { rateLimit: AGENT_WRITE_RATE_LIMIT },
        schema: {
          tags: TAGS,
          summary:
            'Untervermittler deaktivieren (INAKTIV): keine Anmeldung mehr, Sitzungen enden, Verträge bleiben',
          params: idParams,
          response: { 200: treeAgentSchema, ...errors(400, 401, 403, 404, 429) },
        },
      },
      async (request) =>
        deactivateAgent({
          db,
          meta: requestMeta(request),
          actor: actorOf(request),
          agentId: request.params.id,
        }),
    );

    agent.post(
      `${BASE}/:id/aktivieren`,
      {
        config: { rateLimit: AGENT_WRITE_RATE_LIMIT },
        schema: {
          tags: TAGS,
          summary:
            'Deaktivierten Untervermittler wieder aktivieren: neues vorläufiges Passwort per E-Mail (bei einem aktiven ohne Wirkung)',
          params: idParams,
          response: { 200: treeAgentSchema, ...errors(400, 401, 403, 404, 409, 429) },
        },
      },
      async (request) =>
        reactivateAgent({
          ctx,
          meta: requestMeta(request),
          actor: actorOf(request),
          agentId: request.params.id,
        }),
    );

    agent.get(
      `${BASE}/identifier`,
      {
        schema: {
          tags: TAGS,
          summary: 'Kennung, Vermittlernummer und Vertriebsweg des angemeldeten Vermittlers',
          response: {
            200: z.object({
              id: z.uuid(),
              vermittlerNummer: z.string(),
              name: z.string(),
              vertriebsweg: z.string(),
              hauptagentur: z.boolean(),
            }),
            ...errors(401, 403, 404),
          },
        },
      },
      async (request) => ownIdentifier({ db, actor: actorOf(request) }),
    );

    agent.get(
      `${BASE}/:agentId/nummerUndWeg`,
      {
        schema: {
          tags: TAGS,
          summary: 'Vermittlernummer und Vertriebsweg des eigenen oder eines untergeordneten Vermittlers',
          params: agentIdParams,
          response: { 200: nummerUndWegSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => nummerUndWeg({ db, actor: actorOf(request), agentId: request.params.agentId }),
    );

    agent.get(
      `${BASE}/:id/vertriebsweg`,
      {
        schema: {
          tags: TAGS,
          summary: 'Vertriebsweg des eigenen oder eines untergeordneten Vermittlers',
          params: idParams,
          response: { 200: z.object({ vertriebsweg: z.string() }), ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => vertriebswegOf({ db, actor: actorOf(request), agentId: request.params.id }),
    );

    agent.get(
      `${BASE}/:vertriebsweg/:externeId/existenz`,
      {
        schema: {
          tags: TAGS,
          summary:
            'Ob ein aktiver Vermittler mit dieser externen Kennung im Vertriebsweg existiert (nur ja/nein)',
          params: z.object({ vertriebsweg: z.string().max(60), externeId: z.string().max(60) }),
          response: { 200: z.object({ existiert: z.boolean() }), ...errors(400, 401, 403) },
        },
      },
      async (request) => ({
        existiert: await agentExists({
          db,
          vertriebsweg: request.params.vertriebsweg,
          externeId: request.params.externeId,
        }),
      }),
    );

    agent.get(
      `${BASE}/agentur`,
      {
        schema: {
          tags: TAGS,
          summary:
            'Agenturdaten des angemeldeten Vermittlers (Anschrift, Registrierungsnummer, Vertriebsweg)',
          response: { 200: agencySchema, ...errors(401, 403, 404) },
        },
      },
      async (request) => agencyData({ db, actor: actorOf(request) }),
    );

    agent.put(
      `${BASE}/agentur`,
      {
        config: { rateLimit: AGENT_WRITE_RATE_LIMIT },
        schema: {
          tags: TAGS,
          summary: 'Agenturdaten ändern (nur die Hauptagentur)',
          body: z.object({
            agentur: z.object({
              name: required('Bitte geben Sie den Namen der Agentur ein.', 120),
              strasse: required('Bitte geben Sie die Straße ein.', 120),
              hausnummer: hausnummerSchema,
              plz: z.string().trim().refine(isPostalCodePattern, { error: POSTAL_CODE_MESSAGE }),
              ort: required('Bitte geben Sie den Ort ein.', 80),
            }),
            registerNummer: ihkNumberSchema,
            taetigkeit: z.enum(AGENT_TAETIGKEITEN),
            beteiligungen: optionalText(1000),
          }),
          response: { 200: agencySchema, ...errors(400, 401, 403, 404, 429) },
        },
      },
      async (request) =>
        saveAgencyData({ db, meta: requestMeta(request), actor: actorOf(request), input: request.body }),
    );

    agent.get(
      `${BASE}/einstellungen`,
      {
        schema: {
          tags: TAGS,
          summary: 'Persönliche Einstellungen des angemeldeten Vermittlers',
          response: { 200: settingsSchema, ...errors(401, 403, 404) },
        },
      },
      async (request) => personalSettings({ db, actor: actorOf(request) }),
    );

    agent.put(
      `${BASE}/einstellungen`,
      {
        config: { rateLimit: AGENT_WRITE_RATE_LIMIT },
        schema: {
          tags: TAGS,
          summary: 'Name, Telefon und E-Mail für Benachrichtigungen ändern (nicht die Anmeldedaten)',
          body: z.object({
            name: required('Bitte geben Sie Ihren Namen ein.', 120),
            telefon: optionalPhoneSchema({ mobileRequired: false }),
            benachrichtigungsEmail: z
              .string()
              .trim()
              .transform((value) => (value === '' ? null : value))
              .pipe(emailSchema.nullable()),
          }),
          response: { 200: settingsSchema, ...errors(400, 401, 403, 404, 429) },
        },
      },
      async (request) =>
        savePersonalSettings({
          db,
          meta: requestMeta(request),
          actor: actorOf(request),
          input: request.body,
        }),
    );

    agent.get(
      '/dokument/dvelop/dokumente/static/erstinformation',
      {
        schema: {
          tags: ['Druckstücke'],
          summary: 'Erstinformation nach § 15 VersVermV des angemeldeten Vermittlers als PDF',
          response: { 200: z.any().describe('Das Dokument (application/pdf)'), ...errors(401, 403, 404) },
        },
      },
      async (request, reply) => {
        const data = await erstinformationData({ db, actor: actorOf(request) });
        const pdf = await renderErstinformation(data, new Date());
        return reply
          .header('content-type', 'application/pdf')
          .header(
            'content-disposition',
            contentDisposition(erstinformationFileName(data.agent.vermittlerNummer)),
          )
          .send(pdf);
      },
    );

    agent.get(
      '/vermittler/nachricht',
      {
        schema: {
          tags: TAGS,
          summary: 'Die eigenen Nachrichten an den Vermittlerservice mit Antworten, neueste zuerst',
          response: { 200: z.array(agentMessageSchema), ...errors(401, 403) },
        },
      },
      async (request) => listOwnMessages({ db, actor: actorOf(request) }),
    );

    agent.post(
      '/vermittler/nachricht',
      {
        bodyLimit: 128 * 1024,
        config: { rateLimit: AGENT_WRITE_RATE_LIMIT },
        schema: {
          tags: TAGS,
          summary:
            'Nachricht an den Vermittlerservice (idempotent je idempotencyKey des Formulars); optional mit Kunde oder Vertrag aus dem eigenen Bestand',
          body: z.object({
            idempotencyKey: z
              .string({ error: T.errors.idempotencyKeyMissing })
              .trim()
              .min(8, { error: T.errors.idempotencyKeyMissing })
              .max(100, { error: T.errors.idempotencyKeyMissing })
              .describe('Vom Formular einmal gewürfelt; eine Wiederholung legt keine zweite Nachricht an'),
            thema: z.enum(AGENT_MESSAGE_THEMEN, { error: 'Bitte wählen Sie ein Thema.' }),
            betreff: required('Bitte geben Sie einen Betreff ein.', 150),
            html: z
              .string({ error: T.errors.htmlEmpty })
              .min(1, { error: T.errors.htmlEmpty })
              .max(AGENT_MESSAGE_MAX_LENGTH, { error: 'Ihre Nachricht ist zu lang.' }),
            partnerNummer: z
              .string()
              .trim()
              .max(20)
              .transform((value) => (value === '' ? undefined : value))
              .optional(),
            vertragsnummer: z
              .string()
              .trim()
              .max(20)
              .transform((value) => (value === '' ? undefined : value))
              .optional(),
            uploadIds: z
              .array(z.string().max(100))
              .max(100)
              .optional()
              .describe('Fertige eigene Uploads (POST /api/upload/), die der Nachricht angehängt werden'),
          }),
          response: {
            200: agentMessageSchema,
            201: agentMessageSchema,
            ...errors(400, 401, 403, 404, 413, 422, 429),
          },
        },
      },
      async (request, reply) => {
        const { created, message } = await sendAgentMessage({
          db,
          transports,
          actor: actorOf(request),
          input: request.body,
          idempotencyKey: request.body.idempotencyKey,
          now: new Date(),
          maxFiles: app.config.uploadMaxFiles,
        });
        return reply.code(created ? 201 : 200).send(message);
      },
    );

    agent.get(
      '/vermittler/nachricht/:id/anhaenge/:uploadId',
      {
        schema: {
          tags: TAGS,
          summary: 'Ein Anhang einer eigenen Nachricht an den Vermittlerservice (Download)',
          params: attachmentParams,
          response: { 200: z.any().describe('Die Datei'), ...errors(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const file = await openAgentMessageAttachment({
          db,
          files: app.files,
          actor: actorOf(request),
          messageId: request.params.id,
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
  });

  // ---- the clerks: the agents' messages -----------------------------------------------------
  await app.register(async (scope) => {
    const clerk = scope.withTypeProvider<ZodTypeProvider>();
    protectScope(clerk, 'innendienst');
    answerPrivately(clerk);

    clerk.get(
      '/innendienst/vermittler-nachrichten',
      {
        schema: {
          tags: ['Innendienst'],
          summary: 'Nachrichten der Vermittler an den Vermittlerservice, neueste zuerst',
          querystring: z.object({
            filter: z.enum(CLERK_FILTERS).default('offen'),
            seite: z.coerce.number().int().min(1).max(10_000).default(1),
            proSeite: z.coerce.number().int().min(1).max(100).default(20),
          }),
          response: {
            200: z.object({
              nachrichten: z.array(agentMessageSchema),
              seite: z.number(),
              proSeite: z.number(),
              gesamt: z.number(),
            }),
            ...errors(400, 401, 403),
          },
        },
      },
      async (request) => listAgentMessagesForClerk({ db, ...request.query }),
    );

    clerk.get(
      '/innendienst/vermittler-nachrichten/:id',
      {
        schema: {
          tags: ['Innendienst'],
          summary: 'Eine Vermittler-Nachricht mit Vermittler, Agentur, Kunde, Vertrag, Anhängen und Antwort',
          params: z.object({ id: z.uuid({ error: T.errors.messageNotFound }) }),
          response: { 200: agentMessageSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => findAgentMessageForClerk(db, request.params.id),
    );

    clerk.get(
      '/innendienst/vermittler-nachrichten/:id/anhaenge/:uploadId',
      {
        schema: {
          tags: ['Innendienst'],
          summary: 'Ein Anhang einer Vermittler-Nachricht (Download)',
          params: attachmentParams,
          response: { 200: z.any().describe('Die Datei'), ...errors(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const file = await openAgentMessageAttachment({
          db,
          files: app.files,
          actor: actorOf(request),
          messageId: request.params.id,
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
      '/innendienst/vermittler-nachrichten/:id/antwort',
      {
        schema: {
          tags: ['Innendienst'],
          summary: 'Eine Vermittler-Nachricht beantworten: die Antwort geht per E-Mail an den Vermittler',
          params: z.object({ id: z.uuid({ error: T.errors.messageNotFound }) }),
          body: z.object({
            text: required('Bitte schreiben Sie eine Antwort.', ANSWER_MAX_LENGTH),
          }),
          response: { 200: agentMessageSchema, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        answerAgentMessage({
          db,
          transports,
          actor: actorOf(request),
          id: request.params.id,
          antwort: request.body.text,
          now: new Date(),
        }),
    );
  });
};

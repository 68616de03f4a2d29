// Extranet routes (issue 16, ADR 0036; docs/api/extranet.md):
// - the signed-in agency's machine keys: GET/POST/DELETE /api/vermittler/extranet/schluessel;
// - the broker software (machine JWT, machine-auth.ts): POST
//   /api/dgg-bipro-maklerpost/extranet/request/{id}/ → a single-use link (10 minutes);
// - public: POST /api/extranet/oeffnen/{token} uses the link up and answers its one object
//   read-only with a view token; POST /api/extranet/ansicht answers it again for that token;
//   POST /api/extranet/dokumente/{id} downloads a document of that contract with the same token.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, answerPrivately, protectScope } from '../../platform/auth/authenticate';
import { sendFile } from '../../platform/files/content-disposition';
import { EXTRANET_LINK_KINDS } from '../../db/schema/extranet';
import { agentContractSchema, agentCustomerSchema, agentDocumentSchema } from '../agent-customers/routes';
import type { RequestMeta } from '../identity/audit';
import { errors } from '../identity/schemas';
import { agencyMachineOf, requireAgencyMachine } from './machine-auth';
import {
  EXTRANET_LINK_MINUTES,
  EXTRANET_VIEW_MINUTES,
  listKeys,
  openExtranetDocument,
  openLink,
  registerKey,
  requestLink,
  revokeKey,
  viewAgain,
} from './service';
import { EXTRANET_ERRORS } from './texts';

const TAGS = ['Extranet'];

/** Opening links per IP: a token (256 bits) cannot be guessed in this many tries. */
const OPEN_LIMIT = { max: 60, timeWindow: '10 minutes' } as const;
/** Link requests per IP of the broker software. */
const REQUEST_LIMIT = { max: 120, timeWindow: '1 minute' } as const;

function metaOf(request: FastifyRequest): RequestMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'], now: new Date() };
}

const keySchema = z
  .object({
    kid: z.string().describe('RFC-7638-Fingerabdruck (SHA-256) des öffentlichen Schlüssels'),
    bezeichnung: z.string().nullable().describe('Bezeichnung der Agentur, z. B. der Name der Maklersoftware'),
    erstelltAm: z.iso.datetime(),
    widerrufenAm: z.iso.datetime().nullable(),
    letzterLinkAm: z.iso
      .datetime()
      .nullable()
      .describe('Wann die Maklersoftware zuletzt einen Einmal-Link mit diesem Schlüssel angefordert hat'),
    publicJwk: z.object({ kty: z.literal('OKP'), crv: z.literal('Ed25519'), x: z.string() }),
  })
  .meta({ id: 'ExtranetSchluessel' });

const kidParams = z.object({
  kid: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: EXTRANET_ERRORS.keyUnknown })
    .describe('kid des Schlüssels'),
});

const token = z
  .string({ error: EXTRANET_ERRORS.linkUnknown })
  .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: EXTRANET_ERRORS.linkUnknown });

const documentSchema = agentDocumentSchema
  .extend({
    url: z
      .string()
      .describe('Download: POST mit { ansicht } (Ansichts-Token dieser Seite), nur solange die Ansicht gilt'),
  })
  .meta({ id: 'ExtranetDokument' });

// The agent portal's views (modules/agent-customers), cut by the same schemas so the two cannot
// drift: without what only the signed-in agent can use (the contract's version and possible
// changes, the customer's documents). The contract's documents stay, with the extranet's download
// by the view token. service.ts (readOnlyContract, readOnlyCustomer) leaves the same fields out,
// and the serializer drops any field these schemas do not name.
const contractSchema = agentContractSchema
  .omit({
    version: true,
    selbstServices: true,
    nichtAngeboteneAenderungen: true,
    inhaberwechsel: true,
    tarifwechsel: true,
  })
  .extend({ dokumente: z.array(documentSchema).describe('Neueste zuerst') })
  .meta({ id: 'ExtranetVertrag' });

const customerSchema = agentCustomerSchema
  .omit({ dokumente: true })
  .extend({
    vertraege: agentCustomerSchema.shape.vertraege.describe(
      'Nur Verträge, die die Agentur oder eine Unteragentur betreut',
    ),
  })
  .meta({ id: 'ExtranetKunde' });

const viewSchema = z
  .object({
    art: z.enum(EXTRANET_LINK_KINDS),
    ansicht: z
      .string()
      .describe('Ansichts-Token: nur für diesen einen Vertrag/Kunden, zum Neuladen im selben Tab'),
    ansichtGueltigBis: z.iso.datetime(),
    vertrag: contractSchema.optional(),
    kunde: customerSchema.optional(),
  })
  .meta({ id: 'ExtranetAnsicht' });

/** The routes of this module (issue 16), registered under /api by app.ts (src/routes.ts). */
export const extranetRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  // ---- the signed-in agency: its machine keys --------------------------------------------------
  await app.register(async (scope) => {
    const agent = scope.withTypeProvider<ZodTypeProvider>();
    protectScope(agent, 'vermittler');
    answerPrivately(agent);

    agent.get(
      '/vermittler/extranet/schluessel',
      {
        schema: {
          tags: TAGS,
          summary: 'Die Schlüssel der Maklersoftware der eigenen Agentur (aktive zuerst)',
          response: { 200: z.object({ schluessel: z.array(keySchema) }), ...errors(401, 403) },
        },
      },
      async (request) => ({ schluessel: await listKeys(db, actorOf(request)) }),
    );

    agent.post(
      '/vermittler/extranet/schluessel',
      {
        schema: {
          tags: TAGS,
          summary: 'Öffentlichen Ed25519-Schlüssel (JWK) der Maklersoftware registrieren; Antwort: kid',
          description:
            'Nur die Hauptagentur. Der Schlüssel als publicJwk (JWK-Objekt) oder als schluessel (Text: PEM „-----BEGIN PUBLIC KEY-----“ oder JWK), dazu optional eine bezeichnung. Derselbe Schlüssel erneut: 200 mit seinem kid. Ein privater Schlüssel, ein anderer Schlüsseltyp als Ed25519 oder ein unlesbarer Text: 422 EXTRANET_KEY_INVALID mit einer Meldung, die den Grund nennt. Höchstens 5 aktive Schlüssel (409 EXTRANET_KEY_LIMIT); ein widerrufener Schlüssel kann nicht zurückkehren (409 EXTRANET_KEY_REVOKED).',
          body: z
            .object({
              publicJwk: z.record(z.string(), z.unknown(), { error: EXTRANET_ERRORS.keyInvalid }).optional(),
              schluessel: z
                .string({ error: EXTRANET_ERRORS.keyUnreadable })
                .max(10_000, { error: EXTRANET_ERRORS.keyUnreadable })
                .optional(),
              bezeichnung: z
                .string({ error: EXTRANET_ERRORS.labelInvalid })
                .trim()
                .max(80, { error: EXTRANET_ERRORS.labelInvalid })
                .optional(),
            })
            .refine((body) => (body.publicJwk === undefined) !== (body.schluessel === undefined), {
              error: EXTRANET_ERRORS.keyBody,
            }),
          response: {
            200: z.object({ kid: z.string() }),
            201: z.object({ kid: z.string() }),
            ...errors(400, 401, 403, 409, 422),
          },
        },
      },
      async (request, reply) => {
        const { kid, neu } = await registerKey(db, actorOf(request), request.body, metaOf(request));
        return reply.code(neu ? 201 : 200).send({ kid });
      },
    );

    agent.delete(
      '/vermittler/extranet/schluessel/:kid',
      {
        schema: {
          tags: TAGS,
          summary: 'Schlüssel widerrufen: damit signierte Tokens werden ab sofort abgelehnt',
          params: kidParams,
          response: { 204: z.null(), ...errors(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        await revokeKey(db, actorOf(request), request.params.kid, metaOf(request));
        return reply.code(204).send(null);
      },
    );
  });

  // ---- the broker software (machine JWT) -------------------------------------------------------
  await app.register(async (scope) => {
    const machine = scope.withTypeProvider<ZodTypeProvider>();
    machine.addHook('onRequest', requireAgencyMachine());
    answerPrivately(machine);

    machine.post(
      '/dgg-bipro-maklerpost/extranet/request/:id/',
      {
        config: { rateLimit: REQUEST_LIMIT },
        schema: {
          tags: TAGS,
          summary: `Einmal-Link (${EXTRANET_LINK_MINUTES} Minuten) auf einen Vertrag oder eine Kundin/einen Kunden des eigenen Bestands`,
          description:
            "Anmeldung der Maklersoftware: `Authorization: Bearer <JWT>`, EdDSA mit dem registrierten Schlüssel der Agentur (kid im Header), iss = Vermittlernummer der Agentur, aud = 'schirm-extranet', exp höchstens 5 Minuten, jti einmalig (docs/api/extranet.md). {id}: Vertragsnummer (art vertrag) oder Partnernummer (art kundendaten). 404, wenn das Objekt nicht im Bestand der Agentur oder einer Unteragentur liegt.",
          params: z.object({
            id: z
              .string()
              .regex(/^\d{6,12}$/, { error: EXTRANET_ERRORS.notFound })
              .describe('Vertragsnummer oder Partnernummer'),
          }),
          body: z.object({
            art: z.enum(EXTRANET_LINK_KINDS, {
              error: "Bitte geben Sie als art 'vertrag' oder 'kundendaten' an.",
            }),
          }),
          response: {
            201: z
              .object({
                url: z.string().describe('Absoluter Link, einmal verwendbar'),
                expiresAt: z.iso.datetime(),
              })
              .meta({ id: 'ExtranetLink' }),
            ...errors(400, 401, 404, 429),
          },
        },
      },
      async (request, reply) => {
        const link = await requestLink(
          { db, publicUrl: app.config.publicUrl },
          agencyMachineOf(request),
          { id: request.params.id, art: request.body.art },
          metaOf(request),
        );
        return reply.code(201).send(link);
      },
    );
  });

  // ---- public: open the link, reload the view --------------------------------------------------
  await app.register(async (scope) => {
    const open = scope.withTypeProvider<ZodTypeProvider>();
    answerPrivately(open);

    open.post(
      '/extranet/oeffnen/:token',
      {
        config: { rateLimit: OPEN_LIMIT },
        schema: {
          tags: TAGS,
          summary:
            'Einmal-Link öffnen: verbraucht ihn und zeigt genau diesen Vertrag oder Kunden (nur lesend)',
          description:
            '410 EXTRANET_LINK_USED (bereits verwendet), 410 EXTRANET_LINK_EXPIRED (abgelaufen), 404 EXTRANET_LINK_UNKNOWN (ungültig); ohne Daten.',
          params: z.object({ token }),
          body: z.object({
            art: z
              .enum(EXTRANET_LINK_KINDS, { error: EXTRANET_ERRORS.linkUnknown })
              .describe('Die Seite, auf der der Link geöffnet wird; passt sie nicht, ist der Link ungültig'),
          }),
          response: { 200: viewSchema, ...errors(400, 404, 410, 429) },
        },
      },
      async (request) => openLink(db, request.params.token, request.body.art, metaOf(request)),
    );

    open.post(
      '/extranet/ansicht',
      {
        config: { rateLimit: OPEN_LIMIT },
        schema: {
          tags: TAGS,
          summary: 'Geöffneten Link im selben Tab neu laden (Ansichts-Token, 30 Minuten)',
          body: z.object({ ansicht: token }),
          response: { 200: viewSchema, ...errors(400, 404, 410, 429) },
        },
      },
      async (request) => viewAgain(db, request.body.ansicht, metaOf(request)),
    );

    open.post(
      '/extranet/dokumente/:id',
      {
        config: { rateLimit: OPEN_LIMIT },
        schema: {
          tags: TAGS,
          summary: 'Ein Dokument des geöffneten Vertrags herunterladen (PDF), mit dem Ansichts-Token',
          description: `Nur Dokumente des einen Vertrags, den der Link geöffnet hat, und nur solange die Ansicht gilt (${EXTRANET_VIEW_MINUTES} Minuten ab dem Öffnen). 401 EXTRANET_VIEW_EXPIRED (abgelaufen) oder EXTRANET_VIEW_UNKNOWN (ungültiges Token); 404 EXTRANET_DOCUMENT_UNKNOWN für jedes andere Dokument.`,
          params: z.object({ id: z.uuid({ error: EXTRANET_ERRORS.documentUnknown }) }),
          body: z.object({ ansicht: token }),
          response: { 200: z.any().describe('PDF'), ...errors(400, 401, 404, 429) },
        },
      },
      async (request, reply) => {
        const { fileName, file } = await openExtranetDocument(
          { db, files: app.files },
          request.body.ansicht,
          request.params.id,
          metaOf(request),
        );
        return sendFile(reply, {
          stream: file.stream,
          size: file.size,
          contentType: 'application/pdf',
          fileName: fileName,
        });
      },
    );
  });
};

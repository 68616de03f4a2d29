// Embedding (issue 16, ADR 0036; docs/api/embedding.md), under /api:
// - GET  /einbettung/partner/{partnerKey}?origin=…  public partner configuration for an allowed host origin
// - POST /einbettung/token                         partner (HTTP Basic) → single-use exchange token
// - POST /einbettung/sitzung                       exchange token → embedded customer access token
// - GET/POST/DELETE /kunden/einbettung/freigaben   the customer's grants (own sign-in only)
// - GET/PUT /innendienst/einbettungspartner…       clerks administer partners and their secrets
// It also feeds the CSP frame-ancestors (platform/security.ts) with the active partners' origins.
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { embeddingPartners as embeddingPartnersTable } from '../../db/schema/embedding';
import { withTransaction } from '../../db/transaction';
import {
  actorOf,
  answerPrivately,
  protectScope,
  refuseEmbeddedSession,
} from '../../platform/auth/authenticate';
import { loadIdentityKeys } from '../../platform/auth/keys';
import { notFound, unprocessable } from '../../platform/errors';
import { requestMeta } from '../identity/context';
import { errors } from '../identity/schemas';
import {
  authenticatePartner,
  basicCredentials,
  grantPartner,
  issueExchangeToken,
  listGrants,
  revokeGrant,
  startEmbeddedSession,
} from './access';
import { recordEmbeddingAudit } from './audit';
import { isAllowedOriginFormat } from './origins';
import {
  activeAgentIdByNumber,
  clerkPartner,
  createOriginCache,
  findPartnerByKey,
  listClerkPartners,
  PARTNER_KEY,
  partnerConfig,
  PRODUCT_SLUGS,
  upsertPartner,
} from './partners';
import { hashPartnerSecret, newPartnerSecret } from './secrets';
import { EMBEDDING_TEXTS as T } from './texts';

const TAGS = ['Einbettung'];

/** Public look-ups of a partner's configuration per address (each embedded page asks once). */
export const EMBEDDING_CONFIG_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;
/** Token exchanges per address: a partner's server asks for each of its signed-in users. */
export const EMBEDDING_TOKEN_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;
/** Embedded sessions started per address (a browser opening the customer area). */
export const EMBEDDING_SESSION_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

const partnerKeySchema = z
  .string({ error: T.partnerKeyInvalid })
  .max(50, { error: T.partnerKeyInvalid })
  .regex(PARTNER_KEY, { error: T.partnerKeyInvalid })
  .describe('Partnerschlüssel, z. B. radhaus-mueller');

const brokerInfoSchema = z
  .object({
    brokerId: z.string().describe('Vermittlernummer'),
    distributionPath: z.string().describe('Vertriebsweg'),
    name: z.string(),
  })
  .meta({ id: 'EinbettungVermittler' });

const partnerConfigSchema = z
  .object({
    partnerKey: z.string(),
    name: z.string(),
    brand: z.string().nullable(),
    produkte: z.array(z.string()),
    kundenbereich: z.boolean(),
    vermittler: brokerInfoSchema.nullable(),
    origin: z.string(),
  })
  .meta({ id: 'Einbettungspartner' });

const grantSchema = z.object({ partnerKey: z.string(), name: z.string(), freigegebenAm: z.iso.datetime() });

const clerkPartnerSchema = z
  .object({
    partnerKey: z.string(),
    name: z.string(),
    origins: z.array(z.string()),
    brand: z.string().nullable(),
    vermittlernummer: z.string().nullable(),
    vermittlerName: z.string().nullable(),
    produkte: z.array(z.string()),
    kundenbereich: z.boolean(),
    aktiv: z.boolean(),
    geheimnisVorhanden: z.boolean(),
    geheimnisErneuertAm: z.iso.datetime().nullable(),
    aktualisiertAm: z.iso.datetime(),
  })
  .meta({ id: 'EinbettungspartnerVerwaltung' });

const partnerBody = z.object({
  name: z
    .string({ error: 'Bitte geben Sie den Namen des Partners an.' })
    .trim()
    .min(1, { error: 'Bitte geben Sie den Namen des Partners an.' })
    .max(100, { error: 'Der Name ist zu lang (höchstens 100 Zeichen).' }),
  origins: z
    .array(z.string({ error: T.originInvalid }).refine(isAllowedOriginFormat, { error: T.originInvalid }), {
      error: T.originInvalid,
    })
    .max(20, { error: 'Bitte geben Sie höchstens 20 Adressen an.' }),
  brand: z
    .string()
    .regex(/^[a-z0-9-]{1,30}$/, {
      error: 'Die Marke besteht aus Kleinbuchstaben, Ziffern und Bindestrichen.',
    })
    .nullable()
    .default(null),
  vermittlernummer: z
    .string()
    .regex(/^\d{10}$/, { error: 'Die Vermittlernummer hat 10 Ziffern.' })
    .nullable()
    .default(null),
  produkte: z.array(
    z.string().refine((slug) => PRODUCT_SLUGS.includes(slug), { error: T.productUnknown }),
    { error: T.productUnknown },
  ),
  kundenbereich: z.boolean().default(false),
  aktiv: z.boolean().default(true),
});

function partnerNotFound(reason: string): Error {
  return notFound(`Embedding partner config refused: ${reason}`, {
    code: 'EMBEDDING_PARTNER_NOT_FOUND',
    userMessage: T.partnerNotFound,
  });
}

export const embeddingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const keys = loadIdentityKeys(app.config);
  const origins = createOriginCache(db);
  app.frameAncestorPolicy.partnerOrigins = origins.get;
  // frame-ancestors 'self' lets the portal's own pages frame it (the quickstart's live preview).
  const ownOrigin = new URL(app.config.publicUrl).origin;

  app.get(
    '/einbettung/partner/:partnerKey',
    {
      config: { rateLimit: EMBEDDING_CONFIG_RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary:
          'Konfiguration eines aktiven Einbettungspartners für einen erlaubten Host-Ursprung (sonst 404, ohne Grund)',
        params: z.object({ partnerKey: z.string().max(100) }),
        querystring: z.object({
          origin: z
            .string()
            .max(300)
            .optional()
            .describe('Ursprung der einbettenden Seite, z. B. https://www.partner.de'),
        }),
        response: { 200: partnerConfigSchema, ...errors(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const { origin } = request.query;
      const config =
        origin && isAllowedOriginFormat(origin)
          ? await partnerConfig(db, request.params.partnerKey, origin, ownOrigin)
          : undefined;
      if (!config) throw partnerNotFound('unknown, inactive or origin not allowed');
      return reply.header('cache-control', 'no-store').send(config);
    },
  );

  app.post(
    '/einbettung/token',
    {
      config: { rateLimit: EMBEDDING_TOKEN_RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary:
          'Partner (HTTP Basic partnerKey:Geheimnis) → Einmal-Token für einen Kunden, der den Partner freigegeben hat',
        body: z.object({
          partnernummer: z
            .string({ error: 'Bitte geben Sie die Partnernummer des Kunden an.' })
            .regex(/^\d{6,12}$/, { error: 'Bitte prüfen Sie die Partnernummer des Kunden.' }),
        }),
        response: {
          200: z.object({ token: z.string(), expiresIn: z.number().int() }).meta({ id: 'EinbettungToken' }),
          ...errors(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      let partner;
      try {
        partner = await authenticatePartner(db, basicCredentials(request.headers.authorization));
      } catch (error) {
        reply.header('www-authenticate', 'Basic realm="Schirm Einbettung", charset="UTF-8"');
        throw error;
      }
      return issueExchangeToken({
        db,
        meta: requestMeta(request),
        partner,
        partnernummer: request.body.partnernummer,
      });
    },
  );

  app.post(
    '/einbettung/sitzung',
    {
      config: { rateLimit: EMBEDDING_SESSION_RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary: 'Einmal-Token → Zugriffstoken des Kunden für den eingebetteten Kundenbereich (ohne Refresh)',
        body: z.object({
          token: z
            .string({ error: T.exchangeTokenInvalid })
            .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: T.exchangeTokenInvalid }),
        }),
        response: {
          200: z
            .object({
              accessToken: z.string(),
              expiresIn: z.number().int(),
              partnernummer: z.string(),
              benutzer: z
                .object({ username: z.string(), nickname: z.string().nullable() })
                .describe(
                  'Das angemeldete Kundenkonto (Benutzername und Anrede wie bei der eigenen Anmeldung)',
                ),
            })
            .meta({ id: 'EinbettungSitzung' }),
          ...errors(400, 401, 429),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return startEmbeddedSession({
        db,
        keys,
        meta: requestMeta(request),
        token: request.body.token,
        accessTokenTtlSeconds: app.config.accessTokenTtlSeconds,
      });
    },
  );

  // The customer's grants: own sign-in only, never from an embedded session.
  await app.register(async (scope) => {
    const customer = scope.withTypeProvider<ZodTypeProvider>();
    protectScope(customer, 'benutzer');
    answerPrivately(customer);
    customer.addHook('onRequest', refuseEmbeddedSession);

    customer.get(
      '/kunden/einbettung/freigaben',
      {
        schema: {
          tags: TAGS,
          summary: 'Freigaben des Kunden für Einbettungspartner und die Partner, die er freigeben kann',
          response: {
            200: z
              .object({
                freigaben: z.array(grantSchema),
                verfuegbar: z.array(z.object({ partnerKey: z.string(), name: z.string() })),
              })
              .meta({ id: 'EinbettungFreigaben' }),
            ...errors(401, 403),
          },
        },
      },
      async (request) => listGrants(db, actorOf(request)),
    );

    customer.post(
      '/kunden/einbettung/freigaben',
      {
        schema: {
          tags: TAGS,
          summary: 'Einem Einbettungspartner den Kundenbereich freigeben (Nachricht ins Postfach)',
          body: z.object({ partnerKey: partnerKeySchema }),
          response: { 200: grantSchema, 201: grantSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { created, grant } = await grantPartner({
          db,
          meta: requestMeta(request),
          actor: actorOf(request),
          partnerKey: request.body.partnerKey,
        });
        return reply.code(created ? 201 : 200).send(grant);
      },
    );

    customer.delete(
      '/kunden/einbettung/freigaben/:partnerKey',
      {
        schema: {
          tags: TAGS,
          summary: 'Freigabe widerrufen (eingebettete Sitzungen des Partners enden sofort)',
          params: z.object({ partnerKey: partnerKeySchema }),
          response: { 204: z.null(), ...errors(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        await revokeGrant({
          db,
          meta: requestMeta(request),
          actor: actorOf(request),
          partnerKey: request.params.partnerKey,
        });
        return reply.code(204).send(null);
      },
    );
  });

  // Clerks administer the partners (audited).
  await app.register(async (scope) => {
    const clerk = scope.withTypeProvider<ZodTypeProvider>();
    protectScope(clerk, 'innendienst');
    answerPrivately(clerk);

    clerk.get(
      '/innendienst/einbettungspartner',
      {
        schema: {
          tags: TAGS,
          summary: 'Alle Einbettungspartner (ohne Geheimnisse)',
          response: { 200: z.object({ partner: z.array(clerkPartnerSchema) }), ...errors(401, 403) },
        },
      },
      async () => ({ partner: await listClerkPartners(db) }),
    );

    clerk.put(
      '/innendienst/einbettungspartner/:partnerKey',
      {
        schema: {
          tags: TAGS,
          summary: 'Einbettungspartner anlegen oder ändern (wirkt sofort auf CSP und Konfiguration)',
          params: z.object({ partnerKey: partnerKeySchema }),
          body: partnerBody,
          response: { 200: clerkPartnerSchema, 201: clerkPartnerSchema, ...errors(400, 401, 403, 422) },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const meta = requestMeta(request);
        const { partnerKey } = request.params;
        const body = request.body;
        const agentId =
          body.vermittlernummer === null ? null : await activeAgentIdByNumber(db, body.vermittlernummer);
        if (agentId === undefined) {
          throw unprocessable(`No active agent ${body.vermittlernummer}`, {
            code: 'EMBEDDING_AGENT_NOT_FOUND',
            userMessage: T.agentNotFound,
            fieldErrors: [{ path: 'vermittlernummer', message: T.agentNotFound }],
          });
        }
        const created = await withTransaction(db, async (tx) => {
          const saved = await upsertPartner(
            tx,
            partnerKey,
            {
              name: body.name,
              origins: body.origins,
              brand: body.brand,
              agentId,
              produkte: body.produkte,
              kundenbereich: body.kundenbereich,
              aktiv: body.aktiv,
            },
            meta.now,
          );
          await recordEmbeddingAudit(tx, meta, {
            action: 'EMBEDDING_PARTNER_SAVED',
            pool: 'innendienst',
            accountId: actor.userId,
            username: actor.username,
            details: {
              partnerKey,
              angelegt: saved.created,
              origins: saved.row.origins,
              produkte: saved.row.produkte,
              vermittlernummer: body.vermittlernummer,
              kundenbereich: body.kundenbereich,
              aktiv: body.aktiv,
            },
          });
          return saved.created;
        });
        origins.clear();
        const view = await clerkPartner(db, partnerKey);
        if (!view) throw new Error(`Embedding partner ${partnerKey} not found after saving`);
        return reply.code(created ? 201 : 200).send(view);
      },
    );

    clerk.post(
      '/innendienst/einbettungspartner/:partnerKey/secret',
      {
        schema: {
          tags: TAGS,
          summary:
            'Neues Geheimnis des Partners (wird nur dieses eine Mal angezeigt; das alte gilt nicht mehr)',
          params: z.object({ partnerKey: partnerKeySchema }),
          response: {
            200: z.object({ partnerKey: z.string(), secret: z.string() }).meta({ id: 'EinbettungGeheimnis' }),
            ...errors(400, 401, 403, 404),
          },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const meta = requestMeta(request);
        const partner = await findPartnerByKey(db, request.params.partnerKey);
        if (!partner) {
          throw notFound(`Embedding partner ${request.params.partnerKey} unknown`, {
            code: 'EMBEDDING_PARTNER_NOT_FOUND',
            userMessage: T.clerkPartnerNotFound,
          });
        }
        const secret = newPartnerSecret();
        const secretHash = await hashPartnerSecret(secret);
        await withTransaction(db, async (tx) => {
          await tx
            .update(embeddingPartnersTable)
            .set({ secretHash, secretRotatedAt: meta.now, updatedAt: meta.now })
            .where(eq(embeddingPartnersTable.id, partner.id));
          await recordEmbeddingAudit(tx, meta, {
            action: 'EMBEDDING_PARTNER_SECRET_ROTATED',
            pool: 'innendienst',
            accountId: actor.userId,
            username: actor.username,
            details: { partnerKey: partner.partnerKey },
          });
        });
        return { partnerKey: partner.partnerKey, secret };
      },
    );
  });
};

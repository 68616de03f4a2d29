// The application calls of spec §7 (base /api/taa): vorbereiten (the offer with the pre-contract
// documents) and antrag (the binding application) per product path, the offer's documents, and
// drafts. Public, rate-limited per IP; the channel here is the direct one ('antrag'): the agent's
// channels come with the agent portal and need their sign-in. docs/api/applications.md.
import { productApplication } from '@schirm/domain/application/applications';
import { PARTNER_BRANDS } from '@schirm/domain/application/brand-advice';
import { APPLICATION_SLUGS, type ProductApplication } from '@schirm/domain/application/product-application';
import { flowAnswersSchema } from '@schirm/domain/application/submission';
import { todayInGermany } from '@schirm/domain/dates/calendar-date';
import { MARKEN } from '@schirm/domain/products/enums';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, errorEnvelopeSchema, notFound, unprocessable } from '../../platform/errors';
import type { SellingAgent } from '../advice/agents';
import { embeddingSeller } from '../embedding/partners';
import { EMBEDDING_TEXTS } from '../embedding/texts';
import { DEFAULT_BRAND } from '../../platform/flags/provider';
import { brandFromCookie } from '../../platform/flags/service';
import { createTransports } from '../outbox/transports';
import { createDraft, readDraft } from './drafts';
import {
  APPLICATION_DOCUMENTS_JOB,
  completeApplicationDocuments,
  DOCUMENTS_BATCH,
  openApplicationDocument,
  openOfferDocument,
  prepareOffer,
  submitApplication,
  type ApplicationDeps,
  type ApplicationRequestContext,
} from './service';
import { APPLICATION_TEXTS as T } from './texts';

/** Offers and applications per IP and minute: each makes documents and e-mails. */
export const APPLICATION_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

/** Answers of a whole application stay small; a larger body is refused before it is parsed. */
export const APPLICATION_BODY_LIMIT_BYTES = 64 * 1024;

const PRICING_PATHS = [
  'fahrrad2',
  'thv/v2',
  'phv/v2',
  'si',
  'hausrat/v2',
  'bhv',
  'vh2',
  'reise',
  'kfz',
] as const;

const slugSchema = z.enum(APPLICATION_SLUGS, { error: T.unknownProduct });

const offerBody = z.object({
  produkt: slugSchema,
  kanal: z.literal('antrag', { error: T.unknownProduct }).default('antrag'),
  antworten: flowAnswersSchema,
  /** The embedding partner whose iframe the application runs in (issue 16): its broker concludes it. */
  einbettungspartner: z
    .string({ error: EMBEDDING_TEXTS.applicationPartnerUnknown })
    .max(50, { error: EMBEDDING_TEXTS.applicationPartnerUnknown })
    .optional()
    .describe('Partnerschlüssel des Einbettungspartners (nur eingebettet)'),
});

/**
 * The broker of the embedding partner the body names, as the agent of the direct channel; 422 with
 * a field error for an unknown or inactive partner and for a product the partner may not sell.
 */
async function embeddingAgent(
  request: FastifyRequest,
  partnerKey: string | undefined,
  slug: string,
): Promise<{ agent?: SellingAgent; embeddingPartner?: string }> {
  if (partnerKey === undefined) return {};
  const seller = await embeddingSeller(request.server.database.db, partnerKey, slug);
  if (seller.ok) return { agent: seller.agent, embeddingPartner: partnerKey };
  const message =
    seller.reason === 'product'
      ? EMBEDDING_TEXTS.applicationProductNotAllowed
      : EMBEDDING_TEXTS.applicationPartnerUnknown;
  throw unprocessable(`Embedding partner ${partnerKey} refused for ${slug}: ${seller.reason}`, {
    code: 'EMBEDDING_PARTNER_REFUSED',
    userMessage: message,
    fieldErrors: [{ path: 'einbettungspartner', message }],
  });
}

const applicationBody = offerBody.extend({ angebotId: z.uuid({ error: T.offerUnknown }) });

export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string({ error: T.idempotencyKeyMissing })
    .trim()
    .min(8, { error: T.idempotencyKeyMissing })
    .max(100, { error: T.idempotencyKeyMissing }),
});

const beitragSchema = z.object({
  nettoCents: z.number().int(),
  versicherungsteuerCents: z.number().int(),
  bruttoCents: z.number().int(),
  nettoJahresbeitragCents: z.number().int(),
});

const uninsurableSchema = z.object({ kind: z.literal('uninsurable'), code: z.string(), reason: z.string() });

export const offerSchema = z
  .union([
    z.object({
      kind: z.literal('angebot'),
      angebotId: z.string(),
      gueltigBis: z.string(),
      produkt: z.string(),
      produktName: z.string(),
      variante: z.string(),
      varianteName: z.string(),
      zahlweise: z.string(),
      versicherungsbeginn: z.string(),
      beitrag: beitragSchema,
      versicherungssummeCents: z.number().int().optional(),
      dokumente: z.array(
        z.object({ typ: z.string(), name: z.string(), url: z.string(), sha256: z.string() }),
      ),
      versandtAn: z.string(),
      versandtAm: z.string(),
    }),
    uninsurableSchema,
    z.object({ kind: z.literal('check-failed'), code: z.string(), reason: z.string() }),
  ])
  .meta({ id: 'Antragsangebot' });

export const resultSchema = z
  .object({
    kind: z.literal('vertrag'),
    antragId: z.string(),
    versicherungsNummer: z.string(),
    status: z.literal('LAUFEND'),
    produkt: z.string(),
    produktName: z.string(),
    varianteName: z.string(),
    vertragsBeginn: z.string(),
    zahlweise: z.string(),
    beitrag: beitragSchema,
    email: z.string(),
    registrierung: z.enum(['LINK_GESENDET', 'KONTO_VORHANDEN']),
    dokumente: z.array(z.object({ name: z.string(), url: z.string() })),
    /** KFZ: the eVB number for the registration office. */
    evbNummer: z.string().optional(),
    /** Advice channels: the agent the contract was concluded for. */
    vermittler: z
      .object({
        vermittlerNummer: z.string(),
        name: z.string(),
        vertriebsweg: z.string(),
        agentur: z.string(),
      })
      .optional(),
    /** The agent's advice: the customer the contract was concluded for. */
    kunde: z.object({ name: z.string(), partnerNummer: z.string() }).optional(),
    /** The contract brand (HFK or SCHIRM); results before issue 15 lack it. */
    marke: z.enum(MARKEN).optional(),
    /** The brand path the contract was concluded on (ADR 0034). */
    brand: z.enum(PARTNER_BRANDS).optional(),
  })
  .meta({ id: 'Antragsergebnis' });

export const applicationErrors = {
  400: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  410: errorEnvelopeSchema,
  413: errorEnvelopeSchema,
  415: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

type ApplicationFlag = 'new-product-generations' | 'travel-health-insurance';

async function isFlagOn(request: FastifyRequest, key: ApplicationFlag): Promise<boolean> {
  const evaluation = await request.server.flags.evaluate(key, {
    environment: request.environment,
    brand: brandFromCookie(request) ?? DEFAULT_BRAND,
  });
  return evaluation.value;
}

/** The day, the moment and the flags that shape the flows, for one request. */
export async function requestContext(request: FastifyRequest): Promise<ApplicationRequestContext> {
  const now = new Date();
  const [newProductGenerations, travelHealthInsurance] = await Promise.all([
    isFlagOn(request, 'new-product-generations'),
    isFlagOn(request, 'travel-health-insurance'),
  ]);
  return { today: todayInGermany(now), now, newProductGenerations, travelHealthInsurance };
}

/** The product of the body, which must be sold under the path it was sent to. */
function applicationFor(slug: string, pricingPath: string): ProductApplication {
  const application = productApplication(slug);
  if (!application || application.pricingPath !== pricingPath) {
    throw notFound(`Product ${slug} has no application under ${pricingPath}`, {
      code: 'APPLICATION_PRODUCT_UNKNOWN',
      userMessage: T.unknownProduct,
    });
  }
  return application;
}

/** What the application service needs from the app (also for the advice channels' routes). */
export function applicationDeps(app: FastifyInstance): ApplicationDeps {
  return {
    db: app.database.db,
    files: app.files,
    transports: createTransports(app.config),
    publicUrl: app.config.publicUrl,
    sepaGlaeubigerId: app.config.sepaGlaeubigerId,
    // The policy, the mandate and their e-mail are made by the job after the commit (ADR 0023).
    applied: () => {
      app.jobs
        .trigger(APPLICATION_DOCUMENTS_JOB)
        .catch((error: unknown) => app.log.error({ err: error }, 'application documents job not triggered'));
    },
  };
}

export const applicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = applicationDeps(app);
  app.jobs.define({
    name: APPLICATION_DOCUMENTS_JOB,
    // Woken by each application; at start and every minute it also finds applications whose
    // trigger was lost (the process died after the commit).
    atStart: true,
    cron: '* * * * *',
    pollingIntervalSeconds: 1,
    retryDelaySeconds: 10,
    // A run makes at most DOCUMENTS_BATCH applications' letters (seconds). A run whose process
    // died blocks the queue's next run until it counts as lost, so this is short; a run that is
    // merely slow and taken as lost is harmless (each application is made once, under its lock).
    expireInSeconds: 60,
    run: async () => {
      let completed = 0;
      for (;;) {
        const done = await completeApplicationDocuments({ deps, now: new Date() });
        completed += done;
        if (done < DOCUMENTS_BATCH) return { completed };
      }
    },
  });
  const common = { bodyLimit: APPLICATION_BODY_LIMIT_BYTES, config: { rateLimit: APPLICATION_RATE_LIMIT } };

  for (const pricingPath of PRICING_PATHS) {
    app.post(
      `/taa/${pricingPath}/vorbereiten`,
      {
        ...common,
        schema: {
          tags: ['Application'],
          summary: `Angebot mit den Vertragsinformationen (§ 7 VVG) per E-Mail: ${pricingPath}`,
          body: offerBody,
          response: { 200: offerSchema, ...applicationErrors },
        },
      },
      async (request) => {
        const application = applicationFor(request.body.produkt, pricingPath);
        return prepareOffer({
          deps,
          application,
          channel: request.body.kanal,
          answers: request.body.antworten,
          context: await requestContext(request),
          ...(await embeddingAgent(request, request.body.einbettungspartner, application.slug)),
        });
      },
    );

    app.post(
      `/taa/${pricingPath}/antrag`,
      {
        ...common,
        schema: {
          tags: ['Application'],
          summary: `Verbindlicher Antrag (idempotent je Angebot und Idempotency-Key): ${pricingPath}`,
          headers: idempotencyHeaders,
          body: applicationBody,
          response: { 200: resultSchema, 201: resultSchema, ...applicationErrors },
        },
      },
      async (request, reply) => {
        const application = applicationFor(request.body.produkt, pricingPath);
        const { created, result } = await submitApplication({
          deps,
          application,
          channel: request.body.kanal,
          offerId: request.body.angebotId,
          answers: request.body.antworten,
          idempotencyKey: request.headers['idempotency-key'],
          context: await requestContext(request),
          ...(await embeddingAgent(request, request.body.einbettungspartner, application.slug)),
        });
        return reply.code(created ? 201 : 200).send(result);
      },
    );
  }

  app.get(
    '/taa/angebote/:angebotId/dokumente/:typ',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['Application'],
        summary: 'Ein Dokument der Vertragsinformationen eines Angebots (PDF), solange das Angebot gilt',
        params: z.object({
          angebotId: z.uuid({ error: T.documentUnknown }),
          typ: z.enum(['KUNDENINFORMATION', 'IPID', 'AVB', 'BERATUNGSDOKUMENTATION'], {
            error: T.documentUnknown,
          }),
        }),
        response: {
          200: z.any().describe('Das Dokument (application/pdf)'),
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const document = await openOfferDocument({
        deps,
        offerId: request.params.angebotId,
        typ: request.params.typ,
        now: new Date(),
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(document.fileName)}`)
        .send(document.content);
    },
  );

  app.get(
    '/taa/antraege/:antragId/dokumente/:dokument',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['Application'],
        summary: 'Versicherungsschein oder SEPA-Mandat eines abgeschlossenen Antrags (PDF), 14 Tage lang',
        params: z.object({
          antragId: z.uuid({ error: T.applicationDocumentUnknown }),
          dokument: z.enum(['versicherungsschein', 'sepa-mandat'], { error: T.applicationDocumentUnknown }),
        }),
        response: {
          200: z.any().describe('Das Dokument (application/pdf)'),
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const document = await openApplicationDocument({
        deps,
        applicationId: request.params.antragId,
        dokument: request.params.dokument,
        now: new Date(),
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(document.fileName)}`)
        .send(document.content);
    },
  );

  app.post(
    '/taa/entwuerfe',
    {
      ...common,
      schema: {
        tags: ['Application'],
        summary: 'Antrag speichern; der Link zum Fortsetzen kommt per E-Mail (30 Tage gültig)',
        body: offerBody.extend({
          schritt: z.string().regex(/^[a-z0-9-]{1,40}$/, { error: T.draftUnknown }),
          email: z.email({ error: 'Bitte geben Sie eine gültige E-Mail-Adresse an.' }).max(254),
        }),
        response: {
          201: z.object({ entwurfId: z.string(), gueltigBis: z.string() }),
          ...applicationErrors,
        },
      },
    },
    async (request, reply) => {
      const application = productApplication(request.body.produkt);
      if (!application)
        throw badRequest(`Unknown product ${request.body.produkt}`, { userMessage: T.unknownProduct });
      const draft = await createDraft({
        deps,
        application,
        channel: request.body.kanal,
        answers: request.body.antworten,
        step: request.body.schritt,
        email: request.body.email,
        context: await requestContext(request),
      });
      return reply.code(201).send(draft);
    },
  );

  app.get(
    '/taa/entwuerfe/:entwurfId',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['Application'],
        summary: 'Gespeicherten Antrag laden (savedDraftId)',
        params: z.object({ entwurfId: z.string() }),
        response: {
          200: z.object({
            produkt: z.string(),
            kanal: z.string(),
            antworten: flowAnswersSchema,
            schritt: z.string(),
            gueltigBis: z.string(),
          }),
          404: errorEnvelopeSchema,
          410: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request) => readDraft({ deps, draftId: request.params.entwurfId, now: new Date() }),
  );
};

// The advice channels (issue 15, ADR 0034, docs/api/advice.md):
// - the signed-in agent's advice (channel vermittler-beratung): the portfolio customer's answers
//   (?kunde=), offer and binding application concluded in the agent's name, the agent's drafts
//   (entwuerfe) and the agent's public link (vmr);
// - the public agent link (channel beratung): which agent a link names, offer and application for
//   that agent, and an applicant's draft handed over to an agent;
// - the spec's document calls: customer information for consulting and the chat protocol.
import { productApplication } from '@schirm/domain/application/applications';
import { agentMaySell } from '@schirm/domain/application/agent-sales';
import {
  brandAdvicePath,
  brandAdvicePaths,
  type BrandAdvicePath,
} from '@schirm/domain/application/brand-advice';
import { APPLICATION_SLUGS, type ProductApplication } from '@schirm/domain/application/product-application';
import { flowAnswersSchema } from '@schirm/domain/application/submission';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { agents } from '../../db/schema/agents';
import { actorOf, answerPrivately, protectScope } from '../../platform/auth/authenticate';
import { loadIdentityKeys } from '../../platform/auth/keys';
import { agentScope } from '../../platform/auth/ownership';
import { errorEnvelopeSchema, forbidden, notFound } from '../../platform/errors';
import {
  applicationDeps,
  applicationErrors,
  idempotencyHeaders,
  offerSchema,
  requestContext,
  resultSchema,
  APPLICATION_BODY_LIMIT_BYTES,
  APPLICATION_RATE_LIMIT,
} from '../applications/routes';
import { prepareOffer, submitApplication } from '../applications/service';
import { findActiveAgentById, resolveAgentReference, type AgentReference, type SellingAgent } from './agents';
import {
  AGENT_DRAFT_VALIDITY_DAYS,
  deleteAgentDraft,
  handOverDraft,
  listAgentDrafts,
  readAgentDraft,
  saveAgentDraft,
} from './drafts';
import { consultingCustomerInformation, customerPrefill, sendChatProtocol } from './service';
import { ADVICE_TEXTS as T } from './texts';
import { encryptAgentId, vmrKeys, VMR_FIRST_VERSION, type VmrKeys } from './vmr';

const TAGS = ['Advice'];
const slugSchema = z.enum(APPLICATION_SLUGS, { error: T.unknownProduct });
const uuidParam = z.string().max(64);

const agentReferenceSchema = z
  .object({
    vmr: z.string().max(200).optional(),
    vermittlernummer: z.string().max(20).optional(),
    blz: z.string().max(20).optional(),
  })
  .refine((value) => value.vmr ?? value.vermittlernummer ?? value.blz, { error: T.agentNotFound });

const agencySchema = z
  .object({
    vermittlerNummer: z.string(),
    name: z.string(),
    agentur: z.object({
      name: z.string(),
      strasse: z.string(),
      hausnummer: z.string(),
      plz: z.string(),
      ort: z.string(),
    }),
  })
  .meta({ id: 'BeratungVermittler' });

const draftSummarySchema = z.object({
  entwurfId: z.string(),
  produkt: z.string(),
  produktName: z.string(),
  kunde: z.string().nullable(),
  schritt: z.string(),
  herkunft: z.enum(['BERATUNG', 'UEBERGABE']),
  geaendertAm: z.string(),
  gueltigBis: z.string(),
  vermittlerNummer: z.string().nullable(),
});

function agentNotFound(): Error {
  return notFound('No active agent for this reference', {
    code: 'AGENT_NOT_FOUND',
    userMessage: T.agentNotFound,
  });
}

/** 403 when the agent may not sell the product (the page /antrag/sorry/agent). */
function assertMaySell(agent: SellingAgent, application: ProductApplication): void {
  if (!agentMaySell(agent.vertriebsweg, application.slug)) {
    throw forbidden(`Agent ${agent.vermittlerNummer} does not sell ${application.slug}`, {
      code: 'AGENT_PRODUCT_NOT_ALLOWED',
      userMessage: T.productNotAllowed,
    });
  }
}

/** A partner brand's query value (?brand=, the brand path's first segment); checked by brandPathOf. */
const brandSchema = z.string().max(20).optional();

/**
 * The brand path a public call names, checked against the product (ADR 0034): the contract brand
 * is derived here, never taken from the client. A brand without a path for the product (unknown,
 * the operator's own, or one the catalogue does not sell the product under) is 404.
 */
function brandPathOf(brand: string | undefined, slug: string): BrandAdvicePath | undefined {
  if (brand === undefined) return undefined;
  const path = brandAdvicePath(brand, slug);
  if (!path) {
    throw notFound(`No advice path for brand ${brand} and ${slug}`, {
      code: 'BRAND_PATH_UNKNOWN',
      userMessage: T.brandPathUnknown,
    });
  }
  return path;
}

function applicationOf(slug: string): ProductApplication {
  const application = productApplication(slug);
  if (!application) throw notFound(`Unknown product ${slug}`, { userMessage: T.unknownProduct });
  return application;
}

/** The link keys from the identity secret (platform/auth/keys.ts; rotation: ADR 0034). */
export function adviceLinkKeys(app: FastifyInstance): VmrKeys {
  return vmrKeys({ version: VMR_FIRST_VERSION, secret: loadIdentityKeys(app.config).hmacSecret });
}

async function publicAgent(app: FastifyInstance, keys: VmrKeys, reference: AgentReference) {
  const agent = await resolveAgentReference(app.database.db, keys, reference);
  if (!agent) throw agentNotFound();
  return agent;
}

function agencyAnswer(agent: SellingAgent) {
  return { vermittlerNummer: agent.vermittlerNummer, name: agent.name, agentur: agent.agentur };
}

export const adviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = applicationDeps(app);
  const keys = adviceLinkKeys(app);
  const db = app.database.db;
  const common = { bodyLimit: APPLICATION_BODY_LIMIT_BYTES, config: { rateLimit: APPLICATION_RATE_LIMIT } };

  // ---- the signed-in agent ------------------------------------------------------------------
  await app.register(async (scope) => {
    const agentApi = scope.withTypeProvider<ZodTypeProvider>();
    protectScope(agentApi, 'vermittler');
    answerPrivately(agentApi);
    const signedInAgent = async (actor: ReturnType<typeof actorOf>) => {
      const agent = actor.agentId ? await findActiveAgentById(db, actor.agentId) : undefined;
      if (!agent) throw forbidden('Agent inactive', { userMessage: T.agentOnly });
      return agent;
    };

    agentApi.get(
      '/vermittler/beratung/kunde/:partnerNummer',
      {
        schema: {
          tags: TAGS,
          summary: 'Antworten für eine Beratung eines Kunden aus dem eigenen Bestand (?kunde=)',
          params: z.object({ partnerNummer: z.string().max(20) }),
          querystring: z.object({ produkt: slugSchema }),
          response: {
            200: z.object({ partnerNummer: z.string(), kunde: z.string(), antworten: flowAnswersSchema }),
            ...applicationErrors,
          },
        },
      },
      async (request) => {
        const { partnerId: _partnerId, ...prefill } = await customerPrefill({
          db,
          actor: actorOf(request),
          partnerNummer: request.params.partnerNummer,
          slug: request.query.produkt,
          context: await requestContext(request),
        });
        return prefill;
      },
    );

    agentApi.post(
      '/vermittler/beratung/vorbereiten',
      {
        ...common,
        schema: {
          tags: TAGS,
          summary: 'Angebot der Beratung: Vertragsinformationen und Beratungsdokumentation (§§ 61, 62 VVG)',
          body: z.object({ produkt: slugSchema, antworten: flowAnswersSchema }),
          response: { 200: offerSchema, ...applicationErrors },
        },
      },
      async (request) => {
        const agent = await signedInAgent(actorOf(request));
        const application = applicationOf(request.body.produkt);
        assertMaySell(agent, application);
        return prepareOffer({
          deps,
          application,
          channel: 'vermittler-beratung',
          answers: request.body.antworten,
          context: await requestContext(request),
          agent,
        });
      },
    );

    agentApi.post(
      '/vermittler/beratung/antrag',
      {
        ...common,
        schema: {
          tags: TAGS,
          summary: 'Verbindlicher Antrag der Beratung, abgeschlossen im Namen des Vermittlers',
          headers: idempotencyHeaders,
          body: z.object({
            produkt: slugSchema,
            angebotId: z.uuid({ error: 'Dieses Angebot finden wir nicht.' }),
            antworten: flowAnswersSchema,
            entwurfId: z.string().max(64).optional(),
          }),
          response: { 200: resultSchema, 201: resultSchema, ...applicationErrors },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const agent = await signedInAgent(actor);
        const application = applicationOf(request.body.produkt);
        assertMaySell(agent, application);
        const { created, result } = await submitApplication({
          deps,
          application,
          channel: 'vermittler-beratung',
          offerId: request.body.angebotId,
          answers: request.body.antworten,
          idempotencyKey: request.headers['idempotency-key'],
          context: await requestContext(request),
          agent,
        });
        // The advice is concluded: its draft is no longer needed.
        if (request.body.entwurfId !== undefined) {
          await deleteAgentDraft({ db, actor, draftId: request.body.entwurfId }).catch(() => undefined);
        }
        return reply.code(created ? 201 : 200).send(result);
      },
    );

    agentApi.get(
      '/vermittler/beratung/link',
      {
        schema: {
          tags: TAGS,
          summary: 'Der öffentliche Beratungslink des angemeldeten Vermittlers (vmr, verschlüsselt)',
          response: {
            200: z.object({
              vmr: z.string(),
              vermittlerNummer: z.string(),
              links: z.array(
                z.object({
                  produkt: z.string(),
                  produktName: z.string(),
                  url: z.string(),
                  /** A partner brand's path (ADR 0034): /<brand>/<produkt>/beratung/. */
                  brand: z.string().optional(),
                }),
              ),
            }),
            ...applicationErrors,
          },
        },
      },
      async (request) => {
        const agent = await signedInAgent(actorOf(request));
        const vmr = encryptAgentId(keys, agent.id);
        const links = APPLICATION_SLUGS.filter((slug) => slug !== 'kfz')
          .map((slug) => productApplication(slug)!)
          .filter((application) => agentMaySell(agent.vertriebsweg, application.slug))
          .map((application) => ({
            produkt: application.slug,
            produktName: application.name,
            url: `${app.config.publicUrl}/${application.slug}/beratung/?vmr=${encodeURIComponent(vmr)}`,
          }));
        const brandLinks = brandAdvicePaths()
          .filter((path) => agentMaySell(agent.vertriebsweg, path.slug))
          .map((path) => ({
            produkt: path.slug,
            produktName: productApplication(path.slug)!.name,
            url: `${app.config.publicUrl}/${path.brand}/${path.slug}/beratung/?vmr=${encodeURIComponent(vmr)}`,
            brand: path.brand,
          }));
        return { vmr, vermittlerNummer: agent.vermittlerNummer, links: [...links, ...brandLinks] };
      },
    );

    agentApi.get(
      '/vermittler/entwuerfe',
      {
        schema: {
          tags: TAGS,
          summary: `Gespeicherte Beratungen des Vermittlers und seiner Untervermittler (${AGENT_DRAFT_VALIDITY_DAYS} Tage gültig)`,
          response: { 200: z.object({ entwuerfe: z.array(draftSummarySchema) }), ...applicationErrors },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const scope = agentScope(actor);
        const numbers =
          scope.length === 0
            ? []
            : await db
                .select({ id: agents.id, nummer: agents.vermittlerNummer })
                .from(agents)
                .where(inArray(agents.id, scope));
        return {
          entwuerfe: await listAgentDrafts({
            db,
            actor,
            now: new Date(),
            vermittlerNummern: new Map(numbers.map((row) => [row.id, row.nummer])),
          }),
        };
      },
    );

    agentApi.post(
      '/vermittler/entwuerfe',
      {
        ...common,
        schema: {
          tags: TAGS,
          summary: 'Beratung als Entwurf speichern (neu, oder mit entwurfId den bestehenden)',
          body: z.object({
            produkt: slugSchema,
            antworten: flowAnswersSchema,
            schritt: z.string().regex(/^[a-z0-9-]{1,40}$/, { error: T.draftUnknown }),
            entwurfId: z.string().max(64).optional(),
            partnerNummer: z.string().max(20).optional(),
          }),
          response: {
            200: z.object({ entwurfId: z.string(), gueltigBis: z.string() }),
            ...applicationErrors,
          },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const context = await requestContext(request);
        // A customer named for the draft must be one the agent reaches (the same check as ?kunde=).
        const partnerId =
          request.body.partnerNummer === undefined
            ? undefined
            : (
                await customerPrefill({
                  db,
                  actor,
                  partnerNummer: request.body.partnerNummer,
                  slug: request.body.produkt,
                  context,
                })
              ).partnerId;
        return saveAgentDraft({
          db,
          actor,
          draftId: request.body.entwurfId,
          slug: request.body.produkt,
          answers: request.body.antworten,
          step: request.body.schritt,
          partnerId,
          context,
        });
      },
    );

    agentApi.get(
      '/vermittler/entwuerfe/:entwurfId',
      {
        schema: {
          tags: TAGS,
          summary: 'Einen Entwurf zum Fortsetzen laden',
          params: z.object({ entwurfId: uuidParam }),
          response: {
            200: z.object({
              entwurfId: z.string(),
              produkt: z.string(),
              antworten: flowAnswersSchema,
              schritt: z.string(),
              kunde: z.string().nullable(),
              herkunft: z.enum(['BERATUNG', 'UEBERGABE']),
              gueltigBis: z.string(),
            }),
            ...applicationErrors,
          },
        },
      },
      async (request) =>
        readAgentDraft({ db, actor: actorOf(request), draftId: request.params.entwurfId, now: new Date() }),
    );

    agentApi.delete(
      '/vermittler/entwuerfe/:entwurfId',
      {
        schema: {
          tags: TAGS,
          summary: 'Einen Entwurf löschen',
          params: z.object({ entwurfId: uuidParam }),
          response: { 204: z.null(), ...applicationErrors },
        },
      },
      async (request, reply) => {
        await deleteAgentDraft({ db, actor: actorOf(request), draftId: request.params.entwurfId });
        return reply.code(204).send(null);
      },
    );
  });

  // ---- the public agent link ----------------------------------------------------------------
  app.get(
    '/beratung/vermittler',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: TAGS,
        summary:
          'Der Vermittler eines Beratungslinks (vmr, vermittlernummer oder blz) und ob er das Produkt anbietet',
        querystring: z.object({
          produkt: slugSchema,
          vmr: z.string().max(200).optional(),
          vermittlernummer: z.string().max(20).optional(),
          blz: z.string().max(20).optional(),
          brand: brandSchema,
        }),
        response: { 200: agencySchema, 403: errorEnvelopeSchema, ...applicationErrors },
      },
    },
    async (request) => {
      const { produkt, brand, ...reference } = request.query;
      brandPathOf(brand, produkt);
      const agent = await publicAgent(app, keys, reference);
      assertMaySell(agent, applicationOf(produkt));
      return agencyAnswer(agent);
    },
  );

  const publicBody = z.object({
    produkt: slugSchema,
    antworten: flowAnswersSchema,
    vermittler: agentReferenceSchema,
    /** The referrer of the link (?ref=), kept with nothing else: campaign attribution only. */
    ref: z.string().max(100).optional(),
    /** The brand path's brand (`/<brand>/<produkt>/beratung/`); decides the contract brand. */
    brand: brandSchema,
  });

  app.post(
    '/beratung/vorbereiten',
    {
      ...common,
      schema: {
        tags: TAGS,
        summary: 'Angebot über den Beratungslink eines Vermittlers (mit Beratungsverzicht)',
        body: publicBody,
        response: { 200: offerSchema, 403: errorEnvelopeSchema, ...applicationErrors },
      },
    },
    async (request) => {
      const brandPath = brandPathOf(request.body.brand, request.body.produkt);
      const agent = await publicAgent(app, keys, request.body.vermittler);
      const application = applicationOf(request.body.produkt);
      assertMaySell(agent, application);
      return prepareOffer({
        deps,
        application,
        channel: 'beratung',
        answers: request.body.antworten,
        context: await requestContext(request),
        agent,
        ...(brandPath === undefined ? {} : { brandPath }),
      });
    },
  );

  app.post(
    '/beratung/antrag',
    {
      ...common,
      schema: {
        tags: TAGS,
        summary: 'Verbindlicher Antrag über den Beratungslink, abgeschlossen für diesen Vermittler',
        headers: idempotencyHeaders,
        body: publicBody.extend({ angebotId: z.uuid({ error: 'Dieses Angebot finden wir nicht.' }) }),
        response: { 200: resultSchema, 201: resultSchema, 403: errorEnvelopeSchema, ...applicationErrors },
      },
    },
    async (request, reply) => {
      const brandPath = brandPathOf(request.body.brand, request.body.produkt);
      const agent = await publicAgent(app, keys, request.body.vermittler);
      const application = applicationOf(request.body.produkt);
      assertMaySell(agent, application);
      const { created, result } = await submitApplication({
        deps,
        application,
        channel: 'beratung',
        offerId: request.body.angebotId,
        answers: request.body.antworten,
        idempotencyKey: request.headers['idempotency-key'],
        context: await requestContext(request),
        agent,
        ...(brandPath === undefined ? {} : { brandPath }),
      });
      return reply.code(created ? 201 : 200).send(result);
    },
  );

  app.post(
    '/taa/entwuerfe/:entwurfId/vermittler',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: TAGS,
        summary:
          'Einen gespeicherten Antrag einem Vermittler übergeben (Vermittlernummer oder Beratungslink)',
        params: z.object({ entwurfId: uuidParam }),
        body: agentReferenceSchema,
        response: {
          200: z.object({ vermittler: z.string(), agentur: z.string(), hinweis: z.string() }),
          ...applicationErrors,
        },
      },
    },
    async (request) => {
      const agent = await publicAgent(app, keys, request.body);
      const handed = await handOverDraft({
        db,
        transports: deps.transports,
        publicUrl: deps.publicUrl,
        draftId: request.params.entwurfId,
        agent,
        now: new Date(),
      });
      return { ...handed, hinweis: T.draftHandedOver };
    },
  );

  // ---- documents of the spec's consulting calls (public, spec §6) ------------------------------
  app.post(
    '/dokument/beratung/kundeninformationen',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: TAGS,
        summary: 'Kundeninformation eines Produkts zur Übergabe in der Beratung (PDF)',
        body: z.object({ produkt: slugSchema, variante: z.string().max(80).optional() }),
        response: { 200: z.any().describe('Die Kundeninformation (application/pdf)'), ...applicationErrors },
      },
    },
    async (request, reply) => {
      const document = await consultingCustomerInformation({
        slug: request.body.produkt,
        variante: request.body.variante,
        context: await requestContext(request),
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(document.fileName)}`)
        .send(document.content);
    },
  );

  app.post(
    '/dokument/chat/:contactId/:email',
    {
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags: TAGS,
        summary: 'Gesprächsprotokoll einer Beratung als PDF an die E-Mail-Adresse des Kunden senden',
        params: z.object({ contactId: uuidParam, email: z.email({ error: T.chatContactUnknown }).max(254) }),
        body: z.object({
          nachrichten: z
            .array(
              z.object({
                von: z.enum(['VERMITTLER', 'KUNDE']),
                text: z.string().trim().min(1).max(2000),
                zeit: z.iso.datetime({ offset: true }),
              }),
            )
            .min(1)
            .max(200),
        }),
        response: { 202: z.object({ versandtAn: z.string() }), ...applicationErrors },
      },
    },
    async (request, reply) => {
      const context = await requestContext(request);
      const sent = await sendChatProtocol({
        db,
        files: app.files,
        transports: deps.transports,
        contactId: request.params.contactId,
        email: request.params.email,
        messages: request.body.nachrichten,
        today: context.today,
      });
      return reply.code(202).send(sent);
    },
  );
};

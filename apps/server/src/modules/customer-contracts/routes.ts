// Customer contract calls (spec §7 'Contracts (customer)', base /api/vertrag/vertrag): the partner's
// contracts, one contract, the reason lists, and the contract type lookup, which is the one call
// without sign-in and therefore answers with the product type only.
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contractCustomerViewSchema } from '@schirm/domain/contract/customer-view';
import { PENDING_CHANGE_TYPES } from '@schirm/domain/contract/pending-changes';
import { todayInGermany } from '@schirm/domain/dates/calendar-date';
import { SELF_SERVICE_SLUGS } from '@schirm/domain/flags';
import { cancellationReasonsFor } from '@schirm/domain/products/catalogue';
import { CONTRACT_TYPE_CODES, PRODUCT_KEYS, PRODUCT_TYPE_NAMES } from '@schirm/domain/products/enums';
import { REVOCATION_REASONS } from '@schirm/domain/products/revocation-reasons';
import { actorOf, answerPrivately, protectScope } from '../../platform/auth/authenticate';
import { getFlags } from '../../platform/flags/service';
import { budget } from '../../platform/rate-limit';
import { compileSerializer, fastSerializerCompiler } from '../../platform/serializer';
import { HOLDER_CHANGE_PENDING_TYPE } from '../contract-transfer/pending-holder-change';
import { errors } from '../identity/schemas';
import { paymentInfoFor, paymentInfoSchema } from './payment-info';
import { contractTypeOf, customerContractDetails, listCustomerContractsJson } from './service';
import { createContractViewCache } from './view-cache';

const TAGS = ['Vertrag'];
const BASE = '/vertrag/vertrag';

const vertragsNummerParams = z.object({
  id: z
    .string()
    .regex(/^\d{9,10}$/, { error: 'Die Vertragsnummer hat 9 oder 10 Ziffern.' })
    .describe('Versicherungsnummer'),
});

const reasonSchema = z.object({ key: z.string(), label: z.string() }).meta({ id: 'Grund' });

/**
 * GET /api/vertrag/vertrag/:id: the customer view plus self-services, all pending changes and,
 * while a premium is overdue, the account to transfer it to (payment-info.ts).
 */
export const contractDetailsSchema = contractCustomerViewSchema
  .extend({
    selbstServices: z.array(z.enum(SELF_SERVICE_SLUGS)),
    vorgemerkteAenderungen: z.array(
      z.strictObject({
        typ: z
          .enum([...PENDING_CHANGE_TYPES, HOLDER_CHANGE_PENDING_TYPE])
          .describe("Art der Änderung; 'inhaberwechsel': bestätigter Wechsel des Versicherungsnehmers"),
        bezeichnung: z.string().describe("Name und neuer Wert, z. B. 'Elementarschutz: eingeschlossen'"),
        wirksamkeitsdatum: z.iso.date(),
        neuerBeitrag: z.number().nonnegative().optional(),
        zahlweise: z
          .enum(['MONATLICH', 'VIERTELJAEHRLICH', 'HALBJAEHRLICH', 'JAEHRLICH', 'EINMALIG'])
          .optional()
          .describe('Zahlweise des neuen Beitrags'),
      }),
    ),
    geplanterStand: contractCustomerViewSchema
      .optional()
      .describe(
        'Nur solange Änderungen vorgemerkt sind: der Vertrag, wenn alle gelten; die Änderungsformulare beginnen hier',
      ),
    zahlungsinformationen: paymentInfoSchema.optional(),
    vertragsende: z.iso
      .date()
      .optional()
      .describe(
        'Tag, an dem der Vertrag endet oder endete (Kündigung, Aufhebung, festes Ablaufdatum); fehlt, solange er sich verlängert',
      ),
  })
  .meta({ id: 'VertragDetails' });

/**
 * The contract type lookup needs no sign-in, so it could enumerate contract numbers: limited hard
 * per address (per minute and per hour) and for all callers together (ADR 0013).
 */
export const CONTRACT_TYPE_LIMITS = {
  perAddress: { max: 10, timeWindow: '1 minute' },
  perAddressHourly: { max: 60, timeWindow: '1 hour' },
  global: { max: 600, timeWindow: '1 hour' },
} as const;

const contractListSchema = z.array(contractCustomerViewSchema);
const serializeContractList = compileSerializer(contractListSchema);
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export const customerContractRoutes: FastifyPluginAsyncZod = async (app) => {
  // Per server: views cached by the partner's contract-view revision (ADR 0010).
  const cache = createContractViewCache();
  app.get(
    `${BASE}/:id/vertragsart`,
    {
      config: { rateLimit: CONTRACT_TYPE_LIMITS.perAddress },
      preHandler: [
        budget(app, {
          name: 'vertragsart-address-hourly',
          ...CONTRACT_TYPE_LIMITS.perAddressHourly,
          key: (request) => normalizeIP(request.ip),
        }),
        budget(app, { name: 'vertragsart-all', ...CONTRACT_TYPE_LIMITS.global, key: () => 'all' }),
      ],
      schema: {
        tags: TAGS,
        summary: 'Vertragsart eines Vertrags (ohne Anmeldung; nur der Produkttyp)',
        params: vertragsNummerParams,
        response: {
          200: z.object({
            vertragsArt: z.enum(CONTRACT_TYPE_CODES),
            versicherungsTyp: z.enum(PRODUCT_TYPE_NAMES),
          }),
          ...errors(400, 404, 429),
        },
      },
    },
    async (request) => contractTypeOf(app.database.db, request.params.id),
  );

  await app.register(async (scope) => {
    const customer = scope.withTypeProvider<ZodTypeProvider>();
    protectScope(customer, 'benutzer');
    answerPrivately(customer);

    customer.get(
      `${BASE}/findByPartnerNummer/:id`,
      {
        // Answers come from the typed customer-view mapper: compiled serializer, no zod re-check.
        serializerCompiler: fastSerializerCompiler,
        schema: {
          tags: TAGS,
          summary: 'Verträge des Partners (laufende zuerst, dann nach Beginn, neueste zuerst)',
          params: z.object({
            id: z.string().regex(/^\d{1,20}$/, { error: 'Die Partnernummer besteht aus Ziffern.' }),
          }),
          response: { 200: contractListSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const json = await listCustomerContractsJson(
          { db: app.database.db, actor: actorOf(request), today: todayInGermany(), cache },
          request.params.id,
          serializeContractList,
        );
        // Already JSON of the response schema (written by its compiled serializer): sent as it is.
        return reply.type(JSON_CONTENT_TYPE).send(json as never);
      },
    );

    customer.get(
      `${BASE}/kuendigungsgruende/:productKey`,
      {
        schema: {
          tags: TAGS,
          summary: 'Kündigungsgründe eines Produkts',
          params: z.object({ productKey: z.enum(PRODUCT_KEYS, { error: 'Dieses Produkt gibt es nicht.' }) }),
          response: { 200: z.array(reasonSchema), ...errors(400, 401, 403) },
        },
      },
      async (request) => cancellationReasonsFor(request.params.productKey).map((r) => ({ ...r })),
    );

    customer.get(
      `${BASE}/widerrufsgruende`,
      {
        schema: {
          tags: TAGS,
          summary: 'Widerrufsgründe (für alle Produkte gleich)',
          response: { 200: z.array(reasonSchema), ...errors(401, 403) },
        },
      },
      async () => REVOCATION_REASONS.map((r) => ({ ...r })),
    );

    customer.get(
      `${BASE}/:id`,
      {
        serializerCompiler: fastSerializerCompiler,
        schema: {
          tags: TAGS,
          summary: 'Ein Vertrag mit Dokumenten, vorgemerkten Änderungen und möglichen Selbstbedienungen',
          params: vertragsNummerParams,
          response: { 200: contractDetailsSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const details = await customerContractDetails(
          {
            db: app.database.db,
            actor: actorOf(request),
            today: todayInGermany(),
            flags: await getFlags(request),
            cache,
          },
          request.params.id,
        );
        return { ...details, ...paymentInfoFor(details, app.config.beitragskonto) };
      },
    );
  });
};

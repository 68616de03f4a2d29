// Ending a contract and confirming it (spec §7, base /api/vertrag/vertrag): cancellation with a
// reason, an optional end date and feedback; revocation with a reason and feedback; the dates a
// cancellation may name today; and the contract confirmation as PDF. Only the signed-in customer
// of the contract; the answers carry the receipt (date and time of receipt, end, the PDF's URL).
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOKUMENT_TYPEN, KUENDBAR, VERTRAGSSTATUS } from '@schirm/domain/products/enums';
import { actorOf, answerPrivately, protectScope } from '../../platform/auth/authenticate';
import { forbidden } from '../../platform/errors';
import { getFlags } from '../../platform/flags/service';
import { errors } from '../identity/schemas';
import { createTransports } from '../outbox/transports';
import {
  cancelCustomerContract,
  cancellationOptions,
  requestContractConfirmation,
  revokeCustomerContract,
} from './service';
import { TERMINATION_ERRORS } from './texts';

const TAGS = ['Vertrag'];
const BASE = '/vertrag/vertrag';

const versicherungsNummer = z
  .string()
  .regex(/^\d{9,10}$/, { error: 'Die Vertragsnummer hat 9 oder 10 Ziffern.' })
  .describe('Versicherungsnummer');

const reason = z.string().regex(/^[A-Z0-9_]{1,64}$/, { error: TERMINATION_ERRORS.unknownCancellationReason });

const freitext = z
  .string()
  .trim()
  .max(2000, { error: TERMINATION_ERRORS.freitextTooLong })
  .optional()
  .describe('Rückmeldung in eigenen Worten (optional)');

export const dokumentSchema = z
  .object({ id: z.string(), name: z.string(), typ: z.enum(DOKUMENT_TYPEN), url: z.string() })
  .meta({ id: 'DokumentVerweis' });

export const terminationReceiptSchema = z
  .object({
    versicherungsNummer: z.string(),
    vertragsstatus: z.enum(VERTRAGSSTATUS),
    beendigungsdatum: z.iso.date().describe('Vertragsende ("zum"): Versicherungsschutz bis zum Vortag'),
    eingegangenAm: z.iso.datetime().describe('Zeitpunkt des Eingangs der Erklärung'),
    dokument: dokumentSchema.describe('Eingangsbestätigung als PDF'),
  })
  .meta({ id: 'Eingangsbestaetigung' });

export const cancellationOptionsSchema = z
  .object({
    versicherungsNummer: z.string(),
    kuendbar: z.enum(KUENDBAR),
    fruehestesDatum: z.iso.date().optional(),
    termine: z.array(z.iso.date()).describe('Wählbare Kündigungstermine (TAEGLICH: der früheste)'),
    vorgeschlagenesDatum: z.iso
      .date()
      .optional()
      .describe(
        'Vorbelegter Termin: das früheste ordentliche Ende eines Versicherungsjahres mit Kündigungsfrist, auch bei täglich kündbaren Verträgen',
      ),
    spaetestesDatum: z.iso.date().optional(),
    kuendigungHinweis: z.string().optional(),
    widerrufbar: z.boolean(),
    widerrufBis: z.iso.date().optional(),
    widerrufHinweis: z.string().optional(),
  })
  .meta({ id: 'Kuendigungstermine' });

/** Confirmations are PDFs written on request: a generous limit per account keeps the disk safe. */
const CONFIRMATION_LIMIT = { max: 30, timeWindow: '1 hour' } as const;

export const contractTerminationRoutes: FastifyPluginAsyncZod = async (app) => {
  const transports = createTransports(app.config);

  await app.register(async (scope) => {
    const customer = scope.withTypeProvider<ZodTypeProvider>();
    protectScope(customer, 'benutzer');
    answerPrivately(customer);

    customer.get(
      `${BASE}/:id/kuendigungstermine`,
      {
        schema: {
          tags: TAGS,
          summary: 'Kündigungstermine und Widerrufsmöglichkeit eines Vertrags am heutigen Tag',
          params: z.object({ id: versicherungsNummer }),
          response: { 200: cancellationOptionsSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) =>
        cancellationOptions(
          { db: app.database.db, actor: actorOf(request), now: new Date() },
          request.params.id,
        ),
    );

    customer.delete(
      `${BASE}/:id/kuendigung/:reason`,
      {
        schema: {
          tags: TAGS,
          summary: 'Vertrag kündigen (zum frühestmöglichen oder gewählten Termin)',
          description:
            'Ohne kuendigungsdatum wirkt die Kündigung zum frühestmöglichen Termin. Antwortet mit der ' +
            'Eingangsbestätigung (PDF auch im Postfach und per E-Mail). Nur bei eingeschaltetem Flag ' +
            'self-service-cancellation.',
          params: z.object({ id: versicherungsNummer, reason }),
          querystring: z.object({
            kuendigungsdatum: z.iso
              .date({ error: TERMINATION_ERRORS.invalidDate })
              .optional()
              .describe('Gewünschtes Vertragsende (JJJJ-MM-TT)'),
            freitext,
          }),
          response: { 200: terminationReceiptSchema, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const flags = await getFlags(request);
        if (!flags['self-service-cancellation']) {
          throw forbidden('Self-service cancellation is switched off', {
            code: 'FEATURE_DISABLED',
            userMessage: TERMINATION_ERRORS.cancellationDisabled,
          });
        }
        const { kuendigungsdatum, freitext: text } = request.query;
        return cancelCustomerContract(
          { db: app.database.db, files: app.files, transports, actor: actorOf(request), now: new Date() },
          {
            versicherungsNummer: request.params.id,
            grund: request.params.reason,
            ...(kuendigungsdatum ? { kuendigungsdatum } : {}),
            ...(text ? { freitext: text } : {}),
          },
        );
      },
    );

    customer.delete(
      `${BASE}/:id/widerruf/:reason`,
      {
        schema: {
          tags: TAGS,
          summary: 'Vertrag widerrufen (Widerrufsbutton, solange die Widerrufsfrist läuft)',
          description:
            'Antwortet sofort mit der Eingangsbestätigung mit Datum und Uhrzeit (PDF auch im Postfach und per E-Mail).',
          params: z.object({ id: versicherungsNummer, reason }),
          querystring: z.object({ freitext }),
          response: { 200: terminationReceiptSchema, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        revokeCustomerContract(
          { db: app.database.db, files: app.files, transports, actor: actorOf(request), now: new Date() },
          {
            versicherungsNummer: request.params.id,
            grund: request.params.reason,
            ...(request.query.freitext ? { freitext: request.query.freitext } : {}),
          },
        ),
    );

    customer.post(
      `${BASE}/confirmation/:partner/:contract`,
      {
        config: {
          rateLimit: {
            ...CONFIRMATION_LIMIT,
            keyGenerator: (request) => request.actor?.userId ?? request.ip,
          },
        },
        schema: {
          tags: TAGS,
          summary: 'Vertragsbestätigung anfordern (PDF mit dem heutigen Stand, auch im Postfach)',
          params: z.object({
            partner: z.string().regex(/^\d{1,20}$/, { error: 'Die Partnernummer besteht aus Ziffern.' }),
            contract: versicherungsNummer,
          }),
          response: { 200: z.object({ dokument: dokumentSchema }), ...errors(400, 401, 403, 404, 429) },
        },
      },
      async (request) =>
        requestContractConfirmation(
          { db: app.database.db, files: app.files, actor: actorOf(request), now: new Date() },
          { partnerNummer: request.params.partner, versicherungsNummer: request.params.contract },
        ),
    );
  });
};

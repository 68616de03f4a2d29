// The customer's data export (issue 6, item 5; DSGVO Art. 15 and 20), in the spec's user family
// /api/benutzer/benutzer/…: a JSON file to download. docs/api/data-export.md describes the format.
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { todayInGermany } from '@schirm/domain/dates/calendar-date';
import { actorOf, protectScope, refuseEmbeddedSession } from '../../platform/auth/authenticate';
import { requestMeta } from '../identity/context';
import { errors } from '../identity/schemas';
import { datenauskunftSchema } from './export-format';
import { exportCustomerData } from './service';

export const DATA_EXPORT_PATH = '/benutzer/benutzer/datenauskunft';

/**
 * Per account, not per IP: the export reads everything the customer has, so a stolen token must
 * not be able to pull it in a loop, while people in one office network do not share a budget.
 */
export const DATA_EXPORT_RATE_LIMIT = {
  max: 10,
  timeWindow: '1 hour',
  keyGenerator: (request: FastifyRequest) => `datenauskunft:${request.actor?.userId ?? request.ip}`,
};

/** The file name the browser saves, with the day of the export (Germany). */
export function exportFileName(now: Date): string {
  return `schirm-datenauskunft-${todayInGermany(now)}.json`;
}

export const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(async (scope) => {
    const customer = scope.withTypeProvider<ZodTypeProvider>();
    protectScope(customer, 'benutzer');

    customer.get(
      DATA_EXPORT_PATH,
      {
        // Not from an embedding partner's iframe session (issue 16).
        onRequest: refuseEmbeddedSession,
        config: { rateLimit: DATA_EXPORT_RATE_LIMIT },
        schema: {
          tags: ['Benutzer'],
          summary: 'Datenauskunft (Art. 15 und 20 DSGVO): alle gespeicherten Daten des Kunden als JSON-Datei',
          response: { 200: datenauskunftSchema, ...errors(401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const meta = requestMeta(request);
        const data = await exportCustomerData({ db: app.database.db, actor: actorOf(request), meta });
        // Checked here because the file is written by the indented serializer below, not the schema's.
        const checked = datenauskunftSchema.safeParse(data);
        if (!checked.success) throw new Error(`Data export breaks its format: ${checked.error.message}`);
        return reply
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="${exportFileName(meta.now)}"`)
          .type('application/json; charset=utf-8')
          .serializer((payload) => `${JSON.stringify(payload, null, 2)}\n`)
          .send(checked.data);
      },
    );
  });
};

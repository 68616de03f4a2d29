// The customer's download area (spec §7 'Downloads'): the documents of all own contracts, and one
// document as PDF. A plain link carries no bearer token, so the web app fetches the file with its
// token and saves it; the answer is never cached by the browser or a proxy.
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOKUMENT_TYPEN } from '@schirm/domain/products/enums';
import { actorOf, answerPrivately, protectScope } from '../../platform/auth/authenticate';
import { contentDisposition } from '../../platform/files/content-disposition';
import { errors } from '../identity/schemas';
import { documentFileName, listCustomerDocuments, openCustomerDocument } from './service';

const TAGS = ['Dokumente'];
const BASE = '/dokument/download-bereich/dokumente';

export const documentListItemSchema = z
  .object({
    id: z.string(),
    name: z.string().describe('z. B. Versicherungsschein, Kündigungsbestätigung'),
    typ: z.enum(DOKUMENT_TYPEN),
    url: z.string().describe('Download mit Anmeldung (Bearer-Token)'),
    versicherungsNummer: z.string(),
    erstelltAm: z.iso.datetime(),
    geoeffnetAm: z.iso
      .datetime()
      .nullable()
      .describe('Erster Download durch den Kunden; null: noch nicht geöffnet'),
  })
  .meta({ id: 'Dokument' });

export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(async (scope) => {
    const customer = scope.withTypeProvider<ZodTypeProvider>();
    protectScope(customer, 'benutzer');
    answerPrivately(customer);

    customer.get(
      BASE,
      {
        schema: {
          tags: TAGS,
          summary: 'Dokumente aller eigenen Verträge, neueste zuerst',
          response: { 200: z.array(documentListItemSchema), ...errors(401, 403) },
        },
      },
      async (request) => listCustomerDocuments({ db: app.database.db, actor: actorOf(request) }),
    );

    customer.get(
      `${BASE}/:id`,
      {
        schema: {
          tags: TAGS,
          summary:
            'Ein Dokument als PDF (Content-Disposition mit deutschem Dateinamen); vermerkt den ersten Download',
          params: z.object({ id: z.uuid({ error: 'Dieses Dokument gibt es nicht.' }) }),
          response: {
            200: z.any().describe('Das Dokument (application/pdf)'),
            ...errors(400, 401, 403, 404),
          },
        },
      },
      async (request, reply) => {
        const { document, file } = await openCustomerDocument({
          db: app.database.db,
          files: app.files,
          actor: actorOf(request),
          id: request.params.id,
        });
        return reply
          .header('content-type', 'application/pdf')
          .header('content-length', file.size)
          .header('content-disposition', contentDisposition(documentFileName(document)))
          .send(file.stream);
      },
    );
  });
};

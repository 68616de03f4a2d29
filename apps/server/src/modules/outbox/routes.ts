// The development outbox (issue 5): on localhost the messages the platform would send are listed,
// so a person trying the demo and the E2E tests can read TANs and links. Every other environment
// answers 404, as if the route did not exist. An e-mail's attachment (e.g. a receipt PDF) is listed
// with a link to read it there. The plugin also defines the outbox delivery job (delivery-job.ts,
// ADR 0011) when a delivering transport (SMTP, SMS provider) is configured.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OUTBOX_CHANNELS } from '../../db/schema/outbox';
import { errorEnvelopeSchema, notFound } from '../../platform/errors';
import { contentDisposition } from '../../platform/files/content-disposition';
import { registerOutboxDelivery } from './delivery-job';
import { findAttachment, listMessages } from './outbox';
import { createTransports } from './transports';

const messageSchema = z
  .object({
    id: z.string(),
    channel: z.enum(OUTBOX_CHANNELS),
    to: z.string().describe('E-Mail-Adresse oder Mobilnummer (E.164)'),
    subject: z.string().nullable().describe('Betreff; bei SMS null'),
    body: z
      .string()
      .describe('Text der Nachricht; leer, sobald ein zustellender Transport sie übernommen hat'),
    anhang: z
      .object({ name: z.string(), url: z.string() })
      .nullable()
      .describe('Angehängte Datei einer E-Mail (z. B. eine Bestätigung als PDF)'),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'PostausgangNachricht' });

export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const transports = createTransports(app.config);
  if (transports.email.kind === 'delivering' || transports.sms.kind === 'delivering') {
    registerOutboxDelivery(app, transports);
  }

  app.get(
    '/entwicklung/postausgang',
    {
      schema: {
        summary: 'Entwicklungs-Postausgang (nur localhost)',
        description:
          'Gesendete E-Mails und SMS, neueste zuerst; nur in der Umgebung localhost, sonst 404. ' +
          'SMS-TANs stehen im Text der Nachricht.',
        tags: ['Entwicklung'],
        querystring: z.object({
          to: z.string().max(254).optional().describe('Nur Nachrichten an diese Adresse oder Nummer'),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: { 200: z.object({ messages: z.array(messageSchema) }), 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      if (request.environment !== 'localhost') {
        throw notFound(`Development outbox requested in environment ${request.environment}`);
      }
      const messages = await listMessages({
        db: app.database.db,
        limit: request.query.limit,
        ...(request.query.to ? { to: request.query.to } : {}),
      });
      return {
        messages: messages.map(({ attachmentName, ...message }) => ({
          ...message,
          anhang:
            attachmentName === null
              ? null
              : { name: attachmentName, url: `/api/entwicklung/postausgang/${message.id}/anhang` },
          createdAt: message.createdAt.toISOString(),
        })),
      };
    },
  );

  app.get(
    '/entwicklung/postausgang/:id/anhang',
    {
      schema: {
        summary: 'Anhang einer Nachricht im Entwicklungs-Postausgang (nur localhost)',
        tags: ['Entwicklung'],
        params: z.object({ id: z.uuid({ error: 'Diese Nachricht gibt es nicht.' }) }),
        response: {
          200: z.any().describe('Die angehängte Datei (application/pdf)'),
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      if (request.environment !== 'localhost') {
        throw notFound(`Development outbox attachment requested in environment ${request.environment}`);
      }
      const attachment = await findAttachment({ db: app.database.db, messageId: request.params.id });
      const file = attachment ? await app.files.open(attachment.storageKey) : undefined;
      if (!attachment || !file) throw notFound(`No attachment for outbox message ${request.params.id}`);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', file.size)
        .header('content-disposition', contentDisposition(attachment.name))
        .send(file.stream);
    },
  );
};

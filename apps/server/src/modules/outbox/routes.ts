// The development outbox (issue 5): on localhost the messages the platform would send are listed,
// so a person trying the demo and the E2E tests can read TANs and links. Every other environment
// answers 404, as if the route did not exist. The plugin also runs the outbox dispatcher when a
// delivering transport (SMTP, SMS provider) is configured.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OUTBOX_CHANNELS } from '../../db/schema/outbox';
import { errorEnvelopeSchema, notFound } from '../../platform/errors';
import { listMessages, startOutboxDispatcher } from './outbox';
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
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'PostausgangNachricht' });

export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const transports = createTransports(app.config);
  if (transports.email.kind === 'delivering' || transports.sms.kind === 'delivering') {
    const dispatcher = startOutboxDispatcher({ db: app.database.db, transports, logger: app.log });
    app.addHook('onClose', () => dispatcher.stop());
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
        messages: messages.map((message) => ({ ...message, createdAt: message.createdAt.toISOString() })),
      };
    },
  );
};

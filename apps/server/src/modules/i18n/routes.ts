import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { etagOf, isNotModified } from '../../platform/etag';
import { errorEnvelopeSchema, notFound } from '../../platform/errors';
import { NAMESPACE_PATTERN, readNamespace, TEXT_CHANNELS } from './texts';

const paramsSchema = z.object({
  channel: z
    .enum(TEXT_CHANNELS)
    .describe('live: texts in production; preview: live with the preview overrides'),
  namespace: z.string().regex(NAMESPACE_PATTERN).describe('i18next namespace, e.g. common'),
});

export const i18nRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/i18n/:channel/:namespace',
    {
      // An unknown channel or namespace is a missing resource (404), not a malformed request.
      attachValidation: true,
      schema: {
        tags: ['Texts'],
        summary: 'German texts of one i18next namespace',
        params: paramsSchema,
        headers: z.object({ 'if-none-match': z.string().optional() }),
        response: {
          200: z
            .record(z.string(), z.unknown())
            .describe('Nested keys with German texts; `version` names the revision'),
          304: z.null().describe('Not modified: the texts match If-None-Match'),
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const missing = () => notFound(`No text namespace ${request.url}`);
      if (request.validationError) throw missing();
      const { channel, namespace } = request.params;
      const texts = await readNamespace(app.config.textsDir, channel, namespace);
      if (!texts) throw missing();
      const etag = etagOf(texts);
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (isNotModified(request.headers['if-none-match'], etag)) return reply.status(304).send(null);
      return texts;
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema, serviceUnavailable } from '../../platform/errors';
import { fastSerializerCompiler } from '../../platform/serializer';

const TAGS = ['Operations'];
const okSchema = z.object({ status: z.literal('ok') });

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      // The answer is a constant of the schema's shape: no per-request check against it.
      serializerCompiler: fastSerializerCompiler,
      schema: { tags: TAGS, summary: 'Liveness: the process is running', response: { 200: okSchema } },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: TAGS,
        summary: 'Readiness: the database answers',
        response: { 200: okSchema, 503: errorEnvelopeSchema },
      },
    },
    async () => {
      try {
        await app.database.ping();
      } catch (error) {
        throw serviceUnavailable('Database ping failed', { cause: error });
      }
      return { status: 'ok' as const };
    },
  );
};

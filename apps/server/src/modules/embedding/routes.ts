import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Routes of this module (issue 16): registered by src/routes.ts under /api.
export const embeddingRoutes: FastifyPluginAsyncZod = async () => {};

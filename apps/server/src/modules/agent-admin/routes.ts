import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The routes of this module (issue 15), registered under /api by app.ts (src/routes.ts). */
export const agentAdminRoutes: FastifyPluginAsyncZod = async () => {};

// Agent credentials (spec §7 'Agent', base /api/vermittler/vermittler) and the agent-issued initial
// password of a customer (/api/benutzer/benutzer/{email}/reset/initial-passwort).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, protectScope } from '../../platform/auth/authenticate';
import { createIdentityContext, requestMeta } from './context';
import { changePassword } from './credentials';
import { issueAgentInitialPassword, issueCustomerInitialPassword } from './initial-passwords';
import { IDENTITY_RATE_LIMITS } from './policy';
import {
  ACCEPTED,
  acceptedSchema,
  emailBodySchema,
  errors,
  saltSchema,
  sendSession,
  sessionSchema,
  srpValue,
  tokenResponseSchema,
  verifierSchema,
} from './schemas';

const TAGS = ['Vermittler'];

export const agentRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = createIdentityContext(app);
  protectScope(app, 'vermittler');
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const credentialsLimit = { rateLimit: IDENTITY_RATE_LIMITS.credentials };
  const emailParams = z.object({ email: emailBodySchema });

  app.post(
    '/vermittler/vermittler/passwort/aendern',
    {
      config: credentialsLimit,
      schema: {
        tags: TAGS,
        summary: 'Passwort ändern: Beweis des alten Passworts, neues Salz/Verifier',
        body: z.object({
          session: sessionSchema,
          A: srpValue,
          M1: srpValue,
          salt: saltSchema,
          verifier: verifierSchema,
        }),
        response: { 200: tokenResponseSchema.extend({ M2: z.string() }), ...errors(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const meta = requestMeta(request);
      const { session, A, M1, salt, verifier } = request.body;
      const result = await changePassword({
        ctx,
        meta,
        actor: actorOf(request),
        proof: { session, A, M1 },
        salt,
        verifier,
      });
      return { ...sendSession(reply, result, meta.now), M2: result.M2 };
    },
  );

  app.post(
    '/vermittler/vermittler/:email/initial-passwort',
    {
      config: credentialsLimit,
      schema: {
        tags: TAGS,
        summary: 'Vorläufiges Passwort für einen Untervermittler vergeben (per E-Mail)',
        params: emailParams,
        response: { 202: acceptedSchema, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      await issueAgentInitialPassword({
        ctx,
        meta: requestMeta(request),
        actor: actorOf(request),
        email: request.params.email,
      });
      return reply.status(202).send(ACCEPTED);
    },
  );

  app.post(
    '/benutzer/benutzer/:email/reset/initial-passwort',
    {
      config: credentialsLimit,
      schema: {
        tags: TAGS,
        summary: 'Vorläufiges Passwort für einen betreuten Kunden vergeben (per E-Mail)',
        params: emailParams,
        response: { 202: acceptedSchema, ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await issueCustomerInitialPassword({
        ctx,
        meta: requestMeta(request),
        actor: actorOf(request),
        email: request.params.email,
      });
      return reply.status(202).send(ACCEPTED);
    },
  );
};

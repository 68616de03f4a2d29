// /api/verifikation/tan/generieren and /pruefen (spec §7 'TAN'). Open without a token for
// registration and mobile reset; a PHONE_CHANGE verification needs the token of its account.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VERIFICATION_PURPOSES } from '../../db/schema/identity';
import { createIdentityContext, requestMeta } from './context';
import { verificationBody } from './customer-routes';
import { IDENTITY_RATE_LIMITS } from './policy';
import { codeSchema, errors, verificationStartedSchema } from './schemas';
import { checkVerificationTan, resendVerificationTan } from './verifications';

const TAGS = ['Verifikation'];
const verificationIdSchema = z.string().trim().min(20).max(100);

export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = createIdentityContext(app);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const tanLimit = { rateLimit: IDENTITY_RATE_LIMITS.tan };

  app.post(
    '/verifikation/tan/generieren',
    {
      config: tanLimit,
      schema: {
        tags: TAGS,
        summary: 'Neuen TAN-Code für eine laufende Verifikation senden',
        body: z.object({ verificationId: verificationIdSchema }),
        response: { 202: verificationStartedSchema, ...errors(400, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const started = await resendVerificationTan({
        ctx,
        meta: requestMeta(request),
        verificationId: request.body.verificationId,
        actor: request.actor,
      });
      return reply.status(202).send(verificationBody(started));
    },
  );

  app.post(
    '/verifikation/tan/pruefen',
    {
      config: tanLimit,
      schema: {
        tags: TAGS,
        summary: 'TAN prüfen; bei Erfolg gilt der Zweck (Registrierung, neue Mobilfunknummer)',
        body: z.object({ verificationId: verificationIdSchema, tan: codeSchema }),
        response: {
          200: z.object({ status: z.literal('VERIFIED'), purpose: z.enum(VERIFICATION_PURPOSES) }),
          ...errors(400, 404, 410, 429),
        },
      },
    },
    async (request) =>
      checkVerificationTan({ ctx, meta: requestMeta(request), actor: request.actor, ...request.body }),
  );
};

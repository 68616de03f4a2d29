// Customer registration and credentials (spec §7 'User': /api/benutzer/zugang/…, /api/benutzer/benutzer/…).
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { phoneSchema } from '@schirm/domain/validation/phone';
import { actorOf, protectScope, refuseEmbeddedSession } from '../../platform/auth/authenticate';
import { normalizeUsername } from './accounts';
import { createIdentityContext, requestMeta } from './context';
import {
  changeContactData,
  changePassword,
  confirmEmailChange,
  describeAccount,
  requestEmailChange,
  requestPhoneChange,
  requestPhoneReset,
  startPhoneReset,
} from './credentials';
import { budget } from '../../platform/rate-limit';
import { IDENTITY_BUDGETS, IDENTITY_RATE_LIMITS } from './policy';
import { checkRegistrationLink, completeRegistrationLink, requestRegistration } from './registration';
import {
  ACCEPTED,
  acceptedSchema,
  accountSchema,
  emailBodySchema,
  errors,
  linkTokenSchema,
  mobileSchema,
  saltSchema,
  sendSession,
  sessionSchema,
  srpValue,
  tokenResponseSchema,
  verificationStartedSchema,
  verifierSchema,
} from './schemas';
import type { VerificationStarted } from './verifications';

const TAGS = ['Benutzer'];

const linkCheckSchema = z
  .discriminatedUnion('status', [
    z.object({ status: z.literal('VALID'), email: z.string(), expiresAt: z.iso.datetime() }),
    z.object({ status: z.literal('EXPIRED') }),
    z.object({ status: z.literal('INVALID') }),
  ])
  .meta({ id: 'LinkPruefung' });

const proofFields = { session: sessionSchema, A: srpValue, M1: srpValue };

export function verificationBody(started: VerificationStarted) {
  return { ...started, expiresAt: started.expiresAt.toISOString() };
}

export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = createIdentityContext(app);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const registrationLimit = { rateLimit: IDENTITY_RATE_LIMITS.registration };
  const resetLimit = { rateLimit: IDENTITY_RATE_LIMITS.reset };

  app.post(
    '/benutzer/zugang/email/:contractId',
    {
      config: registrationLimit,
      preHandler: [
        budget(app, {
          name: 'registration-contract',
          ...IDENTITY_BUDGETS.registrationPerContract,
          key: (request) => (request.params as { contractId: string }).contractId,
        }),
        budget(app, { name: 'registration-all', ...IDENTITY_BUDGETS.registrationGlobal, key: () => 'all' }),
      ],
      schema: {
        tags: TAGS,
        summary:
          'Registrierung: Zugangslink an die E-Mail-Adresse des Vertragspartners (Antwort immer gleich)',
        params: z.object({
          contractId: z.string().trim().min(1).max(30).describe('Vertrags-/Versicherungsnummer'),
        }),
        body: z.object({ email: emailBodySchema }),
        response: { 202: acceptedSchema, ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      await requestRegistration({
        ctx,
        meta: requestMeta(request),
        contractId: request.params.contractId,
        email: request.body.email,
      });
      return reply.status(202).send(ACCEPTED);
    },
  );

  const linkCheck = async (token: string, request: Parameters<typeof requestMeta>[0]) => {
    const result = await checkRegistrationLink({ ctx, meta: requestMeta(request), token });
    return result.status === 'VALID' ? { ...result, expiresAt: result.expiresAt.toISOString() } : result;
  };
  const linkCheckSchemaOf = (where: 'query' | 'body') => ({
    tags: TAGS,
    summary: 'Registrierung: ist der Zugangslink noch gültig?',
    [where === 'query' ? 'querystring' : 'body']: z.object({ token: linkTokenSchema }),
    response: { 200: linkCheckSchema, ...errors(400, 429) },
  });
  app.get(
    '/benutzer/zugang/link/verification',
    {
      config: registrationLimit,
      schema: { ...linkCheckSchemaOf('query'), querystring: z.object({ token: linkTokenSchema }) },
    },
    async (request) => linkCheck(request.query.token, request),
  );
  app.post(
    '/benutzer/zugang/link/verification',
    {
      config: registrationLimit,
      schema: { ...linkCheckSchemaOf('body'), body: z.object({ token: linkTokenSchema }) },
    },
    async (request) => linkCheck(request.body.token, request),
  );

  app.post(
    '/benutzer/zugang/link',
    {
      config: registrationLimit,
      schema: {
        tags: TAGS,
        summary: 'Registrierung: Passwort (Salz, Verifier) und Mobilfunknummer; TAN per SMS',
        body: z.object({
          token: linkTokenSchema,
          salt: saltSchema,
          verifier: verifierSchema,
          handynummer: mobileSchema,
        }),
        response: { 202: verificationStartedSchema, ...errors(400, 409, 410, 429) },
      },
    },
    async (request, reply) => {
      const { token, salt, verifier, handynummer } = request.body;
      const started = await completeRegistrationLink({
        ctx,
        meta: requestMeta(request),
        token,
        salt,
        verifier,
        mobile: handynummer,
      });
      return reply.status(202).send(verificationBody(started));
    },
  );

  app.post(
    '/benutzer/benutzer/email/bestaetigen',
    {
      config: resetLimit,
      schema: {
        tags: TAGS,
        summary: 'Neue E-Mail-Adresse über den Link bestätigen (neuer Anmeldename)',
        body: z.object({ token: linkTokenSchema }),
        response: { 200: z.object({ email: z.string() }), ...errors(400, 409, 410, 429) },
      },
    },
    async (request) => confirmEmailChange({ ctx, meta: requestMeta(request), token: request.body.token }),
  );

  app.post(
    '/benutzer/benutzer/handynummer/reset',
    {
      config: resetLimit,
      preHandler: budget(app, {
        name: 'phone-reset-email',
        ...IDENTITY_BUDGETS.phoneResetPerEmail,
        key: (request) => normalizeUsername((request.body as { email: string }).email),
      }),
      schema: {
        tags: TAGS,
        summary: 'Alte Mobilfunknummer verloren: Link per E-Mail (Antwort immer gleich)',
        body: z.object({ email: emailBodySchema }),
        response: { 202: acceptedSchema, ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      await requestPhoneReset({ ctx, meta: requestMeta(request), email: request.body.email });
      return reply.status(202).send(ACCEPTED);
    },
  );

  app.post(
    '/benutzer/benutzer/handynummer/reset/token',
    {
      config: resetLimit,
      schema: {
        tags: TAGS,
        summary: 'Neue Mobilfunknummer über den Link; TAN an die neue Nummer',
        body: z.object({ token: linkTokenSchema, handynummer: mobileSchema }),
        response: { 202: verificationStartedSchema, ...errors(400, 410, 429) },
      },
    },
    async (request, reply) => {
      const started = await startPhoneReset({
        ctx,
        meta: requestMeta(request),
        token: request.body.token,
        mobile: request.body.handynummer,
      });
      return reply.status(202).send(verificationBody(started));
    },
  );

  // Signed-in customers.
  await app.register(async (scope) => {
    const customer = scope.withTypeProvider<ZodTypeProvider>();
    protectScope(customer, 'benutzer');
    const credentialsLimit = { rateLimit: IDENTITY_RATE_LIMITS.credentials };

    customer.get(
      '/benutzer/benutzer',
      {
        schema: {
          tags: TAGS,
          summary: 'Zugangsdaten des Kunden',
          response: { 200: accountSchema, ...errors(401, 403) },
        },
      },
      async (request) => describeAccount({ ctx, actor: actorOf(request) }),
    );

    customer.post(
      '/benutzer/benutzer/passwort/aendern',
      {
        // Not from an embedding partner's iframe session (issue 16): sign-in data only when signed in here.
        onRequest: refuseEmbeddedSession,
        config: credentialsLimit,
        schema: {
          tags: TAGS,
          summary: 'Passwort ändern: Beweis des alten Passworts, neues Salz/Verifier',
          body: z.object({ ...proofFields, salt: saltSchema, verifier: verifierSchema }),
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

    customer.post(
      '/benutzer/benutzer/email/aendern',
      {
        // Not from an embedding partner's iframe session (issue 16): sign-in data only when signed in here.
        onRequest: refuseEmbeddedSession,
        config: credentialsLimit,
        schema: {
          tags: TAGS,
          summary:
            'E-Mail-Adresse ändern: Passwortbeweis, Verifier zum neuen Namen; Link an die neue Adresse',
          body: z.object({
            ...proofFields,
            email: emailBodySchema,
            salt: saltSchema,
            verifier: verifierSchema,
          }),
          response: {
            202: z.object({ M2: z.string(), destination: z.string() }),
            ...errors(400, 401, 403, 429),
          },
        },
      },
      async (request, reply) => {
        const { session, A, M1, email, salt, verifier } = request.body;
        const result = await requestEmailChange({
          ctx,
          meta: requestMeta(request),
          actor: actorOf(request),
          proof: { session, A, M1 },
          email,
          salt,
          verifier,
        });
        return reply.status(202).send(result);
      },
    );

    customer.post(
      '/benutzer/benutzer/handynummer',
      {
        // Not from an embedding partner's iframe session (issue 16): sign-in data only when signed in here.
        onRequest: refuseEmbeddedSession,
        config: credentialsLimit,
        schema: {
          tags: TAGS,
          summary:
            'Mobilfunknummer ändern: TAN an die neue Nummer (bestätigen mit /api/verifikation/tan/pruefen)',
          body: z.object({ handynummer: mobileSchema }),
          response: { 202: verificationStartedSchema, ...errors(400, 401, 403, 429) },
        },
      },
      async (request, reply) => {
        const started = await requestPhoneChange({
          ctx,
          meta: requestMeta(request),
          actor: actorOf(request),
          mobile: request.body.handynummer,
        });
        return reply.status(202).send(verificationBody(started));
      },
    );

    customer.post(
      '/benutzer/benutzer/aendern',
      {
        config: credentialsLimit,
        schema: {
          tags: TAGS,
          summary: 'Kontaktdaten ändern (Spitzname, Telefon)',
          body: z.object({
            nickname: z.string().trim().min(1).max(50).optional(),
            telefon: phoneSchema({ mobileRequired: false }).nullable().optional(),
          }),
          response: { 200: accountSchema, ...errors(400, 401, 403, 429) },
        },
      },
      async (request) =>
        changeContactData({
          ctx,
          meta: requestMeta(request),
          actor: actorOf(request),
          ...(request.body.nickname === undefined ? {} : { nickname: request.body.nickname }),
          ...(request.body.telefon === undefined ? {} : { telefon: request.body.telefon }),
        }),
    );
  });
};

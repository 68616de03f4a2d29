// /api/auth: pool configuration, sign-in with its challenges, session refresh and logout, forgot
// password, the password proof for credential changes, and the signed-in account.
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, protectScope } from '../../platform/auth/authenticate';
import { notFound } from '../../platform/errors';
import { requestMeta, createIdentityContext } from './context';
import { describeAccount, startPasswordProof } from './credentials';
import { confirmPasswordReset, requestPasswordReset } from './forgot-password';
import { IDENTITY_RATE_LIMITS } from './policy';
import {
  ACCEPTED,
  acceptedSchema,
  accountSchema,
  clearRefreshCookie,
  codeSchema,
  errors,
  poolSchema,
  REFRESH_COOKIE,
  saltSchema,
  sendSession,
  sessionSchema,
  srpValue,
  tokenResponseSchema,
  usernameSchema,
  verifierSchema,
} from './schemas';
import { globalLogout, logout, refreshSession } from './sessions';
import { answerSignInTan, completeNewPassword, startSignIn, verifySignIn } from './sign-in';

const TAGS = ['Anmeldung'];

/** Pool configuration per portal (spec §7 'pool config'). */
export const POOL_CONFIG = {
  kunden: { userPoolId: 'benutzer', userPoolWebClientId: 'schirm-web-kunden' },
  vermittler: { userPoolId: 'vermittler', userPoolWebClientId: 'schirm-web-vermittler' },
  /** The insurer's back office (ADR 0027). */
  innendienst: { userPoolId: 'innendienst', userPoolWebClientId: 'schirm-web-innendienst' },
} as const;

const challengeSchema = z
  .object({
    challenge: z.literal('CUSTOM_CHALLENGE'),
    session: z.string(),
    deliveryMedium: z.literal('SMS'),
    destination: z.string().describe('Maskierte Mobilfunknummer'),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'TanChallenge' });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = createIdentityContext(app);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const signInLimit = { rateLimit: IDENTITY_RATE_LIMITS.signIn };
  const resetLimit = { rateLimit: IDENTITY_RATE_LIMITS.reset };

  app.get(
    '/auth/pool-config/:portal',
    {
      schema: {
        tags: TAGS,
        summary: 'Pool-Konfiguration je Portal',
        params: z.object({ portal: z.string().max(40) }),
        response: {
          200: z.object({ userPoolId: z.string(), userPoolWebClientId: z.string() }),
          ...errors(404),
        },
      },
    },
    async (request) => {
      const { portal } = request.params;
      if (!Object.hasOwn(POOL_CONFIG, portal)) throw notFound(`No pool for portal ${portal}`);
      return POOL_CONFIG[portal as keyof typeof POOL_CONFIG];
    },
  );

  app.post(
    '/auth/sign-in/init',
    {
      config: signInLimit,
      schema: {
        tags: TAGS,
        summary: 'Anmeldung, Schritt 1: Salz und B (SRP-6a)',
        body: z.object({ pool: poolSchema, username: usernameSchema }),
        response: {
          200: z.object({ session: z.string(), salt: z.string(), B: z.string() }),
          ...errors(400, 429),
        },
      },
    },
    async (request) => startSignIn({ ctx, meta: requestMeta(request), ...request.body }),
  );

  app.post(
    '/auth/sign-in/verify',
    {
      config: signInLimit,
      schema: {
        tags: TAGS,
        summary: 'Anmeldung, Schritt 2: Passwortbeweis (A, M1) → M2 und nächste Challenge',
        body: z.object({ session: sessionSchema, A: srpValue, M1: srpValue }),
        response: {
          200: z.union([
            challengeSchema.extend({ M2: z.string() }),
            z.object({ challenge: z.literal('NEW_PASSWORD_REQUIRED'), session: z.string(), M2: z.string() }),
          ]),
          ...errors(400, 401, 429),
        },
      },
    },
    async (request) => {
      const answer = await verifySignIn({ ctx, meta: requestMeta(request), ...request.body });
      return answer.challenge === 'CUSTOM_CHALLENGE'
        ? { ...answer, expiresAt: answer.expiresAt.toISOString() }
        : answer;
    },
  );

  app.post(
    '/auth/sign-in/new-password',
    {
      config: signInLimit,
      schema: {
        tags: TAGS,
        summary: 'Neues Passwort statt des vorläufigen (mit Spitzname), dann TAN',
        body: z.object({
          session: sessionSchema,
          salt: saltSchema,
          verifier: verifierSchema,
          nickname: z.string().trim().min(1).max(50),
        }),
        response: { 200: challengeSchema, ...errors(400, 401, 429) },
      },
    },
    async (request) => {
      const answer = await completeNewPassword({ ctx, meta: requestMeta(request), ...request.body });
      return { ...answer, expiresAt: answer.expiresAt.toISOString() };
    },
  );

  app.post(
    '/auth/sign-in/tan',
    {
      config: signInLimit,
      schema: {
        tags: TAGS,
        summary: 'Antwort auf die Custom Challenge (SMS-TAN) → Tokens und Refresh-Cookie',
        body: z.object({ session: sessionSchema, tan: codeSchema }),
        response: { 200: tokenResponseSchema, ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const meta = requestMeta(request);
      const session = await answerSignInTan({ ctx, meta, ...request.body });
      return sendSession(reply, session, meta.now);
    },
  );

  app.post(
    '/auth/refresh',
    {
      config: { rateLimit: IDENTITY_RATE_LIMITS.refresh },
      schema: {
        tags: TAGS,
        summary: 'Neues Access-Token gegen das Refresh-Cookie (rotiert es)',
        response: { 200: tokenResponseSchema, ...errors(401, 429) },
      },
    },
    async (request, reply) => {
      const meta = requestMeta(request);
      try {
        const session = await refreshSession({ ctx, meta, refreshToken: request.cookies[REFRESH_COOKIE] });
        return sendSession(reply, session, meta.now);
      } catch (error) {
        clearRefreshCookie(reply);
        throw error;
      }
    },
  );

  app.post(
    '/auth/logout',
    { schema: { tags: TAGS, summary: 'Abmelden auf diesem Gerät', response: { 204: z.null() } } },
    async (request, reply) => {
      await logout({ ctx, meta: requestMeta(request), refreshToken: request.cookies[REFRESH_COOKIE] });
      clearRefreshCookie(reply);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      config: resetLimit,
      schema: {
        tags: TAGS,
        summary: 'Passwort vergessen: Code per E-Mail (Antwort immer gleich)',
        body: z.object({ pool: poolSchema, username: usernameSchema }),
        response: { 202: acceptedSchema, ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      await requestPasswordReset({ ctx, meta: requestMeta(request), ...request.body });
      return reply.status(202).send(ACCEPTED);
    },
  );

  app.post(
    '/auth/forgot-password/confirm',
    {
      config: resetLimit,
      schema: {
        tags: TAGS,
        summary: 'Passwort vergessen: Code und neues Salz/Verifier',
        description: 'Die Passwortregeln (§5) prüft der Client; der Server sieht das Passwort nie.',
        body: z.object({
          pool: poolSchema,
          username: usernameSchema,
          code: codeSchema,
          salt: saltSchema,
          verifier: verifierSchema,
        }),
        response: { 204: z.null(), ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      await confirmPasswordReset({ ctx, meta: requestMeta(request), ...request.body });
      return reply.status(204).send(null);
    },
  );

  // Signed in, either pool.
  await app.register(async (scope) => {
    const signedIn = scope.withTypeProvider<ZodTypeProvider>();
    protectScope(signedIn);

    signedIn.post(
      '/auth/global-logout',
      {
        schema: {
          tags: TAGS,
          summary: 'Überall abmelden: alle Refresh-Tokens widerrufen',
          response: { 204: z.null(), ...errors(401) },
        },
      },
      async (request, reply) => {
        await globalLogout({ ctx, meta: requestMeta(request), accountId: actorOf(request).userId });
        clearRefreshCookie(reply);
        return reply.status(204).send(null);
      },
    );

    signedIn.get(
      '/auth/me',
      {
        schema: {
          tags: TAGS,
          summary: 'Der angemeldete Zugang',
          response: { 200: accountSchema, ...errors(401) },
        },
      },
      async (request) => describeAccount({ ctx, actor: actorOf(request) }),
    );

    signedIn.post(
      '/auth/password-proof',
      {
        config: { rateLimit: IDENTITY_RATE_LIMITS.credentials },
        schema: {
          tags: TAGS,
          summary: 'Beweis des aktuellen Passworts für eine Änderung: Salz und B',
          response: {
            200: z.object({ session: z.string(), salt: z.string(), B: z.string() }),
            ...errors(401, 429),
          },
        },
      },
      async (request) => startPasswordProof({ ctx, meta: requestMeta(request), actor: actorOf(request) }),
    );
  });
};

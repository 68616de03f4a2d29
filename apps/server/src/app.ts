import type { IncomingMessage, ServerResponse } from 'node:http';
import cookie from '@fastify/cookie';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawServerDefault,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { DatabaseHandle } from './db/database';
import type { AppConfig, TrustProxy } from './platform/config';
import { registerAuthentication } from './platform/auth/authenticate';
import { registerEnvironmentDetection } from './platform/environment';
import { registerControlCharacterCheck } from './platform/control-characters';
import { registerDevelopmentRouteGate } from './platform/development-routes';
import { registerOriginCheck } from './platform/origin-check';
import { createNotFoundHandler, sendError } from './platform/error-handler';
import { ofrepRoutes } from './platform/flags/ofrep-routes';
import { createConfiguredFileStorage } from './platform/files/configured-storage';
import { createFlagService } from './platform/flags/service';
import { registerJobs } from './platform/jobs/jobs-plugin';
import { createLogger, generateRequestId, REQUEST_ID_HEADER } from './platform/logger';
import { registerOpenApi } from './platform/openapi';
import { registerRateLimit } from './platform/rate-limit';
import { registerSecurityHeaders } from './platform/security';
import { registerWebApp } from './platform/web-app';
import { useGermanZodMessages } from './platform/zod-locale';
import { API_ROUTE_MODULES } from './routes';

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface BuildAppOptions {
  config: AppConfig;
  /** Opened (and migrated) by the caller, who also closes it: the app only uses it. */
  database: DatabaseHandle;
  /** Defaults to JSON logs on stdout at config.logLevel. */
  logger?: Logger;
}

// Fastify's types take a hop count only as a function: trust the first n proxies in front of us.
function toFastifyTrustProxy(trustProxy: TrustProxy) {
  return typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy;
}

/** Builds the Fastify app without listening, so tests can use `inject`. */
export async function buildApp({ config, database, logger }: BuildAppOptions): Promise<App> {
  useGermanZodMessages();
  const loggerInstance: FastifyBaseLogger = logger ?? createLogger(config.logLevel);
  const app = Fastify({
    loggerInstance,
    genReqId: generateRequestId,
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    trustProxy: toFastifyTrustProxy(config.trustProxy),
    frameworkErrors: (error, request, reply) => sendError(error, request, reply),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('flags', createFlagService());
  // Files on disk, or in an S3-compatible bucket when S3_BUCKET is set (ADR 0025).
  app.decorate('files', createConfiguredFileStorage(config));
  // Background jobs (ADR 0011): modules define them, the runner starts on ready when JOBS is on.
  registerJobs(app);

  // 0. Request plumbing every route must get. Fastify copies hooks and handlers into a plugin
  //    when it is registered, so these come before any plugin that declares routes.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  registerEnvironmentDetection(app, config.hostEnvironments);
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
  // Bearer tokens → request.actor; also records every route for the authorization test.
  registerAuthentication(app);
  // NUL and other control characters in any text input: 400, never a database error.
  registerControlCharacterCheck(app);

  // 1. External plugins.
  registerSecurityHeaders(app, config);
  // Development-only routes: by configuration and loopback peer, never by a header.
  registerDevelopmentRouteGate(app, config);
  // Unsafe requests with cookies only from the portal's own pages (CSRF).
  registerOriginCheck(app, config);
  await app.register(cookie);
  await registerRateLimit(app);
  await registerOpenApi(app);

  // 2. Platform: feature flags (OFREP) and the web app with the not-found handling around it.
  await app.register(ofrepRoutes);
  const htmlFallback = await registerWebApp(app, config.webDistDir);
  app.setNotFoundHandler(createNotFoundHandler(htmlFallback));

  // 3. Module routes under /api.
  for (const routes of API_ROUTE_MODULES) await app.register(routes, { prefix: '/api' });

  return app;
}

import type { FastifyInstance } from 'fastify';
import { detectEnvironment, UnknownEnvironmentError, type Environment } from '@schirm/domain/environment';
import { badRequest } from './errors';

/**
 * Resolves `request.environment` from the Host header (X-Forwarded-Host when TRUST_PROXY is set);
 * a host that belongs to no environment is answered with 400 UNKNOWN_HOST before anything else runs.
 */
export function registerEnvironmentDetection(
  app: FastifyInstance,
  hostEnvironments: Readonly<Record<string, Environment>>,
): void {
  app.decorateRequest('environment', null as unknown as Environment);
  // Callback style: an async hook costs a promise and a microtask turn on every request.
  app.addHook('onRequest', (request, _reply, done) => {
    try {
      request.environment = detectEnvironment(request.host, hostEnvironments);
    } catch (error) {
      done(
        error instanceof UnknownEnvironmentError
          ? badRequest(`Unknown host "${error.hostname}"`, { code: 'UNKNOWN_HOST' })
          : (error as Error),
      );
      return;
    }
    done();
  });
}

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
  app.addHook('onRequest', async (request) => {
    try {
      request.environment = detectEnvironment(request.host, hostEnvironments);
    } catch (error) {
      if (error instanceof UnknownEnvironmentError) {
        throw badRequest(`Unknown host "${error.hostname}"`, { code: 'UNKNOWN_HOST' });
      }
      throw error;
    }
  });
}

import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config';

// One year, the value HSTS preload lists expect.
const HSTS = 'max-age=31536000; includeSubDomains';

/** The Content-Security-Policy directives: no inline or eval'd script anywhere, including /api/docs. */
export function contentSecurityPolicy(frameAncestors: readonly string[]): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    // React and react-aria set style attributes at runtime.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    frameAncestors: [...frameAncestors],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  };
}

/**
 * helmet with a strict CSP. X-Frame-Options only when no other site may embed the portal (it cannot
 * express a list; frame-ancestors governs). HSTS only outside localhost, decided per request.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): Promise<void> {
  const isSelfOnly = config.frameAncestors.length === 1 && config.frameAncestors[0] === "'self'";
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config.frameAncestors) },
    strictTransportSecurity: false,
    xFrameOptions: isSelfOnly ? { action: 'sameorigin' } : false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.environment && request.environment !== 'localhost')
      reply.header('strict-transport-security', HSTS);
  });
}

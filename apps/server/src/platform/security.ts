import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from './config';

// One year, the value HSTS preload lists expect.
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Permissions-Policy: the portal uses none of these browser features, so no page of it (nor a
 * script that got in) may ask for them. Features a later screen needs are allowed for 'self' here.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

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

/** helmet's options: a strict CSP; X-Frame-Options only when no other site may embed the portal. */
export function helmetOptions(frameAncestors: readonly string[]): HelmetOptions {
  const isSelfOnly = frameAncestors.length === 1 && frameAncestors[0] === "'self'";
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(frameAncestors) },
    strictTransportSecurity: false,
    xFrameOptions: isSelfOnly ? { action: 'sameorigin' } : false,
  };
}

/**
 * The headers helmet sets with these options, as [name, value] pairs. Nothing in them depends on the
 * request (no nonces, no directive functions), so they are computed once: running helmet on every
 * request re-parsed the CSP directives each time (~15 µs of CPU per request). helmet's only other
 * action, removing X-Powered-By, has nothing to remove: neither Node nor Fastify sets that header.
 */
export function computeSecurityHeaders(options: HelmetOptions): readonly (readonly [string, string])[] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader(name: string, value: number | string | readonly string[]) {
      headers.push([name, String(value)]);
      return recorder;
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  headers.push(['permissions-policy', PERMISSIONS_POLICY]);
  return headers;
}

/**
 * helmet's headers with a strict CSP on every response, set in onRequest as @fastify/helmet did,
 * so they are there on every answer (errors, 404s, static files) once the request got this far.
 * They go into the reply's headers, which Fastify writes with the status line: no route writes to
 * the raw response itself, and raw setHeader calls would cost a validated header map per request.
 * HSTS only outside localhost, decided per request.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): void {
  const headers = computeSecurityHeaders(helmetOptions(config.frameAncestors));
  // Callback-style hooks: an async hook costs a promise and a microtask turn on every request.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.header(name, value);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.environment && request.environment !== 'localhost')
      reply.header('strict-transport-security', HSTS);
    done(null, payload);
  });
}

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
 * The active embedding partners' origins (issue 16, ADR 0036), as the embedding module keeps them
 * (cached at most 30 s, reloaded at once after a change): per partner key, and all of them.
 */
export interface PartnerOrigins {
  byPartner: ReadonlyMap<string, readonly string[]>;
  all: ReadonlySet<string>;
}

/** Where the per-request frame-ancestors come from; the embedding module sets `partnerOrigins`. */
export interface FrameAncestorPolicy {
  partnerOrigins?: () => PartnerOrigins | Promise<PartnerOrigins>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The source of the embedding partners' origins for the CSP frame-ancestors (security.ts). */
    frameAncestorPolicy: FrameAncestorPolicy;
  }
}

/**
 * The frame ancestors of one page request (issue 16): with `?partner=<key>` that active partner's
 * origins; without it, the Referer's origin when it is on some active partner's allowlist (the
 * browser sets the Referer of a frame's page, a framing site cannot make a visitor's browser send
 * another's; a suppressed Referer only falls back to the configured ancestors). Otherwise
 * undefined: the configured FRAME_ANCESTORS apply.
 */
export function partnerFrameAncestors(
  origins: PartnerOrigins,
  partnerKey: string | undefined,
  referer: string | undefined,
): readonly string[] | undefined {
  if (partnerKey !== undefined) return origins.byPartner.get(partnerKey);
  if (!referer) return undefined;
  let origin: string;
  try {
    origin = new URL(referer).origin;
  } catch {
    return undefined;
  }
  return origins.all.has(origin) ? [origin] : undefined;
}

/**
 * A page of the web app (a path without a file extension, outside /api), whose CSP frame-ancestors
 * decide whether it may be framed. Files (scripts, styles, images) keep the static headers and no
 * `Vary: Referer`, so browsers and CDNs cache one copy of each, whichever page loaded it.
 */
export function isPageRequest(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const path = url.split('?', 1)[0] ?? '';
  if (path === '/api' || path.startsWith('/api/')) return false;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return !lastSegment.includes('.');
}

function partnerQuery(query: unknown): string | undefined {
  const partner = (query as Record<string, unknown> | undefined)?.partner;
  return typeof partner === 'string' && /^[a-z0-9-]{1,50}$/.test(partner) ? partner : undefined;
}

const CSP_VARIANTS = 1000;

/**
 * helmet's headers with a strict CSP on every response, set in onRequest as @fastify/helmet did,
 * so they are there on every answer (errors, 404s, static files) once the request got this far.
 * They go into the reply's headers, which Fastify writes with the status line: no route writes to
 * the raw response itself, and raw setHeader calls would cost a validated header map per request.
 * HSTS only outside localhost, decided per request. Page requests of an embedding partner (issue
 * 16) get that partner's origins as frame-ancestors (only the CSP header changes, X-Frame-Options
 * goes), and `Vary: Referer`.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): void {
  const headers = computeSecurityHeaders(helmetOptions(config.frameAncestors));
  const baseCsp = headers.find(([name]) => name.toLowerCase() === 'content-security-policy')?.[1] ?? '';
  const configured = config.frameAncestors.filter((source) => source !== "'none'");
  const cspVariants = new Map<string, string>();
  const cspWith = (origins: readonly string[]): string => {
    const sources = [...new Set(["'self'", ...configured, ...origins])].join(' ');
    let csp = cspVariants.get(sources);
    if (csp === undefined) {
      csp = baseCsp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${sources}`);
      if (cspVariants.size >= CSP_VARIANTS) cspVariants.clear();
      cspVariants.set(sources, csp);
    }
    return csp;
  };
  const policy: FrameAncestorPolicy = {};
  app.decorate('frameAncestorPolicy', policy);
  // Callback-style hooks: an async hook costs a promise and a microtask turn on every request.
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of headers) reply.header(name, value);
    const source = policy.partnerOrigins;
    if (!source || !isPageRequest(request.method, request.url)) {
      done();
      return;
    }
    const partnerKey = partnerQuery(request.query);
    const referer = request.headers.referer;
    if (partnerKey === undefined && !referer) {
      done();
      return;
    }
    const apply = (origins: PartnerOrigins) => {
      const ancestors = partnerFrameAncestors(origins, partnerKey, referer);
      if (ancestors && ancestors.length > 0) {
        reply.header('content-security-policy', cspWith(ancestors));
        reply.removeHeader('x-frame-options');
      }
      done();
    };
    const origins = source();
    if (origins instanceof Promise) origins.then(apply, done);
    else apply(origins);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.environment && request.environment !== 'localhost')
      reply.header('strict-transport-security', HSTS);
    if (policy.partnerOrigins && isPageRequest(request.method, request.url)) {
      const vary = reply.getHeader('vary');
      const current = vary === undefined ? '' : String(vary);
      if (!/(^|,)\s*referer\s*(,|$)/i.test(current))
        reply.header('vary', current ? `${current}, Referer` : 'Referer');
    }
    done(null, payload);
  });
}

// Cross-site request forgery: a request that changes something and carries cookies (the refresh
// cookie of /api/auth/refresh and /api/auth/logout, the flag-context cookie) must come from a page
// of the portal itself. The browser writes Origin (and Sec-Fetch-Site) on every such request and a
// foreign page cannot change them, so a forged request from another site is refused with 403 even
// though SameSite=Strict already keeps the refresh cookie off it in current browsers. A caller
// without both headers is not a browser (no cookies of a victim to ride on) and passes.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from './config';
import { forbidden } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const FOREIGN_ORIGIN_MESSAGE =
  'Diese Anfrage kam nicht von unserer Seite und wurde deshalb nicht ausgeführt. Bitte öffnen Sie das Portal direkt und versuchen Sie es dort erneut.';

/** The origins the portal's pages are served from: PUBLIC_URL and every configured host (any port). */
export function trustedOriginCheck(
  config: Pick<AppConfig, 'publicUrl' | 'hostEnvironments'>,
): (origin: string) => boolean {
  const publicOrigin = new URL(config.publicUrl).origin;
  const hosts = new Set(Object.keys(config.hostEnvironments));
  return (origin) => {
    if (origin === publicOrigin) return true;
    if (!URL.canParse(origin)) return false;
    const url = new URL(origin);
    return (url.protocol === 'https:' || url.protocol === 'http:') && hosts.has(url.hostname);
  };
}

/** Why an unsafe request with cookies is refused, or undefined when it may pass. */
export function foreignRequestReason(
  request: Pick<FastifyRequest, 'method' | 'headers'>,
  isTrustedOrigin: (origin: string) => boolean,
): string | undefined {
  if (SAFE_METHODS.has(request.method) || !request.headers.cookie) return undefined;
  const origin = request.headers.origin;
  if (origin !== undefined)
    return isTrustedOrigin(origin) ? undefined : `foreign Origin ${origin.slice(0, 100)}`;
  const site = request.headers['sec-fetch-site'];
  if (site === undefined || site === 'same-origin' || site === 'none') return undefined;
  return `Sec-Fetch-Site ${String(site).slice(0, 20)} without Origin`;
}

/** Refuses unsafe requests with cookies from foreign pages (403 FORBIDDEN_ORIGIN). */
export function registerOriginCheck(
  app: FastifyInstance,
  config: Pick<AppConfig, 'publicUrl' | 'hostEnvironments'>,
): void {
  const isTrustedOrigin = trustedOriginCheck(config);
  // Callback style: an async hook costs a promise and a microtask turn on every request.
  app.addHook('onRequest', (request, _reply, done) => {
    const reason = foreignRequestReason(request, isTrustedOrigin);
    if (reason === undefined) {
      done();
      return;
    }
    done(
      forbidden(`Cookie-carrying ${request.method} refused: ${reason}`, {
        code: 'FORBIDDEN_ORIGIN',
        userMessage: FOREIGN_ORIGIN_MESSAGE,
      }),
    );
  });
}

// Development-only routes (the outbox of e-mails and SMS, the component gallery) live under
// /entwicklung and /api/entwicklung. They answer only when the configuration switches them on
// (DEVELOPMENT_ROUTES, set by `npm start`'s local profile) and only to a client whose TCP peer
// address is a loopback address. Neither the Host header nor any X-Forwarded-* header takes part:
// behind a proxy every header can be written by the client (issue 11: `X-Forwarded-Host: localhost`
// listed the outbox of a production server).
import fs from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from './config';
import { isApiPath, sendError } from './error-handler';
import { notFound } from './errors';
import { maskUrl } from './logger';

const DEVELOPMENT_PATH = /^\/(?:api\/)?entwicklung(?:[/?#]|$)/i;

/** True for paths of development-only routes (pages and API). */
export function isDevelopmentPath(url: string): boolean {
  return DEVELOPMENT_PATH.test(url);
}

/** True for 127.0.0.0/8, ::1 and IPv4-mapped loopback addresses (::ffff:127.x.y.z). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped?.[1] ?? address;
  const version = isIP(ip);
  if (version === 4) return ip.startsWith('127.');
  if (version === 6) return /^(?:0{0,4}:){7}0{0,3}1$|^::1$/.test(ip);
  return false;
}

/** Whether this request may reach a development-only route: configuration and the TCP peer, nothing else. */
export function mayUseDevelopmentRoutes(
  config: Pick<AppConfig, 'developmentRoutes'>,
  request: FastifyRequest,
): boolean {
  return config.developmentRoutes && isLoopbackAddress(request.socket.remoteAddress);
}

/**
 * Answers 404 to every development path the request may not use, before the route runs: the API
 * with the error envelope, pages with the web app's index.html (its router shows the 404 page, as
 * for any unknown page) or the envelope when there is no build. Must be registered before any
 * plugin that declares routes, so it runs for all of them.
 */
export function registerDevelopmentRouteGate(
  app: FastifyInstance,
  config: Pick<AppConfig, 'developmentRoutes' | 'webDistDir'>,
): void {
  let indexPage: Buffer | null | undefined;
  const webAppPage = () => {
    if (indexPage === undefined) {
      const file = path.join(config.webDistDir, 'index.html');
      indexPage = fs.existsSync(file) ? fs.readFileSync(file) : null;
    }
    return indexPage;
  };
  app.addHook('onRequest', (request, reply, done) => {
    if (!targetsDevelopmentPath(request) || mayUseDevelopmentRoutes(config, request)) {
      done();
      return;
    }
    const reason = config.developmentRoutes ? 'from a non-loopback peer' : 'while switched off';
    const error = notFound(`Development route ${maskUrl(request.url)} requested ${reason}`);
    const page = !isApiPath(request.url) && isPageRequest(request) ? webAppPage() : null;
    if (!page) {
      sendError(error, request, reply);
      return;
    }
    request.log.info({ code: 'NOT_FOUND', status: 404, reason: error.message }, 'request rejected');
    void reply.code(404).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
  });
}

/**
 * Whether the request is for a development path: by the matched route's pattern, and by the decoded
 * path (wildcard routes such as the web app's static files, and percent-encoded paths such as
 * `/api/%65ntwicklung/…`, must not slip past).
 */
function targetsDevelopmentPath(request: FastifyRequest): boolean {
  const pattern = request.routeOptions.url;
  if (pattern && isDevelopmentPath(pattern)) return true;
  const pathPart = request.url.split(/[?#]/, 1)[0] ?? '';
  let decoded = pathPart;
  if (pathPart.includes('%')) {
    try {
      decoded = decodeURIComponent(pathPart);
    } catch {
      // A malformed escape is not decoded; the raw path is checked as it is.
    }
  }
  return isDevelopmentPath(decoded.includes('//') ? decoded.replace(/\/{2,}/g, '/') : decoded);
}

function isPageRequest(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { embedScriptRoutes } from '../modules/embedding-sdk/routes';
import type { HtmlFallback } from './error-handler';
import { ERROR_TEXTS } from './error-texts';
import { brandFromCookie } from './flags/service';
import { DEFAULT_BRAND } from './flags/provider';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function buildMissingPage(): string {
  const { title, text } = ERROR_TEXTS.webBuildMissing;
  return `<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></main></body>
</html>
`;
}

/**
 * The paths of pages the build prerendered (their own `<path>/index.html`, such as
 * `/kunden/login/`), without their trailing slash: `kunden/login`.
 */
function prerenderedPages(webDistDir: string): Set<string> {
  const pages = new Set<string>();
  const visit = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(webDistDir, relative), { withFileTypes: true })) {
      if (!entry.isDirectory() || (relative === '' && entry.name === 'assets')) continue;
      const page = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (fs.existsSync(path.join(webDistDir, page, 'index.html'))) pages.add(page);
      visit(page);
    }
  };
  visit('');
  return pages;
}

/**
 * Serves the built web app from `webDistDir`: Vite's hashed files under assets/ are cached for a
 * year, everything else revalidates. The build holds every text file also as .br and .gz (Vite
 * config, ADR 0017); a request that accepts one of them gets it (brotli first), with
 * `vary: accept-encoding` on every answer and the original file's content type. A page the build
 * prerendered (`kunden/login/index.html`: its first screen as HTML, ADR 0017) is sent for its path,
 * but not to a request with a query string (parameters such as `?brand=` or `?embedded` change what
 * the first screen shows) nor to a tab of another brand (flag-context cookie): those get the plain
 * index.html. Returns the fallback for page requests no file matches: the
 * SPA's index.html (its router shows the 404 page), or a German 503 page when there is no build.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<HtmlFallback> {
  // The embedding SDK's host scripts for partner pages (/embed/v1/), built from packages/embed.
  await app.register(embedScriptRoutes);
  if (!fs.existsSync(path.join(webDistDir, 'index.html'))) {
    app.log.warn(
      { webDistDir },
      'The web app is not built: page requests answer 503 until you run `npm run build` and restart',
    );
    const page = buildMissingPage();
    return (_request, reply: FastifyReply) =>
      reply.status(503).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
  }
  const assetsDir = path.join(webDistDir, 'assets') + path.sep;
  const prerendered = prerenderedPages(webDistDir);
  await app.register(fastifyStatic, {
    root: webDistDir,
    preCompressed: true,
    cacheControl: false,
    // The prerendered first screen shows the default brand: a tab of another brand (the web app
    // keeps it in the session and tells the flag-context cookie) gets the plain index.html, so its
    // reload does not show the default brand until the app has started.
    allowedPath: (pathName, _root, request) =>
      !(
        prerendered.has(pathName.replace(/^\/|\/(index\.html)?$/g, '')) &&
        (request.url.includes('?') || (brandFromCookie(request) ?? DEFAULT_BRAND) !== DEFAULT_BRAND)
      ),
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
    },
  });
  return (_request, reply: FastifyReply) => reply.header('cache-control', REVALIDATE).sendFile('index.html');
}

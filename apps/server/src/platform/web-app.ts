import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { HtmlFallback } from './error-handler';
import { ERROR_TEXTS } from './error-texts';

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
 * Serves the built web app from `webDistDir`: Vite's hashed files under assets/ are cached for a
 * year, everything else revalidates. The build holds every text file also as .br and .gz (Vite
 * config, ADR 0017); a request that accepts one of them gets it (brotli first), with
 * `vary: accept-encoding` on every answer and the original file's content type. Returns the fallback for page requests no file matches: the
 * SPA's index.html (its router shows the 404 page), or a German 503 page when there is no build.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<HtmlFallback> {
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
  await app.register(fastifyStatic, {
    root: webDistDir,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
    },
  });
  return (_request, reply: FastifyReply) => reply.header('cache-control', REVALIDATE).sendFile('index.html');
}

// The host scripts of the embedding SDK (issue 16, packages/embed) for partner pages:
// /embed/v1/schirm-embed.js (IIFE, global SchirmEmbed) and /embed/v1/schirm-embed.mjs (ES module).
// Built from packages/embed/src with esbuild at the first request of each (a few ms) and kept in
// memory with their gzip and brotli forms, so the served script is always the SDK of this
// checkout and the server build needs no extra step. Partner pages on other origins load them:
// `access-control-allow-origin: *` (the script is public and carries no credentials) and
// `cross-origin-resource-policy: cross-origin` (instead of helmet's same-origin). Cached 5 minutes,
// so a new SDK version reaches partner pages quickly; revalidated by ETag.
// /embed/v1/schirm-embed.d.mts: the TypeScript declarations of the ES module, with the same headers;
// the committed file packages/embed/dist-types/schirm-embed.d.mts (the server has no TypeScript; a
// test of packages/embed keeps the file equal to what the sources declare).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { HOST_BUNDLES, hostBundleOptions, type HostBundleName } from '@schirm/embed/bundle';
import { REPO_ROOT } from '../../platform/config';
import { AppError } from '../../platform/errors';
import { etagOf, isNotModified } from '../../platform/etag';

/** Where partner pages load the scripts from; the path's version changes only with a breaking SDK. */
export const EMBED_SCRIPT_PREFIX = '/embed/v1/';

const EMBED_DIR = path.join(REPO_ROOT, 'packages', 'embed');

/** The declarations' file name under /embed/v1/, next to the ES module it describes. */
export const EMBED_TYPES_NAME = 'schirm-embed.d.mts';

interface BuiltScript {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
}

/** A served file with its compressed forms and ETag. */
function served(identity: Buffer): BuiltScript {
  return {
    identity,
    gzip: gzipSync(identity, { level: 9 }),
    br: brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
    etag: etagOf(identity.toString('utf8')),
  };
}

/** Builds one host script in memory; the SDK's own bundle definition (packages/embed/src/bundle.ts). */
export async function buildEmbedScript(name: HostBundleName, embedDir = EMBED_DIR): Promise<BuiltScript> {
  const result = await build(hostBundleOptions(embedDir, name));
  const output = result.outputFiles[0];
  if (!output || result.outputFiles.length !== 1)
    throw new Error(`esbuild produced no single file for ${name}`);
  return served(Buffer.from(output.contents));
}

/** Reads the committed declarations of the ES module (packages/embed/dist-types). */
export async function readEmbedTypes(embedDir = EMBED_DIR): Promise<BuiltScript> {
  return served(await readFile(path.join(embedDir, 'dist-types', EMBED_TYPES_NAME)));
}

interface EmbedFile {
  contentType: string;
  load: () => Promise<BuiltScript>;
}

/** The served files by name under /embed/v1/: the host scripts and the declarations. */
const EMBED_FILES = new Map<string, EmbedFile>([
  ...(Object.keys(HOST_BUNDLES) as HostBundleName[]).map((name): [string, EmbedFile] => [
    name,
    { contentType: 'text/javascript; charset=utf-8', load: () => buildEmbedScript(name) },
  ]),
  [EMBED_TYPES_NAME, { contentType: 'application/typescript; charset=utf-8', load: () => readEmbedTypes() }],
]);

/** The encoding to send: brotli, then gzip, when the request accepts it (q > 0). */
function chooseEncoding(request: FastifyRequest): 'br' | 'gzip' | undefined {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string') return undefined;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    const quality = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (token && !(quality && Number(quality.slice(2)) === 0)) accepted.add(token.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

export const embedScriptRoutes: FastifyPluginAsync = async (app) => {
  const scripts = new Map<string, Promise<BuiltScript>>();
  const load = (name: string, file: EmbedFile) => {
    let script = scripts.get(name);
    if (!script) {
      script = file.load();
      scripts.set(name, script);
      // A failed build is tried again by the next request.
      script.catch(() => scripts.delete(name));
    }
    return script;
  };

  for (const [name, file] of EMBED_FILES) {
    app.get(`${EMBED_SCRIPT_PREFIX}${name}`, { schema: { hide: true } }, async (request, reply) => {
      let script: BuiltScript;
      try {
        script = await load(name, file);
      } catch (error) {
        throw new AppError({
          code: 'EMBED_SCRIPT_UNAVAILABLE',
          status: 503,
          message: `The embedding script ${name} could not be built`,
          userMessage:
            'Das Einbettungsskript ist gerade nicht verfügbar. Bitte laden Sie die Seite in einigen Minuten neu.',
          cause: error,
        });
      }
      reply
        .header('content-type', file.contentType)
        .header('cache-control', 'public, max-age=300')
        .header('access-control-allow-origin', '*')
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('vary', 'accept-encoding')
        .header('etag', script.etag);
      if (isNotModified(request.headers['if-none-match'], script.etag)) return reply.status(304).send();
      const encoding = chooseEncoding(request);
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(encoding ? script[encoding] : script.identity);
    });
  }
};

import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { createServer, type Plugin, type Rollup } from 'vite';
import { pageDocument } from './page-document.js';
import type * as PrerenderModule from './prerender-page.js';

/*
 * The build step that writes the sign-ins' first screen into their own index.html (ADR 0017,
 * second addendum). After the client build is written, the route tree is rendered in Node through
 * Vite (prerender-page.tsx, the same modules, texts and CSS-module class names as the build), and
 * dist/<path>/index.html gets the markup in #root, the page's title and its style sheets. The
 * server sends that file for the path (not for requests with a query string); the app replaces
 * the markup with the same screen once its code is there (app/start.tsx).
 */

/** Modules whose chunks' style sheets the prerendered screen needs (beyond the entry's). */
const STYLED_MODULES = ['src/app/layouts/public-layout.tsx', 'src/features/auth/sign-in/sign-in-page.tsx'];

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Style sheets of a chunk and of the chunks it imports statically, in load order. */
function styleSheetsOf(chunk: Rollup.OutputChunk, bundle: Rollup.OutputBundle, into = new Set<string>()) {
  for (const imported of chunk.imports) {
    const importedChunk = bundle[imported];
    if (importedChunk?.type === 'chunk') styleSheetsOf(importedChunk, bundle, into);
  }
  for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
  return into;
}

/**
 * Every CSS-module class in the markup must be defined in the style sheets the page links: the
 * names come from Vite's CSS transform in both builds, and a difference would show an unstyled
 * first screen.
 */
function checkClasses(html: string, css: string, pagePath: string) {
  const classes = new Set(
    [...html.matchAll(/class="([^"]*)"/g)].flatMap((match) => match[1]?.split(/\s+/) ?? []),
  );
  const missing = [...classes].filter(
    (name) => /^_.+_[a-z0-9]{5}_\d+$/.test(name) && !css.includes(`.${name}`),
  );
  if (missing.length > 0)
    throw new Error(`Prerendered ${pagePath} uses classes its style sheets lack: ${missing.join(', ')}`);
}

/** Writes a text file with its .br and .gz, as the compression plugin does for the build's others. */
async function writeCompressed(file: string, text: string): Promise<void> {
  const bytes = Buffer.from(text);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
  fs.writeFileSync(`${file}.br`, await brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, await gzipAsync(bytes, { level: 9 }));
}

export function prerenderSignIns(): Plugin {
  let root = '';
  let configFile: string | undefined;
  return {
    name: 'schirm:prerender-sign-ins',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      configFile = config.configFile;
    },
    writeBundle: {
      sequential: true,
      async handler(options, bundle) {
        const outDir = options.dir ?? path.join(root, 'dist');
        const template = bundle['index.html'];
        if (template?.type !== 'asset') throw new Error('The build has no index.html');
        const styleSheets = new Set<string>();
        for (const module of STYLED_MODULES) {
          const id = path.join(root, module);
          const chunk = Object.values(bundle).find(
            (output): output is Rollup.OutputChunk => output.type === 'chunk' && output.facadeModuleId === id,
          );
          if (!chunk) throw new Error(`No chunk for ${module}`);
          styleSheetsOf(chunk, bundle, styleSheets);
        }
        // The entry's style sheets are linked by index.html already.
        const html = String(template.source);
        const linkedSheets = [...html.matchAll(/<link rel="stylesheet"[^>]* href="\/([^"]+)"/g)].map(
          (match) => match[1] ?? '',
        );
        const pageSheets = [...styleSheets].filter((sheet) => !linkedSheets.includes(sheet));
        const css = [...linkedSheets, ...pageSheets]
          .map((sheet) => fs.readFileSync(path.join(outDir, sheet), 'utf8'))
          .join('\n');

        const server = await createServer({
          configFile,
          root,
          logLevel: 'warn',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
        });
        try {
          const { PRERENDERED_SIGN_INS, prerenderSignIn } = (await server.ssrLoadModule(
            '/src/prerender/prerender-page.tsx',
          )) as typeof PrerenderModule;
          for (const portal of PRERENDERED_SIGN_INS) {
            const page = await prerenderSignIn(portal);
            checkClasses(page.html, css, page.path);
            const document = pageDocument(html, page, pageSheets);
            await writeCompressed(path.join(outDir, page.path, 'index.html'), document);
          }
        } finally {
          await server.close();
        }
      },
    },
  };
}

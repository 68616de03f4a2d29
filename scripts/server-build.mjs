// The production build of the server: apps/server/src/main.ts and the TypeScript it imports
// (the server's own modules and @schirm/domain) bundled by esbuild into one ES module,
// apps/server/dist/main.js, with every npm package left external (loaded from node_modules at
// run time, as before). `npm start`, the bench and the E2E servers run it; `npm run dev` and
// the tests keep running the TypeScript through tsx/Vitest. See docs/adr/0016-production-runtime.md.
//
// `node scripts/server-build.mjs` builds it; `--if-stale` only when missing or stale.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { newestMtime } from './lib.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverDist = path.join(repoRoot, 'apps/server/dist');
export const serverEntry = path.join(serverDist, 'main.js');

/** Inputs of the server build: when any is newer than the last build, the build is stale. */
const serverInputs = [
  'apps/server/src',
  'apps/server/package.json',
  'packages/domain/src',
  'packages/domain/package.json',
  // packages/embed/src/bundle.ts is bundled; the served SDK scripts are built at run time.
  'packages/embed/src/bundle.ts',
  'package-lock.json',
  'scripts/server-build.mjs',
];

/** True when the build in `outdir` is missing or older than any of its inputs. */
export function isServerBuildStale(outdir = serverDist) {
  const stamp = path.join(outdir, '.build-stamp');
  if (!fs.existsSync(stamp) || !fs.existsSync(path.join(outdir, 'main.js'))) return true;
  const built = fs.statSync(stamp).mtimeMs;
  return serverInputs.some((input) => newestMtime(path.join(repoRoot, input)) > built);
}

const SOURCE_DIRS = [path.join(repoRoot, 'apps/server/src'), path.join(repoRoot, 'packages/domain/src')];
const isSource = (file) => SOURCE_DIRS.some((dir) => file.startsWith(dir + path.sep));

/** The package directory Node finds for `name` when importing from `fromDir` (node_modules walk). */
function packageDirFrom(fromDir, name) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return fs.realpathSync(candidate);
    if (path.dirname(dir) === dir) return undefined;
  }
}

/**
 * Keeps npm packages external but bundles the workspace's TypeScript (@schirm/*), and checks that
 * every external package the bundle imports resolves from the bundle's directory to the same
 * package as from the source file (a package nested under packages/domain would not).
 */
function externalPackages(outdir) {
  return {
    name: 'external-packages',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('@schirm/')) return undefined;
        if (args.path.startsWith('node:')) return { external: true };
        const parts = args.path.split('/');
        const name = args.path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
        const fromSource = packageDirFrom(args.resolveDir, name);
        const fromBundle = packageDirFrom(outdir, name);
        if (fromSource !== fromBundle) {
          return {
            errors: [
              { text: `${name} resolves to ${fromBundle ?? 'nothing'} from the bundle, not ${fromSource}` },
            ],
          };
        }
        return { external: true };
      });
    },
  };
}

/**
 * Files that locate things relative to themselves (REPO_ROOT, the migrations folder, a package's
 * data file through createRequire) keep doing so from the bundle: `import.meta.url` in a source
 * file becomes the URL of that source file, computed relative to the bundle, so the compiled
 * server finds the same directories as the TypeScript and the build can move with the repository.
 */
function sourceFileUrls(outdir) {
  return {
    name: 'source-file-urls',
    setup(pluginBuild) {
      pluginBuild.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (!isSource(args.path)) return undefined;
        const text = await fs.promises.readFile(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return undefined;
        const relative = path.relative(outdir, args.path).split(path.sep).join('/');
        const url = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
        return { contents: text.replaceAll('import.meta.url', url), loader: 'ts' };
      });
    },
  };
}

/**
 * Bundles the server into `outdir` (default apps/server/dist) and stamps the build. Each file is
 * written next to its place and renamed over it, so a server starting meanwhile reads either the
 * old or the new bundle, never half of one.
 */
export async function buildServer({ outdir = serverDist } = {}) {
  // The stamp carries the time the build read its inputs: a change made meanwhile makes it stale.
  const startedAt = new Date();
  const result = await build({
    entryPoints: [path.join(repoRoot, 'apps/server/src/main.ts')],
    outfile: path.join(outdir, 'main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // Stack traces map to the TypeScript with NODE_OPTIONS=--enable-source-maps (off by default:
    // it costs memory and start-up time, see the ADR).
    sourcemap: 'linked',
    // No keepNames: no code reads function or class names, and tsx's __name wrappers cost CPU.
    logLevel: 'warning',
    write: false,
    tsconfig: path.join(repoRoot, 'apps/server/tsconfig.json'),
    plugins: [externalPackages(outdir), sourceFileUrls(outdir)],
  });
  fs.mkdirSync(outdir, { recursive: true });
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.partial`;
    fs.writeFileSync(temporary, file.contents);
    fs.renameSync(temporary, file.path);
  }
  const stamp = path.join(outdir, '.build-stamp');
  fs.writeFileSync(stamp, startedAt.toISOString());
  fs.utimesSync(stamp, startedAt, startedAt);
}

/** Builds the server when its build is missing or stale; true when it built. */
export async function ensureServerBuild({ log = console.log, outdir = serverDist } = {}) {
  if (!isServerBuildStale(outdir)) return false;
  log('Server wird gebaut (Build fehlt oder ist veraltet) …');
  await buildServer({ outdir });
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--if-stale')) await ensureServerBuild();
  else await buildServer();
}

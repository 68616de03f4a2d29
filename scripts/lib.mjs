// Small helpers shared by the npm scripts (start, dev, test, e2e, bench). Plain Node, no dependencies.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const webDist = path.join(repoRoot, 'apps/web/dist');
const buildStamp = path.join(webDist, '.build-stamp');

/** Inputs of the web build: when any is newer than the last build, the build is stale. */
const webInputs = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/public',
  'packages/domain/src',
  'packages/embed/src',
  'packages/texts/live',
  'package-lock.json',
];

/** Newest modification time of a file or of anything below a directory (0 when missing). */
export function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** True when apps/web/dist is missing or older than any of its inputs. */
export function isWebBuildStale() {
  if (!fs.existsSync(buildStamp) || !fs.existsSync(path.join(webDist, 'index.html'))) return true;
  const built = fs.statSync(buildStamp).mtimeMs;
  return webInputs.some((input) => newestMtime(path.join(repoRoot, input)) > built);
}

/** Builds the web app with Vite and stamps the build. */
export async function buildWeb() {
  await run('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: path.join(repoRoot, 'apps/web') });
  fs.writeFileSync(buildStamp, new Date().toISOString());
}

/** Builds the web app when its build is missing or stale. */
export async function ensureWebBuild({ log = console.log } = {}) {
  if (!isWebBuildStale()) return false;
  log('Web-App wird gebaut (Build fehlt oder ist veraltet) …');
  await buildWeb();
  return true;
}

/** Runs a command with inherited output; resolves on exit code 0, rejects otherwise. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: repoRoot, ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

/** Finds Chromium: CHROMIUM_PATH, then the usual Debian locations. */
export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((candidate) => candidate && fs.existsSync(candidate));
}

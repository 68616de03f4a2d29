// `npm start`: build the web app and the server when needed, then run the compiled server
// (migrations, demo data, SPA + API).
import { spawn } from 'node:child_process';
import { ensureWebBuild, repoRoot } from './lib.mjs';
import { ensureServerBuild, serverEntry } from './server-build.mjs';

await ensureWebBuild();
await ensureServerBuild();

/**
 * `npm start` is the local profile: it switches the development-only routes (outbox, component
 * gallery) on unless DEVELOPMENT_ROUTES is set. The server still answers them only to loopback
 * peers, and never behind a proxy (TRUST_PROXY), where every request arrives from the proxy.
 */
function localProfile(env) {
  if (env.DEVELOPMENT_ROUTES !== undefined || (env.TRUST_PROXY ?? '') !== '') return env;
  return { ...env, DEVELOPMENT_ROUTES: 'true' };
}

const server = spawn(process.execPath, [serverEntry], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: localProfile(process.env),
});

// Ctrl-C reaches the whole process group; the server shuts down cleanly by itself, so this
// wrapper only forwards signals sent to it alone and waits for the server to finish.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 0 : 1));
});

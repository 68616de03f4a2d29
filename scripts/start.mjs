// `npm start`: build the web app and the server when needed, then run the compiled server
// (migrations, demo data, SPA + API).
import { spawn } from 'node:child_process';
import { startDemoHost } from './demo-host.mjs';
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

// The demo partner pages (issue 16) on DEMO_HOST_PORT (3001): a second origin that embeds the portal.
const portalOrigin = `http://localhost:${process.env.PORT ?? 3000}`;
startDemoHost({ port: Number(process.env.DEMO_HOST_PORT ?? 3001), portalOrigin }).then(
  ({ port }) => console.log(`Demo-Partnerseiten (Einbettung): http://localhost:${port}/`),
  (error) => console.log(`Demo-Partnerseiten nicht gestartet: ${error.message}`),
);

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

// `npm run dev`: the API server with file watching plus Vite with hot reload, proxied to the server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './lib.mjs';

const apiPort = process.env.PORT ?? '3000';
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    stdio: 'inherit',
    // Development: the outbox and the gallery on (loopback peers only), unless set otherwise.
    env: { DEVELOPMENT_ROUTES: 'true', ...process.env, PORT: apiPort },
  }),
  spawn('npx', ['vite', '--port', process.env.WEB_DEV_PORT ?? '5173', '--strictPort'], {
    cwd: path.join(repoRoot, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, API_PROXY_TARGET: `http://127.0.0.1:${apiPort}` },
  }),
];

let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill(signal);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
for (const child of children) {
  child.on('exit', (code) => {
    stop('SIGTERM');
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(code ?? 0);
  });
}

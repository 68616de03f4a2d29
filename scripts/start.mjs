// `npm start`: build the web app when needed, then run the server (migrations, demo data, SPA + API).
import { spawn } from 'node:child_process';
import { ensureWebBuild, repoRoot } from './lib.mjs';

await ensureWebBuild();

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: process.env,
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

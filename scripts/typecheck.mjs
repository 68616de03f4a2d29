// Type-checks every workspace project (tsc --noEmit per tsconfig), two at a time.
import { spawn } from 'node:child_process';
import { repoRoot } from './lib.mjs';

const projects = ['packages/domain', 'packages/embed', 'apps/server', 'apps/web', 'tsconfig.tools.json'];

function check(project) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsc', '-p', project], { cwd: repoRoot, stdio: 'inherit' });
    child.on('exit', (code) => resolve({ project, code }));
  });
}

const results = [];
for (let i = 0; i < projects.length; i += 2) {
  results.push(...(await Promise.all(projects.slice(i, i + 2).map(check))));
}
const failed = results.filter((r) => r.code !== 0);
for (const r of results) console.log(`tsc ${r.project}: ${r.code === 0 ? 'ok' : 'errors'}`);
process.exit(failed.length > 0 ? 1 : 0);

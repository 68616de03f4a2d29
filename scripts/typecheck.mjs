// Type-checks every workspace project (tsc --noEmit per tsconfig), two at a time, the longest first
// so that the two slots finish close together.
import { spawn } from 'node:child_process';
import { repoRoot } from './lib.mjs';

const projects = ['apps/server', 'apps/web', 'tsconfig.tools.json', 'packages/domain', 'packages/embed'];

function check(project) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsc', '-p', project], { cwd: repoRoot, stdio: 'inherit' });
    child.on('exit', (code) => resolve({ project, code }));
    child.on('error', () => resolve({ project, code: 1 }));
  });
}

const queue = [...projects];
const results = [];
async function slot() {
  for (let project = queue.shift(); project; project = queue.shift()) results.push(await check(project));
}
await Promise.all([slot(), slot()]);

const failed = results.filter((r) => r.code !== 0);
for (const project of projects) {
  const result = results.find((r) => r.project === project);
  console.log(`tsc ${project}: ${result?.code === 0 ? 'ok' : 'errors'}`);
}
process.exit(failed.length > 0 ? 1 : 0);

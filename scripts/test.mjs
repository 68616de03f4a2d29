// `npm test`: the whole suite in one go — lint + format, typecheck, unit tests, server tests on
// PGlite (and again on PostgreSQL when TEST_DATABASE_URL is set), then end-to-end tests in Chromium.
// Ends with one line 'N passed, M failed' summing every test runner's results.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { repoRoot } from './lib.mjs';

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'schirm-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function exec(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });
}

function countVitest(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!fs.existsSync(file)) return;
  const { stats } = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  totals.failed += stats?.unexpected ?? 0;
  totals.skipped += stats?.skipped ?? 0;
}

async function step(name, command, args, { env, report } = {}) {
  const started = Date.now();
  console.log(`\n━━ ${name} ━━`);
  const code = await exec(command, args, env);
  if (report) report();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`━━ ${name}: ${code === 0 ? 'ok' : `FEHLGESCHLAGEN (exit ${code})`} in ${seconds} s`);
  if (code !== 0) failedSteps.push(name);
}

function vitestStep(name, projects, env = {}) {
  const out = path.join(reportDir, `${name.replace(/\W+/g, '-')}.json`);
  const projectArgs = projects.flatMap((p) => ['--project', p]);
  return step(
    name,
    'npx',
    ['vitest', 'run', ...projectArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    {
      env,
      report: () => countVitest(out),
    },
  );
}

await step('Lint (ESLint)', 'npx', ['eslint', '--max-warnings=0', '.']);
await step('Format (Prettier)', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']);
await step('Typecheck', 'node', ['scripts/typecheck.mjs']);
await vitestStep('Unit tests (domain, embed, web)', ['domain', 'embed', 'web']);
await vitestStep('Server tests (PGlite)', ['server'], { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) {
  await vitestStep('Server tests (PostgreSQL)', ['server'], {
    TEST_DATABASE_URL: process.env.TEST_DATABASE_URL,
  });
} else {
  console.log('\n(Server tests on PostgreSQL skipped: TEST_DATABASE_URL is not set.)');
}
const e2eReport = path.join(reportDir, 'e2e.json');
await step('End-to-end tests (Chromium + axe)', 'node', ['scripts/e2e.mjs'], {
  env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
  report: () => countPlaywright(e2eReport),
});

console.log('');
if (failedSteps.length > 0) console.log(`Failed steps: ${failedSteps.join(', ')}`);
const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : '';
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(failedSteps.length > 0 || totals.failed > 0 ? 1 : 0);

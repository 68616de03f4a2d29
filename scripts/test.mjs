// `npm test`: the whole suite in one go — unit tests, server tests, then end-to-end tests in
// Chromium, with lint, format and typecheck running side by side with them at the lowest CPU
// priority (they use the CPU time the tests leave idle: waits for the database, page loads) and the
// builds the end-to-end tests need made during the server tests (docs/adr/0029-test-time.md).
// Server tests run on PGlite; when TEST_DATABASE_URL is set they run on that PostgreSQL server
// instead, and the database-platform tests (vitest project `server-pglite`) run on PGlite as well.
// Ends with the step times and one line 'Tests: N passed, M failed' summing every test runner's
// results.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { repoRoot } from './lib.mjs';

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'schirm-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const steps = [];
/** Each failed test with the start of its message, repeated at the very end of the output. */
const failures = [];

/** The first lines of a failure message, without colour codes and without the stack. */
const firstLines = (message = '') =>
  stripVTControlCharacters(message)
    .split('\n')
    .filter((line) => !/^\s+at /.test(line))
    .slice(0, 4)
    .map((line) => `      ${line.slice(0, 300)}`)
    .join('\n');

/** Runs a command at the lowest CPU priority (`nice -n 19`) where the platform has `nice`. */
const lowPriority = (command, args) =>
  process.platform === 'win32' ? [command, args] : ['nice', ['-n', '19', command, ...args]];

/**
 * Runs a command; with `buffer`, its output is held back and returned instead of streamed; with
 * `idle`, at the lowest CPU priority.
 */
function exec(command, args, { env = {}, buffer = false, idle = false } = {}) {
  return new Promise((resolve) => {
    const colour = buffer && process.stdout.isTTY ? { FORCE_COLOR: '1' } : {};
    [command, args] = idle ? lowPriority(command, args) : [command, args];
    const child = spawn(command, args, {
      cwd: repoRoot,
      stdio: buffer ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...colour, ...env },
    });
    const chunks = [];
    child.stdout?.on('data', (chunk) => chunks.push(chunk));
    child.stderr?.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code) => resolve({ code: code ?? 1, output: Buffer.concat(chunks).toString() }));
    child.on('error', (error) => resolve({ code: 1, output: `${error.message}\n` }));
  });
}

function countVitest(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const file of report.testResults ?? []) {
    const where = path.relative(repoRoot, file.name ?? '');
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed) failures.push(`${where} › ${t.fullName}\n${firstLines(t.failureMessages?.[0])}`);
    if (failed.length === 0 && file.status === 'failed')
      failures.push(`${where}\n${firstLines(file.message)}`);
  }
}

function countPlaywright(file) {
  if (!fs.existsSync(file)) return;
  const { stats } = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  totals.failed += stats?.unexpected ?? 0;
  totals.skipped += stats?.skipped ?? 0;
  const walk = (suite, titles) => {
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.error?.message;
        failures.push(
          `${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}\n${firstLines(error)}`,
        );
      }
    }
  };
  for (const suite of JSON.parse(fs.readFileSync(file, 'utf8')).suites ?? []) walk(suite, []);
}

/**
 * One step of the suite. `buffer`: print its output in one piece when it ends (parallel steps);
 * `idle`: run at the lowest CPU priority.
 */
async function step(name, command, args, { env, report, buffer = false, idle = false } = {}) {
  const started = Date.now();
  if (!buffer) console.log(`\n━━ ${name} ━━`);
  const { code, output } = await exec(command, args, { env, buffer, idle });
  if (report) report();
  const seconds = (Date.now() - started) / 1000;
  if (buffer) process.stdout.write(`\n━━ ${name} ━━\n${output}`);
  console.log(
    `━━ ${name}: ${code === 0 ? 'ok' : `FEHLGESCHLAGEN (exit ${code})`} in ${seconds.toFixed(1)} s`,
  );
  const result = { name, seconds, ok: code === 0 };
  if (!buffer) steps.push(result);
  return result;
}

/**
 * Steps that run side by side (each mostly single-threaded), in the background of the steps that
 * follow: output per step once it ends. Resolves with the group's row of the step times.
 */
async function together(name, { idle = false } = {}, ...parallelSteps) {
  const started = Date.now();
  const priority = idle ? ' at the lowest CPU priority, alongside the tests' : '';
  console.log(
    `\n━━ ${name}: ${parallelSteps.map(([stepName]) => stepName).join(', ')} side by side${priority} ━━`,
  );
  const results = await Promise.all(
    parallelSteps.map(([stepName, command, args, options]) =>
      step(stepName, command, args, { ...options, buffer: true, idle }),
    ),
  );
  const seconds = (Date.now() - started) / 1000;
  return { name, seconds, ok: results.every((r) => r.ok), members: results };
}

function vitestStep(name, projects, env = {}) {
  const out = path.join(reportDir, `${name.replace(/\W+/g, '-')}.json`);
  const projectArgs = projects.flatMap((p) => ['--project', p]);
  return step(
    name,
    'npx',
    ['vitest', 'run', ...projectArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    { env, report: () => countVitest(out) },
  );
}

const suiteStarted = Date.now();
// Lint, format and typecheck are CPU work without waits; the tests wait for the database, for
// pages and for timers. At nice 19 the checks take only the CPU the tests leave idle.
const staticChecks = together(
  'Static checks',
  { idle: true },
  ['Lint (ESLint)', 'npx', ['eslint', '--max-warnings=0', '.']],
  ['Format (Prettier)', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']],
  ['Typecheck', 'node', ['scripts/typecheck.mjs']],
);
await vitestStep('Unit tests (domain, embed, web)', ['domain', 'embed', 'web']);
// The web and server builds of the end-to-end tests, made while the server tests wait for their
// database; scripts/e2e.mjs then finds them up to date.
const e2eBuilds = step('Builds for the end-to-end tests', 'node', ['scripts/e2e.mjs', '--build-only'], {
  buffer: true,
});
if (process.env.TEST_DATABASE_URL) {
  await vitestStep(
    'Server tests (PostgreSQL; database platform also on PGlite)',
    ['server', 'server-isolated', 'server-pglite'],
    {
      TEST_DATABASE_URL: process.env.TEST_DATABASE_URL,
    },
  );
} else {
  await vitestStep('Server tests (PGlite)', ['server', 'server-isolated'], { TEST_DATABASE_URL: '' });
  console.log('(Server tests on PostgreSQL skipped: TEST_DATABASE_URL is not set.)');
}
steps.push(await e2eBuilds);
const e2eReport = path.join(reportDir, 'e2e.json');
// Tests tagged @erweitert (the development gallery, second widths of journeys that run at 375 px,
// the e-mail change) run with `npm run test:e2e` only: `npm test` stays within its 15 minutes.
await step('End-to-end tests (Chromium + axe)', 'node', ['scripts/e2e.mjs', '--grep-invert', '@erweitert'], {
  env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
  report: () => countPlaywright(e2eReport),
});
steps.push(await staticChecks);

const failedSteps = steps
  .flatMap((s) => s.members ?? [s])
  .filter((s) => !s.ok)
  .map((s) => s.name);
const row = (seconds, status, label) => `${seconds.toFixed(1).padStart(7)} s  ${status.padEnd(6)}  ${label}`;
console.log('\nStep times:');
for (const s of steps) {
  console.log(row(s.seconds, s.ok ? 'ok' : 'FAILED', s.name));
  for (const m of s.members ?? []) console.log(row(m.seconds, m.ok ? 'ok' : 'FAILED', `  ${m.name}`));
}
console.log(row((Date.now() - suiteStarted) / 1000, '', 'total'));
console.log('');
if (failures.length > 0) console.log(`Failed tests:\n${failures.map((f) => `  ${f}`).join('\n')}\n`);
if (failedSteps.length > 0) console.log(`Failed steps: ${failedSteps.join(', ')}`);
const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : '';
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(failedSteps.length > 0 || totals.failed > 0 ? 1 : 0);

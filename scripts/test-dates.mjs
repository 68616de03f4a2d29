// `npm run test:dates`: the unit and server tests with the clock set to other days, to find tests
// that only pass on some dates (a deadline that falls on a Sunday, a month end, a leap day, the
// hour after midnight in Germany that is still the day before in UTC). Needs libfaketime
// (`apt-get install faketime`); the clock runs on from the given instant. PGlite runs inside the
// test process and sees the same clock, so the server tests use it here (TEST_DATABASE_URL is
// ignored: a PostgreSQL server would keep the real time). Dates: TEST_DATES (comma separated,
// 'YYYY-MM-DD HH:MM:SS' in UTC) or the defaults below.
import { spawn, spawnSync } from 'node:child_process';
import { repoRoot } from './lib.mjs';

const DEFAULT_DATES = [
  '2026-11-25 09:00:00', // the day the revocation-deadline test broke: today + 11 was a Sunday
  '2027-01-31 23:30:00', // a Sunday; already 1 February in Germany
  '2026-12-31 12:00:00', // year end
  '2028-02-29 08:00:00', // leap day
];
const dates = (process.env.TEST_DATES ?? '')
  .split(',')
  .map((d) => d.trim())
  .filter(Boolean);
const projects = ['domain', 'web', 'server'];

if (spawnSync('faketime', ['--version'], { stdio: 'ignore' }).error) {
  console.error('faketime fehlt: apt-get install faketime / faketime is missing: apt-get install faketime');
  process.exit(1);
}

function run(date) {
  return new Promise((resolve) => {
    const args = [date, 'npx', 'vitest', 'run', ...projects.flatMap((p) => ['--project', p])];
    const child = spawn('faketime', args, {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...process.env, TZ: 'UTC', FAKETIME_DONT_FAKE_MONOTONIC: '1', TEST_DATABASE_URL: '' },
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

const results = [];
for (const date of dates.length > 0 ? dates : DEFAULT_DATES) {
  console.log(`\n━━ Tests am ${date} UTC ━━`);
  results.push({ date, code: await run(date) });
}
console.log('\n━━ Ergebnis ━━');
for (const { date, code } of results)
  console.log(`${date} UTC: ${code === 0 ? 'ok' : `FEHLGESCHLAGEN (exit ${code})`}`);
process.exit(results.every((r) => r.code === 0) ? 0 : 1);

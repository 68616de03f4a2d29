// End-to-end tests in Debian's Chromium (Playwright test runner, axe on every visited page).
// Without a Chromium the step is SKIPPED loudly, or fails when REQUIRE_E2E=1 (as in CI).
import { ensureWebBuild, findChromium, run } from './lib.mjs';
import { ensureServerBuild } from './server-build.mjs';

// `--build-only`: only the builds (npm test makes them while the server tests run).
const buildOnly = process.argv.includes('--build-only');
const chromium = findChromium();
if (!chromium && buildOnly) process.exit(0);
if (!chromium) {
  const banner = '!'.repeat(72);
  console.log(
    `${banner}\n!! E2E SKIPPED: no Chromium found (set CHROMIUM_PATH or apt-get install chromium)\n${banner}`,
  );
  process.exit(process.env.REQUIRE_E2E === '1' ? 1 : 0);
}

await ensureWebBuild();
// The E2E servers run the compiled server (playwright.config.ts), as `npm start` does.
await ensureServerBuild();
if (buildOnly) process.exit(0);
try {
  await run('npx', ['playwright', 'test', ...process.argv.slice(2)], {
    env: { ...process.env, CHROMIUM_PATH: chromium },
  });
} catch {
  process.exit(1);
}

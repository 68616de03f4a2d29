import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let built: TestApp;
let unbuilt: TestApp;
let distDir: string;

// Long enough that compression pays, as the build's .br and .gz files are written only then.
const APP_JS = `console.log(${JSON.stringify('Schirm '.repeat(200))});\n`;
const INDEX =
  '<!doctype html><html lang="de"><head><title>Schirm</title></head><body><div id="root"></div></body></html>';
// A page the build prerendered (apps/web/src/prerender): its first screen in its own index.html.
const SIGN_IN =
  '<!doctype html><html lang="de"><head><title>Anmelden</title></head><body><div id="root" data-prerendered="/kunden/login/"><h1>Anmelden</h1></div></body></html>';

beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'schirm-dist-'));
  await fs.mkdir(path.join(distDir, 'assets'));
  await fs.mkdir(path.join(distDir, 'kunden', 'login'), { recursive: true });
  // As the Vite build writes them: each text file also brotli- and gzip-compressed next to it.
  for (const [file, text] of [
    ['index.html', INDEX],
    [path.join('kunden', 'login', 'index.html'), SIGN_IN],
    [path.join('assets', 'index-3f9a1c.js'), APP_JS],
  ] as const) {
    await fs.writeFile(path.join(distDir, file), text);
    await fs.writeFile(path.join(distDir, `${file}.br`), brotliCompressSync(text));
    await fs.writeFile(path.join(distDir, `${file}.gz`), gzipSync(text));
  }
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

  it.each(['/kunden/login/', '/kunden/login'])(
    'answers %s with the prerendered sign-in, brotli-compressed and revalidated',
    async (url) => {
      const response = await built.app.inject({ url, headers: { ...html, 'accept-encoding': 'gzip, br' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(SIGN_IN);
    },
  );

  it.each(['/kunden/login/?brand=hfk', '/kunden/login/?embedded=true', '/kunden/login?withoutTranslations'])(
    'answers %s with the plain index.html: parameters change what the first screen shows',
    async (url) => {
      const response = await built.app.inject({ url, headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX);
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('answers a reload in a tab of another brand with the plain index.html, of the default brand with the sign-in', async () => {
    // The web app writes the session's brand into the flag-context cookie (flag-cookie.ts).
    const reload = (brand: string) =>
      built.app.inject({
        url: '/kunden/login/',
        headers: { ...html, cookie: `schirm_flag_context=${encodeURIComponent(JSON.stringify({ brand }))}` },
      });
    expect((await reload('hfk')).body).toBe(INDEX);
    expect((await reload('schirm')).body).toBe(SIGN_IN);
    expect((await reload('unbekannt')).body).toBe(SIGN_IN);
  });

  it.each(['/kunden/', '/kunden/login/passwort-vergessen/'])(
    'answers %s below or above the prerendered page with the plain index.html',
    async (url) => {
      const response = await built.app.inject({ url, headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX);
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

describe('precompressed files', () => {
  const asset = '/assets/index-3f9a1c.js';

  it('answers an asset request accepting brotli with the .br file, decoding to the original', async () => {
    const identity = await built.app.inject({ url: asset });
    const response = await built.app.inject({ url: asset, headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe(identity.headers['content-type']);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(response.headers['content-length'])).toBeLessThan(APP_JS.length / 5);
    expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(APP_JS);
  });

  it('prefers brotli over gzip when a browser accepts both, and sends gzip when only that is accepted', async () => {
    const browser = await built.app.inject({
      url: asset,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(browser.headers['content-encoding']).toBe('br');
    const gzipOnly = await built.app.inject({ url: asset, headers: { 'accept-encoding': 'gzip' } });
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipOnly.rawPayload).toString('utf8')).toBe(APP_JS);
  });

  it('answers without accept-encoding with the original bytes, marked as varying by accept-encoding', async () => {
    const response = await built.app.inject({ url: asset });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe(APP_JS);
  });

  it('sends a page request brotli index.html that revalidates', async () => {
    const response = await built.app.inject({
      url: '/kunden/vertraege/',
      headers: { ...html, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(INDEX);
  });

  it('sends a file that has no compressed copy as it is', async () => {
    const response = await built.app.inject({
      url: '/robots.txt',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('User-agent: *');
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

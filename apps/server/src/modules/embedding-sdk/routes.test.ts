// The embedding SDK's host scripts as partner pages load them: /embed/v1/schirm-embed.js and .mjs.
import vm from 'node:vm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

const SCRIPTS = ['/embed/v1/schirm-embed.js', '/embed/v1/schirm-embed.mjs'];

describe('embedding SDK scripts', () => {
  it.each(SCRIPTS)('%s is served to other origins, cached 5 minutes', async (url) => {
    const response = await testApp.app.inject({
      url,
      headers: { origin: 'https://www.radhaus-mueller.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(response.body.length).toBeGreaterThan(1000);
  });

  it('the script defines the global SchirmEmbed.embed, which puts the portal into an iframe', async () => {
    const response = await testApp.app.inject({ url: '/embed/v1/schirm-embed.js' });
    const created: { tag: string; src?: string; title?: string }[] = [];
    const document = {
      createElement: (tag: string) => {
        const element = { tag, style: {}, remove() {} } as { tag: string; src?: string; title?: string };
        created.push(element);
        return element;
      },
    };
    const page = { addEventListener() {}, removeEventListener() {} };
    const element = { ownerDocument: { ...document, defaultView: page }, appendChild() {} };
    // A browser's globals the script uses; nothing else of Node's.
    const context: {
      URL: typeof URL;
      URLSearchParams: typeof URLSearchParams;
      SchirmEmbed?: { embed?: (element: unknown, options: unknown) => unknown };
    } = { URL, URLSearchParams };
    vm.runInNewContext(`${response.body}\nthis.SchirmEmbed = SchirmEmbed;`, context);
    expect(typeof context.SchirmEmbed?.embed).toBe('function');
    context.SchirmEmbed?.embed?.(element, {
      origin: 'https://portal.schirm.example',
      partner: 'radhaus-mueller',
      product: 'fahrrad',
    });
    expect(created).toEqual([
      expect.objectContaining({
        tag: 'iframe',
        src: 'https://portal.schirm.example/fahrrad/antrag/?embedded=true&partner=radhaus-mueller',
        title: 'Versicherung abschließen',
      }),
    ]);
  });

  it('the module exports embed', async () => {
    const response = await testApp.app.inject({ url: '/embed/v1/schirm-embed.mjs' });
    expect(response.body).toMatch(/export\s*\{[^}]*\bas embed\b/);
  });

  it('serves the TypeScript declarations of the module next to it, with the same headers', async () => {
    const response = await testApp.app.inject({
      url: '/embed/v1/schirm-embed.d.mts',
      headers: { origin: 'https://www.radhaus-mueller.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/typescript; charset=utf-8');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(response.body).toContain(
      'export declare function embed(element: HTMLElement, options: EmbedOptions): EmbedHandle;',
    );
    expect(response.body).toContain('export interface EmbedOptions {');
    expect(response.body).not.toMatch(/^import /m);
    const gzip = await testApp.app.inject({
      url: '/embed/v1/schirm-embed.d.mts',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(response.body);
    const again = await testApp.app.inject({
      url: '/embed/v1/schirm-embed.d.mts',
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('sends brotli or gzip when accepted, and at most 5 KB gzip', async () => {
    const plain = await testApp.app.inject({ url: '/embed/v1/schirm-embed.js' });
    const gzip = await testApp.app.inject({
      url: '/embed/v1/schirm-embed.js',
      headers: { 'accept-encoding': 'gzip, deflate' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toContain('accept-encoding');
    expect(gzip.rawPayload.length).toBeLessThanOrEqual(5120);
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
    const br = await testApp.app.inject({
      url: '/embed/v1/schirm-embed.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const refused = await testApp.app.inject({
      url: '/embed/v1/schirm-embed.js',
      headers: { 'accept-encoding': 'br;q=0, gzip;q=0' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('answers 304 to a request with the current ETag', async () => {
    const first = await testApp.app.inject({ url: '/embed/v1/schirm-embed.mjs' });
    const again = await testApp.app.inject({
      url: '/embed/v1/schirm-embed.mjs',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['access-control-allow-origin']).toBe('*');
  });

  it('knows no other file or version under /embed', async () => {
    for (const url of [
      '/embed/v1/host.ts',
      '/embed/v2/schirm-embed.js',
      '/embed/v1/../../package.json',
      '/embed/v1/schirm-embed.d.ts',
      '/embed/v1/dist-types/schirm-embed.d.mts',
    ]) {
      const response = await testApp.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['access-control-allow-origin'], url).toBeUndefined();
    }
  });
});

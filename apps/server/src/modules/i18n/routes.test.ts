import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;
let textsDir: string;

const live = {
  version: '7',
  title: 'Verträge',
  actions: { save: 'Speichern', cancel: 'Abbrechen' },
};
const preview = { version: '7-preview', actions: { save: 'Änderung speichern' } };

beforeAll(async () => {
  textsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'schirm-texts-'));
  await fs.mkdir(path.join(textsDir, 'live'));
  await fs.mkdir(path.join(textsDir, 'preview'));
  await fs.writeFile(path.join(textsDir, 'live', 'contracts.json'), JSON.stringify(live));
  await fs.writeFile(path.join(textsDir, 'preview', 'contracts.json'), JSON.stringify(preview));
  await fs.writeFile(
    path.join(textsDir, 'live', 'plain.json'),
    JSON.stringify({ version: '1', hello: 'Hallo' }),
  );
  await fs.writeFile(path.join(textsDir, 'secret.json'), JSON.stringify({ secret: 'nicht ausliefern' }));
  testApp = await createTestApp({ config: { textsDir } });
});

afterAll(async () => {
  await testApp.close();
  await fs.rm(textsDir, { recursive: true, force: true });
});

describe('GET /api/i18n/{channel}/{namespace}', () => {
  it('serves the live texts with an ETag and Cache-Control: no-cache', async () => {
    const response = await testApp.app.inject({ url: '/api/i18n/live/contracts' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(live);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
  });

  it('serves preview as live with the preview overrides merged in depth', async () => {
    const response = await testApp.app.inject({ url: '/api/i18n/preview/contracts' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      version: '7-preview',
      title: 'Verträge',
      actions: { save: 'Änderung speichern', cancel: 'Abbrechen' },
    });
  });

  it('serves preview equal to live when the namespace has no preview file', async () => {
    const previewResponse = await testApp.app.inject({ url: '/api/i18n/preview/plain' });
    const liveResponse = await testApp.app.inject({ url: '/api/i18n/live/plain' });
    expect(previewResponse.json()).toEqual(liveResponse.json());
    expect(previewResponse.headers.etag).toBe(liveResponse.headers.etag);
  });

  it('answers 304 when If-None-Match carries the current ETag', async () => {
    const first = await testApp.app.inject({ url: '/api/i18n/live/contracts' });
    const again = await testApp.app.inject({
      url: '/api/i18n/live/contracts',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('gives live and preview different ETags when their texts differ', async () => {
    const liveResponse = await testApp.app.inject({ url: '/api/i18n/live/contracts' });
    const previewResponse = await testApp.app.inject({ url: '/api/i18n/preview/contracts' });
    expect(liveResponse.headers.etag).not.toBe(previewResponse.headers.etag);
  });

  it.each([
    '/api/i18n/live/unknown',
    '/api/i18n/draft/contracts',
    '/api/i18n/live/Contracts',
    '/api/i18n/live/..%2Fsecret',
    '/api/i18n/live/..%2F..%2Fpackage',
    '/api/i18n/live/%2e%2e',
    '/api/i18n/live/contracts.json',
  ])('answers %s with a JSON 404 and no file content', async (url) => {
    const response = await testApp.app.inject({ url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND', status: 404 } });
    expect(response.body).not.toContain('nicht ausliefern');
  });

  it('serves the real namespaces of packages/texts by default', async () => {
    const defaultApp = await createTestApp({ database: testApp.database });
    try {
      const response = await defaultApp.app.inject({ url: '/api/i18n/live/errors' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ codes: { NOT_FOUND: expect.any(String) } });
    } finally {
      await defaultApp.close();
    }
  });
});

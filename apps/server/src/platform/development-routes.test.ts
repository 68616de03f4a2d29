import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMessage } from '../modules/outbox/outbox';
import { DEVELOPMENT_TRANSPORT } from '../modules/outbox/transports';
import { createTestApp, type TestApp } from '../test/test-app';
import { parseConfig } from './config';
import { isDevelopmentPath, isLoopbackAddress } from './development-routes';

// Issue 11: a production server listed its outbox (reset codes, SMS TANs) to a request carrying
// `X-Forwarded-Host: localhost`. Development routes now depend on configuration and the TCP peer only.

const INDEX = '<!doctype html><html lang="de"><head><title>Schirm</title></head><body></body></html>';
const RESET_CODE_MAIL = 'Ihr Code zum Zurücksetzen des Passworts lautet 493817.';
const REMOTE = '203.0.113.7';

let distDir: string;
/** Configured as in production: development routes off (the default), behind a proxy. */
let production: TestApp;
/** Development routes on, as `npm start` does. */
let local: TestApp;

beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'schirm-dist-'));
  await fs.writeFile(path.join(distDir, 'index.html'), INDEX);
  production = await createTestApp({
    config: { developmentRoutes: false, trustProxy: true, webDistDir: distDir },
  });
  local = await createTestApp({ database: production.database, config: { webDistDir: distDir } });
  await enqueueMessage(
    production.database.db,
    { email: DEVELOPMENT_TRANSPORT, sms: DEVELOPMENT_TRANSPORT },
    {
      channel: 'email',
      to: 'erika.mustermann@example.com',
      subject: 'Passwort zurücksetzen',
      body: RESET_CODE_MAIL,
      purpose: 'PASSWORD_RESET_CODE',
    },
  );
});

afterAll(async () => {
  await local.close();
  await production.close();
  await fs.rm(distDir, { recursive: true, force: true });
});

const outbox = '/api/entwicklung/postausgang';
const html = { accept: 'text/html,application/xhtml+xml' };

describe('development routes on a production-configured server', () => {
  const tricks: Record<string, Record<string, string>> = {
    'Host: localhost': { host: 'localhost' },
    'X-Forwarded-Host: localhost': { host: 'www.schirm.de', 'x-forwarded-host': 'localhost' },
    'X-Forwarded-For: 127.0.0.1': { host: 'localhost', 'x-forwarded-for': '127.0.0.1' },
    'Forwarded: for=127.0.0.1;host=localhost': {
      host: 'localhost',
      forwarded: 'for=127.0.0.1;host=localhost',
    },
  };

  for (const [trick, headers] of Object.entries(tricks)) {
    it(`does not list the outbox for ${trick}, from a remote or a loopback peer`, async () => {
      for (const remoteAddress of [REMOTE, '127.0.0.1']) {
        const response = await production.app.inject({ url: outbox, headers, remoteAddress });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND', status: 404 } });
        expect(response.body).not.toContain('493817');
      }
    });
  }

  it('answers the component gallery page with the 404 page of the web app', async () => {
    const response = await production.app.inject({
      url: '/entwicklung/komponenten',
      headers: { ...html, host: 'localhost' },
      remoteAddress: '127.0.0.1',
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe(INDEX);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('does not let an encoded path slip past', async () => {
    for (const url of [
      '/api/%65ntwicklung/postausgang',
      '/api/entwicklung/%70ostausgang',
      '/api//entwicklung/postausgang',
    ]) {
      const response = await production.app.inject({ url, headers: { host: 'localhost' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('493817');
    }
  });

  it('refuses an attachment of the outbox, too', async () => {
    const response = await production.app.inject({
      url: `${outbox}/00000000-0000-4000-8000-000000000000/anhang`,
      headers: { host: 'localhost' },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('development routes switched on (npm start)', () => {
  it('lists the outbox to a loopback peer on localhost', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const response = await local.app.inject({ url: outbox, headers: { host: 'localhost' }, remoteAddress });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('493817');
    }
  });

  it('refuses a remote peer whatever its headers say', async () => {
    for (const headers of [
      { host: 'localhost' },
      { host: 'localhost', 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' },
    ]) {
      const response = await local.app.inject({ url: outbox, headers, remoteAddress: REMOTE });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('493817');
    }
    const page = await local.app.inject({
      url: '/entwicklung/komponenten',
      headers: { ...html, host: 'localhost' },
      remoteAddress: REMOTE,
    });
    expect(page.statusCode).toBe(404);
  });

  it('serves the gallery page to a loopback peer', async () => {
    const response = await local.app.inject({
      url: '/entwicklung/komponenten',
      headers: { ...html, host: 'localhost' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
  });

  it('leaves other pages and APIs alone for remote peers', async () => {
    const page = await production.app.inject({
      url: '/kunden/login/',
      headers: { ...html, host: 'www.schirm.de' },
      remoteAddress: REMOTE,
    });
    expect(page.statusCode).toBe(200);
    const health = await production.app.inject({
      url: '/api/health',
      headers: { host: 'www.schirm.de' },
      remoteAddress: REMOTE,
    });
    expect(health.statusCode).toBe(200);
  });
});

describe('configuration', () => {
  it('keeps development routes off unless switched on', () => {
    const result = parseConfig({});
    expect(result.ok && result.config.developmentRoutes).toBe(false);
    const on = parseConfig({ DEVELOPMENT_ROUTES: 'true' });
    expect(on.ok && on.config.developmentRoutes).toBe(true);
  });

  it('refuses development routes behind a proxy', () => {
    const result = parseConfig({ DEVELOPMENT_ROUTES: 'true', TRUST_PROXY: '1' });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems).toEqual([
      {
        variable: 'DEVELOPMENT_ROUTES',
        message: expect.stringContaining('nicht zusammen mit TRUST_PROXY') as unknown as string,
      },
    ]);
  });
});

describe('isLoopbackAddress and isDevelopmentPath', () => {
  it('knows loopback addresses', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1'])
      expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of [undefined, '', '10.0.0.1', '::ffff:10.0.0.1', '::2', 'localhost', '128.0.0.1'])
      expect(isLoopbackAddress(address), String(address)).toBe(false);
  });

  it('matches the development paths in any case, with query or not', () => {
    for (const url of [
      '/entwicklung',
      '/entwicklung/komponenten',
      '/api/entwicklung/postausgang?to=x',
      '/ENTWICKLUNG/',
    ])
      expect(isDevelopmentPath(url), url).toBe(true);
    for (const url of ['/', '/entwicklungen', '/api/entwicklungx', '/kunden/entwicklung'])
      expect(isDevelopmentPath(url), url).toBe(false);
  });
});

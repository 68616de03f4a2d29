import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FLAG_VALUES, FLAG_KEYS } from '@schirm/domain/flags';
import { createTestApp, type TestApp } from '../../test/test-app';
import { getFlags } from './service';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({
    testRoutes: async (app) => {
      app.get('/flags', async (request) => getFlags(request));
    },
  });
});

afterAll(async () => {
  await testApp.close();
});

const PRODUCTION = 'www.schirm.de';

function evaluate(key: string, context: unknown, host = 'localhost', headers: Record<string, string> = {}) {
  return testApp.app.inject({
    method: 'POST',
    url: `/ofrep/v1/evaluate/flags/${key}`,
    headers: { host, ...headers },
    payload: { context },
  });
}

function evaluateAll(context: unknown, host = 'localhost', headers: Record<string, string> = {}) {
  return testApp.app.inject({
    method: 'POST',
    url: '/ofrep/v1/evaluate/flags',
    headers: { host, ...headers },
    payload: { context },
  });
}

describe('OFREP single flag evaluation', () => {
  it('answers { key, value, reason, variant, metadata } for a known flag', async () => {
    const response = await evaluate('claims-hub', { targetingKey: 'user-1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      key: 'claims-hub',
      value: true,
      reason: 'STATIC',
      variant: 'on',
      metadata: { environment: 'localhost' },
    });
  });

  it('targets by brand: bhv-tariff-change is on in production for hfk only', async () => {
    const hfk = await evaluate('bhv-tariff-change', { brand: 'hfk' }, PRODUCTION);
    const schirm = await evaluate('bhv-tariff-change', { brand: 'schirm' }, PRODUCTION);
    expect(hfk.json()).toMatchObject({ value: true, reason: 'TARGETING_MATCH', metadata: { brand: 'hfk' } });
    expect(schirm.json()).toMatchObject({
      value: false,
      reason: 'STATIC',
      metadata: { environment: 'production' },
    });
  });

  it('takes the environment from the Host header, never from the context', async () => {
    const response = await evaluate(
      'bhv-tariff-change',
      { brand: 'schirm', environment: 'localhost' },
      PRODUCTION,
    );
    expect(response.json()).toMatchObject({ value: false, metadata: { environment: 'production' } });
  });

  it('falls back to the brand of the flag-context cookie, then to schirm', async () => {
    const cookie = `schirm_flag_context=${encodeURIComponent(JSON.stringify({ brand: 'hfk' }))}`;
    const fromCookie = await evaluate('bhv-tariff-change', {}, PRODUCTION, { cookie });
    expect(fromCookie.json()).toMatchObject({ value: true, reason: 'TARGETING_MATCH' });
    const brokenCookie = await evaluate('bhv-tariff-change', {}, PRODUCTION, {
      cookie: 'schirm_flag_context=%7Bkaputt',
    });
    expect(brokenCookie.json()).toMatchObject({ value: false, reason: 'STATIC' });
  });

  it('evaluates the list flag disabled-self-services', async () => {
    const response = await evaluate('disabled-self-services', { brand: 'protect-ch' }, PRODUCTION);
    expect(response.json()).toMatchObject({ key: 'disabled-self-services', value: ['elementar'] });
  });

  it('answers an unknown flag with 404 FLAG_NOT_FOUND', async () => {
    const response = await evaluate('no-such-flag', {});
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ key: 'no-such-flag', errorCode: 'FLAG_NOT_FOUND' });
  });

  it.each([
    ['an unknown brand', { brand: 'acme' }],
    ['a context that is not an object', 'hfk'],
    ['a targeting key that is not a string', { targetingKey: 42 }],
  ])('answers %s with 400 INVALID_CONTEXT', async (_case, context) => {
    const response = await evaluate('feedback', context);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ key: 'feedback', errorCode: 'INVALID_CONTEXT' });
  });

  it('answers an unknown host with 400 UNKNOWN_HOST', async () => {
    const response = await evaluate('feedback', {}, 'evil.example');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'UNKNOWN_HOST' } });
  });
});

describe('OFREP bulk evaluation', () => {
  it('answers every flag of spec §6 with an ETag', async () => {
    const response = await evaluateAll({ brand: 'schirm' });
    expect(response.statusCode).toBe(200);
    const { flags } = response.json() as { flags: { key: string; value: unknown; reason: string }[] };
    expect(flags.map((flag) => flag.key)).toEqual(FLAG_KEYS);
    expect(flags.every((flag) => flag.reason === 'STATIC')).toBe(true);
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
  });

  it('answers 304 without a body when If-None-Match carries the ETag', async () => {
    const first = await evaluateAll({ brand: 'hfk' }, PRODUCTION);
    const again = await evaluateAll({ brand: 'hfk' }, PRODUCTION, {
      'if-none-match': String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('gives another brand or environment another ETag', async () => {
    const hfk = await evaluateAll({ brand: 'hfk' }, PRODUCTION);
    const schirm = await evaluateAll({ brand: 'schirm' }, PRODUCTION);
    const local = await evaluateAll({ brand: 'hfk' });
    expect(new Set([hfk.headers.etag, schirm.headers.etag, local.headers.etag]).size).toBe(3);
    const stale = await evaluateAll({ brand: 'schirm' }, PRODUCTION, {
      'if-none-match': String(hfk.headers.etag),
    });
    expect(stale.statusCode).toBe(200);
  });

  it('answers a bad context with 400 INVALID_CONTEXT', async () => {
    const response = await evaluateAll({ brand: 'acme' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'INVALID_CONTEXT' });
  });
});

describe('getFlags(request) for server code', () => {
  it('returns all flag values for the request environment and cookie brand', async () => {
    const local = await testApp.app.inject({ url: '/api/test/flags' });
    expect(Object.keys(local.json() as object)).toEqual(FLAG_KEYS);
    expect(local.json()).toMatchObject({ 'new-product-generations': true, 'disabled-self-services': [] });

    const production = await testApp.app.inject({
      url: '/api/test/flags',
      headers: { host: PRODUCTION, cookie: `schirm_flag_context=${JSON.stringify({ brand: 'hfk' })}` },
    });
    expect(production.json()).toMatchObject({ 'bhv-tariff-change': true, 'new-product-generations': false });
  });

  it('has a production default for every flag of the same type as the safe default', async () => {
    const production = await testApp.app.inject({ url: '/api/test/flags', headers: { host: PRODUCTION } });
    const values = production.json() as Record<string, unknown>;
    for (const key of FLAG_KEYS) expect(typeof values[key], key).toBe(typeof DEFAULT_FLAG_VALUES[key]);
  });
});

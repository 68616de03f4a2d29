import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const response = await testApp.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as Record<string, unknown>;
    expect(document.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('documents the routes from their zod schemas, including the error envelope', async () => {
    const document = (await testApp.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/ready',
        '/api/i18n/{channel}/{namespace}',
        '/ofrep/v1/evaluate/flags',
        '/ofrep/v1/evaluate/flags/{key}',
      ]),
    );
    expect(Object.keys(document.paths).some((path) => path.startsWith('/api/docs'))).toBe(false);
    expect(document.components.schemas).toHaveProperty('ErrorEnvelope');
    expect(JSON.stringify(document.paths['/api/ready']?.get?.responses['503'])).toContain(
      '#/components/schemas/ErrorEnvelope',
    );
  });
});

describe('docs UI at /api/docs', () => {
  it('serves Swagger UI whose page loads only same-origin scripts, allowed by the strict CSP', async () => {
    const page = await testApp.app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self';");
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes = '', inline = ''] of scripts) {
      expect(inline.trim()).toBe('');
      const source = /src="([^"]+)"/.exec(attributes)?.[1] ?? '';
      expect(source).toMatch(/^\.\/static\//);
      const script = await testApp.app.inject({ url: `/api/docs/${source.slice(2)}` });
      expect(script.statusCode, source).toBe(200);
    }
    expect(page.body).not.toMatch(/\son[a-z]+=/i);
  });

  it('serves the document to the UI', async () => {
    const response = await testApp.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ openapi: '3.1.0' });
  });
});

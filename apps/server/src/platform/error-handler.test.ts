import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/test-app';
import { conflict, notFound } from './errors';
import { createLogger } from './logger';

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({
    logger: createLogger('info', logStream),
    testRoutes: async (app) => {
      app.get('/app-error', async () => {
        throw conflict('Version 3 expected, found 4', { code: 'CONTRACT_CHANGED' });
      });
      app.get('/not-found', async () => {
        throw notFound('Contract 17 not owned by partner 9', {
          code: 'CONTRACT_NOT_FOUND',
          userMessage: 'Diesen Vertrag gibt es nicht.',
        });
      });
      app.post(
        '/validated',
        {
          schema: {
            body: z.object({ email: z.email(), adresse: z.object({ plz: z.string().regex(/^\d{5}$/) }) }),
          },
        },
        async () => ({ ok: true }),
      );
      app.get('/domain-parse', async () => z.object({ tan: z.string().length(6) }).parse({ tan: '12' }));
      app.get('/crash', async () => {
        throw new Error('connection to db-internal-7:5432 refused; password=hunter2');
      });
      app.post('/echo', { bodyLimit: 64 }, async (request) => request.body);
      app.get('/limited', { config: { rateLimit: { max: 2, timeWindow: '1 minute' } } }, async () => ({
        ok: true,
      }));
    },
  });
});

afterAll(async () => {
  await testApp.close();
});

function envelope(body: string) {
  return (JSON.parse(body) as { error: Record<string, unknown> }).error;
}

describe('error envelope', () => {
  it('answers a thrown AppError with its status, code and German message, never the internal one', async () => {
    const response = await testApp.app.inject({ url: '/api/test/app-error' });
    expect(response.statusCode).toBe(409);
    const error = envelope(response.body);
    expect(error).toEqual({
      code: 'CONTRACT_CHANGED',
      status: 409,
      message:
        'Die Daten wurden inzwischen geändert. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
      requestId: response.headers['x-request-id'],
    });
    expect(response.body).not.toContain('Version 3');
  });

  it('uses a specific userMessage when the thrower gives one', async () => {
    const response = await testApp.app.inject({ url: '/api/test/not-found' });
    expect(response.statusCode).toBe(404);
    expect(envelope(response.body)).toMatchObject({
      code: 'CONTRACT_NOT_FOUND',
      message: 'Diesen Vertrag gibt es nicht.',
    });
  });

  it('turns zod request validation into 400 VALIDATION_FAILED with German field messages', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/validated',
      payload: { email: 'keine-adresse', adresse: { plz: '123' } },
    });
    expect(response.statusCode).toBe(400);
    const error = envelope(response.body);
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      status: 400,
      message: 'Bitte prüfen Sie Ihre Angaben.',
    });
    const fieldErrors = error.fieldErrors as { path: string; message: string }[];
    expect(fieldErrors.map((field) => field.path)).toEqual(['email', 'adresse.plz']);
    expect(fieldErrors.map((field) => field.message)).toEqual([
      'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
      'Bitte prüfen Sie das Format Ihrer Eingabe.',
    ]);
  });

  it('says "Bitte machen Sie eine Angabe." for a missing field', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/validated',
      payload: { adresse: { plz: '12345' } },
    });
    expect(envelope(response.body).fieldErrors).toEqual([
      { path: 'email', message: 'Bitte machen Sie eine Angabe.' },
    ]);
  });

  it('turns a ZodError thrown by server code into 400 VALIDATION_FAILED', async () => {
    const response = await testApp.app.inject({ url: '/api/test/domain-parse' });
    expect(response.statusCode).toBe(400);
    expect(envelope(response.body)).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: [{ path: 'tan' }],
    });
  });

  it('answers malformed JSON with 400 MALFORMED_JSON', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/validated',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(envelope(response.body)).toMatchObject({ code: 'MALFORMED_JSON', status: 400 });
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/validated',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expect(response.statusCode).toBe(415);
    expect(envelope(response.body)).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Dieses Datenformat wird nicht unterstützt.',
    });
  });

  it('answers a too large body with 413', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { text: 'x'.repeat(200) },
    });
    expect(response.statusCode).toBe(413);
    expect(envelope(response.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', status: 413 });
  });

  it('hides 5xx details from the client and logs them with the request id', async () => {
    const response = await testApp.app.inject({
      url: '/api/test/crash',
      headers: { 'x-request-id': 'trace-crash-1' },
    });
    expect(response.statusCode).toBe(500);
    expect(envelope(response.body)).toEqual({
      code: 'INTERNAL_ERROR',
      status: 500,
      message: 'Leider ist ein unerwarteter Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
      requestId: 'trace-crash-1',
    });
    expect(response.body).not.toContain('db-internal');
    const logged = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const failure = logged.find(
      (line) => line.requestId === 'trace-crash-1' && line.msg === 'request failed',
    );
    expect(JSON.stringify(failure)).toContain('db-internal-7');
  });
});

describe('unknown paths', () => {
  it('logs an unknown URL without its token or IBAN', async () => {
    const response = await testApp.app.inject({
      url: '/api/nope/DE89370400440532013000?token=geheim-404-token&x=1',
      headers: { 'x-request-id': 'trace-404-secret' },
    });
    expect(response.statusCode).toBe(404);
    const lines = logLines.filter((line) => line.includes('trace-404-secret'));
    expect(lines.join('\n')).toContain('request rejected');
    expect(lines.join('\n')).not.toContain('geheim-404-token');
    expect(lines.join('\n')).not.toContain('DE89370400440532013000');
  });

  it.each(['/api/nope', '/api/nope/deeper?x=1', '/ofrep/v2/anything'])(
    'answers %s with a JSON 404',
    async (url) => {
      const response = await testApp.app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(envelope(response.body)).toMatchObject({
        code: 'NOT_FOUND',
        message: 'Die angeforderte Seite oder Ressource wurde nicht gefunden.',
      });
    },
  );

  it('answers an unknown method on a known path with a JSON 404', async () => {
    const response = await testApp.app.inject({ method: 'DELETE', url: '/api/health' });
    expect(response.statusCode).toBe(404);
    expect(envelope(response.body).code).toBe('NOT_FOUND');
  });
});

describe('request id', () => {
  it('generates a UUID and echoes it in the x-request-id header', async () => {
    const response = await testApp.app.inject({ url: '/api/health' });
    expect(response.headers['x-request-id']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('keeps a sane incoming x-request-id', async () => {
    const response = await testApp.app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'lb-4711.a:b_c' },
    });
    expect(response.headers['x-request-id']).toBe('lb-4711.a:b_c');
  });

  it.each(['<script>', 'a'.repeat(200), 'two words'])(
    'replaces an insane incoming x-request-id %j',
    async (id) => {
      const response = await testApp.app.inject({ url: '/api/health', headers: { 'x-request-id': id } });
      expect(response.headers['x-request-id']).not.toBe(id);
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    },
  );
});

describe('environment by host name', () => {
  it('rejects an unknown host with 400 UNKNOWN_HOST', async () => {
    const response = await testApp.app.inject({ url: '/api/health', headers: { host: 'evil.example:3000' } });
    expect(response.statusCode).toBe(400);
    expect(envelope(response.body)).toMatchObject({
      code: 'UNKNOWN_HOST',
      message: 'Diese Adresse ist keiner Umgebung zugeordnet.',
    });
  });

  it('rejects an unknown host also on the docs UI', async () => {
    const response = await testApp.app.inject({ url: '/api/docs', headers: { host: 'evil.example' } });
    expect(response.statusCode).toBe(400);
  });

  it.each([
    ['localhost:3000', false],
    ['dev.schirm.de', true],
    ['www.schirm.de', true],
  ])('serves %s and sends HSTS only outside localhost (%s)', async (host, hasHsts) => {
    const response = await testApp.app.inject({ url: '/api/health', headers: { host } });
    expect(response.statusCode).toBe(200);
    expect('strict-transport-security' in response.headers).toBe(hasHsts);
  });
});

describe('security headers', () => {
  it('sends a strict CSP without unsafe-inline or unsafe-eval for scripts', async () => {
    const response = await testApp.app.inject({ url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    const directives = new Map(
      csp.split(';').map((directive) => {
        const [name = '', ...values] = directive.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'self'"]);
    expect(directives.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('rate limiting per route', () => {
  it('answers 429 TOO_MANY_REQUESTS with Retry-After once a route exceeds its limit', async () => {
    const statuses = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      statuses.push((await testApp.app.inject({ url: '/api/test/limited' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
    const limited = await testApp.app.inject({ url: '/api/test/limited' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(envelope(limited.body)).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      status: 429,
      message:
        'Sie haben zu viele Anfragen gesendet. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.',
    });
  });

  it('does not limit routes that did not opt in', async () => {
    const statuses = new Set<number>();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      statuses.add((await testApp.app.inject({ url: '/api/health' })).statusCode);
    }
    expect([...statuses]).toEqual([200]);
  });
});

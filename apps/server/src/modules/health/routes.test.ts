import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

describe('health and readiness', () => {
  it('GET /api/health answers 200 { status: "ok" }', async () => {
    const response = await testApp.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/ready answers 200 while the database answers', async () => {
    const response = await testApp.app.inject({ url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  // Runs last: it closes the database of this file's app.
  it('GET /api/ready answers 503 SERVICE_UNAVAILABLE once the database is gone, /api/health stays 200', async () => {
    await testApp.database.close();
    const ready = await testApp.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      error: {
        code: 'SERVICE_UNAVAILABLE',
        status: 503,
        message: 'Der Dienst ist vorübergehend nicht erreichbar. Bitte versuchen Sie es später erneut.',
      },
    });
    expect((await testApp.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});

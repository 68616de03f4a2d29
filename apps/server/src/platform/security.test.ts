import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { helmetOptions, isPageRequest, partnerFrameAncestors, type PartnerOrigins } from './security';

/** The headers helmet itself sets on a fresh response with these frame ancestors. */
function helmetHeaders(frameAncestors: readonly string[]): Record<string, string> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  helmet(helmetOptions(frameAncestors))(response.req, response, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.fromEntries(
    Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]),
  );
}

describe.each([
  { label: 'own site only', frameAncestors: ["'self'"] },
  { label: 'embedding partners', frameAncestors: ["'self'", 'https://partner.example'] },
])('security headers ($label)', ({ frameAncestors }) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ config: { frameAncestors } });
  });
  afterAll(() => testApp.close());

  it.each([
    { what: 'an answer', url: '/api/health', status: 200 },
    { what: 'a 404', url: '/api/gibt-es-nicht', status: 404 },
    { what: 'a 400', url: '/api/taa/phv/v2/tarifieren', method: 'POST' as const, status: 415 },
  ])('are exactly what helmet sets, on $what', async ({ url, method, status }) => {
    const response = await testApp.app.inject({
      url,
      method: method ?? 'GET',
      payload: method ? 'x' : undefined,
    });
    expect(response.statusCode).toBe(status);
    const expected = helmetHeaders(frameAncestors);
    expect(Object.keys(expected).length).toBeGreaterThan(8);
    for (const [name, value] of Object.entries(expected)) expect(response.headers[name], name).toBe(value);
  });

  it('forbids camera, microphone, location, payment and the other browser features by Permissions-Policy', async () => {
    for (const url of ['/api/health', '/api/gibt-es-nicht']) {
      const policy = String((await testApp.app.inject({ url })).headers['permissions-policy']);
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()'])
        expect(policy, url).toContain(feature);
    }
  });

  it('sends X-Frame-Options only when no other site may embed the portal', async () => {
    const response = await testApp.app.inject({ url: '/api/health' });
    expect(response.headers['x-frame-options']).toBe(frameAncestors.length === 1 ? 'SAMEORIGIN' : undefined);
    expect(response.headers['content-security-policy']).toContain(
      `frame-ancestors ${frameAncestors.join(' ')}`,
    );
  });
});

describe('partnerFrameAncestors (embedding partners, issue 16)', () => {
  const origins: PartnerOrigins = {
    byPartner: new Map([
      ['radhaus-mueller', ['https://www.radhaus.example', 'http://localhost:3001']],
      ['hausbank-nord', ['https://app.hausbank.example']],
    ]),
    all: new Set(['https://www.radhaus.example', 'http://localhost:3001', 'https://app.hausbank.example']),
  };

  it('gives the named partner all its origins, whatever the Referer says', () => {
    expect(partnerFrameAncestors(origins, 'radhaus-mueller', 'https://app.hausbank.example/')).toEqual([
      'https://www.radhaus.example',
      'http://localhost:3001',
    ]);
    expect(partnerFrameAncestors(origins, 'unbekannt', 'https://app.hausbank.example/')).toBeUndefined();
  });

  it('gives only the Referer origin when it is on an allowlist, and nothing for others or garbage', () => {
    expect(partnerFrameAncestors(origins, undefined, 'https://app.hausbank.example/konto?x=1')).toEqual([
      'https://app.hausbank.example',
    ]);
    expect(
      partnerFrameAncestors(origins, undefined, 'https://app.hausbank.example.boese.example/'),
    ).toBeUndefined();
    expect(partnerFrameAncestors(origins, undefined, 'http://www.radhaus.example/')).toBeUndefined();
    expect(partnerFrameAncestors(origins, undefined, 'kein url')).toBeUndefined();
    expect(partnerFrameAncestors(origins, undefined, undefined)).toBeUndefined();
  });
});

describe('isPageRequest', () => {
  it('takes the web app pages, not the API, files or changes', () => {
    expect(isPageRequest('GET', '/fahrrad/antrag/?embedded=true&partner=radhaus-mueller')).toBe(true);
    expect(isPageRequest('HEAD', '/kunden/')).toBe(true);
    expect(isPageRequest('GET', '/')).toBe(true);
    expect(isPageRequest('GET', '/api/health')).toBe(false);
    expect(isPageRequest('GET', '/assets/index-1a2b3c.js')).toBe(false);
    expect(isPageRequest('GET', '/embed/v1/schirm-embed.js?partner=x')).toBe(false);
    expect(isPageRequest('POST', '/kunden/')).toBe(false);
  });
});

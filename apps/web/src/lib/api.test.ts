import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiAuth, request } from './api';

afterEach(() => vi.unstubAllGlobals());

describe('shared API request', () => {
  it('does not send authenticated calls before a sign-in is connected', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    expect(await request({ path: '/api/vertrag/vertrag/{id}', pathParams: { id: 'V1' } })).toMatchObject({
      ok: false,
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uses the connected sign-in for the bearer token and for signing out', async () => {
    const fetchMock = vi.fn(
      async () => new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onUnauthenticated = vi.fn();
    let token: string | null = 'jwt-1';
    configureApiAuth({ getAccessToken: () => token, onUnauthenticated });

    await request({ path: '/api/vertrag/vertrag/{id}', pathParams: { id: 'V1' } });
    const init = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init[0]).toBe('/api/vertrag/vertrag/V1');
    expect(new Headers(init[1].headers).get('Authorization')).toBe('Bearer jwt-1');

    token = null;
    await request({ path: '/api/vertrag/vertrag/{id}', pathParams: { id: 'V1' } });
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('hands a 401 answer with the rejected token to the connected sign-in', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ error: { code: 'UNAUTHORIZED', message: 'Bitte melden Sie sich an.' } }),
            {
              status: 401,
              headers: { 'Content-Type': 'application/json' },
            },
          ),
      ),
    );
    const onUnauthorized = vi.fn();
    configureApiAuth({ getAccessToken: () => 'jwt-revoked', onUnauthenticated: vi.fn(), onUnauthorized });

    const result = await request({ path: '/api/vertrag/vertrag/{id}', pathParams: { id: 'V1' } });
    expect(result).toMatchObject({ ok: false, errorStatus: 401 });
    expect(onUnauthorized).toHaveBeenCalledExactlyOnceWith('jwt-revoked');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRequest } from '../../../lib/request';
import type { TokenResponse } from '../api/session-api';
import { createSessionStore, type SessionStore } from './session-store';

type Call = { method: string; path: string; authorization: string | null };

function tokens(accessToken: string, expiresIn = 600): TokenResponse {
  return {
    accessToken,
    tokenType: 'Bearer',
    expiresIn,
    expiresAt: new Date(Date.now() + expiresIn * 1000).toISOString(),
    user: {
      pool: 'benutzer',
      username: 'anna.schneider@example.com',
      nickname: 'Anna',
      partnerId: 'p-1',
      agentId: null,
    },
  };
}

function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const unauthorized = () =>
  json(401, { error: { code: 'UNAUTHORIZED', status: 401, message: 'Bitte melden Sie sich an.' } });

/** A store wired to the real request helper over a scripted fetch, like the app's. */
function setup(answers: Record<string, Array<() => Response | Promise<Response>>>) {
  const calls: Call[] = [];
  const fetchImpl = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = String(url);
    calls.push({ method, path, authorization: new Headers(init?.headers).get('Authorization') });
    const answer = answers[`${method} ${path}`]?.shift();
    if (!answer) throw new TypeError(`unexpected call ${method} ${path}`);
    return answer();
  });
  const holder: { store?: SessionStore } = {};
  const request = createRequest({
    getAccessToken: () => holder.store?.getAccessToken() ?? null,
    onUnauthenticated: () => holder.store?.handleUnauthenticated(),
    onUnauthorized: (token) => void holder.store?.handleUnauthorized(token),
    fetch: fetchImpl as typeof fetch,
  });
  const store = createSessionStore({ request });
  holder.store = store;
  return { store, calls, request };
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('session store: refresh ahead of expiry', () => {
  it('refreshes one minute before the access token expires and uses the new token', async () => {
    const { store, calls } = setup({ 'POST /api/auth/refresh': [() => json(200, tokens('second'))] });
    store.start(tokens('first', 600));

    await vi.advanceTimersByTimeAsync(539_000);
    expect(calls).toEqual([]);
    expect(await store.getAccessToken()).toBe('first');

    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toEqual([{ method: 'POST', path: '/api/auth/refresh', authorization: null }]);
    expect(store.getState()).toMatchObject({ status: 'signed-in', accessToken: 'second' });
    expect(await store.getAccessToken()).toBe('second');
  });

  it('refreshes short-lived tokens at half their lifetime', async () => {
    const { store, calls } = setup({ 'POST /api/auth/refresh': [() => json(200, tokens('second', 60))] });
    store.start(tokens('first', 60));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);
  });

  it('keeps refreshing: every new token schedules the next refresh', async () => {
    const { store, calls } = setup({
      'POST /api/auth/refresh': [() => json(200, tokens('second')), () => json(200, tokens('third'))],
    });
    store.start(tokens('first'));
    await vi.advanceTimersByTimeAsync(540_000 * 2);
    expect(calls).toHaveLength(2);
    expect(await store.getAccessToken()).toBe('third');
  });

  it('refreshes before a call when the timer could not run (e.g. a sleeping laptop)', async () => {
    const { store, calls, request } = setup({
      'POST /api/auth/refresh': [() => json(200, tokens('second'))],
      'GET /api/auth/me': [() => json(200, { username: 'anna.schneider@example.com' })],
    });
    store.start(tokens('first'));
    // The clock jumps without timers firing, as after a suspended device wakes up.
    vi.setSystemTime(Date.now() + 595_000);

    const result = await request({ path: '/api/auth/me' });
    expect(result.ok).toBe(true);
    expect(calls.map((call) => `${call.method} ${call.path} ${call.authorization}`)).toEqual([
      'POST /api/auth/refresh null',
      'GET /api/auth/me Bearer second',
    ]);
  });

  it('shares one refresh between calls that need it at the same time', async () => {
    const { store, calls } = setup({ 'POST /api/auth/refresh': [() => json(200, tokens('second'))] });
    store.start(tokens('first'));
    vi.setSystemTime(Date.now() + 600_000);
    const tokensSeen = await Promise.all([store.getAccessToken(), store.getAccessToken()]);
    expect(tokensSeen).toEqual(['second', 'second']);
    expect(calls).toHaveLength(1);
  });
});

describe('session store: sign-out when the session cannot go on', () => {
  it('signs out when the refresh is refused', async () => {
    const { store } = setup({ 'POST /api/auth/refresh': [unauthorized] });
    store.start(tokens('first'));
    await vi.advanceTimersByTimeAsync(540_000);
    expect(store.getState()).toEqual({ status: 'signed-out', reason: 'expired' });
    expect(await store.getAccessToken()).toBeNull();
  });

  it('retries a refresh that failed on the network while the token is valid, then signs out', async () => {
    const { store, calls } = setup({
      'POST /api/auth/refresh': [
        () => Promise.reject(new TypeError('Failed to fetch')),
        () => Promise.reject(new TypeError('Failed to fetch')),
        unauthorized,
      ],
    });
    store.start(tokens('first'));
    await vi.advanceTimersByTimeAsync(540_000);
    expect(store.getState()).toMatchObject({ status: 'signed-in', accessToken: 'first' });
    await vi.advanceTimersByTimeAsync(15_000);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(calls).toHaveLength(3);
    expect(store.getState()).toEqual({ status: 'signed-out', reason: 'expired' });
  });

  it('does not send an authenticated call without a token, and signs out', async () => {
    const { store, calls, request } = setup({ 'POST /api/auth/refresh': [unauthorized] });
    store.start(tokens('first'));
    vi.setSystemTime(Date.now() + 600_000);

    const result = await request({ path: '/api/vertrag/vertrag/{id}', pathParams: { id: '1' } });
    expect(result).toMatchObject({ ok: false, errorStatus: 401 });
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/refresh']);
    expect(store.getState()).toMatchObject({ status: 'signed-out' });
  });

  it('signs out through the server on this device', async () => {
    const { store, calls } = setup({ 'POST /api/auth/logout': [() => new Response(null, { status: 204 })] });
    store.start(tokens('first'));
    await store.signOut();
    expect(calls).toEqual([{ method: 'POST', path: '/api/auth/logout', authorization: null }]);
    expect(store.getState()).toEqual({ status: 'signed-out', reason: 'signed-out' });
    // No refresh is left scheduled for the old session.
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(calls).toHaveLength(1);
  });

  it('signs out everywhere with the bearer token and stays signed in when that fails', async () => {
    const { store, calls } = setup({
      'POST /api/auth/global-logout': [
        () => Promise.reject(new TypeError('Failed to fetch')),
        () => new Response(null, { status: 204 }),
      ],
    });
    store.start(tokens('first'));
    expect(await store.signOutEverywhere()).toBe(false);
    expect(store.getState()).toMatchObject({ status: 'signed-in' });
    expect(await store.signOutEverywhere()).toBe(true);
    expect(calls.map((call) => call.authorization)).toEqual(['Bearer first', 'Bearer first']);
    expect(store.getState()).toEqual({ status: 'signed-out', reason: 'signed-out' });
  });
});

describe('session store: a call answered with 401', () => {
  const contract = { path: '/api/vertrag/vertrag/{id}', pathParams: { id: '1' } } as const;
  const refreshCalls = (calls: Call[]) => calls.filter((call) => call.path === '/api/auth/refresh');

  it('signs out like a failed refresh when the token was revoked (sign-out on all devices)', async () => {
    const { store, calls, request } = setup({
      'GET /api/vertrag/vertrag/1': [unauthorized],
      'POST /api/auth/refresh': [unauthorized],
    });
    store.start(tokens('first'));

    expect(await request(contract)).toMatchObject({ ok: false, errorStatus: 401 });
    await vi.waitFor(() => expect(store.getState()).toEqual({ status: 'signed-out', reason: 'expired' }));
    expect(calls).toEqual([
      { method: 'GET', path: '/api/vertrag/vertrag/1', authorization: 'Bearer first' },
      { method: 'POST', path: '/api/auth/refresh', authorization: null },
    ]);
  });

  it('stays signed in with a new token when the refresh after the 401 succeeds', async () => {
    const { store, calls, request } = setup({
      'GET /api/vertrag/vertrag/1': [unauthorized, () => json(200, { versicherungsNummer: '1' })],
      'POST /api/auth/refresh': [() => json(200, tokens('second'))],
    });
    store.start(tokens('first'));

    await request(contract);
    await vi.waitFor(() =>
      expect(store.getState()).toMatchObject({ status: 'signed-in', accessToken: 'second' }),
    );
    expect(await request(contract)).toEqual({ ok: true, data: { versicherungsNummer: '1' } });
    expect(calls.at(-1)).toMatchObject({ authorization: 'Bearer second' });
  });

  it('does not refresh in a loop: a renewed token that is rejected too signs out', async () => {
    const { store, calls, request } = setup({
      'GET /api/vertrag/vertrag/1': [unauthorized, unauthorized],
      'POST /api/auth/refresh': [() => json(200, tokens('second'))],
    });
    store.start(tokens('first'));

    await request(contract);
    await vi.waitFor(() => expect(store.getState()).toMatchObject({ accessToken: 'second' }));
    await request(contract);
    await vi.waitFor(() =>
      expect(store.getState()).toEqual({ status: 'signed-out', reason: 'unauthenticated' }),
    );
    expect(refreshCalls(calls)).toHaveLength(1);
  });

  it('shares one refresh between parallel calls answered with 401', async () => {
    const { store, calls, request } = setup({
      'GET /api/vertrag/vertrag/1': [unauthorized],
      'GET /api/vertrag/vertrag/2': [unauthorized],
      'POST /api/auth/refresh': [() => json(200, tokens('second'))],
    });
    store.start(tokens('first'));

    await Promise.all([request(contract), request({ ...contract, pathParams: { id: '2' } })]);
    await vi.waitFor(() =>
      expect(store.getState()).toMatchObject({ status: 'signed-in', accessToken: 'second' }),
    );
    expect(refreshCalls(calls)).toHaveLength(1);
  });

  it('ignores the 401 of a token that was replaced meanwhile', async () => {
    const { store, calls } = setup({});
    store.start(tokens('second'));

    await store.handleUnauthorized('first');
    expect(store.getState()).toMatchObject({ status: 'signed-in', accessToken: 'second' });
    expect(calls).toEqual([]);
  });
});

describe('session store: restoring on page load', () => {
  it('signs in with the refresh cookie of an earlier visit', async () => {
    const { store } = setup({ 'POST /api/auth/refresh': [() => json(200, tokens('restored'))] });
    const restored = store.restore();
    expect(store.getState()).toEqual({ status: 'restoring' });
    // A call made while the session is being restored waits for it instead of going out without a token.
    const token = store.getAccessToken();
    await restored;
    expect(store.getState()).toMatchObject({ status: 'signed-in', accessToken: 'restored' });
    expect(await token).toBe('restored');
  });

  it('tries no refresh cookie inside a partner frame: signed out at once, for the host to sign in', async () => {
    const { store, calls } = setup({});
    await store.restore({ fromCookie: false });
    expect(store.getState()).toEqual({ status: 'signed-out', reason: 'none' });
    expect(calls).toEqual([]);
  });

  it('is signed out without a reason to show when there is no earlier session', async () => {
    const { store } = setup({ 'POST /api/auth/refresh': [unauthorized] });
    await store.restore();
    expect(store.getState()).toEqual({ status: 'signed-out', reason: 'none' });
  });
});

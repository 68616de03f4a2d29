import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { createRequest } from '../../../lib/request';
import type { TokenResponse } from '../api/session-api';
import { SignInPage } from '../sign-in/sign-in-page';
import { apiError, fakeApi, json, renderAuthRoutes } from '../testing/render-auth';
import { SessionGuard } from './session-guard';
import { createSessionStore, type SessionStore } from './session-store';
import { INACTIVITY_TIMEOUT_MS, INACTIVITY_WARNING_MS } from './use-inactivity';

function tokens(pool: 'benutzer' | 'vermittler' = 'benutzer', expiresIn = 600): TokenResponse {
  return {
    accessToken: 'token-1',
    tokenType: 'Bearer',
    expiresIn,
    expiresAt: new Date(Date.now() + expiresIn * 1000).toISOString(),
    user: { pool, username: 'anna.schneider@example.com', nickname: 'Anna', partnerId: 'p-1', agentId: null },
  };
}

/** A store and the request function over window.fetch, wired to each other like the app's. */
function sessionOverFetch() {
  const holder: { store?: SessionStore } = {};
  const request = createRequest({
    getAccessToken: () => holder.store?.getAccessToken() ?? null,
    onUnauthenticated: () => holder.store?.handleUnauthenticated(),
    onUnauthorized: (token) => void holder.store?.handleUnauthorized(token),
  });
  const store = createSessionStore({ request });
  holder.store = store;
  return { store, request };
}

function storeOverFetch(): SessionStore {
  return sessionOverFetch().store;
}

function WhereAmI() {
  const location = useLocation();
  return <p>{`Anmeldeseite, von ${String((location.state as { from?: string } | null)?.from)}`}</p>;
}

function renderPortal(store: SessionStore, path = '/kunden/vertraege/', loginElement = <WhereAmI />) {
  return renderAuthRoutes(
    [
      {
        path: '/kunden',
        element: <SessionGuard portal="kunden" store={store} />,
        children: [{ path: '*', element: <h1>Geschützte Seite</h1> }],
      },
      { path: '/kunden/login', element: loginElement },
    ],
    path,
  );
}

async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('session guard', () => {
  it('restores the session from the refresh cookie on page load', async () => {
    const api = fakeApi({ 'POST /api/auth/refresh': [() => json(200, tokens())] });
    renderPortal(storeOverFetch());
    await advance(0);
    expect(screen.getByRole('heading', { name: 'Geschützte Seite' })).toBeVisible();
    expect(api.calls.map((call) => call.path)).toEqual(['/api/auth/refresh']);
  });

  it('sends a visitor without a session to the sign-in and remembers the page', async () => {
    fakeApi({ 'POST /api/auth/refresh': [() => apiError(401, 'UNAUTHORIZED', 'Bitte melden Sie sich an.')] });
    renderPortal(storeOverFetch(), '/kunden/kundendaten/?tab=1');
    await advance(0);
    expect(screen.getByText('Anmeldeseite, von /kunden/kundendaten/?tab=1')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Geschützte Seite' })).not.toBeInTheDocument();
  });

  it('starts afresh after signing out on purpose: no way back to the page', async () => {
    fakeApi({ 'POST /api/auth/logout': [() => new Response(null, { status: 204 })] });
    const store = storeOverFetch();
    store.start(tokens());
    renderPortal(store, '/kunden/kundendaten/email/?token=abc');
    await advance(0);
    await act(async () => {
      await store.signOut();
    });
    expect(screen.getByText('Anmeldeseite, von undefined')).toBeVisible();
  });

  it('does not let an agent session into the customer portal', async () => {
    fakeApi({});
    const store = storeOverFetch();
    store.start(tokens('vermittler'));
    renderPortal(store);
    await advance(0);
    expect(screen.getByText(/^Anmeldeseite/)).toBeVisible();
  });

  it('signs out when the refresh fails and says that the session expired', async () => {
    const api = fakeApi({
      'POST /api/auth/refresh': [() => apiError(401, 'UNAUTHORIZED', 'Bitte melden Sie sich an.')],
    });
    const store = storeOverFetch();
    store.start(tokens());
    renderPortal(store, '/kunden/vertraege/', <SignInPage portal="kunden" />);
    await advance(0);
    expect(screen.getByRole('heading', { name: 'Geschützte Seite' })).toBeVisible();

    await advance(540_000);
    expect(api.calls.map((call) => call.path)).toEqual(['/api/auth/refresh']);
    expect(screen.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    expect(screen.getByText('Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.')).toBeVisible();
  });

  it('signs out when a call is answered with 401 after a sign-out on all devices', async () => {
    const api = fakeApi({
      'GET /api/vertrag/vertraege': [() => apiError(401, 'UNAUTHORIZED', 'Bitte melden Sie sich an.')],
      'POST /api/auth/refresh': [() => apiError(401, 'UNAUTHORIZED', 'Bitte melden Sie sich an.')],
    });
    const { store, request } = sessionOverFetch();
    store.start(tokens());
    renderPortal(store, '/kunden/vertraege/', <SignInPage portal="kunden" />);
    await advance(0);
    expect(screen.getByRole('heading', { name: 'Geschützte Seite' })).toBeVisible();

    await act(async () => {
      await request({ path: '/api/vertrag/vertraege' });
    });
    await advance(0);
    expect(api.calls.map((call) => call.path)).toEqual(['/api/vertrag/vertraege', '/api/auth/refresh']);
    expect(screen.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    expect(screen.getByText('Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.')).toBeVisible();
  });
});

describe('session guard: inactivity', () => {
  it('warns after 15 minutes without activity, counts down and then signs out', async () => {
    const api = fakeApi({ 'POST /api/auth/logout': [() => new Response(null, { status: 204 })] });
    const store = storeOverFetch();
    store.start(tokens('benutzer', 7200));
    renderPortal(store, '/kunden/vertraege/', <SignInPage portal="kunden" />);
    await advance(INACTIVITY_TIMEOUT_MS - 1_000);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await advance(1_000);
    const dialog = screen.getByRole('alertdialog', { name: 'Sind Sie noch da?' });
    expect(within(dialog).getByText('Abmeldung in 60 Sekunden.')).toBeVisible();
    await advance(59_000);
    expect(within(dialog).getByText('Abmeldung in 1 Sekunde.')).toBeVisible();
    expect(api.calls).toEqual([]);

    await advance(1_000);
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/auth/logout']);
    expect(store.getState()).toEqual({ status: 'signed-out', reason: 'inactive' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(
      screen.getByText('Sie waren 15 Minuten nicht aktiv und wurden zu Ihrer Sicherheit abgemeldet.'),
    ).toBeVisible();
  });

  it("keeps the session with 'Angemeldet bleiben' and warns again only after another 15 minutes", async () => {
    fakeApi({});
    const store = storeOverFetch();
    store.start(tokens('benutzer', 7200));
    renderPortal(store);
    await advance(INACTIVITY_TIMEOUT_MS + 30_000);
    const stay = screen.getByRole('button', { name: 'Angemeldet bleiben' });
    await act(async () => {
      stay.click();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await advance(INACTIVITY_TIMEOUT_MS - 1_000);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(store.getState().status).toBe('signed-in');
    await advance(1_000);
    expect(screen.getByRole('alertdialog', { name: 'Sind Sie noch da?' })).toBeVisible();
  });

  it('counts typing and clicking as activity', async () => {
    fakeApi({});
    const store = storeOverFetch();
    store.start(tokens('benutzer', 7200));
    renderPortal(store);
    await advance(INACTIVITY_TIMEOUT_MS - 60_000);
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    });
    await advance(60_000 + INACTIVITY_WARNING_MS);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(store.getState().status).toBe('signed-in');
  });
});

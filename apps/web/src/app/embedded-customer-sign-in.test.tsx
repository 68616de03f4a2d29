// The customer area inside a partner's app (issue 16), as the frame shows it: the host's user is
// signed in instead of the sign-in form, or a German page says what to do.
import { render, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../features/auth/session/session';
import { portalHandlers } from '../features/embedding/embedding-gate';
import { setHostConnection } from '../lib/embedding-host';
import { renderRoutes } from '../lib/testing/render-with-router';
import { connectRecordingHost, PARTNER } from '../lib/testing/embedding-host';
import {
  EmbeddedCustomerArea,
  EmbeddedCustomerSignIn,
  forgetEmbeddedSignIns,
} from './embedded-customer-sign-in';

const HAUSBANK = { ...PARTNER, partnerKey: 'hausbank-nord', name: 'Hausbank Nord', kundenbereich: true };
const SESSION = {
  accessToken: 'embedded-access',
  expiresIn: 300,
  partnernummer: '1000123',
  benutzer: { username: 'anna.schneider@example.com', nickname: 'Anna' },
};

afterEach(() => {
  session.handleUnauthenticated();
  forgetEmbeddedSignIns();
  setHostConnection(null);
  vi.unstubAllGlobals();
});

function stubServer(sitzung: { status: number; body?: unknown }) {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://portal.test');
      paths.push(`${init?.method ?? 'GET'} ${url.pathname}`);
      const reply =
        url.pathname === '/api/einbettung/sitzung'
          ? sitzung
          : url.pathname === '/api/vertrag/vertrag/findByPartnerNummer/1000123'
            ? { status: 200, body: [] }
            : { status: 404, body: { error: { message: 'Nicht gefunden.' } } };
      return new Response(JSON.stringify(reply.body ?? null), {
        status: reply.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return paths;
}

function renderSignIn(from = '/kunden/vertraege/') {
  const page = { index: true, element: <h1>Ihre Verträge</h1> };
  const router = createMemoryRouter(
    [
      { path: '/kunden/login', element: <EmbeddedCustomerSignIn /> },
      { path: '/kunden/vertraege', element: <EmbeddedCustomerArea />, children: [page] },
    ],
    { initialEntries: [{ pathname: '/kunden/login/', state: { from, reason: 'none' } }] },
  );
  return { ...render(<RouterProvider router={router} />), router };
}

describe('the customer sign-in inside a partner frame', () => {
  it("signs the host's user in (token in memory) and returns to the page they wanted", async () => {
    connectRecordingHost(
      { getAuthToken: { token: 'one-time' }, getPartnerNumber: { partnerNumber: '1000123' } },
      HAUSBANK,
    );
    const paths = stubServer({ status: 200, body: SESSION });
    const { router } = renderSignIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/kunden/vertraege/'));
    expect(await screen.findByRole('heading', { name: 'Ihre Verträge' })).toBeInTheDocument();
    expect(session.getState()).toMatchObject({
      status: 'signed-in',
      accessToken: 'embedded-access',
      // The greeting names the person, not the customer number.
      user: { username: 'anna.schneider@example.com', nickname: 'Anna' },
    });
    expect(paths).toContain('POST /api/einbettung/sitzung');
    expect(await portalHandlers.contracts?.list()).toEqual([]);
    expect(paths).toContain('GET /api/vertrag/vertrag/findByPartnerNummer/1000123');
  });

  it('asks the person to sign in to the partner app when the host has no user, and passes axe', async () => {
    connectRecordingHost({ getAuthToken: null }, HAUSBANK);
    const paths = stubServer({ status: 200, body: SESSION });
    const { container } = renderSignIn();
    expect(
      await screen.findByRole('heading', {
        name: 'Bitte melden Sie sich in der Anwendung Ihres Partners an.',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
    expect(paths).toEqual([]);
    expect(session.getState().status).not.toBe('signed-in');
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });

  it('shows no data when the host names another customer than its token stands for', async () => {
    connectRecordingHost(
      { getAuthToken: { token: 'one-time' }, getPartnerNumber: { partnerNumber: '1000999' } },
      HAUSBANK,
    );
    stubServer({ status: 200, body: SESSION });
    renderSignIn();
    expect(
      await screen.findByRole('heading', { name: 'Ihr Kundenbereich kann hier nicht angezeigt werden.' }),
    ).toBeInTheDocument();
    expect(session.getState().status).not.toBe('signed-in');
  });

  it('does not show the customer area to a partner without it', async () => {
    connectRecordingHost({ getAuthToken: { token: 'one-time' } }, { ...HAUSBANK, kundenbereich: false });
    const paths = stubServer({ status: 200, body: SESSION });
    renderSignIn();
    expect(
      await screen.findByRole('heading', { name: 'Diese Seite kann hier nicht eingebettet werden.' }),
    ).toBeInTheDocument();
    expect(paths).toEqual([]);
  });

  it("ends a session in the frame that was not started through the host (the portal's own sign-in)", async () => {
    connectRecordingHost({}, HAUSBANK);
    session.start({
      accessToken: 'direct-sign-in',
      tokenType: 'Bearer',
      expiresIn: 300,
      expiresAt: '2026-03-10T10:00:00Z',
      user: { pool: 'benutzer', username: 'anna', nickname: null, partnerId: '1000777', agentId: null },
    });
    renderRoutes(
      [
        {
          path: '/kunden/vertraege',
          element: <EmbeddedCustomerArea />,
          children: [{ index: true, element: <h1>Ihre Verträge</h1> }],
        },
      ],
      { path: '/kunden/vertraege/' },
    );
    await waitFor(() =>
      expect(session.getState()).toMatchObject({ status: 'signed-out', reason: 'unauthenticated' }),
    );
    expect(screen.queryByRole('heading', { name: 'Ihre Verträge' })).not.toBeInTheDocument();
  });

  it('does not start again by itself when the session ended right after it began', async () => {
    const sent = connectRecordingHost(
      { getAuthToken: { token: 'one-time' }, getPartnerNumber: { partnerNumber: '1000123' } },
      HAUSBANK,
    );
    stubServer({ status: 200, body: SESSION });
    const first = renderSignIn();
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/kunden/vertraege/'));
    first.unmount();
    session.handleUnauthenticated();

    renderSignIn();
    expect(await screen.findByRole('heading', { name: 'Sie wurden abgemeldet.' })).toBeInTheDocument();
    expect(sent.filter((command) => command.name === 'getAuthToken')).toHaveLength(1);
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiAuth } from '../../lib/api';
import { renderRoutes } from '../../lib/testing/render-with-router';
import type { ConsentEntry, ConsentStatus, ConsentWording } from './api/consent-api';
import { ConsentPage, type ConsentSession } from './consent-page';

const WORDING: Omit<ConsentWording, 'zustand'> = {
  art: 'GESUNDHEITSDATEN',
  version: '2026-11',
  gueltigAb: '2026-11-26',
  sha256: 'a'.repeat(64),
  titel: 'Einwilligung in die Erhebung und Verwendung von Gesundheitsdaten',
  absaetze: ['Erster Absatz zur Reisekrankenversicherung.', 'Zweiter Absatz: Art. 9 DSGVO und § 213 VVG.'],
  widerrufsfolgen: 'Nach einem Widerruf stellen wir keine Gesundheitsfragen mehr.',
};

interface FakeServer {
  zustand: ConsentStatus;
  history: ConsentEntry[];
  calls: { method: string; path: string; body?: unknown; authorization: string | null }[];
  /** Answer for the POST instead of giving (e.g. 409 after a new wording). */
  give?: () => Response;
}

/** The consent API of apps/server/src/modules/consents, in memory, behind a stubbed fetch. */
function fakeServer(zustand: ConsentStatus, options: Partial<FakeServer> = {}): FakeServer {
  const server: FakeServer = { zustand, history: [], calls: [], ...options };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const authorization = new Headers(init?.headers).get('Authorization');
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      server.calls.push({ method, path: url.pathname, body, authorization });
      if (url.pathname === '/api/schadenstrecke/einwilligungserklaerung') {
        if (method === 'GET') {
          return Response.json({ ...WORDING, ...(authorization ? { zustand: server.zustand } : {}) });
        }
        if (method === 'POST') {
          if (server.give) return server.give();
          server.zustand = { status: 'ERTEILT', version: '2026-11', erteiltAm: '2026-11-26T09:00:00.000Z' };
          server.history.unshift({
            id: `c-${server.history.length}`,
            art: 'GESUNDHEITSDATEN',
            titel: WORDING.titel,
            version: '2026-11',
            sha256: WORDING.sha256,
            erteiltAm: '2026-11-26T09:00:00.000Z',
            beendetAm: null,
            beendetDurch: null,
            aktuelleFassung: true,
          });
          return Response.json(server.zustand);
        }
        if (method === 'DELETE') {
          server.zustand = {
            status: 'WIDERRUFEN',
            version: '2026-11',
            erteiltAm: '2026-11-26T09:00:00.000Z',
            widerrufenAm: '2026-11-27T10:00:00.000Z',
          };
          const running = server.history.find((entry) => entry.beendetAm === null);
          if (running)
            Object.assign(running, { beendetAm: '2026-11-27T10:00:00.000Z', beendetDurch: 'WIDERRUF' });
          return Response.json(server.zustand);
        }
      }
      if (url.pathname === '/api/partner/einwilligungen')
        return Response.json({ einwilligungen: server.history });
      return Response.json({ error: { message: 'unbekannt' } }, { status: 500 });
    }),
  );
  configureApiAuth({ getAccessToken: () => 'token-1', onUnauthenticated: () => undefined });
  return server;
}

function renderPage(session: ConsentSession) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderRoutes(
    [
      {
        path: '/einwilligung',
        element: (
          <QueryClientProvider client={client}>
            <main>
              <ConsentPage session={session} />
            </main>
          </QueryClientProvider>
        ),
      },
      { path: '/kunden/einwilligung', element: <p>Kundenportal: Einwilligung</p> },
    ],
    { path: '/einwilligung/' },
  );
}

async function expectNoAxeViolations(): Promise<void> {
  const results = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Einwilligung', () => {
  it('shows the wording with its version to a visitor, and a sign-in that leads to the portal page', async () => {
    const server = fakeServer({ status: 'NICHT_ERTEILT' });
    const { router } = renderPage('signed-out');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Einwilligung in die Erhebung und Verwendung von Gesundheitsdaten',
      }),
    ).toBeVisible();
    expect(screen.getByText('Fassung 2026-11, gültig ab 26.11.2026')).toBeVisible();
    expect(screen.getByText('Zweiter Absatz: Art. 9 DSGVO und § 213 VVG.')).toBeVisible();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    // Without a session the wording is asked for without a token.
    expect(server.calls[0]).toMatchObject({ method: 'GET', authorization: null });
    await expectNoAxeViolations();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Anmelden und einwilligen' }));
    expect(router.state.location.pathname).toBe('/kunden/einwilligung/');
  });

  it('gives the consent only with the box ticked, then shows the state and date and the history', async () => {
    const server = fakeServer({ status: 'NICHT_ERTEILT' });
    renderPage('signed-in');
    const user = userEvent.setup();
    expect(await screen.findByText('Sie haben bisher nicht eingewilligt.')).toBeVisible();
    await expectNoAxeViolations();

    await user.click(screen.getByRole('button', { name: 'Einwilligung erteilen' }));
    expect(screen.getByText('Bitte bestätigen Sie, dass Sie einwilligen.')).toBeVisible();
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(
      screen.getByRole('checkbox', { name: /willige in die Verarbeitung meiner Gesundheitsdaten/ }),
    );
    await user.click(screen.getByRole('button', { name: 'Einwilligung erteilen' }));
    expect(await screen.findByText('Vielen Dank. Ihre Einwilligung ist gespeichert.')).toBeVisible();
    expect(await screen.findByText('Sie haben am 26.11.2026 eingewilligt (Fassung 2026-11).')).toBeVisible();
    expect(server.calls.find((call) => call.method === 'POST')).toMatchObject({
      body: { version: '2026-11', zugestimmt: true },
      authorization: 'Bearer token-1',
    });
    const history = await screen.findByRole('region', { name: 'Ihre bisherigen Einwilligungen' });
    expect(within(history).getByText(/Fassung 2026-11: erteilt am 26.11.2026, gilt/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Einwilligung erteilen' })).not.toBeInTheDocument();
  });

  it('withdraws after explaining the consequences in a dialog, and shows the date', async () => {
    fakeServer({ status: 'ERTEILT', version: '2026-11', erteiltAm: '2026-11-26T09:00:00.000Z' });
    renderPage('signed-in');
    const user = userEvent.setup();
    expect(await screen.findByText('Sie haben am 26.11.2026 eingewilligt (Fassung 2026-11).')).toBeVisible();
    expect(screen.getByText('Nach einem Widerruf stellen wir keine Gesundheitsfragen mehr.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Einwilligung widerrufen' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Einwilligung wirklich widerrufen?' });
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Ja, widerrufen' }));
    expect(await screen.findByText('Ihr Widerruf ist gespeichert.')).toBeVisible();
    expect(await screen.findByText('Sie haben Ihre Einwilligung am 27.11.2026 widerrufen.')).toBeVisible();
    // After a withdrawal the customer may consent again.
    expect(screen.getByRole('button', { name: 'Einwilligung erteilen' })).toBeVisible();
  });

  it('asks a customer who agreed to an older wording to consent again, and explains a 409', async () => {
    fakeServer(
      { status: 'VERALTET', version: '2025-01', erteiltAm: '2025-01-10T09:00:00.000Z' },
      {
        give: () =>
          Response.json(
            {
              error: {
                code: 'CONSENT_VERSION_CHANGED',
                status: 409,
                message:
                  'Der Text der Einwilligung wurde inzwischen geändert. Bitte lesen Sie die aktuelle Fassung und willigen Sie erneut ein.',
              },
            },
            { status: 409 },
          ),
      },
    );
    renderPage('signed-in');
    const user = userEvent.setup();
    expect(await screen.findByText(/einer früheren Fassung \(2025-01\) zugestimmt/)).toBeVisible();
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Einwilligung erteilen' }));
    expect(
      await screen.findByText('Der Text der Einwilligung wurde inzwischen geändert.', { exact: false }),
    ).toHaveAttribute('role', 'alert');
  });
});

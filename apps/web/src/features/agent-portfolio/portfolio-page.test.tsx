import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiAuth } from '../../lib/api';
import { renderRoutes } from '../../lib/testing/render-with-router';
import type { PortfolioCustomer, PortfolioPage as Page } from './portfolio-api';
import { PortfolioPage } from './portfolio-page';

// The Kundenbestand page against GET /api/vermittler/kundenbestand (and its download) of
// apps/server/src/modules/agent-portfolio, behind a stubbed fetch: what the agent sees and which
// query each search, filter and page sends.

const ANNA: PortfolioCustomer = {
  partnerNummer: '2000000001',
  name: 'Schneider, Anna',
  privat: true,
  email: 'anna.schneider@example.de',
  plz: '50823',
  ort: 'Köln',
  vertraege: 2,
  produkte: ['HAUSRAT', 'PRIVATHAFTPFLICHT'],
  status: ['LAUFEND', 'AUSLAUFEND'],
  jahresbeitragCents: 131_868,
  ueberfaellig: true,
  offeneAufgabe: false,
  vermittler: [{ vermittlerNummer: '1000000001', name: 'Thomas Krüger' }],
};
const WEBER: PortfolioCustomer = {
  ...ANNA,
  partnerNummer: '2000000002',
  name: 'Weber Digitalagentur GmbH',
  privat: false,
  email: null,
  vertraege: 1,
  produkte: ['BHV_2'],
  status: ['LAUFEND'],
  jahresbeitragCents: 45_000,
  ueberfaellig: false,
  offeneAufgabe: true,
  vermittler: [{ vermittlerNummer: '1000000002', name: 'Stefan Wolf' }],
};
const AGENTS: Page['vermittler'] = [
  {
    id: 'a-1',
    vermittlerNummer: '1000000001',
    name: 'Thomas Krüger',
    agenturName: 'Büro Krüger',
    eigene: true,
  },
  { id: 'a-2', vermittlerNummer: '1000000002', name: 'Stefan Wolf', agenturName: 'Wolf', eigene: false },
];

function fakeServer(answer: (query: URLSearchParams) => Page | Response) {
  const queries: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/vermittler/kundenbestand') {
        queries.push(url.searchParams);
        const result = answer(url.searchParams);
        return result instanceof Response ? result : Response.json(result);
      }
      if (url.pathname === '/api/vermittler/vermittler/kundenbestand/download') {
        queries.push(url.searchParams);
        return new Response('Partnernummer;Kunde\r\n', { headers: { 'content-type': 'text/csv' } });
      }
      return Response.json({ error: { message: 'unbekannt' } }, { status: 500 });
    }),
  );
  configureApiAuth({ getAccessToken: () => 'agent-token', onUnauthenticated: () => undefined });
  return queries;
}

const page = (kunden: PortfolioCustomer[], gesamt = kunden.length, seite = 1): Page => ({
  kunden,
  gesamt,
  seite,
  proSeite: 20,
  vermittler: AGENTS,
});

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderRoutes(
    [
      {
        path: '/vermittler',
        element: (
          <QueryClientProvider client={client}>
            <main>
              <Outlet />
            </main>
          </QueryClientProvider>
        ),
        children: [{ path: 'kundenbestand', element: <PortfolioPage /> }],
      },
    ],
    { path },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Kundenbestand', () => {
  it('shows the customers as a table with links, totals and hints, axe clean', async () => {
    fakeServer(() => page([ANNA, WEBER], 45));
    renderAt('/vermittler/kundenbestand/');
    const table = await screen.findByRole('table', { name: 'Kunden im Bestand' });
    const anna = within(table).getByRole('link', { name: 'Schneider, Anna' });
    expect(anna.getAttribute('href')).toBe('/vermittler/kunde/2000000001/');
    const annaRow = anna.closest('tr') as HTMLElement;
    expect(within(annaRow).getByText('2 Verträge')).toBeTruthy();
    expect(within(annaRow).getByText('Hausrat, Privathaftpflicht')).toBeTruthy();
    expect(within(annaRow).getByText('Laufend, Läuft aus')).toBeTruthy();
    expect(within(annaRow).getByText('1.318,68 EUR')).toBeTruthy();
    expect(within(annaRow).getByText('Beitrag überfällig')).toBeTruthy();
    const weberRow = within(table).getByRole('link', { name: 'Weber Digitalagentur GmbH' }).closest('tr');
    expect(within(weberRow as HTMLElement).getByText('Offene Aufgabe')).toBeTruthy();
    expect(screen.getByText('45 Kunden gefunden')).toBeTruthy();
    expect(screen.getByText('1 von 3')).toBeTruthy();
    const results = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });

  it('keeps search, filters and page in the URL and sends them to the API', async () => {
    const queries = fakeServer((query) => page([ANNA], 45, Number(query.get('seite') ?? 1)));
    const user = userEvent.setup();
    const { router } = renderAt('/vermittler/kundenbestand/?produkt=HAUSRAT&ueberfaellig=true');
    await screen.findByRole('table');
    expect(queries.at(-1)?.get('produkt')).toBe('HAUSRAT');
    expect(queries.at(-1)?.get('ueberfaellig')).toBe('true');
    expect(
      (screen.getByRole('checkbox', { name: /Nur mit überfälligem Beitrag/ }) as HTMLInputElement).checked,
    ).toBe(true);

    await user.type(screen.getByRole('searchbox', { name: /Suche/ }), 'Schneider');
    await user.click(screen.getByRole('button', { name: 'Suchen' }));
    await waitFor(() => expect(router.state.location.search).toContain('suche=Schneider'));
    expect(router.state.location.search).toContain('produkt=HAUSRAT');
    await waitFor(() => expect(queries.at(-1)?.get('suche')).toBe('Schneider'));

    await user.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    await waitFor(() => expect(router.state.location.search).toContain('seite=2'));
    await waitFor(() => expect(queries.at(-1)?.get('seite')).toBe('2'));

    await user.click(screen.getByRole('checkbox', { name: /Nur mit offener Aufgabe/ }));
    await waitFor(() => expect(queries.at(-1)?.get('offeneAufgabe')).toBe('true'));
    // A new filter starts at page 1 again.
    expect(router.state.location.search).not.toContain('seite=');

    await user.click(screen.getByRole('button', { name: 'Als CSV-Datei' }));
    await waitFor(() => expect(queries.at(-1)?.get('format')).toBe('csv'));
    expect(queries.at(-1)?.get('suche')).toBe('Schneider');
    expect(queries.at(-1)?.get('offeneAufgabe')).toBe('true');
  });

  it('says why the list is empty: no customers at all, or none for the filters', async () => {
    fakeServer(() => page([]));
    const first = renderAt('/vermittler/kundenbestand/');
    expect(await screen.findByRole('heading', { name: 'Noch keine Kunden in Ihrem Bestand' })).toBeTruthy();
    first.unmount();

    fakeServer(() => page([]));
    const user = userEvent.setup();
    const { router } = renderAt('/vermittler/kundenbestand/?suche=Niemand');
    expect(await screen.findByRole('heading', { name: 'Keine Kunden zu Ihrer Suche' })).toBeTruthy();
    const [reset] = screen.getAllByRole('button', { name: 'Filter zurücksetzen' });
    await user.click(reset as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows the API’s German message when the list cannot be loaded', async () => {
    fakeServer(() =>
      Response.json(
        {
          error: {
            code: 'UNTERVERMITTLER_UNBEKANNT',
            status: 400,
            message: 'Diesen Vermittler finden wir in Ihrem Bestand nicht.',
          },
        },
        { status: 400 },
      ),
    );
    renderAt('/vermittler/kundenbestand/?untervermittler=9999999999');
    expect(await screen.findByText('Diesen Vermittler finden wir in Ihrem Bestand nicht.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  });
});

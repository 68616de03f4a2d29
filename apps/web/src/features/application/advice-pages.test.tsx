import { OpenFeatureProvider } from '@openfeature/react-sdk';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fahrradApplication } from '@schirm/domain/application/flows/fahrrad';
import { initialWizardState } from '@schirm/domain/application/wizard-state';
import { FlagStatusContext } from '../../lib/flags';
import { renderRoutes } from '../../lib/testing/render-with-router';
import { AgentAdviceConfirmation, brandAdviceLoader, PublicAdvicePage } from './advice-pages';
import type { ApplicationResult } from './application-api';
import { CONTRACT, expectNoAxeViolations, setFlags, TODAY } from './application-test-support';
import { storageKey, type StoredApplication } from './wizard-storage';

// The public agent link asks which agent it names before anything else: a link naming no active
// agent (unknown, inactive, forged, changed) ends on /beratung/agent/notfound/, an agent who does
// not sell the product on /antrag/sorry/agent/ — never on another agent's page.

function answerWith(status: number) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(`${url.pathname}${url.search}`);
      return Response.json({ error: { code: 'X', message: 'Fehler' } }, { status });
    }),
  );
  return calls;
}

function renderLink(path: string) {
  return renderRoutes(
    [
      { path: '/:produkt/beratung/:schritt?', element: <PublicAdvicePage /> },
      {
        path: '/hfk/:produkt/beratung/:schritt?',
        element: <PublicAdvicePage />,
        loader: brandAdviceLoader,
        hydrateFallbackElement: <p>Seite wird geladen …</p>,
        errorElement: <h1>Seite nicht gefunden</h1>,
      },
      {
        path: '/protect/:produkt/beratung/:schritt?',
        element: <PublicAdvicePage />,
        loader: brandAdviceLoader,
        hydrateFallbackElement: <p>Seite wird geladen …</p>,
        errorElement: <h1>Seite nicht gefunden</h1>,
      },
      { path: '/beratung/agent/notfound/', element: <h1>Vermittler nicht gefunden</h1> },
      { path: '/antrag/sorry/agent/', element: <h1>Produkt nicht über Vermittler</h1> },
    ],
    { path },
  );
}

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('public agent link', () => {
  it('leads a link whose agent is not found to the not-found page, with the vmr sent as given', async () => {
    const calls = answerWith(404);
    renderLink('/hausrat/beratung/?vmr=v1.verändert');
    expect(await screen.findByRole('heading', { name: 'Vermittler nicht gefunden' })).toBeInTheDocument();
    expect(calls).toEqual([
      `/api/beratung/vermittler?produkt=hausrat&vmr=${encodeURIComponent('v1.verändert')}`,
    ]);
  });

  it('leads a product the agent does not sell to /antrag/sorry/agent/', async () => {
    answerWith(403);
    renderLink('/betriebshaftpflicht/beratung/?vermittlernummer=4711000001');
    expect(await screen.findByRole('heading', { name: 'Produkt nicht über Vermittler' })).toBeInTheDocument();
  });

  it('treats a link without any agent as not found, without asking the server', async () => {
    const calls = answerWith(200);
    renderLink('/hausrat/beratung/');
    expect(await screen.findByRole('heading', { name: 'Vermittler nicht gefunden' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});

describe('brand-specific advice paths', () => {
  it('asks for the agent under the path’s brand', async () => {
    const calls = answerWith(404);
    renderLink('/hfk/privathaftpflicht/beratung/?vermittlernummer=4711000001');
    expect(await screen.findByRole('heading', { name: 'Vermittler nicht gefunden' })).toBeInTheDocument();
    expect(calls).toEqual([
      '/api/beratung/vermittler?produkt=privathaftpflicht&vermittlernummer=4711000001&brand=hfk',
    ]);
  });

  it.each(['/protect/hausrat/beratung/', '/hfk/fahrrad/beratung/', '/hfk/hausrat/beratung/unbekannt/'])(
    'shows the 404 page for %s, without asking the server',
    async (path) => {
      const calls = answerWith(200);
      renderLink(`${path}?vermittlernummer=4711000001`);
      expect(await screen.findByRole('heading', { name: 'Seite nicht gefunden' })).toBeInTheDocument();
      expect(calls).toEqual([]);
    },
  );
});

describe('confirmation of the agent’s advice', () => {
  const result: ApplicationResult = {
    ...CONTRACT,
    registrierung: 'LINK_GESENDET',
    vermittler: {
      vermittlerNummer: '4711000001',
      name: 'Jana Wolf',
      vertriebsweg: 'MAKLER',
      agentur: 'Wolf',
    },
    kunde: { name: 'Anna Schneider', partnerNummer: '8000000042' },
    dokumente: [
      ...CONTRACT.dokumente,
      {
        name: 'Beratungsdokumentation (§§ 61, 62 VVG)',
        url: '/api/taa/angebote/a/dokumente/BERATUNGSDOKUMENTATION',
      },
    ],
  };

  it('speaks to the agent and links the customer in the portfolio', async () => {
    await setFlags();
    const flow = fahrradApplication.createFlow({
      today: TODAY,
      newProductGenerations: true,
      travelHealthInsurance: false,
    });
    const stored: StoredApplication = {
      version: 1,
      wizard: {
        ...initialWizardState<ApplicationResult>(flow, {
          productName: fahrradApplication.name,
          productKey: fahrradApplication.productKey,
          channel: 'vermittler-beratung',
          baseRoute: '/vermittler/fahrrad/beratung',
        }),
        applicationSent: true,
        applicationResult: result,
      },
    };
    sessionStorage.setItem(storageKey('vermittler.fahrrad'), JSON.stringify(stored));
    const client = new QueryClient();
    renderRoutes(
      [
        {
          element: (
            <OpenFeatureProvider>
              <FlagStatusContext value="ready">
                <QueryClientProvider client={client}>
                  <main>
                    <Outlet />
                  </main>
                </QueryClientProvider>
              </FlagStatusContext>
            </OpenFeatureProvider>
          ),
          children: [
            { path: '/vermittler/:produkt/beratung/bestaetigung', element: <AgentAdviceConfirmation /> },
          ],
        },
      ],
      { path: '/vermittler/fahrrad/beratung/bestaetigung/' },
    );
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Der Vertrag für Anna Schneider ist abgeschlossen',
      }),
    ).toBeVisible();
    expect(screen.getByText('Jana Wolf, Vermittlernummer 4711000001')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Beratungsdokumentation (§§ 61, 62 VVG) (PDF)' })).toBeVisible();
    expect(screen.getByText(/Wir senden Anna Schneider den Versicherungsschein/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Zum Kunden Anna Schneider' })).toHaveAttribute(
      'href',
      '/vermittler/kunde/8000000042/',
    );
    expect(screen.queryByText(/Vielen Dank/)).toBeNull();
    await expectNoAxeViolations(document.body);
  });
});

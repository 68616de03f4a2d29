import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { data, Outlet } from 'react-router';
import { session } from '../features/auth/session/session';
import { resetEmbeddingStart } from '../features/embedding/embedding-gate';
import { setHostConnection, type EmbeddingPartner } from '../lib/embedding-host';
import type { Pool } from '../features/auth/portals';
import { createI18n } from '../lib/i18n';
import type { ShellSettings } from '../lib/shell-context';
import { frameByHost, PARTNER } from '../lib/testing/embedding-host';
import { faqFixture } from '../lib/testing/faq-fixture';
import { renderRoutes } from '../lib/testing/render-with-router';
import { setViewportWidth } from '../lib/testing/viewport';
import type { FlagOutcome } from './app-services';
import { PageLoading } from './page-loading';
import { AppProviders } from './providers';
import { area, createRoutes, lazyComponent, patchSignedInAreas } from './router';
import { ENTRY_CONTRIBUTIONS } from './routes/contributions';
import { SIGNED_IN_AREAS } from './signed-in-areas';
import { SIGNED_IN_ONLY_CONTRIBUTIONS, signedInPages } from './signed-in-pages';

const defaults: ShellSettings = { brand: 'schirm', isEmbedded: false, environment: 'localhost' };

type FlagInitialization = Promise<FlagOutcome>;

function withProviders(
  routes: RouteObject[],
  settings: Partial<ShellSettings> = {},
  flagInitialization: FlagInitialization = new Promise(() => undefined),
): RouteObject[] {
  return routes.map((route) => ({
    ...route,
    element: (
      <AppProviders
        settings={{ ...defaults, ...settings }}
        i18n={createI18n()}
        services={{
          flagContext: { brand: 'schirm', targetingKey: 'test' },
          queryClient: new QueryClient(),
          flagInitialization,
        }}
      >
        {route.element}
      </AppProviders>
    ),
  }));
}

function renderApp(
  path: string,
  settings: Partial<ShellSettings> = {},
  flagInitialization?: FlagInitialization,
) {
  const routes = createRoutes({ environment: settings.environment ?? defaults.environment });
  return renderRoutes(withProviders(routes, settings, flagInitialization), {
    path,
    patchRoutesOnNavigation: patchSignedInAreas(),
  });
}

/** A root like the app's: renders its children, with a loading fallback for lazy routes. */
function shellRoot(children: RouteObject[]): RouteObject {
  return { element: <Outlet />, hydrateFallbackElement: <PageLoading />, children };
}

/** Signs a person of the pool in with the app's real session store, as the last sign-in step does. */
function signIn(pool: Pool = 'benutzer'): void {
  session.start({
    accessToken: 't',
    tokenType: 'Bearer',
    expiresIn: 3600,
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    user: { pool, username: 'anna.schneider@example.com', nickname: 'Anna', partnerId: 'p-1', agentId: null },
  });
}

afterEach(() => {
  setViewportWidth(1024);
  // Ends a sign-in of the test (and its refresh timer) without a call to the server.
  session.handleUnauthenticated();
  vi.unstubAllGlobals();
});

describe('router: public area', () => {
  it('shows the start page with header (brand name), main area and footer', async () => {
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Versicherung einfach online' }),
    ).toBeVisible();
    expect(
      within(screen.getByRole('banner')).getByRole('link', { name: 'Schirm – zur Startseite' }),
    ).toBeVisible();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }));
    expect(screen.getByRole('contentinfo')).toBeVisible();
  });

  it('shows the brand of the session in the header', async () => {
    renderApp('/', { brand: 'protect-ch' });
    expect(await screen.findByRole('link', { name: 'Protect CH – zur Startseite' })).toBeVisible();
  });

  it('answers an unknown path with the 404 page inside the public layout', async () => {
    renderApp('/gibt-es-nicht/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Diese Seite gibt es nicht' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('banner')).toBeVisible();
  });
});

describe('router: portal areas', () => {
  // The first import of a lazy chunk is transformed on demand and can outlast findBy's wait; the
  // browser has the chunks at hand just as fast after the first visit.
  beforeAll(async () => {
    await Promise.all([
      import('../features/auth/session/session-guard'),
      import('./layouts/customer-layout'),
      import('./layouts/agent-layout'),
      import('../features/auth/start/portal-start-page'),
      import('./customer-start-page'),
      import('../features/auth/sign-in/sign-in-page'),
    ]);
  });

  it('frames /kunden with the customer navigation and a 404 for pages that do not exist yet', async () => {
    signIn();
    renderApp('/kunden/unbekannt/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Diese Seite gibt es nicht' })).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Kundenportal' });
    expect(within(nav).getByRole('link', { name: 'Verträge' })).toHaveAttribute('href', '/kunden/vertraege/');
    expect(within(nav).getByRole('button', { name: 'Navigation einklappen' })).toBeVisible();
  });

  it('frames /vermittler with the agent navigation, as a bottom navigation on a phone', async () => {
    signIn('vermittler');
    setViewportWidth(375);
    renderApp('/vermittler/kundenbestand/');
    const nav = await screen.findByRole('navigation', { name: 'Vermittlerportal' });
    expect(within(nav).getByRole('link', { name: 'Kunden' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).queryByRole('button')).not.toBeInTheDocument();
  });

  it.each([
    ['/kunden', 'benutzer'],
    ['/kunden/', 'benutzer'],
    ['/vermittler/', 'vermittler'],
  ] as const)('shows the start page at the area root %s to a signed-in person', async (path, pool) => {
    signIn(pool);
    // The customer start page asks for the contracts and documents: none here.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: RequestInfo | URL) =>
        Response.json(String(url) === '/api/auth/me' ? { partnerNummer: '2000000001' } : []),
      ),
    );
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Willkommen, Anna' })).toBeVisible();
    expect(screen.getByText('Angemeldet als anna.schneider@example.com')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeVisible();
  });

  it("loads a signed-in area's pages on the first visit below its root, and on a link from its start page", async () => {
    signIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: RequestInfo | URL) =>
        Response.json(String(url) === '/api/auth/me' ? { partnerNummer: '2000000001' } : []),
      ),
    );
    renderApp('/kunden/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Willkommen, Anna' })).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Kundenportal' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Verträge' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Meine Verträge' })).toBeVisible();
  });

  it('opens a deep page of the agent area directly (its pages load first)', async () => {
    signIn('vermittler');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({}, { status: 404 })),
    );
    const { router } = renderApp('/vermittler/kunde/1000000001/');
    await waitFor(() => expect(router.state.matches.at(-1)?.route.path).toBe('kunde/:partnerNummer'));
    expect(screen.queryByRole('heading', { level: 1, name: 'Diese Seite gibt es nicht' })).toBeNull();
  });

  it('sends an anonymous visitor of /kunden/vertraege/ to the customer sign-in', async () => {
    // No refresh cookie: the session restore on page load is refused.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { error: { code: 'UNAUTHORIZED', message: 'Bitte melden Sie sich an.' } },
          { status: 401 },
        ),
      ),
    );
    const { router } = renderApp('/kunden/vertraege/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/kunden/login/');
    expect(screen.getByRole('textbox', { name: /E-Mail-Adresse/ })).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Kundenportal' })).not.toBeInTheDocument();
  });

  it.each(['/antrag/', '/beratung/'])(
    'answers the area root %s with the 404 page while the area has no start page',
    async (path) => {
      renderApp(path);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Diese Seite gibt es nicht' }),
      ).toBeVisible();
    },
  );

  it('frames application flows without portal navigation', async () => {
    renderApp('/antrag/gibt-es-nicht/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Diese Seite gibt es nicht' })).toBeVisible();
    expect(screen.getByRole('banner')).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Kundenportal' })).not.toBeInTheDocument();
  });
});

describe('router: application flows', () => {
  beforeAll(async () => {
    await Promise.all([import('./layouts/flow-layout'), import('../features/application/application-page')]);
  });

  it('opens the first step of a product application in the flow layout, without portal navigation', async () => {
    sessionStorage.clear();
    // The wizard starts once the flag service has answered (or timed out).
    const { router } = renderApp('/fahrrad/antrag/', {}, Promise.resolve('timeout'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ihr Fahrrad' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/fahrrad/antrag/fahrrad/');
    expect(screen.getByRole('navigation', { name: 'Antragsschritte' })).toBeVisible();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }));
    expect(screen.queryByRole('navigation', { name: 'Kundenportal' })).not.toBeInTheDocument();
  });

  it('answers a product without application, and a step its flow lacks, with the 404 page', async () => {
    renderApp('/gibt-es-nicht/antrag/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Diese Seite gibt es nicht' })).toBeVisible();
    cleanup();
    renderApp('/fahrrad/antrag/gibt-es-nicht/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Diese Seite gibt es nicht' })).toBeVisible();
  });

  it('starts the motor application at /antrag/allgemeine-versicherungsdaten/, not under /kfz/antrag/', async () => {
    sessionStorage.clear();
    renderApp('/antrag/allgemeine-versicherungsdaten/', {}, Promise.resolve('timeout'));
    expect(await screen.findByText('Schritt 1 von', { exact: false })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Antragsschritte' })).toBeVisible();
    cleanup();
    renderApp('/kfz/antrag/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Diese Seite gibt es nicht' })).toBeVisible();
  });

  it('shows the application result pages under /antrag', async () => {
    renderApp('/antrag/fehler/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Leider ist ein technischer Fehler aufgetreten' }),
    ).toBeVisible();
  });
});

describe('router: embedded mode', () => {
  // A host page of the partner frames the app, and the server allows it (issue 16).
  let unframe: () => void = () => undefined;
  afterEach(() => {
    unframe();
    setHostConnection(null);
    resetEmbeddingStart();
    vi.unstubAllGlobals();
  });

  function embedIn(partner: EmbeddingPartner, answers: Record<string, unknown> = {}) {
    unframe = frameByHost(answers);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://portal.test').pathname;
        const [status, body] =
          path === `/api/einbettung/partner/${partner.partnerKey}`
            ? [200, partner]
            : path === '/api/einbettung/sitzung'
              ? [200, { accessToken: 'embedded-access', expiresIn: 300, partnernummer: '1000123' }]
              : path === '/api/auth/refresh'
                ? [401, { error: { message: 'Nicht angemeldet.' } }]
                : [404, { error: { message: 'Nicht gefunden.' } }];
        return new Response(JSON.stringify(body), {
          status,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    return { isEmbedded: true, partner: partner.partnerKey };
  }

  it('shows the page without header, navigation or footer', async () => {
    renderApp('/', embedIn(PARTNER));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Versicherung einfach online' }),
    ).toBeVisible();
    expect(screen.getByRole('main')).toBeVisible();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(
      screen.getByText('Vermittelt über Radhaus Müller. Ihr Vermittler: Agentur Claudia Krüger.'),
    ).toBeInTheDocument();
  });

  it('keeps the portal areas free of chrome too, also after in-app navigation', async () => {
    const settings = embedIn(
      { ...PARTNER, partnerKey: 'hausbank-nord', kundenbereich: true },
      { getAuthToken: { token: 'one-time' }, getPartnerNumber: { partnerNumber: '1000123' } },
    );
    const { router } = renderApp('/kunden/unbekannt/', settings);
    expect(await screen.findByRole('heading', { name: 'Diese Seite gibt es nicht' })).toBeVisible();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();

    await router.navigate('/');
    expect(await screen.findByRole('heading', { name: 'Versicherung einfach online' })).toBeVisible();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('shows only the German refusal when no partner may embed the page here', async () => {
    renderApp('/', { isEmbedded: true, partner: null });
    expect(
      await screen.findByRole('heading', { name: 'Diese Seite kann hier nicht eingebettet werden.' }),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Versicherung einfach online' })).not.toBeInTheDocument();
  });
});

describe('router: error boundaries', () => {
  const layout = lazyComponent(async () => (await import('./layouts/public-layout')).PublicLayout);

  function Broken(): never {
    throw new Error('Kaputt beim Rendern');
  }

  it('shows the error screen with an error id inside the area layout when a page fails to render', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes(withProviders([shellRoot([area('/', layout, [{ path: 'kaputt', Component: Broken }])])]), {
      path: '/kaputt',
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Leider ist ein Fehler aufgetreten' }),
    ).toBeVisible();
    expect(screen.getByText(/^Fehler-ID: [0-9A-F]{8}$/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Seite neu laden' })).toBeVisible();
    expect(screen.getByRole('banner')).toBeVisible();
    expect(consoleError).toHaveBeenCalledWith(
      expect.stringMatching(/^Fehler-ID [0-9A-F]{8}:$/),
      expect.any(Error),
    );
    consoleError.mockRestore();
  });

  it('shows the 404 page for a 404 response thrown by a page loader', async () => {
    const missing = {
      path: 'vertrag/:id',
      loader: () => {
        throw data('Vertrag unbekannt', { status: 404 });
      },
      Component: () => null,
    };
    renderRoutes(withProviders([shellRoot([area('/', layout, [missing])])]), {
      path: '/vertrag/7',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Diese Seite gibt es nicht' })).toBeVisible();
  });

  it('shows the error screen without layout when the area layout itself fails to load', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failingLayout = lazyComponent(async (): Promise<never> => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    renderRoutes(withProviders([shellRoot([area('/', failingLayout, [])])]), {
      path: '/',
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Leider ist ein Fehler aufgetreten' }),
    ).toBeVisible();
    expect(screen.getByText(/^Fehler-ID: /)).toBeVisible();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    consoleError.mockRestore();
  });
});

describe('router: route contributions', () => {
  it("keeps the signed-in areas' page tables out of the entry lists and gives each area its pages once", () => {
    const signedIn = ['customer', 'agent', 'clerk'];
    for (const contribution of SIGNED_IN_ONLY_CONTRIBUTIONS) {
      expect(Object.keys(contribution).every((key) => signedIn.includes(key))).toBe(true);
    }
    // The entry's route files carry no signed-in page: it would be in every public page's first JavaScript.
    for (const contribution of ENTRY_CONTRIBUTIONS) {
      expect(Object.keys(contribution).filter((key) => signedIn.includes(key))).toEqual([]);
    }
    for (const area of SIGNED_IN_AREAS) {
      const pages = signedInPages(area);
      expect(pages.length).toBeGreaterThan(0);
      // The start page is in the entry's table (SIGNED_IN_START_PAGES): a second index would shadow it.
      expect(pages.some((page) => page.index)).toBe(false);
    }
  });
});

describe('router: development routes', () => {
  // The areas' paths below the root, looking through pathless wrappers (services, session guards).
  const areaPaths = (routes: RouteObject[]): (string | undefined)[] =>
    routes.flatMap((route) =>
      route.path === undefined && route.children ? areaPaths(route.children) : [route.path],
    );
  const paths = (environment: ShellSettings['environment']) =>
    areaPaths(createRoutes({ environment })[0]?.children ?? []);

  it('has the /entwicklung area only on localhost and development', () => {
    expect(paths('localhost')).toContain('/entwicklung');
    expect(paths('development')).toContain('/entwicklung');
    expect(paths('accept')).not.toContain('/entwicklung');
    expect(paths('integration')).not.toContain('/entwicklung');
    expect(paths('production')).not.toContain('/entwicklung');
  });

  it('answers /entwicklung/… with the 404 page in production', async () => {
    renderApp('/entwicklung/komponenten', { environment: 'production' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Diese Seite gibt es nicht' })).toBeVisible();
  });

  it('leads from the footer to the FAQ page with its questions', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: RequestInfo | URL) =>
        String(url) === '/api/content/faq' ? Response.json(faqFixture) : Response.json({}, { status: 404 }),
      ),
    );
    renderApp('/gibt-es-nicht/');
    const footer = await screen.findByRole('contentinfo');
    await userEvent.click(within(footer).getByRole('link', { name: 'Häufige Fragen' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Häufige Fragen' })).toBeVisible();
    expect(
      await screen.findByRole('button', { name: 'Kann ich einen neuen Vertrag widerrufen?' }),
    ).toBeInTheDocument();
  });
});

describe('router: focus after navigation', () => {
  it('moves focus to the main area when a link leads to another page', async () => {
    renderApp('/gibt-es-nicht/');
    const footer = await screen.findByRole('contentinfo');
    await userEvent.click(within(footer).getByRole('link', { name: 'Startseite' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Versicherung einfach online' }),
    ).toBeVisible();
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });
});

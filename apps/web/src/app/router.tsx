import type { i18n as I18n } from 'i18next';
import { createBrowserRouter, type DOMRouterOpts as DataRouterOptions, type RouteObject } from 'react-router';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { isDevelopmentEnvironment, type Environment } from '../lib/environment';
import { loadTexts } from '../lib/i18n';
import { PageLoading } from './page-loading';
import { RootRoute } from './root-route';
import { RouteErrorScreen } from './route-error-screen';
import { lazyComponent, lazyPage, withServices, type LazyRoute } from './route-kit';
import { SIGNED_IN_AREAS, type SignedInArea } from './signed-in-areas';
import { ENTRY_CONTRIBUTIONS } from './routes/contributions';

export { lazyComponent } from './route-kit';

/** The pages the entry's areas take from the contributions (the signed-in areas load theirs: signed-in-pages.tsx). */
function contributed(key: 'public' | 'advice' | 'applicationResults' | 'agentMessage'): RouteObject[] {
  return ENTRY_CONTRIBUTIONS.flatMap((contribution) => contribution[key] ?? []);
}

// Every area's layout and page is its own chunk, so a visitor of / loads no portal code.
const publicLayout = lazyComponent(async () => (await import('./layouts/public-layout')).PublicLayout);
const customerLayout = lazyComponent(async () => (await import('./layouts/customer-layout')).CustomerLayout);
const agentLayout = lazyComponent(async () => (await import('./layouts/agent-layout')).AgentLayout);
const flowLayout = lazyComponent(async () => (await import('./layouts/flow-layout')).FlowLayout);

const notFoundIndex: RouteObject = { index: true, element: <NotFoundPage /> };
const notFoundRest: RouteObject = { path: '*', element: <NotFoundPage /> };

/**
 * One area: its layout (lazy) with an error boundary for the layout itself, and inside the layout a
 * second boundary, so a page that fails shows the error screen within the area's header and
 * navigation. Unknown paths of the area, and its root while it has no start page, end in its 404 page.
 */
export function area(path: string, layout: LazyRoute, pages: RouteObject[]): RouteObject {
  return {
    path,
    lazy: layout,
    errorElement: <RouteErrorScreen />,
    children: [
      {
        errorElement: <RouteErrorScreen />,
        children: [...pages, ...(pages.some((page) => page.index) ? [] : [notFoundIndex]), notFoundRest],
      },
    ],
  };
}

/** The start page of each signed-in area: its root needs no route discovery. */
const SIGNED_IN_START_PAGES: Record<SignedInArea, RouteObject> = {
  kunden: {
    index: true,
    lazy: lazyComponent(async () => (await import('./customer-start-page')).CustomerStartPage),
  },
  vermittler: {
    index: true,
    lazy: lazyComponent(async () => (await import('./agent-start-page')).AgentStartPage),
  },
  innendienst: {
    index: true,
    lazy: lazyComponent(async () => (await import('../features/clerk/inbox-page')).ClerkInboxPage),
  },
};

/**
 * A signed-in area whose other pages load on the first navigation below its root
 * (patchSignedInAreas): until then every such path matches only the 404 splat, and React Router
 * asks for the area's pages before it renders anything there.
 */
function signedInArea(key: SignedInArea, layout: LazyRoute): RouteObject {
  return {
    path: `/${key}`,
    lazy: layout,
    errorElement: <RouteErrorScreen />,
    children: [
      {
        id: signedInAreaId(key),
        errorElement: <RouteErrorScreen />,
        children: [SIGNED_IN_START_PAGES[key], notFoundRest],
      },
    ],
  };
}

const signedInAreaId = (key: SignedInArea) => `signed-in-area:${key}`;

/**
 * React Router's `patchRoutesOnNavigation` for the signed-in areas (/kunden, /vermittler,
 * /innendienst): their page tables (signed-in-pages.tsx) are one chunk of
 * their own, so the first JavaScript of the public pages, the sign-ins and the first application
 * step does not grow with every portal page (bars: issue 11, 150 KiB; issue 13, 180 KiB). Each
 * area is patched once per router.
 */
export function patchSignedInAreas(): NonNullable<DataRouterOptions['patchRoutesOnNavigation']> {
  const patched = new Map<SignedInArea, Promise<void>>();
  return async ({ path, patch }) => {
    const key = SIGNED_IN_AREAS.find(
      (candidate) => path === `/${candidate}` || path.startsWith(`/${candidate}/`),
    );
    if (!key) return;
    let done = patched.get(key);
    if (!done) {
      done = import('./signed-in-pages').then(({ signedInPages }) =>
        patch(signedInAreaId(key), signedInPages(key)),
      );
      // A failed import is tried again on the next navigation.
      done.catch(() => patched.delete(key));
      patched.set(key, done);
    }
    await done;
  };
}

/** Public pages: start page, FAQ; /quickstart/ follows in a later issue. */
function publicPages(i18n: I18n | undefined): RouteObject[] {
  // Each sign-in page's texts load with its code (they are their own chunks) into the app's i18n:
  // the page renders once with them, instead of suspending on each namespace (ADR 0017).
  const withAuthTexts = async <T,>(load: () => Promise<T>): Promise<T> =>
    (await Promise.all([load(), loadTexts(i18n, ['auth', 'forms'])]))[0];
  return [
    // The start page's texts load with its code (not in the shell: the sign-ins' entry stays small).
    {
      index: true,
      lazy: lazyComponent(
        async () =>
          (await Promise.all([import('../features/home/home-page'), loadTexts(i18n, ['home'])]))[0].HomePage,
      ),
    },
    // The sign-ins' first screen needs neither server state nor flags: its steps after the password
    // get them through DeferredServices (ADR 0017).
    ...signInPages(withAuthTexts),
    withServices([
      ...signInHelpPages(withAuthTexts),
      {
        path: 'haeufige-fragen',
        lazy: lazyComponent(async () => (await import('../features/help/faq-page')).FaqPage),
      },
      {
        path: 'einwilligung',
        lazy: lazyComponent(async () => (await import('./public-customer-pages')).PublicConsentPage),
      },
      {
        // An unknown source or a score outside 0–10 is the 404 page (the loader).
        path: 'feedback/:source/:score?',
        lazy: lazyPage(async () => ({
          Component: (await import('./public-customer-pages')).PublicFeedbackPage,
          loader: (await import('../features/feedback/feedback-page')).feedbackLoader,
        })),
      },
      {
        path: 'schaden-melden',
        lazy: lazyComponent(async () => (await import('./public-claim-route')).PublicClaimReportPage),
      },
      ...contributed('public'),
    ]),
  ];
}

type WithTexts = <T>(load: () => Promise<T>) => Promise<T>;

/** The sign-in of both portals: public, in the public layout. */
function signInPages(withAuthTexts: WithTexts): RouteObject[] {
  const signIn = () => withAuthTexts(() => import('../features/auth/sign-in/sign-in-page'));
  return [
    { path: 'kunden/login', lazy: lazyComponent(async () => (await signIn()).CustomerSignInPage) },
    { path: 'vermittler/login', lazy: lazyComponent(async () => (await signIn()).AgentSignInPage) },
    { path: 'innendienst/login', lazy: lazyComponent(async () => (await signIn()).ClerkSignInPage) },
  ];
}

/** Forgotten password, registration and lost number of both portals: public, in the public layout. */
function signInHelpPages(withAuthTexts: WithTexts): RouteObject[] {
  const forgotPassword = () =>
    withAuthTexts(() => import('../features/auth/forgot-password/forgot-password-page'));
  const phoneReset = () => withAuthTexts(() => import('../features/auth/account/phone-reset-pages'));
  return [
    {
      path: 'kunden/login/passwort-vergessen',
      lazy: lazyComponent(async () => (await forgotPassword()).CustomerForgotPasswordPage),
    },
    {
      path: 'kunden/login/registrieren',
      lazy: lazyComponent(
        async () =>
          (await withAuthTexts(() => import('../features/auth/registration/registration-page')))
            .RegistrationPage,
      ),
    },
    {
      path: 'kunden/handynummer-aendern',
      lazy: lazyComponent(async () => (await phoneReset()).PhoneResetRequestPage),
    },
    {
      path: 'kunden/handynummer-aendern/ihre-neue-handynummer',
      lazy: lazyComponent(async () => (await phoneReset()).NewPhonePage),
    },
    {
      path: 'vermittler/login/passwort-vergessen',
      lazy: lazyComponent(async () => (await forgotPassword()).AgentForgotPasswordPage),
    },
    {
      path: 'innendienst/login/passwort-vergessen',
      lazy: lazyComponent(async () => (await forgotPassword()).ClerkForgotPasswordPage),
    },
  ];
}

/** Lets only a signed-in person of the area's pool in (session restore, redirect to its sign-in). */
function guarded(guard: LazyRoute, route: RouteObject): RouteObject {
  return { lazy: guard, children: [route] };
}

const customerSessionGuard = lazyComponent(
  async () => (await import('../features/auth/session/session-guard')).CustomerSessionGuard,
);
const agentSessionGuard = lazyComponent(
  async () => (await import('../features/auth/session/session-guard')).AgentSessionGuard,
);
const clerkSessionGuard = lazyComponent(
  async () => (await import('../features/auth/session/session-guard')).ClerkSessionGuard,
);
const clerkLayout = lazyComponent(async () => (await import('../features/clerk/clerk-layout')).ClerkLayout);

/**
 * The direct application of a product: /<produkt>/antrag/ and /<produkt>/antrag/<schritt>/ (motor:
 * /antrag/<schritt>/, starting at allgemeine-versicherungsdaten). The page's loader answers 404 for
 * a product without application and for a step its flows do not have. Its first step comes without
 * server state, flags or the flow (ADR 0023, 'Size of the first application step'): these pages
 * are not below ServicesRoute; the wizard brings them when the person starts to answer.
 */
const applicationPage = lazyPage(async () => {
  const page = await import('../features/application/application-page');
  return { Component: page.ApplicationPage, loader: page.applicationLoader, handle: page.handle };
});
const applicationConfirmation: RouteObject = {
  path: 'bestaetigung',
  lazy: lazyPage(async () => {
    const page = await import('../features/application/confirmation-page');
    return { Component: page.ConfirmationPage, loader: page.applicationLoader };
  }),
};
const productApplicationPages: RouteObject[] = [
  { index: true, lazy: applicationPage },
  withServices([applicationConfirmation]),
  { path: ':schritt', lazy: applicationPage },
];

/** Result pages of the direct application flows under /antrag (spec §2), and the motor flow's steps. */
const applicationResult = () => import('../features/application/result-pages');
const applicationPages: RouteObject[] = [
  withServices([
    { path: 'sorry', lazy: lazyComponent(async () => (await applicationResult()).SorryPage) },
    { path: 'check-failed', lazy: lazyComponent(async () => (await applicationResult()).CheckFailedPage) },
    { path: 'fehler', lazy: lazyComponent(async () => (await applicationResult()).ApplicationErrorPage) },
    applicationConfirmation,
    ...contributed('applicationResults'),
  ]),
  { path: ':schritt', lazy: applicationPage },
];

/** Advice flows under /beratung (e.g. /beratung/agent/notfound). */
const advicePages: RouteObject[] = contributed('advice');

/**
 * Development-only routes under /entwicklung (component gallery, mail outbox): registered only on
 * the localhost and development environments; elsewhere /entwicklung/… is a 404 like any unknown path.
 */
const developmentPages: RouteObject[] = [
  {
    path: 'komponenten',
    lazy: lazyComponent(async () => (await import('../features/gallery/gallery-page')).default),
  },
  {
    path: 'postausgang',
    lazy: lazyComponent(async () => (await import('../features/dev-outbox/dev-outbox-page')).DevOutboxPage),
  },
];

/**
 * The route tree of the app for the given environment; with the app's i18n instance, pages' text
 * namespaces are loaded into it together with their code.
 */
export function createRoutes({
  environment,
  i18n,
}: {
  environment: Environment;
  i18n?: I18n;
}): RouteObject[] {
  return [
    {
      element: <RootRoute />,
      hydrateFallbackElement: <PageLoading />,
      errorElement: <RouteErrorScreen />,
      children: [
        area('/', publicLayout, publicPages(i18n)),
        withServices([
          guarded(customerSessionGuard, signedInArea('kunden', customerLayout)),
          guarded(agentSessionGuard, signedInArea('vermittler', agentLayout)),
          guarded(agentSessionGuard, area('/vermittler-nachricht', agentLayout, contributed('agentMessage'))),
          guarded(clerkSessionGuard, signedInArea('innendienst', clerkLayout)),
          area('/beratung', flowLayout, advicePages),
          ...ENTRY_CONTRIBUTIONS.flatMap((contribution) => contribution.product ?? []).map(
            ({ path, pages }) => area(`/:produkt/${path}`, flowLayout, pages),
          ),
          ...ENTRY_CONTRIBUTIONS.flatMap((contribution) => contribution.flow ?? []).map(({ path, pages }) =>
            area(`/${path}`, flowLayout, pages),
          ),
          ...(isDevelopmentEnvironment(environment)
            ? [area('/entwicklung', publicLayout, developmentPages)]
            : []),
        ]),
        // Outside ServicesRoute: the first application step needs neither (ADR 0023).
        area('/antrag', flowLayout, applicationPages),
        area('/:produkt/antrag', flowLayout, productApplicationPages),
      ],
    },
  ];
}

/** The browser router of the app. */
export function createAppRouter({ environment, i18n }: { environment: Environment; i18n?: I18n }) {
  return createBrowserRouter(createRoutes({ environment, ...(i18n ? { i18n } : {}) }), {
    patchRoutesOnNavigation: patchSignedInAreas(),
  });
}

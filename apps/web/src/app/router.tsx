import type { i18n as I18n } from 'i18next';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { isDevelopmentEnvironment, type Environment } from '../lib/environment';
import { loadTexts } from '../lib/i18n';
import { PageLoading } from './page-loading';
import { RootRoute } from './root-route';
import { RouteErrorScreen } from './route-error-screen';
import { lazyComponent, lazyPage, withServices, type LazyRoute, type RouteContribution } from './route-kit';
import { routes as adviceRoutes } from './routes/advice';
import { routes as agentAdminRoutes } from './routes/agent-admin';
import { routes as agentCustomerRoutes } from './routes/agent-customers';
import { routes as agentPortfolioRoutes } from './routes/agent-portfolio';
import { routes as agentTaskRoutes } from './routes/agent-tasks';
import { routes as contractTransferRoutes } from './routes/contract-transfer';
import { routes as embeddingRoutes } from './routes/embedding';
import { routes as extranetRoutes } from './routes/extranet';
import { routes as quickstartRoutes } from './routes/quickstart';

export { lazyComponent } from './route-kit';

/** What the areas under app/routes/ add to the tree (issue 15 and later). */
const CONTRIBUTIONS: readonly RouteContribution[] = [
  agentPortfolioRoutes,
  agentCustomerRoutes,
  agentAdminRoutes,
  agentTaskRoutes,
  adviceRoutes,
  contractTransferRoutes,
  // Embedding and extranet (issue 16).
  embeddingRoutes,
  extranetRoutes,
  quickstartRoutes,
];

function contributed(key: Exclude<keyof RouteContribution, 'product' | 'flow'>): RouteObject[] {
  return CONTRIBUTIONS.flatMap((contribution) => contribution[key] ?? []);
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

/** Public pages: start page, FAQ; /quickstart/ follows in a later issue. */
function publicPages(i18n: I18n | undefined): RouteObject[] {
  // Each sign-in page's texts load with its code (they are their own chunks) into the app's i18n:
  // the page renders once with them, instead of suspending on each namespace (ADR 0017).
  const withAuthTexts = async <T,>(load: () => Promise<T>): Promise<T> =>
    (await Promise.all([load(), loadTexts(i18n, ['auth', 'forms'])]))[0];
  return [
    { index: true, lazy: lazyComponent(async () => (await import('../features/home/home-page')).HomePage) },
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
 * Claims (issue 14): the report of a claim per product and contract index (the loader answers 404
 * for a product that is none of the eight), its error page, the chooser of the contract, and
 * 'Schäden' with a claim's details (flag 'claims page', checked by the pages).
 */
const claimsPages = () => import('./claims-pages');
const claimReportPage = lazyPage(async () => {
  const page = await claimsPages();
  return { Component: page.CustomerClaimReportPage, loader: page.claimReportLoader };
});
const claimPages: RouteObject[] = [
  {
    path: 'schaden-melden',
    children: [
      {
        index: true,
        lazy: lazyComponent(async () => (await claimsPages()).CustomerChooseContractPage),
      },
      {
        path: 'fehler',
        lazy: lazyComponent(async () => (await claimsPages()).CustomerClaimErrorPage),
      },
      { path: ':produkt/:contractIndex', lazy: claimReportPage },
      { path: ':produkt/:contractIndex/:schritt', lazy: claimReportPage },
    ],
  },
  {
    path: 'schaeden',
    lazy: lazyComponent(async () => (await claimsPages()).CustomerClaimsListPage),
  },
  {
    path: 'schaeden/:claimId',
    lazy: lazyComponent(async () => (await claimsPages()).CustomerClaimDetailPage),
  },
];

/** Customer portal pages under /kunden (the portal screens arrive with their issues). */
const customerPages: RouteObject[] = [
  {
    index: true,
    lazy: lazyComponent(async () => (await import('./customer-start-page')).CustomerStartPage),
  },
  {
    path: 'kundendaten',
    lazy: lazyComponent(
      async () => (await import('../features/credentials/kundendaten-page')).KundendatenPage,
    ),
  },
  {
    path: 'kundendaten/kontaktdaten',
    lazy: lazyComponent(
      async () => (await import('../features/credentials/contact-data-page')).ContactDataPage,
    ),
  },
  {
    path: 'kundendaten/umzug',
    lazy: lazyComponent(async () => (await import('../features/credentials/umzug-page')).UmzugPage),
  },
  {
    path: 'kundendaten/email',
    lazy: lazyComponent(
      async () => (await import('../features/auth/account/email-change-page')).EmailChangePage,
    ),
  },
  {
    path: 'kundendaten/passwort',
    lazy: lazyComponent(
      async () => (await import('../features/auth/account/password-change-page')).PasswordChangePage,
    ),
  },
  {
    path: 'kundendaten/handynummer',
    lazy: lazyComponent(
      async () => (await import('../features/auth/account/phone-change-page')).PhoneChangePage,
    ),
  },
  {
    path: 'einwilligung',
    lazy: lazyComponent(async () => (await import('../features/consent/consent-page')).CustomerConsentPage),
  },
  {
    path: 'vertraege',
    lazy: lazyComponent(
      async () => (await import('../features/contracts/contracts-overview-page')).ContractsOverviewPage,
    ),
  },
  {
    path: 'vertraege/:versicherungsNummer',
    lazy: lazyComponent(
      async () => (await import('../features/contracts/contract-details-page')).ContractDetailsPage,
    ),
  },
  {
    path: 'zahlungsweise',
    lazy: lazyComponent(
      async () => (await import('../features/self-service/zahlungsweise-page')).ZahlungsweisePage,
    ),
  },
  {
    path: 'risikoort',
    lazy: lazyComponent(async () => (await import('../features/self-service/risikoort-page')).RisikoortPage),
  },
  {
    path: 'rahmennummer',
    lazy: lazyComponent(
      async () => (await import('../features/self-service/rahmennummer-page')).RahmennummerPage,
    ),
  },
  {
    path: 'bankverbindung',
    lazy: lazyComponent(
      async () => (await import('../features/self-service/bankverbindung-page')).BankverbindungPage,
    ),
  },
  {
    path: 'selbstbeteiligung',
    lazy: lazyComponent(
      async () => (await import('../features/self-service/selbstbeteiligung-page')).SelbstbeteiligungPage,
    ),
  },
  {
    path: 'elementar',
    lazy: lazyComponent(async () => (await import('../features/self-service/elementar-page')).ElementarPage),
  },
  {
    path: 'phv',
    lazy: lazyComponent(async () => (await import('../features/self-service/phv-page')).PhvPage),
  },
  {
    path: 'bhv',
    lazy: lazyComponent(async () => (await import('../features/self-service/bhv-page')).BhvPage),
  },
  {
    path: 'familienstand',
    lazy: lazyComponent(
      async () => (await import('../features/self-service/familienstand-page')).FamilienstandPage,
    ),
  },
  {
    path: 'deckung',
    lazy: lazyComponent(async () => (await import('../features/self-service/deckung-page')).DeckungPage),
  },
  {
    path: 'versicherte-kosten',
    lazy: lazyComponent(
      async () => (await import('../features/self-service/versicherte-kosten-page')).VersicherteKostenPage,
    ),
  },
  {
    path: 'jahresumsatz',
    lazy: lazyComponent(
      async () => (await import('../features/self-service/jahresumsatz-page')).JahresumsatzPage,
    ),
  },
  {
    path: 'versicherungssumme',
    lazy: lazyComponent(
      async () => (await import('../features/self-service/versicherungssumme-page')).VersicherungssummePage,
    ),
  },
  {
    path: 'gewerbearten',
    lazy: lazyComponent(
      async () => (await import('../features/self-service/gewerbearten-page')).GewerbeartenPage,
    ),
  },
  {
    path: 'postfach',
    children: [
      { index: true, element: <Navigate to="/kunden/postfach/eingang/" replace /> },
      {
        path: 'eingang',
        lazy: lazyComponent(
          async () => (await import('../features/mailbox/postfach-page')).PostfachEingangPage,
        ),
      },
      {
        path: 'gesendet',
        lazy: lazyComponent(
          async () => (await import('../features/mailbox/postfach-page')).PostfachGesendetPage,
        ),
      },
      {
        path: 'nachricht/:id',
        lazy: lazyComponent(async () => (await import('../features/mailbox/message-page')).MessagePage),
      },
    ],
  },
  {
    path: 'kontakt/nachricht',
    lazy: lazyComponent(async () => (await import('./customer-contact-page')).CustomerContactPage),
  },
  ...claimPages,
  ...contributed('customer'),
  {
    path: 'kuendigen-widerrufen',
    lazy: lazyComponent(
      async () => (await import('../features/termination/termination-page')).TerminationPage,
    ),
  },
];

/** Agent portal pages under /vermittler. */
const agentPages: RouteObject[] = [
  {
    index: true,
    lazy: lazyComponent(async () => (await import('./agent-start-page')).AgentStartPage),
  },
  ...contributed('agent'),
];

/** The clerks' pages under /innendienst (issue 14 part 7, ADR 0027). */
const clerkInbox = () => import('../features/clerk/inbox-page');
const clerkPages: RouteObject[] = [
  { index: true, lazy: lazyComponent(async () => (await clerkInbox()).ClerkInboxPage) },
  { path: 'schaeden', lazy: lazyComponent(async () => (await clerkInbox()).ClerkClaimsPage) },
  {
    path: 'schaeden/:claimId',
    lazy: lazyComponent(async () => (await import('../features/clerk/claim-page')).ClerkClaimPage),
  },
  {
    path: 'nachrichten/:id',
    lazy: lazyComponent(async () => (await import('../features/clerk/message-page')).ClerkMessagePage),
  },
  {
    path: 'vermittler-nachrichten/:id',
    lazy: lazyComponent(
      async () => (await import('../features/clerk/agent-message-page')).ClerkAgentMessagePage,
    ),
  },
  ...contributed('clerk'),
];

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
          guarded(customerSessionGuard, area('/kunden', customerLayout, customerPages)),
          guarded(agentSessionGuard, area('/vermittler', agentLayout, agentPages)),
          guarded(agentSessionGuard, area('/vermittler-nachricht', agentLayout, contributed('agentMessage'))),
          guarded(clerkSessionGuard, area('/innendienst', clerkLayout, clerkPages)),
          area('/beratung', flowLayout, advicePages),
          ...CONTRIBUTIONS.flatMap((contribution) => contribution.product ?? []).map(({ path, pages }) =>
            area(`/:produkt/${path}`, flowLayout, pages),
          ),
          ...CONTRIBUTIONS.flatMap((contribution) => contribution.flow ?? []).map(({ path, pages }) =>
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
  return createBrowserRouter(createRoutes({ environment, ...(i18n ? { i18n } : {}) }));
}

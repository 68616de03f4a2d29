import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { lazyComponent, lazyPage, type RouteContribution } from './route-kit';
import { routes as adviceAgentRoutes } from './routes/advice-agent';
import { routes as agentAdminPageRoutes } from './routes/agent-admin-pages';
import { routes as clerkPartnerRoutes } from './routes/clerk-partners';
import { routes as contractTransferPortalRoutes } from './routes/contract-transfer-portal';
import { routes as embeddingRoutes } from './routes/embedding';
import { routes as agentCustomerRoutes } from './routes/agent-customers';
import { routes as agentPortfolioRoutes } from './routes/agent-portfolio';
import { routes as agentTaskRoutes } from './routes/agent-tasks';
import type { SignedInArea } from './signed-in-areas';

// The page tables of the signed-in areas: one chunk, loaded on the first navigation into one of
// them (router.tsx, patchSignedInAreas), so that the public pages' first JavaScript does not carry
// them.

/** Route files that contribute only to signed-in areas (a test checks they contribute nothing else). */
export const SIGNED_IN_ONLY_CONTRIBUTIONS: readonly RouteContribution[] = [
  agentPortfolioRoutes,
  agentCustomerRoutes,
  agentAdminPageRoutes,
  agentTaskRoutes,
  adviceAgentRoutes,
  contractTransferPortalRoutes,
  embeddingRoutes,
  clerkPartnerRoutes,
];

function contributed(key: 'customer' | 'agent' | 'clerk'): RouteObject[] {
  return SIGNED_IN_ONLY_CONTRIBUTIONS.flatMap((contribution) => contribution[key] ?? []);
}

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
const agentPages: RouteObject[] = [...contributed('agent')];

/** The clerks' pages under /innendienst (issue 14 part 7, ADR 0027). */
const clerkInbox = () => import('../features/clerk/inbox-page');
const clerkPages: RouteObject[] = [
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

/** The pages of a signed-in area but its start page and 404 pages, which router.tsx holds. */
export function signedInPages(area: SignedInArea): RouteObject[] {
  switch (area) {
    case 'kunden':
      return customerPages;
    case 'vermittler':
      return agentPages;
    case 'innendienst':
      return clerkPages;
  }
}

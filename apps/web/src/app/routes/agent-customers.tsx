import type { ComponentType } from 'react';
import type { AgentChangeSlug } from '../../features/agent-customers/agent-changes';
import { lazyComponent, type RouteContribution } from '../route-kit';

/**
 * The customer's self-service page of each change, for the agent below the contract (ADR 0031);
 * each loads with its own chunk, as for the customer.
 */
const AGENT_CHANGE_PAGES: Record<AgentChangeSlug, () => Promise<ComponentType>> = {
  zahlungsweise: async () =>
    (await import('../../features/self-service/zahlungsweise-page')).ZahlungsweisePage,
  bankverbindung: async () =>
    (await import('../../features/self-service/bankverbindung-page')).BankverbindungPage,
  selbstbeteiligung: async () =>
    (await import('../../features/self-service/selbstbeteiligung-page')).SelbstbeteiligungPage,
  jahresumsatz: async () => (await import('../../features/self-service/jahresumsatz-page')).JahresumsatzPage,
  gewerbearten: async () => (await import('../../features/self-service/gewerbearten-page')).GewerbeartenPage,
  risikoort: async () => (await import('../../features/self-service/risikoort-page')).RisikoortPage,
  rahmennummer: async () => (await import('../../features/self-service/rahmennummer-page')).RahmennummerPage,
  familienstand: async () =>
    (await import('../../features/self-service/familienstand-page')).FamilienstandPage,
  elementar: async () => (await import('../../features/self-service/elementar-page')).ElementarPage,
  phv: async () => (await import('../../features/self-service/phv-page')).PhvPage,
  bhv: async () => (await import('../../features/self-service/bhv-page')).BhvPage,
  'versicherte-kosten': async () =>
    (await import('../../features/self-service/versicherte-kosten-page')).VersicherteKostenPage,
  deckung: async () => (await import('../../features/self-service/deckung-page')).DeckungPage,
  versicherungssumme: async () =>
    (await import('../../features/self-service/versicherungssumme-page')).VersicherungssummePage,
};

/** Pages of this area (issue 15), mounted as RouteContribution says. */
export const routes: RouteContribution = {
  agent: [
    {
      path: 'kunde/:partnerNummer',
      lazy: lazyComponent(
        async () => (await import('../../features/agent-customers/customer-page')).CustomerPage,
      ),
    },
    {
      path: 'kunde/:partnerNummer/schaden/:claimId',
      lazy: lazyComponent(
        async () => (await import('../../features/agent-customers/claim-page')).AgentClaimPage,
      ),
    },
    {
      path: 'kundendaten/:partnerNummer',
      lazy: lazyComponent(
        async () => (await import('../../features/agent-customers/contact-page')).ContactPage,
      ),
    },
    {
      path: 'vertraege/details/:vertragsnummer',
      lazy: lazyComponent(
        async () => (await import('../../features/agent-customers/contract-page')).ContractPage,
      ),
    },
    ...Object.entries(AGENT_CHANGE_PAGES).map(([slug, load]) => ({
      path: `vertraege/details/:vertragsnummer/aenderung/${slug}`,
      lazy: lazyComponent(async () => {
        const [Page, { withAgentScope }] = await Promise.all([
          load(),
          import('../../features/self-service/self-service-scope'),
        ]);
        return withAgentScope(Page);
      }),
    })),
  ],
};

import { lazyComponent, type RouteContribution } from '../route-kit';

/** Pages of this area (issue 15); router.tsx mounts each list (see RouteContribution). */
export const routes: RouteContribution = {
  agent: [
    {
      path: 'kunde/:partnerNummer',
      lazy: lazyComponent(
        async () => (await import('../../features/agent-customers/customer-page')).CustomerPage,
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
  ],
};

import { lazyComponent, type RouteContribution } from '../route-kit';

/**
 * Pages of the embedding (issue 16); router.tsx mounts each list (see RouteContribution). The
 * embedded pages themselves need no routes: the embedded layout checks the partner for any page.
 */
export const routes: RouteContribution = {
  customer: [
    {
      // The customer's grants to partner apps (link from the customer data / settings navigation).
      path: 'partner-freigaben',
      lazy: lazyComponent(
        async () => (await import('../../features/embedding/partner-grants-page')).PartnerGrantsPage,
      ),
    },
  ],
};

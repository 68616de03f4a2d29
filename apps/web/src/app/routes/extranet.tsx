import { lazyComponent, type RouteContribution } from '../route-kit';

const extranetPages = () => import('../../features/extranet/extranet-pages');

/**
 * Pages of this area (issue 16): the broker software's single-use links into one contract or one
 * customer, under the flow layout (brand header, no portal navigation); router.tsx mounts them.
 */
export const routes: RouteContribution = {
  flow: [
    {
      path: 'extranet/vertrag/:id',
      pages: [{ index: true, lazy: lazyComponent(async () => (await extranetPages()).ExtranetContractPage) }],
    },
    {
      path: 'extranet/kundendaten/:id',
      pages: [{ index: true, lazy: lazyComponent(async () => (await extranetPages()).ExtranetCustomerPage) }],
    },
  ],
};

import type { FlowRouteHandle } from '../layouts/flow-layout';
import { lazyComponent, type RouteContribution } from '../route-kit';

const handle: FlowRouteHandle = { withoutPortalLinks: true };

const extranetPages = () => import('../../features/extranet/extranet-pages');

/**
 * Pages of this area (issue 16): the broker software's single-use links into one contract or one
 * customer, under the flow layout (brand header without a home link, no footer: no way to the rest of the portal); router.tsx mounts them.
 */
export const routes: RouteContribution = {
  flow: [
    {
      path: 'extranet/vertrag/:id',
      pages: [
        {
          index: true,
          handle,
          lazy: lazyComponent(async () => (await extranetPages()).ExtranetContractPage),
        },
      ],
    },
    {
      path: 'extranet/kundendaten/:id',
      pages: [
        {
          index: true,
          handle,
          lazy: lazyComponent(async () => (await extranetPages()).ExtranetCustomerPage),
        },
      ],
    },
  ],
};

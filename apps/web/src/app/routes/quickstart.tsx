import { lazyComponent, type RouteContribution } from '../route-kit';

const quickstartPage = () => import('../../features/quickstart/quickstart-page');

/**
 * Embedding for partners (issue 16): the public quickstart a partner's developer reads first, and
 * the clerk's administration of the partners under /innendienst/einbettungspartner.
 */
export const routes: RouteContribution = {
  public: [
    {
      path: 'quickstart',
      lazy: lazyComponent(async () => (await quickstartPage()).QuickstartPage),
    },
  ],
};

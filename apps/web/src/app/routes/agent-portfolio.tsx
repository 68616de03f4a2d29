import { lazyComponent, type RouteContribution } from '../route-kit';

/** Pages of this area (issue 15), mounted as RouteContribution says. */
export const routes: RouteContribution = {
  agent: [
    {
      // The Kundenbestand; its filters are in the URL query (reload and back keep them).
      path: 'kundenbestand',
      lazy: lazyComponent(
        async () => (await import('../../features/agent-portfolio/portfolio-page')).PortfolioPage,
      ),
    },
  ],
};

import { lazyComponent, lazyPage, type RouteContribution } from '../route-kit';

const advicePages = () => import('../../features/application/advice-pages');

/** The agent's advice pages and drafts in the agent area (issue 15, ADR 0034); the public channel: advice.tsx. */
export const routes: RouteContribution = {
  agent: [
    {
      path: 'entwuerfe',
      lazy: lazyComponent(async () => (await import('../../features/advice/drafts-page')).AgentDraftsPage),
    },
    {
      path: ':produkt/beratung/bestaetigung',
      lazy: lazyPage(async () => {
        const page = await advicePages();
        return { Component: page.AgentAdviceConfirmation, loader: page.applicationLoader };
      }),
    },
    {
      path: ':produkt/beratung/:schritt?',
      lazy: lazyPage(async () => {
        const page = await advicePages();
        return { Component: page.AgentAdvicePage, loader: page.applicationLoader };
      }),
    },
  ],
};

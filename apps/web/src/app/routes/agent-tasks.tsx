import { lazyComponent, type RouteContribution } from '../route-kit';

/** Pages of this area (issue 15), mounted as RouteContribution says. */
export const routes: RouteContribution = {
  agent: [
    {
      // Open activities; the filters are in the URL query (reload and back keep them).
      path: 'aktivitaeten',
      lazy: lazyComponent(async () => (await import('../../features/agent-tasks/tasks-page')).AgentTasksPage),
    },
    {
      // The relocation service for one customer (flag relocation-service; the page says when it is off).
      path: 'umzugsservice/:partnerNummer',
      lazy: lazyComponent(
        async () => (await import('../../features/agent-tasks/relocation-page')).AgentRelocationPage,
      ),
    },
  ],
};

import { lazyComponent, type RouteContribution } from '../route-kit';

/**
 * Agent administration (issue 15), outside the agent area: the message to the agent service and the
 * public sales-partner application (the agent area's pages: agent-admin-pages.tsx).
 */
export const routes: RouteContribution = {
  agentMessage: [
    {
      index: true,
      lazy: lazyComponent(
        async () => (await import('../agent-message-page')).AgentMessageWithAttachmentsPage,
      ),
    },
  ],
  public: [
    {
      path: 'vermittler/vertriebspartner-werden',
      lazy: lazyComponent(
        async () => (await import('../../features/agent-admin/sales-partner-page')).SalesPartnerPage,
      ),
    },
  ],
};

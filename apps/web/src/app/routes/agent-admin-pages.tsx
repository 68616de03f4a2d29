import { lazyComponent, type RouteContribution } from '../route-kit';

const adminPages = () => import('../../features/agent-admin/sub-agents-page');

/**
 * Agent administration (issue 15) in the agent area: sub-agents, agency, settings and the agents'
 * FAQ. The settings page gets the password change from the sign-in's code here, since a feature
 * does not import another feature.
 */
export const routes: RouteContribution = {
  agent: [
    {
      path: 'untervermittler',
      lazy: lazyComponent(async () => (await adminPages()).SubAgentsPage),
    },
    {
      path: 'untervermittler/anlegen',
      lazy: lazyComponent(
        async () => (await import('../../features/agent-admin/create-sub-agent-page')).CreateSubAgentPage,
      ),
    },
    {
      path: 'agentur',
      lazy: lazyComponent(async () => (await import('../../features/agent-admin/agency-page')).AgencyPage),
    },
    {
      path: 'einstellungen',
      lazy: lazyComponent(async () => {
        const [page, credentials, apiError] = await Promise.all([
          import('../../features/agent-admin/settings-page'),
          import('../../features/auth/api/credential-changes'),
          import('../../features/auth/api/api-error'),
        ]);
        const passwordChange = {
          change: (input: { username: string; currentPassword: string; newPassword: string }) =>
            credentials.changePassword({
              passwordPath: '/api/vermittler/vermittler/passwort/aendern',
              ...input,
            }),
          errorCode: apiError.errorCodeOf,
        };
        return function AgentSettingsRoute() {
          return <page.SettingsPage passwordChange={passwordChange} />;
        };
      }),
    },
    {
      path: 'haeufige-fragen',
      lazy: lazyComponent(async () => (await import('../../features/agent-admin/faq-page')).AgentFaqPage),
    },
  ],
};

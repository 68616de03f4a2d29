import { PortalStartPage } from '../features/auth/start/portal-start-page';
import { OpenTasksSummary } from '../features/agent-tasks/open-tasks-summary';

/** /vermittler/: the auth feature's start page with the agent's open activities (issue 15). */
export function AgentStartPage() {
  return (
    <PortalStartPage portal="vermittler">
      <OpenTasksSummary />
    </PortalStartPage>
  );
}

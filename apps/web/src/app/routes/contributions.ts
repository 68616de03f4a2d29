import type { RouteContribution } from '../route-kit';
import { routes as adviceRoutes } from './advice';
import { routes as agentAdminRoutes } from './agent-admin';
import { routes as contractTransferRoutes } from './contract-transfer';
import { routes as extranetRoutes } from './extranet';
import { routes as quickstartRoutes } from './quickstart';

/**
 * The route files under app/routes/ that add pages outside the signed-in areas (public pages,
 * flows, advice, application results): router.tsx mounts those lists in the first JavaScript. Their
 * signed-in lists (customer, agent, agentMessage, clerk) are mounted by signed-in-pages.tsx, which
 * also takes the files that contribute only to signed-in areas (SIGNED_IN_ONLY_CONTRIBUTIONS there).
 */
export const ENTRY_CONTRIBUTIONS: readonly RouteContribution[] = [
  agentAdminRoutes,
  adviceRoutes,
  contractTransferRoutes,
  // Extranet and quickstart (issue 16).
  extranetRoutes,
  quickstartRoutes,
];

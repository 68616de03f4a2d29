import type { RouteContribution } from '../route-kit';
import { routes as adviceRoutes } from './advice';
import { routes as agentAdminRoutes } from './agent-admin';
import { routes as contractTransferRoutes } from './contract-transfer';
import { routes as extranetRoutes } from './extranet';
import { routes as quickstartRoutes } from './quickstart';

/**
 * The route files under app/routes/ that add pages outside the signed-in areas (public pages,
 * flows, advice, application results, the agent message): router.tsx mounts them in the first
 * JavaScript. Pages of /kunden, /vermittler and /innendienst belong in a file of
 * SIGNED_IN_ONLY_CONTRIBUTIONS (signed-in-pages.tsx), loaded on the first navigation there.
 */
export const ENTRY_CONTRIBUTIONS: readonly RouteContribution[] = [
  agentAdminRoutes,
  adviceRoutes,
  contractTransferRoutes,
  // Extranet and quickstart (issue 16).
  extranetRoutes,
  quickstartRoutes,
];

import type { RouteContribution } from '../route-kit';

/** Pages of this area (issue 16); router.tsx mounts each list (see RouteContribution). */
export const routes: RouteContribution = {};

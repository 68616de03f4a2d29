import type { AuthorizationRows } from '../authorization-kit';

/** Routes of this area (issue 16). */
export const rows: AuthorizationRows = {};

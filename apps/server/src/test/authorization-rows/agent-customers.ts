import type { AuthorizationRows } from '../authorization-kit';

/** This area's rows of the authorization table (issue 15): every route it adds has one. */
export const rows: AuthorizationRows = {};

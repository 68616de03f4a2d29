import type { AuthorizationRows } from '../authorization-kit';

/** This area's rows of the authorization table (issue 15): every route it adds has one. */
export const rows: AuthorizationRows = {
  authenticatedRoutes: {
    // customerA is a customer of agentX's sub-agent: agentX sees her, agentY must not.
    'GET /api/vermittler/kundenbestand': {
      pool: 'vermittler',
      owner: (f) => f.agentX,
      target: (f) => f.customerA,
      request: () => ({ url: '/api/vermittler/kundenbestand' }),
    },
    'GET /api/vermittler/vermittler/kundenbestand/download': {
      pool: 'vermittler',
      owner: (f) => f.agentX,
      target: (f) => f.customerA,
      request: () => ({ url: '/api/vermittler/vermittler/kundenbestand/download?format=csv' }),
    },
  },
};

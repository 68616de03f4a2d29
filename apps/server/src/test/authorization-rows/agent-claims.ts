import type { AuthorizationRows } from '../authorization-kit';

// The agent's writing side of its customers' claims (issue 14, spec §7 'claim messages for
// agents'): agentX writes on customerA's claim (a customer of agentX's sub-agent); agentY (another
// agency), the customers and the clerk must not. The agent's reading routes are rows of the core
// table (authorization.test.ts).

/** This area's rows of the authorization table: every route it adds has one. */
export const rows: AuthorizationRows = {
  authenticatedRoutes: {
    'POST /api/schadenstrecke/vermittler/schaden/:claimId/nachrichten': {
      pool: 'vermittler',
      owner: (f) => f.agentX,
      target: (f) => f.customerA,
      request: (f) => ({
        url: `/api/schadenstrecke/vermittler/schaden/${f.claim.claimId}/nachrichten`,
        payload: { html: '<p>Hallo</p>' },
      }),
    },
  },
};

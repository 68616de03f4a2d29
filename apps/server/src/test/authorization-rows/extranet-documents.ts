import type { AuthorizationRows } from '../authorization-kit';

/** Routes of this area (issue 16: documents on the extranet contract page). */
export const rows: AuthorizationRows = {
  publicRoutes: {
    'POST /api/extranet/dokumente/:id':
      "extranet document: no portal sign-in but the opened link's unguessable view token (body), only documents of that link's one contract while the agency still looks after it, 30 minutes (401 after), rate limited; 404 for any other document",
  },
};

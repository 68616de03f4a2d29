import type { AuthorizationRows } from '../authorization-kit';

/** Routes of this area (issue 16). */
export const rows: AuthorizationRows = {
  publicRoutes: {
    // The embedding SDK's host scripts (module embedding-sdk): static code for partner pages.
    'GET /embed/v1/schirm-embed.js': 'embedding SDK script for partner pages (public code, no data)',
    'GET /embed/v1/schirm-embed.mjs': 'embedding SDK script for partner pages (public code, no data)',
  },
};

import { insertEmbeddingPartner, insertGrant } from '../../modules/embedding/fixtures.test-helper';
import type { AuthorizationRows, Fixture } from '../authorization-kit';

/** An active partner with a customer area, made for the row's request. */
const freshPartner = (f: Fixture) => insertEmbeddingPartner(f.db);

/** Routes of this area (issue 16). */
export const rows: AuthorizationRows = {
  publicRoutes: {
    // The embedding SDK's host scripts (module embedding-sdk): static code for partner pages.
    'GET /embed/v1/schirm-embed.js': 'embedding SDK script for partner pages (public code, no data)',
    'GET /embed/v1/schirm-embed.mjs': 'embedding SDK script for partner pages (public code, no data)',
    'GET /embed/v1/schirm-embed.d.mts': 'TypeScript declarations of the SDK script (public code, no data)',
    // The embedding module (issue 16).
    'GET /api/einbettung/partner/:partnerKey':
      'public configuration of an active embedding partner for an origin on its allowlist (rate limited); the same 404 otherwise',
    'POST /api/einbettung/token':
      'embedding partner credentials (HTTP Basic, secret stored as scrypt hash, rate limited); a token only for customers who granted the partner',
    'POST /api/einbettung/sitzung':
      "unguessable single-use exchange token from the partner's token exchange, 120 seconds (rate limited)",
  },
  authenticatedRoutes: {
    'GET /api/kunden/einbettung/freigaben': {
      pool: 'benutzer',
      owner: (f) => f.customerA,
      request: () => ({ url: '/api/kunden/einbettung/freigaben' }),
    },
    'POST /api/kunden/einbettung/freigaben': {
      pool: 'benutzer',
      owner: (f) => f.customerA,
      request: async (f) => ({
        url: '/api/kunden/einbettung/freigaben',
        payload: { partnerKey: (await freshPartner(f)).partnerKey },
      }),
    },
    'DELETE /api/kunden/einbettung/freigaben/:partnerKey': {
      pool: 'benutzer',
      owner: (f) => f.customerA,
      request: async (f) => {
        const partner = await freshPartner(f);
        await insertGrant(f.db, f.customerA.id, partner.id);
        return { url: `/api/kunden/einbettung/freigaben/${partner.partnerKey}` };
      },
    },
    'GET /api/innendienst/einbettungspartner': {
      pool: 'innendienst',
      owner: (f) => f.clerk,
      request: () => ({ url: '/api/innendienst/einbettungspartner' }),
    },
    'PUT /api/innendienst/einbettungspartner/:partnerKey': {
      pool: 'innendienst',
      owner: (f) => f.clerk,
      request: async (f) => ({
        url: `/api/innendienst/einbettungspartner/${(await freshPartner(f)).partnerKey}`,
        payload: {
          name: 'Geänderter Partner',
          origins: ['https://www.partner.example'],
          produkte: ['fahrrad'],
        },
      }),
    },
    'POST /api/innendienst/einbettungspartner/:partnerKey/secret': {
      pool: 'innendienst',
      owner: (f) => f.clerk,
      request: async (f) => ({
        url: `/api/innendienst/einbettungspartner/${(await freshPartner(f)).partnerKey}/secret`,
      }),
    },
  },
};

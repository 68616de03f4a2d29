import { eq } from 'drizzle-orm';
import { contracts } from '../../db/schema/contracts';
import type { AuthenticatedRoute, AuthorizationRows, Fixture } from '../authorization-kit';

// The broker software's routes carry no portal sign-in: they need the agency's machine JWT
// (modules/extranet/machine-auth.ts), tested in modules/maklerpost/routes.test.ts (401 without it,
// replay refused, another agency's deliveries and documents 404).
const MACHINE =
  "broker software: the agency's machine JWT (EdDSA, single-use jti, ≤ 5 min), checked by requireAgencyMachine; scope agency + sub-agents";

/** The delivery 'Vertrag angelegt' of customerA's contract (looked after by subAgentX). */
async function deliveryOfCustomerA(f: Fixture): Promise<string> {
  const [contract] = await f.db
    .select({ id: contracts.id })
    .from(contracts)
    .where(eq(contracts.versicherungsNummer, f.customerA.contractNumber));
  return `VA-${contract?.id ?? ''}`;
}

const agentRow = (request: AuthenticatedRoute['request']): AuthenticatedRoute => ({
  pool: 'vermittler',
  owner: (f) => f.agentX,
  target: (f) => f.customerA,
  request,
});

/** Routes of this area (issue 16). */
export const rows: AuthorizationRows = {
  publicRoutes: {
    'GET /api/dgg-bipro-maklerpost/lieferungen': MACHINE,
    'GET /api/dgg-bipro-maklerpost/lieferungen/:id': MACHINE,
    'POST /api/dgg-bipro-maklerpost/lieferungen/:id/quittieren': MACHINE,
    'GET /api/dgg-bipro-maklerpost/gdv-bestand': MACHINE,
    'GET /api/dgg-bipro-maklerpost/dokumente/:id': MACHINE,
  },
  authenticatedRoutes: {
    'GET /api/vermittler/maklerpost/lieferungen': agentRow(() => ({
      url: '/api/vermittler/maklerpost/lieferungen?limit=200',
    })),
    'GET /api/vermittler/maklerpost/lieferungen/:id': agentRow(async (f) => ({
      url: `/api/vermittler/maklerpost/lieferungen/${await deliveryOfCustomerA(f)}`,
    })),
    'POST /api/vermittler/maklerpost/lieferungen/:id/quittieren': agentRow(async (f) => ({
      url: `/api/vermittler/maklerpost/lieferungen/${await deliveryOfCustomerA(f)}/quittieren`,
    })),
    'GET /api/vermittler/maklerpost/gdv-bestand': agentRow(() => ({
      url: '/api/vermittler/maklerpost/gdv-bestand',
    })),
  },
};

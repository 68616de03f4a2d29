import { randomBytes } from 'node:crypto';
import { calculateJwkThumbprint } from 'jose';
import { extranetMachineKeys } from '../../db/schema/extranet';
import type { AuthenticatedRoute, AuthorizationRows, Fixture } from '../authorization-kit';

/** A fresh Ed25519 public key (32 random bytes are a valid point often enough for a stored row). */
function publicJwk() {
  return { kty: 'OKP', crv: 'Ed25519', x: randomBytes(32).toString('base64url') } as const;
}

/** A key of agentX's agency to revoke, stored for the row's request. */
async function keyOfAgentX(f: Fixture): Promise<string> {
  const jwk = publicJwk();
  const kid = await calculateJwkThumbprint(jwk, 'sha256');
  await f.db.insert(extranetMachineKeys).values({ agentId: f.agentX.agentId ?? '', kid, publicJwk: jwk });
  return kid;
}

// The agency head (agentX, with subAgentX below) manages its keys; agentY sees none of them.
const agencyRow = (
  request: (f: Fixture) => Promise<{ url: string; payload?: object }> | { url: string; payload?: object },
): AuthenticatedRoute => ({ pool: 'vermittler', owner: (f) => f.agentX, request });

/** Routes of this area (issue 16). */
export const rows: AuthorizationRows = {
  publicRoutes: {
    'POST /api/dgg-bipro-maklerpost/extranet/request/:id/':
      "broker software: no portal sign-in but a machine JWT (EdDSA, the agency's registered key, aud schirm-extranet, exp ≤ 5 min, single-use jti; machine-auth.ts), 401 otherwise; only the agency's portfolio",
    'POST /api/extranet/oeffnen/:token':
      'extranet link: unguessable single-use token (256 bits) the broker software requested, 10 minutes, rate limited',
    'POST /api/extranet/ansicht':
      'extranet view: unguessable view token handed out with the opened link, bound to its one object, 30 minutes, rate limited',
  },
  authenticatedRoutes: {
    'GET /api/vermittler/extranet/schluessel': agencyRow(() => ({
      url: '/api/vermittler/extranet/schluessel',
    })),
    'POST /api/vermittler/extranet/schluessel': agencyRow(() => ({
      url: '/api/vermittler/extranet/schluessel',
      payload: { publicJwk: publicJwk() },
    })),
    'DELETE /api/vermittler/extranet/schluessel/:kid': agencyRow(async (f) => ({
      url: `/api/vermittler/extranet/schluessel/${await keyOfAgentX(f)}`,
    })),
  },
};

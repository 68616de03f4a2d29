// Machine credentials of agencies (issue 16, ADR 0036; docs/api/extranet.md). The broker software
// of an agency signs a short JWT with the agency's Ed25519 private key and sends it as
// `Authorization: Bearer`: header alg EdDSA and kid (the registered key's RFC 7638 thumbprint);
// claims iss = the agency's Vermittlernummer, aud = 'schirm-extranet', iat, exp at most 5 minutes
// after iat and after now, and jti, which is single use (kept until exp). Every failure is the
// same 401 with one German message, so a caller learns nothing about which check failed.
//
// Shared with modules/maklerpost: routes put `requireAgencyMachine()` as onRequest hook and read
// `agencyMachineOf(request)`. These routes are public for the user-token authorization table
// (they carry no portal sign-in) and document the machine JWT in their description.
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { decodeJwt, decodeProtectedHeader, errors as joseErrors, importJWK, type JWK, jwtVerify } from 'jose';
import type { Database } from '../../db/database';
import { agents } from '../../db/schema/agents';
import { extranetMachineKeys, extranetUsedJtis } from '../../db/schema/extranet';
import { loadSubAgentIds } from '../../platform/auth/agent-hierarchy';
import { unauthorized } from '../../platform/errors';
import { EXTRANET_ERRORS } from './texts';

/** The audience every machine JWT must name. */
export const EXTRANET_AUDIENCE = 'schirm-extranet';
/** The longest a machine JWT may live (exp − iat, and exp − now). */
export const MACHINE_TOKEN_MAX_SECONDS = 300;
/** Clock skew accepted between the broker's machine and ours. */
const CLOCK_TOLERANCE_SECONDS = 30;

/** The agency a verified machine JWT speaks for. */
export interface AgencyMachine {
  /** The agency's agent id. */
  agentId: string;
  vermittlernummer: string;
  /** Every agent below the agency, at any depth: the agency's scope is agentId plus these. */
  subAgentIds: readonly string[];
  /** The key that signed the JWT. */
  kid: string;
  jti: string;
}

function refused(detail: string): Error {
  return unauthorized(`Machine JWT refused: ${detail}`, {
    code: 'MACHINE_TOKEN_INVALID',
    userMessage: EXTRANET_ERRORS.machineUnauthorized,
  });
}

function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  return /^Bearer\s+(\S+)$/i.exec(header)?.[1];
}

/**
 * Verifies a machine JWT and uses up its jti. Throws 401 (MACHINE_TOKEN_INVALID) for a missing,
 * malformed, wrongly signed, expired, too long-lived, replayed, wrong-audience token or a revoked
 * or unknown key.
 */
export async function verifyAgencyToken(
  db: Database,
  token: string | undefined,
  now: Date = new Date(),
): Promise<AgencyMachine> {
  if (!token) throw refused('no bearer token');
  let kid: string | undefined;
  let issuer: unknown;
  try {
    const header = decodeProtectedHeader(token);
    if (header.alg !== 'EdDSA' && header.alg !== 'Ed25519') throw refused(`alg ${String(header.alg)}`);
    kid = header.kid;
    issuer = decodeJwt(token).iss;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) throw refused('malformed');
    throw error;
  }
  if (!kid || typeof issuer !== 'string' || !/^\d{10}$/.test(issuer)) throw refused('no kid or issuer');

  const [key] = await db
    .select({ agentId: agents.id, status: agents.status, publicJwk: extranetMachineKeys.publicJwk })
    .from(extranetMachineKeys)
    .innerJoin(agents, eq(agents.id, extranetMachineKeys.agentId))
    .where(
      and(
        eq(agents.vermittlerNummer, issuer),
        eq(extranetMachineKeys.kid, kid),
        isNull(extranetMachineKeys.revokedAt),
      ),
    );
  if (!key || key.status !== 'AKTIV') throw refused(`no active key ${kid} for ${issuer}`);

  let payload;
  try {
    const publicKey = await importJWK(key.publicJwk as JWK, 'EdDSA');
    ({ payload } = await jwtVerify(token, publicKey, {
      algorithms: ['EdDSA', 'Ed25519'],
      audience: EXTRANET_AUDIENCE,
      issuer,
      currentDate: now,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      maxTokenAge: MACHINE_TOKEN_MAX_SECONDS,
      requiredClaims: ['iss', 'aud', 'exp', 'iat', 'jti'],
    }));
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) throw refused(`verification: ${error.code}`);
    throw error;
  }
  const exp = payload.exp ?? 0;
  const iat = payload.iat ?? 0;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (
    exp - iat > MACHINE_TOKEN_MAX_SECONDS ||
    exp - nowSeconds > MACHINE_TOKEN_MAX_SECONDS + CLOCK_TOLERANCE_SECONDS
  ) {
    throw refused('lives longer than 5 minutes');
  }
  const jti = payload.jti;
  if (typeof jti !== 'string' || jti.length < 8 || jti.length > 200) throw refused('jti');

  // Single use: the first request with this jti inserts it, a replay finds it. Used ids older
  // than their exp are not needed any more (the JWT would be refused as expired anyway).
  await db.delete(extranetUsedJtis).where(lt(extranetUsedJtis.expiresAt, new Date(now.getTime() - 60_000)));
  const inserted = await db
    .insert(extranetUsedJtis)
    .values({ agentId: key.agentId, jti, expiresAt: new Date((exp + CLOCK_TOLERANCE_SECONDS) * 1000) })
    .onConflictDoNothing()
    .returning({ jti: extranetUsedJtis.jti });
  if (inserted.length === 0) throw refused(`jti ${jti} replayed`);

  return {
    agentId: key.agentId,
    vermittlernummer: issuer,
    subAgentIds: await loadSubAgentIds(db, key.agentId),
    kid,
    jti,
  };
}

const machines = new WeakMap<FastifyRequest, AgencyMachine>();

/**
 * onRequest (or preHandler) hook for routes of the broker software: verifies the bearer machine
 * JWT (401 otherwise) and keeps the agency for `agencyMachineOf`. `now` lets tests set the clock.
 */
export function requireAgencyMachine(options: { now?: () => Date } = {}) {
  return async function requireAgencyMachineToken(request: FastifyRequest): Promise<void> {
    const agency = await verifyAgencyToken(
      request.server.database.db,
      bearerToken(request.headers.authorization),
      options.now?.() ?? new Date(),
    );
    machines.set(request, agency);
  };
}

/** The agency of a request behind requireAgencyMachine; 401 when used without it. */
export function agencyMachineOf(request: FastifyRequest): AgencyMachine {
  const agency = machines.get(request);
  if (!agency) throw refused('route without requireAgencyMachine');
  return agency;
}

/** The agents whose customers and contracts the agency's software may reach. */
export function agencyScope(agency: AgencyMachine): string[] {
  return [agency.agentId, ...agency.subAgentIds];
}

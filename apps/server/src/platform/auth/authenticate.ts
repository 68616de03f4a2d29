// Authentication in one place: an onRequest hook verifies a bearer token when one is sent and sets
// request.actor; requireActor(pool) guards a route scope (registered as its onRequest hook, so it
// runs before body parsing and validation). Handlers never read the Authorization header.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { accounts, refreshTokens, type Pool } from '../../db/schema/identity';
import { forbidden, unauthorized } from '../errors';
import { verifyAccessToken } from './access-token';
import type { Actor } from './actor';
import { loadSubAgentIds } from './agent-hierarchy';
import { loadIdentityKeys, type IdentityKeys } from './keys';

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Behind protectScope: needs a bearer token (documented with `security` in OpenAPI). */
  isProtected: boolean;
}

export const BEARER_SECURITY = [{ bearerAuth: [] }];

const routeTables = new WeakMap<FastifyInstance, { method: string; route: RouteOptions }[]>();

function isProtectedRoute(route: RouteOptions): boolean {
  const security = (route.schema as { security?: unknown[] } | undefined)?.security;
  return Array.isArray(security) && security.length > 0;
}

/** Every route registered after registerAuthentication (HEAD twins left out), for the authorization test. */
export function listRegisteredRoutes(app: FastifyInstance): RegisteredRoute[] {
  // Read at call time: a scope's own onRoute hook (protectScope) runs after the one recording here.
  return (routeTables.get(app) ?? []).map(({ method, route }) => ({
    method,
    url: route.url,
    isProtected: isProtectedRoute(route),
  }));
}

function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

// Every authenticated request reads its account: a prepared statement per database handle, with
// just the columns the actor needs (building the query each time cost more than running it).
function prepareAccountLookup(db: Database) {
  return db
    .select({
      id: accounts.id,
      username: accounts.username,
      pool: accounts.pool,
      status: accounts.status,
      partnerId: accounts.partnerId,
      agentId: accounts.agentId,
      tokensValidAfter: accounts.tokensValidAfter,
      // The token's sign-in was ended (logout, refresh-token reuse): its refresh tokens are revoked.
      sessionEnded: sql<boolean>`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${sql.placeholder('sid')} and ${refreshTokens.revokedAt} is not null)`,
      // An embedded session (issue 16) lasts only while the customer's grant and the partner are active.
      // Written out: drizzle leaves column names unqualified in a one-table select (migration 0022).
      embeddingGranted: sql<boolean>`exists (select 1 from embedding_grants g join embedding_partners p on p.id = g.embedding_partner_id where g.account_id = accounts.id and p.partner_key = ${sql.placeholder('ep')} and g.revoked_at is null and p.aktiv and p.kundenbereich)`,
    })
    .from(accounts)
    .where(eq(accounts.id, sql.placeholder('id')))
    .prepare('account_of_access_token');
}

// Tokens minted without a sign-in (tests) name no family; the nil UUID matches none.
const NO_SESSION = '00000000-0000-0000-0000-000000000000';

const accountLookups = new WeakMap<Database, ReturnType<typeof prepareAccountLookup>>();

function accountLookupOf(db: Database): ReturnType<typeof prepareAccountLookup> {
  let lookup = accountLookups.get(db);
  if (!lookup) {
    lookup = prepareAccountLookup(db);
    accountLookups.set(db, lookup);
  }
  return lookup;
}

/** The actor of a bearer token, or null when the token or its account is not (or no longer) valid. */
export async function resolveActor(
  db: Database,
  keys: IdentityKeys,
  token: string,
  now: Date = new Date(),
): Promise<Actor | null> {
  const claims = await verifyAccessToken(keys, token, now);
  if (!claims) return null;
  const [account] = await accountLookupOf(db).execute({
    id: claims.sub,
    sid: claims.sid ?? NO_SESSION,
    ep: claims.ep ?? '',
  });
  if (!account || account.status !== 'ACTIVE' || account.pool !== claims.pool) return null;
  if (account.sessionEnded) return null;
  // Global logout and credential changes move tokensValidAfter; older tokens stop working at once.
  if (claims.iatMs < account.tokensValidAfter.getTime()) return null;
  if (claims.ep !== undefined && (account.pool !== 'benutzer' || !account.embeddingGranted)) return null;
  if (account.pool === 'benutzer') {
    if (!account.partnerId) return null;
    return {
      pool: 'benutzer',
      userId: account.id,
      username: account.username,
      partnerId: account.partnerId,
      ...(claims.ep === undefined ? {} : { embeddedPartner: claims.ep }),
    };
  }
  if (account.pool === 'innendienst') {
    // A clerk is bound to neither a partner nor an agent: every ownership check of the customer
    // and agent services fails for it; only the clerk routes (pool innendienst) let it in.
    if (account.partnerId || account.agentId) return null;
    return { pool: 'innendienst', userId: account.id, username: account.username };
  }
  if (!account.agentId) return null;
  return {
    pool: 'vermittler',
    userId: account.id,
    username: account.username,
    agentId: account.agentId,
    subAgentIds: await loadSubAgentIds(db, account.agentId),
  };
}

/** Registers request.actor and the bearer-token hook; call before any route plugin. */
export function registerAuthentication(app: FastifyInstance): void {
  const keys = loadIdentityKeys(app.config);
  const routes: { method: string; route: RouteOptions }[] = [];
  routeTables.set(app, routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, route });
    }
  });
  app.decorateRequest('actor', null);
  // Callback style: most requests (public pages, pricing) carry no token, and an async hook would
  // cost them a promise and a microtask turn anyway.
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) {
      request.actor = null;
      done();
      return;
    }
    resolveActor(app.database.db, keys, token).then((actor) => {
      request.actor = actor;
      done();
    }, done);
  });
}

/** onRequest hook for a route scope: 401 without a valid token, 403 for a token of another pool. */
export function requireActor(pool: Pool) {
  return async function requireActorOfPool(request: FastifyRequest): Promise<void> {
    if (!request.actor) throw unauthorized(`Route needs a valid bearer token of pool ${pool}`);
    if (request.actor.pool !== pool) {
      throw forbidden(`Token of pool ${request.actor.pool} on a route of pool ${pool}`);
    }
  };
}

/**
 * Protects every route of a plugin scope (a route prefix): onRequest needs a valid token (of
 * `pool` when given), and the routes are documented with bearer security in OpenAPI.
 */
export function protectScope(scope: FastifyInstance, pool?: Pool): void {
  scope.addHook('onRoute', (route: RouteOptions) => {
    route.schema = { ...route.schema, security: BEARER_SECURITY };
  });
  scope.addHook(
    'onRequest',
    pool ? requireActor(pool) : async (request: FastifyRequest) => void actorOf(request),
  );
}

/**
 * Marks every answer of the scope as personal: `cache-control: private, no-store`, so no shared
 * cache or browser keeps a person's data (the signed-in scopes of the modules use it).
 */
export function answerPrivately(scope: FastifyInstance): void {
  scope.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
}

/** The German answer to an embedded session on a route it may not use (issue 16). */
export const EMBEDDED_SESSION_REFUSED =
  'Diese Aktion ist im eingebetteten Kundenbereich nicht möglich. Bitte melden Sie sich direkt im Kundenportal an.';

/**
 * onRequest/preHandler hook for routes an embedded customer session (from an embedding partner's
 * token exchange, issue 16) may not use: changing sign-in data, the data export, the partner grants.
 * 403 EMBEDDED_SESSION_REFUSED; run after the scope's requireActor.
 */
export async function refuseEmbeddedSession(request: FastifyRequest): Promise<void> {
  if (request.actor?.embeddedPartner !== undefined) {
    throw forbidden(`Embedded session of partner ${request.actor.embeddedPartner} refused`, {
      code: 'EMBEDDED_SESSION_REFUSED',
      userMessage: EMBEDDED_SESSION_REFUSED,
    });
  }
}

/** The actor of a request behind requireActor; throws 401 when used without it. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized('Route needs a valid bearer token');
  return request.actor;
}

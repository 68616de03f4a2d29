import type { Pool } from '../../db/schema/identity';

/**
 * The signed-in caller of a request, from a verified access token and the current account row. A
 * clerk (pool innendienst, ADR 0027) carries neither partnerId nor agentId.
 */
export interface Actor {
  pool: Pool;
  /** Account id (the token's `sub`). */
  userId: string;
  username: string;
  /** Partner the customer account is bound to (pool benutzer). */
  partnerId?: string;
  /** Agent the account is bound to (pool vermittler). */
  agentId?: string;
  /** Every agent below the agent, at any depth (pool vermittler). */
  subAgentIds?: readonly string[];
  /**
   * Key of the embedding partner whose iframe this customer session runs in (issue 16): set for
   * sessions from the partner token exchange, which may not change sign-in data, export data or
   * grant partners (refuseEmbeddedSession).
   */
  embeddedPartner?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request carries a valid bearer token; routes behind requireActor can rely on it. */
    actor: Actor | null;
  }
}

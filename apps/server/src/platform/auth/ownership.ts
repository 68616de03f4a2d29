// Ownership checks the services run before they read or change data of a partner or an agent.
// A customer reaches only the own partner; an agent the customers of itself and every agent below
// it; a sub-agent only its own (its subAgentIds are those below it). Failures are 404, so a caller
// cannot tell data of others from data that does not exist.
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { Transaction } from '../../db/transaction';
import { contracts } from '../../db/schema/contracts';
import { notFound } from '../errors';
import type { Actor } from './actor';

type Db = Database | Transaction;

/** The agents whose customers the actor may see: its own agent and every agent below it. */
export function agentScope(actor: Actor): string[] {
  if (actor.pool !== 'vermittler' || !actor.agentId) return [];
  return [actor.agentId, ...(actor.subAgentIds ?? [])];
}

/** Throws 404 unless the actor is the customer bound to this partner. */
export function assertOwnsPartner(actor: Actor, partnerId: string): void {
  if (actor.pool !== 'benutzer' || actor.partnerId !== partnerId) {
    throw notFound(`Account ${actor.userId} does not own partner ${partnerId}`);
  }
}

/** Whether one of the partner's contracts is looked after by the actor's agent or an agent below it. */
export async function agentReachesPartner({
  db,
  actor,
  partnerId,
}: {
  db: Db;
  actor: Actor;
  partnerId: string;
}): Promise<boolean> {
  const scope = agentScope(actor);
  if (scope.length === 0) return false;
  const [row] = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(eq(contracts.partnerId, partnerId), inArray(contracts.agentId, scope)))
    .limit(1);
  return row !== undefined;
}

/** Throws 404 unless the actor's agent (or one below it) looks after a contract of the partner. */
export async function assertAgentReachesPartner(args: {
  db: Db;
  actor: Actor;
  partnerId: string;
}): Promise<void> {
  if (!(await agentReachesPartner(args))) {
    throw notFound(`Account ${args.actor.userId} does not reach partner ${args.partnerId}`);
  }
}

/** Either check, by the actor's pool: the one call for services open to customers and agents. */
export async function assertCanAccessPartner(args: {
  db: Db;
  actor: Actor;
  partnerId: string;
}): Promise<void> {
  if (args.actor.pool === 'benutzer') assertOwnsPartner(args.actor, args.partnerId);
  else await assertAgentReachesPartner(args);
}

/** Throws 404 unless `agentId` is below the actor's agent (or, with includeSelf, the agent itself). */
export function assertManagesAgent(actor: Actor, agentId: string, { includeSelf = false } = {}): void {
  const below = actor.subAgentIds ?? [];
  const isSelf = actor.agentId === agentId;
  if (actor.pool !== 'vermittler' || !(below.includes(agentId) || (includeSelf && isSelf))) {
    throw notFound(`Account ${actor.userId} does not manage agent ${agentId}`);
  }
}

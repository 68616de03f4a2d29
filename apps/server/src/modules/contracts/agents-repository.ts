// Agents and their sub-agent hierarchy. An agent sees the customers of every agent below it, so the
// hierarchy is read with one recursive query instead of one query per level.
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { agents, type AgentStatus } from '../../db/schema/agents';
import { contracts } from '../../db/schema/contracts';
import type { Transaction } from '../../db/transaction';
import { badRequest } from '../../platform/errors';

const text = z.string().trim().min(1);

/** An agent before it is stored; the parent is named by its agent number. */
export const newAgentSchema = z.object({
  vermittlerNummer: z.string().regex(/^\d{10}$/),
  name: text,
  email: z.email(),
  telefon: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/)
    .optional(),
  vertriebsweg: text,
  agentur: z.object({
    name: text,
    strasse: text,
    hausnummer: text,
    plz: z.string().regex(/^\d{5}$/),
    ort: text,
  }),
  parentVermittlerNummer: z
    .string()
    .regex(/^\d{10}$/)
    .optional(),
  status: z.enum(['AKTIV', 'INAKTIV']).default('AKTIV'),
});
export type NewAgent = z.input<typeof newAgentSchema>;

/** A stored agent. */
export interface Agent {
  id: string;
  vermittlerNummer: string;
  name: string;
  email: string;
  telefon?: string;
  vertriebsweg: string;
  agentur: { name: string; strasse: string; hausnummer: string; plz: string; ort: string };
  parentAgentId?: string;
  status: AgentStatus;
}

/** A sub-agent with its distance from the agent asked for (1 = direct sub-agent). */
export type SubAgent = Agent & { depth: number };

type Db = Database | Transaction;
type AgentRow = typeof agents.$inferSelect;

function toAgent(row: AgentRow): Agent {
  return {
    id: row.id,
    vermittlerNummer: row.vermittlerNummer,
    name: row.name,
    email: row.email,
    ...(row.telefon === null ? {} : { telefon: row.telefon }),
    vertriebsweg: row.vertriebsweg,
    agentur: {
      name: row.agenturName,
      strasse: row.agenturStrasse,
      hausnummer: row.agenturHausnummer,
      plz: row.agenturPlz,
      ort: row.agenturOrt,
    },
    ...(row.parentAgentId === null ? {} : { parentAgentId: row.parentAgentId }),
    status: row.status,
  };
}

/** Columns of an agent (shared with the bulk demo generator). */
export function agentColumns(agent: z.output<typeof newAgentSchema>, parentAgentId: string | null) {
  return {
    vermittlerNummer: agent.vermittlerNummer,
    name: agent.name,
    email: agent.email,
    telefon: agent.telefon ?? null,
    vertriebsweg: agent.vertriebsweg,
    agenturName: agent.agentur.name,
    agenturStrasse: agent.agentur.strasse,
    agenturHausnummer: agent.agentur.hausnummer,
    agenturPlz: agent.agentur.plz,
    agenturOrt: agent.agentur.ort,
    parentAgentId,
    status: agent.status,
  };
}

/** Stores an agent; a sub-agent names its parent's agent number. */
export async function insertAgent({ db, agent }: { db: Db; agent: NewAgent }): Promise<Agent> {
  const parsed = newAgentSchema.safeParse(agent);
  if (!parsed.success) {
    throw badRequest(`Agent rejected: ${parsed.error.message}`, {
      code: 'AGENT_INVALID',
      fieldErrors: parsed.error.issues.map((issue) => ({
        path: issue.path.join('.'),
        message: issue.message,
      })),
    });
  }
  let parentAgentId: string | null = null;
  if (parsed.data.parentVermittlerNummer) {
    const parent = await findAgentByNumber({ db, vermittlerNummer: parsed.data.parentVermittlerNummer });
    if (!parent) {
      throw badRequest(`Unknown parent agent ${parsed.data.parentVermittlerNummer}`, {
        code: 'AGENT_PARENT_UNKNOWN',
      });
    }
    parentAgentId = parent.id;
  }
  const [row] = await db.insert(agents).values(agentColumns(parsed.data, parentAgentId)).returning();
  if (!row) throw new Error('INSERT agents returned no row');
  return toAgent(row);
}

/** The agent with this 10-digit agent number. */
export async function findAgentByNumber({
  db,
  vermittlerNummer,
}: {
  db: Db;
  vermittlerNummer: string;
}): Promise<Agent | undefined> {
  const [row] = await db.select().from(agents).where(eq(agents.vermittlerNummer, vermittlerNummer));
  return row ? toAgent(row) : undefined;
}

/** The agent with this id. */
export async function findAgentById({ db, id }: { db: Db; id: string }): Promise<Agent | undefined> {
  const [row] = await db.select().from(agents).where(eq(agents.id, id));
  return row ? toAgent(row) : undefined;
}

/** The agent whose sign-in e-mail this is (case-insensitive). */
export async function findAgentByEmail({ db, email }: { db: Db; email: string }): Promise<Agent | undefined> {
  const [row] = await db
    .select()
    .from(agents)
    .where(sql`lower(${agents.email}) = lower(${email})`);
  return row ? toAgent(row) : undefined;
}

const hierarchyRowSchema = z.object({ id: z.string(), depth: z.coerce.number().int() });

/**
 * The agent and every agent below it, at any depth, by number. The recursive query stops at agents
 * already visited, so a broken hierarchy with a cycle cannot loop.
 */
export async function findAgentWithSubAgents({
  db,
  agentId,
}: {
  db: Db;
  agentId: string;
}): Promise<{ agent: Agent; subAgents: SubAgent[] } | undefined> {
  const hierarchy = await db.execute(sql`
    WITH RECURSIVE hierarchy(id, depth, path) AS (
      SELECT ${agents.id}, 0, ARRAY[${agents.id}] FROM ${agents} WHERE ${agents.id} = ${agentId}
      UNION ALL
      SELECT child.id, hierarchy.depth + 1, hierarchy.path || child.id
      FROM ${agents} AS child
      JOIN hierarchy ON child.parent_agent_id = hierarchy.id
      WHERE NOT child.id = ANY(hierarchy.path)
    )
    SELECT id, depth FROM hierarchy`);
  const levels = z.array(hierarchyRowSchema).parse(rowsOf(hierarchy));
  if (levels.length === 0) return undefined;
  const depthById = new Map(levels.map((level) => [level.id, level.depth]));
  const rows = await db
    .select()
    .from(agents)
    .where(inArray(agents.id, [...depthById.keys()]));
  const all = rows
    .map((row) => ({ ...toAgent(row), depth: depthById.get(row.id) ?? 0 }))
    .sort((a, b) => a.depth - b.depth || a.vermittlerNummer.localeCompare(b.vermittlerNummer));
  const [root, ...subAgents] = all;
  if (!root || root.depth !== 0) return undefined;
  const { depth: _depth, ...agent } = root;
  return { agent, subAgents };
}

// node-postgres answers `execute` with a QueryResult, PGlite with { rows }; both carry `rows`.
function rowsOf(result: unknown): unknown[] {
  return (result as { rows: unknown[] }).rows;
}

const ancestorRowSchema = z.object({ id: z.string(), depth: z.coerce.number().int() });

/**
 * The agent's parents up to the head agent of its agency, nearest first (empty for a head agent).
 * Stops at agents already visited, so a broken hierarchy with a cycle cannot loop.
 */
export async function findAgentAncestorIds({ db, agentId }: { db: Db; agentId: string }): Promise<string[]> {
  const result = await db.execute(sql`
    WITH RECURSIVE ancestors(id, depth, path) AS (
      SELECT ${agents.parentAgentId}, 1, ARRAY[${agents.id}] FROM ${agents}
      WHERE ${agents.id} = ${agentId} AND ${agents.parentAgentId} IS NOT NULL
      UNION ALL
      SELECT parent.parent_agent_id, ancestors.depth + 1, ancestors.path || parent.id
      FROM ${agents} AS parent
      JOIN ancestors ON parent.id = ancestors.id
      WHERE parent.parent_agent_id IS NOT NULL AND NOT parent.id = ANY(ancestors.path)
    )
    SELECT id, depth FROM ancestors ORDER BY depth`);
  return z
    .array(ancestorRowSchema)
    .parse(rowsOf(result))
    .map((row) => row.id);
}

/** Number of distinct customers (partners with a contract) per agent, for the agents given. */
export async function countCustomersByAgent({
  db,
  agentIds,
}: {
  db: Db;
  agentIds: readonly string[];
}): Promise<Map<string, number>> {
  if (agentIds.length === 0) return new Map();
  const rows = await db
    .select({ agentId: contracts.agentId, count: sql<number>`count(DISTINCT ${contracts.partnerId})::int` })
    .from(contracts)
    .where(inArray(contracts.agentId, [...agentIds]))
    .groupBy(contracts.agentId);
  return new Map(rows.flatMap((row) => (row.agentId ? [[row.agentId, Number(row.count)] as const] : [])));
}

/** Sets an agent's status (AKTIV or INAKTIV); the contracts it brought stay with it. */
export async function setAgentStatus({
  db,
  agentId,
  status,
  now,
}: {
  db: Db;
  agentId: string;
  status: AgentStatus;
  now: Date;
}): Promise<void> {
  await db.update(agents).set({ status, updatedAt: now }).where(eq(agents.id, agentId));
}

/** A 10-digit agent number no agent has yet (random; the unique index decides a rare race). */
export async function unusedVermittlerNummer({
  db,
  random = () => Math.random(),
}: {
  db: Db;
  random?: () => number;
}): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const candidate = String(1_000_000_000 + Math.floor(random() * 8_999_999_999));
    const [taken] = await db
      .select({ id: agents.id })
      .from(agents)
      .where(eq(agents.vermittlerNummer, candidate))
      .limit(1);
    if (!taken) return candidate;
  }
  throw new Error('No unused agent number found in 20 attempts');
}

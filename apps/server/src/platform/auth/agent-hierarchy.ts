import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/database';
import type { Transaction } from '../../db/transaction';
import { agents } from '../../db/schema/agents';

const rowsSchema = z.array(z.object({ id: z.string() }));

/**
 * Every agent below `agentId`, at any depth, in one recursive query. The walk stops at agents it
 * has seen, so a broken hierarchy with a cycle cannot loop.
 */
export async function loadSubAgentIds(db: Database | Transaction, agentId: string): Promise<string[]> {
  const result = await db.execute(sql`
    WITH RECURSIVE below(id, path) AS (
      SELECT ${agents.id}, ARRAY[${agents.id}] FROM ${agents} WHERE ${agents.parentAgentId} = ${agentId}
      UNION ALL
      SELECT child.id, below.path || child.id
      FROM ${agents} AS child
      JOIN below ON child.parent_agent_id = below.id
      WHERE NOT child.id = ANY(below.path) AND child.id <> ${agentId}
    )
    SELECT DISTINCT id FROM below`);
  // node-postgres answers `execute` with a QueryResult, PGlite with { rows }; both carry `rows`.
  return rowsSchema.parse((result as unknown as { rows: unknown[] }).rows).map((row) => row.id);
}

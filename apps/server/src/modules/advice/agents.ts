// The agent an advice channel sells for: the signed-in agent (vermittler-beratung) or the agent a
// public link names (beratung: ?vmr=, ?vermittlernummer=, ?blz=). Only AKTIV agents sell; an
// unknown, inactive, forged or changed reference finds no agent (never another one).
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { agentBankCodes } from '../../db/schema/agent-admin';
import { agents } from '../../db/schema/agents';
import { decryptAgentId, type VmrKeys } from './vmr';

/** The agent a contract is concluded for, with the agency the public page shows. */
export interface SellingAgent {
  id: string;
  vermittlerNummer: string;
  name: string;
  email: string;
  vertriebsweg: string;
  agentur: { name: string; strasse: string; hausnummer: string; plz: string; ort: string };
}

/** How a public link names its agent (the first given wins in this order). */
export interface AgentReference {
  vmr?: string | undefined;
  vermittlernummer?: string | undefined;
  blz?: string | undefined;
}

const columns = {
  id: agents.id,
  vermittlerNummer: agents.vermittlerNummer,
  name: agents.name,
  email: agents.email,
  vertriebsweg: agents.vertriebsweg,
  agenturName: agents.agenturName,
  agenturStrasse: agents.agenturStrasse,
  agenturHausnummer: agents.agenturHausnummer,
  agenturPlz: agents.agenturPlz,
  agenturOrt: agents.agenturOrt,
};

type Row = { [K in keyof typeof columns]: string };

function sellingAgent(row: Row): SellingAgent {
  return {
    id: row.id,
    vermittlerNummer: row.vermittlerNummer,
    name: row.name,
    email: row.email,
    vertriebsweg: row.vertriebsweg,
    agentur: {
      name: row.agenturName,
      strasse: row.agenturStrasse,
      hausnummer: row.agenturHausnummer,
      plz: row.agenturPlz,
      ort: row.agenturOrt,
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The active agent with this id, or undefined. */
export async function findActiveAgentById(db: Database, agentId: string): Promise<SellingAgent | undefined> {
  if (!UUID.test(agentId)) return undefined;
  const [row] = await db
    .select(columns)
    .from(agents)
    .where(and(eq(agents.id, agentId), eq(agents.status, 'AKTIV')));
  return row ? sellingAgent(row) : undefined;
}

/**
 * The active agent a public link names. vmr is decrypted (a forged or changed value names no
 * one); vermittlernummer must be 10 digits; blz (8 digits) is looked up among the bank codes of
 * agents (agent_bank_codes; the agent-admin area's `blz/{blz}/nummerUndWeg` answers the same).
 */
export async function resolveAgentReference(
  db: Database,
  keys: VmrKeys,
  reference: AgentReference,
): Promise<SellingAgent | undefined> {
  if (reference.vmr !== undefined) {
    const agentId = decryptAgentId(keys, reference.vmr);
    return agentId === undefined ? undefined : findActiveAgentById(db, agentId);
  }
  if (reference.vermittlernummer !== undefined) {
    if (!/^\d{10}$/.test(reference.vermittlernummer)) return undefined;
    const [row] = await db
      .select(columns)
      .from(agents)
      .where(and(eq(agents.vermittlerNummer, reference.vermittlernummer), eq(agents.status, 'AKTIV')));
    return row ? sellingAgent(row) : undefined;
  }
  if (reference.blz !== undefined) {
    if (!/^\d{8}$/.test(reference.blz)) return undefined;
    const [row] = await db
      .select(columns)
      .from(agentBankCodes)
      .innerJoin(agents, eq(agents.id, agentBankCodes.agentId))
      .where(and(eq(agentBankCodes.blz, reference.blz), eq(agents.status, 'AKTIV')));
    return row ? sellingAgent(row) : undefined;
  }
  return undefined;
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { agents } from '../../db/schema/agents';
import { createTestDatabase } from '../../test/test-database';
import {
  findAgentByEmail,
  findAgentByNumber,
  findAgentWithSubAgents,
  insertAgent,
} from './agents-repository';
import { givenAgent } from './fixtures.test-helper';
import { eq } from 'drizzle-orm';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

describe('agents', () => {
  it('returns an agent with its sub-agents at every depth, nearest first', async () => {
    const root = await givenAgent(database.db);
    const a = await givenAgent(database.db, root);
    const b = await givenAgent(database.db, root);
    const a1 = await givenAgent(database.db, a);
    await givenAgent(database.db);

    const found = await findAgentWithSubAgents({ db: database.db, agentId: root.id });

    expect(found?.agent).toEqual(root);
    expect(found?.subAgents.map((agent) => [agent.vermittlerNummer, agent.depth])).toEqual([
      [a.vermittlerNummer, 1],
      [b.vermittlerNummer, 1],
      [a1.vermittlerNummer, 2],
    ]);
    expect(found?.subAgents[2]?.parentAgentId).toBe(a.id);
  });

  it('stops at a cycle in a broken hierarchy', async () => {
    const first = await givenAgent(database.db);
    const second = await givenAgent(database.db, first);
    await database.db.update(agents).set({ parentAgentId: second.id }).where(eq(agents.id, first.id));

    const found = await findAgentWithSubAgents({ db: database.db, agentId: first.id });

    expect(found?.subAgents.map((agent) => agent.id)).toEqual([second.id]);
  });

  it('answers undefined for an unknown agent', async () => {
    expect(
      await findAgentWithSubAgents({ db: database.db, agentId: '00000000-0000-4000-8000-000000000000' }),
    ).toBeUndefined();
  });

  it('finds an agent by number and by e-mail ignoring case', async () => {
    const agent = await givenAgent(database.db);
    expect(await findAgentByNumber({ db: database.db, vermittlerNummer: agent.vermittlerNummer })).toEqual(
      agent,
    );
    expect(await findAgentByEmail({ db: database.db, email: agent.email.toUpperCase() })).toEqual(agent);
  });

  it('refuses an agent number that is not 10 digits and a parent that does not exist', async () => {
    const base = {
      name: 'Agentur',
      email: 'agentur.x@example.com',
      vertriebsweg: 'MAKLER',
      agentur: { name: 'Agentur', strasse: 'Ring', hausnummer: '1', plz: '50672', ort: 'Köln' },
    };
    await expect(
      insertAgent({ db: database.db, agent: { ...base, vermittlerNummer: '12345' } }),
    ).rejects.toMatchObject({
      code: 'AGENT_INVALID',
    });
    await expect(
      insertAgent({
        db: database.db,
        agent: { ...base, vermittlerNummer: '4799999998', parentVermittlerNummer: '4799999999' },
      }),
    ).rejects.toMatchObject({ code: 'AGENT_PARENT_UNKNOWN' });
  });
});

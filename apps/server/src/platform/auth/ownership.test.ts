import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAgent, insertContract, insertPartner } from '../../modules/identity/identity-test-kit';
import { createTestDatabase } from '../../test/test-database';
import type { DatabaseHandle } from '../../db/database';
import type { Actor } from './actor';
import { loadSubAgentIds } from './agent-hierarchy';
import { agentScope, assertCanAccessPartner, assertManagesAgent, assertOwnsPartner } from './ownership';

let database: DatabaseHandle;
const ids = {
  agency: '',
  sub: '',
  subSub: '',
  other: '',
  partnerOfSubSub: '',
  partnerOfOther: '',
  partnerOfAgency: '',
};

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  ids.agency = await insertAgent(db, { email: 'agentur@example.com' });
  ids.sub = await insertAgent(db, { email: 'unter@example.com', parentAgentId: ids.agency });
  ids.subSub = await insertAgent(db, { email: 'unter.unter@example.com', parentAgentId: ids.sub });
  ids.other = await insertAgent(db, { email: 'andere@example.com' });
  ids.partnerOfSubSub = await insertPartner(db, { email: 'kunde1@example.com' });
  ids.partnerOfOther = await insertPartner(db, { email: 'kunde2@example.com' });
  ids.partnerOfAgency = await insertPartner(db, { email: 'kunde3@example.com' });
  await insertContract(db, { partnerId: ids.partnerOfSubSub, agentId: ids.subSub });
  await insertContract(db, { partnerId: ids.partnerOfOther, agentId: ids.other });
  await insertContract(db, { partnerId: ids.partnerOfAgency, agentId: ids.agency });
});

afterAll(async () => {
  await database.close();
});

async function agentActor(agentId: string): Promise<Actor> {
  return {
    pool: 'vermittler',
    userId: `account-of-${agentId}`,
    username: 'agent@example.com',
    agentId,
    subAgentIds: await loadSubAgentIds(database.db, agentId),
  };
}

const customer = (partnerId: string): Actor => ({
  pool: 'benutzer',
  userId: 'u1',
  username: 'k@example.com',
  partnerId,
});

describe('ownership', () => {
  it('finds every agent below an agent, at any depth, and none above or beside it', async () => {
    expect((await loadSubAgentIds(database.db, ids.agency)).sort()).toEqual([ids.sub, ids.subSub].sort());
    expect(await loadSubAgentIds(database.db, ids.sub)).toEqual([ids.subSub]);
    expect(await loadSubAgentIds(database.db, ids.subSub)).toEqual([]);
    expect(agentScope(await agentActor(ids.sub)).sort()).toEqual([ids.sub, ids.subSub].sort());
  });

  it('lets a customer reach only the own partner', async () => {
    expect(() => assertOwnsPartner(customer(ids.partnerOfSubSub), ids.partnerOfSubSub)).not.toThrow();
    expect(() => assertOwnsPartner(customer(ids.partnerOfSubSub), ids.partnerOfOther)).toThrow(
      expect.objectContaining({ status: 404 }),
    );
    const db = database.db;
    await expect(
      assertCanAccessPartner({ db, actor: customer(ids.partnerOfOther), partnerId: ids.partnerOfSubSub }),
    ).rejects.toMatchObject({
      status: 404,
    });
  });

  it("lets an agent reach its own and its sub-agents' customers; a sub-agent only its own", async () => {
    const db = database.db;
    const agency = await agentActor(ids.agency);
    const subSub = await agentActor(ids.subSub);
    const other = await agentActor(ids.other);
    await expect(
      assertCanAccessPartner({ db, actor: agency, partnerId: ids.partnerOfSubSub }),
    ).resolves.toBeUndefined();
    await expect(
      assertCanAccessPartner({ db, actor: agency, partnerId: ids.partnerOfAgency }),
    ).resolves.toBeUndefined();
    await expect(
      assertCanAccessPartner({ db, actor: subSub, partnerId: ids.partnerOfSubSub }),
    ).resolves.toBeUndefined();
    await expect(
      assertCanAccessPartner({ db, actor: subSub, partnerId: ids.partnerOfAgency }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      assertCanAccessPartner({ db, actor: other, partnerId: ids.partnerOfSubSub }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('lets an agent manage the agents below it, not itself unless asked, not its parent', async () => {
    const sub = await agentActor(ids.sub);
    expect(() => assertManagesAgent(sub, ids.subSub)).not.toThrow();
    expect(() => assertManagesAgent(sub, ids.sub)).toThrow();
    expect(() => assertManagesAgent(sub, ids.sub, { includeSelf: true })).not.toThrow();
    expect(() => assertManagesAgent(sub, ids.agency, { includeSelf: true })).toThrow();
  });
});

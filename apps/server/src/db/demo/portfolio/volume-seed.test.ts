import { count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAgentWithSubAgents } from '../../../modules/contracts/agents-repository';
import { findPartnerByNumber } from '../../../modules/contracts/partners-repository';
import { findContractsByAgent, findContractsByPartner } from '../../../modules/contracts/repository';
import { createTestDatabase } from '../../../test/test-database';
import type { DatabaseHandle } from '../../database';
import { agents } from '../../schema/agents';
import { contracts, premiumHistory } from '../../schema/contracts';
import { partners } from '../../schema/partners';
import { seedVolumePortfolio, type VolumeSeedCounts } from './volume-seed';

const TODAY = '2026-11-22';
let database: DatabaseHandle;
let first: VolumeSeedCounts;

beforeAll(async () => {
  database = await createTestDatabase();
  first = await seedVolumePortfolio({ db: database.db, seed: 3, customers: 600, today: TODAY });
});

afterAll(async () => {
  await database.close();
});

async function rows(table: typeof partners | typeof contracts | typeof agents | typeof premiumHistory) {
  const [result] = await database.db.select({ total: count() }).from(table);
  return result?.total;
}

describe('seedVolumePortfolio', () => {
  it('writes what it counts', async () => {
    expect(first.customers).toBe(600);
    expect(await rows(partners)).toBe(600);
    expect(await rows(contracts)).toBe(first.contracts);
    expect(await rows(premiumHistory)).toBe(first.contracts);
    expect(await rows(agents)).toBe(first.agents);
  });

  it('stores contracts the repository reads back under the domain rules', async () => {
    const partner = await findPartnerByNumber({ db: database.db, partnerNummer: '5000000001', today: TODAY });
    const stored = await findContractsByPartner({ db: database.db, partnerId: partner!.id });
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.every((contract) => contract.partnerId === partner!.id)).toBe(true);
  });

  it('lets an agent see the contracts of its sub-agents', async () => {
    const [child] = await database.db
      .select()
      .from(agents)
      .where(like(agents.vermittlerNummer, '48%'))
      .limit(50);
    const parents = await database.db.select().from(agents);
    const parent = parents.find((agent) => parents.some((other) => other.parentAgentId === agent.id));
    expect(child).toBeDefined();
    const hierarchy = await findAgentWithSubAgents({ db: database.db, agentId: parent!.id });
    const ids = [parent!.id, ...hierarchy!.subAgents.map((agent) => agent.id)];
    const page = await findContractsByAgent({ db: database.db, agentIds: ids, page: 1, pageSize: 20 });
    const own = await findContractsByAgent({
      db: database.db,
      agentIds: [parent!.id],
      page: 1,
      pageSize: 20,
    });
    expect(page.total).toBeGreaterThan(own.total);
  });

  it('continues the numbers of an earlier run, so a second run adds customers', async () => {
    const second = await seedVolumePortfolio({ db: database.db, seed: 3, customers: 50, today: TODAY });
    expect(second.customers).toBe(50);
    expect(await rows(partners)).toBe(650);
    const [last] = await database.db
      .select({ partnerNummer: partners.partnerNummer })
      .from(partners)
      .where(eq(partners.partnerNummer, '5000000650'));
    expect(last?.partnerNummer).toBe('5000000650');
  });
});

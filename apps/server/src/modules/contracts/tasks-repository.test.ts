import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '@schirm/domain/contract/task';
import type { DatabaseHandle } from '../../db/database';
import { createTestDatabase } from '../../test/test-database';
import { givenAgent, givenPartner, phvContract } from './fixtures.test-helper';
import { insertContract } from './repository';
import { insertTasks, listTasksByAgent, listTasksByContract, updateTaskStatus } from './tasks-repository';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

async function givenContractOf(vermittlerNummer: string) {
  const partner = await givenPartner(database.db);
  return insertContract({ db: database.db, contract: phvContract(partner, { vermittlerNummer }) });
}

function reminder(vertragsnummer: string, faelligAm: string, typ: Task['typ'] = 'UmsatzErinnern1'): Task {
  return { vertragsnummer, typ, status: 'Offen', faelligAm, erledigtAm: null, erstelltAm: faelligAm };
}

describe('tasks', () => {
  it('stores a task once per contract, type and due day', async () => {
    const agent = await givenAgent(database.db);
    const contract = await givenContractOf(agent.vermittlerNummer);
    const task = reminder(contract.versicherungsNummer, '2026-11-07');

    const first = await insertTasks({ db: database.db, tasks: [task] });
    const again = await insertTasks({ db: database.db, tasks: [task] });

    expect(first).toEqual([{ ...task, id: expect.any(String), agentId: agent.id }]);
    expect(again).toEqual([]);
    expect(await listTasksByContract({ db: database.db, contractId: contract.id })).toEqual(first);
  });

  it('lists the open tasks of an agent and its sub-agents by due day', async () => {
    const agent = await givenAgent(database.db);
    const sub = await givenAgent(database.db, agent);
    const own = await givenContractOf(agent.vermittlerNummer);
    const subs = await givenContractOf(sub.vermittlerNummer);
    const other = await givenContractOf((await givenAgent(database.db)).vermittlerNummer);
    await insertTasks({
      db: database.db,
      tasks: [
        reminder(subs.versicherungsNummer, '2026-12-01'),
        reminder(own.versicherungsNummer, '2026-11-01'),
        { ...reminder(own.versicherungsNummer, '2025-11-01'), status: 'Erledigt', erledigtAm: '2025-11-05' },
        reminder(other.versicherungsNummer, '2026-10-01'),
      ],
    });

    const open = await listTasksByAgent({ db: database.db, agentIds: [agent.id, sub.id], status: 'Offen' });
    const dueSoon = await listTasksByAgent({
      db: database.db,
      agentIds: [agent.id, sub.id],
      dueBy: '2026-11-30',
    });

    expect(open.total).toBe(2);
    expect(open.items.map((task) => [task.vertragsnummer, task.faelligAm])).toEqual([
      [own.versicherungsNummer, '2026-11-01'],
      [subs.versicherungsNummer, '2026-12-01'],
    ]);
    expect(dueSoon.items.map((task) => task.faelligAm)).toEqual(['2025-11-01', '2026-11-01']);
  });

  it('closes an open task once', async () => {
    const agent = await givenAgent(database.db);
    const contract = await givenContractOf(agent.vermittlerNummer);
    const [task] = await insertTasks({
      db: database.db,
      tasks: [reminder(contract.versicherungsNummer, '2026-11-07')],
    });

    const closed = await updateTaskStatus({
      db: database.db,
      id: task!.id,
      status: 'Erledigt',
      erledigtAm: '2026-11-20',
    });
    const again = await updateTaskStatus({
      db: database.db,
      id: task!.id,
      status: 'Storniert',
      erledigtAm: '2026-11-21',
    });

    expect([closed, again]).toEqual([true, false]);
    expect(await listTasksByContract({ db: database.db, contractId: contract.id })).toMatchObject([
      { status: 'Erledigt', erledigtAm: '2026-11-20' },
    ]);
  });

  it('refuses a task for a contract that does not exist', async () => {
    await expect(
      insertTasks({ db: database.db, tasks: [reminder('8999999999', '2026-11-07')] }),
    ).rejects.toMatchObject({
      code: 'CONTRACT_UNKNOWN',
    });
  });
});

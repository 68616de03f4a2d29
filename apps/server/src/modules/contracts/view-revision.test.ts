// The contract-view revision (ADR 0010): every committed write to a row that a partner's customer
// views are built from gives that partner a new revision, whoever writes it (the repository or
// plain SQL), and nothing else does. The views cached under a revision depend on it.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { agents } from '../../db/schema/agents';
import { contracts, openPremiums, pendingChanges } from '../../db/schema/contracts';
import { withTransaction } from '../../db/transaction';
import { createTestDatabase } from '../../test/test-database';
import { givenAgent, givenPartner, phvContract } from './fixtures.test-helper';
import { replaceBankAccount, type Partner } from './partners-repository';
import {
  findContractViewRevision,
  findPartnerViewRevision,
  insertContract,
  insertContractDocument,
  insertPendingChange,
  updateContractWithVersion,
} from './repository';
import type { StoredContract } from './contract-mapping';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

async function revisionOf(partner: Partner): Promise<string> {
  const head = await findPartnerViewRevision({ db: database.db, partnerNummer: partner.partnerNummer });
  if (!head) throw new Error(`partner ${partner.partnerNummer} not found`);
  expect(head.partnerId).toBe(partner.id);
  return head.revision;
}

/** A partner with one running contract, and an unrelated partner with one of its own, same agent. */
async function givenTwoCustomers() {
  const agent = await givenAgent(database.db);
  const customer = await givenPartner(database.db);
  const other = await givenPartner(database.db);
  const { vermittlerNummer } = agent;
  const contract = await insertContract({
    db: database.db,
    contract: phvContract(customer, { vermittlerNummer }),
  });
  await insertContract({ db: database.db, contract: phvContract(other, { vermittlerNummer }) });
  return { customer, other, contract, agent };
}

/** Runs the write and expects it to move the partner's revision and not the other partner's. */
async function expectNewRevision(customer: Partner, other: Partner, write: () => Promise<unknown>) {
  const before = await revisionOf(customer);
  const otherBefore = await revisionOf(other);
  await write();
  const after = await revisionOf(customer);
  expect(after).not.toBe(before);
  expect(await revisionOf(other)).toBe(otherBefore);
  return after;
}

describe('contract-view revision', () => {
  it('is 0 until something is written for the partner; unknown numbers have none', async () => {
    const partner = await givenPartner(database.db);
    // Storing the partner's bank account was the first write.
    expect(await revisionOf(partner)).toMatch(/^[1-9]\d*$/);
    await database.db.execute(sql`DELETE FROM contract_view_revisions WHERE partner_id = ${partner.id}`);
    expect(await revisionOf(partner)).toBe('0');
    expect(await findPartnerViewRevision({ db: database.db, partnerNummer: '2999999999' })).toBeUndefined();
    expect(
      await findContractViewRevision({ db: database.db, versicherungsNummer: '8999999999' }),
    ).toBeUndefined();
  });

  it('moves with a new contract and with every update of one', async () => {
    const customer = await givenPartner(database.db);
    const other = await givenPartner(database.db);
    let stored: StoredContract | undefined;
    await expectNewRevision(customer, other, async () => {
      stored = await insertContract({ db: database.db, contract: phvContract(customer) });
    });
    const contract = stored!;
    const revision = await expectNewRevision(customer, other, () =>
      updateContractWithVersion({
        db: database.db,
        id: contract.id,
        expectedVersion: contract.version,
        changes: { zahlweise: 'JAEHRLICH' },
      }),
    );
    expect(
      await findContractViewRevision({ db: database.db, versicherungsNummer: contract.versicherungsNummer }),
    ).toEqual({ contractId: contract.id, partnerId: customer.id, revision });
  });

  it('moves with pending changes, also when written in plain SQL', async () => {
    const { customer, other, contract } = await givenTwoCustomers();
    await expectNewRevision(customer, other, () =>
      insertPendingChange({
        db: database.db,
        contractId: contract.id,
        expectedVersion: contract.version,
        change: {
          type: 'zahlweise',
          value: 'JAEHRLICH',
          wirksamkeitsdatum: '2027-01-01',
          createdAt: '2026-11-22T10:00:00.000Z',
        },
      }),
    );
    await expectNewRevision(customer, other, () =>
      database.db
        .update(pendingChanges)
        .set({ appliedAt: new Date('2027-01-01T00:00:00Z') })
        .where(eq(pendingChanges.contractId, contract.id)),
    );
    await expectNewRevision(customer, other, () =>
      database.db.delete(pendingChanges).where(eq(pendingChanges.contractId, contract.id)),
    );
  });

  it('moves with unpaid premiums: a new one, a reminder, a payment', async () => {
    const { customer, other, contract } = await givenTwoCustomers();
    await expectNewRevision(customer, other, () =>
      database.db.insert(openPremiums).values({
        contractId: contract.id,
        art: 'FOLGEBEITRAG',
        faelligAm: '2026-11-01',
        betragCents: 1234,
      }),
    );
    await expectNewRevision(customer, other, () =>
      database.db
        .update(openPremiums)
        .set({ gemahntAm: '2026-11-15', zahlungsfristBis: '2026-11-29' })
        .where(eq(openPremiums.contractId, contract.id)),
    );
    await expectNewRevision(customer, other, () =>
      database.db.delete(openPremiums).where(eq(openPremiums.contractId, contract.id)),
    );
  });

  it('moves with a new document of a contract', async () => {
    const { customer, other, contract } = await givenTwoCustomers();
    await expectNewRevision(customer, other, () =>
      insertContractDocument({
        db: database.db,
        contractId: contract.id,
        name: 'Vertragsbestätigung.pdf',
        typ: 'default',
        storageKey: `contracts/${contract.id}/bestaetigung.pdf`,
      }),
    );
  });

  it('moves with a new bank account of the partner', async () => {
    const { customer, other } = await givenTwoCustomers();
    await expectNewRevision(customer, other, () =>
      replaceBankAccount({
        db: database.db,
        partnerId: customer.id,
        bankverbindung: {
          ...customer.bankverbindung!,
          iban: 'DE83100500000190012345',
          bic: 'BELADEBEXXX',
          sepaMandat: { ...customer.bankverbindung!.sepaMandat, mandatsreferenz: 'SCHIRM-NEU-02' },
        },
        gueltigAb: '2026-12-01',
      }),
    );
  });

  it('moves for every customer of an agent whose contact changes, not for other agent data', async () => {
    const { customer, other, agent } = await givenTwoCustomers();
    const stranger = await givenPartner(database.db);
    await insertContract({ db: database.db, contract: phvContract(stranger) });
    const before = [await revisionOf(customer), await revisionOf(other), await revisionOf(stranger)];

    await database.db.update(agents).set({ telefon: '+4922100000' }).where(eq(agents.id, agent.id));
    expect([await revisionOf(customer), await revisionOf(other), await revisionOf(stranger)]).toEqual(before);

    await database.db.update(agents).set({ name: 'Agentur Neuer Name' }).where(eq(agents.id, agent.id));
    const after = [await revisionOf(customer), await revisionOf(other), await revisionOf(stranger)];
    expect(after[0]).not.toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[2]).toBe(before[2]);
  });

  it('stays as it was when the writing transaction rolls back', async () => {
    const { customer, contract } = await givenTwoCustomers();
    const before = await revisionOf(customer);
    await expect(
      withTransaction(database.db, async (tx) => {
        await tx.update(contracts).set({ zahlweise: 'JAEHRLICH' }).where(eq(contracts.id, contract.id));
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await revisionOf(customer)).toBe(before);
  });

  it('gives every writing transaction a revision no other one had', async () => {
    const { customer, contract } = await givenTwoCustomers();
    const seen = new Set<string>([await revisionOf(customer)]);
    for (const zahlweise of ['JAEHRLICH', 'MONATLICH', 'JAEHRLICH'] as const) {
      await database.db.update(contracts).set({ zahlweise }).where(eq(contracts.id, contract.id));
      seen.add(await revisionOf(customer));
    }
    expect(seen.size).toBe(4);
    const { rows } = (await database.db.execute(
      sql`SELECT count(*)::int AS count FROM contract_view_revisions WHERE partner_id = ${customer.id}`,
    )) as unknown as { rows: { count: number }[] };
    expect(rows).toEqual([{ count: 1 }]);
  });
});

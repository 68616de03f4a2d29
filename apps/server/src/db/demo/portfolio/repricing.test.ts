// The demo portfolio is priced by the tariffs; priceContract rebuilds the rating inputs from a stored
// contract. Both must agree to the cent for every contract, or a self-service preview would show a
// premium change where the customer changed nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceContract } from '@schirm/domain/contract/repricing';
import type { ContractRecord } from '@schirm/domain/contract/contract-record';
import { todayInGermany } from '@schirm/domain/dates/calendar-date';
import { contracts } from '../../schema/contracts';
import { findContractById } from '../../../modules/contracts/repository';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { seedCuratedPortfolio } from './curated';
import { generatePortfolio } from './generator';

function expectSamePremium(record: ContractRecord) {
  const priced = priceContract(record);
  expect(priced.ok ? priced.value.beitrag : priced.error.message, record.versicherungsNummer).toEqual(
    record.beitrag,
  );
  if (priced.ok && record.versicherungssummeCents !== undefined && priced.value.versicherungssummeCents) {
    expect(priced.value.versicherungssummeCents, record.versicherungsNummer).toBe(
      record.versicherungssummeCents,
    );
  }
}

describe('priceContract on the curated demo portfolio', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    await seedCuratedPortfolio({ db: testApp.database.db, today: todayInGermany() });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('reproduces the stored premium of every contract', async () => {
    const db = testApp.database.db;
    const rows = await db.select({ id: contracts.id }).from(contracts);
    expect(rows.length).toBeGreaterThan(10);
    for (const { id } of rows) {
      const contract = await findContractById({ db, id });
      expectSamePremium(contract!);
    }
  });
});

describe('priceContract on generated contracts', () => {
  it('reproduces the premium of 500 customers’ contracts of every product', () => {
    const seen = new Set<string>();
    for (const batch of generatePortfolio({ seed: 7, customers: 500, today: todayInGermany() })) {
      for (const { id, contract } of batch.contracts) {
        seen.add(contract.produkt);
        expectSamePremium({ ...contract, id, updatedAt: '2026-11-22T10:00:00+01:00' });
      }
    }
    expect(seen.size).toBe(12);
  });
});

// A reported new revenue answers the open revenue reminder as a confirmation does (ADR 0004).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { todayInGermany } from '@schirm/domain/dates/calendar-date';
import { DEMO_CUSTOMERS } from '../../db/demo/portfolio/demo-people';
import { seedCuratedPortfolio } from '../../db/demo/portfolio/curated';
import { partners } from '../../db/schema/partners';
import { loadIdentityKeys } from '../../platform/auth/keys';
import { createTestApp, type TestApp } from '../../test/test-app';
import { findContractByNumber } from '../contracts/repository';
import { listTasksByContract } from '../contracts/tasks-repository';
import { insertAccount, mintAccessToken } from '../identity/identity-test-kit';

let testApp: TestApp;
const today = todayInGermany();
const weber = DEMO_CUSTOMERS.weberDigital;

beforeAll(async () => {
  testApp = await createTestApp();
  await seedCuratedPortfolio({ db: testApp.database.db, today });
});

afterAll(async () => {
  await testApp.close();
});

it('closes the open revenue reminder when the customer saves a new revenue', async () => {
  const db = testApp.database.db;
  const [partner] = await db.select().from(partners).where(eq(partners.partnerNummer, weber.partnerNummer));
  const account = await insertAccount(db, {
    pool: 'benutzer',
    email: 'umsatz@example.com',
    partnerId: partner!.id,
  });
  const headers = {
    authorization: `Bearer ${await mintAccessToken(loadIdentityKeys(testApp.config), account)}`,
  };
  const contract = await findContractByNumber({ db, versicherungsNummer: weber.contracts.bhv });
  const open = () =>
    listTasksByContract({ db, contractId: contract!.id }).then((tasks) =>
      tasks.filter((task) => task.status === 'Offen').map((task) => task.typ),
    );
  expect(await open()).toEqual(['UmsatzErinnern1']);

  const url = `/api/vertrag/vertrag/jahresumsatz/${weber.contracts.bhv}`;
  const preview = await testApp.app.inject({
    method: 'POST',
    url,
    headers,
    payload: { jahresumsatz: '500.000,00' },
  });
  expect(preview.statusCode, preview.body).toBe(200);
  const saved = await testApp.app.inject({
    method: 'PATCH',
    url,
    headers,
    payload: { jahresumsatz: '500.000,00', version: preview.json().version },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(await open()).toEqual([]);
});

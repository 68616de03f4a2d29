// Every contract of the curated demo portfolio (all products, every status, pending changes,
// reminders) must pass the customer view's response schema, or the portal shows the error state.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInGermany } from '@schirm/domain/dates/calendar-date';
import { DEMO_CUSTOMERS } from '../../db/demo/portfolio/demo-people';
import { seedCuratedPortfolio } from '../../db/demo/portfolio/curated';
import { partners } from '../../db/schema/partners';
import { loadIdentityKeys } from '../../platform/auth/keys';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertAccount, mintAccessToken } from '../identity/identity-test-kit';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
  await seedCuratedPortfolio({ db: testApp.database.db, today: todayInGermany() });
});

afterAll(async () => {
  await testApp.close();
});

describe('the demo portfolio through the customer contract calls', () => {
  it.each(Object.entries(DEMO_CUSTOMERS))('shows every contract of %s', async (_key, person) => {
    const db = testApp.database.db;
    const [partner] = await db
      .select()
      .from(partners)
      .where(eq(partners.partnerNummer, person.partnerNummer));
    const account = await insertAccount(db, {
      pool: 'benutzer',
      email: `x.${person.partnerNummer}@example.com`,
      partnerId: partner!.id,
    });
    const token = await mintAccessToken(loadIdentityKeys(testApp.config), account);
    const headers = { authorization: `Bearer ${token}` };
    const list = await testApp.app.inject({
      url: `/api/vertrag/vertrag/findByPartnerNummer/${person.partnerNummer}`,
      headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    for (const number of Object.values(person.contracts)) {
      const response = await testApp.app.inject({ url: `/api/vertrag/vertrag/${number}`, headers });
      expect(response.statusCode, `${number}: ${response.body}`).toBe(200);
    }
  });
});

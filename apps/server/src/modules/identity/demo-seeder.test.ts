import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AGENTS, DEMO_CUSTOMERS } from '../../db/demo/portfolio/demo-people';
import { DEMO_SEEDERS } from '../../db/demo/seeders';
import { DEMO_CLERK } from '../clerk/demo-seeder';
import { accounts } from '../../db/schema/identity';
import { describeDemoLogins, seedDemoData } from '../../db/seed';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DEMO_PASSWORD } from './demo-seeder';
import { signIn } from './identity-test-kit';

let testApp: TestApp;
let logins: Awaited<ReturnType<typeof seedDemoData>>['logins'];

beforeAll(async () => {
  testApp = await createTestApp();
  ({ logins } = await seedDemoData(testApp.database.db, DEMO_SEEDERS));
});

afterAll(async () => {
  await testApp.close();
});

describe('demo accounts', () => {
  it('lets the demo customers and agents sign in with the printed password', async () => {
    const anna = DEMO_CUSTOMERS.annaSchneider;
    const customer = await signIn(testApp.app, {
      pool: 'benutzer',
      username: anna.email,
      password: DEMO_PASSWORD,
      mobile: anna.mobil,
    });
    const customerView = await testApp.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${customer.accessToken}` },
    });
    expect(customerView.json()).toMatchObject({ partnerNummer: anna.partnerNummer, nickname: 'Anna' });
    const agency = DEMO_AGENTS.hauptagentur;
    const agent = await signIn(testApp.app, {
      pool: 'vermittler',
      username: agency.email,
      password: DEMO_PASSWORD,
      mobile: agency.mobil,
    });
    expect(agent.body).toMatchObject({ user: { pool: 'vermittler' } });
  });

  it('prints every sign-in with the password, but keeps the password out of the database', async () => {
    expect(logins.map((login) => login.username)).toEqual([
      DEMO_CUSTOMERS.annaSchneider.email,
      DEMO_CUSTOMERS.weberDigital.email,
      DEMO_CUSTOMERS.jonasBecker.email,
      DEMO_AGENTS.hauptagentur.email,
      DEMO_AGENTS.unteragenturWolf.email,
      DEMO_AGENTS.unteragenturBraun.email,
      DEMO_AGENTS.unteragenturHartmann.email,
      DEMO_CLERK.email,
    ]);
    expect(describeDemoLogins(logins).every((line) => line.includes(`/ ${DEMO_PASSWORD}`))).toBe(true);
    const dump = await testApp.database.db.execute(sql`SELECT value::text AS value FROM app_meta`);
    expect(JSON.stringify(dump)).not.toContain(DEMO_PASSWORD);
  });

  it('leaves Sophie Lehmann without an account, so the registration can be tried with her contract', async () => {
    const rows = await testApp.database.db
      .select({ username: accounts.username })
      .from(accounts)
      .where(sql`${accounts.username} = ${DEMO_CUSTOMERS.sophieLehmann.email}`);
    expect(rows).toEqual([]);
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/benutzer/zugang/email/${DEMO_CUSTOMERS.sophieLehmann.contracts.phv}`,
      payload: { email: DEMO_CUSTOMERS.sophieLehmann.email },
    });
    expect(response.statusCode).toBe(202);
    const outbox = await testApp.app.inject({
      url: `/api/entwicklung/postausgang?to=${encodeURIComponent(DEMO_CUSTOMERS.sophieLehmann.email)}`,
    });
    expect((outbox.json() as { messages: { body: string }[] }).messages[0]?.body).toContain(
      '/kunden/login/registrieren/?token=',
    );
  });
});

// The demo data set concludes its online contracts through the application's own calls: running
// contracts with the offered premium, the declarations stored, the registration link sent.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationDeclarations, applications } from '../../db/schema/applications';
import { contracts } from '../../db/schema/contracts';
import { outboxMessages } from '../../db/schema/outbox';
import { withTransaction } from '../../db/transaction';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTransports } from '../outbox/transports';
import { DEMO_APPLICANT_EMAIL, onlineApplicationDemoSeeder } from './demo-seeder';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('online application demo seeder', () => {
  it('buys a bicycle and a household insurance through offer and application, for one customer', async () => {
    const seeder = onlineApplicationDemoSeeder({
      files: t.app.files,
      transports: createTransports(t.config),
      publicUrl: t.config.publicUrl,
      sepaGlaeubigerId: t.config.sepaGlaeubigerId,
    });
    await withTransaction(t.database.db, (tx) => seeder.run(tx));

    const concluded = await t.database.db
      .select({ result: applications.ergebnis, status: contracts.status, produkt: contracts.produkt })
      .from(applications)
      .innerJoin(contracts, eq(contracts.id, applications.contractId));
    expect(concluded.map((row) => [row.produkt, row.status]).sort()).toEqual([
      ['FAHRRAD_2', 'LAUFEND'],
      ['HAUSRAT', 'LAUFEND'],
    ]);
    expect(await t.database.db.select().from(applicationDeclarations)).toHaveLength(10);
    // The same person at the same address with the same account is one customer: one partner,
    // so both contracts appear in one customer portal.
    const partnerIds = await t.database.db.select({ partnerId: contracts.partnerId }).from(contracts);
    expect(new Set(partnerIds.map((row) => row.partnerId)).size).toBe(1);
    const mails = await t.database.db
      .select({ body: outboxMessages.body })
      .from(outboxMessages)
      .where(eq(outboxMessages.purpose, 'APPLICATION_CONTRACT'));
    expect(mails).toHaveLength(2);
    expect(mails.every((mail) => mail.body.includes('/kunden/login/registrieren/?token='))).toBe(true);
    const [offerMail] = await t.database.db
      .select({ to: outboxMessages.recipient })
      .from(outboxMessages)
      .where(eq(outboxMessages.purpose, 'APPLICATION_PRE_CONTRACT_DOCUMENTS'));
    expect(offerMail?.to).toBe(DEMO_APPLICANT_EMAIL);
  });
});

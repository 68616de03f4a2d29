// The demo claims are made through the claims service: Anna Schneider's settled burglary and her
// PHV claim with the cover checked, a requested invoice and a message, each with its receipt.
import { todayInGermany } from '@schirm/domain/dates/calendar-date';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMERS } from '../../db/demo/portfolio/demo-people';
import { curatedPortfolioSeeder } from '../../db/demo/portfolio/curated';
import { accounts } from '../../db/schema/identity';
import { withTransaction } from '../../db/transaction';
import type { Actor } from '../../platform/auth/actor';
import { createTestApp, type TestApp } from '../../test/test-app';
import { clerkDemoSeeder } from '../clerk/demo-seeder';
import { identityDemoSeeder } from '../identity/demo-seeder';
import { createTransports } from '../outbox/transports';
import { claimsDemoSeeder } from './demo-seeder';
import { claimDetail, listClaimMessages, listClaims } from './service';

let t: TestApp;
let anna: Actor;

beforeAll(async () => {
  t = await createTestApp();
  const seeder = claimsDemoSeeder({ files: t.app.files, transports: createTransports(t.config) });
  await withTransaction(t.database.db, async (tx) => {
    for (const each of [curatedPortfolioSeeder, identityDemoSeeder, clerkDemoSeeder, seeder])
      await each.run(tx);
  });
  const [account] = await t.database.db
    .select()
    .from(accounts)
    .where(eq(accounts.username, DEMO_CUSTOMERS.annaSchneider.email));
  anna = {
    pool: 'benutzer',
    userId: account!.id,
    username: account!.username,
    partnerId: account!.partnerId!,
  };
});

afterAll(async () => {
  await t.close();
});

describe('demo claims', () => {
  it('Anna has a settled burglary and a PHV claim waiting for the glazier’s invoice', async () => {
    const { schaeden } = await listClaims({
      db: t.database.db,
      actor: anna,
      partnerNummer: DEMO_CUSTOMERS.annaSchneider.partnerNummer,
    });
    expect(schaeden.map((claim) => [claim.produkt, claim.status]).sort()).toEqual([
      ['hausrat', 'REGULIERT'],
      ['phv', 'DECKUNG_GEPRUEFT'],
    ]);
    const phv = schaeden.find((claim) => claim.produkt === 'phv')!;
    expect(phv.ungeleseneNachrichten).toBe(3);
    const detail = await claimDetail({ db: t.database.db, actor: anna, claimId: phv.claimId });
    expect(detail.offeneAnforderungen.map((document) => document.titel)).toContain('Rechnung des Glasers');
    expect(detail.dokumente).toHaveLength(1);
    expect(detail.schadentag < todayInGermany()).toBe(true);
    const { nachrichten } = await listClaimMessages({ db: t.database.db, actor: anna, claimId: phv.claimId });
    expect(nachrichten.at(-1)?.text).toMatch(/Rechnung des Glasers/);
  });
});

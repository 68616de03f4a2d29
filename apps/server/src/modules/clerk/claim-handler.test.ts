// Sachbearbeitung: a clerk takes a claim, a colleague sees who handles it, takes it over when the
// first is away, and hands it back. Every change names the handler the clerk saw (`bisher`): a stale
// page, a second tab or two clerks pressing at once get a German 409 with who handles it now, never
// a silent overwrite. The list filters 'mine' and 'nobody's'; customers and agents never see the
// handler, and the audit log keeps who took the claim from whom.
import { claimSample } from '@schirm/domain/claims/samples.test-helper';
import { todayInGermany } from '@schirm/domain/dates/calendar-date';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curatedPortfolioSeeder } from '../../db/demo/portfolio/curated';
import { DEMO_CUSTOMERS } from '../../db/demo/portfolio/demo-people';
import { auditLog } from '../../db/schema/audit';
import { accounts } from '../../db/schema/identity';
import { withTransaction } from '../../db/transaction';
import { loadIdentityKeys } from '../../platform/auth/keys';
import { createTestApp, type TestApp } from '../../test/test-app';
import { identityDemoSeeder } from '../identity/demo-seeder';
import { insertAgentAccount, mintAccessToken } from '../identity/identity-test-kit';
import { insertClerkAccount } from './clerk-test-kit';

let t: TestApp;
let claimId: string;
const clerks: Record<'petra' | 'jan', { id: string; token: string }> = {
  petra: { id: '', token: '' },
  jan: { id: '', token: '' },
};
let annaToken: string;
let agentToken: string;

const anna = DEMO_CUSTOMERS.annaSchneider;

interface Handler {
  accountId: string;
  name: string;
  seit: string;
  ich: boolean;
}

beforeAll(async () => {
  t = await createTestApp();
  await withTransaction(t.database.db, async (tx) => {
    await curatedPortfolioSeeder.run(tx);
    await identityDemoSeeder.run(tx);
  });
  const keys = loadIdentityKeys(t.config);
  for (const [key, nickname] of [
    ['petra', 'Petra Vogel'],
    ['jan', 'Jan Berger'],
  ] as const) {
    const account = await insertClerkAccount(t.database.db);
    await t.database.db.update(accounts).set({ nickname }).where(eq(accounts.id, account.id));
    clerks[key] = { id: account.id, token: await mintAccessToken(keys, account, new Date(), 3600) };
  }
  const [annaAccount] = await t.database.db.select().from(accounts).where(eq(accounts.username, anna.email));
  annaToken = await mintAccessToken(keys, annaAccount!, new Date(), 3600);
  agentToken = await mintAccessToken(keys, await insertAgentAccount(t.database.db), new Date(), 3600);
  const report = await t.app.inject({
    method: 'POST',
    url: `/api/schadenstrecke/schaden/v2/${anna.contracts.phv}`,
    headers: { authorization: `Bearer ${annaToken}`, 'idempotency-key': 'claim-handler-test-0001' },
    payload: { produkt: 'phv', antworten: claimSample('phv', todayInGermany()) },
  });
  expect(report.statusCode, report.body).toBe(201);
  claimId = report.json<{ claimId: string }>().claimId;
}, 180_000);

afterAll(async () => {
  await t.close();
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

function handle(who: 'petra' | 'jan', body: { uebernehmen: boolean; bisher: string | null }) {
  return t.app.inject({
    method: 'POST',
    url: `/api/innendienst/schaeden/${claimId}/bearbeitung`,
    headers: auth(clerks[who].token),
    payload: body,
  });
}

async function handlerSeenBy(who: 'petra' | 'jan'): Promise<Handler | null> {
  const response = await t.app.inject({
    url: `/api/innendienst/schaeden/${claimId}`,
    headers: auth(clerks[who].token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ bearbeiter: Handler | null }>().bearbeiter;
}

async function listedFor(who: 'petra' | 'jan', zustaendig?: 'ich' | 'niemand'): Promise<string[]> {
  const response = await t.app.inject({
    url: `/api/innendienst/schaeden?proSeite=100${zustaendig ? `&zustaendig=${zustaendig}` : ''}`,
    headers: auth(clerks[who].token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ schaeden: { claimId: string }[] }>().schaeden.map((claim) => claim.claimId);
}

async function handlerAudit() {
  return t.database.db
    .select({ action: auditLog.action, accountId: auditLog.accountId, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.pool, 'innendienst')))
    .orderBy(auditLog.occurredAt);
}

describe('who handles a claim', () => {
  it('a new claim is nobody’s: in the list of claims without handler, not in anybody’s own', async () => {
    expect(await handlerSeenBy('petra')).toBeNull();
    expect(await listedFor('petra', 'niemand')).toContain(claimId);
    expect(await listedFor('petra', 'ich')).not.toContain(claimId);
  });

  it('Petra takes it; Jan sees her name, Petra sees that it is hers, twice pressed changes nothing', async () => {
    const taken = await handle('petra', { uebernehmen: true, bisher: null });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json<{ bearbeiter: Handler }>().bearbeiter).toMatchObject({
      accountId: clerks.petra.id,
      name: 'Petra Vogel',
      ich: true,
    });
    // The same click again (a double click, a second tab with the old page): already so, 200.
    const again = await handle('petra', { uebernehmen: true, bisher: null });
    expect(again.statusCode, again.body).toBe(200);
    expect(await handlerSeenBy('jan')).toMatchObject({ name: 'Petra Vogel', ich: false });
    expect(await listedFor('petra', 'ich')).toContain(claimId);
    expect(await listedFor('jan', 'ich')).not.toContain(claimId);
    expect(await listedFor('jan', 'niemand')).not.toContain(claimId);
    const taking = (await handlerAudit()).filter((entry) => entry.action === 'CLERK_CLAIM_TAKEN');
    expect(taking).toEqual([
      { action: 'CLERK_CLAIM_TAKEN', accountId: clerks.petra.id, details: { claimId, vorher: null } },
    ]);
  });

  it('Jan, on a page that still showed nobody, is told in German who took it; nothing changes', async () => {
    const stale = await handle('jan', { uebernehmen: true, bisher: null });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: {
        code: 'CLAIM_HANDLER_CHANGED',
        message:
          'Diesen Schaden bearbeitet inzwischen Petra Vogel. Bitte laden Sie die Seite neu, bevor Sie ihn übernehmen.',
      },
    });
    expect(await handlerSeenBy('jan')).toMatchObject({ accountId: clerks.petra.id });
  });

  it('Jan may not hand back Petra’s claim', async () => {
    const refused = await handle('jan', { uebernehmen: false, bisher: clerks.petra.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      error: { message: 'Sie können nur einen Schaden abgeben, den Sie selbst bearbeiten.' },
    });
  });

  it('Jan takes it over from Petra (she is away); her old page cannot hand it back', async () => {
    const over = await handle('jan', { uebernehmen: true, bisher: clerks.petra.id });
    expect(over.statusCode, over.body).toBe(200);
    expect(over.json<{ bearbeiter: Handler }>().bearbeiter).toMatchObject({ name: 'Jan Berger', ich: true });
    const stale = await handle('petra', { uebernehmen: false, bisher: clerks.petra.id });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ error: { message: string } }>().error.message).toContain('Jan Berger');
    const taking = (await handlerAudit()).filter((entry) => entry.action === 'CLERK_CLAIM_TAKEN');
    expect(taking.at(-1)).toEqual({
      action: 'CLERK_CLAIM_TAKEN',
      accountId: clerks.jan.id,
      details: { claimId, vorher: clerks.petra.id },
    });
  });

  it('Jan hands it back: nobody’s again, and Petra’s stale take is told it was handed back', async () => {
    const back = await handle('jan', { uebernehmen: false, bisher: clerks.jan.id });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<{ bearbeiter: Handler | null }>().bearbeiter).toBeNull();
    expect(await listedFor('jan', 'niemand')).toContain(claimId);
    const stale = await handle('petra', { uebernehmen: true, bisher: clerks.jan.id });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: {
        message:
          'Dieser Schaden wurde inzwischen abgegeben und hat keinen Bearbeiter mehr. Bitte laden Sie die Seite neu.',
      },
    });
    expect((await handlerAudit()).some((entry) => entry.action === 'CLERK_CLAIM_RELEASED')).toBe(true);
  });

  it('two clerks pressing at once: exactly one gets the claim, the other a 409 naming her', async () => {
    const [petra, jan] = await Promise.all([
      handle('petra', { uebernehmen: true, bisher: null }),
      handle('jan', { uebernehmen: true, bisher: null }),
    ]);
    expect([petra.statusCode, jan.statusCode].sort()).toEqual([200, 409]);
    const winner = petra.statusCode === 200 ? 'Petra Vogel' : 'Jan Berger';
    const loser = petra.statusCode === 200 ? jan : petra;
    expect(loser.json<{ error: { message: string } }>().error.message).toContain(winner);
    expect(await handlerSeenBy('petra')).toMatchObject({ name: winner });
  });

  it('refuses a malformed body and a filter it does not know in German', async () => {
    const malformed = await handle('petra', { uebernehmen: 'ja' as unknown as boolean, bisher: null });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      error: {
        fieldErrors: [
          {
            path: 'uebernehmen',
            message:
              'Bitte geben Sie an, ob Sie den Schaden übernehmen oder abgeben, und wer ihn bisher bearbeitet.',
          },
        ],
      },
    });
    const filter = await t.app.inject({
      url: '/api/innendienst/schaeden?zustaendig=alle',
      headers: auth(clerks.petra.token),
    });
    expect(filter.statusCode).toBe(400);
    expect(filter.json()).toMatchObject({
      error: {
        fieldErrors: [
          { path: 'zustaendig', message: 'Bitte wählen Sie „ich“ oder „niemand“ als Zuständigkeit.' },
        ],
      },
    });
  });

  it('customers and agents can neither set nor see the handler', async () => {
    for (const token of [annaToken, agentToken]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/innendienst/schaeden/${claimId}/bearbeitung`,
        headers: auth(token),
        payload: { uebernehmen: true, bisher: null },
      });
      expect(response.statusCode).toBe(403);
    }
    const annaView = await t.app.inject({
      url: `/api/schadenstrecke/schaden/${claimId}`,
      headers: auth(annaToken),
    });
    expect(annaView.statusCode).toBe(200);
    expect(annaView.json()).not.toHaveProperty('bearbeiter');
  });
});

// Issue 11: any number of server processes may run the jobs. Two apps with JOBS on share one
// database (PGlite, or PostgreSQL with TEST_DATABASE_URL); a pending change whose day has come is
// applied exactly once: one new premium, one applied change, the contract saved once.
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToEuro } from '@schirm/domain/contract/amounts';
import { todayInGermany } from '@schirm/domain/dates/calendar-date';
import { DEMO_CUSTOMERS } from '../../db/demo/portfolio/demo-people';
import { seedCuratedPortfolio } from '../../db/demo/portfolio/curated';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import { pendingChanges, premiumHistory } from '../../db/schema/contracts';
import { partners } from '../../db/schema/partners';
import { loadIdentityKeys } from '../../platform/auth/keys';
import { JOB_SCHEMA } from '../../platform/jobs/job-runner';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { findContractByNumber } from '../contracts/repository';
import { insertAccount, mintAccessToken } from '../identity/identity-test-kit';
import { PENDING_CHANGES_JOB } from './routes';
import { applyDuePendingChanges } from './service';

let database: DatabaseHandle;
/** The second "process" has its own connection pool on PostgreSQL (PGlite serves one process only). */
let secondConnection: DatabaseHandle;
const apps: TestApp[] = [];
const today = todayInGermany();
const jonas = DEMO_CUSTOMERS.jonasBecker;
const POLL = { timeout: 60_000, interval: 200 };

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCuratedPortfolio({ db: database.db, today });
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const [row] = (await database.executeSql('SELECT current_database() AS name')).rows as { name: string }[];
    const url = new URL(serverUrl);
    url.pathname = `/${row!.name}`;
    secondConnection = await openDatabase({ databaseUrl: url.toString() });
  } else {
    secondConnection = database;
  }
}, 60_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  if (secondConnection !== database) await secondConnection.close();
  await database.close();
}, 60_000);

/** Jonas saves a family-status change through the API of an app that does not run jobs. */
async function savePendingChange(): Promise<{ beitragProPeriode: number }> {
  const web = await createTestApp({ database, config: { jobs: false } });
  apps.push(web);
  const [partner] = await database.db
    .select()
    .from(partners)
    .where(eq(partners.partnerNummer, jonas.partnerNummer));
  const account = await insertAccount(database.db, {
    pool: 'benutzer',
    email: 'jobs.jonas@example.com',
    partnerId: partner!.id,
  });
  const token = await mintAccessToken(loadIdentityKeys(web.config), account);
  const call = async (method: 'POST' | 'PATCH', payload: object) => {
    const response = await web.app.inject({
      method,
      url: `/api/vertrag/vertrag/beitrag/phv/familienstand/${jonas.contracts.phv}`,
      payload,
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
  };
  const preview = await call('POST', { familienstand: 'FAMILIE' });
  expect(preview.status, JSON.stringify(preview.body)).toBe(200);
  const saved = await call('PATCH', { familienstand: 'FAMILIE', version: preview.body.version });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.neuerBeitrag as { beitragProPeriode: number };
}

async function contract() {
  const found = await findContractByNumber({ db: database.db, versicherungsNummer: jonas.contracts.phv });
  if (!found) throw new Error('no contract');
  return found;
}

/** Runs of the job that are not finished (waiting, retrying or running). */
async function unfinishedRuns(): Promise<number> {
  const { rows } = await database.executeSql(
    `SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`,
    [PENDING_CHANGES_JOB],
  );
  return (rows[0] as { n: number }).n;
}

describe('pending changes job with several processes', () => {
  it('two apps with jobs on apply a due pending change once', async () => {
    const neuerBeitrag = await savePendingChange();
    const before = await contract();
    expect(before.vorgemerkteAenderungen.map((change) => change.type)).toEqual(['familienstand']);
    // Its day comes: the change is due today (saved for the first of next month).
    await database.db
      .update(pendingChanges)
      .set({ wirksamkeitsdatum: today })
      .where(eq(pendingChanges.contractId, before.id));
    const historyBefore = await database.db
      .select()
      .from(premiumHistory)
      .where(eq(premiumHistory.contractId, before.id));

    // Two "processes": each starts its runner and enqueues the job at start; both are asked again.
    const [first, second] = await Promise.all([
      createTestApp({ database, config: { jobs: true } }),
      createTestApp({ database: secondConnection, config: { jobs: true } }),
    ]);
    apps.push(first!, second!);
    await Promise.all([
      first!.app.jobs.trigger(PENDING_CHANGES_JOB),
      second!.app.jobs.trigger(PENDING_CHANGES_JOB),
    ]);

    await expect.poll(async () => (await contract()).vorgemerkteAenderungen, POLL).toEqual([]);
    await expect.poll(unfinishedRuns, POLL).toBe(0);

    const after = await contract();
    expect(after.version).toBe(before.version + 1);
    expect(after.details.produktKey === 'PRIVATHAFTPFLICHT' && after.details.phv.familienstand).toBe(
      'FAMILIE',
    );
    expect(centsToEuro(after.beitrag.bruttoBeitragProPeriodeCents)).toBe(neuerBeitrag.beitragProPeriode);
    const applied = await database.db
      .select()
      .from(pendingChanges)
      .where(and(eq(pendingChanges.contractId, before.id), isNotNull(pendingChanges.appliedAt)));
    expect(applied).toHaveLength(1);
    const history = await database.db
      .select()
      .from(premiumHistory)
      .where(eq(premiumHistory.contractId, before.id));
    expect(history.length - historyBefore.length).toBe(1);
    expect(history.filter((row) => row.gueltigAb === today)).toMatchObject([
      {
        grund: 'VERTRAGSAENDERUNG',
        bruttoBeitragProPeriodeCents: after.beitrag.bruttoBeitragProPeriodeCents,
      },
    ]);
  }, 120_000);

  it('runs of the job that overlap cannot apply a change twice', async () => {
    const due = await contract();
    expect(due.vorgemerkteAenderungen).toEqual([]);
    // A due change again (the same value once more), then two runs at the same moment, as when a
    // run taken for lost is repeated while the first still works.
    const [applied] = await database.db
      .select()
      .from(pendingChanges)
      .where(and(eq(pendingChanges.contractId, due.id), isNotNull(pendingChanges.appliedAt)));
    await database.db.insert(pendingChanges).values({
      contractId: due.id,
      typ: 'familienstand',
      wert: applied!.wert,
      wirksamkeitsdatum: today,
      nettoJahresbeitragCents: applied!.nettoJahresbeitragCents,
      bruttoBeitragProPeriodeCents: applied!.bruttoBeitragProPeriodeCents,
    });
    const runs = await Promise.all([
      applyDuePendingChanges({ db: database.db, today }),
      applyDuePendingChanges({ db: database.db, today }),
    ]);
    expect(runs.reduce((sum, run) => sum + run.changes, 0)).toBe(1);
    const after = await contract();
    expect(after.version).toBe(due.version + 1);
    expect(after.vorgemerkteAenderungen).toEqual([]);
  }, 60_000);
});

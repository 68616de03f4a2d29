// The agent's relocation service (issue 15, ADR 0033) on the curated demo portfolio: Unteragentur
// Wolf moves its customer Weber across all of Weber's contracts it looks after. The preview shows
// each contract's new premium and the special cancellation deadline; a failure in one contract's
// save changes none; a stale preview is refused; the saved move is recorded as the agent's and the
// customer is told. Other agencies (a sibling, a sub-agent below) reach nothing.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, todayInGermany } from '@schirm/domain/dates/calendar-date';
import { DEMO_AGENTS, DEMO_CUSTOMERS } from '../../db/demo/portfolio/demo-people';
import { seedCuratedPortfolio } from '../../db/demo/portfolio/curated';
import { agentRelocations } from '../../db/schema/agent-tasks';
import { agents } from '../../db/schema/agents';
import { contracts } from '../../db/schema/contracts';
import { mailboxMessages } from '../../db/schema/mailbox';
import { addresses, partners } from '../../db/schema/partners';
import { loadIdentityKeys } from '../../platform/auth/keys';
import { createTestApp, type TestApp } from '../../test/test-app';
import { findContractByNumber, insertContract } from '../contracts/repository';
import { insertAccount, mintAccessToken } from '../identity/identity-test-kit';

let testApp: TestApp;
const today = todayInGermany();
const weber = DEMO_CUSTOMERS.weberDigital;
const url = `/api/vermittler/umzugsservice/${weber.partnerNummer}`;
const adresse = { strasse: 'Friesenplatz', hausnummer: '1', plz: '50672', ort: 'Köln' };
const umzugsdatum = addMonths(today, 1);
/** A second property cover at Weber's office, so that two contracts move. */
const SECOND = '9000000298';
type AgentKey = keyof typeof DEMO_AGENTS;
const tokens = new Map<AgentKey, string>();

async function tokenOf(key: AgentKey): Promise<string> {
  const cached = tokens.get(key);
  if (cached) return cached;
  const db = testApp.database.db;
  const [agent] = await db
    .select({ id: agents.id })
    .from(agents)
    .where(eq(agents.vermittlerNummer, DEMO_AGENTS[key].vermittlerNummer));
  const account = await insertAccount(db, {
    pool: 'vermittler',
    email: `umzugsservice.${key.toLowerCase()}@example.com`,
    agentId: agent!.id,
  });
  const token = await mintAccessToken(loadIdentityKeys(testApp.config), account);
  tokens.set(key, token);
  return token;
}

async function call(key: AgentKey, method: 'GET' | 'POST' | 'PATCH', payload?: object) {
  const response = await testApp.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${await tokenOf(key)}` },
  });
  return { status: response.statusCode, body: response.json() };
}

async function state() {
  const db = testApp.database.db;
  const [partner] = await db.select().from(partners).where(eq(partners.partnerNummer, weber.partnerNummer));
  const moved = await Promise.all(
    [weber.contracts.siAllgefahren, SECOND].map(async (nummer) => {
      const contract = await findContractByNumber({ db, versicherungsNummer: nummer });
      return [contract!.version, contract!.vorgemerkteAenderungen.map((change) => change.type)];
    }),
  );
  const rows = await db.select().from(addresses).where(eq(addresses.partnerId, partner!.id));
  const records = await db.select().from(agentRelocations).where(eq(agentRelocations.partnerId, partner!.id));
  return { moved, addresses: rows.length, records: records.length, partnerId: partner!.id };
}

beforeAll(async () => {
  testApp = await createTestApp();
  await seedCuratedPortfolio({ db: testApp.database.db, today });
  const si = await findContractByNumber({
    db: testApp.database.db,
    versicherungsNummer: weber.contracts.siAllgefahren,
  });
  const { id: _id, version: _version, updatedAt: _updated, ...copy } = si!;
  await insertContract({ db: testApp.database.db, contract: { ...copy, versicherungsNummer: SECOND } });
});

afterAll(async () => {
  await testApp.close();
});

describe('/api/vermittler/umzugsservice/:partnerNummer', () => {
  it('shows the customer and address to the agent and the agency above, nothing to other agencies', async () => {
    const own = await call('unteragenturWolf', 'GET');
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body).toMatchObject({
      partnerNummer: weber.partnerNummer,
      kundenname: 'Weber Digitalagentur GmbH',
    });
    expect((await call('hauptagentur', 'GET')).status).toBe(200);
    for (const key of ['unteragenturBraun', 'unteragenturHartmann'] as const) {
      const stranger = await call(key, 'POST', { adresse, umzugsdatum });
      expect(stranger.status).toBe(404);
      expect(JSON.stringify(stranger.body)).not.toContain(weber.contracts.siAllgefahren);
    }
  });

  it('saves all contracts or none, refuses a stale preview, and records the move as the agent’s', async () => {
    const preview = await call('unteragenturWolf', 'POST', { adresse, umzugsdatum });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const moving = preview.body.vertraege.filter((v: { art: string }) => v.art === 'AENDERUNG');
    expect(moving.map((v: { versicherungsNummer: string }) => v.versicherungsNummer)).toEqual(
      expect.arrayContaining([weber.contracts.siAllgefahren, SECOND]),
    );
    for (const v of moving) {
      expect(v.neuerBeitrag.jahresbeitrag).toBeGreaterThan(0);
      if (v.beitragSteigt) expect(v.sonderkuendigungBis).toBe(addMonths(today, 1));
    }
    const before = await state();

    // The second contract's update fails inside the transaction: nothing of the move may stay.
    const db = testApp.database.db;
    await db.execute(
      sql.raw(`CREATE FUNCTION refuse_second() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused for the test'; END $$`),
    );
    await db.execute(
      sql.raw(`CREATE TRIGGER refuse_second BEFORE UPDATE ON contracts FOR EACH ROW
        WHEN (OLD.versicherungs_nummer = '${SECOND}') EXECUTE FUNCTION refuse_second()`),
    );
    const failed = await call('unteragenturWolf', 'PATCH', {
      adresse,
      umzugsdatum,
      stand: preview.body.stand,
    });
    await db.execute(sql.raw('DROP TRIGGER refuse_second ON contracts'));
    await db.execute(sql.raw('DROP FUNCTION refuse_second'));
    expect(failed.status).toBeGreaterThanOrEqual(400);
    expect(await state()).toEqual(before);

    // A contract changed after the preview: the preview is stale, nothing is saved.
    await db
      .update(contracts)
      .set({ version: sql`${contracts.version} + 1` })
      .where(eq(contracts.versicherungsNummer, SECOND));
    const stale = await call('unteragenturWolf', 'PATCH', {
      adresse,
      umzugsdatum,
      stand: preview.body.stand,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('MOVE_PREVIEW_OUTDATED');
    const afterStale = await state();
    expect(afterStale.addresses).toBe(before.addresses);
    expect(afterStale.records).toBe(0);

    const fresh = await call('unteragenturWolf', 'POST', { adresse, umzugsdatum });
    const saved = await call('unteragenturWolf', 'PATCH', { adresse, umzugsdatum, stand: fresh.body.stand });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await state();
    for (const [, types] of after.moved) expect(types).toContain('risikoort');
    expect(after.addresses).toBe(before.addresses + 1);
    const [record] = await db
      .select()
      .from(agentRelocations)
      .where(eq(agentRelocations.partnerId, after.partnerId));
    const [wolf] = await db
      .select({ id: agents.id })
      .from(agents)
      .where(eq(agents.vermittlerNummer, DEMO_AGENTS.unteragenturWolf.vermittlerNummer));
    expect(record).toMatchObject({ agentId: wolf!.id, umzugsdatum, adresse: { ...adresse, land: 'DE' } });
    expect(record!.vertraege).toEqual(expect.arrayContaining([weber.contracts.siAllgefahren, SECOND]));
    const letters = await db
      .select()
      .from(mailboxMessages)
      .where(
        and(
          eq(mailboxMessages.partnerId, after.partnerId),
          eq(mailboxMessages.subject, 'Ihr Umzug ist gespeichert'),
        ),
      );
    expect(letters.at(-1)!.body).toContain(
      'Ihre Vermittlerin oder Ihr Vermittler hat Ihren Umzug für Sie erfasst.',
    );
  });
});

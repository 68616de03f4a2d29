// Open activities (issue 15, ADR 0033) on the curated demo portfolio: the agent list shows the tasks
// of the agents in its scope with the customer, filtered and by due day; an agent closes a task once;
// the revenue job, run with a set clock, adds each stage once and, when nobody reported, raises the
// revenue by the domain's rule, prices it as a pending change and tells the customer.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { automaticRevenueCents } from '@schirm/domain/contract/task';
import { addDays, formatGermanDate, todayInGermany } from '@schirm/domain/dates/calendar-date';
import { DEMO_AGENTS, DEMO_CUSTOMERS } from '../../db/demo/portfolio/demo-people';
import { seedCuratedPortfolio } from '../../db/demo/portfolio/curated';
import { agents } from '../../db/schema/agents';
import { mailboxMessages } from '../../db/schema/mailbox';
import { outboxMessages } from '../../db/schema/outbox';
import { partners } from '../../db/schema/partners';
import { loadIdentityKeys } from '../../platform/auth/keys';
import { createTestApp, type TestApp } from '../../test/test-app';
import { findContractByNumber } from '../contracts/repository';
import { insertTasks, listTasksByContract } from '../contracts/tasks-repository';
import { insertAccount, mintAccessToken } from '../identity/identity-test-kit';
import { createTransports } from '../outbox/transports';
import { runRevenueTasks } from './revenue-tasks';

let testApp: TestApp;
const today = todayInGermany();
const weber = DEMO_CUSTOMERS.weberDigital;
/** The curated set puts Weber's BHV main due date 45 days after the seeding day. */
const mainDueDate = addDays(today, 45);
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
    email: `aktivitaeten.${key.toLowerCase()}@example.com`,
    agentId: agent!.id,
  });
  const token = await mintAccessToken(loadIdentityKeys(testApp.config), account);
  tokens.set(key, token);
  return token;
}

async function call(key: AgentKey, method: 'GET' | 'PATCH', url: string, payload?: object) {
  const response = await testApp.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${await tokenOf(key)}` },
  });
  return { status: response.statusCode, body: response.json() };
}

const run = (day: string) =>
  runRevenueTasks({
    db: testApp.database.db,
    transports: createTransports(testApp.config),
    today: day,
    now: new Date(`${day}T03:00:00Z`),
  });

async function weberBhvTasks() {
  const contract = await findContractByNumber({
    db: testApp.database.db,
    versicherungsNummer: weber.contracts.bhv,
  });
  return (await listTasksByContract({ db: testApp.database.db, contractId: contract!.id })).filter(
    (task) => task.faelligAm >= addDays(mainDueDate, -60),
  );
}

beforeAll(async () => {
  testApp = await createTestApp();
  await seedCuratedPortfolio({ db: testApp.database.db, today });
});

afterAll(async () => {
  await testApp.close();
});

describe('GET /api/vermittler/aktivitaeten', () => {
  it('shows the open revenue reminder with customer and contract to the agent and the agency above it', async () => {
    for (const key of ['unteragenturWolf', 'hauptagentur'] as const) {
      const { status, body } = await call(key, 'GET', '/api/vermittler/aktivitaeten?status=Offen');
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.aufgaben).toContainEqual(
        expect.objectContaining({
          vertragsnummer: weber.contracts.bhv,
          typ: 'UmsatzErinnern1',
          status: 'Offen',
          faelligAm: addDays(mainDueDate, -60),
          partnerNummer: weber.partnerNummer,
          kundenname: 'Weber Digitalagentur GmbH',
          ueberfaellig: true,
        }),
      );
    }
  });

  it('shows nothing of Wolf’s customers to a sibling or to Wolf’s own sub-agent', async () => {
    for (const key of ['unteragenturBraun', 'unteragenturHartmann'] as const) {
      const { status, body } = await call(key, 'GET', '/api/vermittler/aktivitaeten');
      expect(status).toBe(200);
      expect(JSON.stringify(body)).not.toContain(weber.contracts.bhv);
    }
  });

  it('filters by type and overdue, and refuses an unknown status in German', async () => {
    const reminders2 = await call(
      'unteragenturWolf',
      'GET',
      '/api/vermittler/aktivitaeten?typ=UmsatzErinnern2',
    );
    expect(reminders2.body.aufgaben.map((t: { typ: string }) => t.typ)).not.toContain('UmsatzErinnern1');
    const overdue = await call('unteragenturWolf', 'GET', '/api/vermittler/aktivitaeten?ueberfaellig=true');
    expect(overdue.body.aufgaben.length).toBeGreaterThan(0);
    expect(overdue.body.aufgaben.every((t: { ueberfaellig: boolean }) => t.ueberfaellig)).toBe(true);
    const bad = await call('unteragenturWolf', 'GET', '/api/vermittler/aktivitaeten?status=Fertig');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.error.fieldErrors)).toContain('angebotenen Status');
  });
});

describe('PATCH /api/vermittler/aktivitaeten/:id', () => {
  it('lets the agent close a task once; another agency gets 404 and changes nothing', async () => {
    const [task] = await insertTasks({
      db: testApp.database.db,
      tasks: [
        {
          vertragsnummer: weber.contracts.vhBeratung,
          typ: 'UmsatzErinnern2',
          status: 'Offen',
          faelligAm: addDays(today, -400),
          erledigtAm: null,
          erstelltAm: addDays(today, -400),
        },
      ],
    });
    const url = `/api/vermittler/aktivitaeten/${task!.id}`;
    const stranger = await call('unteragenturBraun', 'PATCH', url, { status: 'Erledigt' });
    expect(stranger.status).toBe(404);
    const done = await call('unteragenturWolf', 'PATCH', url, { status: 'Storniert' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: 'Storniert', erledigtAm: today, ueberfaellig: false });
    const again = await call('hauptagentur', 'PATCH', url, { status: 'Erledigt' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toContain('bereits abgeschlossen');
  });
});

describe('the revenue task job (set clock)', () => {
  it('adds the second reminder 30 days before the main due date and asks the customer, once', async () => {
    const day = addDays(mainDueDate, -30);
    await run(day);
    const second = await run(day);
    expect(second).toEqual({ created: 0, closed: 0, adjusted: 0, conflicts: 0 });
    expect((await weberBhvTasks()).map((t) => [t.typ, t.status, t.faelligAm])).toEqual([
      ['UmsatzErinnern1', 'Offen', addDays(mainDueDate, -60)],
      ['UmsatzErinnern2', 'Offen', day],
    ]);
    // The customer is asked once, in the Postfach and by e-mail, with the day to report by.
    const reminders = await testApp.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.purpose, 'REVENUE_REMINDER'));
    const weberReminders = reminders.filter((mail) => mail.body.includes(weber.contracts.bhv));
    expect(weberReminders).toHaveLength(1);
    expect(weberReminders[0]!.body).toContain(`bis zum ${formatGermanDate(addDays(mainDueDate, -15))}`);
  });

  it('adjusts the unanswered revenue 14 days before: +10 %, priced, customer told, tasks done, once', async () => {
    const db = testApp.database.db;
    const day = addDays(mainDueDate, -14);
    const before = await findContractByNumber({ db, versicherungsNummer: weber.contracts.bhv });
    const expected = automaticRevenueCents(before!);
    const first = await run(day);
    expect(first.adjusted).toBeGreaterThanOrEqual(1);
    expect(await run(day)).toEqual({ created: 0, closed: 0, adjusted: 0, conflicts: 0 });

    const after = await findContractByNumber({ db, versicherungsNummer: weber.contracts.bhv });
    const pending = after!.vorgemerkteAenderungen.filter((change) => change.type === 'jahresumsatz');
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ value: expected, wirksamkeitsdatum: mainDueDate });
    expect(pending[0]!.praemieNachAenderung).toBeDefined();
    expect(pending[0]!.praemieNachAenderung!.nettoJahresbeitragCents).toBeGreaterThan(
      before!.beitrag.nettoJahresbeitragCents,
    );
    expect((await weberBhvTasks()).map((t) => [t.typ, t.status, t.erledigtAm])).toEqual([
      ['UmsatzErinnern1', 'Erledigt', day],
      ['UmsatzErinnern2', 'Erledigt', day],
      ['UmsatzAutomatischAnpassen', 'Erledigt', day],
    ]);

    const [partner] = await db.select().from(partners).where(eq(partners.partnerNummer, weber.partnerNummer));
    const letters = await db
      .select()
      .from(mailboxMessages)
      .where(
        and(
          eq(mailboxMessages.partnerId, partner!.id),
          eq(mailboxMessages.subject, 'Ihr Jahresumsatz wurde angepasst'),
        ),
      );
    expect(letters.map((letter) => letter.body.includes(weber.contracts.bhv))).toContain(true);
    const mails = await db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.purpose, 'REVENUE_ADJUSTED'));
    expect(mails.map((mail) => mail.recipient)).toContain(partner!.email);
  });
});

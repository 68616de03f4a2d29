// The contract holder change to the day (ADR 0035 'Effective date'), with a set clock: the
// confirmation moves the contract at once when its day has come, otherwise it waits (BESTAETIGT,
// shown to the old holder and the agent as a pending change) until the daily job applies it on
// that day – once, however often the job runs. The agent may cancel it while it waits, a second
// change is refused meanwhile, and a contract ending before the day makes it GEGENSTANDSLOS.
import { addDays, todayInGermany, type CalendarDate } from '@schirm/domain/dates/calendar-date';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractHolderChanges } from '../../db/schema/contract-transfer';
import { contractDocuments, contracts } from '../../db/schema/contracts';
import { bankAccounts } from '../../db/schema/partners';
import type { TestApp } from '../../test/test-app';
import { insertCustomer, type TestAccount } from '../identity/identity-test-kit';
import { listMailboxMessages } from '../mailbox/repository';
import { applyDueHolderChanges, confirmHolderChange } from './holder-change';
import {
  holderChangeCalls,
  on,
  openHolderChangeTestApp,
  type HolderChangeTestContext,
} from './holder-change-kit.test-helper';
import type { TransferDeps } from './shared';

let testApp: TestApp;
let agency: TestAccount;
let deps: TransferDeps;
let context: HolderChangeTestContext;
const { call, outboxTo, startChange } = holderChangeCalls(() => context);

/** The real day: the agent starts changes through the API, which checks dates against it. */
const today = todayInGermany();
const IBAN = 'DE62370400440532013001';

/** A customer with a contract of the agency, and a holder change to a new person the agent started. */
async function startedChange(wirksamAb: CalendarDate) {
  const holder = await insertCustomer(testApp.database.db, { agentId: agency.agentId ?? '' });
  return { holder, ...(await startChange(holder, wirksamAb)) };
}

async function contractRow(versicherungsNummer: string) {
  const [row] = await testApp.database.db
    .select({ id: contracts.id, partnerId: contracts.partnerId, bankAccountId: contracts.bankAccountId })
    .from(contracts)
    .where(eq(contracts.versicherungsNummer, versicherungsNummer));
  if (!row) throw new Error(`contract ${versicherungsNummer} missing`);
  return row;
}

async function changeRow(contractId: string) {
  const [row] = await testApp.database.db
    .select()
    .from(contractHolderChanges)
    .where(eq(contractHolderChanges.contractId, contractId));
  return row;
}

function confirm(token: string, now: Date) {
  return confirmHolderChange(deps, { token, iban: IBAN, kontoinhaber: 'Nora Neumann', now });
}

beforeAll(async () => {
  context = await openHolderChangeTestApp();
  ({ testApp, agency, deps } = context);
});

afterAll(async () => {
  await testApp.close();
});

describe('confirmation on or after the day', () => {
  it('moves the contract at once when the day is today (through the API)', async () => {
    const { holder, token } = await startedChange(today);
    const confirmed = await call('POST', '/api/inhaberwechsel/bestaetigung', undefined, {
      token,
      iban: IBAN,
      kontoinhaber: 'Nora Neumann',
      mandat: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'DURCHGEFUEHRT', wirksamAb: today });
    const contract = await contractRow(holder.contractNumber);
    expect(contract.partnerId).not.toBe(holder.partnerId);
    expect(await changeRow(contract.id)).toMatchObject({ status: 'DURCHGEFUEHRT' });
  });

  it('moves the contract at once when the day has passed by the confirmation', async () => {
    const wirksamAb = addDays(today, 2);
    const { holder, token } = await startedChange(wirksamAb);
    const answer = await confirm(token, on(addDays(today, 4)));
    expect(answer.status).toBe('DURCHGEFUEHRT');
    const contract = await contractRow(holder.contractNumber);
    expect(contract.partnerId).not.toBe(holder.partnerId);
    const [account] = await testApp.database.db
      .select({ iban: bankAccounts.iban, partnerId: bankAccounts.partnerId })
      .from(bankAccounts)
      .where(eq(bankAccounts.id, contract.bankAccountId ?? '00000000-0000-0000-0000-000000000000'));
    expect(account).toEqual({ iban: IBAN, partnerId: contract.partnerId });
  });
});

describe('confirmation before the day', () => {
  it('waits, shows the pending change to the old holder and the agent, and the job applies it on the day once', async () => {
    const db = testApp.database.db;
    const wirksamAb = addDays(today, 10);
    const { holder, email, token } = await startedChange(wirksamAb);
    const answer = await confirm(token, on(today));
    expect(answer).toMatchObject({ status: 'BESTAETIGT', wirksamAb });

    // Not moved: the old holder keeps the contract and its account; the mandate waits in the row.
    const before = await contractRow(holder.contractNumber);
    expect(before.partnerId).toBe(holder.partnerId);
    const waiting = await changeRow(before.id);
    expect(waiting).toMatchObject({ status: 'BESTAETIGT', appliedAt: null });
    expect(waiting?.bankverbindung).toMatchObject({ iban: IBAN, kontoinhaber: 'Nora Neumann' });
    expect(waiting?.mandateStorageKey).toBeTruthy();
    // The mandate PDF is no document of the old holder's contract yet.
    expect(
      await db.select().from(contractDocuments).where(eq(contractDocuments.contractId, before.id)),
    ).toEqual([]);

    // Both holders and the agent are told the day.
    const date = wirksamAb.split('-').reverse().join('.');
    expect((await outboxTo(holder.username)).some((m) => m.subject.includes(`am ${date}`))).toBe(true);
    expect((await outboxTo(email)).some((m) => m.body.includes(`geht am ${date} auf Sie über`))).toBe(true);
    expect((await outboxTo(agency.username)).some((m) => m.body.includes(`am ${date} wirksam`))).toBe(true);
    const postfach = await listMailboxMessages({ db, partnerId: holder.partnerId ?? '' });
    expect(postfach.some((m) => m.subject.includes(`am ${date}`))).toBe(true);

    // The old holder's contract details and the agent's list the pending change; the agent's page says BESTAETIGT.
    const details = await call('GET', `/api/vertrag/vertrag/${holder.contractNumber}`, holder);
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json()).toMatchObject({
      vorgemerkteAenderungen: [{ typ: 'inhaberwechsel', wirksamkeitsdatum: wirksamAb }],
    });
    expect(details.body).not.toContain('Nora');
    const agentDetails = await call('GET', `/api/vermittler/vertraege/${holder.contractNumber}`, agency);
    expect(agentDetails.statusCode, agentDetails.body).toBe(200);
    expect(agentDetails.json()).toMatchObject({
      vorgemerkteAenderungen: [
        {
          typ: 'inhaberwechsel',
          bezeichnung: expect.stringContaining('Nora Neumann'),
          wirksamkeitsdatum: wirksamAb,
        },
      ],
    });
    const state = await call('GET', `/api/vermittler/inhaberwechsel/${holder.contractNumber}`, agency);
    expect(state.json()).toMatchObject({ offen: { status: 'BESTAETIGT', wirksamAb } });

    // The link is used.
    await expect(confirm(token, on(today))).rejects.toMatchObject({ status: 403, code: 'LINK_INVALID' });

    // The day before: nothing.
    expect(await applyDueHolderChanges(deps, { now: on(addDays(wirksamAb, -1)) })).toMatchObject({
      applied: 0,
      failed: 0,
    });
    expect((await contractRow(holder.contractNumber)).partnerId).toBe(holder.partnerId);

    // On the day, two runs at once and one more: moved once.
    const runs = await Promise.all([
      applyDueHolderChanges(deps, { now: on(wirksamAb) }),
      applyDueHolderChanges(deps, { now: on(wirksamAb) }),
    ]);
    const again = await applyDueHolderChanges(deps, { now: on(wirksamAb) });
    expect(runs.reduce((sum, run) => sum + run.applied, 0) + again.applied).toBe(1);
    expect([...runs, again].every((run) => run.failed === 0)).toBe(true);

    const after = await contractRow(holder.contractNumber);
    expect(after.partnerId).not.toBe(holder.partnerId);
    const [account] = await db
      .select({ iban: bankAccounts.iban, partnerId: bankAccounts.partnerId })
      .from(bankAccounts)
      .where(eq(bankAccounts.id, after.bankAccountId ?? '00000000-0000-0000-0000-000000000000'));
    expect(account).toEqual({ iban: IBAN, partnerId: after.partnerId });
    expect(await changeRow(after.id)).toMatchObject({
      status: 'DURCHGEFUEHRT',
      newPartnerId: after.partnerId,
    });
    const documents = await db
      .select()
      .from(contractDocuments)
      .where(eq(contractDocuments.contractId, after.id));
    expect(documents).toHaveLength(1);
    expect(documents[0]?.storageKey).toBe(waiting?.mandateStorageKey);
    // Told once each: the old holder that the contract has a new holder, the new one welcome.
    expect(
      (await outboxTo(holder.username)).filter((m) =>
        m.subject.includes('hat einen neuen Versicherungsnehmer'),
      ),
    ).toHaveLength(1);
    expect((await outboxTo(email)).filter((m) => m.subject.startsWith('Willkommen'))).toHaveLength(1);
    const newPostfach = await listMailboxMessages({ db, partnerId: after.partnerId });
    expect(newPostfach.filter((m) => m.documentId)).toHaveLength(1);
  });

  it('goes on with the other changes when one fails, and applies the failed one at the next run', async () => {
    const db = testApp.database.db;
    const wirksamAb = addDays(today, 15);
    const broken = await startedChange(wirksamAb);
    const fine = await startedChange(wirksamAb);
    await confirm(broken.token, on(today));
    await confirm(fine.token, on(today));
    const brokenContract = await contractRow(broken.holder.contractNumber);
    const kept = await changeRow(brokenContract.id);
    // An account the bank register refuses: the move of this change fails inside its transaction.
    await db
      .update(contractHolderChanges)
      .set({ bankverbindung: { ...(kept?.bankverbindung as object), iban: 'DE00000000000000000000' } })
      .where(eq(contractHolderChanges.id, kept?.id ?? ''));

    const logged: unknown[] = [];
    const log = { error: (entry: unknown) => logged.push(entry) } as unknown as Parameters<
      typeof applyDueHolderChanges
    >[1]['log'];
    const first = await applyDueHolderChanges(deps, { now: on(wirksamAb), ...(log ? { log } : {}) });
    expect(first).toMatchObject({ applied: 1, failed: 1 });
    expect(logged).toEqual([expect.objectContaining({ holderChange: kept?.id })]);
    expect((await contractRow(fine.holder.contractNumber)).partnerId).not.toBe(fine.holder.partnerId);
    // Nothing of the failed change was kept: still the old holder's, still waiting.
    expect((await contractRow(broken.holder.contractNumber)).partnerId).toBe(broken.holder.partnerId);
    expect(await changeRow(brokenContract.id)).toMatchObject({ status: 'BESTAETIGT' });

    await db
      .update(contractHolderChanges)
      .set({ bankverbindung: kept?.bankverbindung })
      .where(eq(contractHolderChanges.id, kept?.id ?? ''));
    expect(await applyDueHolderChanges(deps, { now: on(addDays(wirksamAb, 1)) })).toMatchObject({
      applied: 1,
      failed: 0,
    });
    expect((await contractRow(broken.holder.contractNumber)).partnerId).not.toBe(broken.holder.partnerId);
  });

  it('refuses a second change while one waits for its day, in German', async () => {
    const wirksamAb = addDays(today, 20);
    const { holder, token } = await startedChange(wirksamAb);
    await confirm(token, on(today));
    const second = await call('POST', `/api/vermittler/inhaberwechsel/${holder.contractNumber}`, agency, {
      wirksamAb: addDays(today, 5),
      neuerInhaber: {
        person: {
          vorname: 'Paul',
          nachname: 'Peters',
          geburtsdatum: '1979-01-02',
          email: `paul.${Date.now()}@example.com`,
          adresse: { strasse: 'Ring', hausnummer: '1', plz: '50667', ort: 'Köln' },
        },
      },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ error: { code: 'HOLDER_CHANGE_WAITING' } });
    expect(second.json<{ error: { message: string } }>().error.message).toContain(
      wirksamAb.split('-').reverse().join('.'),
    );
  });

  it('lets the agent cancel it while it waits; both holders are told and the job moves nothing', async () => {
    const wirksamAb = addDays(today, 6);
    const { holder, email, token } = await startedChange(wirksamAb);
    await confirm(token, on(today));
    const cancelled = await call('DELETE', `/api/vermittler/inhaberwechsel/${holder.contractNumber}`, agency);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ verlauf: [{ status: 'STORNIERT', wirksamAb }] });
    expect(cancelled.json<{ offen?: unknown }>().offen).toBeUndefined();
    expect((await outboxTo(holder.username)).some((m) => m.subject.includes('storniert'))).toBe(true);
    expect((await outboxTo(email)).some((m) => m.subject.includes('storniert'))).toBe(true);

    await applyDueHolderChanges(deps, { now: on(wirksamAb) });
    expect((await contractRow(holder.contractNumber)).partnerId).toBe(holder.partnerId);
    const details = await call('GET', `/api/vertrag/vertrag/${holder.contractNumber}`, holder);
    expect(details.json<{ vorgemerkteAenderungen: unknown[] }>().vorgemerkteAenderungen).toEqual([]);
  });

  it('becomes GEGENSTANDSLOS when the contract ends before the day; agent and both holders are told', async () => {
    const db = testApp.database.db;
    const wirksamAb = addDays(today, 12);
    const { holder, email, token } = await startedChange(wirksamAb);
    await confirm(token, on(today));
    const contract = await contractRow(holder.contractNumber);
    // Ended by agreement the day before the change would apply.
    await db
      .update(contracts)
      .set({
        status: 'AUSLAUFEND',
        beendigungArt: 'AUFHEBUNG',
        beendigungErklaertAm: today,
        beendigungsdatum: addDays(wirksamAb, -1),
        beendigungGrund: 'TARIFWECHSEL',
      })
      .where(eq(contracts.id, contract.id));

    const first = await applyDueHolderChanges(deps, { now: on(wirksamAb) });
    const second = await applyDueHolderChanges(deps, { now: on(wirksamAb) });
    expect(first).toMatchObject({ applied: 0, voided: 1, failed: 0 });
    expect(second).toMatchObject({ applied: 0, voided: 0 });
    expect((await contractRow(holder.contractNumber)).partnerId).toBe(holder.partnerId);
    expect(await changeRow(contract.id)).toMatchObject({ status: 'GEGENSTANDSLOS' });
    const [voided] = await db
      .select({ voidedAt: contractHolderChanges.voidedAt })
      .from(contractHolderChanges)
      .where(and(eq(contractHolderChanges.contractId, contract.id)));
    expect(voided?.voidedAt).toBeInstanceOf(Date);
    expect((await outboxTo(holder.username)).filter((m) => m.subject.includes('entfällt'))).toHaveLength(1);
    expect((await outboxTo(email)).filter((m) => m.subject.includes('entfällt'))).toHaveLength(1);
    expect((await outboxTo(agency.username)).some((m) => m.body.includes('gegenstandslos'))).toBe(true);
  });
});

// The holder change and the old holder's pending changes (ADR 0035 addendum), with a set clock:
// pending changes for the time from the change on end when it applies (at once or by the daily
// job) and the old holder's letter names them; later runs of the pending-changes job change
// nothing of the new holder's contract; while a confirmed change waits, a change for the time after
// it is refused in German and a bank change for the time before it does not touch the new holder's
// account. The mandate PDF of a waiting change names the day it is used from.
import {
  addDays,
  dateParts,
  makeDate,
  addMonths,
  todayInGermany,
  type CalendarDate,
} from '@schirm/domain/dates/calendar-date';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractHolderChanges } from '../../db/schema/contract-transfer';
import { contracts, pendingChanges } from '../../db/schema/contracts';
import { bankAccounts } from '../../db/schema/partners';
import type { TestApp } from '../../test/test-app';
import { applyDuePendingChanges } from '../contract-changes/service';
import { findContractById, insertPendingChange, replacePartnerBankAccount } from '../contracts/repository';
import { pdfText } from '../documents/pdf-text.test-helper';
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

const today = todayInGermany();
const NEW_IBAN = 'DE62370400440532013001';
/** The old holder's own new account (a pending change of old data, or the self-service). */
const OLD_HOLDER_IBAN = 'DE17100500000123456789';

function german(day: CalendarDate): string {
  return day.split('-').reverse().join('.');
}

function firstOfNextMonth(day: CalendarDate): CalendarDate {
  const { year, month } = dateParts(day);
  return addMonths(makeDate(year, month, 1), 1);
}

function confirm(token: string, now: Date) {
  return confirmHolderChange(deps, { token, iban: NEW_IBAN, kontoinhaber: 'Nora Neumann', now });
}

async function contractOf(versicherungsNummer: string) {
  const [row] = await testApp.database.db
    .select({ id: contracts.id })
    .from(contracts)
    .where(eq(contracts.versicherungsNummer, versicherungsNummer));
  const contract = await findContractById({ db: testApp.database.db, id: row?.id ?? '' });
  if (!contract) throw new Error(`contract ${versicherungsNummer} missing`);
  return contract;
}

/** The IBAN and owner of the account the contract is debited from. */
async function debitedFrom(versicherungsNummer: string) {
  const [row] = await testApp.database.db
    .select({
      iban: bankAccounts.iban,
      partnerId: bankAccounts.partnerId,
      contractPartner: contracts.partnerId,
    })
    .from(contracts)
    .innerJoin(bankAccounts, eq(bankAccounts.id, contracts.bankAccountId))
    .where(eq(contracts.versicherungsNummer, versicherungsNummer));
  return row;
}

async function openPendingTypes(contractId: string): Promise<string[]> {
  const rows = await testApp.database.db
    .select({ typ: pendingChanges.typ })
    .from(pendingChanges)
    .where(and(eq(pendingChanges.contractId, contractId), isNull(pendingChanges.appliedAt)));
  return rows.map((row) => row.typ).sort();
}

/** Pending changes of the old holder, stored as a save would (the bank change as old data has it). */
async function pendingBankAndFamily(
  versicherungsNummer: string,
  bankOn: CalendarDate,
  familyOn: CalendarDate,
) {
  const db = testApp.database.db;
  let contract = await contractOf(versicherungsNummer);
  const bank = await insertPendingChange({
    db,
    contractId: contract.id,
    expectedVersion: contract.version,
    change: {
      type: 'bankverbindung',
      value: {
        iban: OLD_HOLDER_IBAN,
        kontoinhaber: 'Alte Inhaberin',
        sepaMandat: { glaeubigerId: 'DE98ZZZ09999999999', mandatsreferenz: 'ALT-1', erteiltAm: today },
      },
      wirksamkeitsdatum: bankOn,
      createdAt: new Date().toISOString(),
    },
  });
  expect(bank.ok).toBe(true);
  contract = await contractOf(versicherungsNummer);
  const family = await insertPendingChange({
    db,
    contractId: contract.id,
    expectedVersion: contract.version,
    change: {
      type: 'familienstand',
      value: 'FAMILIE',
      wirksamkeitsdatum: familyOn,
      createdAt: new Date().toISOString(),
      praemieNachAenderung: { nettoJahresbeitragCents: 8000, bruttoBeitragProPeriodeCents: 9520 },
    },
  });
  expect(family.ok).toBe(true);
  return contract.id;
}

beforeAll(async () => {
  context = await openHolderChangeTestApp();
  ({ testApp, agency, deps } = context);
});

afterAll(async () => {
  await testApp.close();
});

describe('pending changes of the old holder when the holder change applies', () => {
  it('ends them when the job applies a waiting change; later runs leave the new holder’s account alone', async () => {
    const db = testApp.database.db;
    const holder = await insertCustomer(db, { agentId: agency.agentId ?? '' });
    const wirksamAb = addDays(today, 10);
    const contractId = await pendingBankAndFamily(holder.contractNumber, addDays(wirksamAb, 5), wirksamAb);
    const { token } = await startChange(holder, wirksamAb);
    expect(await confirm(token, on(today))).toMatchObject({ status: 'BESTAETIGT' });

    // The mandate PDF of the waiting change names the day it is used from, not "ab sofort".
    const [waiting] = await db
      .select({ key: contractHolderChanges.mandateStorageKey })
      .from(contractHolderChanges)
      .where(eq(contractHolderChanges.contractId, contractId));
    const pdf = await testApp.app.files.read(waiting?.key ?? '');
    const text = pdfText(pdf ?? Buffer.alloc(0));
    expect(text).toContain(`Das Mandat gilt ab dem ${german(wirksamAb)}`);
    expect(text).toContain(`die ab dem ${german(wirksamAb)} fällig werden`);
    expect(text).toContain('Bestätigungslink');
    expect(text).not.toContain('ab sofort');
    expect(text).not.toContain('Kundenportal');

    // The pending-changes job on the day, before the holder change: it leaves the change of that day alone.
    await applyDuePendingChanges({ db, today: wirksamAb });
    expect(await openPendingTypes(contractId)).toEqual(['bankverbindung', 'familienstand']);

    expect(await applyDueHolderChanges(deps, { now: on(wirksamAb) })).toMatchObject({
      applied: 1,
      failed: 0,
    });
    expect(await openPendingTypes(contractId)).toEqual([]);
    const moved = await debitedFrom(holder.contractNumber);
    expect(moved?.iban).toBe(NEW_IBAN);
    expect(moved?.partnerId).toBe(moved?.contractPartner);
    expect(moved?.contractPartner).not.toBe(holder.partnerId);

    // The old holder's letter (Postfach and e-mail) names the dropped changes.
    const letter = (await outboxTo(holder.username)).find((m) =>
      m.subject.includes('hat einen neuen Versicherungsnehmer'),
    );
    expect(letter?.body).toContain('Sie entfallen deshalb und werden nicht ausgeführt');
    expect(letter?.body).toContain(`Bankverbindung`);
    expect(letter?.body).toContain(`(ab dem ${german(addDays(wirksamAb, 5))})`);
    expect(letter?.body).toContain(`(ab dem ${german(wirksamAb)})`);
    const postfach = await listMailboxMessages({ db, partnerId: holder.partnerId ?? '' });
    expect(postfach.find((m) => m.subject.includes('hat einen neuen Versicherungsnehmer'))?.body).toBe(
      letter?.body,
    );

    // The day the old holder's bank change was due: nothing overwrites the new holder's account.
    await applyDuePendingChanges({ db, today: addDays(wirksamAb, 5) });
    await applyDuePendingChanges({ db, today: addDays(wirksamAb, 40) });
    expect((await debitedFrom(holder.contractNumber))?.iban).toBe(NEW_IBAN);
    const after = await contractOf(holder.contractNumber);
    expect(after.bankverbindung?.iban).toBe(NEW_IBAN);
    expect(after.details).toMatchObject({ phv: { familienstand: 'SINGLE' } });
  });

  it('ends them when the confirmation moves the contract at once, and keeps those before the day', async () => {
    const db = testApp.database.db;
    const holder = await insertCustomer(db, { agentId: agency.agentId ?? '' });
    const contractId = await pendingBankAndFamily(
      holder.contractNumber,
      addDays(today, 3),
      addDays(today, 1),
    );
    // The change applies from today: both pending changes lie after it.
    const { token } = await startChange(holder, today);
    expect(await confirm(token, on(today))).toMatchObject({ status: 'DURCHGEFUEHRT' });
    expect(await openPendingTypes(contractId)).toEqual([]);
    await applyDuePendingChanges({ db, today: addDays(today, 3) });
    expect((await debitedFrom(holder.contractNumber))?.iban).toBe(NEW_IBAN);
    const letter = (await outboxTo(holder.username)).find((m) =>
      m.subject.includes('hat einen neuen Versicherungsnehmer'),
    );
    expect(letter?.body).toContain('Sie entfallen deshalb');
  });

  it('keeps a pending change due before the day and says nothing of it', async () => {
    const db = testApp.database.db;
    const holder = await insertCustomer(db, { agentId: agency.agentId ?? '' });
    const wirksamAb = addDays(today, 10);
    const contractId = await pendingBankAndFamily(
      holder.contractNumber,
      addDays(wirksamAb, 1),
      addDays(today, 2),
    );
    const { token } = await startChange(holder, wirksamAb);
    await confirm(token, on(today));
    await applyDueHolderChanges(deps, { now: on(wirksamAb) });
    // The family status change of the old holder's time stays (the pending-changes job applies it).
    expect(await openPendingTypes(contractId)).toEqual(['familienstand']);
    const letter = (await outboxTo(holder.username)).find((m) =>
      m.subject.includes('hat einen neuen Versicherungsnehmer'),
    );
    expect(letter?.body).toContain('Ihre folgende vorgemerkte Änderung');
    expect(letter?.body).toContain('Bankverbindung');
    expect(letter?.body).not.toContain('Familienstand');
  });
});

describe('the old holder files a change while a confirmed holder change waits', () => {
  it('refuses a change for the time after the day with a German 409', async () => {
    const holder = await insertCustomer(testApp.database.db, { agentId: agency.agentId ?? '' });
    const wirksamAb = addDays(today, 1);
    const { token } = await startChange(holder, wirksamAb);
    await confirm(token, on(today));
    // A family status change takes effect on the first of next month: on or after the day.
    expect(firstOfNextMonth(today) >= wirksamAb).toBe(true);
    const preview = await call(
      'POST',
      `/api/vertrag/vertrag/beitrag/phv/familienstand/${holder.contractNumber}`,
      holder,
      { familienstand: 'FAMILIE' },
    );
    expect(preview.statusCode, preview.body).toBe(409);
    expect(preview.json()).toMatchObject({ error: { code: 'HOLDER_CHANGE_PENDING' } });
    expect(preview.json<{ error: { message: string } }>().error.message).toContain(
      `Für diesen Vertrag ist ein Inhaberwechsel zum ${german(wirksamAb)} vorgemerkt.`,
    );
    const contract = await contractOf(holder.contractNumber);
    const save = await call(
      'PATCH',
      `/api/vertrag/vertrag/beitrag/phv/familienstand/${holder.contractNumber}`,
      holder,
      { familienstand: 'FAMILIE', version: contract.version },
    );
    expect(save.statusCode, save.body).toBe(409);
    expect(await openPendingTypes(contract.id)).toEqual([]);
  });

  it('lets a bank change for the time before the day through; it does not reach the new holder', async () => {
    const holder = await insertCustomer(testApp.database.db, { agentId: agency.agentId ?? '' });
    // The old holder pays by direct debit (the bank change is offered for such contracts only).
    await replacePartnerBankAccount({
      db: testApp.database.db,
      partnerId: holder.partnerId ?? '',
      bank: {
        iban: 'DE89370400440532013000',
        kontoinhaber: 'Alte Inhaberin',
        sepaMandat: { glaeubigerId: 'DE98ZZZ09999999999', mandatsreferenz: 'ALT-0', erteiltAm: today },
      },
      today,
    });
    const [account] = await testApp.database.db
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.partnerId, holder.partnerId ?? ''), isNull(bankAccounts.gueltigBis)));
    await testApp.database.db
      .update(contracts)
      .set({ bankAccountId: account?.id ?? null })
      .where(eq(contracts.versicherungsNummer, holder.contractNumber));
    const wirksamAb = addDays(today, 8);
    const { token } = await startChange(holder, wirksamAb);
    await confirm(token, on(today));
    const url = `/api/vertrag/vertrag/bankverbindung/${holder.contractNumber}`;
    const body = { iban: OLD_HOLDER_IBAN, kontoinhaber: 'Alte Inhaberin' };
    const preview = await call('POST', url, holder, body);
    expect(preview.statusCode, preview.body).toBe(200);
    const saved = await call('PATCH', url, holder, {
      ...body,
      version: preview.json<{ version: number }>().version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Until the day the old holder pays from the account just given.
    expect(await debitedFrom(holder.contractNumber)).toMatchObject({
      iban: OLD_HOLDER_IBAN,
      partnerId: holder.partnerId,
    });
    await applyDueHolderChanges(deps, { now: on(wirksamAb) });
    await applyDuePendingChanges({ db: testApp.database.db, today: addDays(wirksamAb, 30) });
    const moved = await debitedFrom(holder.contractNumber);
    expect(moved?.iban).toBe(NEW_IBAN);
    expect(moved?.contractPartner).not.toBe(holder.partnerId);
  });
});

// Contract transfer through the API (issue 15): the BHV tariff change as agent (scope rule),
// customer and public link, with its dates (no gap, no overlap) and the idempotent submit; the
// contract holder change with its single-use, expiring link and the old holder told (its effective
// date and the daily job: holder-change-effective-date.test.ts).
import { addDays, todayInGermany } from '@schirm/domain/dates/calendar-date';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bhvTariffChangeLinks } from '../../db/schema/contract-transfer';
import { contracts } from '../../db/schema/contracts';
import { addresses, bankAccounts } from '../../db/schema/partners';
import { loadIdentityKeys, type IdentityKeys } from '../../platform/auth/keys';
import { createTestApp, type TestApp } from '../../test/test-app';
import { findContractByNumber } from '../contracts/repository';
import {
  insertAgentAccount,
  insertCustomer,
  mintAccessToken,
  type TestAccount,
} from '../identity/identity-test-kit';
import { listMailboxMessages } from '../mailbox/repository';
import { agentIdOf, insertBhv1Contract, insertOpenHolderChange } from './fixtures.test-helper';
import { tokenHash } from './shared';

let testApp: TestApp;
let keys: IdentityKeys;
let agency: TestAccount;
let subAgent: TestAccount;
let otherAgency: TestAccount;
let customer: TestAccount & { contractNumber: string };

const today = todayInGermany();

async function call(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  { account, payload, key }: { account?: TestAccount; payload?: object; key?: string } = {},
) {
  return testApp.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload }),
    headers: {
      ...(account ? { authorization: `Bearer ${await mintAccessToken(keys, account)}` } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
  });
}

async function outboxTo(email: string) {
  const response = await call('GET', `/api/entwicklung/postausgang?to=${encodeURIComponent(email)}`);
  return (response.json() as { messages: { subject: string; body: string }[] }).messages;
}

async function bhv1(): Promise<string> {
  const contract = await insertBhv1Contract(testApp.database.db, {
    partnerId: customer.partnerId ?? '',
    agentId: subAgent.agentId ?? '',
  });
  return contract.versicherungsNummer;
}

beforeAll(async () => {
  testApp = await createTestApp();
  keys = loadIdentityKeys(testApp.config);
  const db = testApp.database.db;
  agency = await insertAgentAccount(db);
  subAgent = await insertAgentAccount(db, { parentAgentId: agency.agentId ?? '' });
  otherAgency = await insertAgentAccount(db);
  customer = await insertCustomer(db, { agentId: subAgent.agentId ?? '' });
  await db.insert(addresses).values({
    partnerId: customer.partnerId ?? '',
    strasse: 'Venloer Straße',
    hausnummer: '10',
    plz: '50823',
    ort: 'Köln',
    gueltigAb: '2020-01-01',
  });
});

afterAll(async () => {
  await testApp.close();
});

describe('BHV tariff change', () => {
  it('compares the premiums for the agency above the sub-agent, and is 404 for another agency', async () => {
    const number = await bhv1();
    const response = await call('GET', `/api/vermittler/tarifwechsel/bhv/${number}`, { account: agency });
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json<{
      wechselDatum: string;
      altEndetMitAblaufDes: string;
      vergleich: {
        zahlweise: string;
        neuNettoCents: number;
        neuVersicherungsteuerCents: number;
        neuBruttoCents: number;
      }[];
      neuerVersicherungsName: string;
    }>();
    expect(preview.vergleich.map((row) => row.zahlweise)).toEqual([
      'MONATLICH',
      'VIERTELJAEHRLICH',
      'HALBJAEHRLICH',
      'JAEHRLICH',
    ]);
    for (const row of preview.vergleich) {
      expect(row.neuVersicherungsteuerCents).toBe(Math.round(row.neuNettoCents * 0.19));
      expect(row.neuBruttoCents).toBe(row.neuNettoCents + row.neuVersicherungsteuerCents);
    }
    expect(preview.altEndetMitAblaufDes).toBe(addDays(preview.wechselDatum, -1));

    expect(
      (await call('GET', `/api/vermittler/tarifwechsel/bhv/${number}`, { account: subAgent })).statusCode,
    ).toBe(200);
    const stranger = await call('GET', `/api/vermittler/tarifwechsel/bhv/${number}`, {
      account: otherAgency,
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain(number.slice(1));
  });

  it('ends the old contract the day before the new one begins, keeps the agent, once per key', async () => {
    const number = await bhv1();
    const wechselDatum = addDays(today, 5);
    const submit = (key: string) =>
      call('POST', `/api/vermittler/tarifwechsel/bhv/${number}`, {
        account: agency,
        payload: { wechselDatum },
        key,
      });
    const first = await submit('wechsel-key-0001');
    expect(first.statusCode, first.body).toBe(200);
    const result = first.json<{ neueVersicherungsNummer: string; altEndetMitAblaufDes: string }>();
    expect(result.altEndetMitAblaufDes).toBe(addDays(wechselDatum, -1));

    const db = testApp.database.db;
    const old = await findContractByNumber({ db, versicherungsNummer: number });
    const neu = await findContractByNumber({ db, versicherungsNummer: result.neueVersicherungsNummer });
    expect(old?.status).toBe('AUSLAUFEND');
    expect(old?.beendigung).toMatchObject({ art: 'AUFHEBUNG', zum: wechselDatum, grund: 'TARIFWECHSEL' });
    expect(neu).toMatchObject({ produkt: 'BHV_2', status: 'LAUFEND', vertragsBeginn: wechselDatum });
    expect(neu?.partnerId).toBe(old?.partnerId);
    expect(neu?.details).toEqual(old?.details);
    expect(await agentIdOf(db, result.neueVersicherungsNummer)).toBe(subAgent.agentId);

    // A double click: the same answer, no second contract.
    const again = await submit('wechsel-key-0001');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const other = await submit('wechsel-key-0002');
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ error: { code: 'TARIFF_CHANGED_ALREADY' } });

    const messages = await listMailboxMessages({ db, partnerId: customer.partnerId ?? '' });
    expect(messages.some((m) => m.subject.includes(result.neueVersicherungsNummer) && m.documentId)).toBe(
      true,
    );
    expect(
      (await outboxTo(customer.username)).some((m) => m.subject.includes(result.neueVersicherungsNummer)),
    ).toBe(true);
  });

  it('refuses a change date outside the window and a contract of another product, in German', async () => {
    const number = await bhv1();
    const past = await call('GET', `/api/vertrag/vertrag/${number}/tarifwechsel?wechselDatum=${today}`, {
      account: customer,
    });
    expect(past.statusCode).toBe(422);
    expect(past.json()).toMatchObject({ error: { code: 'TARIFF_CHANGE_DATE' } });
    expect(past.json<{ error: { message: string } }>().error.message).toMatch(/Wechseltermin zwischen dem/);
    const phv = await call('GET', `/api/vertrag/vertrag/${customer.contractNumber}/tarifwechsel`, {
      account: customer,
    });
    expect(phv.statusCode).toBe(422);
    const noKey = await call('POST', `/api/vertrag/vertrag/${number}/tarifwechsel`, {
      account: customer,
      payload: {},
    });
    expect(noKey.statusCode).toBe(400);
  });

  it('sends a link only when contract number and postcode match, and the link works once', async () => {
    const number = await bhv1();
    const wrong = await call('POST', '/api/tarifwechsel/bhv/anfrage', {
      payload: { vertragsnummer: number, plz: '10115' },
    });
    const unknown = await call('POST', '/api/tarifwechsel/bhv/anfrage', {
      payload: { vertragsnummer: '6999999999', plz: '50823' },
    });
    const right = await call('POST', '/api/tarifwechsel/bhv/anfrage', {
      payload: { vertragsnummer: number, plz: '50823' },
    });
    expect([wrong.statusCode, unknown.statusCode, right.statusCode]).toEqual([202, 202, 202]);
    expect(wrong.body).toBe(right.body);
    expect(unknown.body).toBe(right.body);

    const mail = (await outboxTo(customer.username)).find(
      (m) => m.body.includes(number) && m.body.includes('token='),
    );
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail?.body ?? '')?.[1] ?? '');
    expect(token).not.toBe('');
    const db = testApp.database.db;
    const [link] = await db
      .select()
      .from(bhvTariffChangeLinks)
      .where(and(eq(bhvTariffChangeLinks.secretHash, tokenHash(token)), isNull(bhvTariffChangeLinks.usedAt)));
    expect(link).toBeDefined();

    expect((await call('POST', '/api/tarifwechsel/bhv/link', { payload: { token } })).statusCode).toBe(200);
    const done = await call('POST', '/api/tarifwechsel/bhv/link/abschluss', {
      payload: { token },
      key: 'link-key-0001',
    });
    expect(done.statusCode, done.body).toBe(200);
    const repeated = await call('POST', '/api/tarifwechsel/bhv/link/abschluss', {
      payload: { token },
      key: 'link-key-0001',
    });
    expect(repeated.json()).toEqual(done.json());
    const used = await call('POST', '/api/tarifwechsel/bhv/link', { payload: { token } });
    expect(used.statusCode).toBe(403);
    expect(used.json()).toMatchObject({ error: { code: 'LINK_INVALID' } });
  });
});

describe('contract holder change', () => {
  const person = {
    vorname: 'Nora',
    nachname: 'Neumann',
    geburtsdatum: '1985-04-03',
    email: 'nora.neumann.uebernahme@example.com',
    adresse: { strasse: 'Domstraße', hausnummer: '4', plz: '50668', ort: 'Köln' },
  };

  async function contractOfNewCustomer() {
    const db = testApp.database.db;
    const holder = await insertCustomer(db, { agentId: subAgent.agentId ?? '' });
    return holder;
  }

  it('moves the contract on confirmation from today, with account and mandate, and tells the old holder', async () => {
    const holder = await contractOfNewCustomer();
    const url = `/api/vermittler/inhaberwechsel/${holder.contractNumber}`;
    // From today: the confirmation moves the contract at once (a later day: see
    // holder-change-effective-date.test.ts).
    const wirksamAb = today;
    const started = await call('POST', url, {
      account: agency,
      payload: { wirksamAb, neuerInhaber: { person } },
    });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toMatchObject({
      offen: { status: 'OFFEN', neuerInhaber: 'Nora Neumann', wirksamAb },
    });
    const twice = await call('POST', url, {
      account: agency,
      payload: { wirksamAb, neuerInhaber: { person } },
    });
    expect(twice.statusCode).toBe(409);

    const invite = (await outboxTo(person.email)).find((m) => m.body.includes(holder.contractNumber));
    const token = decodeURIComponent(/token=([^\s]+)/.exec(invite?.body ?? '')?.[1] ?? '');
    const preview = await call('POST', '/api/inhaberwechsel/bestaetigung/vorschau', { payload: { token } });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).not.toContain(holder.username);

    const confirm = () =>
      call('POST', '/api/inhaberwechsel/bestaetigung', {
        payload: { token, iban: 'DE62370400440532013001', kontoinhaber: 'Nora Neumann', mandat: true },
      });
    const confirmed = await confirm();
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const db = testApp.database.db;
    const [moved] = await db
      .select({ partnerId: contracts.partnerId, bankAccountId: contracts.bankAccountId })
      .from(contracts)
      .where(eq(contracts.versicherungsNummer, holder.contractNumber));
    expect(moved?.partnerId).not.toBe(holder.partnerId);
    const [account] = await db
      .select()
      .from(bankAccounts)
      .where(eq(bankAccounts.id, moved?.bankAccountId ?? '00000000-0000-0000-0000-000000000000'));
    expect(account).toMatchObject({ iban: 'DE62370400440532013001', partnerId: moved?.partnerId });

    const oldMails = await outboxTo(holder.username);
    expect(oldMails.some((m) => m.subject.includes('neuen Versicherungsnehmer'))).toBe(true);
    const oldPostfach = await listMailboxMessages({ db, partnerId: holder.partnerId ?? '' });
    expect(oldPostfach.some((m) => m.subject.includes(holder.contractNumber))).toBe(true);

    // Single use: the same link again is refused.
    const again = await confirm();
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ error: { code: 'LINK_INVALID' } });
    // The agent sees the change done in the history.
    const state = await call('GET', url, { account: agency });
    expect(state.json()).toMatchObject({ verlauf: [{ status: 'DURCHGEFUEHRT' }] });
  });

  it('refuses an expired link, a cancelled one and one whose contract changed holder meanwhile', async () => {
    const db = testApp.database.db;
    const holder = await contractOfNewCustomer();
    const [contract] = await db
      .select({ id: contracts.id })
      .from(contracts)
      .where(eq(contracts.versicherungsNummer, holder.contractNumber));
    const expired = await insertOpenHolderChange(db, {
      contractId: contract?.id ?? '',
      oldPartnerId: holder.partnerId ?? '',
      expiresAt: new Date(Date.now() - 1000),
    });
    const tooLate = await call('POST', '/api/inhaberwechsel/bestaetigung/vorschau', {
      payload: { token: expired.token },
    });
    expect(tooLate.statusCode).toBe(403);
    expect(tooLate.json()).toMatchObject({ error: { code: 'LINK_EXPIRED' } });

    // The agent cancels the (expired) waiting change; its link stays refused.
    const cancelled = await call('DELETE', `/api/vermittler/inhaberwechsel/${holder.contractNumber}`, {
      account: subAgent,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(
      (
        await call('POST', '/api/inhaberwechsel/bestaetigung/vorschau', { payload: { token: expired.token } })
      ).json(),
    ).toMatchObject({ error: { code: 'LINK_INVALID' } });

    // A link made for the old holder of a contract another person took over since.
    const stale = await insertOpenHolderChange(db, {
      contractId: contract?.id ?? '',
      oldPartnerId: customer.partnerId ?? '',
    });
    const wrong = await call('POST', '/api/inhaberwechsel/bestaetigung', {
      payload: {
        token: stale.token,
        iban: 'DE62370400440532013001',
        kontoinhaber: 'Nora Neumann',
        mandat: true,
      },
    });
    expect(wrong.statusCode).toBe(403);
    const [unchanged] = await db
      .select({ partnerId: contracts.partnerId })
      .from(contracts)
      .where(eq(contracts.id, contract?.id ?? ''));
    expect(unchanged?.partnerId).toBe(holder.partnerId);
  });

  it('is 404 for another agency, and a date in the past is refused', async () => {
    const holder = await contractOfNewCustomer();
    const url = `/api/vermittler/inhaberwechsel/${holder.contractNumber}`;
    expect((await call('GET', url, { account: otherAgency })).statusCode).toBe(404);
    const past = await call('POST', url, {
      account: agency,
      payload: { wirksamAb: addDays(today, -1), neuerInhaber: { person } },
    });
    expect(past.statusCode).toBe(400);
    expect(past.body).toMatch(/Bitte wählen Sie ein Datum zwischen/);
    const foreign = await call('POST', url, {
      account: agency,
      payload: { wirksamAb: addDays(today, 2), neuerInhaber: { partnerNummer: '1234567' } },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("records the customer's request for the agent", async () => {
    const holder = await contractOfNewCustomer();
    const asked = await call('POST', `/api/vertrag/vertrag/${holder.contractNumber}/inhaberwechsel/anfrage`, {
      account: holder,
      payload: {
        name: 'Paul Neumann',
        wunschdatum: addDays(today, 10),
        nachricht: 'Mein Sohn übernimmt den Vertrag.',
      },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const state = await call('GET', `/api/vermittler/inhaberwechsel/${holder.contractNumber}`, {
      account: subAgent,
    });
    expect(state.json()).toMatchObject({ anfragen: [{ neuerInhaberName: 'Paul Neumann' }] });
    const foreign = await call(
      'POST',
      `/api/vertrag/vertrag/${customer.contractNumber}/inhaberwechsel/anfrage`,
      {
        account: holder,
        payload: { name: 'Paul Neumann', wunschdatum: addDays(today, 10) },
      },
    );
    expect(foreign.statusCode).toBe(404);
  });
});

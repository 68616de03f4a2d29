import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastDayOfPeriod } from '@schirm/domain/contract/legal-deadlines';
import { WIDERRUFSFRIST_TAGE } from '@schirm/domain/contract/revocation';
import { ordinaryCancellationDates, suggestedCancellationDate } from '@schirm/domain/contract/termination';
import type { ContractRecord } from '@schirm/domain/contract/contract-record';
import {
  addDays,
  addMonths,
  compareDates,
  dateParts,
  makeDate,
  todayInGermany,
  type CalendarDate,
} from '@schirm/domain/dates/calendar-date';
import { formatDate, formatDateTime } from '@schirm/domain/format/date';
import { formatCents } from '@schirm/domain/format/money';
import { buildContract } from '../../db/demo/portfolio/contract-factory';
import { quoteBhv } from '../../db/demo/portfolio/quotes';
import { contractDocuments } from '../../db/schema/contracts';
import { loadIdentityKeys, type IdentityKeys } from '../../platform/auth/keys';
import type { FlagService } from '../../platform/flags/service';
import { createTestApp, type TestApp } from '../../test/test-app';
import { givenPartner, phvContract, uniqueNumber } from '../contracts/fixtures.test-helper';
import type { Partner } from '../contracts/partners-repository';
import { findContractByNumber, insertContract } from '../contracts/repository';
import { contractDetailsSchema } from '../customer-contracts/routes';
import { pdfText } from '../documents/pdf-text.test-helper';
import { insertAccount, mintAccessToken } from '../identity/identity-test-kit';
import { listMailboxMessages } from '../mailbox/repository';
import { createTransports } from '../outbox/transports';
import { cancellationOptionsSchema, terminationReceiptSchema } from './routes';
import { cancelContractAsRead } from './service';

let testApp: TestApp;
let keys: IdentityKeys;

const today = todayInGermany();
const tomorrow = addDays(today, 1);
const { year, month } = dateParts(today);
const firstOfMonth = makeDate(year, month, 1);

interface Customer {
  partner: Partner;
  email: string;
  accountId: string;
  token: string;
  numbers: {
    /** PHV, daily cancellable, concluded long ago (no revocation any more). */
    phv: string;
    /** Second daily PHV, for a cancellation to a chosen day. */
    phvLater: string;
    /** BHV, one year renewing: cancellable to the end of the contract year. */
    bhv: string;
    /** PHV concluded three days ago: within the revocation period. */
    fresh: string;
    /** PHV for the race of two cancellations. */
    race: string;
  };
}

let erika: Customer;
let max: Customer;

async function givenCustomer(name: string): Promise<Customer> {
  const db = testApp.database.db;
  const email = `${name}.${uniqueNumber('1', 8)}@example.com`;
  const partner = await givenPartner(db, email);
  const bhvBeginn = addMonths(firstOfMonth, -2);
  const bhv = buildContract(
    quoteBhv(
      {
        generation: 'BHV_2',
        hauptgewerbe: 'bhv-unternehmensberatung',
        nebengewerbe: [],
        jahresumsatzCents: 25_000_000,
        variante: 'BHV_PREMIUM',
        selbstbeteiligung: 'SB_1000',
        risikofragen: {},
      },
      'JAEHRLICH',
    ),
    {
      versicherungsNummer: uniqueNumber('8'),
      partnerId: partner.id,
      antragsdatum: addDays(bhvBeginn, -10),
      vertragsBeginn: bhvBeginn,
      status: 'LAUFEND',
      ...(partner.bankverbindung ? { bankverbindung: partner.bankverbindung } : {}),
    },
  );
  const contracts = {
    phv: phvContract(partner),
    phvLater: phvContract(partner),
    bhv,
    fresh: phvContract(partner, {
      antragsdatum: addDays(today, -5),
      abschlussdatum: addDays(today, -4),
      vertragsBeginn: addDays(today, -3),
      documentsReceivedOn: addDays(today, -3),
    }),
    race: phvContract(partner),
  };
  for (const contract of Object.values(contracts)) await insertContract({ db, contract });
  const account = await insertAccount(db, { pool: 'benutzer', email, partnerId: partner.id });
  return {
    partner,
    email,
    accountId: account.id,
    token: await mintAccessToken(keys, account),
    numbers: {
      phv: contracts.phv.versicherungsNummer,
      phvLater: contracts.phvLater.versicherungsNummer,
      bhv: contracts.bhv.versicherungsNummer,
      fresh: contracts.fresh.versicherungsNummer,
      race: contracts.race.versicherungsNummer,
    },
  };
}

beforeAll(async () => {
  testApp = await createTestApp();
  keys = loadIdentityKeys(testApp.config);
  erika = await givenCustomer('erika');
  max = await givenCustomer('max');
});

afterAll(async () => {
  await testApp.close();
});

function call(method: 'GET' | 'POST' | 'DELETE', url: string, token?: string) {
  return testApp.app.inject({
    method,
    url,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
}

const cancel = (number: string, reason: string, token: string | undefined, query = '') =>
  call('DELETE', `/api/vertrag/vertrag/${number}/kuendigung/${reason}${query}`, token);
const revoke = (number: string, reason: string, token: string | undefined, query = '') =>
  call('DELETE', `/api/vertrag/vertrag/${number}/widerruf/${reason}${query}`, token);

async function download(url: string, token: string): Promise<Buffer> {
  const response = await call('GET', url, token);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return response.rawPayload;
}

async function outboxTo(email: string) {
  const response = await call('GET', `/api/entwicklung/postausgang?to=${encodeURIComponent(email)}`);
  return (
    response.json() as {
      messages: { subject: string; body: string; anhang: { name: string; url: string } | null }[];
    }
  ).messages;
}

async function documentCount(number: string): Promise<number> {
  const contract = await findContractByNumber({ db: testApp.database.db, versicherungsNummer: number });
  const rows = await testApp.database.db
    .select()
    .from(contractDocuments)
    .where(eq(contractDocuments.contractId, contract!.id));
  return rows.length;
}

describe('GET /api/vertrag/vertrag/:id/kuendigungstermine', () => {
  it('offers tomorrow for a daily cancellable contract and says it can no longer be revoked', async () => {
    const response = await call(
      'GET',
      `/api/vertrag/vertrag/${erika.numbers.phv}/kuendigungstermine`,
      erika.token,
    );
    expect(response.statusCode).toBe(200);
    const options = cancellationOptionsSchema.parse(response.json());
    expect(options).toMatchObject({ kuendbar: 'TAEGLICH', fruehestesDatum: tomorrow, termine: [tomorrow] });
    // The form preselects the regular end of an insurance year, not tomorrow (cover would end tonight).
    const contract = await findContractByNumber({
      db: testApp.database.db,
      versicherungsNummer: erika.numbers.phv,
    });
    const regular = suggestedCancellationDate(contract as unknown as ContractRecord, today);
    expect(regular).toBeDefined();
    expect(options.vorgeschlagenesDatum).toBe(regular);
    expect(compareDates(regular!, addMonths(today, 3))).toBeGreaterThan(0);
    expect(options.widerrufbar).toBe(false);
    expect(options.widerrufHinweis).toMatch(
      /^Die Widerrufsfrist für diesen Vertrag endete am \d{2}\.\d{2}\.\d{4}\.$/,
    );
  });

  it('offers the next three contract-year ends for a renewing contract', async () => {
    const options = cancellationOptionsSchema.parse(
      (await call('GET', `/api/vertrag/vertrag/${erika.numbers.bhv}/kuendigungstermine`, erika.token)).json(),
    );
    const contract = await findContractByNumber({
      db: testApp.database.db,
      versicherungsNummer: erika.numbers.bhv,
    });
    const expected = ordinaryCancellationDates(contract as unknown as ContractRecord, today, 3);
    expect(options).toMatchObject({
      kuendbar: 'VERTRAGSENDE',
      fruehestesDatum: expected[0],
      vorgeschlagenesDatum: expected[0],
      termine: expected,
    });
    expect(expected).toHaveLength(3);
  });

  it('shows the revocation deadline of a contract concluded a few days ago', async () => {
    const options = cancellationOptionsSchema.parse(
      (
        await call('GET', `/api/vertrag/vertrag/${erika.numbers.fresh}/kuendigungstermine`, erika.token)
      ).json(),
    );
    // 14 days from the receipt of the documents three days ago (§8 VVG), moved past a weekend or
    // holiday (§193 BGB): computed with the rule, since today + 11 is a Sunday on some days.
    const documentsReceivedOn = addDays(today, -3);
    expect(options).toMatchObject({
      widerrufbar: true,
      widerrufBis: lastDayOfPeriod(documentsReceivedOn, WIDERRUFSFRIST_TAGE),
    });
  });

  it("answers 404 for another customer's contract", async () => {
    const response = await call(
      'GET',
      `/api/vertrag/vertrag/${max.numbers.phv}/kuendigungstermine`,
      erika.token,
    );
    expect(response.statusCode).toBe(404);
  });
});

describe('DELETE /api/vertrag/vertrag/:id/kuendigung/:reason', () => {
  it('cancels to the earliest date and issues the receipt with date and time: PDF, mailbox, e-mail', async () => {
    const response = await cancel(
      erika.numbers.phv,
      'UMZUG_AUSLAND',
      erika.token,
      '?freitext=Ich%20ziehe%20nach%20Wien.',
    );
    expect(response.statusCode, response.body).toBe(200);
    const receipt = terminationReceiptSchema.parse(response.json());
    expect(receipt).toMatchObject({
      versicherungsNummer: erika.numbers.phv,
      vertragsstatus: 'AUSLAUFEND',
      beendigungsdatum: tomorrow,
      dokument: { name: 'Kündigungsbestätigung', typ: 'default' },
    });
    expect(Date.now() - Date.parse(receipt.eingegangenAm)).toBeLessThan(60_000);

    const pdf = await download(receipt.dokument.url, erika.token);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Eingangsbestätigung Ihrer Kündigung');
    expect(text).toContain(formatDateTime(receipt.eingegangenAm));
    expect(text).toContain(erika.numbers.phv);
    expect(text).toContain(`Ihr Vertrag endet zum ${formatDate(tomorrow)}.`);
    expect(text).toContain('Ich ziehe dauerhaft ins Ausland.');
    expect(text).toContain('Ich ziehe nach Wien.');

    const details = contractDetailsSchema.parse(
      (await call('GET', `/api/vertrag/vertrag/${erika.numbers.phv}`, erika.token)).json(),
    );
    expect(details).toMatchObject({
      vertragsstatus: 'AUSLAUFEND',
      beendigungsdatum: tomorrow,
      kuendbar: 'NEIN',
    });
    expect(details.dokumente).toContainEqual({
      name: 'Kündigungsbestätigung',
      typ: 'default',
      url: receipt.dokument.url,
    });

    const mailbox = await listMailboxMessages({ db: testApp.database.db, partnerId: erika.partner.id });
    expect(mailbox[0]).toMatchObject({
      subject: `Eingangsbestätigung Ihrer Kündigung – Vertrag ${erika.numbers.phv}`,
      documentId: receipt.dokument.id,
    });
    const [mail] = await outboxTo(erika.email);
    expect(mail).toMatchObject({
      subject: `Eingangsbestätigung Ihrer Kündigung – Vertrag ${erika.numbers.phv}`,
      anhang: { name: `Kündigungsbestätigung ${erika.numbers.phv}.pdf` },
    });
    expect(mail!.body).toContain(formatDateTime(receipt.eingegangenAm));
    expect(mail!.body).toMatch(/ist am \d{2}\.\d{2}\.\d{4} um \d{2}:\d{2} Uhr bei uns eingegangen/);
    const attachment = await call('GET', mail!.anhang!.url);
    expect(attachment.statusCode).toBe(200);
    expect(attachment.rawPayload.equals(pdf)).toBe(true);
  });

  it('refuses a second cancellation with 409 and says when the contract ends', async () => {
    const response = await cancel(erika.numbers.phv, 'SONSTIGES', erika.token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: {
        code: 'NOT_CANCELLABLE',
        message: `Dieser Vertrag ist bereits gekündigt und endet zum ${formatDate(tomorrow)}. Eine weitere Kündigung ist nicht nötig.`,
      },
    });
  });

  it('cancels to a later chosen day', async () => {
    const later = addDays(today, 30);
    const response = await cancel(
      erika.numbers.phvLater,
      'SONSTIGES',
      erika.token,
      `?kuendigungsdatum=${later}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ beendigungsdatum: later, vertragsstatus: 'AUSLAUFEND' });
  });

  it('accepts only a contract-year end for a renewing contract, with the earliest date in the message', async () => {
    const [earliest] = await ordinaryDates(erika.numbers.bhv);
    const refused = await cancel(
      erika.numbers.bhv,
      'SONSTIGES',
      erika.token,
      `?kuendigungsdatum=${addDays(earliest!, 1)}`,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: {
        code: 'VALIDATION_FAILED',
        fieldErrors: [
          {
            path: 'kuendigungsdatum',
            message: `Zu diesem Datum kann der Vertrag nicht gekündigt werden. Frühestmöglich ist der ${formatDate(earliest!)}.`,
          },
        ],
      },
    });
    const yesterday = await cancel(
      erika.numbers.bhv,
      'SONSTIGES',
      erika.token,
      `?kuendigungsdatum=${addDays(today, -1)}`,
    );
    expect(yesterday.statusCode).toBe(400);
    const accepted = await cancel(erika.numbers.bhv, 'SONSTIGES', erika.token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ beendigungsdatum: earliest });
  });

  it('rejects an unknown reason, a malformed date and too long feedback with German messages', async () => {
    const reason = await cancel(erika.numbers.race, 'GUENSTIGERES_ANGEBOT_X', erika.token);
    expect(reason.statusCode).toBe(400);
    expect(reason.json()).toMatchObject({
      error: {
        fieldErrors: [
          { path: 'reason', message: 'Bitte wählen Sie einen der angebotenen Kündigungsgründe.' },
        ],
      },
    });
    const date = await cancel(erika.numbers.race, 'SONSTIGES', erika.token, '?kuendigungsdatum=31.12.2026');
    expect(date.statusCode).toBe(400);
    expect(date.body).toContain('Bitte geben Sie ein Datum im Format TT.MM.JJJJ an.');
    const long = await cancel(erika.numbers.race, 'SONSTIGES', erika.token, `?freitext=${'a'.repeat(2001)}`);
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('Ihre Anmerkung darf höchstens 2.000 Zeichen lang sein.');
    expect(await documentCount(erika.numbers.race)).toBe(0);
  });

  it("answers 404 for another customer's contract and 401 without a token, and changes nothing", async () => {
    const foreign = await cancel(max.numbers.phvLater, 'SONSTIGES', erika.token);
    expect(foreign.statusCode).toBe(404);
    expect((await cancel(max.numbers.phvLater, 'SONSTIGES', undefined)).statusCode).toBe(401);
    const contract = await findContractByNumber({
      db: testApp.database.db,
      versicherungsNummer: max.numbers.phvLater,
    });
    expect(contract?.status).toBe('LAUFEND');
  });

  describe('with the self-service cancellation switched off', () => {
    let flags: FlagService;
    beforeAll(() => {
      flags = testApp.app.flags;
      testApp.app.flags = {
        ...flags,
        values: async (context) => ({ ...(await flags.values(context)), 'self-service-cancellation': false }),
      };
    });
    afterAll(() => {
      testApp.app.flags = flags;
    });

    it('answers 403 with a German message; revocation stays possible', async () => {
      const response = await cancel(max.numbers.phv, 'SONSTIGES', max.token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        error: {
          code: 'FEATURE_DISABLED',
          message: expect.stringContaining('Die Kündigung im Kundenportal ist zurzeit nicht möglich.'),
        },
      });
      const contract = await findContractByNumber({
        db: testApp.database.db,
        versicherungsNummer: max.numbers.phv,
      });
      expect(contract?.status).toBe('LAUFEND');
      expect((await revoke(max.numbers.fresh, 'SONSTIGES', max.token)).statusCode).toBe(200);
    });
  });
});

async function ordinaryDates(number: string): Promise<CalendarDate[]> {
  const contract = await findContractByNumber({ db: testApp.database.db, versicherungsNummer: number });
  return ordinaryCancellationDates(contract as unknown as ContractRecord, today, 3);
}

describe('two cancellations racing on one contract', () => {
  it('lets exactly one win; the other gets a clear conflict', async () => {
    const [a, b] = await Promise.all([
      cancel(erika.numbers.race, 'SONSTIGES', erika.token),
      cancel(erika.numbers.race, 'SONSTIGES', erika.token),
    ]);
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
    const loser = [a!, b!].find((response) => response.statusCode === 409)!;
    expect(['CONTRACT_CHANGED', 'NOT_CANCELLABLE']).toContain(loser.json().error.code);
    expect(await documentCount(erika.numbers.race)).toBe(1);
  });

  it('refuses a cancellation of a contract that changed since it was read, writing nothing', async () => {
    const db = testApp.database.db;
    const stale = await findContractByNumber({ db, versicherungsNummer: max.numbers.race });
    expect((await cancel(max.numbers.race, 'SONSTIGES', max.token)).statusCode).toBe(200);
    const before = (await listMailboxMessages({ db, partnerId: max.partner.id })).length;
    await expect(
      cancelContractAsRead(
        {
          db,
          files: testApp.app.files,
          transports: createTransports(testApp.config),
          actor: { pool: 'benutzer', userId: max.accountId, username: max.email, partnerId: max.partner.id },
          now: new Date(),
        },
        stale!,
        { versicherungsNummer: max.numbers.race, grund: 'SONSTIGES' },
      ),
    ).rejects.toMatchObject({
      status: 409,
      code: 'CONTRACT_CHANGED',
      userMessage:
        'Der Vertrag wurde zwischenzeitlich geändert. Bitte laden Sie die Seite neu und prüfen Sie Ihre Angaben.',
    });
    expect(await documentCount(max.numbers.race)).toBe(1);
    expect(await listMailboxMessages({ db, partnerId: max.partner.id })).toHaveLength(before);
  });
});

describe('DELETE /api/vertrag/vertrag/:id/widerruf/:reason', () => {
  it('revokes at once with the receipt (date and time) as PDF, in the mailbox and by e-mail', async () => {
    const response = await revoke(erika.numbers.fresh, 'BEREITS_VERSICHERT', erika.token);
    expect(response.statusCode, response.body).toBe(200);
    const receipt = terminationReceiptSchema.parse(response.json());
    expect(receipt).toMatchObject({
      vertragsstatus: 'STORNIERT',
      beendigungsdatum: tomorrow,
      dokument: { name: 'Widerrufsbestätigung' },
    });
    const text = pdfText(await download(receipt.dokument.url, erika.token));
    expect(text).toContain('Eingangsbestätigung Ihres Widerrufs');
    expect(text).toContain(formatDateTime(receipt.eingegangenAm));
    expect(text).toMatch(/\d{2}\.\d{2}\.\d{4} um \d{2}:\d{2} Uhr/);
    expect(text).toContain('Ich bin bereits anderweitig versichert.');
    expect(text).toContain(`Ihr Versicherungsschutz besteht bis einschließlich ${formatDate(today)}.`);
    const mailbox = await listMailboxMessages({ db: testApp.database.db, partnerId: erika.partner.id });
    expect(mailbox[0]).toMatchObject({ documentId: receipt.dokument.id });
    const [mail] = await outboxTo(erika.email);
    expect(mail).toMatchObject({
      subject: `Eingangsbestätigung Ihres Widerrufs – Vertrag ${erika.numbers.fresh}`,
      anhang: { name: `Widerrufsbestätigung ${erika.numbers.fresh}.pdf` },
    });
  });

  it('refuses a contract whose revocation period has ended, naming the day it ended', async () => {
    const response = await revoke(erika.numbers.phvLater, 'SONSTIGES', erika.token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: {
        code: 'NOT_REVOCABLE',
        message: expect.stringMatching(
          /^Die Widerrufsfrist für diesen Vertrag endete am \d{2}\.\d{2}\.\d{4}\.$/,
        ),
      },
    });
  });

  it('refuses a revoked contract, an unknown reason, another customer and no token', async () => {
    expect((await revoke(erika.numbers.fresh, 'SONSTIGES', erika.token)).statusCode).toBe(409);
    const reason = await revoke(max.numbers.bhv, 'UMZUG', max.token);
    expect(reason.statusCode).toBe(400);
    expect(reason.body).toContain('Bitte wählen Sie einen der angebotenen Widerrufsgründe.');
    expect((await revoke(max.numbers.bhv, 'SONSTIGES', erika.token)).statusCode).toBe(404);
    expect((await revoke(max.numbers.bhv, 'SONSTIGES', undefined)).statusCode).toBe(401);
  });
});

describe('POST /api/vertrag/vertrag/confirmation/:partner/:contract', () => {
  it('writes the confirmation as of today with the premium and its tax, offered for download and in the mailbox', async () => {
    const response = await call(
      'POST',
      `/api/vertrag/vertrag/confirmation/${erika.partner.partnerNummer}/${erika.numbers.bhv}`,
      erika.token,
    );
    expect(response.statusCode, response.body).toBe(200);
    const { dokument } = response.json() as { dokument: { id: string; name: string; url: string } };
    expect(dokument.name).toBe('Vertragsbestätigung');
    const text = pdfText(await download(dokument.url, erika.token));
    const contract = await findContractByNumber({
      db: testApp.database.db,
      versicherungsNummer: erika.numbers.bhv,
    });
    expect(text).toContain('Vertragsbestätigung – Betriebshaftpflichtversicherung');
    expect(text).toContain(`Stand vom ${formatDate(today)}`);
    expect(text).toContain('Erika Mustermann');
    expect(text).toContain('Versicherungsteuer (19 %)');
    expect(text).toContain(formatCents(contract!.beitrag.bruttoBeitragProPeriodeCents));
    expect(text).toContain(formatDate(contract!.vertragsBeginn));
    const mailbox = await listMailboxMessages({ db: testApp.database.db, partnerId: erika.partner.id });
    expect(mailbox[0]).toMatchObject({
      subject: `Ihre Vertragsbestätigung – Vertrag ${erika.numbers.bhv}`,
      documentId: dokument.id,
    });
  });

  it("answers 404 for another customer's partner or contract, and 401 without a token", async () => {
    const otherPartner = `/api/vertrag/vertrag/confirmation/${max.partner.partnerNummer}/${max.numbers.bhv}`;
    expect((await call('POST', otherPartner, erika.token)).statusCode).toBe(404);
    const otherContract = `/api/vertrag/vertrag/confirmation/${erika.partner.partnerNummer}/${max.numbers.bhv}`;
    expect((await call('POST', otherContract, erika.token)).statusCode).toBe(404);
    expect((await call('POST', otherPartner)).statusCode).toBe(401);
  });
});

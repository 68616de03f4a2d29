import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractCustomerViewSchema } from '@schirm/domain/contract/customer-view';
import { buildContract } from '../../db/demo/portfolio/contract-factory';
import { quoteBhv, quoteFahrrad } from '../../db/demo/portfolio/quotes';
import { loadIdentityKeys, type IdentityKeys } from '../../platform/auth/keys';
import { createTestApp, type TestApp } from '../../test/test-app';
import { givenAgent, givenPartner, phvContract, uniqueNumber } from '../contracts/fixtures.test-helper';
import type { Partner } from '../contracts/partners-repository';
import { agents } from '../../db/schema/agents';
import { contracts, openPremiums } from '../../db/schema/contracts';
import { findContractByNumber, insertContract, insertContractDocument } from '../contracts/repository';
import { insertAccount, mintAccessToken } from '../identity/identity-test-kit';
import { contractDetailsSchema } from './routes';

let testApp: TestApp;
let keys: IdentityKeys;

interface Customer {
  partner: Partner;
  token: string;
  numbers: { phv: string; bhv: string; fahrrad: string; ended: string };
}
let erika: Customer;
let other: Customer;

async function givenCustomer(email: string): Promise<Customer> {
  const db = testApp.database.db;
  const partner = await givenPartner(db, email);
  const agent = await givenAgent(db);
  const bank = partner.bankverbindung!;
  const phv = phvContract(partner, {
    vermittlerNummer: agent.vermittlerNummer,
    vertragsBeginn: '2025-01-01',
    antragsdatum: '2024-12-20',
    vorgemerkteAenderungen: [
      {
        type: 'zahlweise',
        value: 'JAEHRLICH',
        wirksamkeitsdatum: '2027-01-01',
        createdAt: '2026-11-20T10:00:00.000Z',
      },
    ],
  });
  const bhvQuote = quoteBhv(
    {
      generation: 'BHV_2',
      hauptgewerbe: 'bhv-unternehmensberatung',
      nebengewerbe: ['bhv-werbeagentur'],
      jahresumsatzCents: 25_000_000,
      variante: 'BHV_PREMIUM',
      selbstbeteiligung: 'SB_1000',
      risikofragen: {},
    },
    'HALBJAEHRLICH',
  );
  const bhv = buildContract(bhvQuote, {
    versicherungsNummer: uniqueNumber('8'),
    partnerId: partner.id,
    antragsdatum: '2025-12-20',
    vertragsBeginn: '2026-01-01',
    status: 'LAUFEND',
    bankverbindung: bank,
    offeneBeitraege: [
      {
        art: 'FOLGEBEITRAG',
        faelligAm: '2026-10-01',
        betragCents: bhvQuote.beitrag.bruttoBeitragProPeriodeCents,
        gemahnt: { am: '2026-10-15', zahlungsfristBis: '2026-10-29' },
      },
    ],
  });
  const fahrrad = buildContract(
    quoteFahrrad(
      {
        generation: 'FAHRRAD_2',
        art: 'EBIKE',
        typ: 'MOUNTAINBIKE',
        kaufpreisCents: 420_000,
        kaufdatum: '2025-12-01',
        zustand: 'GEBRAUCHT',
        deckungen: ['FAHRRAD_DECKUNG_DIEBSTAHL', 'FAHRRAD_DECKUNG_SCHUTZBRIEF'],
      },
      { hersteller: 'Cube' },
      'MONATLICH',
      '2025-12-20',
    ),
    {
      versicherungsNummer: uniqueNumber('8'),
      partnerId: partner.id,
      antragsdatum: '2025-12-20',
      vertragsBeginn: '2026-03-01',
      status: 'LAUFEND',
      bankverbindung: bank,
    },
  );
  const ended = phvContract(partner, {
    vertragsBeginn: '2026-06-01',
    antragsdatum: '2026-05-20',
    status: 'STORNIERT',
    beendigung: {
      art: 'WIDERRUF',
      erklaertAm: '2026-06-05',
      zum: '2026-06-01',
      grund: 'SONSTIGES',
    },
  });
  const [phvRow] = await Promise.all(
    [phv, bhv, fahrrad, ended].map((contract) => insertContract({ db, contract })),
  );
  await insertContractDocument({
    db,
    contractId: phvRow!.id,
    name: 'Versicherungsschein',
    typ: 'default',
    storageKey: `vertraege/${phv.versicherungsNummer}/versicherungsschein.pdf`,
  });
  const account = await insertAccount(db, { pool: 'benutzer', email, partnerId: partner.id });
  return {
    partner,
    token: await mintAccessToken(keys, account),
    numbers: {
      phv: phv.versicherungsNummer,
      bhv: bhv.versicherungsNummer,
      fahrrad: fahrrad.versicherungsNummer,
      ended: ended.versicherungsNummer,
    },
  };
}

beforeAll(async () => {
  testApp = await createTestApp();
  keys = loadIdentityKeys(testApp.config);
  erika = await givenCustomer(`erika.${uniqueNumber('1', 8)}@example.com`);
  other = await givenCustomer(`max.${uniqueNumber('1', 8)}@example.com`);
});

afterAll(async () => {
  await testApp.close();
});

const get = (url: string, token?: string) =>
  testApp.app.inject({
    method: 'GET',
    url,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });

describe('GET /api/vertrag/vertrag/findByPartnerNummer/:id', () => {
  it("lists the partner's contracts as customer views, running ones first, newest start first", async () => {
    const response = await get(
      `/api/vertrag/vertrag/findByPartnerNummer/${erika.partner.partnerNummer}`,
      erika.token,
    );
    expect(response.statusCode).toBe(200);
    const body = contractCustomerViewSchema.array().parse(response.json());
    expect(body.map((c) => c.versicherungsNummer)).toEqual([
      erika.numbers.fahrrad,
      erika.numbers.bhv,
      erika.numbers.phv,
      erika.numbers.ended,
    ]);
    const bhv = body[1]!;
    expect(bhv.mahnung).toBe(true);
    expect(bhv.zahlweise).toBe('HALBJAEHRLICH');
    expect(bhv.versicherteGewerbe?.hauptgewerbe.id).toBe('bhv-unternehmensberatung');
    expect(bhv.versicherteGewerbe?.hauptgewerbe.name).not.toBe('bhv-unternehmensberatung');
    expect(bhv.bankverbindung?.iban).toMatch(/\*{4}/);
    expect(body[0]!.fahrrad?.hersteller).toBe('Cube');
    expect(body[3]!.vertragsstatus).toBe('STORNIERT');
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it("answers 404 without data for another partner's number", async () => {
    const response = await get(
      `/api/vertrag/vertrag/findByPartnerNummer/${other.partner.partnerNummer}`,
      erika.token,
    );
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain(other.numbers.phv);
    expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('answers 401 without a token', async () => {
    const response = await get(`/api/vertrag/vertrag/findByPartnerNummer/${erika.partner.partnerNummer}`);
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/vertrag/vertrag/:id', () => {
  it('shows one contract with documents, pending changes and the self-services that apply', async () => {
    const response = await get(`/api/vertrag/vertrag/${erika.numbers.phv}`, erika.token);
    expect(response.statusCode).toBe(200);
    const body = contractDetailsSchema.parse(response.json());
    expect(body.versicherungsName).toBeTruthy();
    expect(body.vermittler?.vermittlerNummer).toMatch(/^47/);
    expect(body.dokumente).toEqual([
      {
        name: 'Versicherungsschein',
        typ: 'default',
        url: expect.stringMatching(/^\/api\/dokument\/download-bereich\/dokumente\/.+/),
      },
    ]);
    expect(body.vorgemerkteZahlweise).toEqual({ value: 'JAEHRLICH', wirksamkeitsdatum: '2027-01-01' });
    expect(body.vorgemerkteAenderungen).toEqual([
      expect.objectContaining({ typ: 'zahlweise', wirksamkeitsdatum: '2027-01-01' }),
    ]);
    expect(body.selbstServices).toContain('zahlungsweise');
    expect(body.selbstServices).toContain('familienstand');
    expect(body.selbstServices).not.toContain('rahmennummer');
  });

  it('shows an overdue premium with its reminder and the account to transfer it to, only while overdue', async () => {
    const overdue = contractDetailsSchema.parse(
      (await get(`/api/vertrag/vertrag/${erika.numbers.bhv}`, erika.token)).json(),
    );
    expect(overdue.mahnung).toBe(true);
    expect(overdue.ueberfaelligeBeitraege).toEqual([
      {
        art: 'FOLGEBEITRAG',
        betrag: overdue.versicherungsPraemie,
        faelligAm: '2026-10-01',
        mahnstufe: 'FRIST_ABGELAUFEN',
        gemahntAm: '2026-10-15',
        zahlungsfristBis: '2026-10-29',
      },
    ]);
    expect(overdue.zahlungsinformationen).toEqual({
      ...testApp.config.beitragskonto,
      verwendungszweck: erika.numbers.bhv,
    });
    expect(overdue.zahlungsinformationen?.iban).toMatch(/^[A-Z]{2}\d{2}[A-Z0-9]+$/);

    const paid = contractDetailsSchema.parse(
      (await get(`/api/vertrag/vertrag/${erika.numbers.phv}`, erika.token)).json(),
    );
    expect(paid.mahnung).toBe(false);
    expect(paid).not.toHaveProperty('ueberfaelligeBeitraege');
    expect(paid).not.toHaveProperty('zahlungsinformationen');
  });

  it('offers no changes on an ended contract', async () => {
    const body = contractDetailsSchema.parse(
      (await get(`/api/vertrag/vertrag/${erika.numbers.ended}`, erika.token)).json(),
    );
    expect(body.selbstServices).toEqual([]);
  });

  it("answers 404 without data for another customer's contract and for an unknown number", async () => {
    for (const number of [other.numbers.bhv, '1000000001']) {
      const response = await get(`/api/vertrag/vertrag/${number}`, erika.token);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('versicherungsPraemie');
    }
  });

  it('rejects a malformed number with a German message', async () => {
    const response = await get('/api/vertrag/vertrag/abc', erika.token);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Die Vertragsnummer hat 9 oder 10 Ziffern.');
  });
});

describe('views read again after a write (view cache, ADR 0010)', () => {
  const listOf = async (customer: Customer) =>
    contractCustomerViewSchema
      .array()
      .parse(
        (
          await get(
            `/api/vertrag/vertrag/findByPartnerNummer/${customer.partner.partnerNummer}`,
            customer.token,
          )
        ).json(),
      );
  const byNumber = <V extends { versicherungsNummer: string }>(views: V[], number: string) =>
    views.find((view) => view.versicherungsNummer === number);

  it('shows a paid premium, a renamed agent and a new document at once', async () => {
    const customer = await givenCustomer(`paula.${uniqueNumber('1', 8)}@example.com`);
    const db = testApp.database.db;
    const first = await listOf(customer);
    expect(byNumber(first, customer.numbers.bhv)?.mahnung).toBe(true);
    const details = contractDetailsSchema.parse(
      (await get(`/api/vertrag/vertrag/${customer.numbers.phv}`, customer.token)).json(),
    );
    expect(details.dokumente).toHaveLength(1);

    const bhv = await findContractByNumber({ db, versicherungsNummer: customer.numbers.bhv });
    await db.delete(openPremiums).where(eq(openPremiums.contractId, bhv!.id));
    await db
      .update(agents)
      .set({ name: 'Agentur Sonnenschein' })
      .where(eq(agents.vermittlerNummer, details.vermittler!.vermittlerNummer));
    const phv = await findContractByNumber({ db, versicherungsNummer: customer.numbers.phv });
    await insertContractDocument({
      db,
      contractId: phv!.id,
      name: 'Vertragsbestätigung',
      typ: 'default',
      storageKey: `vertraege/${customer.numbers.phv}/bestaetigung.pdf`,
    });

    const second = await listOf(customer);
    expect(byNumber(second, customer.numbers.bhv)?.mahnung).toBe(false);
    expect(byNumber(second, customer.numbers.phv)?.vermittler?.name).toBe('Agentur Sonnenschein');
    const detailsAgain = contractDetailsSchema.parse(
      (await get(`/api/vertrag/vertrag/${customer.numbers.phv}`, customer.token)).json(),
    );
    expect(detailsAgain.dokumente.map((d) => d.name)).toEqual(['Versicherungsschein', 'Vertragsbestätigung']);
    expect(detailsAgain.vermittler?.name).toBe('Agentur Sonnenschein');
  });

  it('stops showing a contract to its former holder once it moved to another partner', async () => {
    const from = await givenCustomer(`hans.${uniqueNumber('1', 8)}@example.com`);
    const to = await givenCustomer(`ida.${uniqueNumber('1', 8)}@example.com`);
    expect((await get(`/api/vertrag/vertrag/${from.numbers.fahrrad}`, from.token)).statusCode).toBe(200);
    expect(byNumber(await listOf(from), from.numbers.fahrrad)).toBeDefined();

    await testApp.database.db
      .update(contracts)
      .set({ partnerId: to.partner.id })
      .where(eq(contracts.versicherungsNummer, from.numbers.fahrrad));

    expect((await get(`/api/vertrag/vertrag/${from.numbers.fahrrad}`, from.token)).statusCode).toBe(404);
    expect(byNumber(await listOf(from), from.numbers.fahrrad)).toBeUndefined();
    expect(byNumber(await listOf(to), from.numbers.fahrrad)).toBeDefined();
    expect((await get(`/api/vertrag/vertrag/${from.numbers.fahrrad}`, to.token)).statusCode).toBe(200);
  });
});

describe('GET /api/vertrag/vertrag/:id/vertragsart', () => {
  it('answers without sign-in with the product type only', async () => {
    const response = await get(`/api/vertrag/vertrag/${erika.numbers.bhv}/vertragsart`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ vertragsArt: 'BHV', versicherungsTyp: 'BHV' });
  });

  it('answers 404 for an unknown number', async () => {
    expect((await get('/api/vertrag/vertrag/1000000001/vertragsart')).statusCode).toBe(404);
  });
});

describe('reason lists', () => {
  it('lists the cancellation reasons of a product and rejects an unknown product', async () => {
    const response = await get('/api/vertrag/vertrag/kuendigungsgruende/FAHRRAD', erika.token);
    expect(response.statusCode).toBe(200);
    const reasons = response.json() as { key: string; label: string }[];
    expect(reasons.length).toBeGreaterThan(0);
    expect(reasons.every((r) => r.key.length > 0 && r.label.length > 0)).toBe(true);
    expect((await get('/api/vertrag/vertrag/kuendigungsgruende/AUTO', erika.token)).statusCode).toBe(400);
  });

  it('lists the revocation reasons', async () => {
    const response = await get('/api/vertrag/vertrag/widerrufsgruende', erika.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toContainEqual({ key: 'SONSTIGES', label: 'Sonstiger Grund' });
  });
});

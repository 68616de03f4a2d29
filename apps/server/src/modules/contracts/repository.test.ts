import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PendingChange } from '@schirm/domain/contract/contract-record';
import { mahnung } from '@schirm/domain/contract/overdue';
import type { DatabaseHandle } from '../../db/database';
import { buildContract } from '../../db/demo/portfolio/contract-factory';
import {
  quoteBhv,
  quoteFahrrad,
  quoteHausrat,
  quotePhv,
  quoteReise,
  quoteSi,
  quoteThv,
  quoteVh,
  type ProductQuote,
} from '../../db/demo/portfolio/quotes';
import { contracts, pendingChanges } from '../../db/schema/contracts';
import { AppError } from '../../platform/errors';
import { createTestDatabase } from '../../test/test-database';
import { givenAgent, givenPartner, phvContract, TODAY, uniqueNumber } from './fixtures.test-helper';
import { findAgentWithSubAgents } from './agents-repository';
import { replaceBankAccount, listBankAccounts } from './partners-repository';
import {
  findContractByNumber,
  findContractsByAgent,
  findContractsByPartner,
  findContractsWithAgentsByPartner,
  findContractWithAgentByNumber,
  insertContract,
  insertContractDocument,
  insertPendingChange,
  listContractDocuments,
  listDuePendingChanges,
  listPendingChanges,
  listPremiumHistory,
  updateContractWithVersion,
  type NewContract,
} from './repository';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

const RISIKO_ORT = { plz: '53113', ort: 'Bonn', strasse: 'Kaiserstraße', hausnummer: '12' };

/** One priced quote of every product, for the round trip. */
const QUOTES: Record<string, () => ProductQuote> = {
  PRIVATHAFTPFLICHT: () =>
    quotePhv(
      {
        familienstand: 'FAMILIE',
        variante: 'PHV_PREMIUM',
        selbstbeteiligung: 'SB_250',
        diensthaftpflicht: true,
        schaedenLetzte5Jahre: 0,
      },
      'VIERTELJAEHRLICH',
      'Beamtin im Schuldienst',
    ),
  TIERHALTERHAFTPFLICHT: () =>
    quoteThv(
      {
        hunde: [{ rasse: 'mischling-mittel', mischling: true, mischlingsRasse: 'beagle' }],
        variante: 'THV_KOMFORT',
        selbstbeteiligung: 'SB_KEINE',
      },
      [{ name: 'Paul', chipOrTattoo: '276098100112233' }],
      'JAEHRLICH',
    ),
  HAUSRAT: () =>
    quoteHausrat(
      {
        plz: '50823',
        wohnflaeche: 80,
        deckungen: ['SCHIRM_BASISDECKUNG_HAUSRAT', 'SCHIRM_ELEMENTAR_HAUSRAT'],
        zuersKlasse: 1,
        variante: 'HAUSRAT_PREMIUM',
        selbstbeteiligung: 'SB_500',
      },
      'MONATLICH',
    ),
  FAHRRAD_2: () =>
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
  REISE: () =>
    quoteReise(
      {
        personenkreis: 'PAAR',
        beginn: '2026-02-01',
        ende: '2026-02-14',
        variante: 'REISE_BASIS',
        reisekrankenversicherung: true,
      },
      '2025-12-20',
    ),
  BHV_2: () =>
    quoteBhv(
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
    ),
  VH: () =>
    quoteVh(
      {
        generation: 'VH',
        beruf: 'vh-coaching',
        jahresumsatzCents: 9_000_000,
        variante: 'VH_250',
        selbstbeteiligung: 'SB_KEINE',
        buerohaftpflicht: false,
        phvAnzahl: 'ZWEI',
        risikofragen: {},
      },
      'JAEHRLICH',
    ),
  SI_ALLGEFAHREN: () =>
    quoteSi(
      {
        produkt: 'SI_ALLGEFAHREN',
        versicherungssummeCents: 3_000_000,
        hauptgewerbe: 'si-kanzlei',
        nebengewerbe: [],
        variante: 'SI_KOMPAKT',
        selbstbeteiligung: 'SB_KEINE',
        risikofragen: {},
      },
      RISIKO_ORT,
      'JAEHRLICH',
    ),
  SI_MEHRGEFAHREN: () =>
    quoteSi(
      {
        produkt: 'SI_MEHRGEFAHREN',
        versicherungssummeCents: 12_000_000,
        hauptgewerbe: 'si-buchhandlung',
        nebengewerbe: ['si-buero'],
        variante: 'SI_OPTIMAL',
        selbstbeteiligung: 'SB_5000',
        risikofragen: {},
      },
      RISIKO_ORT,
      'MONATLICH',
    ),
};

const pending = (change: Partial<PendingChange> & Pick<PendingChange, 'type' | 'value'>): PendingChange =>
  ({
    wirksamkeitsdatum: '2026-12-01',
    createdAt: '2026-11-20T08:15:00.000Z',
    ...change,
  }) as PendingChange;

describe('contracts round trip', () => {
  it.each(Object.keys(QUOTES))('stores a %s contract and reads back the same record', async (produkt) => {
    const partner = await givenPartner(database.db);
    const agent = await givenAgent(database.db);
    const quote = QUOTES[produkt]!();
    const contract: NewContract = buildContract(quote, {
      versicherungsNummer: uniqueNumber('8'),
      partnerId: partner.id,
      vermittlerNummer: agent.vermittlerNummer,
      marke: 'HFK',
      antragsdatum: '2025-12-20',
      vertragsBeginn: '2026-01-01',
      status: 'LAUFEND',
      bankverbindung: partner.bankverbindung!,
      offeneBeitraege: [
        {
          art: 'FOLGEBEITRAG',
          faelligAm: '2026-10-01',
          betragCents: quote.beitrag.bruttoBeitragProPeriodeCents || 1,
          gemahnt: { am: '2026-10-15', zahlungsfristBis: '2026-10-29' },
        },
      ],
    });

    const inserted = await insertContract({ db: database.db, contract });
    const read = await findContractByNumber({
      db: database.db,
      versicherungsNummer: contract.versicherungsNummer,
    });

    expect(read).toEqual({ ...contract, id: inserted.id, version: 1, updatedAt: inserted.updatedAt });
    expect(read?.details.produktKey).toBe(quote.details.produktKey);
    expect(mahnung(read!, TODAY)).toBe(true);
  });

  it('keeps pending changes with their premium and an ended contract with its end', async () => {
    const partner = await givenPartner(database.db);
    const contract = phvContract(partner, {
      status: 'AUSLAUFEND',
      beendigung: {
        art: 'KUENDIGUNG',
        durch: 'VERSICHERUNGSNEHMER',
        anlass: 'ORDENTLICH',
        erklaertAm: '2026-11-01',
        zum: '2027-01-01',
        grund: 'GUENSTIGERES_ANGEBOT',
        freitext: 'Wechsel zum Vertrag meines Partners',
      },
      vorgemerkteAenderungen: [
        pending({
          type: 'bankverbindung',
          value: partner.bankverbindung!,
          wirksamkeitsdatum: '2026-11-22',
        }),
      ],
    });
    await insertContract({ db: database.db, contract });
    const read = await findContractByNumber({
      db: database.db,
      versicherungsNummer: contract.versicherungsNummer,
    });
    expect(read?.beendigung).toEqual(contract.beendigung);
    expect(read?.vorgemerkteAenderungen).toEqual(contract.vorgemerkteAenderungen);
  });
});

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('insertContract validation', () => {
  it('rejects product details that break the product schema and stores nothing', async () => {
    const partner = await givenPartner(database.db);
    const contract = phvContract(partner);
    const broken = {
      ...contract,
      details: { produktKey: 'PRIVATHAFTPFLICHT', phv: { familienstand: 'VERHEIRATET' } },
    };

    const error = await rejection(insertContract({ db: database.db, contract: broken as NewContract }));

    expect(error.status).toBe(400);
    expect(error.code).toBe('CONTRACT_INVALID');
    expect(error.fieldErrors?.map((field) => field.path)).toContain('details.phv.familienstand');
    expect(
      await findContractByNumber({ db: database.db, versicherungsNummer: contract.versicherungsNummer }),
    ).toBe(undefined);
  });

  it('rejects the details of another product', async () => {
    const partner = await givenPartner(database.db);
    const bhv = QUOTES.BHV_2!();
    const contract = { ...phvContract(partner), details: bhv.details };

    const error = await rejection(insertContract({ db: database.db, contract }));

    expect(error.fieldErrors?.map((field) => field.path)).toContain('details');
  });

  it('applies the domain rules of the record: a status needs its end', async () => {
    const partner = await givenPartner(database.db);
    const contract = phvContract(partner, { status: 'AUSLAUFEND' });

    const error = await rejection(insertContract({ db: database.db, contract }));

    expect(error.fieldErrors?.map((field) => field.path)).toContain('beendigung');
  });

  it('refuses an unknown agent', async () => {
    const partner = await givenPartner(database.db);
    const error = await rejection(
      insertContract({ db: database.db, contract: phvContract(partner, { vermittlerNummer: '4799999999' }) }),
    );
    expect(error.code).toBe('AGENT_UNKNOWN');
  });

  it('refuses a bank account other than the partner’s current one', async () => {
    const partner = await givenPartner(database.db);
    const other = { ...partner.bankverbindung!, iban: 'DE83100500000190012345' };
    const error = await rejection(
      insertContract({ db: database.db, contract: phvContract(partner, { bankverbindung: other }) }),
    );
    expect(error.code).toBe('BANK_ACCOUNT_MISMATCH');
    expect(error.status).toBe(409);
  });

  it('fails loudly when a stored row breaks the product schema', async () => {
    const partner = await givenPartner(database.db);
    const contract = phvContract(partner);
    await insertContract({ db: database.db, contract });
    await database.db
      .update(contracts)
      .set({ productDetails: { phv: {} } })
      .where(eq(contracts.versicherungsNummer, contract.versicherungsNummer));

    await expect(
      findContractByNumber({ db: database.db, versicherungsNummer: contract.versicherungsNummer }),
    ).rejects.toThrow(/breaks the contract rules: details\.phv\.familienstand/);
  });
});

describe('updateContractWithVersion', () => {
  it('saves a change, moves the version on and records the new premium', async () => {
    const partner = await givenPartner(database.db);
    const stored = await insertContract({ db: database.db, contract: phvContract(partner) });
    const yearly = quotePhv(
      {
        familienstand: 'SINGLE',
        variante: 'PHV_KOMFORT',
        selbstbeteiligung: 'SB_KEINE',
        diensthaftpflicht: false,
        schaedenLetzte5Jahre: 0,
      },
      'JAEHRLICH',
    );

    const result = await updateContractWithVersion({
      db: database.db,
      id: stored.id,
      expectedVersion: 1,
      changes: { zahlweise: 'JAEHRLICH', beitrag: yearly.beitrag, wirksamkeitsdatum: '2027-01-01' },
    });

    expect(result.ok && result.contract.version).toBe(2);
    expect(result.ok && result.contract.zahlweise).toBe('JAEHRLICH');
    expect(await listPremiumHistory({ db: database.db, contractId: stored.id })).toEqual([
      { ...premiumOf(stored), gueltigAb: '2026-01-01', grund: 'VERTRAGSABSCHLUSS' },
      { ...premiumOf({ ...stored, ...yearly }), gueltigAb: '2027-01-01', grund: 'VERTRAGSAENDERUNG' },
    ]);
  });

  it('answers VERSION_CONFLICT for a stale version and leaves the contract as it was', async () => {
    const partner = await givenPartner(database.db);
    const stored = await insertContract({ db: database.db, contract: phvContract(partner) });
    await updateContractWithVersion({
      db: database.db,
      id: stored.id,
      expectedVersion: 1,
      changes: { deckungsVariante: 'PHV_KOMFORT', documentsReceivedOn: '2025-12-23' },
    });

    const stale = await updateContractWithVersion({
      db: database.db,
      id: stored.id,
      expectedVersion: 1,
      changes: { marke: 'HFK' },
    });

    expect(stale).toEqual({ ok: false, reason: 'VERSION_CONFLICT' });
    const read = await findContractByNumber({
      db: database.db,
      versicherungsNummer: stored.versicherungsNummer,
    });
    expect(read?.marke).toBe('SCHIRM');
    expect(read?.version).toBe(2);
  });

  it('lets exactly one of two saves racing on the same version win', async () => {
    const partner = await givenPartner(database.db);
    const stored = await insertContract({ db: database.db, contract: phvContract(partner) });

    const results = await Promise.all(
      (['HFK', 'SCHIRM'] as const).map((marke, index) =>
        updateContractWithVersion({
          db: database.db,
          id: stored.id,
          expectedVersion: 1,
          changes: { marke, documentsReceivedOn: index === 0 ? '2025-12-22' : '2025-12-24' },
        }),
      ),
    );

    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, reason: 'VERSION_CONFLICT' }]);
    const read = await findContractByNumber({
      db: database.db,
      versicherungsNummer: stored.versicherungsNummer,
    });
    expect(read?.version).toBe(2);
  });

  it('answers NOT_FOUND for an unknown contract', async () => {
    const result = await updateContractWithVersion({
      db: database.db,
      id: '00000000-0000-4000-8000-000000000000',
      expectedVersion: 1,
      changes: { marke: 'HFK' },
    });
    expect(result).toEqual({ ok: false, reason: 'NOT_FOUND' });
  });

  it('replaces the unpaid premiums when they are given', async () => {
    const partner = await givenPartner(database.db);
    const stored = await insertContract({
      db: database.db,
      contract: phvContract(partner, {
        offeneBeitraege: [{ art: 'FOLGEBEITRAG', faelligAm: '2026-11-01', betragCents: 1234 }],
      }),
    });
    expect(mahnung(stored, TODAY)).toBe(true);

    const paid = await updateContractWithVersion({
      db: database.db,
      id: stored.id,
      expectedVersion: 1,
      changes: { offeneBeitraege: [] },
    });

    expect(paid.ok && mahnung(paid.contract, TODAY)).toBe(false);
  });
});

function premiumOf(contract: Pick<NewContract, 'zahlweise' | 'beitrag'>) {
  return {
    zahlweise: contract.zahlweise,
    bruttoBeitragProPeriodeCents: contract.beitrag.bruttoBeitragProPeriodeCents,
    nettoJahresbeitragCents: contract.beitrag.nettoJahresbeitragCents,
  };
}

describe('pending changes', () => {
  const paar = quotePhv(
    {
      familienstand: 'PAAR',
      variante: 'PHV_KOMFORT',
      selbstbeteiligung: 'SB_KEINE',
      diensthaftpflicht: false,
      schaedenLetzte5Jahre: 0,
    },
    'MONATLICH',
  );
  const familie = quotePhv(
    {
      familienstand: 'FAMILIE',
      variante: 'PHV_KOMFORT',
      selbstbeteiligung: 'SB_KEINE',
      diensthaftpflicht: false,
      schaedenLetzte5Jahre: 0,
    },
    'MONATLICH',
  );

  it('keeps one open change per type: a new one replaces the old', async () => {
    const partner = await givenPartner(database.db);
    const stored = await insertContract({ db: database.db, contract: phvContract(partner) });

    const first = await insertPendingChange({
      db: database.db,
      contractId: stored.id,
      expectedVersion: 1,
      change: pending({ type: 'familienstand', value: 'PAAR', praemieNachAenderung: paar.beitrag }),
    });
    const second = await insertPendingChange({
      db: database.db,
      contractId: stored.id,
      expectedVersion: 2,
      change: pending({ type: 'familienstand', value: 'FAMILIE', praemieNachAenderung: familie.beitrag }),
    });

    expect(first.ok && second.ok).toBe(true);
    const open = await listPendingChanges({ db: database.db, contractId: stored.id });
    expect(open.map(({ type, value }) => ({ type, value }))).toEqual([
      { type: 'familienstand', value: 'FAMILIE' },
    ]);
    expect(second.ok && second.contract.vorgemerkteAenderungen).toHaveLength(1);
  });

  it('refuses a pending change saved on a stale version', async () => {
    const partner = await givenPartner(database.db);
    const stored = await insertContract({ db: database.db, contract: phvContract(partner) });
    await updateContractWithVersion({
      db: database.db,
      id: stored.id,
      expectedVersion: 1,
      changes: { marke: 'HFK' },
    });

    const result = await insertPendingChange({
      db: database.db,
      contractId: stored.id,
      expectedVersion: 1,
      change: pending({ type: 'familienstand', value: 'PAAR', praemieNachAenderung: paar.beitrag }),
    });

    expect(result).toEqual({ ok: false, reason: 'VERSION_CONFLICT' });
    expect(await listPendingChanges({ db: database.db, contractId: stored.id })).toEqual([]);
  });

  it('lists due changes for the daily job and keeps applied ones as history', async () => {
    const partner = await givenPartner(database.db);
    const stored = await insertContract({ db: database.db, contract: phvContract(partner) });
    const change = pending({
      type: 'familienstand',
      value: 'PAAR',
      wirksamkeitsdatum: '2099-03-01',
      praemieNachAenderung: paar.beitrag,
    });
    await insertPendingChange({ db: database.db, contractId: stored.id, expectedVersion: 1, change });

    const dueBefore = await listDuePendingChanges({ db: database.db, today: '2099-02-28' });
    const dueOn = await listDuePendingChanges({ db: database.db, today: '2099-03-01' });
    expect(dueBefore.filter((due) => due.contractId === stored.id)).toEqual([]);
    expect(dueOn.filter((due) => due.contractId === stored.id)).toEqual([
      {
        contractId: stored.id,
        versicherungsNummer: stored.versicherungsNummer,
        change: { ...change, id: expect.any(String) },
      },
    ]);

    const applied = await updateContractWithVersion({
      db: database.db,
      id: stored.id,
      expectedVersion: 2,
      changes: {
        vorgemerkteAenderungen: [],
        beitrag: paar.beitrag,
        details: paar.details,
        wirksamkeitsdatum: '2099-03-01',
      },
      appliedChangeTypes: ['familienstand'],
    });

    expect(applied.ok && applied.contract.details).toEqual(paar.details);
    expect(await listPendingChanges({ db: database.db, contractId: stored.id })).toEqual([]);
    const history = await listPendingChanges({
      db: database.db,
      contractId: stored.id,
      includeApplied: true,
    });
    expect(history).toEqual([{ ...change, id: expect.any(String), appliedAt: expect.any(String) }]);
    expect(
      (await listDuePendingChanges({ db: database.db, today: '2099-03-01' })).map((due) => due.contractId),
    ).not.toContain(stored.id);
  });

  it('drops a withdrawn change instead of marking it applied', async () => {
    const partner = await givenPartner(database.db);
    const stored = await insertContract({
      db: database.db,
      contract: phvContract(partner, {
        vorgemerkteAenderungen: [
          pending({ type: 'familienstand', value: 'PAAR', praemieNachAenderung: paar.beitrag }),
        ],
      }),
    });

    await updateContractWithVersion({
      db: database.db,
      id: stored.id,
      expectedVersion: 1,
      changes: { vorgemerkteAenderungen: [] },
    });

    expect(
      await listPendingChanges({ db: database.db, contractId: stored.id, includeApplied: true }),
    ).toEqual([]);
  });

  it('is guarded by the database too: a second open change of a type is refused', async () => {
    const partner = await givenPartner(database.db);
    const stored = await insertContract({
      db: database.db,
      contract: phvContract(partner, {
        vorgemerkteAenderungen: [
          pending({ type: 'familienstand', value: 'PAAR', praemieNachAenderung: paar.beitrag }),
        ],
      }),
    });

    const error = await database.db
      .insert(pendingChanges)
      .values({
        contractId: stored.id,
        typ: 'familienstand',
        wert: 'FAMILIE',
        wirksamkeitsdatum: '2026-12-01',
      })
      .then(
        () => undefined,
        (caught: unknown) => caught as Error & { cause?: Error },
      );

    expect(`${error?.message} ${error?.cause?.message}`).toMatch(/pending_changes_one_open_per_type/);
  });
});

describe('finders', () => {
  it('finds the contracts of a partner only', async () => {
    const partner = await givenPartner(database.db);
    const other = await givenPartner(database.db);
    const mine = [phvContract(partner), phvContract(partner)];
    for (const contract of [...mine, phvContract(other)]) await insertContract({ db: database.db, contract });

    const found = await findContractsByPartner({ db: database.db, partnerId: partner.id });

    expect(found.map((contract) => contract.versicherungsNummer)).toEqual(
      mine.map((contract) => contract.versicherungsNummer).sort(),
    );
  });

  it('reads a partner’s contracts for the customer views with their agent, as the plain finders do', async () => {
    const partner = await givenPartner(database.db);
    const agent = await givenAgent(database.db);
    const withAgent = phvContract(partner, {
      vermittlerNummer: agent.vermittlerNummer,
      vorgemerkteAenderungen: [
        pending({ type: 'zahlweise', value: 'JAEHRLICH', wirksamkeitsdatum: '2027-01-01' }),
        pending({ type: 'familienstand', value: 'PAAR', wirksamkeitsdatum: '2026-12-01' }),
      ],
      offeneBeitraege: [
        { art: 'FOLGEBEITRAG', faelligAm: '2026-11-01', betragCents: 1234 },
        { art: 'FOLGEBEITRAG', faelligAm: '2026-10-01', betragCents: 1234 },
      ],
    });
    const withoutAgent = phvContract(partner);
    for (const contract of [withAgent, withoutAgent, phvContract(await givenPartner(database.db))]) {
      await insertContract({ db: database.db, contract });
    }

    const found = await findContractsWithAgentsByPartner({ db: database.db, partnerId: partner.id });
    const one = await findContractWithAgentByNumber({
      db: database.db,
      versicherungsNummer: withAgent.versicherungsNummer,
    });

    expect(found.map((row) => row.contract)).toEqual(
      await findContractsByPartner({ db: database.db, partnerId: partner.id }),
    );
    const contact = {
      vermittlerNummer: agent.vermittlerNummer,
      name: agent.name,
      email: agent.email,
      vertriebsweg: agent.vertriebsweg,
    };
    expect(found.map((row) => row.agent)).toEqual([contact, undefined]);
    expect(one).toEqual({
      contract: await findContractByNumber({
        db: database.db,
        versicherungsNummer: withAgent.versicherungsNummer,
      }),
      agent: contact,
    });
    expect(one?.contract.vorgemerkteAenderungen.map((change) => change.type)).toEqual([
      'familienstand',
      'zahlweise',
    ]);
    expect(one?.contract.offeneBeitraege.map((item) => item.faelligAm)).toEqual(['2026-10-01', '2026-11-01']);
    expect(
      await findContractWithAgentByNumber({ db: database.db, versicherungsNummer: '8999999999' }),
    ).toBeUndefined();
  });

  it('pages through the contracts of an agent and every agent below it', async () => {
    const root = await givenAgent(database.db);
    const child = await givenAgent(database.db, root);
    const grandchild = await givenAgent(database.db, child);
    const stranger = await givenAgent(database.db);
    const partner = await givenPartner(database.db);
    const expected: string[] = [];
    for (const agent of [root, root, child, grandchild, grandchild, stranger]) {
      const contract = phvContract(partner, { vermittlerNummer: agent.vermittlerNummer });
      await insertContract({ db: database.db, contract });
      if (agent !== stranger) expected.push(contract.versicherungsNummer);
    }

    const hierarchy = await findAgentWithSubAgents({ db: database.db, agentId: root.id });
    const agentIds = [root.id, ...(hierarchy?.subAgents ?? []).map((agent) => agent.id)];
    const page1 = await findContractsByAgent({ db: database.db, agentIds, page: 1, pageSize: 2 });
    const page3 = await findContractsByAgent({ db: database.db, agentIds, page: 3, pageSize: 2 });
    const all = await findContractsByAgent({ db: database.db, agentIds, page: 1, pageSize: 10 });

    expect(hierarchy?.subAgents.map((agent) => [agent.vermittlerNummer, agent.depth])).toEqual([
      [child.vermittlerNummer, 1],
      [grandchild.vermittlerNummer, 2],
    ]);
    expect(page1.total).toBe(5);
    expect(page1.items.map((contract) => contract.versicherungsNummer)).toEqual(expected.slice(0, 2));
    expect(page3.items.map((contract) => contract.versicherungsNummer)).toEqual(expected.slice(4));
    expect(all.items.map((contract) => contract.vermittlerNummer)).not.toContain(stranger.vermittlerNummer);
  });

  it('refuses page sizes the portal must not ask for', async () => {
    await expect(
      findContractsByAgent({ db: database.db, agentIds: [], page: 0, pageSize: 10 }),
    ).rejects.toThrow(RangeError);
    await expect(
      findContractsByAgent({ db: database.db, agentIds: [], page: 1, pageSize: 201 }),
    ).rejects.toThrow(RangeError);
  });
});

describe('bank accounts of contracts', () => {
  it('moves the contracts to the partner’s new account and keeps the old one as history', async () => {
    const partner = await givenPartner(database.db);
    const stored = await insertContract({ db: database.db, contract: phvContract(partner) });
    const neu = {
      ...partner.bankverbindung!,
      iban: 'DE83100500000190012345',
      bic: 'BELADEBEXXX',
      sepaMandat: {
        ...partner.bankverbindung!.sepaMandat,
        mandatsreferenz: 'SCHIRM-NEU-02',
        erteiltAm: '2026-11-20',
      },
    };

    await replaceBankAccount({
      db: database.db,
      partnerId: partner.id,
      bankverbindung: neu,
      gueltigAb: '2026-12-01',
    });

    const read = await findContractByNumber({
      db: database.db,
      versicherungsNummer: stored.versicherungsNummer,
    });
    expect(read?.bankverbindung).toEqual(neu);
    expect(read?.version).toBe(2);
    const history = await listBankAccounts({ db: database.db, partnerId: partner.id });
    expect(history.map(({ iban, gueltigAb, gueltigBis }) => ({ iban, gueltigAb, gueltigBis }))).toEqual([
      { iban: partner.bankverbindung!.iban, gueltigAb: '2023-01-01', gueltigBis: '2026-12-01' },
      { iban: neu.iban, gueltigAb: '2026-12-01', gueltigBis: undefined },
    ]);
  });
});

describe('contract documents', () => {
  it('lists the documents recorded for a contract', async () => {
    const partner = await givenPartner(database.db);
    const stored = await insertContract({ db: database.db, contract: phvContract(partner) });
    const policy = await insertContractDocument({
      db: database.db,
      contractId: stored.id,
      name: 'Versicherungsschein.pdf',
      typ: 'default',
      storageKey: `contracts/${stored.id}/versicherungsschein.pdf`,
    });

    expect(await listContractDocuments({ db: database.db, contractId: stored.id })).toEqual([policy]);
    expect(policy).toMatchObject({ name: 'Versicherungsschein.pdf', typ: 'default' });
  });
});

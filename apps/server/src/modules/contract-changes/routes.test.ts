// The self-service change calls on the curated demo portfolio: preview premium = saved premium =
// the domain tariff for every change type, the pending entry on the contract, the daily job, and
// the refusals (stale preview, racing saves, pages a contract does not offer, other customers).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToEuro } from '@schirm/domain/contract/amounts';
import { applyChange, effectiveDate, projectRecord } from '@schirm/domain/contract/pending-changes';
import type { PendingChange } from '@schirm/domain/contract/contract-record';
import { priceContract } from '@schirm/domain/contract/repricing';
import { finalState } from '@schirm/domain/contract/change-plan';
import { addDays, addMonths, dateParts, makeDate, todayInGermany } from '@schirm/domain/dates/calendar-date';
import { JAHRESUMSATZ_RANGE, VERSICHERUNGSSUMME_RANGE } from '@schirm/domain/validation/amounts';
import { DEMO_CUSTOMERS } from '../../db/demo/portfolio/demo-people';
import { seedCuratedPortfolio } from '../../db/demo/portfolio/curated';
import { partners } from '../../db/schema/partners';
import { loadIdentityKeys } from '../../platform/auth/keys';
import { createTestApp, type TestApp } from '../../test/test-app';
import { findContractByNumber } from '../contracts/repository';
import { listTasksByContract } from '../contracts/tasks-repository';
import { insertAccount, mintAccessToken } from '../identity/identity-test-kit';
import { applyDuePendingChanges } from './service';

let testApp: TestApp;
const tokens: Record<string, string> = {};
const today = todayInGermany();
/** The first of the month three months from now: a valid requested date on any day the suite runs. */
const firstInThreeMonths = (() => {
  const { year, month } = dateParts(addMonths(today, 3));
  return makeDate(year, month, 1);
})();

type Person = keyof typeof DEMO_CUSTOMERS;

async function tokenOf(person: Person): Promise<string> {
  const cached = tokens[person];
  if (cached) return cached;
  const db = testApp.database.db;
  const [partner] = await db
    .select()
    .from(partners)
    .where(eq(partners.partnerNummer, DEMO_CUSTOMERS[person].partnerNummer));
  const account = await insertAccount(db, {
    pool: 'benutzer',
    email: `aenderung.${DEMO_CUSTOMERS[person].partnerNummer}@example.com`,
    partnerId: partner!.id,
  });
  const token = await mintAccessToken(loadIdentityKeys(testApp.config), account);
  tokens[person] = token;
  return token;
}

async function call(
  method: 'POST' | 'PATCH',
  person: Person,
  path: string,
  payload: object,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await testApp.app.inject({
    method,
    url: `/api/vertrag/vertrag/${path}`,
    payload,
    headers: { authorization: `Bearer ${await tokenOf(person)}` },
  });
  return { status: response.statusCode, body: response.json() };
}

interface PremiumView {
  beitragProPeriode: number;
  versicherungsteuerProPeriode: number;
  nettoProPeriode: number;
  zahlweise: string;
}

/** The preview's step for the change itself: its date and the premium from that day. */
function ownStep(body: Record<string, unknown>): { wirksamkeitsdatum: string; beitrag: PremiumView } {
  const steps = body.zeitplan as { art: string; wirksamkeitsdatum: string; beitrag: PremiumView }[];
  const own = steps.find((step) => step.art === 'diese');
  if (!own) throw new Error(`no own step in ${JSON.stringify(body)}`);
  return own;
}

async function contract(nummer: string) {
  const found = await findContractByNumber({ db: testApp.database.db, versicherungsNummer: nummer });
  if (!found) throw new Error(`no contract ${nummer}`);
  return found;
}

beforeAll(async () => {
  testApp = await createTestApp();
  await seedCuratedPortfolio({ db: testApp.database.db, today });
});

afterAll(async () => {
  await testApp.close();
});

const anna = DEMO_CUSTOMERS.annaSchneider.contracts;
const markus = DEMO_CUSTOMERS.weberDigital.contracts;

/** One change per type on a contract that offers it: [label, person, contract, path, body, the domain change]. */
type Case = [
  string,
  Person,
  string,
  string,
  Record<string, unknown>,
  Omit<PendingChange, 'wirksamkeitsdatum' | 'createdAt'>,
];
const jonas = DEMO_CUSTOMERS.jonasBecker.contracts;
const KOELN = { plz: '50667', ort: 'Köln', strasse: 'Hohe Straße', hausnummer: '8' };
const CASES: Case[] = [
  [
    'payment period (PHV)',
    'annaSchneider',
    anna.phv,
    'beitrag/zahlweise',
    { zahlweise: 'JAEHRLICH' },
    { type: 'zahlweise', value: 'JAEHRLICH' },
  ],
  [
    'deductible (Hausrat)',
    'annaSchneider',
    anna.hausrat,
    'beitrag/selbstbeteiligung',
    { selbstbeteiligung: 'SB_500' },
    { type: 'selbstbeteiligung', value: 'SB_500' },
  ],
  [
    'family status (PHV)',
    'annaSchneider',
    anna.phv,
    'beitrag/phv/familienstand',
    { familienstand: 'FAMILIE' },
    { type: 'familienstand', value: 'FAMILIE' },
  ],
  [
    'coverage variant (PHV)',
    'annaSchneider',
    anna.phv,
    'deckung',
    { deckungsVariante: 'PHV_PREMIUM' },
    { type: 'deckung', value: { deckungsVariante: 'PHV_PREMIUM' } },
  ],
  [
    'coverage package (Fahrrad): the package’s covers come with it',
    'annaSchneider',
    anna.fahrrad,
    'deckung',
    { deckungsVariante: 'FAHRRAD_PREMIUM' },
    { type: 'deckung', value: { deckungsVariante: 'FAHRRAD_PREMIUM' } },
  ],
  [
    'private liability count (VH)',
    'weberDigital',
    markus.vhBeratung,
    'beitrag/phv',
    { phvAnzahl: 'DREI' },
    { type: 'phvAnzahl', value: 'DREI' },
  ],
  [
    'office liability (VH)',
    'weberDigital',
    markus.vhBeratung,
    'beitrag/buerohaftpflicht',
    { buerohaftpflicht: true },
    { type: 'buerohaftpflicht', value: true },
  ],
  [
    'revenue (BHV)',
    'weberDigital',
    markus.bhv,
    'jahresumsatz',
    { jahresumsatz: '410.000,00' },
    { type: 'jahresumsatz', value: 41_000_000 },
  ],
  [
    'business types (SI)',
    'weberDigital',
    markus.siAllgefahren,
    'betriebsart',
    { hauptgewerbe: 'si-buero', nebengewerbe: ['si-apotheke'] },
    { type: 'gewerbearten', value: { hauptgewerbe: 'si-buero', nebengewerbe: ['si-apotheke'] } },
  ],
  [
    'insured sum (SI)',
    'weberDigital',
    markus.siAllgefahren,
    'versicherungssumme',
    { wirksamkeitsdatum: firstInThreeMonths, value: '120.000,00' },
    { type: 'versicherungssumme', value: 12_000_000 },
  ],
  [
    'move of the office (SI)',
    'weberDigital',
    markus.siAllgefahren,
    'beitrag/risikoort',
    { risikoOrt: KOELN, wunschdatum: firstInThreeMonths },
    { type: 'risikoort', value: KOELN },
  ],
  [
    'elementary cover (Hausrat)',
    'jonasBecker',
    jonas.hausrat,
    'beitrag/elementar',
    { elementar: true },
    { type: 'elementar', value: true },
  ],
  [
    'Hausrat covers',
    'jonasBecker',
    jonas.hausrat,
    'deckung',
    { hausratDeckungen: ['SCHIRM_BASISDECKUNG_HAUSRAT', 'SCHIRM_GLASBRUCH_HAUSRAT'] },
    {
      type: 'deckung',
      value: { hausratDeckungen: ['SCHIRM_BASISDECKUNG_HAUSRAT', 'SCHIRM_GLASBRUCH_HAUSRAT'] },
    },
  ],
];

// Before the revenue case below saves a new revenue on the same contract (which reports it too).
describe('confirming the annual revenue unchanged', () => {
  const confirm = async (person: Person, nummer: string, payload?: { version: number }) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/vertrag/vertrag/jahresumsatz/${nummer}/bestaetigen`,
      headers: { authorization: `Bearer ${await tokenOf(person)}` },
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  };
  const revenueDetails = (record: Awaited<ReturnType<typeof contract>>) => {
    if (record.details.produktKey !== 'BHV') throw new Error('not a BHV contract');
    return record.details;
  };

  it('records the report day, leaves revenue and premium alone and closes the open reminder', async () => {
    const before = await contract(markus.bhv);
    expect(revenueDetails(before).jahresumsatzGemeldetAm).not.toBe(today);
    const openBefore = (await listTasksByContract({ db: testApp.database.db, contractId: before.id })).filter(
      (task) => task.status === 'Offen',
    );
    expect(openBefore.map((task) => task.typ)).toEqual(['UmsatzErinnern1']);

    const response = await confirm('weberDigital', markus.bhv);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({
      versicherungsNummer: markus.bhv,
      version: before.version + 1,
      jahresumsatz: centsToEuro(revenueDetails(before).jahresumsatz.value),
      jahresumsatzGemeldetAm: today,
    });

    const after = await contract(markus.bhv);
    expect(after.version).toBe(before.version + 1);
    expect(revenueDetails(after).jahresumsatzGemeldetAm).toBe(today);
    expect(revenueDetails(after).jahresumsatz).toEqual(revenueDetails(before).jahresumsatz);
    expect(after.beitrag).toEqual(before.beitrag);
    expect(after.vorgemerkteAenderungen).toEqual(before.vorgemerkteAenderungen);
    const tasks = await listTasksByContract({ db: testApp.database.db, contractId: before.id });
    expect(tasks.find((task) => task.id === openBefore[0]!.id)).toMatchObject({
      status: 'Erledigt',
      erledigtAm: today,
    });
    expect(tasks.filter((task) => task.status === 'Offen')).toEqual([]);
  });

  it('lets exactly one of two confirmations of one contract version through; the other gets a conflict', async () => {
    const before = await contract(markus.bhv);
    const { version } = before;
    const results = await Promise.all([
      confirm('weberDigital', markus.bhv, { version }),
      confirm('weberDigital', markus.bhv, { version }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body).toMatchObject({
      error: { code: 'CONTRACT_CHANGED', message: expect.stringMatching(/geändert/) },
    });
    expect((await contract(markus.bhv)).version).toBe(before.version + 1);
  });

  it('refuses contracts without revenue and other customers’ contracts', async () => {
    const phv = await confirm('annaSchneider', anna.phv);
    expect(phv.status).toBe(422);
    expect(phv.body).toMatchObject({ error: { code: 'SELF_SERVICE_NOT_OFFERED' } });
    const foreign = await confirm('annaSchneider', markus.bhv);
    expect(foreign.status).toBe(404);
    const malformed = await confirm('weberDigital', '12ab');
    expect(malformed.status).toBe(400);
  });
});

describe('preview and save: preview premium = saved premium = domain tariff', () => {
  it.each(CASES)('%s', async (_label, person, nummer, path, body, domainChange) => {
    const before = await contract(nummer);
    const preview = await call('POST', person, `${path}/${nummer}`, body);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);

    const wunschdatum =
      'wunschdatum' in body
        ? String(body.wunschdatum)
        : 'wirksamkeitsdatum' in body
          ? String(body.wirksamkeitsdatum)
          : undefined;
    const date = effectiveDate(before, domainChange.type, today, wunschdatum);
    expect(date.ok && preview.body.wirksamkeitsdatum).toBe(date.ok && date.value);
    // The tariff on the contract as it will stand that day: earlier pending changes included.
    const change = {
      ...domainChange,
      wirksamkeitsdatum: String(preview.body.wirksamkeitsdatum),
      createdAt: new Date().toISOString(),
    } as PendingChange;
    const tariff = priceContract(
      applyChange(projectRecord(before, change.wirksamkeitsdatum, change.type), change),
    );
    if (!tariff.ok) throw new Error(tariff.error.message);
    // The premium from the change's own day is the step 'diese' of the timeline …
    const own = ownStep(preview.body);
    expect(own.beitrag.beitragProPeriode).toBe(
      centsToEuro(tariff.value.beitrag.bruttoBeitragProPeriodeCents),
    );
    expect(Math.round((own.beitrag.nettoProPeriode + own.beitrag.versicherungsteuerProPeriode) * 100)).toBe(
      tariff.value.beitrag.bruttoBeitragProPeriodeCents,
    );
    const neu = preview.body.neuerBeitrag as { beitragProPeriode: number };

    // A preview that replaces a pending change names it, and the save must confirm it.
    const replaced = preview.body.ersetzteVormerkungen as { typ: string; bezeichnung: string }[];
    const savePayload = {
      ...body,
      version: preview.body.version,
      erwarteterBeitrag: neu.beitragProPeriode,
    };
    if (replaced.length > 0) {
      const unconfirmed = await call('PATCH', person, `${path}/${nummer}`, savePayload);
      expect(unconfirmed.status).toBe(422);
      expect(unconfirmed.body).toMatchObject({
        error: {
          code: 'REPLACEMENT_NOT_CONFIRMED',
          message: expect.stringContaining(replaced[0]!.bezeichnung),
        },
      });
      expect((await contract(nummer)).vorgemerkteAenderungen).toEqual(before.vorgemerkteAenderungen);
    }
    const saved = await call('PATCH', person, `${path}/${nummer}`, {
      ...savePayload,
      ...(replaced.length > 0 ? { vormerkungenErsetzen: true } : {}),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await contract(nummer);
    const pending = after.vorgemerkteAenderungen.find((c) => c.type === domainChange.type);
    expect(pending?.wirksamkeitsdatum).toBe(preview.body.wirksamkeitsdatum);
    expect(pending?.praemieNachAenderung).toEqual(tariff.value.beitrag);
    expect(after.beitrag).toEqual(before.beitrag);
    expect(after.version).toBe(before.version + 1);
    // … and the new premium is the contract once every pending change and this one applied.
    const final = priceContract(finalState(after));
    if (!final.ok) throw new Error(final.error.message);
    expect(neu.beitragProPeriode).toBe(centsToEuro(final.value.beitrag.bruttoBeitragProPeriodeCents));
    expect(finalState(after).beitrag).toEqual(final.value.beitrag);

    const details = await testApp.app.inject({
      url: `/api/vertrag/vertrag/${nummer}`,
      headers: { authorization: `Bearer ${await tokenOf(person)}` },
    });
    expect(details.json().vorgemerkteAenderungen).toContainEqual(
      expect.objectContaining({
        typ: domainChange.type,
        wirksamkeitsdatum: preview.body.wirksamkeitsdatum,
        neuerBeitrag: own.beitrag.beitragProPeriode,
      }),
    );
  });
});

describe('refusals', () => {
  it('refuses a save on a contract that changed since the preview (stale preview)', async () => {
    const nummer = anna.hausrat;
    const preview = await call('POST', 'annaSchneider', `beitrag/zahlweise/${nummer}`, {
      zahlweise: 'VIERTELJAEHRLICH',
    });
    expect(preview.status).toBe(200);
    const stale = await call('PATCH', 'annaSchneider', `beitrag/zahlweise/${nummer}`, {
      zahlweise: 'VIERTELJAEHRLICH',
      version: Number(preview.body.version) + 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ error: { code: 'CONTRACT_CHANGED' } });
  });

  it('refuses a save whose previewed premium no longer holds', async () => {
    const nummer = anna.hausrat;
    const preview = await call('POST', 'annaSchneider', `beitrag/zahlweise/${nummer}`, {
      zahlweise: 'HALBJAEHRLICH',
    });
    const wrong = await call('PATCH', 'annaSchneider', `beitrag/zahlweise/${nummer}`, {
      zahlweise: 'HALBJAEHRLICH',
      version: preview.body.version,
      erwarteterBeitrag: 1.23,
    });
    expect(wrong.status).toBe(409);
    expect(wrong.body).toMatchObject({
      error: { code: 'PREVIEW_OUTDATED', message: expect.stringContaining('Beitrag hat sich') },
    });
  });

  it('lets exactly one of two racing saves win; the other gets a clear conflict', async () => {
    const nummer = markus.bhv;
    const preview = await call('POST', 'weberDigital', `beitrag/zahlweise/${nummer}`, {
      zahlweise: 'HALBJAEHRLICH',
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const results = await Promise.all(
      (['HALBJAEHRLICH', 'MONATLICH'] as const).map((zahlweise) =>
        call('PATCH', 'weberDigital', `beitrag/zahlweise/${nummer}`, {
          zahlweise,
          version: preview.body.version,
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect(loser.body).toMatchObject({
      error: { code: 'CONTRACT_CHANGED', message: expect.stringMatching(/geändert/) },
    });
    const after = await contract(nummer);
    expect(after.vorgemerkteAenderungen.filter((c) => c.type === 'zahlweise')).toHaveLength(1);
  });

  it('refuses a change the contract does not offer', async () => {
    const response = await call('POST', 'annaSchneider', `beitrag/phv/${anna.phv}`, { phvAnzahl: 'EINS' });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ error: { code: 'SELF_SERVICE_NOT_OFFERED' } });
  });

  it('answers 404 for another customer’s contract and 400 with German field errors for bad input', async () => {
    const foreign = await call('POST', 'annaSchneider', `beitrag/zahlweise/${markus.bhv}`, {
      zahlweise: 'MONATLICH',
    });
    expect(foreign.status).toBe(404);
    const bad = await call('POST', 'annaSchneider', `beitrag/zahlweise/${anna.phv}`, {
      zahlweise: 'WOECHENTLICH',
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Bitte wählen Sie eine Zahlweise.');
  });

  it('refuses implausible amounts with the rule the forms use, naming the limit', async () => {
    const revenue = await call('POST', 'weberDigital', `jahresumsatz/${markus.bhv}`, {
      jahresumsatz: '12,5',
    });
    expect(revenue.status).toBe(400);
    expect(JSON.stringify(revenue.body)).toContain(JAHRESUMSATZ_RANGE.tooSmall);
    const sum = await call('POST', 'weberDigital', `versicherungssumme/${markus.siAllgefahren}`, {
      wirksamkeitsdatum: addMonths(todayInGermany(), 1),
      value: '12,50',
    });
    expect(sum.status).toBe(400);
    expect(JSON.stringify(sum.body)).toContain(VERSICHERUNGSSUMME_RANGE.tooSmall);
  });

  it('shows the tariff’s reason as data when a revenue is not insurable online', async () => {
    const response = await call('POST', 'weberDigital', `jahresumsatz/${markus.bhv}`, {
      jahresumsatz: '90.000.000,00',
    });
    expect(response.status).toBe(200);
    expect(response.body.fehlermeldung).toEqual(expect.any(String));
    expect(response.body.neuerBeitrag).toBeUndefined();
  });
});

describe('changes without premium effect apply at once', () => {
  it('replaces the bank account with a new SEPA mandate', async () => {
    const nummer = anna.phv;
    const invalid = await call('POST', 'annaSchneider', `bankverbindung/${nummer}`, {
      iban: 'DE00370400440532013001',
      kontoinhaber: 'Anna Schneider',
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({
      error: { fieldErrors: [{ path: 'iban', message: expect.stringMatching(/IBAN/) }] },
    });
    const valid = await call('POST', 'annaSchneider', `bankverbindung/${nummer}`, {
      iban: 'DE62 3704 0044 0532 0130 01',
      kontoinhaber: 'Anna Schneider',
    });
    expect(valid.status, JSON.stringify(valid.body)).toBe(200);
    expect(valid.body.neuerBeitrag).toBeUndefined();
    expect(valid.body.wirksamkeitsdatum).toBe(today);
    const saved = await call('PATCH', 'annaSchneider', `bankverbindung/${nummer}`, {
      iban: 'DE62370400440532013001',
      kontoinhaber: 'Anna Schneider',
      version: valid.body.version,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await contract(nummer);
    expect(after.bankverbindung).toMatchObject({
      iban: 'DE62370400440532013001',
      bic: 'COBADEFFXXX',
      kontoinhaber: 'Anna Schneider',
      sepaMandat: { glaeubigerId: 'DE98ZZZ09999999999', erteiltAm: today },
    });
    expect(after.vorgemerkteAenderungen.some((c) => c.type === 'bankverbindung')).toBe(false);
  });
});

describe('the daily job', () => {
  it('applies a pending change on its effective date: new premium, change no longer pending', async () => {
    const nummer = DEMO_CUSTOMERS.jonasBecker.contracts.phv;
    const preview = await call('POST', 'jonasBecker', `beitrag/phv/familienstand/${nummer}`, {
      familienstand: 'SINGLE',
    });
    if (preview.status !== 200) {
      // Jonas may already be single: then ask for the family tariff.
      expect(preview.body).toMatchObject({ error: { code: 'NO_CHANGE' } });
    }
    const body = preview.status === 200 ? { familienstand: 'SINGLE' } : { familienstand: 'FAMILIE' };
    const ready =
      preview.status === 200
        ? preview
        : await call('POST', 'jonasBecker', `beitrag/phv/familienstand/${nummer}`, body);
    const saved = await call('PATCH', 'jonasBecker', `beitrag/phv/familienstand/${nummer}`, {
      ...body,
      version: ready.body.version,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const day = String(saved.body.wirksamkeitsdatum);

    await applyDuePendingChanges({ db: testApp.database.db, today: addDays(day, -1) });
    expect((await contract(nummer)).vorgemerkteAenderungen.some((c) => c.type === 'familienstand')).toBe(
      true,
    );

    await applyDuePendingChanges({ db: testApp.database.db, today: day });
    const after = await contract(nummer);
    expect(after.vorgemerkteAenderungen.some((c) => c.type === 'familienstand')).toBe(false);
    expect(after.details.produktKey === 'PRIVATHAFTPFLICHT' && after.details.phv.familienstand).toBe(
      body.familienstand,
    );
    expect(centsToEuro(after.beitrag.bruttoBeitragProPeriodeCents)).toBe(
      (saved.body.neuerBeitrag as { beitragProPeriode: number }).beitragProPeriode,
    );
    expect(after.wirksamkeitsdatum).toBe(day);
  });

  it('gives a Fahrrad contract the chosen package’s covers, which the customer view shows', async () => {
    const nummer = DEMO_CUSTOMERS.sophieLehmann.contracts.fahrrad;
    const view = async () =>
      (
        await testApp.app.inject({
          url: `/api/vertrag/vertrag/${nummer}`,
          headers: { authorization: `Bearer ${await tokenOf('sophieLehmann')}` },
        })
      ).json() as {
        deckungsIdentifier: string;
        fahrrad: { versicherteRisiken: Record<string, boolean> };
        versicherungsPraemie: number;
      };
    const before = await view();
    expect(before.deckungsIdentifier).toBe('FAHRRAD_PREMIUM');

    const body = { deckungsVariante: 'FAHRRAD_KOMFORT' };
    const preview = await call('POST', 'sophieLehmann', `deckung/${nummer}`, body);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const neu = preview.body.neuerBeitrag as { beitragProPeriode: number };
    const saved = await call('PATCH', 'sophieLehmann', `deckung/${nummer}`, {
      ...body,
      version: preview.body.version,
      erwarteterBeitrag: neu.beitragProPeriode,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // Pending until the first of next month: the covers stay as they are.
    expect((await view()).fahrrad.versicherteRisiken).toEqual(before.fahrrad.versicherteRisiken);

    await applyDuePendingChanges({ db: testApp.database.db, today: String(saved.body.wirksamkeitsdatum) });
    const after = await view();
    expect(after.deckungsIdentifier).toBe('FAHRRAD_KOMFORT');
    expect(after.fahrrad.versicherteRisiken).toEqual({
      diebstahl: true,
      reparatur: false,
      reparaturOhneVerschleiss: true,
      schutzbrief: false,
    });
    expect(after.versicherungsPraemie).toBe(neu.beitragProPeriode);
    const record = await contract(nummer);
    const tariff = priceContract(record);
    expect(tariff.ok && tariff.value.beitrag).toEqual(record.beitrag);
  });
});

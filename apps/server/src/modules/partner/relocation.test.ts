// Meine Daten and reporting a move on the curated demo portfolio (issue 12, ADR 0019): the master
// data of a person and a firm; a move previews every running contract (those insured at the home
// address with the same figures as the single risk-address change, the others unchanged); the save
// writes the new address and every contract's change in one transaction or nothing at all; a second
// save of the same move is a 409; another customer's data stays out of reach; implausible dates are
// refused with the range in German.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, addMonths, todayInGermany } from '@schirm/domain/dates/calendar-date';
import { moveDateRange, moveDateProblem } from '@schirm/domain/partner/relocation';
import { DEMO_CUSTOMERS } from '../../db/demo/portfolio/demo-people';
import { seedCuratedPortfolio } from '../../db/demo/portfolio/curated';
import { contracts } from '../../db/schema/contracts';
import { outboxMessages } from '../../db/schema/outbox';
import { addresses, partners } from '../../db/schema/partners';
import { loadIdentityKeys } from '../../platform/auth/keys';
import { createTestApp, type TestApp } from '../../test/test-app';
import * as changeService from '../contract-changes/service';
import { findContractByNumber, insertContract, updateContractWithVersion } from '../contracts/repository';
import { insertAccount, mintAccessToken } from '../identity/identity-test-kit';

// The save of each contract goes through the contract-changes service; the all-or-nothing test lets
// the second contract's save meet a real version conflict.
vi.mock('../contract-changes/service', async (importOriginal) => {
  const actual = await importOriginal<typeof changeService>();
  return { ...actual, saveContractChange: vi.fn(actual.saveContractChange) };
});

interface Beitrag {
  zahlweise: string;
  beitragProPeriode: number;
  jahresbeitrag: number;
}

interface Vertrag {
  versicherungsNummer: string;
  art: string;
  grund?: string;
  wirksamkeitsdatum?: string;
  beitragOhneUmzug?: Beitrag;
  neuerBeitrag?: Beitrag;
  beitragSteigt?: boolean;
  sonderkuendigungsrecht?: string;
}

/** The JSON answers the tests read (master data, previews, the single change, errors). */
interface Answer {
  error: { code: string; message: string; fieldErrors: { path: string; message: string }[] };
  vertraege: Vertrag[];
  stand: string;
  speicherbar: boolean;
  neueAnschrift: unknown;
  anrede?: string;
  geburtsdatum?: string;
  zuersKlasse?: number;
  elementarEinschliessbar?: boolean;
  bisherigerBeitrag: Beitrag;
  neuerBeitrag: Beitrag;
}

let testApp: TestApp;
const tokens: Record<string, string> = {};
const today = todayInGermany();
type Person = keyof typeof DEMO_CUSTOMERS;

async function partnerIdOf(person: Person): Promise<string> {
  const [partner] = await testApp.database.db
    .select()
    .from(partners)
    .where(eq(partners.partnerNummer, DEMO_CUSTOMERS[person].partnerNummer));
  if (!partner) throw new Error(`no partner ${person}`);
  return partner.id;
}

async function tokenOf(person: Person): Promise<string> {
  const cached = tokens[person];
  if (cached) return cached;
  const account = await insertAccount(testApp.database.db, {
    pool: 'benutzer',
    email: `umzug.${DEMO_CUSTOMERS[person].partnerNummer}@example.com`,
    partnerId: await partnerIdOf(person),
  });
  tokens[person] = await mintAccessToken(loadIdentityKeys(testApp.config), account);
  return tokens[person];
}

async function call(
  method: 'GET' | 'POST' | 'PATCH',
  person: Person,
  url: string,
  payload?: object,
): Promise<{ status: number; body: Answer }> {
  const response = await testApp.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${await tokenOf(person)}` },
  });
  return { status: response.statusCode, body: response.json() };
}

const umzug = (method: 'POST' | 'PATCH', person: Person, payload: object, of: Person = person) =>
  call(method, person, `/api/partner/partner/${DEMO_CUSTOMERS[of].partnerNummer}/umzug`, payload);

async function contract(nummer: string) {
  const found = await findContractByNumber({ db: testApp.database.db, versicherungsNummer: nummer });
  if (!found) throw new Error(`no contract ${nummer}`);
  return found;
}

async function addressRows(person: Person) {
  return testApp.database.db
    .select()
    .from(addresses)
    .where(eq(addresses.partnerId, await partnerIdOf(person)))
    .orderBy(addresses.gueltigAb);
}

async function moveMails(to: string) {
  return testApp.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.purpose, 'MOVE_CONFIRMATION'), eq(outboxMessages.recipient, to)));
}

beforeAll(async () => {
  testApp = await createTestApp();
  await seedCuratedPortfolio({ db: testApp.database.db, today });
});

afterAll(async () => {
  await testApp.close();
});

beforeEach(() => {
  vi.mocked(changeService.saveContractChange).mockClear();
});

describe('GET /api/partner/partner/:id (Meine Daten)', () => {
  it('shows a person’s salutation, name, address, date of birth, customer number and the move range', async () => {
    const response = await call('GET', 'annaSchneider', '/api/partner/partner/1000000001');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const [address] = await addressRows('annaSchneider');
    expect(response.body).toEqual({
      partnerNummer: '1000000001',
      personArt: 'NatuerlichePersonDTO',
      anrede: 'Frau',
      vorname: 'Anna',
      nachname: 'Schneider',
      geburtsdatum: '1988-04-12',
      email: 'anna.schneider@example.com',
      telefon: '+4915200000101',
      anschrift: {
        strasse: 'Venloer Straße',
        hausnummer: '241',
        plz: '50823',
        ort: 'Köln',
        land: 'DE',
        gueltigAb: address!.gueltigAb,
      },
      umzug: {
        fruehestesDatum: moveDateRange(today, address!.gueltigAb as never).earliest,
        spaetestesDatum: addMonths(today, 12),
      },
    });
  });

  it('shows a firm with its name and legal form, without salutation or date of birth', async () => {
    const response = await call('GET', 'weberDigital', '/api/partner/partner/1000000002');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      personArt: 'JuristischePersonDTO',
      firmenname: 'Weber Digitalagentur GmbH',
      rechtsform: 'GmbH',
    });
    expect(response.body.anrede).toBeUndefined();
    expect(response.body.geburtsdatum).toBeUndefined();
  });

  it('keeps another customer’s master data and move out of reach (404)', async () => {
    const read = await call('GET', 'annaSchneider', '/api/partner/partner/1000000003');
    expect(read.status).toBe(404);
    const move = await umzug(
      'POST',
      'annaSchneider',
      {
        adresse: { strasse: 'Heumarkt', hausnummer: '12', plz: '50667', ort: 'Köln' },
        umzugsdatum: addMonths(today, 1),
      },
      'jonasBecker',
    );
    expect(move.status).toBe(404);
    expect(JSON.stringify(move.body)).not.toContain('Lindenstraße');
  });
});

describe('POST /api/partner/partner/:id/umzug (preview)', () => {
  const adresse = { strasse: 'Heumarkt', hausnummer: '12', plz: '50667', ort: 'Köln' };

  it('lists every running contract: the Hausrat with the single change’s figures and ZÜRS class, the others unchanged', async () => {
    const umzugsdatum = addMonths(today, 2);
    const before = await contract(DEMO_CUSTOMERS.annaSchneider.contracts.hausrat);
    const preview = await umzug('POST', 'annaSchneider', { adresse, umzugsdatum });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const single = await call(
      'POST',
      'annaSchneider',
      `/api/vertrag/vertrag/beitrag/risikoort/${before.versicherungsNummer}`,
      { risikoOrt: adresse, wunschdatum: umzugsdatum },
    );
    expect(single.status).toBe(200);

    const vertraege = preview.body.vertraege;
    const hausrat = vertraege.find((v) => v.versicherungsNummer === before.versicherungsNummer);
    expect(hausrat).toMatchObject({
      art: 'AENDERUNG',
      versicherungsName: 'Hausratversicherung',
      version: before.version,
      wirksamkeitsdatum: umzugsdatum,
      zuersKlasse: single.body.zuersKlasse,
      elementarEinschliessbar: single.body.elementarEinschliessbar,
      bisherigerBeitrag: { beitragProPeriode: single.body.bisherigerBeitrag.beitragProPeriode },
      neuerBeitrag: {
        zahlweise: single.body.neuerBeitrag.zahlweise,
        beitragProPeriode: single.body.neuerBeitrag.beitragProPeriode,
        jahresbeitrag: single.body.neuerBeitrag.jahresbeitrag,
      },
    });
    const rises = hausrat!.neuerBeitrag!.jahresbeitrag > hausrat!.beitragOhneUmzug!.jahresbeitrag;
    expect(hausrat!.beitragSteigt).toBe(rises);
    if (rises) expect(hausrat!.sonderkuendigungsrecht).toContain('innerhalb eines Monats');
    else expect(hausrat!.sonderkuendigungsrecht).toBeUndefined();

    // The liability contract is not bound to the address; ended contracts are not listed.
    expect(
      vertraege.find((v) => v.versicherungsNummer === DEMO_CUSTOMERS.annaSchneider.contracts.phv),
    ).toMatchObject({
      art: 'UNVERAENDERT',
      grund: expect.stringContaining('ändert sich nicht'),
    });
    const numbers = vertraege.map((v) => v.versicherungsNummer);
    expect(numbers).not.toContain(DEMO_CUSTOMERS.annaSchneider.contracts.reiseVorjahr);
    expect(preview.body).toMatchObject({
      speicherbar: true,
      neueAnschrift: { ...adresse, gueltigAb: umzugsdatum },
    });

    // Nothing is saved by the preview.
    expect((await contract(before.versicherungsNummer)).version).toBe(before.version);
    expect(await addressRows('annaSchneider')).toHaveLength(1);
  });

  it('refuses implausible move dates with the range in German (400)', async () => {
    const [address] = await addressRows('annaSchneider');
    const range = moveDateRange(today, address!.gueltigAb as never);
    for (const umzugsdatum of [
      addDays(range.earliest, -1),
      addDays(range.latest, 1),
      addMonths(today, -12),
    ]) {
      const response = await umzug('POST', 'annaSchneider', { adresse, umzugsdatum });
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({
        code: 'MOVE_DATE_OUT_OF_RANGE',
        message: moveDateProblem(umzugsdatum, range),
        fieldErrors: [{ path: 'umzugsdatum', message: moveDateProblem(umzugsdatum, range) }],
      });
    }
  });

  it('refuses an unknown postcode, a place outside it and the current address, in German', async () => {
    const umzugsdatum = addMonths(today, 1);
    const unknown = await umzug('POST', 'annaSchneider', {
      adresse: { ...adresse, plz: '00000' },
      umzugsdatum,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fieldErrors).toEqual([
      { path: 'adresse.plz', message: 'Diese Postleitzahl gibt es nicht.' },
    ]);
    const place = await umzug('POST', 'annaSchneider', { adresse: { ...adresse, ort: 'Bonn' }, umzugsdatum });
    expect(place.status).toBe(400);
    expect(place.body.error.fieldErrors[0]!.message).toContain('Köln');
    const same = await umzug('POST', 'annaSchneider', {
      adresse: { strasse: 'Venloer Str.', hausnummer: '241', plz: '50823', ort: 'Köln' },
      umzugsdatum,
    });
    expect(same.status).toBe(422);
    expect(same.body.error.message).toContain('bisherige Anschrift');
  });
});

describe('PATCH /api/partner/partner/:id/umzug (save)', () => {
  const adresse = { strasse: 'Friesenplatz', hausnummer: '1', plz: '50672', ort: 'Köln' };

  it('refuses to save a move while a contract at the old address cannot move online (422), nothing written', async () => {
    // The firm's liability contract names its office as premises; the BHV product does not let the
    // customer change its premises online (not among its editable fields), so the move would leave it behind.
    const bhv = await contract(DEMO_CUSTOMERS.weberDigital.contracts.bhv);
    if (bhv.details.produktKey !== 'BHV') throw new Error('not a BHV');
    const withPremises = await updateContractWithVersion({
      db: testApp.database.db,
      id: bhv.id,
      expectedVersion: bhv.version,
      changes: {
        details: {
          ...bhv.details,
          risikoOrt: { strasse: 'Kaiserstraße', hausnummer: '12', plz: '53113', ort: 'Bonn' },
        },
      },
    });
    if (!withPremises.ok) throw new Error(withPremises.reason);
    const umzugsdatum = addMonths(today, 1);
    const preview = await umzug('POST', 'weberDigital', { adresse, umzugsdatum });
    expect(preview.status).toBe(200);
    expect(preview.body.speicherbar).toBe(false);
    expect(
      preview.body.vertraege.find((v) => v.versicherungsNummer === bhv.versicherungsNummer),
    ).toMatchObject({
      art: 'NICHT_MOEGLICH',
      grund: expect.stringContaining('online nicht geändert werden'),
    });
    const refused = await umzug('PATCH', 'weberDigital', { adresse, umzugsdatum, stand: preview.body.stand });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({
      code: 'MOVE_NOT_POSSIBLE',
      message: expect.stringContaining(bhv.versicherungsNummer),
    });
    expect(await addressRows('weberDigital')).toHaveLength(1);
    // The premises go back to unnamed for the next test.
    const { risikoOrt: _premises, ...details } = withPremises.contract.details as typeof bhv.details;
    const restored = await updateContractWithVersion({
      db: testApp.database.db,
      id: bhv.id,
      expectedVersion: withPremises.contract.version,
      changes: { details },
    });
    expect(restored.ok).toBe(true);
  });

  it('writes nothing when the second contract’s save fails, then saves everything together once', async () => {
    // A second property cover at the office (the first is the demo's SI contract): two contracts move.
    const si = await contract(DEMO_CUSTOMERS.weberDigital.contracts.siAllgefahren);
    const { id: _id, version: _version, updatedAt: _updated, ...copy } = si;
    await insertContract({
      db: testApp.database.db,
      contract: { ...copy, versicherungsNummer: '9000000299' },
    });
    const umzugsdatum = addMonths(today, 1);
    const preview = await umzug('POST', 'weberDigital', { adresse, umzugsdatum });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const moving = preview.body.vertraege.filter((v) => v.art === 'AENDERUNG');
    expect(moving.length, JSON.stringify(preview.body.vertraege)).toBeGreaterThanOrEqual(2);
    const beforeVersions = await Promise.all(
      moving.map(async (v) => (await contract(v.versicherungsNummer)).version),
    );
    const addressesBefore = await addressRows('weberDigital');
    const mailsBefore = (await moveMails(`umzug.${DEMO_CUSTOMERS.weberDigital.partnerNummer}@example.com`))
      .length;

    // The second contract changes inside the transaction just before its save: a real version conflict.
    const actual = (await vi.importActual<typeof changeService>('../contract-changes/service'))
      .saveContractChange;
    vi.mocked(changeService.saveContractChange)
      .mockImplementationOnce(actual)
      .mockImplementationOnce(async (context, nummer, request, expected) => {
        await context.db
          .update(contracts)
          .set({ version: sql`${contracts.version} + 1` })
          .where(eq(contracts.versicherungsNummer, nummer));
        return actual(context, nummer, request, expected);
      });
    const failed = await umzug('PATCH', 'weberDigital', { adresse, umzugsdatum, stand: preview.body.stand });
    expect(failed.status, JSON.stringify(failed.body)).toBe(409);
    expect(failed.body.error.message).toMatch(/geändert/);
    expect(vi.mocked(changeService.saveContractChange)).toHaveBeenCalledTimes(2);
    // Nothing of it stayed: versions, pending changes, address, confirmation.
    for (const [index, v] of moving.entries()) {
      const after = await contract(v.versicherungsNummer);
      expect(after.version).toBe(beforeVersions[index]);
      expect(after.vorgemerkteAenderungen.some((c) => c.type === 'risikoort')).toBe(false);
    }
    expect(await addressRows('weberDigital')).toEqual(addressesBefore);
    expect(await moveMails(`umzug.${DEMO_CUSTOMERS.weberDigital.partnerNummer}@example.com`)).toHaveLength(
      mailsBefore,
    );

    // The same confirmed preview saves everything.
    const saved = await umzug('PATCH', 'weberDigital', { adresse, umzugsdatum, stand: preview.body.stand });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    for (const v of moving) {
      const after = await contract(v.versicherungsNummer);
      expect(after.vorgemerkteAenderungen.find((c) => c.type === 'risikoort')).toMatchObject({
        wirksamkeitsdatum: v.wirksamkeitsdatum,
        value: expect.objectContaining(adresse),
      });
    }
    const rows = await addressRows('weberDigital');
    expect(rows.at(-1)).toMatchObject({ ...adresse, gueltigAb: umzugsdatum, gueltigBis: null });
    expect(rows.at(-2)).toMatchObject({ gueltigBis: umzugsdatum });
    const mails = await moveMails(`umzug.${DEMO_CUSTOMERS.weberDigital.partnerNummer}@example.com`);
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails.at(-1)!.subject).toBe('Ihr Umzug ist gespeichert');
    expect(mails.at(-1)!.body).toContain('Friesenplatz 1, 50672 Köln');

    // Master data shows the move ahead.
    const stammdaten = await call('GET', 'weberDigital', '/api/partner/partner/1000000002');
    expect(stammdaten.body.neueAnschrift).toMatchObject({ ...adresse, gueltigAb: umzugsdatum });

    // A second save of the same move (another tab, a double click) changes nothing and says why.
    const again = await umzug('PATCH', 'weberDigital', { adresse, umzugsdatum, stand: preview.body.stand });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'MOVE_ALREADY_SAVED',
      message: expect.stringContaining('bereits gespeichert'),
    });
    expect(await addressRows('weberDigital')).toHaveLength(rows.length);
  });

  it('refuses a save whose preview is outdated (409) and one without a preview (400)', async () => {
    const umzugsdatum = addMonths(today, 1);
    const outdated = await umzug('PATCH', 'jonasBecker', { adresse, umzugsdatum, stand: 'veraltet' });
    expect(outdated.status).toBe(409);
    expect(outdated.body.error).toMatchObject({
      code: 'MOVE_PREVIEW_OUTDATED',
      message: expect.stringContaining('neue Berechnung'),
    });
    const missing = await umzug('PATCH', 'jonasBecker', { adresse, umzugsdatum });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fieldErrors[0]!.message).toBe('Bitte berechnen Sie den Umzug zuerst.');
    expect(await addressRows('jonasBecker')).toHaveLength(1);
  });
  it('saves two simultaneous submits of one move once: the other gets 409 in German', async () => {
    const umzugsdatum = addMonths(today, 2);
    const hausrat = DEMO_CUSTOMERS.jonasBecker.contracts.hausrat;
    const preview = await umzug('POST', 'jonasBecker', { adresse, umzugsdatum });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.vertraege.find((v) => v.versicherungsNummer === hausrat)?.art).toBe('AENDERUNG');
    const version = (await contract(hausrat)).version;

    const body = { adresse, umzugsdatum, stand: preview.body.stand };
    const answers = await Promise.all([
      umzug('PATCH', 'jonasBecker', body),
      umzug('PATCH', 'jonasBecker', body),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const second = answers.find((a) => a.status === 409)!;
    expect(second.body.error).toMatchObject({
      code: 'MOVE_ALREADY_SAVED',
      message: expect.stringContaining('Dieser Umzug ist bereits gespeichert'),
    });
    expect(await addressRows('jonasBecker')).toHaveLength(2);
    const after = await contract(hausrat);
    expect(after.version).toBe(version + 1);
    expect(after.vorgemerkteAenderungen.filter((c) => c.type === 'risikoort')).toHaveLength(1);
    expect(await moveMails(`umzug.${DEMO_CUSTOMERS.jonasBecker.partnerNummer}@example.com`)).toHaveLength(1);
  });
});

// Kundenbestand: what an agent, its sub-agents and another agency see in the list and the
// download (scope), each search field, the filters, paging and the files parsed back.
import ExcelJS from 'exceljs';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, openPremiums } from '../../db/schema/contracts';
import { addresses, partners } from '../../db/schema/partners';
import { tasks } from '../../db/schema/tasks';
import type { Database } from '../../db/database';
import { insertAgentAccount, mintAccessToken, type TestAccount } from '../identity/identity-test-kit';
import { loadIdentityKeys, type IdentityKeys } from '../../platform/auth/keys';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;
let keys: IdentityKeys;
let agency: TestAccount;
let sub: TestAccount;
let subSub: TestAccount;
let other: TestAccount;

interface Person {
  vorname?: string;
  nachname?: string;
  firmenname?: string;
  email: string;
  plz: string;
  partnerNummer: string;
}

async function insertPerson(db: Database, person: Person): Promise<string> {
  const [partner] = await db
    .insert(partners)
    .values({
      partnerNummer: person.partnerNummer,
      personArt: person.firmenname ? 'JuristischePersonDTO' : 'NatuerlichePersonDTO',
      vorname: person.vorname ?? null,
      nachname: person.nachname ?? null,
      firmenname: person.firmenname ?? null,
      anrede: person.firmenname ? null : 'Frau',
      email: person.email,
      telefon: '+4922112345',
    })
    .returning({ id: partners.id });
  if (!partner) throw new Error('no partner');
  await db.insert(addresses).values({
    partnerId: partner.id,
    strasse: 'Venloer Straße',
    hausnummer: '241',
    plz: person.plz,
    ort: 'Köln',
    gueltigAb: '2020-01-01',
  });
  return partner.id;
}

async function insertPortfolioContract(
  db: Database,
  {
    partnerId,
    agentId,
    versicherungsNummer,
    produkt = 'PRIVATHAFTPFLICHT',
    status = 'LAUFEND',
    nettoCents = 8_412,
  }: {
    partnerId: string;
    agentId: string | null;
    versicherungsNummer: string;
    produkt?: 'PRIVATHAFTPFLICHT' | 'HAUSRAT' | 'BHV_2';
    status?: 'LAUFEND' | 'AUSLAUFEND' | 'BEENDET';
    nettoCents?: number;
  },
): Promise<string> {
  const [row] = await db
    .insert(contracts)
    .values({
      versicherungsNummer,
      produkt,
      marke: 'SCHIRM',
      status,
      partnerId,
      agentId,
      antragsdatum: '2024-02-20',
      abschlussdatum: '2024-02-20',
      vertragsBeginn: '2024-03-01',
      ablaufdatum: '2025-03-01',
      stillschweigendeVerlaengerung: true,
      taeglichKuendbar: false,
      hauptfaelligkeitMonat: 3,
      hauptfaelligkeitTag: 1,
      wirksamkeitsdatum: '2024-03-01',
      instructionsComplete: true,
      zahlweise: 'JAEHRLICH',
      nettoJahresbeitragCents: nettoCents,
      bruttoBeitragProPeriodeCents: Math.round(nettoCents * 1.19),
      productDetails: { phv: { familienstand: 'SINGLE' } },
    })
    .returning({ id: contracts.id });
  if (!row) throw new Error('no contract');
  return row.id;
}

const anna = {
  vorname: 'Anna',
  nachname: 'Schneider',
  email: 'anna.schneider@example.de',
  plz: '50823',
  partnerNummer: '7100000001',
};
const weber = {
  firmenname: 'Weber Digitalagentur GmbH',
  email: 'info@weber-digital.example',
  plz: '53115',
  partnerNummer: '7100000002',
};
const sophie = {
  vorname: 'Sophie',
  nachname: 'Lehmann',
  email: 'sophie.lehmann@example.de',
  plz: '10961',
  partnerNummer: '7100000003',
};
/** Another agency's customer, with a name the agency's searches also match. */
const fremd = {
  vorname: 'Anna',
  nachname: 'Fremdling',
  email: 'anna.fremdling@example.de',
  plz: '50823',
  partnerNummer: '7100000004',
};
/** A customer of both agencies: each sees only its own contract. */
const geteilt = {
  vorname: 'Bernd',
  nachname: 'Zweifach',
  email: 'bernd.zweifach@example.de',
  plz: '80331',
  partnerNummer: '7100000005',
};

const NUMMERN = {
  annaPhv: '610000101',
  annaHausrat: '610000102',
  weberBhv: '610000201',
  sophiePhv: '610000301',
  fremdPhv: '620000401',
  geteiltAgency: '610000501',
  geteiltOther: '620000502',
};

beforeAll(async () => {
  testApp = await createTestApp();
  keys = loadIdentityKeys(testApp.config);
  const db = testApp.database.db;
  agency = await insertAgentAccount(db);
  sub = await insertAgentAccount(db, { parentAgentId: agency.agentId ?? '' });
  subSub = await insertAgentAccount(db, { parentAgentId: sub.agentId ?? '' });
  other = await insertAgentAccount(db);

  const annaId = await insertPerson(db, anna);
  await insertPortfolioContract(db, {
    partnerId: annaId,
    agentId: agency.agentId,
    versicherungsNummer: NUMMERN.annaPhv,
  });
  const annaHausrat = await insertPortfolioContract(db, {
    partnerId: annaId,
    agentId: agency.agentId,
    versicherungsNummer: NUMMERN.annaHausrat,
    produkt: 'HAUSRAT',
    status: 'AUSLAUFEND',
    nettoCents: 123_456,
  });
  // Overdue since 2020 (and one far in the future that is not overdue yet).
  await db.insert(openPremiums).values([
    { contractId: annaHausrat, art: 'FOLGEBEITRAG', faelligAm: '2020-03-01', betragCents: 14_691 },
    { contractId: annaHausrat, art: 'FOLGEBEITRAG', faelligAm: '2099-03-01', betragCents: 99_999 },
  ]);

  const weberId = await insertPerson(db, weber);
  const weberBhv = await insertPortfolioContract(db, {
    partnerId: weberId,
    agentId: sub.agentId,
    versicherungsNummer: NUMMERN.weberBhv,
    produkt: 'BHV_2',
  });
  await db.insert(tasks).values({
    contractId: weberBhv,
    agentId: sub.agentId,
    typ: 'UmsatzErinnern1',
    faelligAm: '2026-12-01',
    erstelltAm: '2026-10-01',
  });

  const sophieId = await insertPerson(db, sophie);
  await insertPortfolioContract(db, {
    partnerId: sophieId,
    agentId: subSub.agentId,
    versicherungsNummer: NUMMERN.sophiePhv,
    status: 'BEENDET',
  });

  const fremdId = await insertPerson(db, fremd);
  await insertPortfolioContract(db, {
    partnerId: fremdId,
    agentId: other.agentId,
    versicherungsNummer: NUMMERN.fremdPhv,
  });

  const geteiltId = await insertPerson(db, geteilt);
  await insertPortfolioContract(db, {
    partnerId: geteiltId,
    agentId: agency.agentId,
    versicherungsNummer: NUMMERN.geteiltAgency,
  });
  await insertPortfolioContract(db, {
    partnerId: geteiltId,
    agentId: other.agentId,
    versicherungsNummer: NUMMERN.geteiltOther,
    produkt: 'HAUSRAT',
  });
});

afterAll(async () => {
  await testApp.close();
});

async function get(account: TestAccount, url: string) {
  return testApp.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${await mintAccessToken(keys, account)}` },
  });
}

interface ListAnswer {
  kunden: {
    partnerNummer: string;
    name: string;
    vertraege: number;
    produkte: string[];
    status: string[];
    plz: string | null;
    ort: string | null;
    jahresbeitragCents: number;
    ueberfaellig: boolean;
    offeneAufgabe: boolean;
    vermittler: { vermittlerNummer: string; name: string }[];
  }[];
  gesamt: number;
  seite: number;
  proSeite: number;
  vermittler: { id: string; vermittlerNummer: string; eigene: boolean }[];
}

async function list(account: TestAccount, query = ''): Promise<ListAnswer> {
  const response = await get(account, `/api/vermittler/kundenbestand${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ListAnswer>();
}

const numbers = (answer: ListAnswer) => answer.kunden.map((kunde) => kunde.partnerNummer);

describe('scope', () => {
  it('shows the agency its own customers and those of every agent below it, by name', async () => {
    const answer = await list(agency);
    expect(answer.kunden.map((kunde) => kunde.name)).toEqual([
      'Lehmann, Sophie',
      'Schneider, Anna',
      'Weber Digitalagentur GmbH',
      'Zweifach, Bernd',
    ]);
    expect(answer.gesamt).toBe(4);
    const annaRow = answer.kunden.find((kunde) => kunde.partnerNummer === anna.partnerNummer);
    expect(annaRow).toMatchObject({
      vertraege: 2,
      produkte: ['HAUSRAT', 'PRIVATHAFTPFLICHT'],
      status: ['LAUFEND', 'AUSLAUFEND'],
      plz: '50823',
      ort: 'Köln',
      jahresbeitragCents: 8_412 + 123_456,
      ueberfaellig: true,
      offeneAufgabe: false,
    });
    // The customer shared with another agency: only the agency's own contract.
    expect(answer.kunden.find((kunde) => kunde.partnerNummer === geteilt.partnerNummer)).toMatchObject({
      vertraege: 1,
      produkte: ['PRIVATHAFTPFLICHT'],
    });
    expect(answer.vermittler.map((agent) => agent.id).sort()).toEqual(
      [agency.agentId, sub.agentId, subSub.agentId].sort(),
    );
  });

  it('shows a sub-agent its own customers and those below it, never its parent agency’s', async () => {
    expect(numbers(await list(sub))).toEqual([sophie.partnerNummer, weber.partnerNummer]);
    expect(numbers(await list(subSub))).toEqual([sophie.partnerNummer]);
    const searched = await list(sub, `?suche=${NUMMERN.annaPhv}`);
    expect(searched).toMatchObject({ kunden: [], gesamt: 0 });
  });

  it('shows another agency none of them, even by exact contract number or e-mail', async () => {
    const answer = await list(other);
    expect(numbers(answer)).toEqual([fremd.partnerNummer, geteilt.partnerNummer]);
    expect(answer.kunden[1]).toMatchObject({ vertraege: 1, produkte: ['HAUSRAT'] });
    expect((await list(other, `?suche=${NUMMERN.annaPhv}`)).gesamt).toBe(0);
    expect((await list(other, `?suche=${encodeURIComponent(anna.email)}`)).gesamt).toBe(0);
    expect(JSON.stringify(answer)).not.toContain(anna.email);
  });

  it('refuses a sub-agent filter outside the scope with a German field message', async () => {
    const response = await get(sub, `/api/vermittler/kundenbestand?untervermittler=${agency.agentId}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: {
        code: 'UNTERVERMITTLER_UNBEKANNT',
        fieldErrors: [{ path: 'untervermittler', message: expect.stringContaining('Bestand nicht') }],
      },
    });
    const download = await get(
      other,
      `/api/vermittler/vermittler/kundenbestand/download?untervermittler=${sub.agentId}`,
    );
    expect(download.statusCode).toBe(400);
  });

  it('answers 401 without a token', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/vermittler/kundenbestand' });
    expect(response.statusCode).toBe(401);
  });
});

describe('search', () => {
  it.each([
    ['a name', 'schneider', [anna.partnerNummer]],
    ['first and last name in any order', 'Anna Schn', [anna.partnerNummer]],
    ['a company name', 'digitalagentur', [weber.partnerNummer]],
    ['an e-mail address', 'sophie.lehmann@example.de', [sophie.partnerNummer]],
    ['a contract number', NUMMERN.weberBhv, [weber.partnerNummer]],
    ['the start of a contract number', '61000010', [anna.partnerNummer]],
    ['a postcode', '10961', [sophie.partnerNummer]],
    ['a partner number', geteilt.partnerNummer, [geteilt.partnerNummer]],
    ['wildcards as text', '%', []],
  ])('finds by %s', async (_label, suche, expected) => {
    expect(numbers(await list(agency, `?suche=${encodeURIComponent(suche)}`))).toEqual(expected);
  });
});

describe('filters, sorting and paging', () => {
  it('filters by product and status (the row counts the selected contracts)', async () => {
    const hausrat = await list(agency, '?produkt=HAUSRAT');
    expect(hausrat.kunden).toMatchObject([{ partnerNummer: anna.partnerNummer, vertraege: 1 }]);
    expect(numbers(await list(agency, '?status=BEENDET,AUSLAUFEND'))).toEqual([
      sophie.partnerNummer,
      anna.partnerNummer,
    ]);
    expect(numbers(await list(agency, '?produkt=BHV_2&produkt=HAUSRAT'))).toEqual([
      anna.partnerNummer,
      weber.partnerNummer,
    ]);
  });

  it('filters by sub-agent (id or agent number), overdue premium and open task', async () => {
    expect(numbers(await list(agency, `?untervermittler=${sub.agentId}`))).toEqual([weber.partnerNummer]);
    const [subAgent] = (await list(sub)).vermittler.filter((agent) => agent.eigene);
    expect(numbers(await list(agency, `?untervermittler=${subAgent?.vermittlerNummer}`))).toEqual([
      weber.partnerNummer,
    ]);
    expect(numbers(await list(agency, '?ueberfaellig=true'))).toEqual([anna.partnerNummer]);
    const tasksOnly = await list(agency, '?offeneAufgabe=true');
    expect(tasksOnly.kunden).toMatchObject([{ partnerNummer: weber.partnerNummer, offeneAufgabe: true }]);
  });

  it('sorts and pages with the total of the whole selection', async () => {
    expect(numbers(await list(agency, '?sortierung=name-absteigend'))).toEqual([
      geteilt.partnerNummer,
      weber.partnerNummer,
      anna.partnerNummer,
      sophie.partnerNummer,
    ]);
    expect(numbers(await list(agency, '?sortierung=plz'))).toEqual([
      sophie.partnerNummer,
      anna.partnerNummer,
      weber.partnerNummer,
      geteilt.partnerNummer,
    ]);
    expect((await list(agency, '?sortierung=beitrag-absteigend')).kunden[0]?.partnerNummer).toBe(
      anna.partnerNummer,
    );
    const second = await list(agency, '?proSeite=3&seite=2');
    expect(second).toMatchObject({ gesamt: 4, seite: 2, proSeite: 3 });
    expect(numbers(second)).toEqual([geteilt.partnerNummer]);
    expect(await list(agency, '?proSeite=3&seite=9')).toMatchObject({ kunden: [], gesamt: 4 });
  });

  it('answers bad filters with 400 and German messages', async () => {
    for (const query of [
      '?produkt=AUTO',
      '?status=OFFEN',
      '?sortierung=zufall',
      '?proSeite=1000',
      '?seite=0',
    ]) {
      const response = await get(agency, `/api/vermittler/kundenbestand${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.message, query).toMatch(/[äöüÄÖÜß]|Bitte|Seite/);
    }
  });
});

describe('download', () => {
  const url = '/api/vermittler/vermittler/kundenbestand/download';

  it('writes the selection as XLSX with date and number cells and a German file name', async () => {
    const response = await get(agency, `${url}?format=xlsx&suche=schneider`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="Kundenbestand_\d\d\.\d\d\.\d{4}\.xlsx"/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Kundenbestand');
    if (!sheet) throw new Error('no sheet');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('Vertragsnummer');
    expect(header).toContain('Jahresbeitrag netto (EUR)');
    expect(sheet.rowCount).toBe(3);
    const column = (name: string) => header.indexOf(name) + 1;
    const rows = [2, 3].map((index) => sheet.getRow(index));
    const hausrat = rows.find((row) => row.getCell(column('Vertragsnummer')).value === NUMMERN.annaHausrat);
    if (!hausrat) throw new Error('no Hausrat row');
    expect(hausrat.getCell(column('Kunde')).value).toBe('Schneider, Anna');
    expect(hausrat.getCell(column('Produkt')).value).toBe('Hausrat');
    expect(hausrat.getCell(column('Status')).value).toBe('Läuft aus');
    const beginn = hausrat.getCell(column('Vertragsbeginn'));
    expect(beginn.value).toEqual(new Date(Date.UTC(2024, 2, 1)));
    expect(beginn.numFmt).toBe('dd.mm.yyyy');
    const beitrag = hausrat.getCell(column('Jahresbeitrag netto (EUR)'));
    expect(beitrag.value).toBe(1234.56);
    expect(beitrag.numFmt).toBe('#,##0.00');
    expect(hausrat.getCell(column('Überfällig (EUR)')).value).toBe(146.91);
    expect(hausrat.getCell(column('PLZ')).value).toBe('50823');
  });

  it('writes the selection as CSV in German formats, one contract per row, in the scope only', async () => {
    const response = await get(other, `${url}?format=csv`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('.csv');
    const body = response.body;
    expect(body.startsWith('\uFEFF')).toBe(true);
    const lines = body.slice(1).trim().split('\r\n');
    expect(lines[0]?.split(';').slice(0, 3)).toEqual(['Partnernummer', 'Kunde', 'Anrede']);
    expect(lines).toHaveLength(3);
    expect(body).toContain(NUMMERN.geteiltOther);
    expect(body).not.toContain(NUMMERN.geteiltAgency);
    expect(body).not.toContain(anna.email);
    const fremdRow = lines.find((line) => line.includes(NUMMERN.fremdPhv))?.split(';');
    expect(fremdRow).toContain('01.03.2024');
    expect(fremdRow).toContain('84,12');
    expect(fremdRow).toContain('100,10');
  });

  it('downloads the same selection the list shows (filters apply to contracts)', async () => {
    const response = await get(agency, `${url}?format=csv&ueberfaellig=true`);
    const lines = response.body.slice(1).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(NUMMERN.annaHausrat);
    const sub403 = await get(sub, `${url}?format=csv`);
    expect(sub403.body).not.toContain(anna.partnerNummer);
    expect(sub403.body).toContain(sophie.partnerNummer);
  });
});

describe('kept current (the triggers of migration 0015)', () => {
  it('follows a renamed customer, a new address and a contract moved to another agency', async () => {
    const db = testApp.database.db;
    const partnerId = async (partnerNummer: string) => {
      const [row] = await db
        .select({ id: partners.id })
        .from(partners)
        .where(eq(partners.partnerNummer, partnerNummer));
      return row?.id ?? '';
    };
    const sophieId = await partnerId(sophie.partnerNummer);
    await db.update(partners).set({ nachname: 'Lehmann-Berg' }).where(eq(partners.id, sophieId));
    await db
      .update(addresses)
      .set({ gueltigBis: '2026-11-01' })
      .where(and(eq(addresses.partnerId, sophieId), isNull(addresses.gueltigBis)));
    await db.insert(addresses).values({
      partnerId: sophieId,
      strasse: 'Hohe Straße',
      hausnummer: '1',
      plz: '50667',
      ort: 'Köln',
      gueltigAb: '2026-11-01',
    });
    expect(numbers(await list(agency, '?suche=berg'))).toEqual([sophie.partnerNummer]);
    expect(numbers(await list(agency, '?suche=50667'))).toEqual([sophie.partnerNummer]);
    expect(numbers(await list(agency, '?suche=10961'))).toEqual([]);

    await db
      .update(contracts)
      .set({ agentId: other.agentId })
      .where(eq(contracts.versicherungsNummer, NUMMERN.sophiePhv));
    expect(numbers(await list(agency, '?suche=berg'))).toEqual([]);
    expect(numbers(await list(subSub))).toEqual([]);
    expect(numbers(await list(other, '?suche=berg'))).toEqual([sophie.partnerNummer]);
  });
});

// Maklerpost and GDV-Bestand through the API (issue 16): the broker software's machine JWT and the
// signed-in agent share one feed per agency (a sub-agent's deliveries included, another agency's
// never), paging by cursor, idempotent acknowledgements that hide deliveries with ungelesen=true,
// well-formed escaped XML, and the GDV file (256 bytes + CR LF per record, ISO-8859-1, counts).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Window } from 'happy-dom';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInGermany } from '@schirm/domain/dates/calendar-date';
import { agents } from '../../db/schema/agents';
import { contracts, openPremiums, pendingChanges } from '../../db/schema/contracts';
import { extranetMachineKeys } from '../../db/schema/extranet';
import { addresses, partners } from '../../db/schema/partners';
import { loadIdentityKeys } from '../../platform/auth/keys';
import { createTestApp, type TestApp } from '../../test/test-app';
import { storeContractDocument } from '../documents/service';
import { EXTRANET_AUDIENCE } from '../extranet/machine-auth';
import {
  insertAgentAccount,
  insertCustomer,
  mintAccessToken,
  type TestAccount,
} from '../identity/identity-test-kit';
import { GDV_FIELDS } from './gdv';

let testApp: TestApp;
let agency: TestAccount;
let sub: TestAccount;
let other: TestAccount;
let customerOfSub: TestAccount & { contractNumber: string };
let customerOfAgency: TestAccount & { contractNumber: string };
let customerOfOther: TestAccount & { contractNumber: string };
const machineKeys = new Map<string, { kid: string; privateKey: CryptoKey; vermittlerNummer: string }>();
const contractIds = new Map<string, string>();

async function registerMachineKey(agent: TestAccount): Promise<void> {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  const db = testApp.database.db;
  await db.insert(extranetMachineKeys).values({ agentId: agent.agentId ?? '', kid, publicJwk });
  const [row] = await db
    .select({ nummer: agents.vermittlerNummer })
    .from(agents)
    .where(eq(agents.id, agent.agentId ?? ''));
  machineKeys.set(agent.id, { kid, privateKey, vermittlerNummer: row!.nummer });
}

/** A fresh machine JWT (single use) of the agent's agency. */
async function machineToken(agent: TestAccount): Promise<string> {
  const key = machineKeys.get(agent.id)!;
  return new SignJWT({})
    .setProtectedHeader({ alg: 'EdDSA', kid: key.kid })
    .setIssuer(key.vermittlerNummer)
    .setAudience(EXTRANET_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('2m')
    .setJti(randomUUID())
    .sign(key.privateKey);
}

type Who = { machine: TestAccount } | { agent: TestAccount };

async function call(who: Who, method: 'GET' | 'POST', url: string, accept?: string) {
  const token =
    'machine' in who
      ? await machineToken(who.machine)
      : await mintAccessToken(loadIdentityKeys(testApp.config), who.agent);
  return testApp.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...(accept ? { accept } : {}) },
  });
}

interface Lieferung {
  id: string;
  kategorie: string;
  vertragsnummer: string;
  vermittlernummer: string;
  quittiert: boolean;
  quittiertAm: string | null;
  dokument: { id: string; url: string } | null;
}
interface Page {
  lieferungen: Lieferung[];
  naechsterCursor: string | null;
  anzahlUngelesen: number;
}

async function list(who: Who, query = ''): Promise<Page> {
  const base = 'machine' in who ? '/api/dgg-bipro-maklerpost' : '/api/vermittler/maklerpost';
  const response = await call(who, 'GET', `${base}/lieferungen${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
}

async function contractIdOf(number: string): Promise<string> {
  const cached = contractIds.get(number);
  if (cached) return cached;
  const [row] = await testApp.database.db
    .select({ id: contracts.id })
    .from(contracts)
    .where(eq(contracts.versicherungsNummer, number));
  contractIds.set(number, row!.id);
  return row!.id;
}

beforeAll(async () => {
  testApp = await createTestApp();
  const db = testApp.database.db;
  agency = await insertAgentAccount(db);
  sub = await insertAgentAccount(db, { parentAgentId: agency.agentId ?? '' });
  other = await insertAgentAccount(db);
  customerOfSub = await insertCustomer(db, { agentId: sub.agentId ?? '' });
  customerOfAgency = await insertCustomer(db, { agentId: agency.agentId ?? '' });
  customerOfOther = await insertCustomer(db, { agentId: other.agentId ?? '' });
  await registerMachineKey(agency);
  await registerMachineKey(other);

  // The sub-agent's customer: a company with characters XML must escape and latin1 umlauts, an
  // address, a cancellation, a pending change, a reminder and a document.
  const subContract = await contractIdOf(customerOfSub.contractNumber);
  await db
    .update(partners)
    .set({
      personArt: 'JuristischePersonDTO',
      firmenname: 'Müller & Söhne <GmbH> "Nord"',
      vorname: null,
      nachname: null,
    })
    .where(eq(partners.id, customerOfSub.partnerId ?? ''));
  await db.insert(addresses).values({
    partnerId: customerOfSub.partnerId ?? '',
    strasse: 'Königsallee',
    hausnummer: '12a',
    plz: '40212',
    ort: 'Düsseldorf',
    gueltigAb: '2026-01-01',
  });
  await db
    .update(contracts)
    .set({
      status: 'AUSLAUFEND',
      beendigungArt: 'KUENDIGUNG',
      beendigungDurch: 'VERSICHERUNGSNEHMER',
      beendigungErklaertAm: '2026-03-10',
      beendigungsdatum: '2027-01-02',
    })
    .where(eq(contracts.id, subContract));
  await db.insert(pendingChanges).values({
    contractId: subContract,
    typ: 'zahlweise',
    wert: { zahlweise: 'MONATLICH' },
    wirksamkeitsdatum: '2026-06-01',
  });
  await db.insert(openPremiums).values({
    contractId: subContract,
    art: 'FOLGEBEITRAG',
    faelligAm: '2026-02-02',
    betragCents: 5950,
    gemahntAm: '2026-02-20',
    zahlungsfristBis: '2026-03-06',
  });
  await storeContractDocument({
    tx: db,
    files: testApp.app.files,
    contractId: subContract,
    name: 'Versicherungsschein',
    pdf: Buffer.from('%PDF-1.4\n%%EOF\n'),
  });
  // The other agency has a document too, which must never show up for the first one.
  await storeContractDocument({
    tx: db,
    files: testApp.app.files,
    contractId: await contractIdOf(customerOfOther.contractNumber),
    name: 'Versicherungsschein',
    pdf: Buffer.from('%PDF-1.4\n%%EOF\n'),
  });
});

afterAll(async () => {
  await testApp.close();
});

describe('machine credential', () => {
  it('answers 401 without a token, with a portal token and with a replayed JWT', async () => {
    const url = '/api/dgg-bipro-maklerpost/lieferungen';
    expect((await testApp.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const portal = await mintAccessToken(loadIdentityKeys(testApp.config), agency);
    const withPortal = await testApp.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${portal}` },
    });
    expect(withPortal.statusCode).toBe(401);
    expect(withPortal.json()).toMatchObject({ error: { code: 'MACHINE_TOKEN_INVALID' } });
    const token = await machineToken(agency);
    const headers = { authorization: `Bearer ${token}` };
    expect((await testApp.app.inject({ method: 'GET', url, headers })).statusCode).toBe(200);
    expect((await testApp.app.inject({ method: 'GET', url, headers })).statusCode).toBe(401);
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/api/dgg-bipro-maklerpost/gdv-bestand' })).statusCode,
    ).toBe(401);
  });

  it('answers 401 to the agent entrance without a portal sign-in, and 403 to a customer', async () => {
    const url = '/api/vermittler/maklerpost/lieferungen';
    expect((await testApp.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const customer = await mintAccessToken(loadIdentityKeys(testApp.config), customerOfSub);
    const response = await testApp.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${customer}` },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('feed per agency', () => {
  it("holds the agency's and its sub-agent's deliveries of every kind, and none of another agency", async () => {
    const page = await list({ machine: agency }, '?limit=200');
    const numbers = new Set(page.lieferungen.map((l) => l.vertragsnummer));
    expect(numbers).toContain(customerOfSub.contractNumber);
    expect(numbers).toContain(customerOfAgency.contractNumber);
    expect(numbers).not.toContain(customerOfOther.contractNumber);
    const ofSub = page.lieferungen.filter((l) => l.vertragsnummer === customerOfSub.contractNumber);
    expect(ofSub.map((l) => l.kategorie).sort()).toEqual(
      ['DOKUMENT', 'KUENDIGUNG', 'MAHNUNG', 'VERTRAGSAENDERUNG', 'VERTRAG_ANGELEGT'].sort(),
    );
    // The sub-agent looks after that contract: its own Vermittlernummer, not the agency's.
    expect(ofSub[0]?.vermittlernummer).toMatch(/^\d{10}$/);
    expect(ofSub[0]?.vermittlernummer).not.toBe(machineKeys.get(agency.id)?.vermittlerNummer);

    const otherPage = await list({ machine: other }, '?limit=200');
    expect(otherPage.lieferungen.map((l) => l.vertragsnummer)).toEqual([
      customerOfOther.contractNumber,
      customerOfOther.contractNumber,
    ]);
    // Another agency's delivery is a 404, like an unknown id.
    const foreign = otherPage.lieferungen[0]!.id;
    expect(
      (await call({ machine: agency }, 'GET', `/api/dgg-bipro-maklerpost/lieferungen/${foreign}`)).statusCode,
    ).toBe(404);
    expect(
      (await call({ machine: agency }, 'POST', `/api/dgg-bipro-maklerpost/lieferungen/${foreign}/quittieren`))
        .statusCode,
    ).toBe(404);
  });

  it("shows the sub-agent only its own deliveries in the portal, not the parent agency's", async () => {
    const page = await list({ agent: sub }, '?limit=200');
    expect(new Set(page.lieferungen.map((l) => l.vertragsnummer))).toEqual(
      new Set([customerOfSub.contractNumber]),
    );
  });

  it('pages by cursor through the whole list in order, without gaps or repeats', async () => {
    const all = (await list({ machine: agency }, '?limit=200')).lieferungen.map((l) => l.id);
    expect(all.length).toBeGreaterThanOrEqual(6);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Page = await list(
        { machine: agency },
        `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.lieferungen.length).toBeLessThanOrEqual(2);
      seen.push(...page.lieferungen.map((l) => l.id));
      cursor = page.naechsterCursor;
      pages += 1;
    } while (cursor !== null && pages < 20);
    expect(seen).toEqual(all);
    expect(pages).toBe(Math.ceil(all.length / 2));
  });

  it('filters by seit and refuses bad parameters with a German 400', async () => {
    const since = await list({ machine: agency }, '?limit=200&seit=2026-03-01');
    // The reminder (20.02.2026) is before, the cancellation (10.03.2026) after.
    expect(since.lieferungen.map((l) => l.kategorie)).not.toContain('MAHNUNG');
    expect(since.lieferungen.map((l) => l.kategorie)).toContain('KUENDIGUNG');
    // The cancellation counts from 10.03.2026 00:00 in Germany, 09.03.2026 23:00 UTC.
    const kategorien = async (seit: string) =>
      (await list({ machine: agency }, `?limit=200&seit=${encodeURIComponent(seit)}`)).lieferungen.map(
        (l) => l.kategorie,
      );
    expect(await kategorien('2026-03-10')).toContain('KUENDIGUNG');
    expect(await kategorien('2026-03-09T23:00:00Z')).toContain('KUENDIGUNG');
    expect(await kategorien('2026-03-10T00:00:00+01:00')).toContain('KUENDIGUNG');
    expect(await kategorien('2026-03-10T00:00:00Z')).not.toContain('KUENDIGUNG');
    expect(await kategorien('2026-03-11')).not.toContain('KUENDIGUNG');
    const forged = Buffer.from(
      JSON.stringify(['2026-02-30T00:00:00.000000Z', `VA-${randomUUID()}`]),
      'utf8',
    ).toString('base64url');
    for (const query of [
      '?limit=0',
      '?seit=gestern',
      '?seit=2026-02-30',
      '?seit=2026-02-30T10:00:00Z',
      '?cursor=kaputt',
      `?cursor=${forged}`,
      '?ungelesen=ja',
    ]) {
      const response = await call(
        { machine: agency },
        'GET',
        `/api/dgg-bipro-maklerpost/lieferungen${query}`,
      );
      expect(response.statusCode, query).toBe(400);
      expect((response.json() as { error: { message: string } }).error.message, query).toMatch(/Bitte/);
    }
  });
});

describe('acknowledging', () => {
  it('marks a delivery read once (idempotent), for both entrances, and ungelesen=true hides it', async () => {
    const before = await list({ machine: agency }, '?limit=200&ungelesen=true');
    const target = before.lieferungen.find((l) => l.kategorie === 'KUENDIGUNG')!;
    const url = `/api/dgg-bipro-maklerpost/lieferungen/${target.id}/quittieren`;
    const first = await call({ machine: agency }, 'POST', url);
    expect(first.statusCode, first.body).toBe(200);
    const acknowledged = first.json() as Lieferung;
    expect(acknowledged).toMatchObject({ id: target.id, quittiert: true });
    const second = (await call({ machine: agency }, 'POST', url)).json() as Lieferung;
    expect(second.quittiertAm).toBe(acknowledged.quittiertAm);
    // The agent portal acknowledges for the same agency: again no change.
    const viaPortal = await call(
      { agent: agency },
      'POST',
      `/api/vermittler/maklerpost/lieferungen/${target.id}/quittieren`,
    );
    expect((viaPortal.json() as Lieferung).quittiertAm).toBe(acknowledged.quittiertAm);

    const after = await list({ machine: agency }, '?limit=200&ungelesen=true');
    expect(after.lieferungen.map((l) => l.id)).not.toContain(target.id);
    expect(after.anzahlUngelesen).toBe(before.anzahlUngelesen - 1);
    const portal = await list({ agent: agency }, '?limit=200');
    expect(portal.lieferungen.find((l) => l.id === target.id)).toMatchObject({ quittiert: true });
    // The sub-agent's own read marks are its own.
    const ofSub = await list({ agent: sub }, '?limit=200');
    expect(ofSub.lieferungen.find((l) => l.id === target.id)).toMatchObject({ quittiert: false });
  });
});

describe('XML', () => {
  it('answers well-formed XML with escaped text when Accept asks for it', async () => {
    const response = await call(
      { machine: agency },
      'GET',
      '/api/dgg-bipro-maklerpost/lieferungen?limit=200',
      'application/xml',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    expect(response.body).toContain(
      '<Kundenname>Müller &amp; Söhne &lt;GmbH&gt; &quot;Nord&quot;</Kundenname>',
    );
    const window = new Window();
    const document = new window.DOMParser().parseFromString(response.body, 'application/xml');
    expect(document.getElementsByTagName('parsererror').length).toBe(0);
    expect(document.documentElement.tagName).toBe('Lieferungen');
    const json = await list({ machine: agency }, '?limit=200');
    const items = [...document.getElementsByTagName('Lieferung')];
    expect(items.length).toBe(json.lieferungen.length);
    const names = items.map((item) => item.getElementsByTagName('Kundenname')[0]?.textContent);
    expect(names).toContain('Müller & Söhne <GmbH> "Nord"');
    const withDocument = items.find((item) => item.getElementsByTagName('Dokument').length > 0)!;
    expect(withDocument.getElementsByTagName('Kategorie')[0]?.textContent).toBe('DOKUMENT');
    expect(withDocument.getElementsByTagName('Vertragsnummer')[0]?.textContent).toBe(
      customerOfSub.contractNumber,
    );
    await window.happyDOM.close();
  });

  it('answers one delivery as an XML document with the namespace', async () => {
    const page = await list({ machine: agency }, '?limit=1');
    const id = page.lieferungen[0]!.id;
    const response = await call(
      { machine: agency },
      'GET',
      `/api/dgg-bipro-maklerpost/lieferungen/${id}`,
      'application/xml',
    );
    expect(response.body).toMatch(
      new RegExp(
        `^<\\?xml version="1.0" encoding="UTF-8"\\?>\\n<Lieferung xmlns="urn:schirm:maklerpost:1">\\n  <LieferungsID>${id}</LieferungsID>\\n`,
      ),
    );
    const json = await call({ machine: agency }, 'GET', `/api/dgg-bipro-maklerpost/lieferungen/${id}`);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('documents', () => {
  it("lets the broker software download a delivery's document of its book, and no other", async () => {
    const page = await list({ machine: agency }, '?limit=200');
    const delivery = page.lieferungen.find((l) => l.kategorie === 'DOKUMENT')!;
    expect(delivery.dokument!.url).toBe(`/api/dgg-bipro-maklerpost/dokumente/${delivery.dokument!.id}`);
    const download = await call({ machine: agency }, 'GET', delivery.dokument!.url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect((await call({ machine: other }, 'GET', delivery.dokument!.url)).statusCode).toBe(404);
    const portal = await list({ agent: agency }, '?limit=200');
    expect(portal.lieferungen.find((l) => l.id === delivery.id)!.dokument!.url).toBe(
      `/api/vermittler/kunden/dokumente/${delivery.dokument!.id}`,
    );
  });
});

describe('GDV-Bestand', () => {
  const field = (line: Buffer, f: { start: number; length: number }) =>
    line.subarray(f.start - 1, f.start - 1 + f.length).toString('latin1');

  async function download(who: Who) {
    const url =
      'machine' in who ? '/api/dgg-bipro-maklerpost/gdv-bestand' : '/api/vermittler/maklerpost/gdv-bestand';
    const response = await call(who, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    const bytes = response.rawPayload;
    expect(bytes.subarray(-2).toString('latin1')).toBe('\r\n');
    const lines: Buffer[] = [];
    for (let offset = 0; offset < bytes.length; offset += 258) {
      lines.push(bytes.subarray(offset, offset + 256));
      expect(bytes.subarray(offset + 256, offset + 258).toString('latin1')).toBe('\r\n');
    }
    expect(bytes.length % 258).toBe(0);
    return { response, lines };
  }

  it('writes 256-byte latin1 records with CR LF, the counts and the premium sum in 9999', async () => {
    const { response, lines } = await download({ machine: agency });
    const [y, m, d] = todayInGermany().split('-');
    const nummer = machineKeys.get(agency.id)!.vermittlerNummer;
    expect(response.headers['content-disposition']).toContain(`GDV_Bestand_${nummer}_${d}${m}${y}.gdv`);
    expect(response.headers['content-type']).toBe('text/plain; charset=iso-8859-1');
    const satzarten = lines.map((line) => field(line, GDV_FIELDS.common.satzart));
    expect(satzarten[0]).toBe('0001');
    expect(satzarten.at(-1)).toBe('9999');
    // Two contracts: the agency's and the sub-agent's (cancelled, still in the book); not the other's.
    expect(satzarten.filter((s) => s === '0100')).toHaveLength(2);
    expect(satzarten.filter((s) => s === '0200')).toHaveLength(2);
    const trailer = lines.at(-1)!;
    expect(field(trailer, GDV_FIELDS.nachsatz.anzahlSaetze)).toBe('0000000006');
    expect(field(trailer, GDV_FIELDS.nachsatz.anzahl0100)).toBe('0000000002');
    expect(field(trailer, GDV_FIELDS.nachsatz.anzahl0200)).toBe('0000000002');
    expect(field(trailer, GDV_FIELDS.nachsatz.summeGesamtbeitrag)).toBe('000000000011900');
    const body = Buffer.concat(lines).toString('latin1');
    expect(body).not.toContain(customerOfOther.contractNumber);
    expect(field(lines[0]!, GDV_FIELDS.vorsatz.zeitraumBis)).toBe(`${d}${m}${y}`);
  });

  it("puts a known contract's 0200 and 0100 fields at their positions, umlauts as latin1 bytes", async () => {
    const { lines } = await download({ agent: agency });
    const key = (line: Buffer) => field(line, GDV_FIELDS.schluessel.versicherungsscheinNummer).trim();
    const vertrag = lines.find(
      (line) =>
        field(line, GDV_FIELDS.common.satzart) === '0200' && key(line) === customerOfSub.contractNumber,
    )!;
    const v = GDV_FIELDS.vertragsteil;
    expect(field(vertrag, GDV_FIELDS.common.vuNummer)).toBe('SCHRM');
    expect(field(vertrag, GDV_FIELDS.schluessel.sparte)).toBe('040');
    expect(field(vertrag, GDV_FIELDS.schluessel.versicherungsscheinNummer)).toBe(
      customerOfSub.contractNumber.padEnd(17, ' '),
    );
    expect(field(vertrag, v.beginn)).toBe('02012026');
    expect(field(vertrag, v.ablauf)).toBe('02012027');
    expect(field(vertrag, v.vertragsstatus)).toBe('1');
    expect(field(vertrag, v.abgangsdatum)).toBe('02012027');
    expect(field(vertrag, v.zahlungsweise)).toBe('1');
    expect(field(vertrag, v.waehrung)).toBe('EUR');
    expect(field(vertrag, v.gesamtbeitrag)).toBe('000000005950');
    expect(field(vertrag, GDV_FIELDS.satznummer)).toBe('1');

    const adresse = lines.find(
      (line) =>
        field(line, GDV_FIELDS.common.satzart) === '0100' && key(line) === customerOfSub.contractNumber,
    )!;
    const a = GDV_FIELDS.adressteil;
    expect(field(adresse, a.anrede)).toBe('3');
    expect(field(adresse, a.name)).toBe('Müller & Söhne <GmbH> "Nord"'.padEnd(30, ' '));
    expect(field(adresse, a.ort)).toBe('Düsseldorf'.padEnd(25, ' '));
    expect(field(adresse, a.strasse)).toBe('Königsallee 12a'.padEnd(30, ' '));
    expect(field(adresse, a.plz)).toBe('40212 ');
    // ü is one byte 0xFC in ISO-8859-1 (not the two UTF-8 bytes C3 BC).
    expect(adresse[a.name.start - 1 + 1]).toBe(0xfc);
    expect(adresse[a.ort.start - 1 + 1]).toBe(0xfc);
  });
});

describe('limits', () => {
  // Last in this file: it uses up the address's GDV downloads.
  it('refuses more than 10 GDV downloads per address in 10 minutes with a German 429', async () => {
    const statuses: number[] = [];
    let message = '';
    for (let i = 0; i < 12 && !statuses.includes(429); i += 1) {
      const response = await call({ machine: agency }, 'GET', '/api/dgg-bipro-maklerpost/gdv-bestand');
      statuses.push(response.statusCode);
      if (response.statusCode === 429)
        message = (response.json() as { error: { message: string } }).error.message;
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(10);
    expect(message).toMatch(/Bitte/);
  });
});

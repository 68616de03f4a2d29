// The self-service changes of address and account on the curated demo portfolio: a new bank
// account applies at once to every contract debited from the old one and issues the new SEPA
// mandate as a real PDF (a document of each of these contracts, once in the mailbox); a Hausrat
// move is priced with the flood class of the new home; a new frame number applies at once without
// premium effect.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToEuro } from '@schirm/domain/contract/amounts';
import type { PendingChange } from '@schirm/domain/contract/contract-record';
import { applyChange, projectRecord } from '@schirm/domain/contract/pending-changes';
import { priceContract } from '@schirm/domain/contract/repricing';
import { addMonths, todayInGermany } from '@schirm/domain/dates/calendar-date';
import { DEMO_CUSTOMERS } from '../../db/demo/portfolio/demo-people';
import { seedCuratedPortfolio } from '../../db/demo/portfolio/curated';
import { mailboxMessages } from '../../db/schema/mailbox';
import { partners } from '../../db/schema/partners';
import { loadIdentityKeys } from '../../platform/auth/keys';
import { createTestApp, type TestApp } from '../../test/test-app';
import { findContractByNumber } from '../contracts/repository';
import { pdfText } from '../documents/pdf-text.test-helper';
import { insertAccount, mintAccessToken } from '../identity/identity-test-kit';

let testApp: TestApp;
const tokens: Record<string, string> = {};
const today = todayInGermany();
const anna = DEMO_CUSTOMERS.annaSchneider.contracts;
const jonas = DEMO_CUSTOMERS.jonasBecker.contracts;
const sophie = DEMO_CUSTOMERS.sophieLehmann.contracts;

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
    email: `adresse-bank.${DEMO_CUSTOMERS[person].partnerNummer}@example.com`,
    partnerId: partner!.id,
  });
  tokens[person] = await mintAccessToken(loadIdentityKeys(testApp.config), account);
  return tokens[person];
}

async function call(
  method: 'GET' | 'POST' | 'PATCH',
  person: Person,
  url: string,
  payload?: object,
): Promise<{ status: number; body: Record<string, unknown>; raw: Buffer; type: unknown }> {
  const response = await testApp.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${await tokenOf(person)}` },
  });
  const type = response.headers['content-type'];
  return {
    status: response.statusCode,
    body: String(type).startsWith('application/json') ? response.json() : {},
    raw: response.rawPayload,
    type,
  };
}

const change = (method: 'POST' | 'PATCH', person: Person, path: string, payload: object) =>
  call(method, person, `/api/vertrag/vertrag/${path}`, payload);

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

describe('new bank account with a new SEPA mandate', () => {
  const iban = 'DE17100500000123456789';

  it('previews the mandate for every contract debited from the account, then saves it as a PDF', async () => {
    const preview = await change('POST', 'jonasBecker', `bankverbindung/${jonas.phv}`, {
      iban: 'DE17 1005 0000 0123 4567 89',
      kontoinhaber: 'Jonas Becker',
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.neuerBeitrag).toBeUndefined();
    expect(preview.body.wirksamkeitsdatum).toBe(today);
    expect(preview.body.dokument).toBeUndefined();
    expect(preview.body.sepaMandat).toEqual({
      glaeubigerId: 'DE98ZZZ09999999999',
      erteiltAm: today,
      kontoinhaber: 'Jonas Becker',
      iban,
      bic: 'BELADEBEXXX',
      bank: 'BSK 1818 - Berliner Sparkasse',
      vertraege: [
        { versicherungsNummer: jonas.phv, versicherungsName: 'Privathaftpflichtversicherung' },
        { versicherungsNummer: jonas.hausrat, versicherungsName: 'Hausratversicherung' },
        { versicherungsNummer: jonas.thv, versicherungsName: 'Hundehalterhaftpflichtversicherung' },
      ],
    });
    // Nothing is saved by the preview.
    expect((await contract(jonas.hausrat)).bankverbindung?.iban).not.toBe(iban);

    const saved = await change('PATCH', 'jonasBecker', `bankverbindung/${jonas.phv}`, {
      iban,
      kontoinhaber: 'Jonas Becker',
      version: preview.body.version,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const mandat = saved.body.sepaMandat as { mandatsreferenz: string };
    expect(mandat.mandatsreferenz).toMatch(new RegExp(`^SCHIRM-${jonas.phv}-\\d{14}$`));
    expect(mandat.mandatsreferenz.length).toBeLessThanOrEqual(35);
    const dokument = saved.body.dokument as { id: string; name: string; url: string };
    expect(dokument).toMatchObject({ name: 'SEPA-Lastschriftmandat', typ: 'default' });

    // Every contract debited from the old account now has the new account and mandate.
    for (const nummer of [jonas.phv, jonas.hausrat, jonas.thv]) {
      expect((await contract(nummer)).bankverbindung).toMatchObject({
        iban,
        bic: 'BELADEBEXXX',
        kontoinhaber: 'Jonas Becker',
        sepaMandat: { mandatsreferenz: mandat.mandatsreferenz, erteiltAm: today },
      });
    }

    // The mandate is a real PDF with the facts a mandate must carry.
    const pdf = await call('GET', 'jonasBecker', dokument.url);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.raw.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf.raw);
    for (const expected of [
      'SEPA-Lastschriftmandat',
      mandat.mandatsreferenz,
      'DE98ZZZ09999999999',
      'Jonas Becker',
      'DE17 1005 0000 0123 4567 89',
      'BELADEBEXXX',
      'BSK 1818 - Berliner Sparkasse',
      'Ich ermächtige die Schirm Versicherung AG, Zahlungen von meinem Konto mittels Lastschrift einzuziehen.',
      'innerhalb von acht Wochen, beginnend mit dem Belastungsdatum, die Erstattung des belasteten Betrages verlangen',
      `Versicherungsnummer ${jonas.hausrat}`,
      `Versicherungsnummer ${jonas.thv}`,
    ]) {
      expect(text).toContain(expected);
    }

    // Offered with the contract's documents and put in the mailbox.
    const details = await call('GET', 'jonasBecker', `/api/vertrag/vertrag/${jonas.phv}`);
    expect(details.body.dokumente).toContainEqual({
      name: 'SEPA-Lastschriftmandat',
      typ: 'default',
      url: dokument.url,
    });
    const messages = await testApp.database.db
      .select()
      .from(mailboxMessages)
      .where(eq(mailboxMessages.documentId, dokument.id));
    expect(messages.map((message) => message.subject)).toEqual(['Ihr neues SEPA-Lastschriftmandat']);
  });

  it('stores the mandate as a document of every contract it covers, with one mailbox message', async () => {
    const body = { iban: 'DE75120300001020304050', kontoinhaber: 'Sophie Lehmann' };
    const preview = await change('POST', 'sophieLehmann', `bankverbindung/${sophie.phv}`, body);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect((preview.body.sepaMandat as { vertraege: unknown[] }).vertraege).toEqual([
      { versicherungsNummer: sophie.phv, versicherungsName: 'Privathaftpflichtversicherung' },
      { versicherungsNummer: sophie.fahrrad, versicherungsName: 'Fahrrad- und E-Bike-Versicherung' },
    ]);
    const saved = await change('PATCH', 'sophieLehmann', `bankverbindung/${sophie.phv}`, {
      ...body,
      version: preview.body.version,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const mandatsreferenz = (saved.body.sepaMandat as { mandatsreferenz: string }).mandatsreferenz;

    const pdfs: Buffer[] = [];
    for (const nummer of [sophie.phv, sophie.fahrrad]) {
      const details = await call('GET', 'sophieLehmann', `/api/vertrag/vertrag/${nummer}`);
      const dokumente = (details.body.dokumente as { name: string; typ: string; url: string }[]).filter(
        (dokument) => dokument.name === 'SEPA-Lastschriftmandat',
      );
      expect(dokumente, nummer).toHaveLength(1);
      if (nummer === sophie.phv) expect(dokumente[0]!.url).toBe((saved.body.dokument as { url: string }).url);
      const pdf = await call('GET', 'sophieLehmann', dokumente[0]!.url);
      expect(pdf.status).toBe(200);
      expect(pdf.type).toBe('application/pdf');
      expect(pdfText(pdf.raw)).toContain(mandatsreferenz);
      pdfs.push(pdf.raw);
    }
    expect(pdfs[1]!.equals(pdfs[0]!)).toBe(true);

    const { partnerId } = await contract(sophie.phv);
    const messages = await testApp.database.db
      .select()
      .from(mailboxMessages)
      .where(eq(mailboxMessages.partnerId, partnerId));
    expect(messages.map((message) => message.subject)).toEqual(['Ihr neues SEPA-Lastschriftmandat']);
  });

  it('refuses a second save of the same preview: the contract changed meanwhile', async () => {
    const preview = await change('POST', 'jonasBecker', `bankverbindung/${jonas.hausrat}`, {
      iban: 'DE39500105175407324924',
      kontoinhaber: 'Jonas Becker',
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const body = {
      iban: 'DE39500105175407324924',
      kontoinhaber: 'Jonas Becker',
      version: preview.body.version,
    };
    const results = await Promise.all([
      change('PATCH', 'jonasBecker', `bankverbindung/${jonas.hausrat}`, body),
      change('PATCH', 'jonasBecker', `bankverbindung/${jonas.hausrat}`, body),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    expect(results.find((result) => result.status === 409)?.body).toMatchObject({
      error: { code: 'CONTRACT_CHANGED' },
    });
  });

  it('answers a German field error for the account holder and the IBAN', async () => {
    const response = await change('POST', 'jonasBecker', `bankverbindung/${jonas.phv}`, {
      iban: 'DE17100500000123456788',
      kontoinhaber: 'J',
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('Kontoinhaber');
  });
});

describe('moving home (Hausrat)', () => {
  it('offers the move, prices it with the new home’s flood class and keeps it pending until the move date', async () => {
    const details = await call('GET', 'annaSchneider', `/api/vertrag/vertrag/${anna.hausrat}`);
    expect(details.body.selbstServices).toContain('risikoort');
    expect(details.body.risikoOrt).toEqual({
      plz: '50823',
      ort: 'Köln',
      strasse: 'Venloer Straße',
      hausnummer: '241',
    });

    const wunschdatum = addMonths(today, 2);
    const risikoOrt = { plz: '50667', ort: 'Köln', strasse: 'Heumarkt', hausnummer: '12' };
    const before = await contract(anna.hausrat);
    const preview = await change('POST', 'annaSchneider', `beitrag/risikoort/${anna.hausrat}`, {
      risikoOrt,
      wunschdatum,
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({
      wirksamkeitsdatum: wunschdatum,
      zuersKlasse: 3,
      elementarEinschliessbar: true,
    });
    const domainChange = {
      type: 'risikoort',
      value: { ...risikoOrt, zuersKlasse: 3 },
      wirksamkeitsdatum: wunschdatum,
      createdAt: new Date().toISOString(),
    } as PendingChange;
    const tariff = priceContract(applyChange(projectRecord(before, wunschdatum, 'risikoort'), domainChange));
    if (!tariff.ok) throw new Error(tariff.error.message);
    const neu = preview.body.neuerBeitrag as { beitragProPeriode: number };
    // The move's own premium is its step of the timeline; the new premium includes the other pending changes.
    const own = (preview.body.zeitplan as { art: string; beitrag: { beitragProPeriode: number } }[]).find(
      (step) => step.art === 'diese',
    );
    expect(own?.beitrag.beitragProPeriode).toBe(
      centsToEuro(tariff.value.beitrag.bruttoBeitragProPeriodeCents),
    );

    const saved = await change('PATCH', 'annaSchneider', `beitrag/risikoort/${anna.hausrat}`, {
      risikoOrt,
      wunschdatum,
      version: preview.body.version,
      erwarteterBeitrag: neu.beitragProPeriode,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await contract(anna.hausrat);
    expect(after.vorgemerkteAenderungen.find((c) => c.type === 'risikoort')).toMatchObject({
      wirksamkeitsdatum: wunschdatum,
      praemieNachAenderung: tariff.value.beitrag,
    });
  });

  it('shows the server’s place check at the field', async () => {
    const response = await change('POST', 'annaSchneider', `beitrag/risikoort/${anna.hausrat}`, {
      risikoOrt: { plz: '50667', ort: 'Bonn', strasse: 'Heumarkt', hausnummer: '12' },
      wunschdatum: addMonths(today, 1),
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      error: { fieldErrors: [{ path: 'risikoOrt.ort', message: expect.stringContaining('Köln') }] },
    });
  });
});

describe('frame number (Fahrrad)', () => {
  it('applies at once without premium effect', async () => {
    const preview = await change('POST', 'annaSchneider', `fahrrad/${anna.fahrrad}`, {
      rahmennummer: 'WRM-2026-999001',
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.neuerBeitrag).toBeUndefined();
    expect(preview.body.wirksamkeitsdatum).toBe(today);
    const saved = await change('PATCH', 'annaSchneider', `fahrrad/${anna.fahrrad}`, {
      rahmennummer: 'WRM-2026-999001',
      version: preview.body.version,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await contract(anna.fahrrad);
    expect(after.details.produktKey === 'FAHRRAD' && after.details.fahrrad.rahmennummer).toBe(
      'WRM-2026-999001',
    );
    expect(after.vorgemerkteAenderungen.some((c) => c.type === 'fahrrad')).toBe(false);
  });
});

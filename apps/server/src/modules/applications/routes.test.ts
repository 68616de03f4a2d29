// The bicycle application through the API on a real database (issue 13): the offer carries the
// domain tariff's premium and its documents go out by e-mail before the declaration; the binding
// application makes exactly one contract per offer (a double submit, a retry, two tabs at once),
// stored with partner, mandate, documents and declarations, and the customer sees it at once with
// the same premium. Forged and inconsistent answers are refused with German messages and leave
// nothing behind. Dates follow the domain rules from today, so the test passes on any day.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_APPLICATIONS, SAMPLE_DAY } from '@schirm/domain/application/flows/samples.test-helper';
import { addDays, addMonths, todayInGermany } from '@schirm/domain/dates/calendar-date';
import { priceFahrrad } from '@schirm/domain/products/fahrrad/tariff';
import { notGerman } from '@schirm/domain/validation/german-messages.test-helper';
import type { applications } from '../../db/schema/applications';
import { applicationDeclarations, applicationDrafts, applicationOffers } from '../../db/schema/applications';
import { contractDocuments, contracts } from '../../db/schema/contracts';
import { outboxMessages } from '../../db/schema/outbox';
import { loadIdentityKeys } from '../../platform/auth/keys';
import { createTestApp, type TestApp } from '../../test/test-app';
import { pdfText } from '../documents/pdf-text.test-helper';
import { insertAccount, mintAccessToken } from '../identity/identity-test-kit';
import { runApplicationDocumentsJob } from './documents-job.test-helper';

let t: TestApp;
const today = todayInGermany();
const kaufdatum = addMonths(today, -2);

function answers(email: string) {
  return {
    fahrrad: {
      art: 'EBIKE',
      typ: 'SONSTIGES_RAD',
      hersteller: 'Riese & Müller',
      herstellerSuche: 'Riese',
      kaufpreisCents: 450_000,
      kaufdatum,
      zustand: 'NEU',
    },
    tarif: { deckungsVariante: 'FAHRRAD_KOMFORT' },
    beginn: { versicherungsbeginn: addDays(today, 1), zahlweise: 'MONATLICH' },
    person: { vorname: 'Erika', nachname: 'Mustermann', geburtsdatum: '1985-04-12', email, telefon: '' },
    adresse: { strasse: 'Hauptstraße', hausnummer: '12a', plz: '10115', ort: 'Berlin' },
    sepa: {
      kontoinhaber: 'Erika Mustermann',
      iban: 'DE44500105175407324931',
      sepaMandat: true,
      bankName: 'x',
    },
    beratungsverzicht: { beratungsverzicht: true },
  };
}

const complete = (email: string) => ({
  ...answers(email),
  dokumente: {},
  erklaerung: { antragVerbindlich: true },
});

interface Offer {
  kind: string;
  angebotId: string;
  beitrag: {
    bruttoCents: number;
    nettoCents: number;
    versicherungsteuerCents: number;
    nettoJahresbeitragCents: number;
  };
  dokumente: { typ: string; name: string; url: string; sha256: string }[];
  versandtAn: string;
  reason?: string;
}

interface ErrorBody {
  error: { code: string; message: string; fieldErrors?: { path: string; message: string }[] };
}

async function prepare(body: object) {
  return t.app.inject({ method: 'POST', url: '/api/taa/fahrrad2/vorbereiten', payload: body });
}

async function apply(body: object, key: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/taa/fahrrad2/antrag',
    payload: body,
    headers: { 'idempotency-key': key },
  });
}

async function offerFor(email: string): Promise<Offer> {
  const response = await prepare({ produkt: 'fahrrad', antworten: answers(email) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Offer>();
}

async function rows(table: typeof contracts | typeof applicationOffers | typeof applications) {
  const [row] = await t.database.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('vorbereiten: the offer', () => {
  it('prices the chosen package like the domain tariff and e-mails the three pre-contract documents', async () => {
    const offer = await offerFor('offer@beispiel.de');
    const domain = priceFahrrad(
      {
        generation: 'FAHRRAD_2',
        art: 'EBIKE',
        typ: 'SONSTIGES_RAD',
        kaufpreisCents: 450_000,
        kaufdatum,
        zustand: 'NEU',
        deckungen: ['FAHRRAD_DECKUNG_DIEBSTAHL', 'FAHRRAD_DECKUNG_REPARATUR_OHNE_VERSCHLEISS'],
        zahlweise: 'MONATLICH',
      },
      { today },
    );
    const premium = domain.kind === 'quote' ? domain.variants[0]?.premiums[0] : undefined;
    expect(offer.beitrag).toEqual({
      bruttoCents: premium?.grossCents,
      nettoCents: premium?.netCents,
      versicherungsteuerCents: premium?.taxCents,
      nettoJahresbeitragCents: premium?.netAnnualCents,
    });
    expect(offer.dokumente.map((document) => document.typ)).toEqual(['KUNDENINFORMATION', 'IPID', 'AVB']);
    const [mail] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'offer@beispiel.de'));
    expect(mail?.subject).toBe('Ihre Vertragsinformationen zur Fahrrad- und E-Bike-Versicherung');
    expect(mail?.attachmentName).toBeTruthy();
    expect(mail?.moreAttachments).toHaveLength(2);

    const download = await t.app.inject({ method: 'GET', url: offer.dokumente[0]?.url ?? '' });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('the same answers again (a reload of the documents step) give the same offer and no second e-mail', async () => {
    const first = await offerFor('reload@beispiel.de');
    const second = await offerFor('reload@beispiel.de');
    expect(second.angebotId).toBe(first.angebotId);
    const [mails] = await t.database.db
      .select({ n: count() })
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'reload@beispiel.de'));
    expect(mails?.n).toBe(1);
  });

  it('an uninsurable bike is a refusal with the German reason, not an error', async () => {
    const base = answers('teuer@beispiel.de');
    const response = await prepare({
      produkt: 'fahrrad',
      antworten: { ...base, fahrrad: { ...base.fahrrad, kaufpreisCents: 2_000_000 } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Offer>()).toMatchObject({
      kind: 'uninsurable',
      reason: expect.stringContaining('online'),
    });
  });

  it('refuses forged and inconsistent answers with 422 and German messages, writing nothing', async () => {
    const before = await rows(applicationOffers);
    const base = answers('forged@beispiel.de');
    const cases = [
      // A premium sent by the client.
      { ...base, tarif: { ...base.tarif, beitragCents: 1 } },
      // A pruned step's answers (covers of an individual package while a package is chosen).
      { ...base, bausteine: { deckungen: ['FAHRRAD_DECKUNG_DIEBSTAHL'] } },
      // A start date in the past.
      { ...base, beginn: { ...base.beginn, versicherungsbeginn: addDays(today, -1) } },
      // A postcode that does not exist.
      { ...base, adresse: { ...base.adresse, plz: '00000' } },
    ];
    const paths: string[] = [];
    for (const antworten of cases) {
      const response = await prepare({ produkt: 'fahrrad', antworten });
      expect(response.statusCode, response.body).toBe(422);
      const { error } = response.json<ErrorBody>();
      expect(error.message).toMatch(/Bitte prüfen Sie/);
      paths.push(...(error.fieldErrors ?? []).map((fieldError) => fieldError.path));
      for (const fieldError of error.fieldErrors ?? []) expect(notGerman(fieldError.message)).toBe(false);
    }
    expect(paths).toEqual(['tarif.beitragCents', 'bausteine', 'beginn.versicherungsbeginn', 'adresse.plz']);
    expect(await rows(applicationOffers)).toBe(before);
  });

  it('a product under another product path is unknown', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/taa/reise/vorbereiten',
      payload: { produkt: 'fahrrad', antworten: answers('pfad@beispiel.de') },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorBody>().error.message).toBe(
      'Dieses Produkt können Sie online nicht abschließen.',
    );
  });
});

describe('antrag: the binding application', () => {
  it('makes one running contract with the offered premium that the customer sees at once', async () => {
    const email = 'kunde@beispiel.de';
    const offer = await offerFor(email);
    const response = await apply(
      { produkt: 'fahrrad', angebotId: offer.angebotId, antworten: complete(email) },
      'key-kunde-1',
    );
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json<{
      versicherungsNummer: string;
      status: string;
      beitrag: Offer['beitrag'];
      registrierung: string;
    }>();
    expect(result.versicherungsNummer).toMatch(/^7\d{9}$/);
    expect(result).toMatchObject({
      status: 'LAUFEND',
      beitrag: offer.beitrag,
      registrierung: 'LINK_GESENDET',
    });
    // The confirmation page offers the policy without a sign-in (by the application's id).
    const policyUrl = response.json<{ dokumente: { name: string; url: string }[] }>().dokumente[0]?.url ?? '';
    const policyDownload = await t.app.inject({ method: 'GET', url: policyUrl });
    expect(policyDownload.statusCode).toBe(200);
    expect(policyDownload.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const [contract] = await t.database.db
      .select()
      .from(contracts)
      .where(eq(contracts.versicherungsNummer, result.versicherungsNummer));
    expect(contract).toMatchObject({
      status: 'LAUFEND',
      produkt: 'FAHRRAD_2',
      vertragsBeginn: addDays(today, 1),
      bruttoBeitragProPeriodeCents: offer.beitrag.bruttoCents,
      documentsReceivedOn: today,
    });
    const documents = await t.database.db
      .select({ name: contractDocuments.name })
      .from(contractDocuments)
      .where(eq(contractDocuments.contractId, contract?.id ?? ''));
    expect(documents.map((document) => document.name)).toEqual(
      expect.arrayContaining([
        'Versicherungsschein',
        'SEPA-Lastschriftmandat',
        ...offer.dokumente.map((d) => d.name),
      ]),
    );

    const declarations = await t.database.db.select().from(applicationDeclarations);
    const arten = declarations.map((declaration) => declaration.art);
    expect(arten).toEqual(
      expect.arrayContaining([
        'VORVERTRAGLICHE_INFORMATIONEN',
        'BERATUNGSVERZICHT',
        'RISIKOFRAGEN',
        'SEPA_LASTSCHRIFTMANDAT',
        'ANTRAGSERKLAERUNG',
      ]),
    );
    const preContract = declarations.find(
      (declaration) => declaration.art === 'VORVERTRAGLICHE_INFORMATIONEN',
    );
    expect(preContract?.dokumente).toEqual(
      offer.dokumente.map((document) =>
        expect.objectContaining({ typ: document.typ, sha256: document.sha256 }),
      ),
    );
    const questions = declarations.find((declaration) => declaration.art === 'RISIKOFRAGEN');
    expect(questions?.angaben).toEqual(
      expect.arrayContaining([{ frage: 'Ihr Fahrrad: Kaufpreis', antwort: '4.500,00 EUR' }]),
    );

    const [mail] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.purpose, 'APPLICATION_CONTRACT'));
    expect(mail?.body).toContain('/kunden/login/registrieren/?token=');
    expect(mail?.attachmentName).toBe(`Versicherungsschein ${result.versicherungsNummer}.pdf`);

    // The customer's portal shows the contract with the same premium.
    const account = await insertAccount(t.database.db, {
      pool: 'benutzer',
      email,
      partnerId: contract?.partnerId ?? '',
    });
    const token = await mintAccessToken(loadIdentityKeys(t.config), account);
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/vertrag/vertrag/${result.versicherungsNummer}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json<{ versicherungsPraemie: number; vertragsstatus: string }>()).toMatchObject({
      versicherungsPraemie: offer.beitrag.bruttoCents / 100,
    });

    // The policy waits in the new customer's Postfach, unread, with the PDF attached.
    const inbox = await t.app.inject({
      method: 'GET',
      url: '/api/dokument/benutzer/nachricht/eingang',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(inbox.statusCode, inbox.body).toBe(200);
    const [policyMessage] = inbox.json<{
      nachrichten: {
        id: string;
        betreff: string;
        aktenId: string;
        gelesen: boolean;
        anhaenge: { name: string }[];
      }[];
    }>().nachrichten;
    expect(policyMessage).toMatchObject({
      betreff: `Ihr Versicherungsschein ${result.versicherungsNummer}`,
      aktenId: result.versicherungsNummer,
      gelesen: false,
      anhaenge: [{ name: `Versicherungsschein ${result.versicherungsNummer}.pdf` }],
    });
    const attachment = await t.app.inject({
      method: 'GET',
      url: `/api/dokument/benutzer/nachricht/download/${policyMessage?.id ?? ''}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(attachment.statusCode).toBe(200);
    expect(attachment.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('the policy and its e-mail come from the job after the commit, once', async () => {
    const email = 'nachher@beispiel.de';
    const offer = await offerFor(email);
    const response = await apply(
      { produkt: 'fahrrad', angebotId: offer.angebotId, antworten: complete(email) },
      'key-nachher-1',
    );
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json<{
      versicherungsNummer: string;
      dokumente: { name: string; url: string }[];
    }>();
    const contractMails = () =>
      t.database.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.recipient, email), eq(outboxMessages.purpose, 'APPLICATION_CONTRACT')));
    const [contract] = await t.database.db
      .select({ id: contracts.id })
      .from(contracts)
      .where(eq(contracts.versicherungsNummer, result.versicherungsNummer));
    const documentNames = async () =>
      (
        await t.database.db
          .select({ name: contractDocuments.name })
          .from(contractDocuments)
          .where(eq(contractDocuments.contractId, contract?.id ?? ''))
      )
        .map((document) => document.name)
        .sort();
    // Committed: the contract with the pre-contract documents; the policy is still to be made.
    expect(await contractMails()).toHaveLength(0);
    expect(await documentNames()).toEqual(offer.dokumente.map((document) => document.name).sort());

    expect(await runApplicationDocumentsJob(t)).toBeGreaterThanOrEqual(1);
    const [mail] = await contractMails();
    expect(mail?.attachmentName).toBe(`Versicherungsschein ${result.versicherungsNummer}.pdf`);
    expect(mail?.body).toContain('/kunden/login/registrieren/?token=');
    expect(await documentNames()).toEqual(
      [
        'Versicherungsschein',
        'SEPA-Lastschriftmandat',
        ...offer.dokumente.map((document) => document.name),
      ].sort(),
    );
    // A second run and the confirmation page's download make nothing twice.
    expect(await runApplicationDocumentsJob(t)).toBe(0);
    const policy = await t.app.inject({ method: 'GET', url: result.dokumente[0]?.url ?? '' });
    expect(policy.statusCode).toBe(200);
    expect(pdfText(policy.rawPayload)).toContain(result.versicherungsNummer);
    expect(await contractMails()).toHaveLength(1);
    expect(await documentNames()).toHaveLength(offer.dokumente.length + 2);
  });

  it('a double submit, a retry and a second tab make one contract and get the first answer', async () => {
    const email = 'doppelt@beispiel.de';
    const offer = await offerFor(email);
    const body = { produkt: 'fahrrad', angebotId: offer.angebotId, antworten: complete(email) };
    const contractsBefore = await rows(contracts);
    const [first, second, otherTab] = await Promise.all([
      apply(body, 'key-doppelt-1'),
      apply(body, 'key-doppelt-1'),
      apply(body, 'key-doppelt-2'),
    ]);
    const retry = await apply(body, 'key-doppelt-1');
    const statuses = [first, second, otherTab].map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 200, 201]);
    const numbers = new Set(
      [first, second, otherTab, retry].map(
        (r) => r.json<{ versicherungsNummer: string }>().versicherungsNummer,
      ),
    );
    expect(numbers.size).toBe(1);
    expect(retry.statusCode).toBe(200);
    expect(await rows(contracts)).toBe(contractsBefore + 1);
  });

  it('answers changed since the offer, an unknown offer and a missing key are refused; nothing is written', async () => {
    const email = 'geaendert@beispiel.de';
    const offer = await offerFor(email);
    const before = await rows(contracts);
    const changed = complete(email);
    const moved = await apply(
      {
        produkt: 'fahrrad',
        angebotId: offer.angebotId,
        antworten: { ...changed, beginn: { ...changed.beginn, zahlweise: 'JAEHRLICH' } },
      },
      'key-geaendert-1',
    );
    expect(moved.statusCode).toBe(409);
    expect(moved.json<ErrorBody>().error.code).toBe('APPLICATION_ANSWERS_CHANGED');

    const unknown = await apply(
      { produkt: 'fahrrad', angebotId: '00000000-0000-4000-8000-000000000000', antworten: changed },
      'key-geaendert-2',
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ErrorBody>().error.message).toMatch(/Angebot/);

    const withoutDeclaration = await apply(
      { produkt: 'fahrrad', angebotId: offer.angebotId, antworten: { ...changed, erklaerung: {} } },
      'key-geaendert-3',
    );
    expect(withoutDeclaration.statusCode).toBe(422);
    expect(withoutDeclaration.json<ErrorBody>().error.fieldErrors?.[0]?.message).toBe(
      'Bitte bestätigen Sie Ihre Erklärung, um den Antrag verbindlich zu stellen.',
    );

    const noKey = await t.app.inject({
      method: 'POST',
      url: '/api/taa/fahrrad2/antrag',
      payload: { produkt: 'fahrrad', angebotId: offer.angebotId, antworten: changed },
    });
    expect(noKey.statusCode).toBe(400);
    expect(await rows(contracts)).toBe(before);
  });

  it('an expired offer is refused with 410', async () => {
    const email = 'abgelaufen@beispiel.de';
    const offer = await offerFor(email);
    await t.database.db
      .update(applicationOffers)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(applicationOffers.id, offer.angebotId));
    const response = await apply(
      { produkt: 'fahrrad', angebotId: offer.angebotId, antworten: complete(email) },
      'key-abgelaufen',
    );
    expect(response.statusCode).toBe(410);
    expect(response.json<ErrorBody>().error.message).toMatch(/abgelaufen/);
  });
});

describe('drafts', () => {
  it('saves answers, e-mails the resume link and restores them; unknown and expired drafts explain themselves', async () => {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/taa/entwuerfe',
      payload: {
        produkt: 'fahrrad',
        antworten: answers('entwurf@beispiel.de'),
        schritt: 'person',
        email: 'entwurf@beispiel.de',
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const { entwurfId } = saved.json<{ entwurfId: string }>();
    const [mail] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.purpose, 'APPLICATION_DRAFT_LINK'));
    expect(mail?.body).toContain(`/fahrrad/antrag/person/?savedDraftId=${entwurfId}`);

    const loaded = await t.app.inject({ method: 'GET', url: `/api/taa/entwuerfe/${entwurfId}` });
    expect(loaded.statusCode).toBe(200);
    const draft = loaded.json<{ antworten: Record<string, Record<string, unknown>>; schritt: string }>();
    expect(draft.schritt).toBe('person');
    expect(draft.antworten['fahrrad']).toMatchObject({
      hersteller: 'Riese & Müller',
      kaufpreisCents: 450_000,
    });
    expect(draft.antworten['fahrrad']).not.toHaveProperty('herstellerSuche');

    const unknown = await t.app.inject({ method: 'GET', url: '/api/taa/entwuerfe/unbekannt' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ErrorBody>().error.message).toMatch(/finden diesen gespeicherten Antrag nicht/);

    await t.database.db
      .update(applicationDrafts)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(applicationDrafts.id, entwurfId));
    const expired = await t.app.inject({ method: 'GET', url: `/api/taa/entwuerfe/${entwurfId}` });
    expect(expired.statusCode).toBe(410);
    expect(expired.json<ErrorBody>().error.message).toMatch(/30 Tage/);
  });
});

describe('the online risk check', () => {
  it('refers a business application whose previous insurer cancelled: check-failed, no offer, no e-mail', async () => {
    const shift = Math.round((Date.parse(today) - Date.parse(SAMPLE_DAY)) / 86_400_000);
    const moved = (value: unknown): unknown =>
      typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
        ? addDays(value, shift)
        : Array.isArray(value)
          ? value.map(moved)
          : value && typeof value === 'object'
            ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, moved(inner)]))
            : value;
    const {
      dokumente: _d,
      erklaerung: _e,
      ...sample
    } = moved(SAMPLE_APPLICATIONS.betriebshaftpflicht) as Record<string, Record<string, unknown>>;
    const antworten = {
      ...sample,
      vorversicherung: {
        vorversicherung: 'JA',
        vorversicherer: 'Beispiel Versicherung AG',
        gekuendigt: 'JA',
        kuendigungsstatus: 'SCHIRM_KUENDIGUNGSSTATUS_WURDE',
      },
    };
    const offersBefore = await rows(applicationOffers);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/taa/bhv/vorbereiten',
      payload: { produkt: 'betriebshaftpflicht', antworten },
      remoteAddress: '10.9.9.9',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      kind: 'check-failed',
      code: 'VORVERSICHERER_HAT_GEKUENDIGT',
      reason: expect.stringContaining('Fachabteilung prüft ihn gern persönlich'),
    });
    expect(await rows(applicationOffers)).toBe(offersBefore);
  });
});

describe('a dangerous breed', () => {
  it('is refused at the dog with the German reason, and no offer is made', async () => {
    const sample = SAMPLE_APPLICATIONS.tierhalterhaftpflicht as Record<string, Record<string, unknown>>;
    const shift = Math.round((Date.parse(today) - Date.parse(SAMPLE_DAY)) / 86_400_000);
    const beginn = { versicherungsbeginn: addDays(today, 1), zahlweise: 'JAEHRLICH' };
    const { dokumente: _d, erklaerung: _e, ...rest } = sample;
    const antworten = {
      ...rest,
      beginn,
      person: { ...rest['person'], geburtsdatum: addDays(String(rest['person']?.['geburtsdatum']), shift) },
      hunde: { ...rest['hunde'], hunde: [{ name: 'Rocky', rasse: 'pitbull-terrier' }] },
    };
    const offersBefore = await rows(applicationOffers);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/taa/thv/v2/vorbereiten',
      payload: { produkt: 'tierhalterhaftpflicht', antworten },
      remoteAddress: '10.9.9.10',
    });
    expect(response.statusCode, response.body).toBe(422);
    const { error } = response.json<ErrorBody>();
    expect(error.fieldErrors?.[0]?.path).toMatch(/^hunde\.hunde\.0/);
    expect(error.fieldErrors?.[0]?.message).toMatch(/Pitbull-Terrier/);
    expect(await rows(applicationOffers)).toBe(offersBefore);
  });
});

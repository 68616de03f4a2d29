// The motor application through the API on a real database (issue 13 part 8): the offer carries the
// domain tariff's premium (synthetic class table, no KFZ_CLASSES_FILE), the binding application
// makes a KFZ contract with the vehicle the class table names and a unique eVB number, which the
// result, the contract, the policy e-mail and the policy PDF carry. Dates follow today, so the test
// passes on any day.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addYears, todayInGermany } from '@schirm/domain/dates/calendar-date';
import { EVB_ALPHABET } from '@schirm/domain/products/kfz/evb';
import { DEFAULT_KFZ_CLASS_TABLE, kfzRatingInputSchema, priceKfz } from '@schirm/domain/products/kfz/tariff';
import { contractDocuments, contracts } from '../../db/schema/contracts';
import { outboxMessages } from '../../db/schema/outbox';
import { loadIdentityKeys } from '../../platform/auth/keys';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertAccount, mintAccessToken } from '../identity/identity-test-kit';
import { pdfText } from '../documents/pdf-text.test-helper';
import { POLICY_NAME } from '../documents/policy';
import { runApplicationDocumentsJob } from './documents-job.test-helper';
import { issueEvbNumber } from './evb';

let t: TestApp;
const today = todayInGermany();
const erstzulassung = addYears(today, -5);

/** The eVB alphabet: digits 2–9 and A–Z without I, L and O. */
const EVB_PATTERN = /^[2-9A-HJKMNP-Z]{7}$/;

function answers(email: string) {
  return {
    'allgemeine-versicherungsdaten': {
      hsn: '0603',
      tsn: 'BJM',
      erstzulassung,
      nutzung: 'PRIVAT',
      jaehrlicheFahrleistungKm: 12_000,
      garage: 'JA',
      plz: '80331',
    },
    fahrer: { fahrerkreis: 'VN_PARTNER', juengsterFahrerAlter: 35, sfKlasseHaftpflicht: '7' },
    tarif: { deckungsVariante: 'KFZ_VOLLKASKO', selbstbeteiligungVollkasko: 'SB_300' },
    beginn: { versicherungsbeginn: addDays(today, 1), zahlweise: 'VIERTELJAEHRLICH' },
    person: { vorname: 'Erika', nachname: 'Mustermann', geburtsdatum: '1985-04-12', email },
    adresse: { strasse: 'Marienplatz', hausnummer: '1', plz: '80331', ort: 'München' },
    sepa: { kontoinhaber: 'Erika Mustermann', iban: 'DE44500105175407324931', sepaMandat: true },
    beratungsverzicht: { beratungsverzicht: true },
  };
}

interface Offer {
  kind: string;
  angebotId: string;
  produkt: string;
  beitrag: { bruttoCents: number; nettoCents: number; nettoJahresbeitragCents: number };
}

interface Result {
  versicherungsNummer: string;
  produkt: string;
  beitrag: { bruttoCents: number };
  evbNummer?: string;
}

async function conclude(email: string, key: string) {
  const prepared = await t.app.inject({
    method: 'POST',
    url: '/api/taa/kfz/vorbereiten',
    payload: { produkt: 'kfz', antworten: answers(email) },
  });
  expect(prepared.statusCode, prepared.body).toBe(200);
  const offer = prepared.json<Offer>();
  const applied = await t.app.inject({
    method: 'POST',
    url: '/api/taa/kfz/antrag',
    payload: {
      produkt: 'kfz',
      angebotId: offer.angebotId,
      antworten: { ...answers(email), dokumente: {}, erklaerung: { antragVerbindlich: true } },
    },
    headers: { 'idempotency-key': key },
  });
  return { offer, applied };
}

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('KFZ: offer, application, contract with eVB number', () => {
  it('the premium offered and saved is the domain tariff’s; the contract carries a unique eVB number', async () => {
    const { offer, applied } = await conclude('kfz@beispiel.de', 'kfz-application-0001');
    const domain = priceKfz(
      kfzRatingInputSchema.parse({
        ...answers('')['allgemeine-versicherungsdaten'],
        ...answers('').fahrer,
        selbstbeteiligungVollkasko: 'SB_300',
        variante: 'KFZ_VOLLKASKO',
        zahlweise: 'VIERTELJAEHRLICH',
      }),
      { today, classes: DEFAULT_KFZ_CLASS_TABLE },
    );
    if (domain.kind !== 'quote') throw new Error('expected a quote');
    const premium = domain.variants[0]?.premiums[0];
    expect(offer).toMatchObject({
      kind: 'angebot',
      produkt: 'KFZ',
      beitrag: { bruttoCents: premium?.grossCents, nettoJahresbeitragCents: premium?.netAnnualCents },
    });

    expect(applied.statusCode, applied.body).toBe(201);
    const result = applied.json<Result>();
    // The policy and its e-mail are made by the job after the commit.
    expect(await runApplicationDocumentsJob(t)).toBe(1);
    expect(result).toMatchObject({ produkt: 'KFZ', beitrag: { bruttoCents: premium?.grossCents } });
    expect(result.evbNummer).toMatch(EVB_PATTERN);

    const [contract] = await t.database.db
      .select()
      .from(contracts)
      .where(eq(contracts.versicherungsNummer, result.versicherungsNummer));
    expect(contract).toMatchObject({
      produkt: 'KFZ',
      status: 'LAUFEND',
      deckungsVariante: 'KFZ_VOLLKASKO',
      bruttoBeitragProPeriodeCents: premium?.grossCents,
      nettoJahresbeitragCents: premium?.netAnnualCents,
      // The motor insurance year is the calendar year: main due date 1 January.
      hauptfaelligkeitTag: 1,
      hauptfaelligkeitMonat: 1,
      // The first term runs to the 1 January after the start.
      ablaufdatum: `${Number(addDays(today, 1).slice(0, 4)) + 1}-01-01`,
      stillschweigendeVerlaengerung: true,
    });
    expect(contract?.productDetails).toMatchObject({
      fahrzeug: {
        hsn: '0603',
        tsn: 'BJM',
        hersteller: 'Volkswagen',
        modell: 'Golf VII 1.6 TDI',
        erstzulassung,
        evbNummer: result.evbNummer,
      },
      sfKlasseHaftpflicht: '7',
      selbstbeteiligungVollkasko: 'SB_300',
      plz: '80331',
    });

    const [mail] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.recipient, 'kfz@beispiel.de'),
          eq(outboxMessages.purpose, 'APPLICATION_CONTRACT'),
        ),
      );
    expect(mail?.body).toContain(`Ihre eVB-Nummer: ${result.evbNummer}`);

    const [policy] = await t.database.db
      .select({ storageKey: contractDocuments.storageKey })
      .from(contractDocuments)
      .where(
        and(eq(contractDocuments.contractId, contract?.id ?? ''), eq(contractDocuments.name, POLICY_NAME)),
      );
    const content = await t.app.files.read(policy?.storageKey ?? '');
    if (!content) throw new Error('policy PDF missing');
    const text = pdfText(content);
    expect(text).toContain(result.evbNummer);
    expect(text).toContain('Volkswagen Golf VII 1.6 TDI');

    // The customer's portal shows the motor contract: the vehicle with its eVB number, the premium,
    // and of the changes only new bank details, besides cancellation and revocation.
    const account = await insertAccount(t.database.db, {
      pool: 'benutzer',
      email: 'kfz@beispiel.de',
      partnerId: contract?.partnerId ?? '',
    });
    const token = await mintAccessToken(loadIdentityKeys(t.config), account);
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/vertrag/vertrag/${result.versicherungsNummer}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(view.statusCode, view.body).toBe(200);
    const details = view.json<{ selbstServices: string[] }>();
    expect(details).toMatchObject({
      vertragsArt: 'KFZ',
      versicherungsTyp: 'KFZ',
      versicherungsName: 'Kfz-Versicherung',
      versicherungsPraemie: (premium?.grossCents ?? 0) / 100,
      kfz: {
        fahrzeug: { evbNummer: result.evbNummer, modell: 'Golf VII 1.6 TDI' },
        sfKlasseHaftpflicht: '7',
      },
    });
    expect(details.selbstServices.filter((slug) => slug !== 'kuendigen-widerrufen')).toEqual([
      'bankverbindung',
    ]);
  });

  it('a repeated application answers with the same contract and eVB number; a second one gets another number', async () => {
    const first = await conclude('kfz2@beispiel.de', 'kfz-application-0002');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/taa/kfz/antrag',
      payload: {
        produkt: 'kfz',
        angebotId: first.offer.angebotId,
        antworten: { ...answers('kfz2@beispiel.de'), dokumente: {}, erklaerung: { antragVerbindlich: true } },
      },
      headers: { 'idempotency-key': 'kfz-application-0002' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<Result>().evbNummer).toBe(first.applied.json<Result>().evbNummer);
    const other = await conclude('kfz3@beispiel.de', 'kfz-application-0003');
    expect(other.applied.json<Result>().evbNummer).not.toBe(first.applied.json<Result>().evbNummer);
  });

  it('cancellation dates fall on 1 January and the contract can be revoked like any other', async () => {
    const { applied } = await conclude('kfz5@beispiel.de', 'kfz-application-0005');
    const { versicherungsNummer } = applied.json<Result>();
    const [contract] = await t.database.db
      .select()
      .from(contracts)
      .where(eq(contracts.versicherungsNummer, versicherungsNummer));
    const account = await insertAccount(t.database.db, {
      pool: 'benutzer',
      email: 'kfz5@beispiel.de',
      partnerId: contract?.partnerId ?? '',
    });
    const headers = { authorization: `Bearer ${await mintAccessToken(loadIdentityKeys(t.config), account)}` };
    const options = await t.app.inject({
      method: 'GET',
      url: `/api/vertrag/vertrag/${versicherungsNummer}/kuendigungstermine`,
      headers,
    });
    expect(options.statusCode, options.body).toBe(200);
    const { kuendbar, termine, widerrufbar } = options.json<{
      kuendbar: string;
      termine: string[];
      widerrufbar: boolean;
    }>();
    expect(kuendbar).toBe('VERTRAGSENDE');
    expect(termine.length).toBeGreaterThan(0);
    for (const termin of termine) expect(termin).toMatch(/^\d{4}-01-01$/);
    expect(widerrufbar).toBe(true);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/vertrag/vertrag/${versicherungsNummer}/widerruf/BEDARF_ENTFALLEN`,
      headers,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ versicherungsNummer, vertragsstatus: 'STORNIERT' });
  });

  it('an eVB number a stored contract has is drawn again', async () => {
    const [stored] = await t.database.db
      .select()
      .from(contracts)
      .where(eq(contracts.produkt, 'KFZ'))
      .limit(1);
    const taken = (stored?.productDetails as { fahrzeug: { evbNummer: string } }).fahrzeug.evbNummer;
    // A random source that first spells the stored number, then 'ZZZZZZZ'.
    const sequence = [...taken, ...'ZZZZZZZ'].map((character) => EVB_ALPHABET.indexOf(character));
    let next = 0;
    const drawn = await issueEvbNumber(t.database.db, () => sequence[next++] ?? 0);
    expect(drawn).toBe('ZZZZZZZ');
    expect(next).toBe(14);
  });

  it('an unknown vehicle is refused with the tariff’s German reason', async () => {
    const body = answers('kfz4@beispiel.de');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/taa/kfz/vorbereiten',
      payload: {
        produkt: 'kfz',
        antworten: {
          ...body,
          'allgemeine-versicherungsdaten': { ...body['allgemeine-versicherungsdaten'], tsn: 'ZZZ' },
        },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ kind: 'uninsurable', code: 'KFZ_FAHRZEUG_UNBEKANNT' });
  });
});

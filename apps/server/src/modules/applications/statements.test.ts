// How many SQL statements an application costs (ADR 0023 addendum): every statement is a round trip,
// and on embedded PGlite every request waits for the one connection. vorbereiten stores the offer with
// 5 statements, antrag the contract with 16 (9 in its transaction); a repeat of antrag only reads.
// Counted by a logger on the Drizzle session (BEGIN and COMMIT are not counted).
import { addDays, addMonths, todayInGermany } from '@schirm/domain/dates/calendar-date';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { runApplicationDocumentsJob } from './documents-job.test-helper';

let t: TestApp;
const statements: string[] = [];
const today = todayInGermany();

function answers(email: string) {
  return {
    fahrrad: {
      art: 'EBIKE',
      typ: 'SONSTIGES_RAD',
      hersteller: 'Riese & Müller',
      kaufpreisCents: 450_000,
      kaufdatum: addMonths(today, -2),
      zustand: 'NEU',
    },
    tarif: { deckungsVariante: 'FAHRRAD_KOMFORT' },
    beginn: { versicherungsbeginn: addDays(today, 1), zahlweise: 'MONATLICH' },
    person: { vorname: 'Erika', nachname: 'Mustermann', geburtsdatum: '1985-04-12', email },
    adresse: { strasse: 'Hauptstraße', hausnummer: '12', plz: '10115', ort: 'Berlin' },
    sepa: { kontoinhaber: 'Erika Mustermann', iban: 'DE44500105175407324931', sepaMandat: true },
    beratungsverzicht: { beratungsverzicht: true },
  };
}

async function counted<T>(call: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  statements.length = 0;
  const result = await call();
  return { result, statements: [...statements] };
}

const prepare = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/taa/fahrrad2/vorbereiten',
    payload: { produkt: 'fahrrad', antworten: answers(email) },
  });

const apply = (email: string, angebotId: string, key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/taa/fahrrad2/antrag',
    headers: { 'idempotency-key': key },
    payload: {
      produkt: 'fahrrad',
      angebotId,
      antworten: { ...answers(email), dokumente: {}, erklaerung: { antragVerbindlich: true } },
    },
  });

beforeAll(async () => {
  t = await createTestApp();
  // The session's logger sees every statement, also those of the transactions it opens.
  const session = (
    t.database.db as unknown as { session: { logger: unknown; options: { logger?: unknown } } }
  ).session;
  const logger = { logQuery: (query: string) => statements.push(query) };
  session.logger = logger;
  session.options.logger = logger;
});

afterAll(async () => {
  await t.close();
});

describe('statements per application', () => {
  it('vorbereiten stores a new offer with 5 statements, antrag the contract with 16, a repeat only reads (and counts the rate limit)', async () => {
    const email = 'zaehlung@beispiel.de';
    const offer = await counted(() => prepare(email));
    expect(offer.result.statusCode, offer.result.body).toBe(200);
    expect(offer.statements).toHaveLength(5);

    const angebotId = offer.result.json<{ angebotId: string }>().angebotId;
    const applied = await counted(() => apply(email, angebotId, 'zaehlung-schluessel-0001'));
    expect(applied.result.statusCode, applied.result.body).toBe(201);
    expect(applied.statements).toHaveLength(16);
    // Nothing written is read back: no select of a partner, an address, a bank account or a contract
    // after the first insert.
    const firstInsert = applied.statements.findIndex((query) => query.startsWith('insert into "partners"'));
    expect(firstInsert).toBeGreaterThan(0);
    expect(applied.statements.slice(firstInsert).filter((query) => /^select/i.test(query))).toEqual([]);

    const repeated = await counted(() => apply(email, angebotId, 'zaehlung-schluessel-0001'));
    expect(repeated.result.statusCode).toBe(200);
    expect(repeated.result.json()).toEqual(applied.result.json());
    expect(repeated.statements.filter((query) => !/^select/i.test(query))).toEqual([
      expect.stringMatching(/^insert into "rate_limit_counters"/),
    ]);
    expect(repeated.statements).toHaveLength(2);

    // The same offer again (a reload of the documents step) reads the stored one.
    const again = await counted(() => prepare(email));
    expect(again.result.json<{ angebotId: string }>().angebotId).toBe(angebotId);
    expect(again.statements.filter((query) => !/^select/i.test(query))).toHaveLength(1);

    // The contract is whole once the job made its letters.
    expect(await runApplicationDocumentsJob(t)).toBe(1);
  });
});

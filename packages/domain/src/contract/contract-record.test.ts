import { describe, expect, it } from 'vitest';
import { SUMMARY_PRODUKTE } from '../products/enums';
import type { Vertragsstatus } from '../products/enums';
import { contractEnd, contractRecordSchema } from './contract-record';
import type { Beendigung, ContractRecord } from './contract-record';
import { detailsFor, makeContract } from './contract-fixture.test-helper';

function issuesOf(record: unknown): string[] {
  const result = contractRecordSchema.safeParse(record);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

const kuendigung: Beendigung = {
  art: 'KUENDIGUNG',
  durch: 'VERSICHERUNGSNEHMER',
  anlass: 'ORDENTLICH',
  erklaertAm: '2026-09-01',
  zum: '2027-01-01',
  grund: 'ZU_TEUER',
};
const aufhebung: Beendigung = {
  art: 'AUFHEBUNG',
  erklaertAm: '2026-09-01',
  zum: '2026-10-01',
  grund: 'RISIKOWEGFALL',
};
const widerruf: Beendigung = {
  art: 'WIDERRUF',
  erklaertAm: '2025-12-20',
  zum: '2026-01-01',
  grund: 'KEIN_BEDARF',
};
const ruecktritt: Beendigung = {
  art: 'RUECKTRITT',
  anlass: 'ERSTBEITRAG',
  erklaertAm: '2026-02-01',
  zum: '2026-01-01',
};

describe('contract record schema', () => {
  it.each(SUMMARY_PRODUKTE)('accepts a consistent %s contract', (produkt) => {
    expect(issuesOf(makeContract({ produkt }))).toEqual([]);
  });

  it('refuses product details of another product', () => {
    const record = { ...makeContract(), details: detailsFor('HAUSRAT') };
    expect(issuesOf(record)).toEqual(['Produktdetails HAUSRAT passen nicht zu BHV_2.']);
  });

  it.each<[Vertragsstatus, Beendigung | undefined, boolean]>([
    ['LAUFEND', undefined, true],
    ['LAUFEND', kuendigung, false],
    ['AUSLAUFEND', kuendigung, true],
    ['AUSLAUFEND', aufhebung, true],
    ['AUSLAUFEND', undefined, false],
    ['AUSLAUFEND', widerruf, false],
    ['BEENDET', kuendigung, true],
    ['BEENDET', undefined, false],
    ['BEENDET', aufhebung, false],
    ['AUFGEHOBEN', aufhebung, true],
    ['AUFGEHOBEN', kuendigung, false],
    ['STORNIERT', widerruf, true],
    ['STORNIERT', ruecktritt, true],
    ['STORNIERT', kuendigung, false],
    ['UNBEKANNT', undefined, true],
    ['UNBEKANNT', widerruf, true],
  ])('status %s with end %o is consistent: %s', (status, beendigung, consistent) => {
    const record = { ...makeContract(), status, beendigung };
    expect(issuesOf(record).length === 0).toBe(consistent);
  });

  it('accepts BEENDET without end declaration only for an expired fixed term', () => {
    const fixed = { ...makeContract(), stillschweigendeVerlaengerung: false, status: 'BEENDET' as const };
    expect(issuesOf(fixed)).toEqual([]);
    const unlimited = { ...fixed, ablaufdatum: undefined };
    expect(issuesOf(unlimited)).toEqual(['Status BEENDET passt nicht zur Beendigung ohne.']);
  });

  it('lets a renewing term end only on a main due date', () => {
    expect(issuesOf({ ...makeContract(), ablaufdatum: '2027-02-01' })).toEqual([
      'Ein sich verlängernder Vertrag läuft zur Hauptfälligkeit ab.',
    ]);
    expect(issuesOf({ ...makeContract(), ablaufdatum: undefined })).toEqual([
      'Ein sich verlängernder Vertrag braucht ein Ablaufdatum.',
    ]);
  });

  it('refuses an end of term before the start and a conclusion before the application', () => {
    expect(
      issuesOf({ ...makeContract(), stillschweigendeVerlaengerung: false, ablaufdatum: '2026-01-01' }),
    ).toEqual(['Das Ablaufdatum muss nach dem Vertragsbeginn liegen.']);
    expect(issuesOf({ ...makeContract(), abschlussdatum: '2025-12-09' })).toEqual([
      'Der Vertrag kann nicht vor dem Antrag geschlossen sein.',
    ]);
  });

  it('allows one pending change per type', () => {
    const change = {
      type: 'zahlweise',
      value: 'MONATLICH',
      wirksamkeitsdatum: '2027-01-01',
      createdAt: '2026-11-22T09:00:00+01:00',
      praemieNachAenderung: { nettoJahresbeitragCents: 50_000, bruttoBeitragProPeriodeCents: 5_206 },
    };
    expect(issuesOf({ ...makeContract(), vorgemerkteAenderungen: [change] })).toEqual([]);
    expect(issuesOf({ ...makeContract(), vorgemerkteAenderungen: [change, change] })).toEqual([
      'Je Art ist höchstens eine Änderung vorgemerkt.',
    ]);
  });

  it.each([
    [{ day: 29, month: 2 }, false],
    [{ day: 28, month: 2 }, true],
    [{ day: 31, month: 4 }, false],
    [{ day: 31, month: 12 }, true],
  ])('main due date %o is valid: %s', (hauptfaelligkeit, valid) => {
    const record = { ...makeContract(), hauptfaelligkeit, stillschweigendeVerlaengerung: false };
    expect(issuesOf(record).length === 0).toBe(valid);
  });

  it('requires a qualified reminder to give at least two weeks', () => {
    const item = (zahlungsfristBis: string) => ({
      art: 'FOLGEBEITRAG',
      faelligAm: '2026-10-01',
      betragCents: 59_500,
      gemahnt: { am: '2026-10-10', zahlungsfristBis },
    });
    expect(issuesOf({ ...makeContract(), offeneBeitraege: [item('2026-10-24')] })).toEqual([]);
    expect(issuesOf({ ...makeContract(), offeneBeitraege: [item('2026-10-23')] })).toEqual([
      'Die Zahlungsfrist einer Mahnung beträgt mindestens zwei Wochen.',
    ]);
  });

  it('refuses an invalid IBAN, mandate reference and contract number', () => {
    const record = makeContract();
    const bank = record.bankverbindung!;
    expect(issuesOf({ ...record, bankverbindung: { ...bank, iban: 'DE62370400440532013002' } })).toEqual([
      'Die IBAN ist ungültig.',
    ]);
    const mandate = { ...bank.sepaMandat, mandatsreferenz: 'mit Leerzeichen' };
    expect(issuesOf({ ...record, bankverbindung: { ...bank, sepaMandat: mandate } })).toHaveLength(1);
    expect(issuesOf({ ...record, versicherungsNummer: '12345678' })).toHaveLength(1);
  });
});

describe('contractEnd', () => {
  const base: ContractRecord = makeContract();
  it.each<[string, Partial<ContractRecord>, string | undefined]>([
    ['renewing without declaration', {}, undefined],
    ['unlimited', { ablaufdatum: undefined, stillschweigendeVerlaengerung: false }, undefined],
    ['fixed term', { stillschweigendeVerlaengerung: false }, '2027-01-01'],
    ['cancelled', { beendigung: kuendigung }, '2027-01-01'],
    ['rescinded', { beendigung: aufhebung }, '2026-10-01'],
  ])('%s', (_, overrides, expected) => {
    expect(contractEnd({ ...base, ...overrides })).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { addDays, addMonths, addYears, compareDates, dateParts, maxDate } from '../dates/calendar-date';
import type { Kuendbar } from '../products/enums';
import { contractEnd, contractRecordSchema } from './contract-record';
import type { ContractRecord, PendingChange } from './contract-record';
import { makeContract } from './contract-fixture.test-helper';
import { hauptfaelligkeitOf, mainDueDateIn, nextMainDueDate } from './main-due-date';
import type { Hauptfaelligkeit } from './main-due-date';
import { isActive } from './status';
import {
  agreeRescission,
  cancelContract,
  earliestCancellationDate,
  isValidCancellationDate,
  kuendbar,
  LANGLAEUFER_JAHRE,
  ORDENTLICHE_KUENDIGUNGSFRIST_MONATE,
  ordinaryCancellationDates,
  ordinaryEndDates,
  standardLaufzeit,
  suggestedCancellationDate,
  withdrawCancellation,
} from './termination';
import type { Kuendigungsgrundlage } from './termination';

// Base: starts 01.01.2026, one-year term renewing at the main due date 01.01.
const base = makeContract();
const unlimited = makeContract({ ablaufdatum: undefined, stillschweigendeVerlaengerung: false });
const daily = makeContract({
  ablaufdatum: undefined,
  stillschweigendeVerlaengerung: false,
  taeglichKuendbar: true,
});
const fixedOneYear = makeContract({ stillschweigendeVerlaengerung: false });
const fiveYearsRenewing = makeContract({ ablaufdatum: '2031-01-01' });
const fiveYearsFixed = makeContract({ ablaufdatum: '2031-01-01', stillschweigendeVerlaengerung: false });
const threeYearsFixed = makeContract({ ablaufdatum: '2029-01-01', stillschweigendeVerlaengerung: false });
const ending: ContractRecord = {
  ...base,
  status: 'AUSLAUFEND',
  beendigung: {
    art: 'KUENDIGUNG',
    durch: 'VERSICHERUNGSNEHMER',
    anlass: 'ORDENTLICH',
    erklaertAm: '2026-09-01',
    zum: '2028-01-01',
    grund: 'ZU_TEUER',
  },
};
const firstOfMarch = makeContract({
  vertragsBeginn: '2026-03-01',
  ablaufdatum: '2027-03-01',
  hauptfaelligkeit: { day: 1, month: 3 },
  wirksamkeitsdatum: '2026-03-01',
});
const endOfMay = makeContract({
  antragsdatum: '2025-05-01',
  abschlussdatum: '2025-05-01',
  vertragsBeginn: '2025-05-31',
  ablaufdatum: '2026-05-31',
  hauptfaelligkeit: { day: 31, month: 5 },
  wirksamkeitsdatum: '2025-05-31',
});

describe('kuendbar', () => {
  it.each<[string, ContractRecord, string, Kuendbar]>([
    ['renewing one-year term', base, '2026-11-22', 'VERTRAGSENDE'],
    ['unlimited term (§11 (2) VVG)', unlimited, '2026-11-22', 'VERTRAGSENDE'],
    ['daily cancellable terms', daily, '2026-11-22', 'TAEGLICH'],
    ['fixed one-year term', fixedOneYear, '2026-11-22', 'NEIN'],
    ['fixed three-year term', threeYearsFixed, '2026-11-22', 'NEIN'],
    ['fixed five-year term (§11 (4) VVG)', fiveYearsFixed, '2026-11-22', 'VERTRAGSENDE'],
    ['fixed five-year term, last §11 (4) date missed', fiveYearsFixed, '2030-10-01', 'NEIN'],
    ['already cancelled', ending, '2026-11-22', 'NEIN'],
    ['ended', { ...base, status: 'BEENDET', stillschweigendeVerlaengerung: false }, '2027-01-02', 'NEIN'],
    ['status unknown', { ...base, status: 'UNBEKANNT' }, '2026-11-22', 'NEIN'],
    ['daily, fixed term ending tomorrow', { ...daily, ablaufdatum: '2026-11-23' }, '2026-11-22', 'NEIN'],
  ])('%s on %s: %s', (_, record, today, expected) => {
    expect(kuendbar(record, today)).toBe(expected);
  });
});

describe('earliestCancellationDate, ordinary', () => {
  it.each<[string, ContractRecord, string, string | undefined]>([
    ['notice received 30.09. for 31.12. 24:00', base, '2026-09-30', '2027-01-01'],
    ['notice received 01.10. is late: next year', base, '2026-10-01', '2028-01-01'],
    ['today (22.11.2026)', base, '2026-11-22', '2028-01-01'],
    ['in the first months of the term', base, '2026-01-15', '2027-01-01'],
    ['before the start', base, '2025-12-20', '2027-01-01'],
    ['main due date 01.03.: last day 30.11.', firstOfMarch, '2026-11-30', '2027-03-01'],
    ['main due date 01.03.: 01.12. is late', firstOfMarch, '2026-12-01', '2028-03-01'],
    ['main due date 31.05.: last day 28.02.', endOfMay, '2026-02-28', '2026-05-31'],
    ['main due date 31.05.: 01.03. is late', endOfMay, '2026-03-01', '2027-05-31'],
    ['unlimited term', unlimited, '2026-09-30', '2027-01-01'],
    ['five years: end of the third year (§11 (4) VVG)', fiveYearsRenewing, '2026-11-22', '2029-01-01'],
    ['five years: after the third year', fiveYearsRenewing, '2028-10-15', '2030-01-01'],
    ['daily: tomorrow', daily, '2026-11-22', '2026-11-23'],
    [
      'daily, not yet started: the start',
      { ...daily, vertragsBeginn: '2027-01-01' },
      '2026-11-22',
      '2027-01-01',
    ],
    ['fixed one-year term', fixedOneYear, '2026-11-22', undefined],
  ])('%s', (_, record, today, expected) => {
    expect(earliestCancellationDate(record, today)).toBe(expected);
  });

  it('lists the next contract-year ends', () => {
    expect(ordinaryCancellationDates(base, '2026-11-22', 3)).toEqual([
      '2028-01-01',
      '2029-01-01',
      '2030-01-01',
    ]);
    expect(ordinaryCancellationDates(fiveYearsRenewing, '2026-11-22', 4)).toEqual([
      '2029-01-01',
      '2030-01-01',
      '2031-01-01',
      '2032-01-01',
    ]);
    expect(ordinaryCancellationDates(fiveYearsFixed, '2026-11-22', 4)).toEqual(['2029-01-01', '2030-01-01']);
    expect(ordinaryCancellationDates(base, '2026-11-22', 0)).toEqual([]);
  });
});

describe('special cancellations', () => {
  const afterClaim: Kuendigungsgrundlage = { anlass: 'SCHADENFALL', schadenAbgeschlossenAm: '2026-11-01' };
  const afterIncrease: Kuendigungsgrundlage = {
    anlass: 'BEITRAGSERHOEHUNG',
    mitteilungErhaltenAm: '2026-11-10',
    erhoehungWirksamAb: '2027-01-01',
  };

  it.each<[string, ContractRecord, Kuendigungsgrundlage, string, string | undefined]>([
    ['claim: immediately', base, afterClaim, '2026-11-22', '2026-11-23'],
    ['claim: last day of the month window', base, afterClaim, '2026-12-01', '2026-12-02'],
    ['claim: window passed', base, afterClaim, '2026-12-02', undefined],
    ['claim: before the claim was settled', base, afterClaim, '2026-10-31', undefined],
    ['claim: while an ordinary cancellation runs', ending, afterClaim, '2026-11-22', '2026-11-23'],
    ['increase: when it takes effect', base, afterIncrease, '2026-11-22', '2027-01-01'],
    ['increase: window passed', base, afterIncrease, '2026-12-11', undefined],
    [
      'increase already in effect: tomorrow',
      base,
      { ...afterIncrease, erhoehungWirksamAb: '2026-11-01' },
      '2026-11-22',
      '2026-11-23',
    ],
    ['not active', { ...base, status: 'UNBEKANNT' }, afterClaim, '2026-11-22', undefined],
  ])('%s', (_, record, grundlage, today, expected) => {
    expect(earliestCancellationDate(record, today, grundlage)).toBe(expected);
  });

  it.each<[string, Kuendigungsgrundlage, string, boolean]>([
    ['claim: tomorrow', afterClaim, '2026-11-23', true],
    ['claim: end of the insurance period', afterClaim, '2027-01-01', true],
    ['claim: after the insurance period', afterClaim, '2027-01-02', false],
    ['claim: today', afterClaim, '2026-11-22', false],
    ['increase: the day it takes effect', afterIncrease, '2027-01-01', true],
    ['increase: another day', afterIncrease, '2026-12-15', false],
  ])('%s (%s) valid: %s', (_, grundlage, date, valid) => {
    expect(isValidCancellationDate(base, date, '2026-11-22', grundlage)).toBe(valid);
  });
});

describe('isValidCancellationDate, ordinary', () => {
  it.each<[string, ContractRecord, string, boolean]>([
    ['earliest contract-year end', base, '2028-01-01', true],
    ['a later contract-year end', base, '2030-01-01', true],
    ['a contract-year end inside the notice period', base, '2027-01-01', false],
    ['no contract-year end', base, '2028-02-01', false],
    ['the day before a contract-year end', base, '2027-12-31', false],
    ['daily: tomorrow', daily, '2026-11-23', true],
    ['daily: any later day', daily, '2027-05-17', true],
    ['daily: today', daily, '2026-11-22', false],
    ['five years fixed: end of year four', fiveYearsFixed, '2030-01-01', true],
    ['five years fixed: the agreed end itself', fiveYearsFixed, '2031-01-01', false],
    ['already cancelled', ending, '2028-01-01', false],
  ])('%s (%s): %s', (_, record, date, valid) => {
    expect(isValidCancellationDate(record, date, '2026-11-22')).toBe(valid);
  });
});

describe('cancelContract', () => {
  const zahlweise: PendingChange = {
    type: 'zahlweise',
    value: 'MONATLICH',
    wirksamkeitsdatum: '2027-01-01',
    createdAt: '2026-11-01T10:00:00+01:00',
    praemieNachAenderung: { nettoJahresbeitragCents: 50_000, bruttoBeitragProPeriodeCents: 5_206 },
  };
  const jahresumsatz: PendingChange = {
    type: 'jahresumsatz',
    value: 30_000_000,
    wirksamkeitsdatum: '2028-01-01',
    createdAt: '2026-11-01T10:00:00+01:00',
    praemieNachAenderung: { nettoJahresbeitragCents: 60_000, bruttoBeitragProPeriodeCents: 71_400 },
  };

  it('ends at the earliest date when none is named (§312k BGB) and drops changes from that day', () => {
    const record = { ...base, vorgemerkteAenderungen: [zahlweise, jahresumsatz] };
    const result = cancelContract(record, { grund: 'ZU_TEUER', freitext: 'Zu teuer' }, '2026-11-22');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.status).toBe('AUSLAUFEND');
    expect(result.value.beendigung).toEqual({
      art: 'KUENDIGUNG',
      durch: 'VERSICHERUNGSNEHMER',
      anlass: 'ORDENTLICH',
      erklaertAm: '2026-11-22',
      zum: '2028-01-01',
      grund: 'ZU_TEUER',
      freitext: 'Zu teuer',
    });
    expect(result.value.vorgemerkteAenderungen.map((c) => c.type)).toEqual(['zahlweise']);
    expect(contractRecordSchema.safeParse(result.value).success).toBe(true);
  });

  it('takes a named valid date', () => {
    const result = cancelContract(base, { zum: '2029-01-01', grund: 'ZU_TEUER' }, '2026-11-22');
    expect(result.ok && result.value.beendigung?.zum).toBe('2029-01-01');
  });

  it('refuses an invalid date and a contract that cannot be cancelled', () => {
    expect(cancelContract(base, { zum: '2027-01-01', grund: 'X' }, '2026-11-22')).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_CANCELLATION_DATE',
        userMessage: 'Zu diesem Datum kann der Vertrag nicht gekündigt werden.',
      },
    });
    expect(cancelContract(fixedOneYear, { grund: 'X' }, '2026-11-22')).toMatchObject({
      ok: false,
      error: { code: 'NOT_CANCELLABLE', userMessage: 'Dieser Vertrag kann zurzeit nicht gekündigt werden.' },
    });
  });

  it('lets a special cancellation bring an ordinary one forward', () => {
    const grundlage: Kuendigungsgrundlage = { anlass: 'SCHADENFALL', schadenAbgeschlossenAm: '2026-11-01' };
    const result = cancelContract(ending, { grundlage, zum: '2026-12-01', grund: 'SCHADEN' }, '2026-11-22');
    expect(result.ok && result.value.beendigung).toMatchObject({ anlass: 'SCHADENFALL', zum: '2026-12-01' });
    expect(result.ok && result.value.status).toBe('AUSLAUFEND');
  });

  it('takes a cancellation back before its end', () => {
    const result = withdrawCancellation(ending, '2027-12-31');
    expect(result.ok && result.value.status).toBe('LAUFEND');
    expect(result.ok && result.value.beendigung).toBeUndefined();
    expect(withdrawCancellation(ending, '2028-01-01').ok).toBe(false);
  });
});

describe('agreeRescission', () => {
  it.each<[string, ContractRecord, string, string]>([
    ['back-dated to the day the risk ceased', base, '2026-10-01', 'AUFGEHOBEN'],
    ['today', base, '2026-11-22', 'AUFGEHOBEN'],
    ['in the future', base, '2026-12-15', 'AUSLAUFEND'],
    ['in the future, replacing a cancellation', ending, '2026-12-15', 'AUSLAUFEND'],
  ])('%s', (_, record, zum, status) => {
    const result = agreeRescission(record, { zum, grund: 'RISIKOWEGFALL' }, '2026-11-22');
    expect(result.ok && result.value.status).toBe(status);
    expect(result.ok && result.value.beendigung).toMatchObject({ art: 'AUFHEBUNG', zum });
    expect(result.ok && contractRecordSchema.safeParse(result.value).success).toBe(true);
  });

  it('refuses a day before the start and a contract no longer active', () => {
    expect(agreeRescission(base, { zum: '2025-12-31', grund: 'X' }, '2026-11-22')).toMatchObject({
      ok: false,
      error: { userMessage: 'Der Aufhebungstag liegt vor dem Vertragsbeginn.' },
    });
    const revoked: ContractRecord = {
      ...base,
      status: 'STORNIERT',
      beendigung: { art: 'WIDERRUF', erklaertAm: '2025-12-20', zum: '2026-01-01', grund: 'X' },
    };
    expect(agreeRescission(revoked, { zum: '2026-12-01', grund: 'X' }, '2026-11-22')).toMatchObject({
      ok: false,
      error: { code: 'NOT_RESCINDABLE' },
    });
  });
});

describe('standardLaufzeit', () => {
  it.each([
    [
      'BHV_2',
      undefined,
      {
        hauptfaelligkeit: { day: 15, month: 3 },
        ablaufdatum: '2028-03-15',
        stillschweigendeVerlaengerung: true,
        taeglichKuendbar: false,
      },
    ],
    [
      'HAUSRAT',
      undefined,
      {
        hauptfaelligkeit: { day: 15, month: 3 },
        stillschweigendeVerlaengerung: false,
        taeglichKuendbar: true,
      },
    ],
    [
      'FAHRRAD_2',
      undefined,
      {
        hauptfaelligkeit: { day: 15, month: 3 },
        stillschweigendeVerlaengerung: false,
        taeglichKuendbar: true,
      },
    ],
    [
      'FAHRRAD',
      undefined,
      {
        hauptfaelligkeit: { day: 15, month: 3 },
        ablaufdatum: '2028-03-15',
        stillschweigendeVerlaengerung: true,
        taeglichKuendbar: false,
      },
    ],
    [
      'KFZ',
      undefined,
      {
        hauptfaelligkeit: { day: 1, month: 1 },
        ablaufdatum: '2028-01-01',
        stillschweigendeVerlaengerung: true,
        taeglichKuendbar: false,
      },
    ],
    [
      'REISE',
      '2027-04-02',
      {
        hauptfaelligkeit: { day: 15, month: 3 },
        ablaufdatum: '2027-04-03',
        stillschweigendeVerlaengerung: false,
        taeglichKuendbar: false,
      },
    ],
  ] as const)('%s', (produkt, reiseEnde, expected) => {
    expect(
      standardLaufzeit({ produkt, vertragsBeginn: '2027-03-15', ...(reiseEnde ? { reiseEnde } : {}) }),
    ).toEqual(expected);
  });

  it('KFZ starting on 1 January runs one full calendar year', () => {
    expect(standardLaufzeit({ produkt: 'KFZ', vertragsBeginn: '2027-01-01' }).ablaufdatum).toBe('2028-01-01');
  });

  it('needs the last travel day for REISE', () => {
    expect(() => standardLaufzeit({ produkt: 'REISE', vertragsBeginn: '2027-03-15' })).toThrow(RangeError);
  });
});

// The walk from the contract start that ordinaryEndDates and ordinaryCancellationDates did before
// they skipped to the years of interest, kept as the reference for the comparison below.
const walkFromStart = (() => {
  function* mainDueDatesFrom(h: Hauptfaelligkeit, first: string): Generator<string> {
    for (let year = dateParts(first).year; ; year += 1) yield mainDueDateIn(h, year);
  }
  function* longTermYearEnds(record: ContractRecord, before: string): Generator<string> {
    if (compareDates(before, addYears(record.vertragsBeginn, LANGLAEUFER_JAHRE)) <= 0) return;
    for (let years = LANGLAEUFER_JAHRE; ; years += 1) {
      const end = addYears(record.vertragsBeginn, years);
      if (compareDates(end, before) >= 0) return;
      yield end;
    }
  }
  function* ordinaryEndDates(record: ContractRecord): Generator<string> {
    const { ablaufdatum } = record;
    if (ablaufdatum === undefined) {
      yield* mainDueDatesFrom(
        record.hauptfaelligkeit,
        nextMainDueDate(record.hauptfaelligkeit, record.vertragsBeginn),
      );
      return;
    }
    yield* longTermYearEnds(record, ablaufdatum);
    if (!record.stillschweigendeVerlaengerung) return;
    for (const date of mainDueDatesFrom(record.hauptfaelligkeit, ablaufdatum)) {
      if (compareDates(date, ablaufdatum) >= 0) yield date;
    }
  }
  function ordinaryCancellationDates(record: ContractRecord, today: string, count: number): string[] {
    const dates: string[] = [];
    if (count <= 0) return dates;
    for (const date of ordinaryEndDates(record)) {
      const noticeRespected = compareDates(addMonths(today, ORDENTLICHE_KUENDIGUNGSFRIST_MONATE), date) < 0;
      if (noticeRespected && compareDates(date, record.vertragsBeginn) > 0) {
        dates.push(date);
        if (dates.length === count) break;
      }
    }
    return dates;
  }
  function dailyEarliest(record: ContractRecord, today: string): string | undefined {
    const earliest = maxDate(addDays(today, 1), record.vertragsBeginn);
    const end = contractEnd(record);
    return end !== undefined && compareDates(earliest, end) >= 0 ? undefined : earliest;
  }
  function kuendbar(record: ContractRecord, today: string): Kuendbar {
    if (!isActive(record.status) || record.beendigung !== undefined) return 'NEIN';
    if (record.taeglichKuendbar) return dailyEarliest(record, today) === undefined ? 'NEIN' : 'TAEGLICH';
    return ordinaryCancellationDates(record, today, 1).length > 0 ? 'VERTRAGSENDE' : 'NEIN';
  }
  function earliestOrdinary(record: ContractRecord, today: string): string | undefined {
    const rule = kuendbar(record, today);
    if (rule === 'TAEGLICH') return dailyEarliest(record, today);
    return rule === 'VERTRAGSENDE' ? ordinaryCancellationDates(record, today, 1)[0] : undefined;
  }
  return { ordinaryEndDates, ordinaryCancellationDates, kuendbar, earliestOrdinary };
})();

function firstOf(dates: Iterable<string>, count: number): string[] {
  const taken: string[] = [];
  for (const date of dates) {
    if (taken.push(date) === count) break;
  }
  return taken;
}

describe('ordinary end dates match the walk from the contract start they replaced', () => {
  const terms: ((beginn: string) => Partial<ContractRecord>)[] = [
    () => ({ ablaufdatum: undefined, stillschweigendeVerlaengerung: false }),
    () => ({ ablaufdatum: undefined, stillschweigendeVerlaengerung: false, taeglichKuendbar: true }),
    (beginn) => ({ ablaufdatum: addYears(beginn, 1), stillschweigendeVerlaengerung: true }),
    (beginn) => ({ ablaufdatum: addYears(beginn, 1), stillschweigendeVerlaengerung: false }),
    (beginn) => ({ ablaufdatum: addMonths(beginn, 2), stillschweigendeVerlaengerung: false }),
    (beginn) => ({ ablaufdatum: addYears(beginn, 3), stillschweigendeVerlaengerung: false }),
    (beginn) => ({ ablaufdatum: addDays(addYears(beginn, 3), 1), stillschweigendeVerlaengerung: false }),
    (beginn) => ({ ablaufdatum: addYears(beginn, 5), stillschweigendeVerlaengerung: true }),
    (beginn) => ({ ablaufdatum: addYears(beginn, 10), stillschweigendeVerlaengerung: false }),
    (beginn) => ({ ablaufdatum: addYears(beginn, 25), stillschweigendeVerlaengerung: false }),
  ];
  const dueDates = (beginn: string): Hauptfaelligkeit[] => [
    hauptfaelligkeitOf(beginn),
    { day: 1, month: 1 },
    { day: 28, month: 2 },
    { day: 30, month: 6 },
    { day: 31, month: 12 },
  ];
  const beginne = ['1990-01-01', '2000-02-29', '2020-02-29', '2023-12-31', '2025-01-01', '2026-11-23'];
  for (let day = '1991-03-17'; day < '2028-01-01'; day = addDays(day, 97)) beginne.push(day);
  const records: ContractRecord[] = [];
  beginne.forEach((vertragsBeginn, index) => {
    terms.forEach((term, t) => {
      const hauptfaelligkeit = dueDates(vertragsBeginn)[(index + t) % 5]!;
      records.push({ ...base, vertragsBeginn, hauptfaelligkeit, ...term(vertragsBeginn) });
    });
  });
  const cancelled = { ...ending, vertragsBeginn: '2016-04-30', ablaufdatum: undefined };
  records.push(cancelled, { ...base, status: 'BEENDET', stillschweigendeVerlaengerung: false });

  function daysFor(record: ContractRecord): string[] {
    const { vertragsBeginn: beginn, ablaufdatum } = record;
    const days = ['2026-11-23', '2026-09-30', '2026-10-01', addDays(beginn, -40), addDays(beginn, 80)];
    days.push(addDays(addMonths(addYears(beginn, 3), -3), -1), addMonths(addYears(beginn, 3), -3));
    if (ablaufdatum !== undefined)
      days.push(addMonths(ablaufdatum, -3), addDays(addMonths(ablaufdatum, -3), -1));
    return days;
  }

  it('end dates, the next three cancellation dates, the earliest one and kuendbar', () => {
    const wrong: unknown[] = [];
    for (const record of records) {
      const ends = firstOf(ordinaryEndDates(record), 6);
      const expectedEnds = firstOf(walkFromStart.ordinaryEndDates(record), 6);
      if (JSON.stringify(ends) !== JSON.stringify(expectedEnds)) wrong.push({ record, ends, expectedEnds });
      for (const today of daysFor(record)) {
        const actual = [
          ordinaryCancellationDates(record, today, 3),
          earliestCancellationDate(record, today),
          kuendbar(record, today),
        ];
        const expected = [
          walkFromStart.ordinaryCancellationDates(record, today, 3),
          walkFromStart.earliestOrdinary(record, today),
          walkFromStart.kuendbar(record, today),
        ];
        if (JSON.stringify(actual) !== JSON.stringify(expected))
          wrong.push({ record, today, actual, expected });
      }
    }
    expect(records.length).toBeGreaterThan(1000);
    expect(wrong.slice(0, 5)).toEqual([]);
  });
});

describe('suggested cancellation date', () => {
  it('is the earliest ordinary date of a contract ending with the insurance year', () => {
    expect(suggestedCancellationDate(base, '2026-11-22')).toBe('2028-01-01');
    expect(suggestedCancellationDate(base, '2026-09-15')).toBe('2027-01-01');
  });

  it('is the end of an insurance year with notice, not tomorrow, for a contract cancellable daily', () => {
    expect(earliestCancellationDate(daily, '2026-11-22')).toBe('2026-11-23');
    expect(suggestedCancellationDate(daily, '2026-11-22')).toBe('2028-01-01');
    expect(suggestedCancellationDate(daily, '2026-09-15')).toBe('2027-01-01');
  });

  it('is none when the contract ends before such a date or cannot be cancelled', () => {
    const dailyFixed = makeContract({
      ablaufdatum: '2027-03-01',
      stillschweigendeVerlaengerung: false,
      taeglichKuendbar: true,
    });
    expect(suggestedCancellationDate(dailyFixed, '2026-11-22')).toBeUndefined();
    expect(suggestedCancellationDate({ ...base, status: 'BEENDET' }, '2026-11-22')).toBeUndefined();
  });
});

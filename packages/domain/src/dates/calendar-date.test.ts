import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  addYears,
  dateParts,
  dayOfWeek,
  daysBetween,
  daysInMonth,
  formatGermanDate,
  isCalendarDate,
  makeDate,
  parseGermanDate,
  todayInGermany,
} from './calendar-date';

describe('calendar dates', () => {
  it.each([
    ['2026-02-28', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['26-01-01', false],
  ])('isCalendarDate(%s) = %s', (value, expected) => {
    expect(isCalendarDate(value)).toBe(expected);
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('clamps months to the last day', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addYears('2028-02-29', 1)).toBe('2029-02-28');
  });

  it('counts days between', () => {
    expect(daysBetween('2026-11-22', '2026-12-06')).toBe(14);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
  });

  it('formats and parses German dates', () => {
    expect(formatGermanDate('2026-01-05')).toBe('05.01.2026');
    expect(parseGermanDate('5.1.2026')).toBe('2026-01-05');
    expect(parseGermanDate('31.02.2026')).toBeUndefined();
  });

  it('takes today in Berlin, not UTC', () => {
    expect(todayInGermany(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-23');
    expect(todayInGermany(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
    expect(todayInGermany(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
  });
});

// The Date-based implementation this module had until the integer arithmetic replaced it, kept as
// the reference every answer is compared with (including the errors it threw).
const reference = (() => {
  const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
  function isCalendarDate(value: string): boolean {
    const match = ISO_DATE.exec(value);
    if (!match) return false;
    const [, y, m, d] = match.map(Number) as [number, number, number, number];
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  }
  function toUtc(date: string): Date {
    if (!isCalendarDate(date)) throw new RangeError(`Invalid calendar date: ${date}`);
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    return new Date(Date.UTC(y, m - 1, d));
  }
  function fromUtc(date: Date): string {
    return date.toISOString().slice(0, 10);
  }
  function dateParts(date: string): { year: number; month: number; day: number } {
    const d = toUtc(date);
    return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
  }
  function makeDate(year: number, month: number, day: number): string {
    const value = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    if (!isCalendarDate(value)) throw new RangeError(`Invalid calendar date: ${value}`);
    return value;
  }
  function addDays(date: string, days: number): string {
    const d = toUtc(date);
    d.setUTCDate(d.getUTCDate() + days);
    return fromUtc(d);
  }
  function daysInMonth(year: number, month: number): number {
    return new Date(Date.UTC(year, month, 0)).getUTCDate();
  }
  function addMonths(date: string, months: number): string {
    const { year, month, day } = dateParts(date);
    const total = year * 12 + (month - 1) + months;
    const targetYear = Math.floor(total / 12);
    const targetMonth = (total % 12) + 1;
    return makeDate(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
  }
  function addYears(date: string, years: number): string {
    return addMonths(date, years * 12);
  }
  function daysBetween(a: string, b: string): number {
    return Math.round((toUtc(b).getTime() - toUtc(a).getTime()) / 86_400_000);
  }
  function dayOfWeek(date: string): number {
    return toUtc(date).getUTCDay();
  }
  function formatGermanDate(date: string): string {
    const { year, month, day } = dateParts(date);
    return `${String(day).padStart(2, '0')}.${String(month).padStart(2, '0')}.${String(year).padStart(4, '0')}`;
  }
  function parseGermanDate(value: string): string | undefined {
    const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value.trim());
    if (!match) return undefined;
    const candidate = `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
    return isCalendarDate(candidate) ? candidate : undefined;
  }
  return {
    isCalendarDate,
    dateParts,
    makeDate,
    addDays,
    addMonths,
    addYears,
    daysInMonth,
    daysBetween,
    dayOfWeek,
    formatGermanDate,
    parseGermanDate,
  };
})();

class Thrown {
  constructor(readonly text: string) {}
}

/** What a call answered: its value, or the class and message of what it threw. */
function outcome<C extends unknown[]>(fn: (...args: C) => unknown, args: C): unknown {
  try {
    return fn(...args);
  } catch (error) {
    return new Thrown(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  }
}

function same(a: unknown, b: unknown): boolean {
  return Object.is(a, b) || (typeof a === 'object' && JSON.stringify(a) === JSON.stringify(b));
}

/** Calls both implementations per case; answers the cases where they differ (at most 20). */
function differences<C extends unknown[]>(
  cases: Iterable<C>,
  actual: (...args: C) => unknown,
  expected: (...args: C) => unknown,
): { args: C; actual: unknown; expected: unknown }[] {
  const found: { args: C; actual: unknown; expected: unknown }[] = [];
  for (const args of cases) {
    const a = outcome(actual, args);
    const e = outcome(expected, args);
    if (!same(a, e)) {
      found.push({ args, actual: a, expected: e });
      if (found.length === 20) break;
    }
  }
  return found;
}

const FIRST_DAY = Date.UTC(1899, 11, 25);
const LAST_DAY = Date.UTC(2201, 0, 5);
const DAY_MS = 86_400_000;
/** Every day from 1899-12-25 to 2201-01-05, made with Date, independently of the module. */
const ALL_DAYS: readonly string[] = Array.from({ length: (LAST_DAY - FIRST_DAY) / DAY_MS + 1 }, (_, index) =>
  new Date(FIRST_DAY + index * DAY_MS).toISOString().slice(0, 10),
);
/** Days where month arithmetic clamps: the last four days of every month. */
const EDGE_DAYS = ALL_DAYS.filter((d) => d.slice(8) >= '28');
const MALFORMED = [
  '',
  '2026-1-01',
  '2026-01-1',
  ' 2026-01-01',
  '2026-01-01 ',
  '2026-01-01\n',
  '2026/01/01',
  '2026-01-0a',
  '2026-0a-01',
  '202a-01-01',
  '２０２６-01-01',
  '+02026-01-01',
  '-2026-01-01',
  '20260101',
  '2026-01-01T00:00:00Z',
  '0000-01-01',
  '0050-06-15',
  '0099-12-31',
  '0100-01-01',
  '0100-02-29',
  '0400-02-29',
  '1900-02-29',
  '2000-02-29',
  '2100-02-29',
  '9999-12-31',
  '2026-00-10',
  '2026-13-10',
  '2026-04-31',
  '2026-04-00',
  '2026-12-32',
];
const DAY_OFFSETS = [-1e8 - 20_000, -800_000, -30_000, -366, -29, -1, 0, 1, 27, 28, 31, 366, 3_000_000];
const ODD_OFFSETS = [0.5, -0.5, 1.5, -1.5, 27.9, -27.9, 1e-9, Number.NaN, Infinity, -Infinity, 1e8, -1e8];
const MONTH_OFFSETS = [-1201, -13, -1, 1, 12, 25];

function* cross<A, B>(as: Iterable<A>, bs: readonly B[]): Generator<[A, B]> {
  for (const a of as) for (const b of bs) yield [a, b];
}

describe('calendar dates match the Date-based implementation they replaced', () => {
  // Every day of the range against Date directly (the reference's own arithmetic, without its
  // string checks: calling it for every function and day would take several seconds).
  it('every day 1899-12-25 to 2201-01-05: check, parts, weekday, neighbours, distance, German form', () => {
    const wrong: string[] = [];
    ALL_DAYS.forEach((day, index) => {
      const utc = new Date(FIRST_DAY + index * DAY_MS);
      const year = utc.getUTCFullYear();
      const month = utc.getUTCMonth() + 1;
      const german = `${day.slice(8)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
      const parts = dateParts(day);
      const matches =
        isCalendarDate(day) &&
        parts.year === year &&
        parts.month === month &&
        parts.day === utc.getUTCDate() &&
        makeDate(year, month, utc.getUTCDate()) === day &&
        dayOfWeek(day) === utc.getUTCDay() &&
        addDays(day, 1) === new Date(utc.getTime() + DAY_MS).toISOString().slice(0, 10) &&
        addDays(day, -1) === new Date(utc.getTime() - DAY_MS).toISOString().slice(0, 10) &&
        daysBetween('1970-01-01', day) === utc.getTime() / DAY_MS &&
        formatGermanDate(day) === german &&
        parseGermanDate(german) === day &&
        parseGermanDate(`${utc.getUTCDate()}.${month}.${year}`) === day;
      if (!matches && wrong.push(day) === 20) throw new Error(`Wrong on ${wrong.join(', ')}`);
    });
    expect(wrong).toEqual([]);
  });

  it('isCalendarDate, dateParts, formatGermanDate and dayOfWeek on every 5th day and malformed input', () => {
    const inputs = [...ALL_DAYS.filter((_, index) => index % 5 === 0), ...MALFORMED].map(
      (value) => [value] as [string],
    );
    expect(differences(inputs, isCalendarDate, reference.isCalendarDate)).toEqual([]);
    expect(differences(inputs, dateParts, reference.dateParts)).toEqual([]);
    expect(differences(inputs, formatGermanDate, reference.formatGermanDate)).toEqual([]);
    expect(differences(inputs, dayOfWeek, reference.dayOfWeek)).toEqual([]);
  });

  it('makeDate and isCalendarDate on month and day numbers around the valid ranges', () => {
    const parts: [number, number, number][] = [];
    for (let year = 1899; year <= 2201; year += 1) {
      for (let month = 1; month <= 12; month += 1)
        for (let day = 28; day <= 32; day += 1) parts.push([year, month, day]);
    }
    for (const year of [0, 1, 50, 99, 100, 101, 399, 400, 1900, 2000, 2024, 2026, 9999, 10000, -1]) {
      for (let month = -1; month <= 14; month += 1)
        for (let day = -1; day <= 33; day += 1) parts.push([year, month, day]);
    }
    parts.push(
      [2026, 1.5, 1],
      [2026.5, 1, 1],
      [2026, 1, 1.5],
      [Number.NaN, 1, 1],
      [-0, -0, -0],
      [2026, 2, -0],
    );
    expect(differences(parts, makeDate, reference.makeDate)).toEqual([]);
    const strings = parts
      .filter(([year, month, day]) => year >= 0 && month >= 0 && day >= 0)
      .map(
        ([y, m, d]) =>
          [`${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`] as [
            string,
          ],
      );
    expect(differences(strings, isCalendarDate, reference.isCalendarDate)).toEqual([]);
  });

  it('daysInMonth for month numbers -1 to 14 of the years around the valid ranges and odd input', () => {
    const cases: [number, number][] = [];
    const years = [-400, -100, -4, -1, 0, 1, 4, 99, 100, 9999, 10_000, 10_400, 275_760, -271_821];
    for (let year = 1899; year <= 2201; year += 1) years.push(year);
    for (const year of years) for (let month = -1; month <= 14; month += 1) cases.push([year, month]);
    cases.push([2026, 1.5], [2024.5, 2], [Number.NaN, 2], [2026, Number.NaN], [1e20, 2]);
    expect(differences(cases, daysInMonth, reference.daysInMonth)).toEqual([]);
  });

  it('addDays by near, far and odd offsets from month ends, and from malformed dates', () => {
    const edges = EDGE_DAYS.filter((_, index) => index % 11 === 0);
    expect(differences(cross(edges, [...DAY_OFFSETS, ...ODD_OFFSETS]), addDays, reference.addDays)).toEqual(
      [],
    );
    const far = ['0100-01-01', '0100-03-01', '1970-01-01', '9999-12-31', '2026-02-28'];
    const offsets = [-719_528, -719_162, -36_525, -1, 1, 2_932_896, 2_932_897, 1e8 - 2_932_896, 1e8];
    expect(
      differences(cross(far, [...offsets, ...offsets.map((o) => -o)]), addDays, reference.addDays),
    ).toEqual([]);
    expect(differences(cross(MALFORMED, [1]), addDays, reference.addDays)).toEqual([]);
  });

  it('addMonths and addYears from the last days of every month and around leap days', () => {
    expect(differences(cross(EDGE_DAYS, MONTH_OFFSETS), addMonths, reference.addMonths)).toEqual([]);
    const leapEdges = ALL_DAYS.filter((d) => d.slice(5) >= '02-27' && d.slice(5) <= '03-01');
    const years = [-2000, -1900, -101, -100, -4, -1, 0, 1, 3, 4, 100, 101, 400, 7800, 8000];
    expect(differences(cross(leapEdges, years), addYears, reference.addYears)).toEqual([]);
    const odd = [0.5, -0.5, Number.NaN, 1e6];
    expect(
      differences(cross(['2026-01-31', '0100-01-15', ...MALFORMED], odd), addMonths, reference.addMonths),
    ).toEqual([]);
  });

  it('daysBetween across the range and with malformed input on either side', () => {
    const cases = cross(
      ['1899-12-25', '2026-11-23'],
      ALL_DAYS.filter((_, index) => index % 7 === 0),
    );
    expect(differences(cases, daysBetween, reference.daysBetween)).toEqual([]);
    const malformed = cross(['2026-01-01', '2026-02-30', 'x'], ['2026-01-01', '2026-13-01', 'y']);
    expect(differences(malformed, daysBetween, reference.daysBetween)).toEqual([]);
  });

  it('parseGermanDate on near misses', () => {
    const inputs: [string][] = [
      ['31.02.2026'],
      [' 1.1.2026 '],
      ['1.1.26'],
      ['01.01.0099'],
      ['01.01.0100'],
      ['29.02.2100'],
      ['1.13.2026'],
      ['001.1.2026'],
    ];
    expect(differences(inputs, parseGermanDate, reference.parseGermanDate)).toEqual([]);
  });
});

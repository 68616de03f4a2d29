// Calendar dates as ISO strings 'yyyy-MM-dd'. Insurance dates are days, not instants: keeping them
// as plain strings avoids every time-zone and DST shift. The arithmetic works on whole numbers
// (year, month, day and days since 1970-01-01), without Date objects: the contract rules call it
// tens of thousands of times per contract list.

/** A calendar date 'yyyy-MM-dd'. */
export type CalendarDate = string;

// Years 0000–0099 have never been calendar dates here: the first implementation checked dates with
// Date.UTC, which reads those years as 1900–1999. Kept so that every answer stays the same.
const FIRST_YEAR = 100;
const LAST_YEAR = 9999;
const MONTH_LENGTHS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
/** Days from 0000-03-01 to 1970-01-01 in the proleptic Gregorian calendar. */
const EPOCH_SHIFT = 719_468;
const DAYS_PER_ERA = 146_097;
/** The largest distance from 1970-01-01 a JavaScript Date can hold: 100,000,000 days. */
const MAX_EPOCH_DAY = 100_000_000;

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

function monthLength(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : MONTH_LENGTHS[month]!;
}

function isValidDay(year: number, month: number, day: number): boolean {
  return (
    year >= FIRST_YEAR &&
    year <= LAST_YEAR &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= monthLength(year, month)
  );
}

/** The digit at `index`, or NaN for any other character (NaN then fails every range check). */
function digitAt(value: string, index: number): number {
  const digit = value.charCodeAt(index) - 48;
  return digit >= 0 && digit <= 9 ? digit : NaN;
}

/** 'yyyy-MM-dd' as the number yyyyMMdd, or 0 when the value is no real calendar date. */
function packed(value: string): number {
  if (typeof value !== 'string' || value.length !== 10) return 0;
  if (value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return 0;
  const year =
    digitAt(value, 0) * 1000 + digitAt(value, 1) * 100 + digitAt(value, 2) * 10 + digitAt(value, 3);
  const month = digitAt(value, 5) * 10 + digitAt(value, 6);
  const day = digitAt(value, 8) * 10 + digitAt(value, 9);
  return isValidDay(year, month, day) ? year * 10_000 + month * 100 + day : 0;
}

function packedOrThrow(date: CalendarDate): number {
  const parts = packed(date);
  if (parts === 0) throw new RangeError(`Invalid calendar date: ${date}`);
  return parts;
}

/** Days since 1970-01-01 (days_from_civil, H. Hinnant: years counted from 1 March, 400-year eras). */
function epochDayOf(year: number, month: number, day: number): number {
  const marchYear = month <= 2 ? year - 1 : year;
  const era = Math.floor(marchYear / 400);
  const yearOfEra = marchYear - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * DAYS_PER_ERA + dayOfEra - EPOCH_SHIFT;
}

function epochDayOfPacked(parts: number): number {
  return epochDayOf(Math.floor(parts / 10_000), Math.floor(parts / 100) % 100, parts % 100);
}

/**
 * 'yyyy-MM-dd'. A year outside 0–9999 comes out as Date.toISOString wrote it before (±yyyyyy, cut
 * to ten characters): no calendar date, so the next use of such a result throws, as it did.
 */
function formatDay(year: number, month: number, day: number): string {
  if (year >= 0 && year <= LAST_YEAR) {
    return `${TWO_DIGITS[Math.floor(year / 100)]!}${TWO_DIGITS[year % 100]!}-${TWO_DIGITS[month]!}-${TWO_DIGITS[day]!}`;
  }
  const extended = `${year < 0 ? '-' : '+'}${String(Math.abs(year)).padStart(6, '0')}`;
  return `${extended}-${TWO_DIGITS[month]!}-${TWO_DIGITS[day]!}`.slice(0, 10);
}

/** The date `epochDay` days after 1970-01-01 (civil_from_days, H. Hinnant). */
function dateOfEpochDay(epochDay: number): CalendarDate {
  // Beyond this Date had no valid time and toISOString threw.
  if (!(Math.abs(epochDay) <= MAX_EPOCH_DAY)) throw new RangeError('Invalid time value');
  const shifted = epochDay + EPOCH_SHIFT;
  const era = Math.floor(shifted / DAYS_PER_ERA);
  const dayOfEra = shifted - era * DAYS_PER_ERA;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / (DAYS_PER_ERA - 1))) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const marchMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * marchMonth + 2) / 5) + 1;
  const month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9;
  return formatDay(era * 400 + yearOfEra + (month <= 2 ? 1 : 0), month, day);
}

/** True when the value is a real calendar date in 'yyyy-MM-dd' form (e.g. no 2026-02-30). */
export function isCalendarDate(value: string): value is CalendarDate {
  return packed(value) !== 0;
}

/** Parts of a calendar date. */
export function dateParts(date: CalendarDate): { year: number; month: number; day: number } {
  const parts = packedOrThrow(date);
  return { year: Math.floor(parts / 10_000), month: Math.floor(parts / 100) % 100, day: parts % 100 };
}

/** Builds a calendar date from parts; throws for impossible dates. */
export function makeDate(year: number, month: number, day: number): CalendarDate {
  if (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    isValidDay(year, month, day)
  ) {
    return formatDay(year, month, day);
  }
  const value = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  throw new RangeError(`Invalid calendar date: ${value}`);
}

/** Adds (or subtracts) days. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const parts = packedOrThrow(date);
  const day = parts % 100;
  // Like Date.setUTCDate before: a fractional sum of day and offset is truncated.
  const target = Math.trunc(day + days);
  if (target >= 1 && target <= 28) return date.slice(0, 8) + TWO_DIGITS[target]!;
  return dateOfEpochDay(epochDayOfPacked(parts) - day + target);
}

/** Adds months; the day is clamped to the target month's last day (31.01. + 1 month = 28./29.02.). */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const parts = packedOrThrow(date);
  const total = Math.floor(parts / 10_000) * 12 + ((Math.floor(parts / 100) % 100) - 1) + months;
  const targetYear = Math.floor(total / 12);
  const targetMonth = (total % 12) + 1;
  return makeDate(targetYear, targetMonth, Math.min(parts % 100, daysInMonth(targetYear, targetMonth)));
}

/** Adds years, clamping 29.02. to 28.02. in non-leap years. */
export function addYears(date: CalendarDate, years: number): CalendarDate {
  return addMonths(date, years * 12);
}

/** Number of days in a month (1–12). */
export function daysInMonth(year: number, month: number): number {
  if (Number.isInteger(year) && Number.isInteger(month) && isValidDay(year, month, 1)) {
    return monthLength(year, month);
  }
  // Other input keeps the answer of Date.UTC, which rolls months over and reads years 0–99 as 19xx.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Whole days from a to b (positive when b is later). */
export function daysBetween(a: CalendarDate, b: CalendarDate): number {
  const end = epochDayOfPacked(packedOrThrow(b));
  return end - epochDayOfPacked(packedOrThrow(a));
}

/** Day of the week: 0 for Sunday to 6 for Saturday (as Date.getUTCDay). */
export function dayOfWeek(date: CalendarDate): number {
  // 1970-01-01 was a Thursday.
  return (((epochDayOfPacked(packedOrThrow(date)) + 4) % 7) + 7) % 7;
}

/** Negative, zero or positive as a is before, equal to or after b. */
export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The later of two dates. */
export function maxDate(a: CalendarDate, b: CalendarDate): CalendarDate {
  return a >= b ? a : b;
}

/** The earlier of two dates. */
export function minDate(a: CalendarDate, b: CalendarDate): CalendarDate {
  return a <= b ? a : b;
}

// Building an Intl formatter costs about a millisecond; pricing calls this in hot loops.
const berlinDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in Germany (Europe/Berlin) for the given instant. */
export function todayInGermany(now: Date = new Date()): CalendarDate {
  return berlinDayFormat.format(now);
}

/** Formats a calendar date the German way: dd.MM.yyyy. */
export function formatGermanDate(date: CalendarDate): string {
  packedOrThrow(date);
  return `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;
}

/** Parses 'dd.MM.yyyy' into a calendar date, or undefined when it is not a real date. */
export function parseGermanDate(value: string): CalendarDate | undefined {
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value.trim());
  if (!match) return undefined;
  const candidate = `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
  return isCalendarDate(candidate) ? candidate : undefined;
}

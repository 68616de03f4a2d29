// Calendar dates as ISO strings 'yyyy-MM-dd'. Insurance dates are days, not instants: keeping them
// as plain strings with UTC arithmetic avoids every time-zone and DST shift.

/** A calendar date 'yyyy-MM-dd'. */
export type CalendarDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when the value is a real calendar date in 'yyyy-MM-dd' form (e.g. no 2026-02-30). */
export function isCalendarDate(value: string): value is CalendarDate {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function toUtc(date: CalendarDate): Date {
  if (!isCalendarDate(date)) throw new RangeError(`Invalid calendar date: ${date}`);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

function fromUtc(date: Date): CalendarDate {
  return date.toISOString().slice(0, 10);
}

/** Parts of a calendar date. */
export function dateParts(date: CalendarDate): { year: number; month: number; day: number } {
  const d = toUtc(date);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** Builds a calendar date from parts; throws for impossible dates. */
export function makeDate(year: number, month: number, day: number): CalendarDate {
  const value = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  if (!isCalendarDate(value)) throw new RangeError(`Invalid calendar date: ${value}`);
  return value;
}

/** Adds (or subtracts) days. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const d = toUtc(date);
  d.setUTCDate(d.getUTCDate() + days);
  return fromUtc(d);
}

/** Adds months; the day is clamped to the target month's last day (31.01. + 1 month = 28./29.02.). */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const { year, month, day } = dateParts(date);
  const total = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(total / 12);
  const targetMonth = (total % 12) + 1;
  return makeDate(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}

/** Adds years, clamping 29.02. to 28.02. in non-leap years. */
export function addYears(date: CalendarDate, years: number): CalendarDate {
  return addMonths(date, years * 12);
}

/** Number of days in a month (1–12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Whole days from a to b (positive when b is later). */
export function daysBetween(a: CalendarDate, b: CalendarDate): number {
  return Math.round((toUtc(b).getTime() - toUtc(a).getTime()) / 86_400_000);
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
  const { year, month, day } = dateParts(date);
  return `${String(day).padStart(2, '0')}.${String(month).padStart(2, '0')}.${String(year).padStart(4, '0')}`;
}

/** Parses 'dd.MM.yyyy' into a calendar date, or undefined when it is not a real date. */
export function parseGermanDate(value: string): CalendarDate | undefined {
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value.trim());
  if (!match) return undefined;
  const candidate = `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
  return isCalendarDate(candidate) ? candidate : undefined;
}

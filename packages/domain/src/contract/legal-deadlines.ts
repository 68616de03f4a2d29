// Deadline arithmetic of the BGB that the VVG periods rely on: a period counted in days starts the
// day after the triggering event (§187 (1) BGB) and ends at the end of its last day (§188 (1) BGB);
// a last day on a Saturday, Sunday or a public holiday at the place of declaration moves to the
// next working day (§193 BGB). The place is not known here, so every day that is a public holiday
// in at least one German state counts: a deadline then never ends earlier than the law allows,
// only sometimes a little later, which is in the customer's favour.
import { addDays, dateParts, dayOfWeek, makeDate } from '../dates/calendar-date';
import type { CalendarDate } from '../dates/calendar-date';

/** Easter Sunday of a Gregorian year (anonymous Gregorian algorithm). */
export function easterSunday(year: number): CalendarDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return makeDate(year, month, day);
}

/** Buß- und Bettag: the Wednesday between 16 and 22 November. */
function bussUndBettag(year: number): CalendarDate {
  const latest = makeDate(year, 11, 22);
  // Back from 22 November to the Wednesday on or before it: (weekday − 3) mod 7 days.
  return addDays(latest, -((dayOfWeek(latest) + 4) % 7));
}

/** Every day of the year that is a public holiday in at least one German state (Sundays aside). */
export function publicHolidaysInAnyState(year: number): CalendarDate[] {
  const easter = easterSunday(year);
  return [
    makeDate(year, 1, 1), // Neujahr (bundesweit)
    makeDate(year, 1, 6), // Heilige Drei Könige (BW, BY, ST)
    makeDate(year, 3, 8), // Internationaler Frauentag (BE, MV)
    addDays(easter, -2), // Karfreitag (bundesweit)
    addDays(easter, 1), // Ostermontag (bundesweit)
    makeDate(year, 5, 1), // Tag der Arbeit (bundesweit)
    addDays(easter, 39), // Christi Himmelfahrt (bundesweit)
    addDays(easter, 50), // Pfingstmontag (bundesweit)
    addDays(easter, 60), // Fronleichnam (BW, BY, HE, NW, RP, SL, teils SN, TH)
    makeDate(year, 8, 8), // Augsburger Friedensfest (Stadt Augsburg)
    makeDate(year, 8, 15), // Mariä Himmelfahrt (SL, teils BY)
    makeDate(year, 9, 20), // Weltkindertag (TH)
    makeDate(year, 10, 3), // Tag der Deutschen Einheit (bundesweit)
    makeDate(year, 10, 31), // Reformationstag (BB, HB, HH, MV, NI, SN, ST, SH, TH)
    makeDate(year, 11, 1), // Allerheiligen (BW, BY, NW, RP, SL)
    bussUndBettag(year), // Buß- und Bettag (SN)
    makeDate(year, 12, 25), // 1. Weihnachtstag (bundesweit)
    makeDate(year, 12, 26), // 2. Weihnachtstag (bundesweit)
  ];
}

// The holidays of a year, computed once per year: deadlines are worked out for every contract a
// customer view lists, and computing the year's holidays per day asked about cost more than the rest.
const holidaysByYear = new Map<number, ReadonlySet<CalendarDate>>();

function holidaySet(year: number): ReadonlySet<CalendarDate> {
  let holidays = holidaysByYear.get(year);
  if (!holidays) {
    holidays = new Set(publicHolidaysInAnyState(year));
    holidaysByYear.set(year, holidays);
  }
  return holidays;
}

/** True for Monday to Friday that is no public holiday in any German state. */
export function isWorkingDay(date: CalendarDate): boolean {
  const weekday = dayOfWeek(date);
  if (weekday === 0 || weekday === 6) return false;
  return !holidaySet(dateParts(date).year).has(date);
}

/** §193 BGB: a last day on a weekend or public holiday becomes the next working day. */
export function nextWorkingDayFrom(date: CalendarDate): CalendarDate {
  let day = date;
  while (!isWorkingDay(day)) day = addDays(day, 1);
  return day;
}

/** Last day of a period of `days` days triggered on `eventDay` (§§ 187 (1), 188 (1), 193 BGB). */
export function lastDayOfPeriod(eventDay: CalendarDate, days: number): CalendarDate {
  return nextWorkingDayFrom(addDays(eventDay, days));
}

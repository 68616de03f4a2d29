// Reporting a move (Umzug, issue 12): the date range a move may be reported for, and which of a
// customer's contracts are insured at the home address. ADR 0019.
import {
  addDays,
  addMonths,
  compareDates,
  formatGermanDate,
  maxDate,
  type CalendarDate,
} from '../dates/calendar-date';

/** A move may be reported this many months after the moving day (ADR 0004: moves are reported afterwards). */
export const UMZUG_MONATE_RUECKWIRKEND = 3;
/** …and this many months ahead of it. */
export const UMZUG_MONATE_IM_VORAUS = 12;

export interface MoveDateRange {
  earliest: CalendarDate;
  latest: CalendarDate;
}

/**
 * The days a move reported today may be dated: from three months back (but after the day the current
 * address began) to twelve months ahead.
 */
export function moveDateRange(today: CalendarDate, currentAddressFrom?: CalendarDate): MoveDateRange {
  const back = addMonths(today, -UMZUG_MONATE_RUECKWIRKEND);
  // The new address must begin after the current one did (one address per day).
  const afterCurrent = currentAddressFrom === undefined ? back : addDays(currentAddressFrom, 1);
  return { earliest: maxDate(back, afterCurrent), latest: addMonths(today, UMZUG_MONATE_IM_VORAUS) };
}

/** The German message for a move date outside the range, or undefined when the date is plausible. */
export function moveDateProblem(date: CalendarDate, range: MoveDateRange): string | undefined {
  if (compareDates(date, range.earliest) >= 0 && compareDates(date, range.latest) <= 0) return undefined;
  return `Bitte geben Sie ein Umzugsdatum zwischen dem ${formatGermanDate(range.earliest)} und dem ${formatGermanDate(range.latest)} an.`;
}

export interface AddressLike {
  strasse: string;
  hausnummer: string;
  plz: string;
  ort: string;
}

function normalized(value: string): string {
  return value
    .trim()
    .toLocaleLowerCase('de-DE')
    .replace(/\s+/g, ' ')
    .replace(/str\.$/, 'straße');
}

/** Whether two postal addresses name the same place (case, spaces and 'Str.' aside). */
export function sameAddress(a: AddressLike, b: AddressLike): boolean {
  return (
    a.plz.trim() === b.plz.trim() &&
    normalized(a.ort) === normalized(b.ort) &&
    normalized(a.strasse) === normalized(b.strasse) &&
    normalized(a.hausnummer).replace(/ /g, '') === normalized(b.hausnummer).replace(/ /g, '')
  );
}

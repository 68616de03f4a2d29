// The main due date (Hauptfälligkeit) is a day and month that recurs every year: the insurance year
// ends there, renewals, ordinary cancellations and annual adjustments take effect on it.
import { z } from 'zod';
import { addYears, compareDates, daysInMonth, makeDate, dateParts } from '../dates/calendar-date';
import type { CalendarDate } from '../dates/calendar-date';

// A non-leap year: the main due date must exist every year, so 29.02. is refused.
const COMMON_YEAR = 2025;

/** Main due date { day, month } as the back-office summary carries it; 29.02. is not allowed. */
export const hauptfaelligkeitSchema = z
  .object({
    day: z.number().int().min(1).max(31),
    month: z.number().int().min(1).max(12),
  })
  .refine((h) => h.day <= daysInMonth(COMMON_YEAR, h.month), {
    message: 'Die Hauptfälligkeit muss ein Tag sein, den es in jedem Jahr gibt.',
  });
export type Hauptfaelligkeit = z.infer<typeof hauptfaelligkeitSchema>;

/** The main due date falling in the given year. */
export function mainDueDateIn(hauptfaelligkeit: Hauptfaelligkeit, year: number): CalendarDate {
  return makeDate(year, hauptfaelligkeit.month, hauptfaelligkeit.day);
}

/** The first main due date strictly after `after`. */
export function nextMainDueDate(hauptfaelligkeit: Hauptfaelligkeit, after: CalendarDate): CalendarDate {
  const { year } = dateParts(after);
  const sameYear = mainDueDateIn(hauptfaelligkeit, year);
  return compareDates(sameYear, after) > 0 ? sameYear : mainDueDateIn(hauptfaelligkeit, year + 1);
}

/**
 * The next main due date after `after` while the contract still runs then: undefined when it falls
 * on or after `end` (the contract's declared end or fixed expiry), as nothing falls due there.
 */
export function nextMainDueDateBefore(
  hauptfaelligkeit: Hauptfaelligkeit,
  after: CalendarDate,
  end: CalendarDate | undefined,
): CalendarDate | undefined {
  const next = nextMainDueDate(hauptfaelligkeit, after);
  return end !== undefined && compareDates(next, end) >= 0 ? undefined : next;
}

/** The first main due date on or after `from`. */
export function mainDueDateOnOrAfter(hauptfaelligkeit: Hauptfaelligkeit, from: CalendarDate): CalendarDate {
  const { year } = dateParts(from);
  const sameYear = mainDueDateIn(hauptfaelligkeit, year);
  return compareDates(sameYear, from) >= 0 ? sameYear : mainDueDateIn(hauptfaelligkeit, year + 1);
}

/** True when the date is an occurrence of the main due date. */
export function isMainDueDate(hauptfaelligkeit: Hauptfaelligkeit, date: CalendarDate): boolean {
  const { day, month } = dateParts(date);
  return day === hauptfaelligkeit.day && month === hauptfaelligkeit.month;
}

/** The main due date of a date (its day and month), e.g. to default it from the contract start. */
export function hauptfaelligkeitOf(date: CalendarDate): Hauptfaelligkeit {
  const { day, month } = dateParts(date);
  // A contract starting on 29.02. gets its anniversary on 28.02., as addYears clamps it.
  return month === 2 && day === 29 ? { day: 28, month } : { day, month };
}

/** The first anniversary of the contract start (Vertragsjährung) strictly after `after`. */
export function nextContractAnniversary(vertragsBeginn: CalendarDate, after: CalendarDate): CalendarDate {
  let years = Math.max(1, dateParts(after).year - dateParts(vertragsBeginn).year);
  let anniversary = addYears(vertragsBeginn, years);
  while (compareDates(anniversary, after) <= 0) {
    years += 1;
    anniversary = addYears(vertragsBeginn, years);
  }
  return anniversary;
}

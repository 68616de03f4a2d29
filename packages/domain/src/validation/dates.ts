// Date rules of spec §5. Dates are CalendarDate strings ('yyyy-MM-dd'); 'today' is always passed
// in (the caller uses todayInGermany()) so every rule is pure and testable.
//
// Insurance start: from tomorrow up to and including today plus one unit (amount × month or
// year, clamped to the month end like addMonths). Example, today 2026-11-22, one year:
// 2026-11-23 … 2027-11-22 are valid; today itself and 2027-11-23 are not.
//
// Age: full years as on a birthday (someone born 2008-11-22 is 18 on 2026-11-22); someone born on
// 29 February becomes a year older on 1 March in non-leap years. maxAgeCheck accepts an age up to
// and including maxYears (max 67: valid until the day before the 68th birthday); minAgeCheck
// accepts from the minYears-th birthday on. Dates in the future fail both.
import { addDays, addMonths, dateParts, formatGermanDate, isCalendarDate } from '../dates/calendar-date';
import type { CalendarDate } from '../dates/calendar-date';
import { z } from 'zod';

/** Earliest founding date accepted (spec §5: not before 1 Jan 2019). */
export const FOUNDING_DATE_MIN: CalendarDate = '2019-01-01';

export type InsuranceStartUnit = 'year' | 'month';

export interface InsuranceStartOptions {
  unit: InsuranceStartUnit;
  /** Number of units after today that are still allowed (default 1). */
  amount?: number;
}

/** German messages of the date rules. */
export const DATE_MESSAGES = {
  invalid: 'Bitte geben Sie ein gültiges Datum ein.',
  insuranceStart: (min: CalendarDate, max: CalendarDate) =>
    `Der Versicherungsbeginn muss zwischen dem ${formatGermanDate(min)} und dem ${formatGermanDate(max)} liegen.`,
  foundingTooEarly: `Das Gründungsdatum darf nicht vor dem ${formatGermanDate(FOUNDING_DATE_MIN)} liegen.`,
  foundingInFuture: 'Das Gründungsdatum darf nicht in der Zukunft liegen.',
  birthDateInFuture: 'Das Geburtsdatum darf nicht in der Zukunft liegen.',
  tooYoung: (minYears: number) => `Sie müssen mindestens ${minYears} Jahre alt sein.`,
  tooOld: (maxYears: number) => `Sie dürfen höchstens ${maxYears} Jahre alt sein.`,
} as const;

/** First and last allowed insurance start (inclusive), for validation and date input min/max. */
export function insuranceStartBounds(
  today: CalendarDate,
  { unit, amount = 1 }: InsuranceStartOptions,
): { min: CalendarDate; max: CalendarDate } {
  const months = unit === 'year' ? amount * 12 : amount;
  return { min: addDays(today, 1), max: addMonths(today, months) };
}

/** True when the date lies between tomorrow and today plus the given units (inclusive). */
export function isValidInsuranceStart(
  date: string,
  today: CalendarDate,
  options: InsuranceStartOptions,
): boolean {
  if (!isCalendarDate(date)) return false;
  const { min, max } = insuranceStartBounds(today, options);
  return date >= min && date <= max;
}

/** Insurance start date schema for the given day. */
export function insuranceStartSchema({ today, ...options }: InsuranceStartOptions & { today: CalendarDate }) {
  const { min, max } = insuranceStartBounds(today, options);
  return z
    .string()
    .refine(isCalendarDate, { error: DATE_MESSAGES.invalid, abort: true })
    .refine((date) => isValidInsuranceStart(date, today, options), {
      error: DATE_MESSAGES.insuranceStart(min, max),
    });
}

/** Age in full years on the given day (negative for a birth date in the future). */
export function ageInYears(birthDate: CalendarDate, today: CalendarDate): number {
  const birth = dateParts(birthDate);
  const now = dateParts(today);
  const isBeforeBirthday = now.month < birth.month || (now.month === birth.month && now.day < birth.day);
  return now.year - birth.year - (isBeforeBirthday ? 1 : 0);
}

/** True when the birth date is not in the future and the age is at most maxYears. */
export function maxAgeCheck(birthDate: CalendarDate, today: CalendarDate, maxYears: number): boolean {
  return birthDate <= today && ageInYears(birthDate, today) <= maxYears;
}

/** True when the birth date is not in the future and the age is at least minYears. */
export function minAgeCheck(birthDate: CalendarDate, today: CalendarDate, minYears: number): boolean {
  return birthDate <= today && ageInYears(birthDate, today) >= minYears;
}

/** Birth date schema with optional minimum and maximum age in full years. */
export function birthDateSchema({
  today,
  minYears,
  maxYears,
}: {
  today: CalendarDate;
  minYears?: number;
  maxYears?: number;
}) {
  return z
    .string()
    .refine(isCalendarDate, { error: DATE_MESSAGES.invalid, abort: true })
    .refine((date) => date <= today, { error: DATE_MESSAGES.birthDateInFuture, abort: true })
    .refine((date) => minYears === undefined || minAgeCheck(date, today, minYears), {
      error: DATE_MESSAGES.tooYoung(minYears ?? 0),
    })
    .refine((date) => maxYears === undefined || maxAgeCheck(date, today, maxYears), {
      error: DATE_MESSAGES.tooOld(maxYears ?? 0),
    });
}

/** True when the founding date is on or after 2019-01-01 and not after today. */
export function isValidFoundingDate(date: string, today: CalendarDate): boolean {
  return isCalendarDate(date) && date >= FOUNDING_DATE_MIN && date <= today;
}

/** Founding date schema for the given day: not before 2019-01-01, not in the future. */
export function foundingDateSchema({ today }: { today: CalendarDate }) {
  return z
    .string()
    .refine(isCalendarDate, { error: DATE_MESSAGES.invalid, abort: true })
    .refine((date) => date >= FOUNDING_DATE_MIN, { error: DATE_MESSAGES.foundingTooEarly })
    .refine((date) => date <= today, { error: DATE_MESSAGES.foundingInFuture });
}

import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  addYears,
  daysBetween,
  formatGermanDate,
  isCalendarDate,
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

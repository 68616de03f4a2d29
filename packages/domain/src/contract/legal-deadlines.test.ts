import { describe, expect, it } from 'vitest';
import { addDays } from '../dates/calendar-date';
import {
  easterSunday,
  isWorkingDay,
  lastDayOfPeriod,
  nextWorkingDayFrom,
  publicHolidaysInAnyState,
} from './legal-deadlines';

describe('legal deadlines', () => {
  it.each([
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
  ])('Easter Sunday %i is %s', (year, expected) => {
    expect(easterSunday(year)).toBe(expected);
  });

  it('knows the movable and state holidays of 2026', () => {
    const holidays = publicHolidaysInAnyState(2026);
    expect(holidays).toEqual(
      expect.arrayContaining([
        '2026-04-03',
        '2026-04-06',
        '2026-05-14',
        '2026-05-25',
        '2026-06-04',
        '2026-11-18',
      ]),
    );
    expect(holidays).toHaveLength(18);
  });

  it.each([
    ['2026-11-16', true], // Monday
    ['2026-11-21', false], // Saturday
    ['2026-11-22', false], // Sunday
    ['2026-11-18', false], // Buß- und Bettag (Saxony)
    ['2026-10-03', false], // Saturday and Tag der Deutschen Einheit
    ['2026-12-24', true], // Christmas Eve is a working day
  ])('isWorkingDay(%s) = %s', (date, expected) => {
    expect(isWorkingDay(date)).toBe(expected);
  });

  it('moves a last day off weekends and holidays (§193 BGB)', () => {
    expect(nextWorkingDayFrom('2026-11-16')).toBe('2026-11-16');
    expect(nextWorkingDayFrom('2026-11-21')).toBe('2026-11-23');
    expect(nextWorkingDayFrom('2026-12-25')).toBe('2026-12-28');
  });

  it('ends a period of days at the matching day after the event (§§ 187, 188 BGB)', () => {
    expect(lastDayOfPeriod('2026-11-02', 14)).toBe('2026-11-16');
    expect(lastDayOfPeriod('2026-11-07', 14)).toBe('2026-11-23');
    expect(lastDayOfPeriod('2026-12-11', 14)).toBe('2026-12-28');
  });
});

describe('working days match the Date-based weekday checks they replaced', () => {
  it('Buß- und Bettag is the Wednesday the old day-by-day walk found, 1900 to 2200', () => {
    for (let year = 1900; year <= 2200; year += 1) {
      let day = `${year}-11-22`;
      while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 3) day = addDays(day, -1);
      expect(publicHolidaysInAnyState(year)[15]).toBe(day);
    }
  });

  it('isWorkingDay on every day from 1900 to 2200', () => {
    const wrong: string[] = [];
    let holidays: readonly string[] = [];
    for (let t = Date.UTC(1900, 0, 1); t <= Date.UTC(2200, 11, 31); t += 86_400_000) {
      const utc = new Date(t);
      const date = utc.toISOString().slice(0, 10);
      if (date.endsWith('-01-01')) holidays = publicHolidaysInAnyState(utc.getUTCFullYear());
      const weekday = utc.getUTCDay();
      const expected = weekday !== 0 && weekday !== 6 && !holidays.includes(date);
      if (isWorkingDay(date) !== expected) wrong.push(date);
    }
    expect(wrong.slice(0, 10)).toEqual([]);
  });
});

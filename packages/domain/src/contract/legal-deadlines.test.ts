import { describe, expect, it } from 'vitest';
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

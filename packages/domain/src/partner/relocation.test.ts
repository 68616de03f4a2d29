import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../dates/calendar-date';
import { moveDateProblem, moveDateRange, sameAddress } from './relocation';

const today = '2026-11-26' as CalendarDate;

describe('moveDateRange', () => {
  it('runs from three months back to twelve months ahead', () => {
    expect(moveDateRange(today, '2020-01-01' as CalendarDate)).toEqual({
      earliest: '2026-08-26',
      latest: '2027-11-26',
    });
  });

  it('starts the day after the current address began when that is later', () => {
    expect(moveDateRange(today, '2026-10-01' as CalendarDate).earliest).toBe('2026-10-02');
  });
});

describe('moveDateProblem', () => {
  const range = moveDateRange(today, '2020-01-01' as CalendarDate);

  it('accepts the ends of the range', () => {
    expect(moveDateProblem('2026-08-26' as CalendarDate, range)).toBeUndefined();
    expect(moveDateProblem('2027-11-26' as CalendarDate, range)).toBeUndefined();
  });

  it('names the range in German when the date lies outside', () => {
    expect(moveDateProblem('2025-11-26' as CalendarDate, range)).toBe(
      'Bitte geben Sie ein Umzugsdatum zwischen dem 26.08.2026 und dem 26.11.2027 an.',
    );
    expect(moveDateProblem('2027-11-27' as CalendarDate, range)).toMatch(/zwischen dem 26\.08\.2026/);
  });
});

describe('sameAddress', () => {
  const home = { strasse: 'Venloer Straße', hausnummer: '241', plz: '50823', ort: 'Köln' };

  it('ignores case, spaces and the abbreviation Str.', () => {
    expect(
      sameAddress(home, { strasse: 'venloer str.', hausnummer: ' 241 ', plz: '50823', ort: 'KÖLN' }),
    ).toBe(true);
  });

  it('tells another house number or postcode apart', () => {
    expect(sameAddress(home, { ...home, hausnummer: '243' })).toBe(false);
    expect(sameAddress(home, { ...home, plz: '50825' })).toBe(false);
  });
});

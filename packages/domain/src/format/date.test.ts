import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './date';

describe('formatDate', () => {
  it.each([
    ['2026-11-22', '22.11.2026'],
    ['2026-01-05', '05.01.2026'],
    // 23:30 UTC on 31 Dec is already New Year in Berlin (winter time, UTC+1)
    ['2026-12-31T23:30:00Z', '01.01.2027'],
    ['2026-12-31T22:59:59Z', '31.12.2026'],
    // summer time, UTC+2
    ['2026-06-30T22:00:00Z', '01.07.2026'],
    ['2026-06-30T21:59:00Z', '30.06.2026'],
    ['2026-06-30T23:30:00+02:00', '30.06.2026'],
  ])('%s → %s', (value, expected) => {
    expect(formatDate(value)).toBe(expected);
  });

  it('formats a Date by its day in Berlin', () => {
    expect(formatDate(new Date(Date.UTC(2026, 2, 28, 23, 0)))).toBe('29.03.2026');
  });

  it.each([['2026-02-30'], ['kein Datum'], ['']])('rejects %j', (value) => {
    expect(() => formatDate(value)).toThrow(RangeError);
  });
});

describe('formatDateTime', () => {
  it.each([
    ['2026-11-22T08:05:00Z', '22.11.2026 um 09:05 Uhr'],
    ['2026-07-01T12:00:00Z', '01.07.2026 um 14:00 Uhr'],
    ['2026-12-31T23:30:00Z', '01.01.2027 um 00:30 Uhr'],
    // the hour of the spring change: 01:59 CET is followed by 03:00 CEST
    ['2026-03-29T00:59:00Z', '29.03.2026 um 01:59 Uhr'],
    ['2026-03-29T01:00:00Z', '29.03.2026 um 03:00 Uhr'],
    // the autumn change: 02:30 happens twice, first in summer time (UTC+2), then in winter time
    ['2026-10-25T00:30:00Z', '25.10.2026 um 02:30 Uhr'],
    ['2026-10-25T01:30:00Z', '25.10.2026 um 02:30 Uhr'],
    ['2026-10-25T02:30:00Z', '25.10.2026 um 03:30 Uhr'],
  ])('%s → %s', (value, expected) => {
    expect(formatDateTime(value)).toBe(expected);
  });

  it('accepts a Date', () => {
    expect(formatDateTime(new Date(Date.UTC(2026, 10, 22, 23, 15)))).toBe('23.11.2026 um 00:15 Uhr');
  });

  it('rejects an invalid instant', () => {
    expect(() => formatDateTime('morgen')).toThrow(RangeError);
  });
});

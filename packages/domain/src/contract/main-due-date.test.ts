import { describe, expect, it } from 'vitest';
import {
  hauptfaelligkeitOf,
  isMainDueDate,
  mainDueDateOnOrAfter,
  nextContractAnniversary,
  nextMainDueDate,
  nextMainDueDateBefore,
} from './main-due-date';

describe('main due date', () => {
  it.each([
    [{ day: 1, month: 1 }, '2026-11-22', '2027-01-01'],
    [{ day: 1, month: 1 }, '2026-12-31', '2027-01-01'],
    [{ day: 1, month: 1 }, '2027-01-01', '2028-01-01'],
    [{ day: 15, month: 12 }, '2026-11-22', '2026-12-15'],
    [{ day: 28, month: 2 }, '2028-02-28', '2029-02-28'],
  ])('next after: %o after %s is %s', (h, after, expected) => {
    expect(nextMainDueDate(h, after)).toBe(expected);
  });

  it.each([
    [{ day: 1, month: 1 }, '2027-01-01', '2027-01-01'],
    [{ day: 1, month: 1 }, '2027-01-02', '2028-01-01'],
  ])('on or after: %o from %s is %s', (h, from, expected) => {
    expect(mainDueDateOnOrAfter(h, from)).toBe(expected);
  });

  it.each([
    [{ day: 1, month: 1 }, '2026-11-22', undefined, '2027-01-01'],
    [{ day: 1, month: 1 }, '2026-11-22', '2027-01-02', '2027-01-01'],
    // Cancelled to the main due date: the contract ends there, nothing falls due.
    [{ day: 1, month: 1 }, '2026-11-22', '2027-01-01', undefined],
    // A trip ending before the anniversary of its application.
    [{ day: 2, month: 11 }, '2026-11-22', '2027-01-05', undefined],
  ])('next before the end: %o after %s with end %s is %s', (h, after, end, expected) => {
    expect(nextMainDueDateBefore(h, after, end)).toBe(expected);
  });

  it('recognises occurrences', () => {
    expect(isMainDueDate({ day: 1, month: 7 }, '2030-07-01')).toBe(true);
    expect(isMainDueDate({ day: 1, month: 7 }, '2030-07-02')).toBe(false);
  });

  it('derives the main due date from a start, with 29.02. as 28.02.', () => {
    expect(hauptfaelligkeitOf('2026-03-15')).toEqual({ day: 15, month: 3 });
    expect(hauptfaelligkeitOf('2028-02-29')).toEqual({ day: 28, month: 2 });
  });

  it.each([
    ['2026-01-01', '2026-11-22', '2027-01-01'],
    ['2026-01-01', '2026-12-31', '2027-01-01'],
    ['2026-01-01', '2027-01-01', '2028-01-01'],
    ['2026-12-01', '2026-11-22', '2027-12-01'],
    ['2028-02-29', '2029-01-10', '2029-02-28'],
    ['2028-02-29', '2031-03-01', '2032-02-29'],
  ])('anniversary of a start on %s after %s is %s', (start, after, expected) => {
    expect(nextContractAnniversary(start, after)).toBe(expected);
  });
});

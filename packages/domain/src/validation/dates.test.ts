import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  DATE_MESSAGES,
  FOUNDING_DATE_MIN,
  ageInYears,
  birthDateSchema,
  foundingDateSchema,
  insuranceStartBounds,
  insuranceStartSchema,
  isValidFoundingDate,
  isValidInsuranceStart,
  maxAgeCheck,
  minAgeCheck,
} from './dates';

const today = '2026-11-22';

function messages(schema: z.ZodType, value: string): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('insurance start', () => {
  it.each([
    ['2026-11-22', { unit: 'year' }, false],
    ['2026-11-23', { unit: 'year' }, true],
    ['2027-11-22', { unit: 'year' }, true],
    ['2027-11-23', { unit: 'year' }, false],
    ['2026-12-22', { unit: 'month' }, true],
    ['2026-12-23', { unit: 'month' }, false],
    ['2027-02-22', { unit: 'month', amount: 3 }, true],
    ['2027-02-23', { unit: 'month', amount: 3 }, false],
    ['2028-11-22', { unit: 'year', amount: 2 }, true],
    ['2026-11-21', { unit: 'year' }, false],
    ['2026-11-31', { unit: 'year' }, false],
    ['23.11.2026', { unit: 'year' }, false],
  ] as const)('%s with %j is %s', (date, options, expected) => {
    expect(isValidInsuranceStart(date, today, options)).toBe(expected);
  });

  it('clamps the upper bound to the month end', () => {
    expect(insuranceStartBounds('2027-01-31', { unit: 'month' })).toEqual({
      min: '2027-02-01',
      max: '2027-02-28',
    });
  });

  it('schema names both bounds in German', () => {
    const schema = insuranceStartSchema({ today, unit: 'year' });
    expect(messages(schema, '2026-11-23')).toEqual([]);
    expect(messages(schema, '2026-11-22')).toEqual([
      'Der Versicherungsbeginn muss zwischen dem 23.11.2026 und dem 22.11.2027 liegen.',
    ]);
    expect(messages(schema, '2026-02-30')).toEqual([DATE_MESSAGES.invalid]);
  });
});

describe('age checks', () => {
  it.each([
    ['2008-11-22', 18],
    ['2008-11-23', 17],
    ['1959-11-23', 66],
    ['1959-11-22', 67],
    ['2026-11-23', -1],
  ])('born %s is %i on 2026-11-22', (birthDate, age) => {
    expect(ageInYears(birthDate, today)).toBe(age);
  });

  it.each([
    ['2027-02-28', 2],
    ['2027-03-01', 3],
    ['2028-02-29', 4],
  ])('born 2024-02-29 is on %s %i years old', (day, age) => {
    expect(ageInYears('2024-02-29', day)).toBe(age);
  });

  it.each([
    ['2008-11-22', 18, true],
    ['2008-11-23', 18, false],
    ['2026-11-23', 0, false],
  ])('minAgeCheck(%s, %i) = %s', (birthDate, minYears, expected) => {
    expect(minAgeCheck(birthDate, today, minYears)).toBe(expected);
  });

  it.each([
    ['1958-11-23', 67, true],
    ['1958-11-22', 67, false],
    ['2026-11-22', 67, true],
    ['2026-11-23', 67, false],
  ])('maxAgeCheck(%s, %i) = %s', (birthDate, maxYears, expected) => {
    expect(maxAgeCheck(birthDate, today, maxYears)).toBe(expected);
  });

  it.each([
    ['2000-01-01', []],
    ['2008-11-23', [DATE_MESSAGES.tooYoung(18)]],
    ['1958-11-22', [DATE_MESSAGES.tooOld(67)]],
    ['2026-11-23', [DATE_MESSAGES.birthDateInFuture]],
    ['2000-13-01', [DATE_MESSAGES.invalid]],
  ])('birthDateSchema 18–67: %s gives %j', (birthDate, expected) => {
    expect(messages(birthDateSchema({ today, minYears: 18, maxYears: 67 }), birthDate)).toEqual(expected);
  });

  it('names the age limits in German', () => {
    expect(DATE_MESSAGES.tooYoung(18)).toBe('Sie müssen mindestens 18 Jahre alt sein.');
  });
});

describe('founding date', () => {
  it('starts on 1 Jan 2019', () => {
    expect(FOUNDING_DATE_MIN).toBe('2019-01-01');
  });

  it.each([
    ['2018-12-31', false, [DATE_MESSAGES.foundingTooEarly]],
    ['2019-01-01', true, []],
    ['2026-11-22', true, []],
    ['2026-11-23', false, [DATE_MESSAGES.foundingInFuture]],
    ['2019-02-29', false, [DATE_MESSAGES.invalid]],
  ])('%s valid=%s', (date, valid, expected) => {
    expect(isValidFoundingDate(date, today)).toBe(valid);
    expect(messages(foundingDateSchema({ today }), date)).toEqual(expected);
  });

  it('says the minimum in German', () => {
    expect(DATE_MESSAGES.foundingTooEarly).toBe('Das Gründungsdatum darf nicht vor dem 01.01.2019 liegen.');
  });
});

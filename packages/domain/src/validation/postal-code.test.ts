import { describe, expect, it } from 'vitest';
import {
  POSTAL_CODE_LENGTH,
  POSTAL_CODE_MESSAGE,
  isPostalCodePattern,
  postalCodeFormatResult,
  postalCodeSchema,
} from './postal-code';

describe('postal code', () => {
  it('has the length of spec §9', () => {
    expect(POSTAL_CODE_LENGTH).toBe(5);
  });

  it.each([
    ['10115', true],
    ['01067', true],
    ['1011', false],
    ['101155', false],
    ['1011a', false],
    [' 10115', false],
    ['', false],
  ])('isPostalCodePattern(%j) = %s', (value, expected) => {
    expect(isPostalCodePattern(value)).toBe(expected);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['10115', 'check'],
    [' 10115 ', 'check'],
    ['1011', 'invalid'],
    ['101155', 'invalid'],
    ['abcde', 'invalid'],
    ['10 15', 'invalid'],
  ] as const)('postalCodeFormatResult(%j) = %s', (value, expected) => {
    expect(postalCodeFormatResult(value)).toBe(expected);
  });

  it.each([[undefined], [''], ['10115'], ['99998']])('schema accepts %j', (value) => {
    expect(postalCodeSchema.safeParse(value).success).toBe(true);
  });

  it.each([['1011'], ['101155'], ['1O115']])('schema rejects %j with the German message', (value) => {
    const result = postalCodeSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(POSTAL_CODE_MESSAGE);
  });
});

import { describe, expect, it } from 'vitest';
import { TAN_LENGTH, TAN_MESSAGE, isTan, tanSchema } from './tan';

describe('TAN', () => {
  it('is six digits long', () => {
    expect(TAN_LENGTH).toBe(6);
  });

  it.each([
    ['123456', true],
    ['000000', true],
    ['12345', false],
    ['1234567', false],
    ['12345a', false],
    ['123 456', false],
    ['', false],
  ])('isTan(%j) = %s', (value, expected) => {
    expect(isTan(value)).toBe(expected);
  });

  it('schema trims and accepts six digits', () => {
    expect(tanSchema.parse(' 123456 ')).toBe('123456');
  });

  it.each([['12345'], ['1234567'], ['abcdef']])('schema rejects %j', (value) => {
    const result = tanSchema.safeParse(value);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([TAN_MESSAGE]);
  });
});

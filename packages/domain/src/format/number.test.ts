import { describe, expect, it } from 'vitest';
import { formatGermanNumber, parseGermanNumber } from './number';

describe('parseGermanNumber', () => {
  it.each([
    ['', undefined],
    ['   ', undefined],
    ['0', 0],
    ['-0', 0],
    ['42', 42],
    ['1234', 1234],
    ['1.234', 1234],
    ['1.234,56', 1234.56],
    [' 1.234.567,8 ', 1234567.8],
    ['-1.234,5', -1234.5],
    ['0,05', 0.05],
    ['abc', null],
    ['1,234.56', null],
    ['1.23', null],
    ['12.34,5', null],
    ['1,', null],
    [',5', null],
    ['1 234', null],
    ['+5', null],
    ['1,2,3', null],
  ])('%j → %s', (value, expected) => {
    expect(parseGermanNumber(value)).toBe(expected);
  });
});

describe('formatGermanNumber', () => {
  it.each([
    [0, {}, '0'],
    [1234, {}, '1.234'],
    [999, {}, '999'],
    [1234567.891, {}, '1.234.567,89'],
    [1234.5, { decimals: 2 }, '1.234,50'],
    [85.5, { decimals: 0 }, '86'],
    [-1234.5, {}, '-1.234,5'],
    [-0.001, { decimals: 2 }, '0,00'],
    [-0, {}, '0'],
    [0.5, { minDecimals: 1 }, '0,5'],
    [12.3456, { maxDecimals: 3 }, '12,346'],
    [12345, { grouping: false }, '12345'],
  ])('%d with %j → %s', (value, options, expected) => {
    expect(formatGermanNumber(value, options)).toBe(expected);
  });

  it('uses a plain hyphen-minus for negative values', () => {
    expect(formatGermanNumber(-5).charCodeAt(0)).toBe(45);
  });
});

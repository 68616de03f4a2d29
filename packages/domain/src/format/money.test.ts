import { describe, expect, it } from 'vitest';
import {
  eurosToCents,
  formatCents,
  formatMoney,
  formatMoneyInput,
  maskMoneyInput,
  parseMoneyInput,
} from './money';

describe('formatMoney', () => {
  it.each([
    [0, '0,00 EUR'],
    [1, '1,00 EUR'],
    [0.5, '0,50 EUR'],
    [999.99, '999,99 EUR'],
    [1234.56, '1.234,56 EUR'],
    [-1234.56, '-1.234,56 EUR'],
    [0.1 + 0.2, '0,30 EUR'],
    [1.005, '1,01 EUR'],
    [-1.005, '-1,01 EUR'],
    [-0.004, '0,00 EUR'],
    [999_999.99, '999.999,99 EUR'],
    [1_000_000, '1.000.000,00 EUR'],
    [12_345_678_901.23, '12.345.678.901,23 EUR'],
  ])('%d → %s', (euros, expected) => {
    expect(formatMoney(euros)).toBe(expected);
  });

  it.each([
    [999_999.99, '999.999,99 EUR'],
    [1_000_000, '1 Mio. EUR'],
    [1_500_000, '1,5 Mio. EUR'],
    [1_234_567, '1,23 Mio. EUR'],
    [1_235_000, '1,24 Mio. EUR'],
    [2_000_000_000, '2.000 Mio. EUR'],
    [-1_000_000, '-1 Mio. EUR'],
    [-999_999.99, '-999.999,99 EUR'],
  ])('compact %d → %s', (euros, expected) => {
    expect(formatMoney(euros, { compact: true })).toBe(expected);
  });

  it('uses a plain space before EUR', () => {
    expect(formatMoney(5)).toBe('5,00\u0020EUR');
  });

  it('rejects amounts that are not finite', () => {
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
    expect(() => formatMoney(1e21)).toThrow(RangeError);
    expect(() => formatCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('formatCents', () => {
  it.each([
    [0, {}, '0,00 EUR'],
    [5, {}, '0,05 EUR'],
    [123456, {}, '1.234,56 EUR'],
    [-123456, {}, '-1.234,56 EUR'],
    [99_999_999, { compact: true }, '999.999,99 EUR'],
    [100_000_000, { compact: true }, '1 Mio. EUR'],
    [150_000_000, { compact: true }, '1,5 Mio. EUR'],
    [12.5, {}, '0,13 EUR'],
    [Number.MAX_SAFE_INTEGER, {}, '90.071.992.547.409,91 EUR'],
  ])('%i cents with %j → %s', (cents, options, expected) => {
    expect(formatCents(cents, options)).toBe(expected);
  });

  it('sums cents exactly', () => {
    expect(formatCents(10 + 20)).toBe('0,30 EUR');
  });
});

describe('eurosToCents', () => {
  it.each([
    [0.1 + 0.2, 30],
    [1.005, 101],
    [2.675, 268],
    [-2.675, -268],
    [19.99, 1999],
    [1e-7, 0],
  ])('%d → %i', (euros, cents) => {
    expect(eurosToCents(euros)).toBe(cents);
  });
});

describe('currency input', () => {
  it.each([
    ['', undefined],
    ['-', undefined],
    ['0', 0],
    ['-0,00', 0],
    ['5', 500],
    ['1234', 123400],
    ['1.234', 123400],
    ['-1.234,5', -123450],
    ['1.234,56', 123456],
    ['12,', 1200],
    [' 1.000.000,01 ', 100000001],
    ['1,234', null],
    ['1.23', null],
    ['12.34,5', null],
    ['abc', null],
    ['1.234,56 EUR', null],
    ['--5', null],
  ])('parseMoneyInput(%j) = %s', (value, expected) => {
    expect(parseMoneyInput(value)).toBe(expected);
  });

  it.each([
    [0, '0,00'],
    [-123450, '-1.234,50'],
    [100000001, '1.000.000,01'],
  ])('formatMoneyInput(%i) = %s', (cents, expected) => {
    expect(formatMoneyInput(cents)).toBe(expected);
    expect(parseMoneyInput(expected)).toBe(cents);
  });

  it.each([
    ['', ''],
    ['-', '-'],
    ['1234', '1.234'],
    ['-12345,678', '-12.345,67'],
    ['1.2.3.4', '1.234'],
    ['0012', '12'],
    [',5', '0,5'],
    ['12,', '12,'],
    ['12a3', '123'],
    ['1,2,3', '1,23'],
  ])('maskMoneyInput(%j) = %j', (raw, expected) => {
    expect(maskMoneyInput(raw)).toBe(expected);
  });
});

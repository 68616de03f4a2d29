import { describe, expect, it } from 'vitest';
import {
  amountProblem,
  JAHRESUMSATZ_RANGE,
  jahresumsatzInputSchema,
  VERSICHERUNGSSUMME_RANGE,
  versicherungssummeInputSchema,
} from './amounts';

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('annual revenue', () => {
  it('refuses 12,5 EUR and names the minimum', () => {
    expect(messages(jahresumsatzInputSchema.safeParse('12,5'))).toEqual([
      'Bitte geben Sie Ihren Jahresumsatz in Euro an, mindestens 1.000,00 EUR.',
    ]);
  });

  it.each(['', 'zwölf', '-5.000,00', '999,99'])('refuses %j with the minimum', (value) => {
    expect(messages(jahresumsatzInputSchema.safeParse(value))).toEqual([JAHRESUMSATZ_RANGE.tooSmall]);
  });

  it('takes the minimum and a usual revenue as cents', () => {
    expect(jahresumsatzInputSchema.parse('1.000,00')).toBe(100_000);
    expect(jahresumsatzInputSchema.parse('410.000')).toBe(41_000_000);
  });

  it('refuses an implausibly high revenue', () => {
    expect(messages(jahresumsatzInputSchema.safeParse('1.000.000.000,01'))).toEqual([
      JAHRESUMSATZ_RANGE.tooBig,
    ]);
  });
});

describe('insured sum', () => {
  it('refuses a sum below the tariff minimum and names it', () => {
    expect(messages(versicherungssummeInputSchema.safeParse('12,50'))).toEqual([
      'Bitte geben Sie die Versicherungssumme in Euro an, mindestens 10.000,00 EUR.',
    ]);
    expect(versicherungssummeInputSchema.parse('10.000,00')).toBe(1_000_000);
  });

  it('refuses more than 10 Mio. EUR', () => {
    expect(amountProblem(1_000_000_001, VERSICHERUNGSSUMME_RANGE)).toBe(VERSICHERUNGSSUMME_RANGE.tooBig);
    expect(amountProblem(1_000_000_000, VERSICHERUNGSSUMME_RANGE)).toBeUndefined();
  });
});

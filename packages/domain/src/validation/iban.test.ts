import { describe, expect, it } from 'vitest';
import {
  EUROPEAN_IBAN_COUNTRIES,
  IBAN_MESSAGES,
  REJECTED_TEST_IBANS,
  blzFromGermanIban,
  formatIbanGroups,
  ibanSchema,
  maskIban,
  normalizeIban,
  validateIban,
} from './iban';

describe('IBAN', () => {
  it('lists 37 distinct European country codes', () => {
    expect(new Set(EUROPEAN_IBAN_COUNTRIES).size).toBe(37);
    expect(EUROPEAN_IBAN_COUNTRIES).toEqual(
      expect.arrayContaining(['DE', 'AT', 'CH', 'GB', 'NO', 'GI', 'VA']),
    );
  });

  it('normalises spaces and case', () => {
    expect(normalizeIban(' de44 5001 0517\u00a05407 3249 31 ')).toBe('DE44500105175407324931');
  });

  it.each([
    ['DE44 5001 0517 5407 3249 31', 'DE44500105175407324931'],
    ['de44500105175407324931', 'DE44500105175407324931'],
    ['AT61 1904 3002 3457 3201', 'AT611904300234573201'],
    ['CH93 0076 2011 6238 5295 7', 'CH9300762011623852957'],
    ['GB82 WEST 1234 5698 7654 32', 'GB82WEST12345698765432'],
    ['NO93 8601 1117 947', 'NO9386011117947'],
  ])('accepts %j', (value, iban) => {
    expect(validateIban(value)).toEqual({ valid: true, iban });
  });

  it.each([
    ['', 'format'],
    ['DE44', 'format'],
    ['4450010517540732493', 'format'],
    ['DE44 5001 0517 5407 3249 3', 'format'],
    ['DE44 5001 0517 5407 3249 311', 'format'],
    ['DE44-5001-0517-5407-3249-31', 'format'],
    ['TR33 0006 1005 1978 6457 8413 26', 'country'],
    ['US12 3456 7890 1234', 'country'],
    ['DE45 5001 0517 5407 3249 31', 'checksum'],
    ['DE44 5001 0517 5407 3249 32', 'checksum'],
    ['DE02 1203 0000 0000 2020 51', 'test-iban'],
    ['DE89 3704 0044 0532 0130 00', 'test-iban'],
  ] as const)('rejects %j for %s', (value, reason) => {
    expect(validateIban(value)).toEqual({ valid: false, reason, message: IBAN_MESSAGES[reason] });
  });

  it('rejects both listed test IBANs', () => {
    expect(REJECTED_TEST_IBANS.map((iban) => validateIban(iban).valid)).toEqual([false, false]);
  });

  it.each([
    [
      'AT61 1904 3002 3457 3201',
      { valid: false, reason: 'not-german', message: IBAN_MESSAGES['not-german'] },
    ],
    ['DE44 5001 0517 5407 3249 31', { valid: true, iban: 'DE44500105175407324931' }],
  ])('German-only variant: %j', (value, expected) => {
    expect(validateIban(value, { germanOnly: true })).toEqual(expected);
  });

  it('schema parses to the normalised IBAN and reports the German message', () => {
    expect(ibanSchema().parse('de44 5001 0517 5407 3249 31')).toBe('DE44500105175407324931');
    const result = ibanSchema({ germanOnly: true }).safeParse('CH9300762011623852957');
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([IBAN_MESSAGES['not-german']]);
  });

  it.each([
    ['DE89370400440532013000', 'DE89 3704 0044 0532 0130 00', 'DE89 **** **** **** **30 00'],
    ['de44 5001 0517 5407 3249 31', 'DE44 5001 0517 5407 3249 31', 'DE44 **** **** **** **49 31'],
    ['NO9386011117947', 'NO93 8601 1117 947', 'NO93 **** ***7 947'],
  ])('formats and masks %j', (value, grouped, masked) => {
    expect(formatIbanGroups(value)).toBe(grouped);
    expect(maskIban(value)).toBe(masked);
  });

  it('masks like formatIbanGroups on the masked value, for IBANs of every length and odd input', () => {
    const viaFormatIbanGroups = (iban: string) => {
      const normalized = normalizeIban(iban);
      const visibleEnd = Math.max(4, normalized.length - 4);
      return formatIbanGroups(
        normalized.slice(0, 4) + '*'.repeat(visibleEnd - 4) + normalized.slice(visibleEnd),
      );
    };
    const long = 'MT84MALT011000012345MTLCAST001S';
    const inputs = Array.from({ length: long.length + 1 }, (_, length) => long.slice(0, length));
    inputs.push(
      'de44 5001 0517 5407 3249 31',
      'DE44-5001-0517-5407-3249-31',
      'DE44\t5001\n0517',
      'dE44ß001',
      'DE44*500',
    );
    for (const iban of inputs) expect(maskIban(iban)).toBe(viaFormatIbanGroups(iban));
  });

  it.each([
    ['DE44 5001 0517 5407 3249 31', '50010517'],
    ['AT611904300234573201', undefined],
    ['DE4450010517', undefined],
  ])('blzFromGermanIban(%j) = %s', (value, blz) => {
    expect(blzFromGermanIban(value)).toBe(blz);
  });
});

import { describe, expect, it } from 'vitest';
import { optionalPhoneSchema, PHONE_MESSAGES, phoneSchema, validatePhone } from './phone';

describe('validatePhone, mobile required (default)', () => {
  it.each([
    ['+49 151 12345678', '+4915112345678'],
    ['+49 (0)151 12345678', '+4915112345678'],
    ['+49-151-123-456-78', '+4915112345678'],
    ['+49 (151) 12345678', '+4915112345678'],
    ['+49 151/123 456 78', '+4915112345678'],
    ['+44 (0)7911 123456', '+447911123456'],
    ['  +4917612345678 ', '+4917612345678'],
    ['+43 664 123456789', '+43664123456789'],
    ['+43 664 1234567890', '+436641234567890'],
    ['+33 6 12 34 56 78', '+33612345678'],
    ['+1 415 555 2671', '+14155552671'],
  ])('%j is valid as %s', (value, normalized) => {
    expect(validatePhone(value)).toEqual({ valid: true, normalized });
  });

  it.each([
    ['', PHONE_MESSAGES.required],
    ['0151 12345678', PHONE_MESSAGES.format],
    ['0049 151 12345678', PHONE_MESSAGES.format],
    ['+49 151 1234567a', PHONE_MESSAGES.format],
    ['+0151 12345678', PHONE_MESSAGES.format],
    // 6 and 16 digits after '+'
    ['+491123', PHONE_MESSAGES.length],
    ['+49 151 12345678901', PHONE_MESSAGES.length],
    // German numbers: +491 then 4–12 digits, i.e. +491 plus 3 or 13 digits fail the pattern
    ['+4930 12345678', PHONE_MESSAGES.germanMobile],
    ['+491 123', PHONE_MESSAGES.length],
    ['+491 2345678901234', PHONE_MESSAGES.length],
    // passes the pattern (+491 + 4 / + 12 digits) but is no real number
    ['+491 1234', PHONE_MESSAGES.invalid],
    ['+491 512345678901', PHONE_MESSAGES.invalid],
    ['+49 180 12345', PHONE_MESSAGES.notMobile],
    ['+43 1 23456789', PHONE_MESSAGES.notMobile],
    ['+999 123456789', PHONE_MESSAGES.invalid],
  ])('%j is invalid: %s', (value, message) => {
    expect(validatePhone(value)).toEqual({ valid: false, message });
  });
});

describe('validatePhone without mobile obligation', () => {
  const options = { mobileRequired: false };

  it.each([
    ['+49 30 123', '+4930123'],
    ['+49 30 12345678901', '+493012345678901'],
    ['+49 30 12345678', '+493012345678'],
    ['+49 151 12345678', '+4915112345678'],
    ['+43 1 23456789', '+43123456789'],
  ])('%j (7–15 digits) is valid as %s', (value, normalized) => {
    expect(validatePhone(value, options)).toEqual({ valid: true, normalized });
  });

  it.each([
    ['+49 30 12', PHONE_MESSAGES.length],
    ['+49 30 123456789012', PHONE_MESSAGES.length],
    ['+86 139 1234 567890', PHONE_MESSAGES.invalid],
    ['030 12345678', PHONE_MESSAGES.format],
  ])('%j is invalid: %s', (value, message) => {
    expect(validatePhone(value, options)).toEqual({ valid: false, message });
  });
});

describe('validatePhone German only', () => {
  it.each([
    [{ germanOnly: true }, '+43 664 123456789', PHONE_MESSAGES.notGerman],
    [{ germanOnly: true, mobileRequired: false }, '+43 1 23456789', PHONE_MESSAGES.notGerman],
    [{ germanOnly: true }, '+49 30 12345678', PHONE_MESSAGES.germanMobile],
  ])('%j rejects %j', (options, value, message) => {
    expect(validatePhone(value, options)).toEqual({ valid: false, message });
  });

  it.each([
    [{ germanOnly: true }, '+49 151 12345678', '+4915112345678'],
    [{ germanOnly: true, mobileRequired: false }, '+49 30 12345678', '+493012345678'],
  ])('%j accepts %j', (options, value, normalized) => {
    expect(validatePhone(value, options)).toEqual({ valid: true, normalized });
  });
});

describe('phoneSchema', () => {
  it('parses to the normalised number', () => {
    expect(phoneSchema().parse('+49 151 12345678')).toBe('+4915112345678');
  });

  it('reports the German message', () => {
    const result = phoneSchema({ mobileRequired: false }).safeParse('12345');
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([PHONE_MESSAGES.format]);
  });
});

describe('optionalPhoneSchema', () => {
  const schema = optionalPhoneSchema({ mobileRequired: false });

  it('reads an empty or blank field as no number', () => {
    expect(schema.parse('')).toBeNull();
    expect(schema.parse('   ')).toBeNull();
  });

  it('normalises a number', () => {
    expect(schema.parse('+49 221 1234567')).toBe('+492211234567');
  });

  it.each(['12345', '0221 1234567', '+49'])('answers %s with one German phone message only', (value) => {
    const result = schema.safeParse(value);
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages).toHaveLength(1);
    expect(Object.values(PHONE_MESSAGES)).toContain(messages[0]);
  });
});

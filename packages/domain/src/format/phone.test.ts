import { describe, expect, it } from 'vitest';
import { formatPhone } from './phone';

describe('formatPhone', () => {
  it('groups a German mobile and a landline number in international format', () => {
    expect(formatPhone('+4915200000101')).toBe('+49 1520 0000101');
    expect(formatPhone('+49221123456')).toBe('+49 221 123456');
  });

  it('formats a foreign number with its country code', () => {
    expect(formatPhone('+41446681800')).toBe('+41 44 668 18 00');
  });

  it('leaves a number it cannot read unchanged', () => {
    expect(formatPhone('0221 nicht lesbar')).toBe('0221 nicht lesbar');
  });
});

// The exact origins an embedding partner may be allowed (issue 16).
import { describe, expect, it } from 'vitest';
import { isAllowedOriginFormat } from './origins';

describe('isAllowedOriginFormat', () => {
  it.each([
    'https://www.partner.de',
    'https://partner.de:8443',
    'http://localhost:3001',
    'http://127.0.0.1:5173',
  ])('accepts %s', (origin) => expect(isAllowedOriginFormat(origin)).toBe(true));
  it.each([
    'http://www.partner.de',
    'https://www.partner.de/',
    'https://www.partner.de/pfad',
    'https://*.partner.de',
    'http://localhost',
    'https://partner.de:70000',
    'HTTPS://PARTNER.DE',
    "'self'",
    'javascript:alert(1)',
  ])('refuses %s', (origin) => expect(isAllowedOriginFormat(origin)).toBe(false));
});

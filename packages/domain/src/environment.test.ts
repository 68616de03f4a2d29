import { describe, expect, it } from 'vitest';
import { detectEnvironment, UnknownEnvironmentError } from './environment';

describe('detectEnvironment', () => {
  it.each([
    ['localhost', 'localhost'],
    ['localhost:3000', 'localhost'],
    ['127.0.0.1:5173', 'localhost'],
    ['[::1]:3000', 'localhost'],
    ['ACCEPT.schirm.de', 'accept'],
    ['dev.schirm.de', 'development'],
    ['int.schirm.de:443', 'integration'],
    ['www.schirm.de', 'production'],
  ])('%s → %s', (host, expected) => {
    expect(detectEnvironment(host)).toBe(expected);
  });

  it.each(['evil.example.org', 'constructor', '__proto__', 'toString'])(
    'throws for the unknown host %s',
    (host) => {
      expect(() => detectEnvironment(host)).toThrow(UnknownEnvironmentError);
    },
  );

  it('uses a configured map', () => {
    expect(detectEnvironment('portal.test:8080', { 'portal.test': 'integration' })).toBe('integration');
  });
});

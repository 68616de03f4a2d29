import { describe, expect, it } from 'vitest';
import {
  resolveBrand,
  resolveEmbedded,
  resolveFlagTargetingKey,
  resolvePartner,
  type SettingsStorage,
} from './session-settings';

function memoryStorage(): SettingsStorage & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  };
}

const search = (query: string) => new URLSearchParams(query);

describe('brand from ?brand=', () => {
  it.each([
    ['schirm', 'schirm'],
    ['hfk', 'hfk'],
    ['s-direkt', 's-direkt'],
    ['protect', 'protect'],
    ['protect-ch', 'protect-ch'],
    ['HFK', 'hfk'],
    ['unbekannt', 'schirm'],
    ['', 'schirm'],
  ])('?brand=%s gives %s', (value, expected) => {
    expect(resolveBrand(search(`brand=${value}`), memoryStorage())).toBe(expected);
  });

  it('is schirm when no brand was ever given', () => {
    expect(resolveBrand(search(''), memoryStorage())).toBe('schirm');
  });

  it('is remembered for the session, so later pages without the parameter keep it', () => {
    const storage = memoryStorage();
    expect(resolveBrand(search('brand=protect'), storage)).toBe('protect');
    expect(resolveBrand(search(''), storage)).toBe('protect');
    expect(resolveBrand(search('brand=hfk'), storage)).toBe('hfk');
    expect(resolveBrand(search('?seite=2'), storage)).toBe('hfk');
  });

  it('forgets an unknown brand by falling back to schirm', () => {
    const storage = memoryStorage();
    resolveBrand(search('brand=hfk'), storage);
    expect(resolveBrand(search('brand=gibtsnicht'), storage)).toBe('schirm');
    expect(resolveBrand(search(''), storage)).toBe('schirm');
  });

  it('still works when the browser refuses storage', () => {
    const refusing: SettingsStorage = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      removeItem: () => undefined,
    };
    expect(resolveBrand(search('brand=hfk'), refusing)).toBe('hfk');
    expect(resolveBrand(search(''), refusing)).toBe('schirm');
    expect(resolveBrand(search(''), undefined)).toBe('schirm');
  });
});

describe('embedded mode from ?embedded=', () => {
  it('is on with embedded=true and stays on for the session', () => {
    const storage = memoryStorage();
    expect(resolveEmbedded(search('embedded=true'), storage)).toBe(true);
    expect(resolveEmbedded(search(''), storage)).toBe(true);
  });

  it('is not taken from the tab outside a frame: the portal opened later in the tab is the portal', () => {
    const storage = memoryStorage();
    expect(resolveEmbedded(search('embedded=true'), storage, true)).toBe(true);
    expect(resolveEmbedded(search(''), storage, false)).toBe(false);
    expect(resolveEmbedded(search(''), storage, true)).toBe(true);
  });

  it('is off by default and switched off by any other value', () => {
    const storage = memoryStorage();
    expect(resolveEmbedded(search(''), storage)).toBe(false);
    resolveEmbedded(search('embedded=true'), storage);
    expect(resolveEmbedded(search('embedded=false'), storage)).toBe(false);
    expect(resolveEmbedded(search(''), storage)).toBe(false);
  });
});

describe('embedding partner from ?partner=', () => {
  it('is kept for the tab like embedded mode', () => {
    const storage = memoryStorage();
    expect(resolvePartner(search('embedded=true&partner=radhaus-mueller'), storage)).toBe('radhaus-mueller');
    expect(resolvePartner(search(''), storage)).toBe('radhaus-mueller');
  });

  it('names no partner for a malformed or empty value, and forgets the earlier one', () => {
    const storage = memoryStorage();
    resolvePartner(search('partner=radhaus-mueller'), storage);
    expect(resolvePartner(search('partner=Radhaus%20M%C3%BCller'), storage)).toBeNull();
    expect(resolvePartner(search(''), storage)).toBeNull();
    expect(resolvePartner(search('partner=../admin'), storage)).toBeNull();
    expect(resolvePartner(search('partner='), storage)).toBeNull();
  });
});

describe('flag targeting key', () => {
  it('is random per session and stable within it', () => {
    const first = memoryStorage();
    const key = resolveFlagTargetingKey(first);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(resolveFlagTargetingKey(first)).toBe(key);
    expect(resolveFlagTargetingKey(memoryStorage())).not.toBe(key);
  });
});

describe('brand from a brand path (ADR 0034)', () => {
  it.each([
    ['/hfk/privathaftpflicht/beratung/', 'hfk'],
    ['/s-direkt/hausrat/beratung/person/', 's-direkt'],
    ['/protect-ch/hausrat/beratung', 'protect-ch'],
  ])('%s gives %s over ?brand= and remembers it', (path, expected) => {
    const storage = memoryStorage();
    expect(resolveBrand(search('brand=protect'), storage, path)).toBe(expected);
    expect(resolveBrand(search(''), storage)).toBe(expected);
  });

  it.each([
    '/hausrat/beratung/',
    '/schirm/hausrat/beratung/',
    '/unbekannt/hausrat/beratung/',
    '/hfk/hausrat/antrag/',
  ])('%s names no brand: ?brand= decides', (path) => {
    expect(resolveBrand(search('brand=protect'), memoryStorage(), path)).toBe('protect');
  });
});

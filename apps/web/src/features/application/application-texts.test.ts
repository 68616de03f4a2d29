// The application pages take their texts from the `application` namespace
// (packages/texts/live/application.json): every key the pages name is there, every text there is
// shown somewhere, and the file carries the version the text refresh compares.
import { describe, expect, it } from 'vitest';
import application from '../../../../../packages/texts/live/application.json';

// The pages' sources (not the tests, not the first screen under start/, which has its own copies).
const sources = import.meta.glob<string>(['./*.tsx', '!./*.test.tsx', '!./application-test-support.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The namespace's groups: a string literal starting with one of them names a text. */
const GROUPS = Object.keys(application).filter((key) => key !== 'version');
const KEY_LITERAL = new RegExp(`'((?:${GROUPS.join('|')})\\.[A-Za-z.]+)'`, 'g');

function keysInSources(): Set<string> {
  const keys = new Set<string>();
  for (const source of Object.values(sources)) {
    for (const match of source.matchAll(KEY_LITERAL)) keys.add(match[1]!);
  }
  return keys;
}

/** Every text's key, plural forms ('errors_one', 'errors_other') under their key ('errors'). */
function textKeys(texts: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [`${prefix}${key.replace(/_(one|other)$/, '')}`]
      : textKeys(value as Record<string, unknown>, `${prefix}${key}.`),
  );
}

describe('the application texts', () => {
  it('carry a version the text refresh can compare', () => {
    expect(application.version).toMatch(/^\d{4}-\d{2}-\d{2}\.\d+$/);
  });

  it('have a German text for every key the pages name', () => {
    const known = new Set(textKeys(application));
    const missing = [...keysInSources()].filter((key) => !known.has(key));
    expect(keysInSources().size).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });

  it('are all shown by some page', () => {
    const used = keysInSources();
    const unused = [...new Set(textKeys(application))].filter((key) => key !== 'version' && !used.has(key));
    expect(unused).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { compareGerman, matchRank, rankByPattern, searchForms } from './search-text';

const names = [
  'Deutscher Schäferhund',
  'Schäferhund-Mix',
  'Belgischer Schäferhund (Malinois)',
  'Schnauzer',
  'Boxer',
];
const byName = (name: string) => name;

describe('searchForms', () => {
  it('folds case, umlauts (both ways), ß and accents', () => {
    expect(searchForms('Größe Cervélo')).toEqual(['groesse cervelo', 'grosse cervelo']);
  });
});

describe('matchRank', () => {
  it.each([
    ['schae', 'Schäferhund', 0],
    ['SCHÄF', 'Schäferhund', 0],
    ['schaf', 'Schäferhund', 0],
    ['schaef', 'Deutscher Schäferhund', 1],
    ['malinois', 'Belgischer Schäferhund (Malinois)', 1],
    ['ferhund', 'Deutscher Schäferhund', 2],
    ['frise', 'Bichon Frisé', 1],
  ] as const)('%s in %s has rank %i', (pattern, name, rank) => {
    expect(matchRank(name, pattern)).toBe(rank);
  });

  it('is undefined when the pattern does not occur', () => {
    expect(matchRank('Boxer', 'pudel')).toBeUndefined();
  });
});

describe('rankByPattern', () => {
  it('puts prefix matches first, then word starts, then inner matches, alphabetically within a rank', () => {
    expect(rankByPattern(names, byName, 'schae', 10)).toEqual([
      'Schäferhund-Mix',
      'Belgischer Schäferhund (Malinois)',
      'Deutscher Schäferhund',
    ]);
  });

  it('lists every entry alphabetically for an empty pattern, cut at the limit', () => {
    expect(rankByPattern(names, byName, '  ', 3)).toEqual([
      'Belgischer Schäferhund (Malinois)',
      'Boxer',
      'Deutscher Schäferhund',
    ]);
  });

  it('sorts umlauts with their base letter', () => {
    expect(['Zander', 'Äpfel', 'Birne'].sort(compareGerman)).toEqual(['Äpfel', 'Birne', 'Zander']);
  });
});

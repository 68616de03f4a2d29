// Search in German reference lists must not depend on how people type umlauts: 'schae', 'schä'
// and 'scha' all find 'Schäferhund'. Both sides are folded twice, once with umlauts spelled out
// (ä → ae, the German convention on keyboards without umlauts) and once with umlauts reduced to
// the base letter (ä → a, how people type in a hurry); a match under either folding counts.

const SPELLED_OUT: Readonly<Record<string, string>> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };
const BASE_LETTER: Readonly<Record<string, string>> = { ä: 'a', ö: 'o', ü: 'u', ß: 'ss' };

function fold(text: string, umlauts: Readonly<Record<string, string>>): string {
  return (
    text
      .toLocaleLowerCase('de')
      .replace(/[äöüß]/g, (letter) => umlauts[letter] ?? letter)
      // Remaining accents (é in 'Cervélo', é in 'Bichon Frisé') are dropped.
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** Both foldings of a text, spelled-out umlauts first. */
export function searchForms(text: string): readonly [string, string] {
  return [fold(text, SPELLED_OUT), fold(text, BASE_LETTER)];
}

/** How well a name matches: 0 the name starts with the pattern, 1 a word does, 2 it occurs inside. */
export type MatchRank = 0 | 1 | 2;

function rankIn(name: string, pattern: string): MatchRank | undefined {
  if (name.startsWith(pattern)) return 0;
  const index = name.indexOf(pattern);
  if (index === -1) return undefined;
  return /[\s\-(/&.]/.test(name.charAt(index - 1)) ? 1 : 2;
}

function rankInForms(
  name: string,
  [patternSpelled, patternBase]: readonly [string, string],
): MatchRank | undefined {
  const [nameSpelled, nameBase] = searchForms(name);
  const ranks = [rankIn(nameSpelled, patternSpelled), rankIn(nameBase, patternBase)].filter(
    (rank): rank is MatchRank => rank !== undefined,
  );
  return ranks.length === 0 ? undefined : (Math.min(...ranks) as MatchRank);
}

/** The best rank of `pattern` in `name` under either folding, or undefined when it does not occur. */
export function matchRank(name: string, pattern: string): MatchRank | undefined {
  return rankInForms(name, searchForms(pattern));
}

const collator = new Intl.Collator('de', { sensitivity: 'base', numeric: true });

/** German alphabetical order (ä sorts with a). */
export function compareGerman(left: string, right: string): number {
  return collator.compare(left, right);
}

/**
 * Entries whose name contains the pattern, best rank first, then alphabetically; at most `limit`.
 * An empty pattern matches every entry, so an empty search lists the first entries alphabetically.
 */
export function rankByPattern<T>(
  entries: readonly T[],
  nameOf: (entry: T) => string,
  pattern: string,
  limit: number,
): T[] {
  const forms = searchForms(pattern);
  const ranked: { entry: T; rank: MatchRank }[] = [];
  for (const entry of entries) {
    const rank = forms[0] === '' ? 0 : rankInForms(nameOf(entry), forms);
    if (rank !== undefined) ranked.push({ entry, rank });
  }
  ranked.sort(
    (left, right) => left.rank - right.rank || compareGerman(nameOf(left.entry), nameOf(right.entry)),
  );
  return ranked.slice(0, limit).map(({ entry }) => entry);
}

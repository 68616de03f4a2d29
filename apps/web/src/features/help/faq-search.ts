import type { Faq, FaqBlock, FaqCategory, FaqEntry } from '../../lib/faq';

/**
 * Text folded for a search that forgives how people type German: case, umlauts written as ä or
 * ae (both become a), ß or ss, accents, and hyphens ('E-Mail' = 'email').
 */
export function foldForSearch(text: string): string {
  return text
    .toLocaleLowerCase('de-DE')
    .replace(/ß/g, 'ss')
    .replace(/ä|ae/g, 'a')
    .replace(/ö|oe/g, 'o')
    .replace(/ü|ue/g, 'u')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[-\u00ad]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function blockText(block: FaqBlock): string {
  const inlines = block.type === 'paragraph' ? block.content : block.items.flat();
  return inlines.map((inline) => inline.text).join('');
}

export interface SearchableEntry {
  entry: FaqEntry;
  category: FaqCategory;
  /** Folded question, answer and category title. */
  text: string;
}

/** Every question with its folded text, computed once per FAQ. */
export function searchableEntries(faq: Faq): SearchableEntry[] {
  return faq.kategorien.flatMap((category) =>
    category.fragen.map((entry) => ({
      entry,
      category,
      text: foldForSearch([category.titel, entry.frage, ...entry.antwort.map(blockText)].join(' ')),
    })),
  );
}

/**
 * The categories with the questions that contain every word of the query (in any order, anywhere
 * in question, answer or category title); all questions for an empty query. Categories without a
 * match are left out.
 */
export function filterFaq(
  entries: SearchableEntry[],
  query: string,
): { category: FaqCategory; entries: FaqEntry[] }[] {
  const words = foldForSearch(query).split(' ').filter(Boolean);
  const groups = new Map<FaqCategory, FaqEntry[]>();
  for (const { entry, category, text } of entries) {
    if (!words.every((word) => text.includes(word))) continue;
    groups.set(category, [...(groups.get(category) ?? []), entry]);
  }
  return [...groups].map(([category, found]) => ({ category, entries: found }));
}

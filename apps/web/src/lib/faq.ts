import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './api';
import { unwrapResult } from './query-client';

/** Pages whose help button shows FAQ entries (apps/server/src/modules/content/faq.ts). */
export type HelpTopic = 'anmeldung' | 'registrierung' | 'passwort-vergessen' | 'vertragsdetails';

export type FaqInline =
  | { type: 'text'; text: string }
  | { type: 'strong'; text: string }
  | { type: 'link'; text: string; href: string };

export type FaqBlock =
  { type: 'paragraph'; content: FaqInline[] } | { type: 'list'; ordered: boolean; items: FaqInline[][] };

export interface FaqEntry {
  id: string;
  frage: string;
  antwort: FaqBlock[];
  hilfe: HelpTopic[];
}

export interface FaqCategory {
  id: string;
  titel: string;
  fragen: FaqEntry[];
}

/** GET /api/content/faq: the public FAQ by category (spec §7 content fetch). */
export interface Faq {
  version: string;
  kategorien: FaqCategory[];
}

/** Where the full FAQ lives; a question's deep link adds `#<id>`. */
export const FAQ_PATH = '/haeufige-fragen/';

async function getFaq(signal?: AbortSignal): Promise<Faq> {
  const faq = unwrapResult(
    await request<Faq>({ path: '/api/content/faq', authenticated: false, cancelPrevious: false, signal }),
  );
  if (!faq) throw new Error('GET /api/content/faq answered without a body');
  return faq;
}

export const faqQueryOptions = queryOptions({
  queryKey: ['content', 'faq'],
  queryFn: ({ signal }) => getFaq(signal),
});

/** The FAQ, shared by the FAQ page and every help panel (one request per stale time). */
export function useFaq() {
  return useQuery(faqQueryOptions);
}

/** The questions the help button of a page shows, in FAQ order. */
export function faqEntriesFor(faq: Faq, topic: HelpTopic): FaqEntry[] {
  return faq.kategorien.flatMap((category) => category.fragen.filter((entry) => entry.hilfe.includes(topic)));
}

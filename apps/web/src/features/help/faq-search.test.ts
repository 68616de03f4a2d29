import { describe, expect, it } from 'vitest';
import { faqFixture } from '../../lib/testing/faq-fixture';
import { filterFaq, foldForSearch, searchableEntries } from './faq-search';

const entries = searchableEntries(faqFixture);
const foundIds = (query: string) =>
  filterFaq(entries, query).flatMap((group) => group.entries.map((e) => e.id));

describe('foldForSearch', () => {
  it.each([
    ['Kündigung', 'kundigung'],
    ['KUENDIGUNG', 'kundigung'],
    ['Straße', 'strasse'],
    ['E-Mail-Adresse', 'emailadresse'],
    ['  Gründe   für  ', 'grunde fur'],
    ['Café', 'cafe'],
  ])('%s → %s', (text, folded) => {
    expect(foldForSearch(text)).toBe(folded);
  });
});

describe('filterFaq', () => {
  it('finds a question however the umlaut is typed', () => {
    expect(foundIds('kündigen')).toEqual(['kuendigen']);
    expect(foundIds('kuendigen')).toEqual(['kuendigen']);
    expect(foundIds('kundigen')).toEqual(['kuendigen']);
  });

  it('finds ß as ss and words in answers, hyphens ignored', () => {
    expect(foundIds('strasse')).toEqual(['umzug']);
    expect(foundIds('email')).toEqual(['anmelden-mit-sms-code']);
  });

  it('needs every word of the query, in any order', () => {
    expect(foundIds('Gründe 14')).toEqual(['widerruf']);
    expect(foundIds('14 Passwort')).toEqual([]);
  });

  it('keeps the categories of the matches and all questions for an empty query', () => {
    expect(filterFaq(entries, 'Passwort').map((group) => group.category.titel)).toEqual([
      'Anmeldung und Zugang',
    ]);
    expect(foundIds('   ')).toHaveLength(5);
  });
});

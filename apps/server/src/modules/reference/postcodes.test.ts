import { describe, expect, it } from 'vitest';
import { isKnownPostcode, placesOfPostcode, POSTCODE_SEARCH_LIMIT, searchPostcodes } from './postcodes';

describe('postcodes', () => {
  it('knows the places of a postcode, alphabetically', () => {
    expect(placesOfPostcode('50667')).toEqual(['Köln']);
    expect(placesOfPostcode('94036')).toEqual(['Neuburg am Inn', 'Passau']);
  });

  it('tells existing from non-existing five-digit codes', () => {
    expect(isKnownPostcode('01067')).toBe(true);
    expect(isKnownPostcode('00000')).toBe(false);
    expect(isKnownPostcode('99999')).toBe(false);
    expect(placesOfPostcode('00000')).toEqual([]);
  });

  it('finds exactly the places of a full code', () => {
    expect(searchPostcodes('94036')).toEqual([
      { plz: '94036', ort: 'Neuburg am Inn' },
      { plz: '94036', ort: 'Passau' },
    ]);
  });

  it('finds places by prefix, sorted by postcode', () => {
    const result = searchPostcodes('0106');
    expect(result.map((place) => place.plz)).toEqual(['01067', '01069']);
    expect(result.every((place) => place.ort === 'Dresden')).toBe(true);
  });

  it('stops at the limit for short prefixes', () => {
    const result = searchPostcodes('54');
    expect(result).toHaveLength(POSTCODE_SEARCH_LIMIT);
    expect(result.every((place) => place.plz.startsWith('54'))).toBe(true);
    const codes = result.map((place) => place.plz);
    expect([...codes].sort()).toEqual(codes);
  });

  it('finds nothing for a prefix no code has', () => {
    expect(searchPostcodes('00')).toEqual([]);
  });
});

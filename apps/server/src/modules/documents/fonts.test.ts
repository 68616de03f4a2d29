// The shared shaping of the embedded fonts: a word shaped once gives every later document the
// same glyphs and positions fontkit would compute, each caller may scale its positions without
// touching the next caller's, and a subset's bytes are the bytes fontkit encodes.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { LAYOUT_CACHE_ENTRIES, ONE_OFF_CACHE_ENTRIES, withSharedLayouts, woffToSfnt } from './fonts';

const require = createRequire(import.meta.url);

function plainFont(): fontkit.Font {
  const file = require.resolve('@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff');
  return fontkit.create(woffToSfnt(readFileSync(file))) as fontkit.Font;
}

/** The font with a count of the shapings asked of it. */
function countingFont(): { font: fontkit.Font; calls: () => number } {
  const font = plainFont();
  const layout = font.layout.bind(font);
  let count = 0;
  Object.assign(font, {
    layout: (...args: Parameters<fontkit.Font['layout']>) => {
      count += 1;
      return layout(...args);
    },
  });
  return { font, calls: () => count };
}

/** A word of letters only for a number (0 → 'a', 27 → 'bb'…), unlike every other. */
function letters(index: number): string {
  let word = '';
  let rest = index;
  do {
    word = String.fromCharCode(97 + (rest % 26)) + word;
    rest = Math.floor(rest / 26);
  } while (rest > 0);
  return `Wort${word}`;
}

const WORDS = ['Kundeninformation ', 'Widerrufsbelehrung', 'Größe: ', '1.234,56 EUR', 'ﬁ „Zürich“ – ✓ ', ''];

function shape(run: { glyphs: { id: number }[]; positions: object[]; advanceWidth: number }) {
  return {
    glyphs: run.glyphs.map((glyph) => glyph.id),
    positions: run.positions.map((position) => ({ ...position })),
    advanceWidth: run.advanceWidth,
  };
}

describe('withSharedLayouts', () => {
  it('shapes every word as fontkit does, the first time and from the cache', () => {
    const plain = plainFont();
    const shared = withSharedLayouts(plainFont());
    for (const word of WORDS) {
      const expected = shape(plain.layout(word));
      expect(shape(shared.layout(word))).toEqual(expected);
      expect(shape(shared.layout(word))).toEqual(expected);
    }
    expect(shape(shared.layout('Tarif', ['kern']))).toEqual(shape(plain.layout('Tarif', ['kern'])));
  });

  it('hands each caller its own positions (pdfkit scales them in place)', () => {
    const shared = withSharedLayouts(plainFont());
    const first = shared.layout('Versicherungsschein');
    const width = first.advanceWidth;
    for (const position of first.positions) position.xAdvance *= 0.5;
    expect(first.advanceWidth).toBeCloseTo(width / 2);
    expect(shared.layout('Versicherungsschein').advanceWidth).toBe(width);
  });

  it('encodes a subset to the bytes fontkit encodes, again from the cache', () => {
    const font = plainFont();
    const plain = font.createSubset();
    const shared = withSharedLayouts(plainFont());
    const first = shared.createSubset();
    const second = shared.createSubset();
    for (const id of [36, 72, 79, 600, 3]) {
      plain.includeGlyph(font.getGlyph(id));
      first.includeGlyph(font.getGlyph(id));
      second.includeGlyph(font.getGlyph(id));
    }
    const expected = Buffer.from(plain.encode());
    expect(Buffer.from(first.encode())).toEqual(expected);
    expect(Buffer.from(second.encode())).toEqual(expected);
    const other = shared.createSubset();
    other.includeGlyph(font.getGlyph(36));
    expect(Buffer.from(other.encode())).not.toEqual(expected);
  });

  it('keeps at most LAYOUT_CACHE_ENTRIES words and still shapes the forgotten ones', () => {
    const plain = plainFont();
    const { font, calls } = countingFont();
    const shared = withSharedLayouts(font);
    const first = shape(shared.layout(letters(0)));
    for (let index = 1; index <= LAYOUT_CACHE_ENTRIES; index += 1) shared.layout(letters(index));
    expect(calls()).toBe(LAYOUT_CACHE_ENTRIES + 1);
    // The first word was forgotten: shaped again, alike.
    expect(shape(shared.layout(letters(0)))).toEqual(first);
    expect(calls()).toBe(LAYOUT_CACHE_ENTRIES + 2);
    expect(first).toEqual(shape(plain.layout(letters(0))));
  });

  it('keeps words with a digit or an @ apart, at most ONE_OFF_CACHE_ENTRIES, without pushing words out', () => {
    const plain = plainFont();
    const { font, calls } = countingFont();
    const shared = withSharedLayouts(font);
    const beitrag = shape(shared.layout('Beitrag'));
    const amount = shape(shared.layout('1.234,56'));
    expect(amount).toEqual(shape(plain.layout('1.234,56')));
    expect(shape(shared.layout('anna.schneider@example.com'))).toEqual(
      shape(plain.layout('anna.schneider@example.com')),
    );
    expect(calls()).toBe(3);
    // Many numbers later: the word is still kept, the first number was forgotten and is shaped again.
    for (let index = 0; index < ONE_OFF_CACHE_ENTRIES; index += 1) shared.layout(`${9_000_000_000 + index}`);
    expect(calls()).toBe(3 + ONE_OFF_CACHE_ENTRIES);
    expect(shape(shared.layout('Beitrag'))).toEqual(beitrag);
    expect(calls()).toBe(3 + ONE_OFF_CACHE_ENTRIES);
    expect(shape(shared.layout('1.234,56'))).toEqual(amount);
    expect(calls()).toBe(4 + ONE_OFF_CACHE_ENTRIES);
  });
});

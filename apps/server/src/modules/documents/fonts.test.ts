// The shared shaping of the embedded fonts: a word shaped once gives every later document the
// same glyphs and positions fontkit would compute, each caller may scale its positions without
// touching the next caller's, and a subset's bytes are the bytes fontkit encodes.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { LAYOUT_CACHE_ENTRIES, withSharedLayouts, woffToSfnt } from './fonts';

const require = createRequire(import.meta.url);

function plainFont(): fontkit.Font {
  const file = require.resolve('@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff');
  return fontkit.create(woffToSfnt(readFileSync(file))) as fontkit.Font;
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
    const shared = withSharedLayouts(plainFont());
    const first = shape(shared.layout('Nummer-0'));
    for (let index = 1; index <= LAYOUT_CACHE_ENTRIES; index += 1) shared.layout(`Nummer-${index}`);
    expect(shape(shared.layout('Nummer-0'))).toEqual(first);
    expect(first).toEqual(shape(plain.layout('Nummer-0')));
  });
});

// The embedded fonts of every printed PDF (ADR 0022): DejaVu Sans from @fontsource/dejavu-sans.
// The package ships the whole font as WOFF only; fontkit reads WOFF but inflates the tables again
// on every glyph look-up (about 1 s per letter), so the WOFF is unpacked once into a plain
// TrueType file in memory. The parsed font is shared by every document: fontkit keeps glyphs it
// has seen, which makes a document about three times faster than parsing the font for each one
// (pdfkit subsets per document, so documents stay independent), and withSharedLayouts keeps each
// word's shaping and each subset's bytes across documents (about half again).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';

const require = createRequire(import.meta.url);

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'
const WOFF_HEADER_BYTES = 44;
const WOFF_ENTRY_BYTES = 20;
const SFNT_HEADER_BYTES = 12;
const SFNT_ENTRY_BYTES = 16;

const align4 = (length: number) => (length + 3) & ~3;

/** Unpacks a WOFF 1.0 file into the TrueType/OpenType file it was made from. */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== WOFF_SIGNATURE) throw new Error('Not a WOFF 1.0 font');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, index) => {
    const at = WOFF_HEADER_BYTES + index * WOFF_ENTRY_BYTES;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(raw) : raw;
    if (data.length !== origLength) throw new Error('Broken WOFF table');
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data };
  });
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  let offset = SFNT_HEADER_BYTES + numTables * SFNT_ENTRY_BYTES;
  const size = tables.reduce((sum, table) => sum + align4(table.data.length), offset);
  const sfnt = Buffer.alloc(size);
  sfnt.writeUInt32BE(flavor, 0);
  sfnt.writeUInt16BE(numTables, 4);
  sfnt.writeUInt16BE(searchRange, 6);
  sfnt.writeUInt16BE(entrySelector, 8);
  sfnt.writeUInt16BE(numTables * 16 - searchRange, 10);
  tables.forEach((table, index) => {
    const at = SFNT_HEADER_BYTES + index * SFNT_ENTRY_BYTES;
    sfnt.writeUInt32BE(table.tag, at);
    sfnt.writeUInt32BE(table.checksum, at + 4);
    sfnt.writeUInt32BE(offset, at + 8);
    sfnt.writeUInt32BE(table.data.length, at + 12);
    table.data.copy(sfnt, offset);
    offset += align4(table.data.length);
  });
  return sfnt;
}

/**
 * Words whose shaping is kept per font (about 1.5 KB each on the heap, measured): the documents'
 * vocabulary and people's names.
 */
export const LAYOUT_CACHE_ENTRIES = 20_000;
/**
 * Words with a digit or an '@' (amounts, dates, numbers, IBANs, e-mail addresses) are kept apart and
 * fewer: nearly every application brings its own, and in the one cache they pushed the vocabulary
 * out and filled it with words never used again (the server's RSS rose by about 30 KB per
 * application until 20,000 were kept); today's dates and common amounts still stay at hand.
 */
export const ONE_OFF_CACHE_ENTRIES = 2_000;

/** Words that are seldom the same in two documents. */
const ONE_OFF_WORD = /[\d@]/;
/** Encoded font subsets kept (20–40 KB each): one per distinct set of glyphs in reading order. */
export const SUBSET_CACHE_ENTRIES = 32;

interface Position {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
}

/** A Map that forgets its oldest entry beyond `limit` entries, so memory stays flat. */
function boundedSet<K, V>(cache: Map<K, V>, limit: number, key: K, value: V): V {
  if (cache.size >= limit) cache.delete(cache.keys().next().value as K);
  cache.set(key, value);
  return value;
}

/**
 * The font as pdfkit sees it, with shaping and subsetting shared by every document (ADR 0023
 * addendum). pdfkit keeps its word layouts per document, so each document shaped every word again
 * through fontkit's OpenType engine (about half of a document's CPU), and encoded its font subset
 * anew. Here a word's glyphs and unscaled positions are kept across documents (pdfkit scales the
 * positions it gets in place, so each caller gets fresh position objects), and a subset's bytes
 * are kept by the list of glyphs it holds. Both are pure functions of the font, so the PDFs stay
 * byte-for-byte the same (ADR 0022) while a document costs about half.
 */
export function withSharedLayouts(font: fontkit.Font): fontkit.Font {
  const layouts = new Map<string, { glyphs: fontkit.Glyph[]; positions: Position[] }>();
  const oneOffLayouts = new Map<string, { glyphs: fontkit.Glyph[]; positions: Position[] }>();
  const subsets = new Map<string, Uint8Array>();
  const shared = Object.create(font) as fontkit.Font;
  const layout = (text: string, features?: unknown) => {
    const key = features === undefined ? text : `${JSON.stringify(features)}\u0000${text}`;
    const shape = () => {
      const run = (font.layout as (text: string, features?: unknown) => fontkit.GlyphRun)(text, features);
      return {
        glyphs: run.glyphs,
        positions: run.positions.map(({ xAdvance, yAdvance, xOffset, yOffset }) => ({
          xAdvance,
          yAdvance,
          xOffset,
          yOffset,
        })),
      };
    };
    const [cache, limit] = ONE_OFF_WORD.test(text)
      ? [oneOffLayouts, ONE_OFF_CACHE_ENTRIES]
      : [layouts, LAYOUT_CACHE_ENTRIES];
    const cached = cache.get(key) ?? boundedSet(cache, limit, key, shape());
    const positions = cached.positions.map((position) => ({ ...position }));
    return {
      glyphs: cached.glyphs,
      positions,
      // As fontkit's GlyphRun: the sum of the (possibly scaled) advances.
      get advanceWidth() {
        let width = 0;
        for (const position of positions) width += position.xAdvance;
        return width;
      },
    };
  };
  const createSubset = () => {
    const subset = font.createSubset() as ReturnType<fontkit.Font['createSubset']> & {
      glyphs: number[];
      encode(): Uint8Array;
    };
    const encode = subset.encode.bind(subset);
    subset.encode = () => {
      const key = subset.glyphs.join(',');
      return subsets.get(key) ?? boundedSet(subsets, SUBSET_CACHE_ENTRIES, key, encode());
    };
    return subset;
  };
  Object.assign(shared, { layout, createSubset });
  return shared;
}

function dejaVuSans(weight: 400 | 700): fontkit.Font {
  const file = require.resolve(`@fontsource/dejavu-sans/files/dejavu-sans-latin-${weight}-normal.woff`);
  const font = fontkit.create(woffToSfnt(readFileSync(file)));
  if (!('layout' in font)) throw new Error(`DejaVu Sans ${weight} is a font collection`);
  return withSharedLayouts(font);
}

/** The parsed regular and bold weight, read once when the server starts; pdfkit takes them as fonts. */
export const EMBEDDED_FONTS = { regular: dejaVuSans(400), bold: dejaVuSans(700) } as const;

// Reads the text of a PDF that pdfkit wrote, for tests: inflates the content streams and joins
// the strings of the text operators (TJ); lines become one space, so a wrapped sentence reads as
// written. Embedded fonts (pdf.ts, ADR 0022) write glyph ids as hex strings, which the font's
// ToUnicode map turns back into text; a standard font's hex strings are WinAnsi (windows-1252).
import { inflateSync } from 'node:zlib';

// WinAnsi is Latin-1 except for 0x80–0x9F; Node's decoder keeps those as control characters.
const WIN_ANSI_EXTRAS: Readonly<Record<number, string>> = {
  0x80: '€',
  0x82: '‚',
  0x84: '„',
  0x85: '…',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
};

interface PdfObject {
  dictionary: string;
  /** The inflated stream, if the object has a deflated one. */
  stream?: string;
}

/** The indirect objects of the file by number (pdfkit writes no object streams). */
function objects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const result = new Map<number, PdfObject>();
  for (const match of text.matchAll(/(\d+) 0 obj\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = text.indexOf('endobj', start);
    const body = text.slice(start, end);
    const streamAt = body.search(/stream\r?\n/);
    if (streamAt < 0) {
      result.set(Number(match[1]), { dictionary: body });
      continue;
    }
    const dataStart = start + body.indexOf('\n', streamAt) + 1;
    const dataEnd = text.indexOf('endstream', dataStart);
    let stream: string | undefined;
    try {
      stream = inflateSync(pdf.subarray(dataStart, dataEnd)).toString('latin1');
    } catch {
      // Not deflated (e.g. an uncompressed font program): no text in it.
    }
    result.set(Number(match[1]), { dictionary: body.slice(0, streamAt), ...(stream ? { stream } : {}) });
  }
  return result;
}

/** A ToUnicode CMap as pdfkit writes it: bfrange lines with an array of UTF-16 hex strings. */
function parseCMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const range of cmap.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*\[([^\]]*)\]/g)) {
    let code = parseInt(range[1] ?? '0', 16);
    for (const entry of (range[3] ?? '').matchAll(/<([0-9a-fA-F ]*)>/g)) {
      const units = (entry[1] ?? '')
        .split(' ')
        .filter(Boolean)
        .map((unit) => parseInt(unit, 16));
      map.set(code, String.fromCharCode(...units));
      code += 1;
    }
  }
  // Single mappings only inside bfchar blocks: the last two entries of a bfrange array look like
  // one too (`<0038> <00b2>]` read as glyph 0x38 → '²' turned every 'U' of a policy into '²').
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const single of (block[1] ?? '').matchAll(/<([0-9a-fA-F]{4})>\s*<([0-9a-fA-F]{4,})>/g)) {
      const hex = single[2] ?? '';
      const units = hex.match(/.{4}/g) ?? [];
      map.set(parseInt(single[1] ?? '0', 16), String.fromCharCode(...units.map((u) => parseInt(u, 16))));
    }
  }
  return map;
}

/** Resource name (F1, F2 …) → ToUnicode map of that font; pdfkit's names are unique per file. */
function fontMaps(all: Map<number, PdfObject>): Map<string, Map<number, string>> {
  const byObject = new Map<number, Map<number, string>>();
  for (const [number, object] of all) {
    const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(object.dictionary);
    const cmap = toUnicode ? all.get(Number(toUnicode[1]))?.stream : undefined;
    if (cmap) byObject.set(number, parseCMap(cmap));
  }
  const result = new Map<string, Map<number, string>>();
  for (const object of all.values()) {
    for (const font of object.dictionary.matchAll(/\/Font\s*<<([^>]*)>>/g)) {
      for (const entry of (font[1] ?? '').matchAll(/\/([A-Za-z0-9]+)\s+(\d+) 0 R/g)) {
        const map = byObject.get(Number(entry[2]));
        if (map && entry[1]) result.set(entry[1], map);
      }
    }
  }
  return result;
}

function decodeWinAnsi(hex: string): string {
  return [...Buffer.from(hex, 'hex')]
    .map((code) => WIN_ANSI_EXTRAS[code] ?? String.fromCharCode(code))
    .join('');
}

function decodeGlyphs(hex: string, map: Map<number, string>): string {
  return (hex.match(/.{4}/g) ?? []).map((code) => map.get(parseInt(code, 16)) ?? '').join('');
}

/** The visible text of the PDF, operators in order, whitespace collapsed. */
export function pdfText(pdf: Buffer): string {
  const all = objects(pdf);
  const maps = fontMaps(all);
  const lines: string[] = [];
  for (const { stream } of all.values()) {
    if (!stream) continue;
    let map: Map<number, string> | undefined;
    for (const operator of stream.matchAll(/\/([A-Za-z0-9]+)\s+[\d.]+\s+Tf|\[(.*?)\]\s*TJ/g)) {
      if (operator[1] !== undefined) {
        map = maps.get(operator[1]);
        continue;
      }
      const pieces = [...(operator[2] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((piece) =>
        map ? decodeGlyphs(piece[1] ?? '', map) : decodeWinAnsi(piece[1] ?? ''),
      );
      lines.push(pieces.join(''));
    }
  }
  return lines.join(' ').replace(/\s+/g, ' ').trim();
}

/** Number of pages of the PDF. */
export function pdfPageCount(pdf: Buffer): number {
  return [...pdf.toString('latin1').matchAll(/\/Type \/Page\b(?!s)/g)].length;
}

/** Whether every font of the PDF is embedded (a font program in a FontFile/FontFile2/FontFile3). */
export function pdfFontsEmbedded(pdf: Buffer): boolean {
  const all = [...objects(pdf).values()];
  const descriptors = all.filter((object) => /\/Type \/FontDescriptor/.test(object.dictionary));
  const standardFonts = all.filter((object) => /\/Subtype \/Type1/.test(object.dictionary));
  return (
    descriptors.length > 0 &&
    standardFonts.length === 0 &&
    descriptors.every((object) => /\/FontFile[23]? \d+ 0 R/.test(object.dictionary))
  );
}

// Reads the text of a PDF that pdfkit wrote, for tests: inflates the content streams and joins
// the strings of the text operators (TJ). pdfkit writes the standard fonts' text as hex strings
// in WinAnsi (windows-1252); lines become one space, so a wrapped sentence reads as written.
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

function streams(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const contents: string[] = [];
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = text.indexOf('endstream', start);
    try {
      contents.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // Not a deflated content stream (e.g. an uncompressed font program): no text in it.
    }
  }
  return contents;
}

function decodeHex(hex: string): string {
  return [...Buffer.from(hex, 'hex')]
    .map((code) => WIN_ANSI_EXTRAS[code] ?? String.fromCharCode(code))
    .join('');
}

/** The visible text of the PDF, operators in order, whitespace collapsed. */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const content of streams(pdf)) {
    for (const operator of content.matchAll(/\[(.*?)\]\s*TJ/g)) {
      const pieces = [...(operator[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((piece) =>
        decodeHex(piece[1] ?? ''),
      );
      lines.push(pieces.join(''));
    }
  }
  return lines.join(' ').replace(/\s+/g, ' ').trim();
}

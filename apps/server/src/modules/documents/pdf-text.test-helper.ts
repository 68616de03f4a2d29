// Reads the text of a PDF that pdfkit wrote, for tests: inflates the content streams and joins
// the strings of the text operators (TJ). pdfkit writes the standard fonts' text as hex strings
// in WinAnsi (windows-1252); lines become one space, so a wrapped sentence reads as written.
import { inflateSync } from 'node:zlib';

const winAnsi = new TextDecoder('windows-1252');

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
  return winAnsi.decode(Buffer.from(hex, 'hex'));
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

// Renders the printed documents (customer information, IPID, AVB, overviews, static forms) as PDF
// with the embedded fonts of documents/pdf.ts. A document is a list of blocks; the renderer owns
// layout, page breaks, the running header and the footer with page numbers.
//
// Determinism: pdfkit stamps the creation date into the file and derives the file ID from the
// document info, so both are fixed from the document's edition. The same blocks give the same
// bytes, and the SHA-256 stored with a delivered document proves which text the applicant got.
import { createHash } from 'node:crypto';
import PDFDocument from 'pdfkit';
import { PDF_FONTS, useEmbeddedFonts } from '../documents/pdf';
import { INSURER } from './company';

export type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'subheading'; text: string }
  | { kind: 'paragraph'; text: string; small?: boolean }
  | { kind: 'bullets'; items: readonly string[]; marker?: string }
  | { kind: 'facts'; facts: readonly { label: string; value: string }[] }
  | { kind: 'table'; columns: readonly string[]; rows: readonly (readonly string[])[] }
  | { kind: 'box'; title: string; paragraphs: readonly string[] };

export interface PrintDocument {
  /** Headline on the first page and the PDF's title. */
  title: string;
  /** Lines under the title (product, edition). */
  subtitle: readonly string[];
  /** Running header on every page, e.g. 'Kundeninformation · Fahrrad- und E-Bike-Versicherung'. */
  runningHeader: string;
  /** Edition shown in the footer and used as the PDF's creation date (yyyy-mm-dd). */
  editionDate: string;
  /** Base font size: 9 for the dense IPID, 10 otherwise. */
  fontSize?: number;
  blocks: readonly Block[];
}

const MARGIN = 50;
const BOTTOM_MARGIN = 64;
const BRAND_COLOUR = '#0b4f6c';
const GREY = '#555555';

type Doc = PDFKit.PDFDocument;

const width = (doc: Doc) => doc.page.width - 2 * MARGIN;
const limit = (doc: Doc) => doc.page.height - BOTTOM_MARGIN;

function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > limit(doc)) doc.addPage();
}

function runningHeader(doc: Doc, text: string): void {
  doc
    .font(PDF_FONTS.bold)
    .fontSize(13)
    .fillColor(BRAND_COLOUR)
    .text('Schirm', MARGIN, 28, { lineBreak: false });
  doc
    .font(PDF_FONTS.regular)
    .fontSize(7.5)
    .fillColor(GREY)
    .text(text, MARGIN + 70, 32, { width: width(doc) - 70, align: 'right', lineBreak: false });
  doc
    .moveTo(MARGIN, 46)
    .lineTo(MARGIN + width(doc), 46)
    .lineWidth(0.5)
    .strokeColor('#9bb7c4')
    .stroke();
  doc.fillColor('#000000');
  doc.x = MARGIN;
  doc.y = 60;
}

function footer(doc: Doc, edition: string): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(PDF_FONTS.regular)
      .fontSize(7)
      .fillColor(GREY)
      .text(
        `${INSURER.name} · ${INSURER.street} · ${INSURER.postcode} ${INSURER.city} · Stand ${edition} · Seite ${index + 1} von ${range.count}`,
        MARGIN,
        doc.page.height - 40,
        { width: width(doc), align: 'center', lineBreak: false },
      );
    doc.page.margins.bottom = bottom;
  }
}

function heading(doc: Doc, text: string, size: number): void {
  ensureSpace(doc, size * 4);
  doc.moveDown(0.5);
  doc
    .font(PDF_FONTS.bold)
    .fontSize(size + 2)
    .fillColor(BRAND_COLOUR)
    .text(text, MARGIN, doc.y, { width: width(doc) });
  doc.fillColor('#000000').moveDown(0.25);
}

function subheading(doc: Doc, text: string, size: number): void {
  ensureSpace(doc, size * 3);
  doc.moveDown(0.25);
  doc
    .font(PDF_FONTS.bold)
    .fontSize(size)
    .fillColor('#000000')
    .text(text, MARGIN, doc.y, { width: width(doc) });
  doc.moveDown(0.15);
}

function paragraph(doc: Doc, text: string, size: number): void {
  doc.font(PDF_FONTS.regular).fontSize(size).fillColor('#000000');
  doc.text(text, MARGIN, doc.y, { width: width(doc), align: 'left' });
  doc.moveDown(0.35);
}

function bullets(doc: Doc, items: readonly string[], marker: string, size: number): void {
  doc.font(PDF_FONTS.regular).fontSize(size);
  const indent = 14;
  for (const item of items) {
    const height = doc.heightOfString(item, { width: width(doc) - indent });
    ensureSpace(doc, height);
    const y = doc.y;
    doc.text(marker, MARGIN, y, { width: indent, lineBreak: false });
    doc.text(item, MARGIN + indent, y, { width: width(doc) - indent });
    doc.moveDown(0.15);
  }
  doc.moveDown(0.2);
}

function facts(doc: Doc, rows: readonly { label: string; value: string }[], size: number): void {
  const labelWidth = 170;
  const valueWidth = width(doc) - labelWidth - 10;
  doc.fontSize(size);
  // A short list of facts (e.g. the offer's premium) stays on one page.
  const total = rows.reduce(
    (sum, { label, value }) =>
      sum +
      3 +
      Math.max(
        doc.font(PDF_FONTS.bold).heightOfString(label, { width: labelWidth }),
        doc.font(PDF_FONTS.regular).heightOfString(value, { width: valueWidth }),
      ),
    0,
  );
  if (total < (limit(doc) - 60) / 3) ensureSpace(doc, total);
  for (const { label, value } of rows) {
    const height = Math.max(
      doc.font(PDF_FONTS.bold).heightOfString(label, { width: labelWidth }),
      doc.font(PDF_FONTS.regular).heightOfString(value, { width: valueWidth }),
    );
    ensureSpace(doc, height);
    const y = doc.y;
    doc.font(PDF_FONTS.bold).text(label, MARGIN, y, { width: labelWidth });
    doc.font(PDF_FONTS.regular).text(value, MARGIN + labelWidth + 10, y, { width: valueWidth });
    doc.y = y + height + 3;
  }
  doc.moveDown(0.3);
}

function table(
  doc: Doc,
  columns: readonly string[],
  rows: readonly (readonly string[])[],
  size: number,
): void {
  const total = width(doc);
  const first = columns.length > 2 ? Math.min(170, total * 0.34) : total * 0.4;
  const other = (total - first) / Math.max(1, columns.length - 1);
  const widths = columns.map((_, index) => (index === 0 ? first : other));
  const pad = 3;
  const rowHeight = (cells: readonly string[], bold: boolean) => {
    doc.font(bold ? PDF_FONTS.bold : PDF_FONTS.regular).fontSize(size);
    return (
      Math.max(
        ...cells.map((cell, index) =>
          doc.heightOfString(cell, { width: (widths[index] ?? other) - 2 * pad }),
        ),
      ) +
      2 * pad
    );
  };
  const drawRow = (cells: readonly string[], bold: boolean) => {
    const height = rowHeight(cells, bold);
    doc.font(bold ? PDF_FONTS.bold : PDF_FONTS.regular).fontSize(size);
    ensureSpace(doc, height);
    const y = doc.y;
    if (bold) doc.rect(MARGIN, y, total, height).fill('#e6eff3').fillColor('#000000');
    let x = MARGIN;
    cells.forEach((cell, index) => {
      const cellWidth = widths[index] ?? other;
      doc.text(cell, x + pad, y + pad, { width: cellWidth - 2 * pad });
      x += cellWidth;
    });
    doc
      .moveTo(MARGIN, y + height)
      .lineTo(MARGIN + total, y + height)
      .lineWidth(0.4)
      .strokeColor('#b0b0b0')
      .stroke();
    doc.x = MARGIN;
    doc.y = y + height;
  };
  // The header row never stands alone at the foot of a page.
  const firstRow = rows[0];
  ensureSpace(doc, rowHeight(columns, true) + (firstRow ? rowHeight(firstRow, false) : 0));
  drawRow(columns, true);
  for (const row of rows) drawRow(row, false);
  doc.moveDown(0.6);
}

function box(doc: Doc, title: string, texts: readonly string[], size: number): void {
  // The Widerrufsbelehrung must stand out from the rest (§ 8 Abs. 2 VVG: 'deutlich gestaltet'):
  // a framed block; the frame is drawn per page part, so the box may break across pages.
  doc.moveDown(0.4);
  ensureSpace(doc, size * 6);
  let top = doc.y;
  const frame = (from: number, to: number) =>
    doc
      .rect(MARGIN - 6, from - 4, width(doc) + 12, to - from + 8)
      .lineWidth(1)
      .strokeColor(BRAND_COLOUR)
      .stroke();
  doc
    .font(PDF_FONTS.bold)
    .fontSize(size + 1)
    .fillColor(BRAND_COLOUR)
    .text(title, MARGIN, doc.y, { width: width(doc) });
  doc.fillColor('#000000').moveDown(0.3);
  for (const text of texts) {
    doc.font(PDF_FONTS.regular).fontSize(size);
    const height = doc.heightOfString(text, { width: width(doc) });
    if (doc.y + height > limit(doc)) {
      frame(top, doc.y);
      doc.addPage();
      top = doc.y;
    }
    doc.text(text, MARGIN, doc.y, { width: width(doc) });
    doc.moveDown(0.35);
  }
  frame(top, doc.y);
  doc.moveDown(0.6);
}

/** The document as PDF bytes; identical input gives identical bytes. */
export function renderDocument(document: PrintDocument): Promise<Buffer> {
  const size = document.fontSize ?? 10;
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 60, bottom: BOTTOM_MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    autoFirstPage: false,
    lang: 'de-DE',
    displayTitle: true,
    info: {
      Title: document.title,
      Author: INSURER.name,
      Subject: document.subtitle.join(' · '),
      Creator: 'Schirm',
      Producer: 'Schirm',
      CreationDate: new Date(`${document.editionDate}T00:00:00Z`),
    },
  });
  useEmbeddedFonts(doc);
  doc.on('pageAdded', () => runningHeader(doc, document.runningHeader));
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.addPage();
  doc
    .font(PDF_FONTS.bold)
    .fontSize(size + 6)
    .fillColor('#000000')
    .text(document.title, MARGIN, doc.y, { width: width(doc) });
  doc.moveDown(0.2);
  doc.font(PDF_FONTS.regular).fontSize(size).fillColor(GREY);
  for (const line of document.subtitle) doc.text(line, MARGIN, doc.y, { width: width(doc) });
  doc.fillColor('#000000').moveDown(0.6);
  for (const block of document.blocks) {
    switch (block.kind) {
      case 'heading':
        heading(doc, block.text, size);
        break;
      case 'subheading':
        subheading(doc, block.text, size);
        break;
      case 'paragraph':
        paragraph(doc, block.text, block.small ? size - 1 : size);
        break;
      case 'bullets':
        bullets(doc, block.items, block.marker ?? '•', size);
        break;
      case 'facts':
        facts(doc, block.facts, size);
        break;
      case 'table':
        table(doc, block.columns, block.rows, size - 1);
        break;
      case 'box':
        box(doc, block.title, block.paragraphs, size);
        break;
    }
  }
  footer(doc, document.editionDate.split('-').reverse().slice(1).join('/'));
  doc.end();
  return done;
}

/** Hex SHA-256 of the bytes: the proof of which document was delivered. */
export function sha256Hex(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

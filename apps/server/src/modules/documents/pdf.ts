// Renders the platform's letters (policy, confirmations, receipts) as PDF with pdfkit: sender,
// recipient, date, title, paragraphs and sections of label/value facts. The fonts are embedded
// (DejaVu Sans from @fontsource/dejavu-sans, subset by pdfkit; ADR 0022): a PDF that relies on the
// reader's Helvetica is not self-contained, and the embedded font carries umlauts, ß, € and „“.
import PDFDocument from 'pdfkit';
import { EMBEDDED_FONTS } from './fonts';

/** One line of a section: a label and its value. */
export interface PdfFact {
  label: string;
  value: string;
}

export interface PdfSection {
  headline: string;
  facts: readonly PdfFact[];
}

/** The content of a letter. */
export interface PdfLetter {
  /** Headline of the letter and the PDF's title. */
  title: string;
  /** Address lines of the recipient. */
  recipient: readonly string[];
  /** Date line at the top right, e.g. 'Köln, 22.11.2026'. */
  dateLine: string;
  intro: readonly string[];
  sections: readonly PdfSection[];
  closing: readonly string[];
}

const SENDER = 'Schirm Versicherung AG · Kundenservice · Hohenzollernring 54 · 50672 Köln';
const FOOTER =
  'Dieses Schreiben wurde maschinell erstellt und ist ohne Unterschrift gültig. ' +
  'Schirm Versicherung AG · www.schirm.de';
const MARGIN = 56;
const LABEL_WIDTH = 170;
const GAP = 12;

type Doc = PDFKit.PDFDocument;

/** The embedded fonts: pdfkit names registered by every document (printing/ uses them too). */
export const PDF_FONTS = { regular: 'Schirm-Regular', bold: 'Schirm-Bold' } as const;

/** Registers the embedded fonts on a document and selects the regular one. */
export function useEmbeddedFonts(doc: Doc): void {
  // pdfkit takes a parsed fontkit font as source (PDFFontFactory.open: an object with layout());
  // @types/pdfkit lists only files and buffers.
  const register = doc.registerFont.bind(doc) as (name: string, src: unknown) => Doc;
  register(PDF_FONTS.regular, EMBEDDED_FONTS.regular);
  register(PDF_FONTS.bold, EMBEDDED_FONTS.bold);
  doc.font(PDF_FONTS.regular);
}

function contentWidth(doc: Doc): number {
  return doc.page.width - 2 * MARGIN;
}

function bottom(doc: Doc): number {
  return doc.page.height - MARGIN - 30;
}

function header(doc: Doc, letter: PdfLetter): void {
  doc.font(PDF_FONTS.bold).fontSize(16).fillColor('#0b4f6c').text('Schirm', MARGIN, MARGIN);
  doc
    .font(PDF_FONTS.regular)
    .fontSize(7.5)
    .fillColor('#555555')
    .text(SENDER, MARGIN, MARGIN + 40);
  doc.fillColor('#000000').fontSize(10.5);
  let y = MARGIN + 54;
  for (const line of letter.recipient) {
    doc.text(line, MARGIN, y);
    y += 14;
  }
  doc.text(letter.dateLine, MARGIN, MARGIN + 54, { width: contentWidth(doc), align: 'right' });
  doc.y = Math.max(y, MARGIN + 130);
}

function paragraphs(doc: Doc, lines: readonly string[]): void {
  doc.font(PDF_FONTS.regular).fontSize(10.5);
  for (const line of lines) {
    doc.text(line, MARGIN, doc.y, { width: contentWidth(doc) });
    doc.moveDown(0.6);
  }
}

function section(doc: Doc, { headline, facts }: PdfSection): void {
  if (doc.y + 40 > bottom(doc)) doc.addPage();
  doc.moveDown(0.4);
  doc
    .font(PDF_FONTS.bold)
    .fontSize(11)
    .text(headline, MARGIN, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.3);
  const valueWidth = contentWidth(doc) - LABEL_WIDTH - GAP;
  for (const { label, value } of facts) {
    doc.fontSize(10);
    const height = Math.max(
      doc.font(PDF_FONTS.regular).heightOfString(label, { width: LABEL_WIDTH }),
      doc.font(PDF_FONTS.regular).heightOfString(value, { width: valueWidth }),
    );
    if (doc.y + height > bottom(doc)) doc.addPage();
    const y = doc.y;
    doc.font(PDF_FONTS.regular).fillColor('#444444').text(label, MARGIN, y, { width: LABEL_WIDTH });
    doc
      .font(PDF_FONTS.regular)
      .fillColor('#000000')
      .text(value, MARGIN + LABEL_WIDTH + GAP, y, { width: valueWidth });
    doc.y = y + height + 4;
  }
}

function footer(doc: Doc): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    doc
      .font(PDF_FONTS.regular)
      .fontSize(7.5)
      .fillColor('#555555')
      .text(`${FOOTER} · Seite ${index + 1} von ${range.count}`, MARGIN, doc.page.height - MARGIN, {
        width: contentWidth(doc),
        align: 'center',
        lineBreak: false,
      });
  }
}

/** The letter as PDF bytes. */
export function renderPdf(letter: PdfLetter): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN - 20, left: MARGIN, right: MARGIN },
    bufferPages: true,
    lang: 'de-DE',
    info: { Title: letter.title, Author: 'Schirm Versicherung AG', Creator: 'Schirm' },
    displayTitle: true,
  });
  useEmbeddedFonts(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  header(doc, letter);
  doc.font(PDF_FONTS.bold).fontSize(14).fillColor('#000000').text(letter.title, MARGIN, doc.y);
  doc.moveDown(0.8);
  paragraphs(doc, letter.intro);
  for (const part of letter.sections) section(doc, part);
  doc.moveDown(0.8);
  paragraphs(doc, letter.closing);
  footer(doc);
  doc.end();
  return done;
}

// The receipt of a claim report (Eingangsbestätigung) as PDF: the claim number, the contract, the
// day of the loss, the answers with their German labels (domain claims/summary.ts) and the checklist
// of documents with their deadlines. Rendered before the short transaction that stores the claim
// (ADR 0022), with the letter renderer of the documents module (embedded fonts).
import type { ClaimAnswerSection } from '@schirm/domain/claims/summary';
import { formatDate } from '@schirm/domain/format/date';
import type { Partner } from '../contracts/partners-repository';
import { recipientLines } from '../documents/contract-facts';
import { renderPdf, type PdfSection } from '../documents/pdf';
import { DOCUMENT_TEXTS } from '../documents/texts';
import { CLAIM_TEXTS } from './texts';

const T = CLAIM_TEXTS.receipt;

/** What the receipt states. */
export interface ReceiptInput {
  schadennummer: string;
  versicherungsNummer: string;
  produktName: string;
  schadentag: string;
  gemeldetAm: Date;
  /** 'Kundenportal' or the public claimant's name and role. */
  gemeldetUeber: string;
  melder?: string;
  partner: Partner;
  antworten: readonly ClaimAnswerSection[];
  dokumente: readonly { titel: string; beschreibung: string; fristBis: string; erforderlich: boolean }[];
}

/** The receipt as PDF bytes. */
export function renderClaimReceipt(input: ReceiptInput): Promise<Buffer> {
  const claim: PdfSection = {
    headline: T.claimSection,
    facts: [
      { label: T.schadennummer, value: input.schadennummer },
      { label: T.vertrag, value: input.versicherungsNummer },
      { label: T.produkt, value: input.produktName },
      { label: T.schadentag, value: formatDate(input.schadentag) },
      { label: T.gemeldetAm, value: formatDate(input.gemeldetAm) },
      { label: T.gemeldetUeber, value: input.gemeldetUeber },
      ...(input.melder ? [{ label: T.melder, value: input.melder }] : []),
    ],
  };
  const answers: PdfSection[] = input.antworten.map((section) => ({
    headline: section.titel,
    facts: section.angaben.map((line) => ({ label: line.label, value: line.wert })),
  }));
  const documents: PdfSection = {
    headline: T.documentsSection,
    facts:
      input.dokumente.length === 0
        ? [{ label: '', value: T.noDocuments }]
        : input.dokumente.map((document) => ({
            label: document.titel,
            value: T.documentLine(document.fristBis, document.erforderlich, document.beschreibung),
          })),
  };
  return renderPdf({
    title: T.title,
    recipient: recipientLines(input.partner),
    dateLine: DOCUMENT_TEXTS.dateLine(formatDate(input.gemeldetAm)),
    intro: [T.salutation, T.intro(input.schadennummer, input.gemeldetAm)],
    sections: [claim, documents, ...answers],
    closing: T.closing,
  });
}

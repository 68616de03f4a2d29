// The PDFs of this module: the receipt of a cancellation or revocation (date and time of receipt,
// reason, end; a durable medium under the 'Widerrufsbutton' rule, §312k BGB for cancellations) and
// the contract confirmation as of today (contract, premium with the insurance tax apart, cover).
import type { ContractCustomerView } from '@schirm/domain/contract/customer-view';
import { formatDate, formatDateTime } from '@schirm/domain/format/date';
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';
import type { StoredContract } from '../contracts/contract-mapping';
import type { Partner } from '../contracts/partners-repository';
import { contractSection, coverSection, premiumSection, recipientLines } from '../documents/contract-facts';
import { renderPdf, type PdfFact } from '../documents/pdf';
import { DOCUMENT_TEXTS } from '../documents/texts';
import { RECEIPT_TEXTS as T } from './texts';

/** What a receipt states about the declaration. */
export interface Declaration {
  receivedAt: Date;
  reasonLabel: string;
  freitext?: string;
  /** The "zum" end date. */
  zum: CalendarDate;
}

interface ReceiptInput {
  view: ContractCustomerView;
  partner: Partner;
  declaration: Declaration;
  /** The sentence on what the declaration does. */
  effect: string;
}

function declarationFacts({ receivedAt, reasonLabel, freitext, zum }: Declaration): PdfFact[] {
  return [
    { label: T.receivedAt, value: formatDateTime(receivedAt) },
    { label: T.reason, value: reasonLabel },
    ...(freitext ? [{ label: T.feedback, value: freitext }] : []),
    { label: T.endDate, value: formatDate(zum) },
  ];
}

function renderReceipt(
  { view, partner, declaration, effect }: ReceiptInput,
  texts: { title: string; intro: string; closing: readonly string[] },
): Promise<Buffer> {
  return renderPdf({
    title: texts.title,
    recipient: recipientLines(partner),
    dateLine: DOCUMENT_TEXTS.dateLine(formatDate(declaration.receivedAt)),
    intro: [DOCUMENT_TEXTS.salutation, texts.intro, effect],
    sections: [contractSection(view, partner), { headline: T.summary, facts: declarationFacts(declaration) }],
    closing: texts.closing,
  });
}

/** 'Eingangsbestätigung Ihrer Kündigung' as PDF. */
export function renderCancellationReceipt(input: ReceiptInput): Promise<Buffer> {
  const { view, declaration } = input;
  return renderReceipt(input, {
    title: T.cancellation.title,
    intro: T.cancellation.intro(view.versicherungsName, view.versicherungsNummer, declaration.receivedAt),
    closing: T.cancellation.closing,
  });
}

/** 'Eingangsbestätigung Ihres Widerrufs' as PDF. */
export function renderRevocationReceipt(input: ReceiptInput): Promise<Buffer> {
  const { view, declaration } = input;
  return renderReceipt(input, {
    title: T.revocation.title,
    intro: T.revocation.intro(view.versicherungsName, view.versicherungsNummer, declaration.receivedAt),
    closing: T.revocation.closing,
  });
}

/** 'Vertragsbestätigung' as PDF: the contract as of `today`. */
export function renderConfirmation({
  contract,
  view,
  partner,
  today,
  statusLabel,
}: {
  contract: StoredContract;
  view: ContractCustomerView;
  partner: Partner;
  today: CalendarDate;
  statusLabel: string;
}): Promise<Buffer> {
  const contractFacts = contractSection(view, partner);
  return renderPdf({
    title: T.confirmation.title(view.versicherungsName),
    recipient: recipientLines(partner),
    dateLine: DOCUMENT_TEXTS.dateLine(formatDate(today)),
    intro: [DOCUMENT_TEXTS.salutation, T.confirmation.intro(today)],
    sections: [
      {
        ...contractFacts,
        facts: [
          ...contractFacts.facts,
          { label: T.status, value: statusLabel },
          ...(view.beendigungsdatum ? [{ label: T.endDate, value: formatDate(view.beendigungsdatum) }] : []),
        ],
      },
      premiumSection(contract, view),
      coverSection(view),
    ],
    closing: T.confirmation.closing,
  });
}

// The new SEPA direct-debit mandate as PDF (SEPA-Lastschriftmandat, SEPA Core): the creditor with
// its identifier, the mandate reference, the account holder's account (IBAN, BIC, bank), when and
// how the mandate was given, the contracts it covers, and the standard German mandate wording with
// the eight-week refund right. The customer keeps it as a contract document. A mandate given for a
// contract holder change (ADR 0035) says so, and names the day from which its premiums are debited
// from this account: the PDF is the stored proof of the mandate's wording.
import type { Bankverbindung } from '@schirm/domain/contract/contract-record';
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';
import { formatDate, formatDateTime } from '@schirm/domain/format/date';
import { formatIbanGroups } from '@schirm/domain/validation/iban';
import type { Partner } from '../contracts/partners-repository';
import { recipientLines } from '../documents/contract-facts';
import { renderPdf } from '../documents/pdf';
import { DOCUMENT_TEXTS } from '../documents/texts';

const CREDITOR = { name: 'Schirm Versicherung AG', address: 'Hohenzollernring 54, 50672 Köln' } as const;

/** A contract the mandate covers, as the letter names it. */
export interface MandateContract {
  versicherungsNummer: string;
  versicherungsName: string;
}

export const MANDATE_TEXTS = {
  documentName: 'SEPA-Lastschriftmandat',
  title: 'SEPA-Lastschriftmandat',
  intro: (givenAt: Date) =>
    `Sie haben uns am ${formatDateTime(givenAt)} im Kundenportal eine neue Bankverbindung genannt und uns damit das folgende SEPA-Lastschriftmandat erteilt. Bitte bewahren Sie dieses Schreiben zu Ihren Unterlagen.`,
  mandate: [
    `Ich ermächtige die ${CREDITOR.name}, Zahlungen von meinem Konto mittels Lastschrift einzuziehen. Zugleich weise ich mein Kreditinstitut an, die von der ${CREDITOR.name} auf mein Konto gezogenen Lastschriften einzulösen.`,
    'Hinweis: Ich kann innerhalb von acht Wochen, beginnend mit dem Belastungsdatum, die Erstattung des belasteten Betrages verlangen. Es gelten dabei die mit meinem Kreditinstitut vereinbarten Bedingungen.',
  ],
  creditor: {
    headline: 'Zahlungsempfänger',
    name: 'Name',
    address: 'Anschrift',
    glaeubigerId: 'Gläubiger-Identifikationsnummer',
    mandatsreferenz: 'Mandatsreferenz',
    paymentType: 'Zahlungsart',
    recurring: 'Wiederkehrende Zahlungen',
  },
  debtor: {
    headline: 'Kontoinhaberin / Kontoinhaber',
    kontoinhaber: 'Name',
    iban: 'IBAN',
    bic: 'BIC',
    bank: 'Kreditinstitut',
  },
  given: {
    headline: 'Erteilung',
    date: 'Datum',
    place: 'Ort',
    placeValue: 'Online im Kundenportal',
    signature: 'Unterschrift',
    signatureValue: 'Elektronisch erteilt nach Anmeldung im Kundenportal',
  },
  contracts: {
    headline: 'Verträge, für die das Mandat gilt',
    contract: (name: string) => name,
    number: (number: string) => `Versicherungsnummer ${number}`,
  },
  closing: [
    'Das Mandat gilt ab sofort und ersetzt das bisherige Mandat für die genannten Verträge. Die Beiträge ziehen wir zu den Fälligkeiten Ihrer Verträge von diesem Konto ein. Bei jeder Abbuchung geben wir die Mandatsreferenz und unsere Gläubiger-Identifikationsnummer an.',
    'Haben Sie diese Bankverbindung nicht selbst angegeben, melden Sie sich bitte umgehend bei uns.',
    'Mit freundlichen Grüßen',
    'Ihre Schirm Versicherung',
  ],
  /** The mandate of the new holder of a contract (holder change, ADR 0035). */
  holderChange: {
    intro: (givenAt: Date) =>
      `Sie haben am ${formatDateTime(givenAt)} bestätigt, dass Sie den unten genannten Vertrag als Versicherungsnehmerin oder Versicherungsnehmer übernehmen, und uns damit das folgende SEPA-Lastschriftmandat erteilt. Bitte bewahren Sie dieses Schreiben zu Ihren Unterlagen.`,
    placeValue: 'Online über Ihren persönlichen Bestätigungslink',
    signatureValue: 'Elektronisch erteilt über den Bestätigungslink aus unserer E-Mail',
    validFrom: 'Gültig ab',
    closing: (gueltigAb: string) => [
      `Das Mandat gilt ab dem ${gueltigAb}: Von diesem Konto ziehen wir die Beiträge des genannten Vertrags ein, die ab dem ${gueltigAb} fällig werden, jeweils zu ihrer Fälligkeit. Beiträge, die vor dem ${gueltigAb} fällig werden, ziehen wir nicht von diesem Konto ein. Bei jeder Abbuchung geben wir die Mandatsreferenz und unsere Gläubiger-Identifikationsnummer an.`,
      'Haben Sie diese Bankverbindung nicht selbst angegeben, melden Sie sich bitte umgehend bei uns.',
      'Mit freundlichen Grüßen',
      'Ihre Schirm Versicherung',
    ],
  },
  mailboxSubject: 'Ihr neues SEPA-Lastschriftmandat',
  mailboxBody: (givenAt: Date) =>
    `Guten Tag,\n\nSie haben uns am ${formatDateTime(givenAt)} eine neue Bankverbindung genannt. Ihr neues SEPA-Lastschriftmandat finden Sie im Anhang dieser Nachricht und bei den Dokumenten jedes Vertrags, für den es gilt.\n\nMit freundlichen Grüßen\nIhre Schirm Versicherung`,
} as const;

export interface MandateInput {
  partner: Partner;
  /** The new account with its mandate. */
  bank: Bankverbindung;
  /** Name of the bank, where the IBAN names a known German bank. */
  bankName?: string;
  contracts: readonly MandateContract[];
  /** The moment the customer saved the new account. */
  givenAt: Date;
  /**
   * A holder change (ADR 0035): the mandate was given on the new holder's confirmation page and is
   * used for the premiums due from `gueltigAb` on (the day the contract moves to the new holder).
   */
  holderChange?: { gueltigAb: CalendarDate };
}

/** 'SEPA-Lastschriftmandat' as PDF. */
export function renderSepaMandate({
  partner,
  bank,
  bankName,
  contracts,
  givenAt,
  holderChange,
}: MandateInput): Promise<Buffer> {
  const T = MANDATE_TEXTS;
  const H = T.holderChange;
  const { sepaMandat } = bank;
  const gueltigAb = holderChange ? formatDate(holderChange.gueltigAb) : undefined;
  return renderPdf({
    title: T.title,
    recipient: recipientLines(partner),
    dateLine: DOCUMENT_TEXTS.dateLine(formatDate(sepaMandat.erteiltAm)),
    intro: [DOCUMENT_TEXTS.salutation, holderChange ? H.intro(givenAt) : T.intro(givenAt), ...T.mandate],
    sections: [
      {
        headline: T.creditor.headline,
        facts: [
          { label: T.creditor.name, value: CREDITOR.name },
          { label: T.creditor.address, value: CREDITOR.address },
          { label: T.creditor.glaeubigerId, value: sepaMandat.glaeubigerId },
          { label: T.creditor.mandatsreferenz, value: sepaMandat.mandatsreferenz },
          { label: T.creditor.paymentType, value: T.creditor.recurring },
        ],
      },
      {
        headline: T.debtor.headline,
        facts: [
          { label: T.debtor.kontoinhaber, value: bank.kontoinhaber },
          { label: T.debtor.iban, value: formatIbanGroups(bank.iban) },
          ...(bank.bic ? [{ label: T.debtor.bic, value: bank.bic }] : []),
          ...(bankName ? [{ label: T.debtor.bank, value: bankName }] : []),
        ],
      },
      {
        headline: T.given.headline,
        facts: [
          { label: T.given.date, value: formatDate(sepaMandat.erteiltAm) },
          { label: T.given.place, value: holderChange ? H.placeValue : T.given.placeValue },
          { label: T.given.signature, value: holderChange ? H.signatureValue : T.given.signatureValue },
          ...(gueltigAb ? [{ label: H.validFrom, value: gueltigAb }] : []),
        ],
      },
      {
        headline: T.contracts.headline,
        facts: contracts.map((contract) => ({
          label: T.contracts.contract(contract.versicherungsName),
          value: T.contracts.number(contract.versicherungsNummer),
        })),
      },
    ],
    closing: gueltigAb ? H.closing(gueltigAb) : T.closing,
  });
}

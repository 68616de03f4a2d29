// The advice documentation of §§ 61, 62 VVG as a PDF (issue 15, ADR 0034): the date, the agent and
// the agency, the customer, the place, the customer's wishes and needs, the advice given with the
// recommended product and variant, the reasons, and the customer's decision; or, when the customer
// waived advice, the separate waiver declaration with its legal warning (§ 6 Abs. 3, § 61 Abs. 2
// VVG). It goes to the customer with the pre-contract documents before the binding declaration
// (§ 62 Abs. 1 VVG: in text form, before conclusion) and becomes one of the contract's documents;
// its SHA-256 and text version are stored with the declarations like the other documents'.
import {
  BERATUNGSARTEN,
  BERATUNGSORT_LABELS,
  KUNDENENTSCHEIDUNGEN,
  VERMITTLER_BERATUNGSVERZICHT_TEXT,
  type Kundenentscheidung,
} from '@schirm/domain/application/common-steps';
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';
import { formatDate } from '@schirm/domain/format/date';
import type { BERATUNGSORTE } from '@schirm/domain/products/enums';
import { TEXT_EDITION, TEXT_EDITION_DATE } from '../printing/company';
import type { PrintedDocument } from '../printing/pre-contract';
import { renderDocument, sha256Hex, type Block } from '../printing/render';
import type { SellingAgent } from './agents';

/** The document's type among the offer's documents. */
export const ADVICE_DOCUMENT_TYPE = 'BERATUNGSDOKUMENTATION';
export const ADVICE_DOCUMENT_NAME = 'Beratungsdokumentation (§§ 61, 62 VVG)';
export const WAIVER_DOCUMENT_NAME = 'Verzicht auf Beratung (§ 6 Abs. 3, § 61 Abs. 2 VVG)';

/** What the documentation records (the agent channel's advice page and the offer). */
export interface AdviceRecord {
  date: CalendarDate;
  agent: SellingAgent;
  customer: { name: string; anschrift: string; email: string };
  beratungsort: (typeof BERATUNGSORTE)[number];
  advice:
    | {
        kind: 'BERATUNG';
        wuensche: string;
        empfehlung: string;
        begruendung: string;
        kundenentscheidung: Kundenentscheidung;
      }
    | { kind: 'VERZICHT' };
  product: { name: string; variantName: string; premium: string };
}

/** The advice documentation (or the waiver declaration) as a reproducible PDF. */
export async function renderAdviceDocumentation(record: AdviceRecord): Promise<PrintedDocument> {
  const { agent, customer, product } = record;
  const isWaiver = record.advice.kind === 'VERZICHT';
  const title = isWaiver ? 'Verzicht auf Beratung und Dokumentation' : 'Beratungsdokumentation';
  const facts: Block = {
    kind: 'facts',
    facts: [
      { label: 'Datum', value: formatDate(record.date) },
      { label: 'Ort der Beratung', value: BERATUNGSORT_LABELS[record.beratungsort] },
      {
        label: 'Vermittler',
        value: `${agent.name} (Vermittlernummer ${agent.vermittlerNummer}, ${agent.vertriebsweg})`,
      },
      {
        label: 'Agentur',
        value: `${agent.agentur.name}, ${agent.agentur.strasse} ${agent.agentur.hausnummer}, ${agent.agentur.plz} ${agent.agentur.ort}`,
      },
      { label: 'Kunde', value: `${customer.name}, ${customer.anschrift}` },
      { label: 'E-Mail des Kunden', value: customer.email },
      { label: 'Produkt', value: product.name },
      { label: 'Variante', value: product.variantName },
      { label: 'Beitrag', value: product.premium },
    ],
  };
  const blocks: Block[] =
    record.advice.kind === 'VERZICHT'
      ? [
          facts,
          { kind: 'heading', text: BERATUNGSARTEN.VERZICHT },
          {
            kind: 'box',
            title: 'Gesonderte Erklärung des Kunden',
            paragraphs: [VERMITTLER_BERATUNGSVERZICHT_TEXT],
          },
        ]
      : [
          facts,
          { kind: 'heading', text: 'Wünsche und Bedürfnisse des Kunden' },
          { kind: 'paragraph', text: record.advice.wuensche },
          { kind: 'heading', text: 'Rat des Vermittlers' },
          { kind: 'paragraph', text: record.advice.empfehlung },
          {
            kind: 'facts',
            facts: [{ label: 'Empfohlen', value: `${product.name}, ${product.variantName}` }],
          },
          { kind: 'heading', text: 'Gründe für den Rat' },
          { kind: 'paragraph', text: record.advice.begruendung },
          { kind: 'heading', text: 'Entscheidung des Kunden' },
          { kind: 'paragraph', text: KUNDENENTSCHEIDUNGEN[record.advice.kundenentscheidung] },
          {
            kind: 'paragraph',
            small: true,
            text:
              'Diese Dokumentation nach § 61 Abs. 1 VVG erhält der Kunde nach § 62 Abs. 1 VVG vor dem Abschluss ' +
              'des Vertrags in Textform, zusammen mit den Vertragsinformationen nach § 7 VVG.',
          },
        ];
  const pdf = await renderDocument({
    title,
    subtitle: [product.name, `Schirm Versicherung AG · Vermittler ${agent.vermittlerNummer}`],
    runningHeader: `${title} · ${customer.name}`,
    editionDate: TEXT_EDITION_DATE,
    fontSize: 10,
    blocks,
  });
  return {
    typ: ADVICE_DOCUMENT_TYPE as PrintedDocument['typ'],
    name: isWaiver ? WAIVER_DOCUMENT_NAME : ADVICE_DOCUMENT_NAME,
    fileName: `${isWaiver ? 'Beratungsverzicht' : 'Beratungsdokumentation'}-${formatDate(record.date).replaceAll('.', '-')}.pdf`,
    pdf,
    sha256: sha256Hex(pdf),
    textVersion: `${ADVICE_DOCUMENT_TYPE}-${isWaiver ? 'VERZICHT' : 'BERATUNG'}-${TEXT_EDITION}`,
  };
}

// The pre-contract documents of § 7 VVG (Kundeninformation after VVG-InfoV § 1 with the
// Widerrufsbelehrung, IPID after DVO (EU) 2017/1469, AVB) and the public overviews (feature
// overview, Mischbetriebslogik). The application service sends preContractDocuments() as PDFs by
// e-mail before the binding declaration and stores each document's text version and SHA-256, so
// the delivery that starts the revocation period (§ 8 Abs. 2 VVG) can be proven.
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';
import { formatGermanDate } from '@schirm/domain/dates/calendar-date';
import { formatCents } from '@schirm/domain/format/money';
import { PERIODS_PER_YEAR } from '@schirm/domain/products/common/pricing';
import type { ProductKey, Zahlweise } from '@schirm/domain/products/enums';
import { DOCUMENT_TEXTS } from '../documents/texts';
import { BAFIN, INSURER, INSURER_ADDRESS, OMBUDSMAN, TEXT_EDITION, TEXT_EDITION_DATE } from './company';
import { CODE_BY_PRODUCT, TEXTS_BY_CODE, type KundeninformationCode, type ProductTexts } from './products';
import { renderDocument, sha256Hex, type Block } from './render';

export type PreContractDocumentType = 'KUNDENINFORMATION' | 'IPID' | 'AVB';

export interface PrintedDocument {
  typ: PreContractDocumentType;
  /** German name, e.g. 'Produktinformationsblatt (IPID)'. */
  name: string;
  fileName: string;
  pdf: Buffer;
  /** Hex SHA-256 of pdf. */
  sha256: string;
  /** Exact wording delivered, e.g. 'KUNDENINFORMATION-FAHRRAD-2026-11'. */
  textVersion: string;
}

/** The offer the applicant is about to accept; premiums per payment period, in cents. */
export interface OfferFacts {
  variantName: string;
  zahlweise: Zahlweise;
  bruttoCents: number;
  nettoCents: number;
  versicherungsteuerCents: number;
  versicherungsbeginn: CalendarDate;
  versicherungssummeCents?: number;
}

export const DOCUMENT_NAMES: Readonly<Record<PreContractDocumentType, string>> = {
  KUNDENINFORMATION: 'Kundeninformation mit Widerrufsbelehrung',
  IPID: 'Produktinformationsblatt (IPID)',
  AVB: 'Allgemeine Versicherungsbedingungen (AVB)',
};

const FILE_PREFIX: Readonly<Record<PreContractDocumentType, string>> = {
  KUNDENINFORMATION: 'Kundeninformation',
  IPID: 'Produktinformationsblatt',
  AVB: 'Versicherungsbedingungen',
};

/** The nine headings of the IPID, fixed by the annex of DVO (EU) 2017/1469. */
export const IPID_HEADINGS = [
  'Um welche Art von Versicherung handelt es sich?',
  'Was ist versichert?',
  'Was ist nicht versichert?',
  'Gibt es Deckungsbeschränkungen?',
  'Wo bin ich versichert?',
  'Welche Verpflichtungen habe ich?',
  'Wann und wie zahle ich?',
  'Wann beginnt und endet die Deckung?',
  'Wie kann ich den Vertrag kündigen?',
] as const;

const euro = (cents: number) => formatCents(cents);

/** The edition as printed: '11/2026'. */
export const TEXT_EDITION_LABEL = TEXT_EDITION.split('-').reverse().join('/');

export function textVersion(typ: PreContractDocumentType | 'LEISTUNGSUEBERSICHT', code: string): string {
  return `${typ}-${code}-${TEXT_EDITION}`;
}

function fileName(typ: PreContractDocumentType, texts: ProductTexts): string {
  return `${FILE_PREFIX[typ]}-${texts.fileStem}-${TEXT_EDITION}.pdf`;
}

// ---------------------------------------------------------------------------------------------
// Shared wording

function paymentTexts(texts: ProductTexts): string[] {
  if (texts.laufzeit === 'REISE')
    return [
      'Der Beitrag ist ein Einmalbeitrag für die versicherte Reise. Er ist sofort nach Abschluss fällig und wird per ' +
        'SEPA-Lastschrift von Ihrem Konto eingezogen.',
    ];
  return [
    'Sie zahlen monatlich, vierteljährlich, halbjährlich oder jährlich per SEPA-Lastschrift. Bei Ratenzahlung erheben ' +
      'wir einen Zuschlag auf den Jahresbeitrag (halbjährlich 3 %, vierteljährlich und monatlich 5 %).',
    'Der erste Beitrag ist unverzüglich nach Abschluss des Vertrags fällig, jedoch nicht vor dem vereinbarten ' +
      'Versicherungsbeginn; die Folgebeiträge jeweils zu Beginn der Zahlungsperiode. Alle Beiträge enthalten die ' +
      'Versicherungsteuer von 19 %.',
  ];
}

function termTexts(texts: ProductTexts): string[] {
  if (texts.laufzeit === 'REISE')
    return [
      'Der Versicherungsschutz für den Reiserücktritt beginnt mit Abschluss des Vertrags und endet mit dem Antritt der ' +
        'Reise. Alle übrigen Leistungen beginnen mit dem Reiseantritt und enden mit dem vereinbarten Reiseende.',
      'Der Vertrag endet automatisch mit dem Ende der versicherten Reise; einer Kündigung bedarf es nicht.',
    ];
  return [
    'Der Versicherungsschutz beginnt zu dem im Versicherungsschein genannten Zeitpunkt, wenn Sie den ersten Beitrag ' +
      'rechtzeitig zahlen (§ 37 VVG). Der Vertrag läuft zunächst ein Jahr und verlängert sich jeweils um ein weiteres ' +
      'Jahr, wenn er nicht gekündigt wird.',
  ];
}

function cancellationTexts(texts: ProductTexts): string[] {
  if (texts.laufzeit === 'REISE')
    return [
      'Sie müssen den Vertrag nicht kündigen: Er endet mit der versicherten Reise. Bis zum Ende der Widerrufsfrist ' +
        'können Sie ihn widerrufen (siehe Widerrufsbelehrung). Wird die Reise ohne versicherten Grund abgesagt, ' +
        'erstatten wir den Beitrag nicht.',
    ];
  return [
    'Sie können den Vertrag zum Ende jedes Versicherungsjahres kündigen; die Kündigung muss uns spätestens einen Monat ' +
      'vor Ablauf in Textform (z. B. Brief, E-Mail) oder über das Kundenportal zugehen.',
    'Nach einem Versicherungsfall können Sie und wir den Vertrag außerordentlich kündigen. Erhöhen wir den Beitrag, ' +
      'ohne den Umfang des Schutzes zu ändern, können Sie innerhalb eines Monats nach Zugang unserer Mitteilung ' +
      'kündigen (§ 40 VVG).',
  ];
}

const COMMON_DUTIES = [
  'Beantworten Sie die Fragen im Antrag wahrheitsgemäß und vollständig (§ 19 VVG).',
  'Zahlen Sie die Beiträge rechtzeitig.',
  'Melden Sie uns einen Schaden unverzüglich und helfen Sie bei der Aufklärung; halten Sie den Schaden so gering wie möglich.',
];

// ---------------------------------------------------------------------------------------------
// IPID

function ipidBlocks(texts: ProductTexts): Block[] {
  const sections: readonly (readonly string[])[] = [
    [texts.art],
    texts.versichert,
    texts.nichtVersichert,
    texts.beschraenkungen,
    texts.wo,
    [...COMMON_DUTIES, ...texts.pflichten],
    paymentTexts(texts),
    termTexts(texts),
    cancellationTexts(texts),
  ];
  const markers = ['', '✓', '✗', '!', '', '–', '', '', ''];
  const blocks: Block[] = [
    {
      kind: 'paragraph',
      small: true,
      text:
        'Dieses Informationsblatt dient nur Ihrer Information und gibt Ihnen einen kurzen Überblick über die wesentlichen ' +
        'Inhalte Ihrer Versicherung. Die vollständigen Informationen finden Sie in Ihren Vertragsunterlagen ' +
        '(Versicherungsantrag, Versicherungsschein und Versicherungsbedingungen). Damit Sie umfassend informiert sind, ' +
        'lesen Sie bitte alle Unterlagen durch.',
    },
  ];
  IPID_HEADINGS.forEach((heading, index) => {
    blocks.push({ kind: 'subheading', text: heading });
    const items = sections[index] ?? [];
    const marker = markers[index] ?? '';
    if (marker) blocks.push({ kind: 'bullets', items, marker });
    else for (const text of items) blocks.push({ kind: 'paragraph', text });
  });
  return blocks;
}

// ---------------------------------------------------------------------------------------------
// Kundeninformation

function withdrawalBox(offer: OfferFacts | undefined): Block {
  let perDay =
    'Den Teil Ihres Beitrags, der auf die Zeit bis zum Zugang des Widerrufs entfällt, dürfen wir in diesem Fall ' +
    'einbehalten; dabei handelt es sich um 1/360 des Jahresbeitrags je Tag des Versicherungsschutzes.';
  if (offer && offer.zahlweise !== 'EINMALIG') {
    const annual = offer.bruttoCents * PERIODS_PER_YEAR[offer.zahlweise];
    perDay += ` Bei Ihrem Angebot sind das ${euro(Math.round(annual / 360))} je Tag.`;
  }
  return {
    kind: 'box',
    title: 'Widerrufsbelehrung',
    paragraphs: [
      'Abschnitt 1 – Widerrufsrecht, Widerrufsfolgen und besondere Hinweise',
      'Widerrufsrecht: Sie können Ihre Vertragserklärung innerhalb einer Frist von 14 Tagen ohne Angabe von Gründen in ' +
        'Textform (z. B. Brief, Fax, E-Mail) widerrufen. Die Frist beginnt, nachdem Sie den Versicherungsschein, die ' +
        'Vertragsbestimmungen einschließlich der Allgemeinen Versicherungsbedingungen, diese Belehrung, das ' +
        'Informationsblatt zu Versicherungsprodukten und die weiteren in Abschnitt 2 aufgeführten Informationen jeweils ' +
        'in Textform erhalten haben. Zur Wahrung der Widerrufsfrist genügt die rechtzeitige Absendung des Widerrufs.',
      `Der Widerruf ist zu richten an: ${INSURER_ADDRESS}, E-Mail: ${INSURER.email}.`,
      'Widerrufsfolgen: Im Falle eines wirksamen Widerrufs endet der Versicherungsschutz, und wir erstatten Ihnen den auf ' +
        'die Zeit nach Zugang des Widerrufs entfallenden Teil der Beiträge, wenn Sie zugestimmt haben, dass der ' +
        'Versicherungsschutz vor dem Ende der Widerrufsfrist beginnt. ' +
        perDay +
        ' Die Erstattung zurückzuzahlender Beträge erfolgt unverzüglich, spätestens 30 Tage nach Zugang des Widerrufs. ' +
        'Beginnt der Versicherungsschutz nicht vor dem Ende der Widerrufsfrist, hat der wirksame Widerruf zur Folge, dass ' +
        'empfangene Leistungen zurückzugewähren und gezogene Nutzungen (z. B. Zinsen) herauszugeben sind.',
      'Besondere Hinweise: Ihr Widerrufsrecht erlischt, wenn der Vertrag auf Ihren ausdrücklichen Wunsch sowohl von ' +
        'Ihnen als auch von uns vollständig erfüllt ist, bevor Sie Ihr Widerrufsrecht ausgeübt haben. Kein Widerrufsrecht ' +
        'besteht bei Verträgen mit einer Laufzeit von weniger als einem Monat (§ 8 Abs. 3 Nr. 1 VVG).',
      'Abschnitt 2 – Auflistung der für den Fristbeginn erforderlichen weiteren Informationen: Dies sind die ' +
        'Informationen nach § 1 Abs. 1 VVG-Informationspflichtenverordnung, die Sie in dieser Kundeninformation unter ' +
        'den Nummern 1 bis 12 finden (Identität und Anschrift des Versicherers, Hauptgeschäftstätigkeit, wesentliche ' +
        'Merkmale der Versicherungsleistung, Gesamtpreis, Zahlung, Zustandekommen des Vertrags, Laufzeit und Kündigung, ' +
        'anwendbares Recht, Vertragssprache sowie Beschwerde- und Aufsichtsstellen).',
      'Ende der Widerrufsbelehrung',
    ],
  };
}

function offerFacts(offer: OfferFacts): { label: string; value: string }[] {
  const zahlweise = DOCUMENT_TEXTS.zahlweise[offer.zahlweise];
  const period = offer.zahlweise === 'EINMALIG' ? 'einmalig' : zahlweise;
  return [
    { label: 'Variante', value: offer.variantName },
    { label: 'Versicherungsbeginn', value: formatGermanDate(offer.versicherungsbeginn) },
    ...(offer.versicherungssummeCents === undefined
      ? []
      : [{ label: 'Versicherungssumme', value: euro(offer.versicherungssummeCents) }]),
    { label: 'Zahlweise', value: zahlweise },
    { label: 'Nettobeitrag', value: `${euro(offer.nettoCents)} ${period}` },
    { label: 'Versicherungsteuer (19 %)', value: `${euro(offer.versicherungsteuerCents)} ${period}` },
    { label: 'Gesamtbeitrag', value: `${euro(offer.bruttoCents)} ${period}` },
  ];
}

function kundeninformationBlocks(texts: ProductTexts, offer: OfferFacts | undefined): Block[] {
  const numbered = (number: number, text: string): Block => ({ kind: 'heading', text: `${number}. ${text}` });
  return [
    {
      kind: 'paragraph',
      text:
        `Mit dieser Kundeninformation erhalten Sie die Informationen nach § 7 des Versicherungsvertragsgesetzes (VVG) ` +
        `und § 1 der VVG-Informationspflichtenverordnung (VVG-InfoV) zu Ihrer ${texts.name}. Bitte lesen Sie sie ` +
        'zusammen mit dem Produktinformationsblatt (IPID) und den Allgemeinen Versicherungsbedingungen (AVB).',
    },
    numbered(1, 'Ihr Versicherer'),
    {
      kind: 'facts',
      facts: [
        { label: 'Name und Rechtsform', value: `${INSURER.name} (${INSURER.legalForm})` },
        {
          label: 'Sitz und Register',
          value: `Sitz ${INSURER.seat}, eingetragen im Handelsregister beim ${INSURER.register}`,
        },
        { label: 'Ladungsfähige Anschrift', value: `${INSURER_ADDRESS}, ${INSURER.representation}` },
        { label: 'Kontakt', value: `Telefon ${INSURER.phone}, E-Mail ${INSURER.email}, ${INSURER.web}` },
      ],
    },
    numbered(2, 'Hauptgeschäftstätigkeit'),
    { kind: 'paragraph', text: INSURER.mainBusiness },
    numbered(3, 'Garantiefonds'),
    {
      kind: 'paragraph',
      text:
        texts.entschaedigungsregelung ??
        'Für diese Versicherung besteht kein Garantiefonds und keine andere gesetzliche Entschädigungsregelung.',
    },
    numbered(4, 'Wesentliche Merkmale der Versicherungsleistung'),
    { kind: 'paragraph', text: texts.art },
    { kind: 'bullets', items: texts.versichert },
    {
      kind: 'paragraph',
      text:
        'Für den Vertrag gelten die beigefügten Allgemeinen Versicherungsbedingungen. Im Versicherungsfall leisten wir ' +
        'in Geld, sobald die zur Feststellung des Versicherungsfalls und des Umfangs unserer Leistung nötigen ' +
        'Erhebungen beendet sind (§ 14 VVG); in der Haftpflichtversicherung stellen wir Sie von berechtigten Ansprüchen frei.',
    },
    numbered(5, 'Gesamtpreis'),
    ...(offer
      ? ([
          {
            kind: 'paragraph',
            text: `Für Ihr Angebot zahlen Sie ${euro(offer.bruttoCents)} ${offer.zahlweise === 'EINMALIG' ? 'einmalig' : DOCUMENT_TEXTS.zahlweise[offer.zahlweise]} einschließlich Versicherungsteuer:`,
          },
          { kind: 'facts', facts: offerFacts(offer) },
        ] satisfies Block[])
      : ([
          {
            kind: 'paragraph',
            text:
              'Der Beitrag richtet sich nach Ihren Angaben und der gewählten Variante. Den Gesamtbeitrag einschließlich ' +
              'Versicherungsteuer sehen Sie im Antrag vor Ihrer verbindlichen Erklärung und im Versicherungsschein.',
          },
        ] satisfies Block[])),
    numbered(6, 'Zusätzliche Kosten, Zahlung und Erfüllung'),
    ...paymentTexts(texts).map((text): Block => ({ kind: 'paragraph', text })),
    {
      kind: 'paragraph',
      text: 'Weitere Gebühren oder Kosten erheben wir nicht. Kosten Ihrer Internetverbindung tragen Sie selbst.',
    },
    numbered(7, 'Gültigkeit der Informationen'),
    {
      kind: 'paragraph',
      text:
        'Die Angaben zum Beitrag gelten für das im Antrag berechnete Angebot. Ändern sich Ihre Angaben oder ist das ' +
        'Angebot abgelaufen, berechnen wir den Beitrag vor Ihrer verbindlichen Erklärung neu und zeigen ihn Ihnen an.',
    },
    numbered(8, 'Zustandekommen des Vertrags und Beginn des Versicherungsschutzes'),
    {
      kind: 'paragraph',
      text:
        'Mit Ihrer verbindlichen Erklärung im Online-Antrag geben Sie ein Angebot auf Abschluss des Vertrags ab. Der ' +
        'Vertrag kommt zustande, wenn wir es annehmen; das bestätigen wir mit dem Versicherungsschein, den Sie per ' +
        'E-Mail erhalten. ' +
        (termTexts(texts)[0] ?? ''),
    },
    numbered(9, 'Widerrufsrecht'),
    withdrawalBox(offer),
    numbered(10, 'Laufzeit und Beendigung des Vertrags'),
    ...[...termTexts(texts).slice(1), ...cancellationTexts(texts)].map((text): Block => ({
      kind: 'paragraph',
      text,
    })),
    numbered(11, 'Anwendbares Recht, Gerichtsstand und Vertragssprache'),
    {
      kind: 'paragraph',
      text:
        'Auf den Vertrag und die vorvertraglichen Beziehungen ist deutsches Recht anzuwenden. Klagen aus dem ' +
        'Versicherungsvertrag können Sie bei dem Gericht Ihres Wohnsitzes oder an unserem Sitz in Köln erheben (§ 215 ' +
        'VVG). Vertragssprache und Sprache der Kommunikation ist Deutsch.',
    },
    numbered(12, 'Beschwerden, Schlichtung und Aufsicht'),
    {
      kind: 'paragraph',
      text:
        `Wenden Sie sich mit einer Beschwerde zuerst an uns (${INSURER.email}). Wir sind Mitglied im ${OMBUDSMAN.name} ` +
        `und nehmen am Streitbeilegungsverfahren teil; Sie erreichen ihn unter ${OMBUDSMAN.address}, ${OMBUDSMAN.email}, ` +
        `${OMBUDSMAN.web}. Das Verfahren ist für Verbraucher kostenfrei; der Rechtsweg bleibt Ihnen offen.`,
    },
    {
      kind: 'paragraph',
      text: `Wir unterliegen der Aufsicht der ${BAFIN.name}, ${BAFIN.address}, ${BAFIN.web}. Auch dort können Sie sich beschweren.`,
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// AVB

function avbBlocks(texts: ProductTexts): Block[] {
  const general: { heading: string; paragraphs: string[] }[] = [
    {
      heading: 'Beginn des Versicherungsschutzes und Beitrag',
      paragraphs: [
        ...termTexts(texts).slice(0, 1),
        'Zahlen Sie den ersten oder einmaligen Beitrag nicht rechtzeitig, können wir vom Vertrag zurücktreten, solange ' +
          'die Zahlung nicht bewirkt ist, und sind für einen vorher eingetretenen Versicherungsfall nicht zur Leistung ' +
          'verpflichtet, es sei denn, Sie haben die Nichtzahlung nicht zu vertreten (§ 37 VVG).' +
          (texts.laufzeit === 'REISE'
            ? ''
            : ' Wird ein Folgebeitrag nicht rechtzeitig gezahlt, setzen wir Ihnen in Textform eine Zahlungsfrist ' +
              'von mindestens zwei Wochen (§ 38 VVG).'),
      ],
    },
    {
      heading: 'Dauer und Ende des Vertrags',
      paragraphs: [...termTexts(texts).slice(1), ...cancellationTexts(texts)],
    },
    {
      heading: 'Anzeigepflicht vor Vertragsschluss',
      paragraphs: [
        'Sie sind verpflichtet, uns bis zur Abgabe Ihrer Vertragserklärung alle Ihnen bekannten Gefahrumstände ' +
          'anzuzeigen, nach denen wir in Textform gefragt haben. Verletzen Sie diese Pflicht, können wir nach § 19 VVG ' +
          'vom Vertrag zurücktreten, kündigen oder den Vertrag anpassen; das gilt nur, wenn wir Sie durch gesonderte ' +
          'Mitteilung in Textform auf diese Folgen hingewiesen haben.',
      ],
    },
    {
      heading: 'Obliegenheiten vor und nach dem Versicherungsfall',
      paragraphs: [
        [...COMMON_DUTIES, ...texts.pflichten].join(' '),
        'Verletzen Sie eine Obliegenheit vorsätzlich, sind wir leistungsfrei; bei grober Fahrlässigkeit können wir die ' +
          'Leistung im Verhältnis zur Schwere des Verschuldens kürzen. Wir bleiben zur Leistung verpflichtet, soweit die ' +
          'Verletzung weder für den Eintritt oder die Feststellung des Versicherungsfalls noch für den Umfang unserer ' +
          'Leistung ursächlich war, außer bei Arglist (§ 28 VVG).',
      ],
    },
    {
      heading: 'Anzeigen, Willenserklärungen und anzuwendendes Recht',
      paragraphs: [
        `Anzeigen und Erklärungen richten Sie in Textform an die ${INSURER_ADDRESS}, oder über das Kundenportal. Es ` +
          'gilt deutsches Recht. Zuständig ist auch das Gericht an Ihrem Wohnsitz (§ 215 VVG).',
      ],
    },
  ];
  const blocks: Block[] = [
    {
      kind: 'paragraph',
      text:
        `Diese Bedingungen gelten für die ${texts.name} der ${INSURER.name}. Teil A regelt, was für alle unsere ` +
        'Verträge gilt, Teil B den Umfang dieser Versicherung. Der Versicherungsschein nennt Ihre Variante, die ' +
        'vereinbarten Bausteine und Summen.',
    },
    { kind: 'heading', text: 'Teil A – Allgemeiner Teil' },
  ];
  general.forEach((section, index) => {
    blocks.push({ kind: 'subheading', text: `§ ${index + 1} ${section.heading}` });
    for (const text of section.paragraphs) blocks.push({ kind: 'paragraph', text });
  });
  blocks.push({ kind: 'heading', text: `Teil B – ${texts.name}` });
  texts.avb.forEach((section, index) => {
    blocks.push({ kind: 'subheading', text: `§ ${general.length + index + 1} ${section.heading}` });
    for (const text of section.paragraphs) blocks.push({ kind: 'paragraph', text });
  });
  blocks.push({
    kind: 'subheading',
    text: `§ ${general.length + texts.avb.length + 1} Was nicht versichert ist`,
  });
  blocks.push({ kind: 'bullets', items: texts.nichtVersichert });
  blocks.push({
    kind: 'subheading',
    text: `§ ${general.length + texts.avb.length + 2} Selbstbeteiligung und Grenzen`,
  });
  blocks.push({ kind: 'bullets', items: texts.beschraenkungen });
  blocks.push({ kind: 'subheading', text: `§ ${general.length + texts.avb.length + 3} Geltungsbereich` });
  for (const text of texts.wo) blocks.push({ kind: 'paragraph', text });
  return blocks;
}

// ---------------------------------------------------------------------------------------------
// Rendering

// Documents without an offer never change within a release: rendered once per code and type (at
// most 33 entries), so only the Kundeninformation with the offer's premium costs a rendering.
const unchanging = new Map<string, Promise<PrintedDocument>>();

/** One pre-contract document of a product (by document code), optionally with the offer. */
export function printPreContractDocument(
  typ: PreContractDocumentType,
  code: KundeninformationCode,
  offer?: OfferFacts,
): Promise<PrintedDocument> {
  const usesOffer = typ === 'KUNDENINFORMATION' && offer !== undefined;
  if (usesOffer) return offerKundeninformation(code, offer);
  const key = `${typ}-${code}`;
  let document = unchanging.get(key);
  if (!document) {
    document = render(typ, code, undefined);
    unchanging.set(key, document);
    // A failed rendering is not kept: the next request tries again.
    document.catch(() => unchanging.delete(key));
  }
  return document;
}

/** How many offers' Kundeninformationen stay rendered (about 35 KiB each, 9 MiB at most). */
export const OFFER_DOCUMENTS_KEPT = 256;

// The Kundeninformation of an offer depends on nothing but the product's code and the offer's facts
// (variant, payment period, premium, start, sum insured), never on the person, and the same input
// gives the same bytes (ADR 0022). Offers with the same facts (the same package at the same price
// from the same day) get the bytes rendered for the first of them; the least recently used are
// forgotten first, so memory stays bounded (ADR 0023 addendum).
const offerDocuments = new Map<string, Promise<PrintedDocument>>();

function offerKundeninformation(code: KundeninformationCode, offer: OfferFacts): Promise<PrintedDocument> {
  const key = JSON.stringify([
    code,
    offer.variantName,
    offer.zahlweise,
    offer.bruttoCents,
    offer.nettoCents,
    offer.versicherungsteuerCents,
    offer.versicherungsbeginn,
    offer.versicherungssummeCents ?? null,
  ]);
  const kept = offerDocuments.get(key);
  if (kept) {
    offerDocuments.delete(key);
    offerDocuments.set(key, kept);
    return kept;
  }
  const document = render('KUNDENINFORMATION', code, offer);
  offerDocuments.set(key, document);
  document.catch(() => offerDocuments.delete(key));
  while (offerDocuments.size > OFFER_DOCUMENTS_KEPT) {
    const oldest = offerDocuments.keys().next().value;
    if (oldest === undefined) break;
    offerDocuments.delete(oldest);
  }
  return document;
}

/** Renders one document afresh, past the caches (the caches rely on it giving the same bytes). */
export async function render(
  typ: PreContractDocumentType,
  code: KundeninformationCode,
  offer?: OfferFacts,
): Promise<PrintedDocument> {
  const texts = TEXTS_BY_CODE[code];
  const version = textVersion(typ, code);
  const titles: Record<PreContractDocumentType, string> = {
    KUNDENINFORMATION: 'Kundeninformation',
    IPID: 'Informationsblatt zu Versicherungsprodukten',
    AVB: 'Allgemeine Versicherungsbedingungen',
  };
  const blocks =
    typ === 'KUNDENINFORMATION'
      ? kundeninformationBlocks(texts, offer)
      : typ === 'IPID'
        ? ipidBlocks(texts)
        : avbBlocks(texts);
  const pdf = await renderDocument({
    title: titles[typ],
    subtitle:
      typ === 'IPID'
        ? [`Unternehmen: ${INSURER.name}, Deutschland`, `Produkt: ${texts.name}`]
        : [texts.name, `${INSURER.name} · Stand ${TEXT_EDITION_LABEL} · Textversion ${version}`],
    runningHeader: `${titles[typ]} · ${texts.name}`,
    editionDate: TEXT_EDITION_DATE,
    fontSize: typ === 'IPID' ? 8.5 : 9.5,
    blocks,
  });
  return {
    typ,
    name: DOCUMENT_NAMES[typ],
    fileName: fileName(typ, texts),
    pdf,
    sha256: sha256Hex(pdf),
    textVersion: version,
  };
}

/**
 * The documents of § 7 VVG for a product, in the order they are read: Kundeninformation (with the
 * offer's premium when given), IPID, AVB. Deterministic: the same input gives the same bytes.
 */
export async function preContractDocuments(input: {
  productKey: ProductKey;
  offer?: OfferFacts;
  /** BHV only: the tariff-change variant (Wechseltarif) has its own customer information. */
  wechseltarif?: boolean;
}): Promise<PrintedDocument[]> {
  const code: KundeninformationCode =
    input.productKey === 'BHV' && input.wechseltarif ? 'BHV_WECHSELTARIF' : CODE_BY_PRODUCT[input.productKey];
  const types: PreContractDocumentType[] = ['KUNDENINFORMATION', 'IPID', 'AVB'];
  const documents: PrintedDocument[] = [];
  // One after the other: pdfkit renders synchronously anyway, and the order is the reading order.
  for (const typ of types) documents.push(await printPreContractDocument(typ, code, input.offer));
  return documents;
}

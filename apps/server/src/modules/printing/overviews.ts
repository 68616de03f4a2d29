// The public printed overviews of spec §7: the feature overview per product (variants compared),
// the Mischbetriebslogik (how BHV and Sachinhalt rate a business with several trades), and the
// static documents (terms of use, consent forms for health data). The Mischbetriebslogik prices
// its examples with the domain tariffs, so the document cannot drift from what the API charges.
import { formatCents } from '@schirm/domain/format/money';
import { BHV_BUSINESS_TYPES, bhvBusinessTypeById } from '@schirm/domain/products/bhv/business-types';
import { priceBhv, bhvRatingInputSchema } from '@schirm/domain/products/bhv/tariff';
import { BHV_MAX_NEBENGEWERBE, BHV_TARIFF } from '@schirm/domain/products/bhv/tariff-data';
import type { PricingResult } from '@schirm/domain/products/common/pricing';
import { SI_BUSINESS_TYPES, siBusinessTypeById } from '@schirm/domain/products/si/business-types';
import { priceSi, siRatingInputSchema } from '@schirm/domain/products/si/tariff';
import { MAX_NEBENGEWERBE, MINIMUM_PREMIUM_CENTS, RATE_BP } from '@schirm/domain/products/si/tariff-data';
import { INSURER, INSURER_ADDRESS, TEXT_EDITION, TEXT_EDITION_DATE } from './company';
import { TEXT_EDITION_LABEL } from './pre-contract';
import { TEXTS_BY_CODE, type KundeninformationCode } from './products';
import { renderDocument, type Block } from './render';

const bp = (value: number) => `${(value / 100).toLocaleString('de-DE', { maximumFractionDigits: 2 })} %`;
const euro = (cents: number) => formatCents(cents);

/** The feature overview of a product: its variants side by side. */
export function leistungsuebersicht(code: KundeninformationCode): Promise<Buffer> {
  const texts = TEXTS_BY_CODE[code];
  const blocks: Block[] = [
    {
      kind: 'paragraph',
      text:
        `Die Übersicht zeigt die Leistungen der Varianten der ${texts.name} nebeneinander. Maßgeblich sind der ` +
        'Versicherungsschein und die Allgemeinen Versicherungsbedingungen.',
    },
    {
      kind: 'table',
      columns: ['Leistung', ...texts.variants],
      rows: texts.features.map((row) => [row.label, ...row.values]),
    },
    { kind: 'heading', text: 'Was versichert ist' },
    { kind: 'bullets', items: texts.versichert, marker: '✓' },
    { kind: 'heading', text: 'Was nicht versichert ist' },
    { kind: 'bullets', items: texts.nichtVersichert, marker: '✗' },
  ];
  return renderDocument({
    title: 'Leistungsübersicht',
    subtitle: [
      texts.name,
      `${INSURER.name} · Stand ${TEXT_EDITION_LABEL} · Textversion LEISTUNGSUEBERSICHT-${code}-${TEXT_EDITION}`,
    ],
    runningHeader: `Leistungsübersicht · ${texts.name}`,
    editionDate: TEXT_EDITION_DATE,
    blocks,
  });
}

function annualNet(result: PricingResult, variant: string): number {
  if (result.kind !== 'quote') throw new Error(`Example is not insurable: ${result.code}`);
  const quote = result.variants.find((candidate) => candidate.variant === variant);
  const yearly = quote?.premiums.find((premium) => premium.zahlweise === 'JAEHRLICH');
  if (!yearly) throw new Error(`Example has no yearly premium for ${variant}`);
  return yearly.netAnnualCents;
}

function typeName(
  find: (id: string) => { name: string; hazardClass: number } | undefined,
  id: string,
): string {
  const type = find(id);
  if (!type) throw new Error(`Unknown business type ${id}`);
  return `${type.name} (Klasse ${type.hazardClass})`;
}

function mixedClass(
  find: (id: string) => { hazardClass: number } | undefined,
  ids: readonly string[],
): number {
  return Math.max(...ids.map((id) => find(id)?.hazardClass ?? 0));
}

function classExamples(types: readonly { name: string; hazardClass: number }[], hazardClass: number): string {
  return types
    .filter((type) => type.hazardClass === hazardClass)
    .slice(0, 5)
    .map((type) => type.name)
    .join(', ');
}

/** How a business with a main and secondary trades (Mischbetrieb) is rated in BHV and Sachinhalt. */
export function mischbetriebslogik(): Promise<Buffer> {
  const bhvExample = {
    generation: 'BHV_2' as const,
    hauptgewerbe: 'bhv-einzelhandel-textil',
    jahresumsatzCents: 40_000_000,
    variante: 'BHV_BASIS' as const,
  };
  const bhvAlone = annualNet(priceBhv(bhvRatingInputSchema.parse(bhvExample)), 'BHV_BASIS');
  const bhvMixed = annualNet(
    priceBhv(bhvRatingInputSchema.parse({ ...bhvExample, nebengewerbe: ['bhv-cafe-restaurant'] })),
    'BHV_BASIS',
  );
  const siExample = {
    produkt: 'SI_MEHRGEFAHREN' as const,
    versicherungssummeCents: 10_000_000,
    hauptgewerbe: 'si-einzelhandel-textil',
    variante: 'SI_KOMPAKT' as const,
  };
  const siAlone = annualNet(priceSi(siRatingInputSchema.parse(siExample)), 'SI_KOMPAKT');
  const siMixed = annualNet(
    priceSi(siRatingInputSchema.parse({ ...siExample, nebengewerbe: ['si-cafe-restaurant'] })),
    'SI_KOMPAKT',
  );
  const bhv2 = BHV_TARIFF.BHV_2;
  const blocks: Block[] = [
    {
      kind: 'paragraph',
      text:
        'Viele Betriebe üben mehr als eine Tätigkeit aus, etwa ein Modegeschäft mit Café. In der ' +
        'Betriebshaftpflicht- und in der Sachinhaltsversicherung nennen Sie deshalb ein Hauptgewerbe und bis zu drei ' +
        'Nebengewerbe. Diese Übersicht erklärt, wie wir einen solchen Mischbetrieb einstufen und den Beitrag berechnen.',
    },
    { kind: 'heading', text: '1. Gefahrenklassen' },
    {
      kind: 'paragraph',
      text:
        'Jede Tätigkeit gehört zu einer Gefahrenklasse von 1 (geringes Risiko) bis 4 (hohes Risiko). Tätigkeiten der ' +
        'Klasse 5 versichern wir nicht online; dafür beraten wir Sie persönlich.',
    },
    {
      kind: 'table',
      columns: ['Klasse', 'Betriebshaftpflicht (Beispiele)', 'Sachinhalt (Beispiele)'],
      rows: [1, 2, 3, 4, 5].map((hazardClass) => [
        String(hazardClass),
        classExamples(BHV_BUSINESS_TYPES, hazardClass) || '–',
        classExamples(SI_BUSINESS_TYPES, hazardClass) || '–',
      ]),
    },
    { kind: 'heading', text: '2. Die Regel: die höchste Klasse zählt' },
    {
      kind: 'bullets',
      items: [
        'Ein Mischbetrieb wird in der höchsten Gefahrenklasse aller seiner Tätigkeiten eingestuft, gleich ob die ' +
          'Tätigkeit mit der höchsten Klasse Haupt- oder Nebengewerbe ist.',
        BHV_MAX_NEBENGEWERBE === MAX_NEBENGEWERBE
          ? `Online versichern wir in beiden Produkten neben dem Hauptgewerbe höchstens ${MAX_NEBENGEWERBE} Nebengewerbe.`
          : `Online versichern wir neben dem Hauptgewerbe höchstens ${BHV_MAX_NEBENGEWERBE} Nebengewerbe ` +
            `(Betriebshaftpflicht) und ${MAX_NEBENGEWERBE} Nebengewerbe (Sachinhalt).`,
        'Ist eine der Tätigkeiten nicht online versicherbar (Klasse 5) oder wird eine ihrer Risikofragen mit der ' +
          'ausschließenden Antwort beantwortet, können wir den ganzen Betrieb online nicht versichern.',
        'In der Sachinhaltsversicherung muss jede Tätigkeit für das gewählte Produkt angeboten sein; die ' +
          'Allgefahrendeckung bieten wir bis Klasse 3 an.',
      ],
    },
    { kind: 'heading', text: '3. Betriebshaftpflicht: Grundbeitrag, Umsatz und Nebengewerbe' },
    {
      kind: 'paragraph',
      text:
        `Der Jahresbeitrag (netto) besteht aus einem Grundbeitrag nach Gefahrenklasse, der einen Jahresumsatz bis ` +
        `${euro(bhv2.umsatzFreiCents)} einschließt, und einem Satz je 1.000 EUR Mehrumsatz. Jedes Nebengewerbe erhöht ` +
        `den Beitrag um ${bp(bhv2.nebengewerbeZuschlagBp)} (Tarifgeneration BHV_1: ${bp(BHV_TARIFF.BHV_1.nebengewerbeZuschlagBp)}), ` +
        `weil weitere Tätigkeiten mehr Schadenmöglichkeiten bedeuten. Der Mindestbeitrag beträgt ${euro(bhv2.mindestbeitragCents)}.`,
    },
    {
      kind: 'table',
      columns: ['Klasse', 'Grundbeitrag', 'Satz je 1.000 EUR Mehrumsatz'],
      rows: ([1, 2, 3, 4] as const).map((hazardClass) => [
        String(hazardClass),
        euro(bhv2.grundbeitragCents[hazardClass]),
        euro(bhv2.umsatzSatzCentsJeTausendEuro[hazardClass]),
      ]),
    },
    {
      kind: 'paragraph',
      text:
        `Beispiel (Variante Basis, Jahresumsatz ${euro(bhvExample.jahresumsatzCents)}): ` +
        `${typeName(bhvBusinessTypeById, 'bhv-einzelhandel-textil')} allein kostet ${euro(bhvAlone)} netto im Jahr. ` +
        `Mit dem Nebengewerbe ${typeName(bhvBusinessTypeById, 'bhv-cafe-restaurant')} wird der Betrieb in Klasse ${mixedClass(bhvBusinessTypeById, ['bhv-einzelhandel-textil', 'bhv-cafe-restaurant'])} ` +
        `eingestuft und das Nebengewerbe kommt als Zuschlag hinzu: ${euro(bhvMixed)} netto im Jahr, zuzüglich 19 % Versicherungsteuer.`,
    },
    { kind: 'heading', text: '4. Sachinhalt: Beitragssatz nach Klasse' },
    {
      kind: 'paragraph',
      text:
        'Der Jahresbeitrag (netto) ist ein Prozentsatz der Versicherungssumme; der Satz hängt von Produkt, Variante ' +
        'und der höchsten Gefahrenklasse ab. Nebengewerbe kosten keinen eigenen Zuschlag, können aber die Klasse ' +
        `erhöhen. Mindestbeitrag: ${euro(MINIMUM_PREMIUM_CENTS.SI_MEHRGEFAHREN)} (Mehrgefahren), ` +
        `${euro(MINIMUM_PREMIUM_CENTS.SI_ALLGEFAHREN)} (Allgefahren).`,
    },
    {
      kind: 'table',
      columns: [
        'Klasse',
        'Mehrgefahren Kompakt',
        'Mehrgefahren Optimal',
        'Allgefahren Kompakt',
        'Allgefahren Optimal',
      ],
      rows: ([1, 2, 3, 4] as const).map((hazardClass) => [
        String(hazardClass),
        ...[
          RATE_BP.SI_MEHRGEFAHREN.SI_KOMPAKT[hazardClass],
          RATE_BP.SI_MEHRGEFAHREN.SI_OPTIMAL[hazardClass],
          RATE_BP.SI_ALLGEFAHREN.SI_KOMPAKT[hazardClass],
          RATE_BP.SI_ALLGEFAHREN.SI_OPTIMAL[hazardClass],
        ].map((rate) => (rate === null ? 'nicht angeboten' : bp(rate))),
      ]),
    },
    {
      kind: 'paragraph',
      text:
        `Beispiel (Mehrgefahren Kompakt, Versicherungssumme ${euro(siExample.versicherungssummeCents)}): ` +
        `${typeName(siBusinessTypeById, 'si-einzelhandel-textil')} allein kostet ${euro(siAlone)} netto im Jahr; mit ` +
        `dem Nebengewerbe ${typeName(siBusinessTypeById, 'si-cafe-restaurant')} gilt die höhere Klasse: ${euro(siMixed)} netto im Jahr.`,
    },
    {
      kind: 'paragraph',
      small: true,
      text: `Fragen zur Einstufung beantworten wir gern: ${INSURER_ADDRESS}, ${INSURER.email}.`,
    },
  ];
  return renderDocument({
    title: 'Mischbetriebslogik',
    subtitle: [
      'Betriebshaftpflicht- und Sachinhaltsversicherung',
      `${INSURER.name} · Stand ${TEXT_EDITION_LABEL}`,
    ],
    runningHeader: 'Mischbetriebslogik · Betriebshaftpflicht und Sachinhalt',
    editionDate: TEXT_EDITION_DATE,
    blocks,
  });
}

// ---------------------------------------------------------------------------------------------
// Static documents

export const STATIC_DOCUMENT_NAMES = [
  'nutzungsbedingungen',
  'einwilligung-personenschaden',
  'einwilligung-reisekranken',
] as const;
export type StaticDocumentName = (typeof STATIC_DOCUMENT_NAMES)[number];

export const STATIC_DOCUMENT_TITLES: Readonly<Record<StaticDocumentName, string>> = {
  nutzungsbedingungen: 'Nutzungsbedingungen des Online-Angebots',
  'einwilligung-personenschaden': 'Einwilligung in die Verarbeitung von Gesundheitsdaten bei Personenschäden',
  'einwilligung-reisekranken':
    'Einwilligung in die Verarbeitung von Gesundheitsdaten in der Auslandsreisekrankenversicherung',
};

const SIGNATURE: Block = {
  kind: 'facts',
  facts: [
    { label: 'Name, Vorname', value: '______________________________________' },
    { label: 'Versicherungsnummer', value: '______________________________________' },
    { label: 'Ort, Datum', value: '______________________________________' },
    { label: 'Unterschrift', value: '______________________________________' },
  ],
};

const HEALTH_CONSENT_COMMON = (purpose: string): Block[] => [
  { kind: 'heading', text: '1. Warum wir Ihre Einwilligung brauchen' },
  {
    kind: 'paragraph',
    text:
      `${purpose} Gesundheitsdaten gehören zu den besonderen Kategorien personenbezogener Daten (Art. 9 DSGVO). ` +
      'Wir dürfen sie nur verarbeiten, wenn Sie ausdrücklich einwilligen. Daten, die der Schweigepflicht unterliegen ' +
      '(z. B. bei Ärzten und Krankenhäusern), dürfen wir nur erheben, wenn Sie die Stellen von der Schweigepflicht ' +
      'entbinden (§ 213 VVG).',
  },
  { kind: 'heading', text: '2. Erhebung bei Dritten und Schweigepflichtentbindung' },
  {
    kind: 'paragraph',
    text:
      'Wir fragen im Einzelfall bei Ärzten, Krankenhäusern, Pflegeeinrichtungen und Behörden nur die Angaben an, die ' +
      'wir zur Prüfung der Leistungspflicht brauchen. Vor jeder Anfrage informieren wir Sie, bei wem und wofür wir ' +
      'Daten erheben; Sie können der Anfrage widersprechen oder die Unterlagen selbst beibringen.',
  },
  {
    kind: 'bullets',
    marker: '☐',
    items: [
      'Ich willige ein, dass die Schirm Versicherung AG meine Gesundheitsdaten, die ich ihr mitteile oder die sie mit meiner Zustimmung bei Dritten erhebt, zur Prüfung und Erbringung der Leistung verarbeitet.',
      'Ich entbinde die genannten Stellen insoweit von ihrer Schweigepflicht, als sie Angaben zur Prüfung der Leistungspflicht an die Schirm Versicherung AG übermitteln.',
    ],
  },
  { kind: 'heading', text: '3. Weitergabe an Dienstleister' },
  {
    kind: 'paragraph',
    text:
      'Für die Prüfung können wir medizinische Gutachter und spezialisierte Dienstleister (z. B. Assistance-Dienste) ' +
      'beauftragen, die zur Verschwiegenheit verpflichtet sind. Die Liste der Dienstleister erhalten Sie auf Wunsch.',
  },
  { kind: 'heading', text: '4. Widerruf der Einwilligung' },
  {
    kind: 'paragraph',
    text:
      `Sie können diese Einwilligung jederzeit mit Wirkung für die Zukunft widerrufen, z. B. per E-Mail an ${INSURER.email} ` +
      `oder per Brief an ${INSURER_ADDRESS}. Ohne die Einwilligung können wir die Leistung möglicherweise nicht ` +
      'prüfen; die Verarbeitung bis zum Widerruf bleibt rechtmäßig.',
  },
  SIGNATURE,
];

const STATIC_BLOCKS: Readonly<Record<StaticDocumentName, Block[]>> = {
  nutzungsbedingungen: [
    { kind: 'heading', text: '1. Geltungsbereich' },
    {
      kind: 'paragraph',
      text:
        `Diese Bedingungen gelten für die Nutzung des Online-Angebots der ${INSURER.name} unter ${INSURER.web}, ` +
        'insbesondere für die Beitragsberechnung, den Online-Antrag und das Kundenportal. Für Versicherungsverträge ' +
        'gelten zusätzlich die jeweiligen Versicherungsbedingungen.',
    },
    { kind: 'heading', text: '2. Beitragsberechnung und Online-Antrag' },
    {
      kind: 'paragraph',
      text:
        'Berechnete Beiträge sind unverbindlich, bis Sie den Antrag verbindlich abschicken. Vor Ihrer verbindlichen ' +
        'Erklärung senden wir Ihnen die Vertragsinformationen (Kundeninformation, Produktinformationsblatt, ' +
        'Versicherungsbedingungen) per E-Mail. Ein gespeicherter Antrag bleibt 30 Tage abrufbar.',
    },
    { kind: 'heading', text: '3. Kundenportal' },
    {
      kind: 'paragraph',
      text:
        'Für das Kundenportal registrieren Sie sich mit Ihrer E-Mail-Adresse. Halten Sie Ihre Zugangsdaten geheim und ' +
        'melden Sie uns einen Missbrauchsverdacht unverzüglich. Erklärungen, die Sie im Portal abgeben (z. B. ' +
        'Änderungen, Kündigungen), gelten als in Textform abgegeben.',
    },
    { kind: 'heading', text: '4. Verfügbarkeit und Haftung' },
    {
      kind: 'paragraph',
      text:
        'Wir bemühen uns um eine ständige Verfügbarkeit, können sie aber nicht zusagen; Wartungsarbeiten kündigen wir ' +
        'an, wenn möglich. Wir haften für Vorsatz und grobe Fahrlässigkeit sowie für die Verletzung von Leben, Körper ' +
        'und Gesundheit unbeschränkt, im Übrigen nur für die Verletzung wesentlicher Pflichten und begrenzt auf den ' +
        'vorhersehbaren Schaden.',
    },
    { kind: 'heading', text: '5. Datenschutz' },
    {
      kind: 'paragraph',
      text:
        'Wie wir Ihre Daten verarbeiten, erklären unsere Datenschutzhinweise. Ihre Rechte auf Auskunft, Berichtigung, ' +
        'Löschung und Datenübertragbarkeit können Sie im Kundenportal oder per E-Mail ausüben.',
    },
    { kind: 'heading', text: '6. Schlussbestimmungen' },
    {
      kind: 'paragraph',
      text: `Es gilt deutsches Recht. Anbieter: ${INSURER_ADDRESS}, ${INSURER.phone}, ${INSURER.email}.`,
    },
  ],
  'einwilligung-personenschaden': HEALTH_CONSENT_COMMON(
    'Wenn ein Mensch verletzt wird – etwa in einem Haftpflichtschaden, den Sie verursacht haben, oder wenn Sie selbst ' +
      'verletzt werden –, müssen wir Angaben zur Gesundheit prüfen, um über die Leistung zu entscheiden.',
  ),
  'einwilligung-reisekranken': HEALTH_CONSENT_COMMON(
    'In der Auslandsreisekrankenversicherung erstatten wir die Kosten einer Heilbehandlung im Ausland. Dafür prüfen ' +
      'wir Arztrechnungen, Diagnosen und Behandlungsberichte, und unser Notruf-Dienstleister braucht im Notfall ' +
      'Angaben zu Ihrem Gesundheitszustand, um einen Rücktransport zu organisieren.',
  ),
};

/** A static document as PDF. */
export function staticDocument(name: StaticDocumentName): Promise<Buffer> {
  return renderDocument({
    title: STATIC_DOCUMENT_TITLES[name],
    subtitle: [`${INSURER.name} · Stand ${TEXT_EDITION_LABEL}`],
    runningHeader: STATIC_DOCUMENT_TITLES[name],
    editionDate: TEXT_EDITION_DATE,
    blocks: STATIC_BLOCKS[name],
  });
}

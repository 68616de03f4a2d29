// The Erstinformation of § 15 VersVermV: what an insurance intermediary must give a customer in
// text form at the first business contact (name and address, status per § 34d GewO, register
// number and the register's address, holdings, complaint and arbitration bodies). Rendered as PDF by
// the printed documents' renderer (modules/printing/render.ts: embedded fonts, running header).
import { formatDate } from '@schirm/domain/format/date';
import { INSURER, OMBUDSMAN } from '../printing/company';
import { renderDocument, type Block } from '../printing/render';
import type { erstinformationData } from './agents';
import { TAETIGKEIT_LABELS } from './texts';

/** The register of intermediaries kept by the DIHK (§ 11a GewO). */
export const DIHK_REGISTER = {
  name: 'Deutscher Industrie- und Handelskammertag (DIHK) e. V.',
  address: 'Breite Straße 29, 10178 Berlin',
  phone: '030 20308-0',
  web: 'www.vermittlerregister.info',
} as const;

export const PKV_OMBUDSMAN = {
  name: 'Ombudsmann Private Kranken- und Pflegeversicherung',
  address: 'Postfach 06 02 22, 10052 Berlin',
  web: 'www.pkv-ombudsmann.de',
} as const;

/** The document's file name. */
export function erstinformationFileName(vermittlerNummer: string): string {
  return `Erstinformation-${vermittlerNummer}.pdf`;
}

type Data = Awaited<ReturnType<typeof erstinformationData>>;

/** The Erstinformation of the agent as PDF, dated `today`. */
export function renderErstinformation(data: Data, today: Date): Promise<Buffer> {
  const { agent, registerNummer, taetigkeit, beteiligungen } = data;
  const address = `${agent.agentur.strasse} ${agent.agentur.hausnummer}, ${agent.agentur.plz} ${agent.agentur.ort}`;
  const isAgent = taetigkeit === 'VERSICHERUNGSVERTRETER';
  const blocks: Block[] = [
    {
      kind: 'paragraph',
      text:
        'Nach § 15 der Versicherungsvermittlungsverordnung (VersVermV) informieren wir Sie beim ersten ' +
        'Geschäftskontakt über die folgenden Angaben.',
    },
    { kind: 'heading', text: '1. Ihr Vermittler' },
    {
      kind: 'facts',
      facts: [
        { label: 'Agentur', value: agent.agentur.name },
        { label: 'Ansprechpartner', value: agent.name },
        { label: 'Anschrift', value: address },
        { label: 'E-Mail', value: agent.email },
        ...(agent.telefon ? [{ label: 'Telefon', value: agent.telefon }] : []),
        { label: 'Vermittlernummer', value: agent.vermittlerNummer },
      ],
    },
    { kind: 'heading', text: '2. Status' },
    { kind: 'paragraph', text: TAETIGKEIT_LABELS[taetigkeit] },
    {
      kind: 'paragraph',
      text: isAgent
        ? `Wir vermitteln Versicherungen im Auftrag der ${INSURER.name}, ${INSURER.street}, ${INSURER.postcode} ${INSURER.city}, und beraten Sie zu deren Produkten.`
        : 'Wir vermitteln Versicherungen im Auftrag unserer Kunden und beraten Sie auf Grundlage einer objektiven und ausgewogenen Marktuntersuchung.',
    },
    { kind: 'heading', text: '3. Eintragung im Vermittlerregister' },
    {
      kind: 'facts',
      facts: [
        { label: 'Registrierungsnummer', value: registerNummer ?? 'wird nachgereicht' },
        { label: 'Register', value: DIHK_REGISTER.name },
        { label: 'Anschrift des Registers', value: DIHK_REGISTER.address },
        { label: 'Telefon', value: DIHK_REGISTER.phone },
        { label: 'Internet', value: DIHK_REGISTER.web },
      ],
    },
    {
      kind: 'paragraph',
      small: true,
      text: 'Die Eintragung können Sie im Vermittlerregister unter www.vermittlerregister.info mit der Registrierungsnummer prüfen.',
    },
    { kind: 'heading', text: '4. Beteiligungen' },
    {
      kind: 'paragraph',
      text:
        beteiligungen ??
        'Wir halten keine direkte oder indirekte Beteiligung von über 10 % der Stimmrechte oder des Kapitals an einem Versicherungsunternehmen. Kein Versicherungsunternehmen hält eine solche Beteiligung an uns.',
    },
    { kind: 'heading', text: '5. Vergütung' },
    {
      kind: 'paragraph',
      text: isAgent
        ? 'Wir erhalten für die Vermittlung eine Provision, die im Versicherungsbeitrag enthalten ist. Sie zahlen uns keine gesonderte Vergütung.'
        : 'Wir erhalten für die Vermittlung in der Regel eine Courtage, die im Versicherungsbeitrag enthalten ist; eine andere Vergütung vereinbaren wir nur ausdrücklich mit Ihnen.',
    },
    { kind: 'heading', text: '6. Beschwerde- und Schlichtungsstellen' },
    {
      kind: 'paragraph',
      text:
        'Bei Streitigkeiten mit Versicherungsvermittlern oder Versicherern können Sie die folgenden ' +
        'außergerichtlichen Schlichtungsstellen anrufen. Ihr Recht, den Rechtsweg zu beschreiten, bleibt unberührt.',
    },
    {
      kind: 'bullets',
      items: [
        `${OMBUDSMAN.name}, ${OMBUDSMAN.address}, ${OMBUDSMAN.web}`,
        `${PKV_OMBUDSMAN.name}, ${PKV_OMBUDSMAN.address}, ${PKV_OMBUDSMAN.web}`,
      ],
    },
    {
      kind: 'paragraph',
      small: true,
      text: `Beschwerden können Sie auch direkt an uns oder an die ${INSURER.name}, ${INSURER.email}, richten.`,
    },
  ];
  return renderDocument({
    title: 'Erstinformation',
    subtitle: [
      'nach § 15 Versicherungsvermittlungsverordnung (VersVermV)',
      `${agent.agentur.name} · Stand ${formatDate(today)}`,
    ],
    runningHeader: `Erstinformation · ${agent.agentur.name}`,
    editionDate: today.toISOString().slice(0, 10),
    blocks,
  });
}

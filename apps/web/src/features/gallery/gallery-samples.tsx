import type { ChatMessage } from '../../ui/chat/chat-message';
import { StarIcon } from '../../ui/icons';
import type { FeatureRow, ProductVariantOption } from '../../ui/product-display-types';

// Sample content for the gallery only: it shows the parts with realistic German data.

export const SAMPLE_VARIANTS: ProductVariantOption[] = [
  { value: 'BASIS', label: 'Basis' },
  { value: 'KOMFORT', label: 'Komfort', recommended: true, icon: <StarIcon size={28} /> },
  { value: 'PREMIUM', label: 'Premium' },
];

export const SAMPLE_FEATURES: FeatureRow[] = [
  {
    label: 'Diebstahl',
    helpText: 'Versichert ist der Diebstahl des mit einem Schloss gesicherten Fahrrads, auch nachts.',
    variantOptionRelation: {
      BASIS: { included: true },
      KOMFORT: { included: true },
      PREMIUM: { included: true },
    },
  },
  {
    label: 'Vandalismus',
    description: 'Mutwillige Beschädigung durch Dritte',
    variantOptionRelation: {
      BASIS: { included: false },
      KOMFORT: { included: true },
      PREMIUM: { included: true },
    },
  },
  {
    label: 'Reparatur nach Unfall',
    variantOptionRelation: {
      BASIS: { included: false },
      KOMFORT: { included: true },
      PREMIUM: { included: true },
    },
  },
  {
    label: 'Selbstbeteiligung',
    helpText: 'Der Betrag, den Sie im Schadenfall selbst tragen.',
    variantOptionRelation: {
      BASIS: { included: true, text: '150 EUR' },
      KOMFORT: { included: true, text: '50 EUR' },
      PREMIUM: { included: true, text: 'keine' },
    },
  },
  {
    label: 'Akkuschäden',
    variantOptionRelation: {
      BASIS: { included: false },
      KOMFORT: { included: false },
      PREMIUM: { included: true },
    },
  },
  {
    label: 'Verschleiß',
    description: 'Bremsen, Reifen, Kette und Ritzel',
    variantOptionRelation: {
      BASIS: { included: false },
      KOMFORT: { included: false },
      PREMIUM: { included: true },
    },
  },
  {
    label: 'Schutzbrief',
    variantOptionRelation: {
      BASIS: { included: false },
      KOMFORT: { included: true },
      PREMIUM: { included: true },
    },
  },
];

const LONG_TEXT =
  'vielen Dank für Ihre Schadenmeldung. Damit wir Ihren Fall zügig bearbeiten können, benötigen wir noch einige ' +
  'Unterlagen von Ihnen: die Kaufrechnung des Fahrrads, die polizeiliche Diebstahlanzeige mit Aktenzeichen sowie ' +
  'den Nachweis über das verwendete Schloss. Bitte laden Sie die Dokumente im Kundenportal unter „Schäden“ hoch ' +
  'oder senden Sie sie uns per E-Mail. Sobald alle Unterlagen vorliegen, prüfen wir Ihren Anspruch innerhalb von ' +
  'zehn Werktagen und melden uns mit dem Ergebnis. Falls Sie Fragen haben, erreichen Sie uns werktags von 8 bis ' +
  '18 Uhr telefonisch. Mit freundlichen Grüßen, Ihr Schadenteam';

export const SAMPLE_MESSAGES: ChatMessage[] = [
  {
    id: 'm1',
    author: 'Schirm',
    direction: 'incoming',
    time: '2026-11-18T08:00:00Z',
    source: 'SYSTEM',
    html: false,
    content: 'Ihre Schadenmeldung ist eingegangen. Aktenzeichen: SCH-2026-4711.',
  },
  {
    id: 'm2',
    author: 'Maria Keller',
    direction: 'incoming',
    time: '2026-11-18T09:30:00Z',
    source: 'EMAIL',
    subject: 'Ihr Fahrraddiebstahl vom 12.11.2026',
    recipients: ['max.mustermann@example.org'],
    cc: ['vermittler@example.org'],
    html: true,
    content: `<p>Sehr geehrter Herr Mustermann,</p><p>${LONG_TEXT}</p><script>alert('nie ausgeführt')</script>`,
  },
  {
    id: 'm3',
    author: 'Max Mustermann',
    direction: 'outgoing',
    time: '2026-11-19T17:12:00Z',
    source: 'CHAT',
    html: false,
    content: 'Guten Tag, die Rechnung und die Anzeige habe ich soeben hochgeladen.',
  },
  {
    id: 'm4',
    author: 'Max Mustermann',
    direction: 'outgoing',
    time: '2026-11-19T17:13:00Z',
    source: 'ATTACHMENT',
    html: false,
    content: 'Kaufrechnung_Fahrrad.pdf',
  },
  {
    id: 'm5',
    author: 'Maria Keller',
    direction: 'incoming',
    time: '2026-11-20T10:02:00Z',
    source: 'CHAT',
    html: false,
    content: `Sehr geehrter Herr Mustermann, ${LONG_TEXT}`,
  },
];

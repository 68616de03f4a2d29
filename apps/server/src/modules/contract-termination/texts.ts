// German texts of cancellation, revocation and contract confirmation: the messages of refusals,
// the PDFs, the mailbox messages and the e-mails. They live with the server because it writes them.
import { formatDate, formatDateTime } from '@schirm/domain/format/date';

const GREETING = 'Guten Tag,';
const CLOSING = 'Mit freundlichen Grüßen\nIhre Schirm Versicherung';

export const TERMINATION_ERRORS = {
  cancellationDisabled:
    'Die Kündigung im Kundenportal ist zurzeit nicht möglich. Bitte wenden Sie sich an Ihre Vermittlerin oder Ihren Vermittler oder schreiben Sie uns.',
  unknownCancellationReason: 'Bitte wählen Sie einen der angebotenen Kündigungsgründe.',
  unknownRevocationReason: 'Bitte wählen Sie einen der angebotenen Widerrufsgründe.',
  invalidDate: 'Bitte geben Sie ein Datum im Format TT.MM.JJJJ an.',
  freitextTooLong: 'Ihre Anmerkung darf höchstens 2.000 Zeichen lang sein.',
  cancellationDate: (earliest: string | undefined) =>
    earliest
      ? `Zu diesem Datum kann der Vertrag nicht gekündigt werden. Frühestmöglich ist der ${formatDate(earliest)}.`
      : 'Zu diesem Datum kann der Vertrag nicht gekündigt werden.',
  contractChanged:
    'Der Vertrag wurde zwischenzeitlich geändert. Bitte laden Sie die Seite neu und prüfen Sie Ihre Angaben.',
  transitionRefused: 'Der Vertrag kann in seinem jetzigen Zustand nicht beendet werden.',
} as const;

/** Why a contract cannot be cancelled today, for the page and the refusal. */
export const NOT_CANCELLABLE = {
  ended: 'Dieser Vertrag ist bereits beendet und kann deshalb nicht mehr gekündigt werden.',
  alreadyEnding: (zum: string) =>
    `Dieser Vertrag ist bereits gekündigt und endet zum ${formatDate(zum)}. Eine weitere Kündigung ist nicht nötig.`,
  fixedTerm: (ablauf: string) =>
    `Dieser Vertrag ist befristet und endet zum ${formatDate(ablauf)} von selbst. Eine Kündigung ist nicht nötig.`,
  noDate: 'Für diesen Vertrag gibt es zurzeit keinen Termin, zu dem er ordentlich gekündigt werden kann.',
} as const;

/** Why a contract cannot be revoked today. */
export const NOT_REVOCABLE = {
  ended: 'Dieser Vertrag ist bereits beendet und kann deshalb nicht mehr widerrufen werden.',
  noRight: 'Für diesen Vertrag besteht kein Widerrufsrecht (Laufzeit unter einem Monat).',
  deadlinePassed: (deadline: string) =>
    `Die Widerrufsfrist für diesen Vertrag endete am ${formatDate(deadline)}.`,
} as const;

/** Cover ends with the day before the "zum" end date. */
const lastDayText = (lastDay: string) =>
  `Ihr Versicherungsschutz besteht bis einschließlich ${formatDate(lastDay)}.`;

export const RECEIPT_TEXTS = {
  receivedAt: 'Eingang Ihrer Erklärung',
  reason: 'Grund',
  feedback: 'Ihre Anmerkung',
  endDate: 'Vertragsende',
  status: 'Status',
  summary: 'Eingang und Wirkung',
  cancellation: {
    documentName: 'Kündigungsbestätigung',
    title: 'Eingangsbestätigung Ihrer Kündigung',
    intro: (product: string, number: string, receivedAt: Date) =>
      `Ihre Kündigung des Vertrags ${product} (Versicherungsnummer ${number}) ist am ${formatDateTime(receivedAt)} bei uns eingegangen. Wir bestätigen Ihnen hiermit den Eingang.`,
    effect: (zum: string, lastDay: string) =>
      `Ihr Vertrag endet zum ${formatDate(zum)}. ${lastDayText(lastDay)}`,
    closing: [
      'Bereits gezahlte Beiträge für die Zeit nach dem Vertragsende erstatten wir Ihnen.',
      'Sie haben sich anders entschieden? Bitte sprechen Sie uns vor dem Vertragsende an.',
      CLOSING,
    ],
    mailSubject: (number: string) => `Eingangsbestätigung Ihrer Kündigung – Vertrag ${number}`,
    mailBody: (number: string, receivedAt: Date, zum: string) =>
      [
        GREETING,
        `Ihre Kündigung des Vertrags ${number} ist am ${formatDateTime(receivedAt)} bei uns eingegangen. Der Vertrag endet zum ${formatDate(zum)}.`,
        'Die Eingangsbestätigung finden Sie im Anhang dieser E-Mail und in Ihrem Postfach im Kundenportal.',
        CLOSING,
      ].join('\n\n'),
  },
  revocation: {
    documentName: 'Widerrufsbestätigung',
    title: 'Eingangsbestätigung Ihres Widerrufs',
    intro: (product: string, number: string, receivedAt: Date) =>
      `Ihr Widerruf des Vertrags ${product} (Versicherungsnummer ${number}) ist am ${formatDateTime(receivedAt)} bei uns eingegangen. Wir bestätigen Ihnen hiermit den Eingang.`,
    effect: (lastDay: string, coverStarted: boolean) =>
      coverStarted
        ? `Der Vertrag ist damit widerrufen. ${lastDayText(lastDay)}`
        : 'Der Vertrag ist damit widerrufen. Ihr Versicherungsschutz hatte noch nicht begonnen.',
    closing: [
      'Beiträge für die Zeit nach dem Eingang Ihres Widerrufs erstatten wir Ihnen innerhalb von 30 Tagen (§ 9 VVG).',
      CLOSING,
    ],
    mailSubject: (number: string) => `Eingangsbestätigung Ihres Widerrufs – Vertrag ${number}`,
    mailBody: (number: string, receivedAt: Date) =>
      [
        GREETING,
        `Ihr Widerruf des Vertrags ${number} ist am ${formatDateTime(receivedAt)} bei uns eingegangen.`,
        'Die Eingangsbestätigung finden Sie im Anhang dieser E-Mail und in Ihrem Postfach im Kundenportal.',
        CLOSING,
      ].join('\n\n'),
  },
  confirmation: {
    documentName: 'Vertragsbestätigung',
    title: (product: string) => `Vertragsbestätigung – ${product}`,
    intro: (today: string) =>
      `wie gewünscht bestätigen wir Ihnen Ihren Vertrag mit dem Stand vom ${formatDate(today)}.`,
    closing: [CLOSING],
    mailboxSubject: (number: string) => `Ihre Vertragsbestätigung – Vertrag ${number}`,
    mailboxBody: (number: string, today: string) =>
      `${GREETING}\n\nanbei erhalten Sie die Bestätigung Ihres Vertrags ${number} mit dem Stand vom ${formatDate(today)}.\n\n${CLOSING}`,
  },
} as const;

// German texts of the claims module: refusals, the receipt PDF, the Postfach entries and e-mails
// to the customer, the public claimant and the policyholder. They live with the server because it
// writes them.
import { CLAIM_STATE_DESCRIPTIONS, CLAIM_STATE_LABELS, type ClaimState } from '@schirm/domain/claims/status';
import { formatDate, formatDateTime } from '@schirm/domain/format/date';

const GREETING = 'Guten Tag,';
const CLOSING = 'Mit freundlichen Grüßen\nIhre Schirm Versicherung';

export const CLAIM_TEXTS = {
  errors: {
    contractUnknown: 'Diesen Vertrag gibt es in Ihrem Kundenkonto nicht.',
    productMismatch:
      'Zu diesem Vertrag können Sie diese Art von Schaden nicht melden. Bitte wählen Sie den passenden Vertrag.',
    notCovered: (beginn: string) =>
      `Zum Tag des Schadens bestand für diesen Vertrag kein Versicherungsschutz. Der Vertrag beginnt am ${formatDate(beginn)}.`,
    notCoveredEnded: 'Zum Tag des Schadens bestand für diesen Vertrag kein Versicherungsschutz mehr.',
    answersRefused: 'Bitte prüfen Sie Ihre Angaben. Einige passen nicht zusammen oder fehlen.',
    idempotencyKeyMissing:
      'Die Meldung konnte nicht eindeutig zugeordnet werden. Bitte laden Sie die Seite neu.',
    keyReused:
      'Diese Meldung wurde bereits zu einem anderen Vertrag gesendet. Bitte laden Sie die Seite neu und melden Sie den Schaden erneut.',
    claimUnknown: 'Diesen Schaden gibt es in Ihrem Kundenkonto nicht.',
    documentUnknown: 'Diese Unterlage wird zu diesem Schaden nicht benötigt.',
    noFiles: 'Bitte wählen Sie mindestens eine Datei aus.',
    documentNotFor: (key: string) => `Die Unterlage „${key}“ gehört nicht zu diesem Schaden.`,
    messageEmpty: 'Bitte schreiben Sie eine Nachricht.',
    messageTooLong: 'Ihre Nachricht darf höchstens 5.000 Zeichen lang sein.',
    claimClosed: 'Dieser Schaden ist abgeschlossen. Bitte schreiben Sie uns über das Kontaktformular.',
    partnerUnknown: 'Zu dieser Partnernummer gibt es keine Schäden in Ihrem Zugang.',
    productUnknown: 'Bitte wählen Sie eine der angebotenen Versicherungen.',
    draftUnknown: 'Zu diesem Vertrag gibt es keinen gespeicherten Entwurf.',
    stepUnknown: 'Der gespeicherte Schritt ist unbekannt.',
    publicMalformed: 'Bitte prüfen Sie Ihre Angaben zur Vertragsnummer und zur Prüfung.',
    fileUnknown: 'Diese Datei gibt es zu diesem Schaden nicht.',
    titleMissing: 'Bitte geben Sie an, welche Unterlage Sie benötigen.',
    handlerChanged: (name: string) =>
      `Diesen Schaden bearbeitet inzwischen ${name}. Bitte laden Sie die Seite neu, bevor Sie ihn übernehmen.`,
    handlerReleased:
      'Dieser Schaden wurde inzwischen abgegeben und hat keinen Bearbeiter mehr. Bitte laden Sie die Seite neu.',
    handlerIsYou: 'Sie bearbeiten diesen Schaden bereits. Bitte laden Sie die Seite neu.',
    handlerNotYours: 'Sie können nur einen Schaden abgeben, den Sie selbst bearbeiten.',
    documentAlreadyRequested: (titel: string, fristBis: string) =>
      `Die Unterlage „${titel}“ ist bereits angefordert (Frist bis ${formatDate(fristBis)}); der Kunde wird nicht noch einmal gefragt.`,
  },
  sources: {
    kunde: 'Kundenportal',
    oeffentlich: 'Schadenmeldung ohne Anmeldung',
  },
  receipt: {
    name: (schadennummer: string) => `Eingangsbestätigung Schaden ${schadennummer}`,
    title: 'Eingangsbestätigung Ihrer Schadenmeldung',
    intro: (schadennummer: string, gemeldetAm: Date) =>
      `vielen Dank für Ihre Schadenmeldung vom ${formatDateTime(gemeldetAm)}. Wir haben sie unter der Schadennummer ${schadennummer} erfasst. Bitte geben Sie diese Nummer bei allen Fragen zu diesem Schaden an.`,
    salutation: 'Guten Tag,',
    claimSection: 'Ihre Meldung',
    schadennummer: 'Schadennummer',
    vertrag: 'Vertrag',
    produkt: 'Versicherung',
    schadentag: 'Tag des Schadens',
    gemeldetAm: 'Gemeldet am',
    gemeldetUeber: 'Gemeldet über',
    melder: 'Gemeldet von',
    documentsSection: 'Unterlagen, die wir noch benötigen',
    documentLine: (fristBis: string, erforderlich: boolean, beschreibung: string) =>
      `${erforderlich ? 'Erforderlich' : 'Hilfreich'}, bis ${formatDate(fristBis)}. ${beschreibung}`,
    noDocuments: 'Wir benötigen derzeit keine weiteren Unterlagen.',
    closing: [
      'Laden Sie die Unterlagen im Kundenportal unter „Schäden“ hoch. Dort sehen Sie auch, wie weit wir mit Ihrem Schaden sind, und können uns schreiben.',
      'Mit freundlichen Grüßen',
      'Ihre Schirm Versicherung',
    ],
  },
  mailbox: {
    receiptSubject: (schadennummer: string) => `Ihre Schadenmeldung ${schadennummer} ist eingegangen`,
    receiptBody: (schadennummer: string, vertrag: string) =>
      `Wir haben Ihre Schadenmeldung zum Vertrag ${vertrag} unter der Schadennummer ${schadennummer} erfasst. Die Eingangsbestätigung mit der Liste der Unterlagen, die wir noch benötigen, finden Sie im Anhang.`,
    publicBody: (schadennummer: string, vertrag: string) =>
      `Zu Ihrem Vertrag ${vertrag} wurde ohne Anmeldung ein Schaden gemeldet. Wir haben ihn unter der Schadennummer ${schadennummer} erfasst. Die Eingangsbestätigung mit den Angaben der Meldung finden Sie im Anhang. Wenn Sie von diesem Schaden nichts wissen, schreiben Sie uns bitte.`,
    statusSubject: (schadennummer: string, status: ClaimState) =>
      `Ihr Schaden ${schadennummer}: ${CLAIM_STATE_LABELS[status]}`,
    statusBody: (schadennummer: string, status: ClaimState, grund?: string) =>
      [
        `Der Stand Ihres Schadens ${schadennummer} hat sich geändert: ${CLAIM_STATE_LABELS[status]}.`,
        CLAIM_STATE_DESCRIPTIONS[status],
        ...(grund ? [status === 'ABGELEHNT' ? `Grund: ${grund}` : `Hinweis: ${grund}`] : []),
      ].join('\n\n'),
    documentSubject: (schadennummer: string) => `Ihr Schaden ${schadennummer}: Wir benötigen eine Unterlage`,
    documentBody: (schadennummer: string, titel: string, fristBis: string) =>
      `Für Ihren Schaden ${schadennummer} benötigen wir noch: ${titel}. Bitte laden Sie die Unterlage bis zum ${formatDate(fristBis)} im Kundenportal unter „Schäden“ hoch.`,
    messageSubject: (schadennummer: string) => `Neue Nachricht zu Ihrem Schaden ${schadennummer}`,
    messageBody: (schadennummer: string, text: string) =>
      `Zu Ihrem Schaden ${schadennummer} haben wir Ihnen geschrieben:\n\n${text}\n\nSie können im Kundenportal unter „Schäden“ antworten.`,
    agentMessageBody: (schadennummer: string, name: string, agentur: string, text: string) =>
      `Zu Ihrem Schaden ${schadennummer} hat Ihnen Ihre Vermittlerin oder Ihr Vermittler ${name} (${agentur}) geschrieben:\n\n${text}\n\nSie können im Kundenportal unter „Schäden“ antworten.`,
  },
  mail: {
    subject: (subject: string) => subject,
    body: (text: string) =>
      `${GREETING}\n\n${text}\n\nIm Kundenportal finden Sie diese Nachricht in Ihrem Postfach.\n\n${CLOSING}`,
    publicClaimantSubject: 'Ihre Schadenmeldung bei der Schirm Versicherung',
    publicClaimantBody: (name: string, eingegangenAm: Date) =>
      `Guten Tag ${name},\n\nvielen Dank für Ihre Schadenmeldung vom ${formatDateTime(eingegangenAm)}. ` +
      'Wenn die Vertragsnummer und die Angaben zur Prüfung zu einem unserer Verträge passen, erfassen wir den Schaden und ' +
      'benachrichtigen die Versicherungsnehmerin oder den Versicherungsnehmer. Aus Gründen des Datenschutzes können wir ' +
      'Ihnen nicht mitteilen, ob das der Fall ist; wir melden uns bei Ihnen, wenn wir Fragen haben.\n\n' +
      `${CLOSING}`,
  },
  messages: {
    customerSubject: 'Nachricht zum Schaden',
    clerkName: 'Schirm Schadenservice',
    agentName: (name: string, agentur: string) => `${name} (Vermittlung, ${agentur})`,
    systemName: 'Schirm Versicherung',
    documentRequested: (titel: string, fristBis: string) =>
      `Bitte laden Sie noch folgende Unterlage hoch: ${titel} (bis ${formatDate(fristBis)}).`,
    documentSubject: 'Unterlage angefordert',
    statusSubject: 'Neuer Stand',
  },
  accepted: {
    message:
      'Vielen Dank. Ihre Meldung ist eingegangen. Sie erhalten eine Bestätigung per E-Mail an die angegebene Adresse.',
  },
} as const;

// German texts of the online application: messages of refused calls and the two e-mails.
import { ZAHLWEISE_ADVERB } from '@schirm/domain/contract/pending-change-text';

export const APPLICATION_TEXTS = {
  answersRefused:
    'Einige Angaben passen nicht. Bitte prüfen Sie die markierten Felder und senden Sie Ihre Angaben erneut.',
  unknownPostcode: 'Diese Postleitzahl gibt es nicht. Bitte prüfen Sie Ihre Eingabe.',
  ibanRefused: 'Die IBAN ist ungültig. Bitte prüfen Sie Ihre Eingabe.',
  documentUnknown:
    'Dieses Dokument ist nicht mehr verfügbar, weil das Angebot abgelaufen ist. Bitte berechnen Sie Ihr Angebot neu.',
  applicationDocumentUnknown:
    'Dieses Dokument können Sie hier nicht mehr abrufen. Sie finden es in Ihrer E-Mail und nach der Registrierung im Kundenportal.',
  offerUnknown:
    'Wir finden Ihr Angebot nicht. Bitte gehen Sie einen Schritt zurück; wir erstellen Ihnen ein neues Angebot.',
  offerExpired:
    'Ihr Angebot ist abgelaufen. Bitte gehen Sie einen Schritt zurück; wir erstellen Ihnen ein neues Angebot mit aktuellen Unterlagen.',
  answersChanged:
    'Ihre Angaben haben sich seit dem Angebot geändert. Bitte rufen Sie die Vertragsinformationen erneut ab, damit Sie die passenden Unterlagen erhalten.',
  priceChanged: (before: string, after: string) =>
    `Der Beitrag hat sich seit Ihrem Angebot geändert: statt ${before} beträgt er jetzt ${after}. Bitte rufen Sie die Vertragsinformationen mit dem neuen Beitrag ab.`,
  priceGone:
    'Für Ihre Angaben können wir den angebotenen Beitrag nicht mehr berechnen. Bitte prüfen Sie Ihre Angaben und rufen Sie die Vertragsinformationen erneut ab.',
  keyReused:
    'Diese Anfrage gehört zu einem anderen Antrag. Bitte laden Sie die Seite neu und senden Sie den Antrag erneut.',
  idempotencyKeyMissing:
    'Ihr Antrag konnte nicht zugeordnet werden. Bitte laden Sie die Seite neu und senden Sie den Antrag erneut.',
  unknownProduct: 'Dieses Produkt können Sie online nicht abschließen.',
  draftUnknown:
    'Wir finden diesen gespeicherten Antrag nicht. Bitte prüfen Sie den Link aus unserer E-Mail oder beginnen Sie den Antrag neu.',
  draftExpired:
    'Dieser gespeicherte Antrag ist abgelaufen: Wir bewahren Entwürfe 30 Tage auf. Bitte beginnen Sie den Antrag neu.',
  mandateName: 'SEPA-Lastschriftmandat',
  adviceDocumented: 'Die Beratung nach § 6 VVG hat stattgefunden und ist dokumentiert.',
  questionsDeclaration:
    'Ich habe die Fragen zum versicherten Risiko wahrheitsgemäß und vollständig beantwortet (§ 19 VVG).',
  preContractDeclaration: (email: string) =>
    `Die Vertragsinformationen nach § 7 VVG (Kundeninformation mit Widerrufsbelehrung, Produktinformationsblatt, Allgemeine Versicherungsbedingungen) wurden vor der Antragserklärung in Textform per E-Mail an ${email} gesendet und zum Herunterladen angeboten.`,
  zahlweiseAdverb: ZAHLWEISE_ADVERB,
  offerMail: {
    subject: (produktName: string) => `Ihre Vertragsinformationen zur ${produktName}`,
    body: ({
      produktName,
      dokumente,
      gueltigBis,
    }: {
      produktName: string;
      dokumente: string[];
      gueltigBis: string;
    }) =>
      [
        'Guten Tag,',
        '',
        `vielen Dank für Ihr Interesse an unserer ${produktName}. Bevor Sie Ihren Antrag stellen, erhalten Sie im Anhang die Vertragsinformationen nach § 7 VVG:`,
        '',
        ...dokumente.map((name) => `- ${name}`),
        '',
        `Bitte lesen Sie diese Unterlagen und bewahren Sie sie auf. Ihr Angebot gilt bis zum ${gueltigBis}.`,
        '',
        'Mit freundlichen Grüßen',
        'Ihre Schirm Versicherung AG',
      ].join('\n'),
  },
  contractMail: {
    subject: (produktName: string, versicherungsNummer: string) =>
      `Ihr Versicherungsschein: ${produktName}, Vertrag ${versicherungsNummer}`,
    body: ({
      produktName,
      versicherungsNummer,
      vertragsBeginn,
      beitrag,
      registrationLink,
      evbNummer,
    }: {
      produktName: string;
      versicherungsNummer: string;
      vertragsBeginn: string;
      beitrag: string;
      registrationLink: string | undefined;
      /** KFZ: the eVB number for the registration office. */
      evbNummer?: string | undefined;
    }) =>
      [
        'Guten Tag,',
        '',
        `vielen Dank für Ihr Vertrauen. Ihre ${produktName} ist abgeschlossen.`,
        '',
        `Vertragsnummer: ${versicherungsNummer}`,
        `Versicherungsbeginn: ${vertragsBeginn}`,
        `Beitrag: ${beitrag}`,
        ...(evbNummer
          ? [
              '',
              `Ihre eVB-Nummer: ${evbNummer}`,
              'Mit dieser elektronischen Versicherungsbestätigung melden Sie Ihr Fahrzeug bei der Zulassungsstelle an oder um. Die Zulassungsstelle ruft damit Ihren Versicherungsschutz bei uns ab.',
            ]
          : []),
        '',
        'Im Anhang finden Sie Ihren Versicherungsschein und Ihr SEPA-Lastschriftmandat. Sie können Ihren Vertrag innerhalb von 14 Tagen nach Erhalt dieser E-Mail ohne Angabe von Gründen widerrufen (siehe Widerrufsbelehrung in der Kundeninformation).',
        '',
        ...(registrationLink
          ? [
              'Ihren Vertrag können Sie im Kundenportal ansehen und ändern. Registrieren Sie sich dafür mit diesem Link:',
              registrationLink,
            ]
          : ['Ihr Vertrag erscheint in Ihrem Kundenportal, sobald Sie sich anmelden.']),
        '',
        'Mit freundlichen Grüßen',
        'Ihre Schirm Versicherung AG',
      ].join('\n'),
  },
} as const;

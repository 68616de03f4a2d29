// German texts of the Postfach and the Kontakt page (spec §3–§5, issue 14).

export const MAILBOX_THEMEN = ['VERTRAG', 'SCHADEN', 'ZAHLUNG', 'ADRESSE', 'SONSTIGES'] as const;
export type MailboxThema = (typeof MAILBOX_THEMEN)[number];

/** The labels the Kontakt form shows for each topic. */
export const THEMA_LABELS: Readonly<Record<MailboxThema, string>> = {
  VERTRAG: 'Fragen zum Vertrag',
  SCHADEN: 'Schaden',
  ZAHLUNG: 'Beitrag und Zahlung',
  ADRESSE: 'Adresse und persönliche Daten',
  SONSTIGES: 'Sonstiges',
};

export const MAILBOX_TEXTS = {
  acknowledgement: {
    subject: 'Ihre Nachricht ist bei uns eingegangen',
    body: (betreff: string) =>
      `Vielen Dank für Ihre Nachricht „${betreff}“. Sie ist bei uns eingegangen. ` +
      'Wir antworten Ihnen innerhalb von 2 Werktagen.',
  },
  policy: {
    subject: (versicherungsNummer: string) => `Ihr Versicherungsschein ${versicherungsNummer}`,
    body: (versicherungsNummer: string) =>
      `Vielen Dank für Ihren Abschluss. Im Anhang finden Sie Ihren Versicherungsschein zum Vertrag ${versicherungsNummer}. ` +
      'Bitte bewahren Sie ihn gut auf.',
  },
  errors: {
    idempotencyKeyInvalid:
      'Die Nachricht konnte nicht eindeutig zugeordnet werden. Bitte laden Sie die Seite neu und senden Sie sie noch einmal.',
    notFound: 'Diese Nachricht gibt es nicht.',
    noAttachment: 'Diese Nachricht hat keinen Anhang.',
    emptyText: 'Bitte schreiben Sie eine Nachricht.',
    textTooLong: 'Ihre Nachricht ist zu lang. Bitte kürzen Sie sie.',
    betreffMissing: 'Bitte geben Sie einen Betreff an.',
    betreffTooLong: 'Der Betreff darf höchstens 120 Zeichen lang sein.',
    themaInvalid: 'Bitte wählen Sie ein Thema.',
    unknownContract: 'Diesen Vertrag gibt es in Ihrem Kundenkonto nicht.',
    seite: 'Die Seite muss eine ganze Zahl ab 1 sein.',
    proSeite: 'Pro Seite sind 1 bis 100 Nachrichten möglich.',
    attachmentInvalid: 'Ein Anhang ist ungültig. Bitte laden Sie die Datei erneut hoch.',
  },
} as const;

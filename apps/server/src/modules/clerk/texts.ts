// German texts of the clerk side (pool innendienst, ADR 0027): what a clerk reads, and what the
// customer gets when a clerk answers.

export const CLERK_TEXTS = {
  reply: {
    /** Subject of the answer in the customer's Postfach: the question's subject with 'AW:'. */
    subject: (betreff: string) => (betreff.startsWith('AW: ') ? betreff : `AW: ${betreff}`).slice(0, 120),
  },
  mail: {
    subject: 'Neue Nachricht in Ihrem Postfach',
    body: (betreff: string, link: string) =>
      `Guten Tag,\n\nin Ihrem Postfach liegt eine neue Nachricht: „${betreff}“.\n` +
      `Sie können sie nach der Anmeldung lesen: ${link}\n\n` +
      'Aus Sicherheitsgründen schicken wir den Inhalt nicht per E-Mail.\n\nIhr Schirm-Team',
  },
  errors: {
    messageNotFound: 'Diese Kundennachricht gibt es nicht.',
    emptyText: 'Bitte schreiben Sie eine Antwort.',
    textTooLong: 'Die Antwort ist zu lang. Bitte kürzen Sie sie auf höchstens 10.000 Zeichen.',
    betreffTooLong: 'Der Betreff darf höchstens 120 Zeichen lang sein.',
    claimNotFound: 'Diesen Schaden gibt es nicht.',
    fileNotFound: 'Diese Datei gibt es nicht.',
    stateUnknown: 'Bitte wählen Sie einen gültigen Status.',
    productUnknown: 'Bitte wählen Sie ein gültiges Produkt.',
    reasonTooLong: 'Der Grund darf höchstens 2.000 Zeichen lang sein.',
    titleMissing: 'Bitte geben Sie an, welche Unterlage Sie benötigen.',
    titleTooLong: 'Der Titel darf höchstens 200 Zeichen lang sein.',
    descriptionTooLong: 'Die Beschreibung darf höchstens 2.000 Zeichen lang sein.',
    deadline: 'Die Frist muss zwischen 1 und 90 Tagen liegen.',
    claimMessageEmpty: 'Bitte schreiben Sie eine Nachricht.',
    claimMessageTooLong: 'Die Nachricht darf höchstens 5.000 Zeichen lang sein.',
    seite: 'Die Seite muss eine ganze Zahl ab 1 sein.',
    proSeite: 'Pro Seite sind 1 bis 100 Einträge möglich.',
    answeredMeanwhile: (name: string) =>
      `${name} hat diese Nachricht inzwischen beantwortet; Ihre Antwort wurde nicht gesendet. Bitte lesen Sie die Antwort und senden Sie Ihre nur, wenn noch etwas fehlt.`,
    idempotencyKeyInvalid:
      'Die Nachricht konnte nicht eindeutig zugeordnet werden. Bitte laden Sie die Seite neu und senden Sie sie noch einmal.',
    answersSeen: 'Bitte laden Sie die Seite neu und senden Sie Ihre Antwort noch einmal.',
    responsibilityUnknown: 'Bitte wählen Sie „ich“ oder „niemand“ als Zuständigkeit.',
    handlerChoice:
      'Bitte geben Sie an, ob Sie den Schaden übernehmen oder abgeben, und wer ihn bisher bearbeitet.',
  },
} as const;

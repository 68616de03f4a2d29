// German texts of the embedding module (issue 16): answers to partners, customers and clerks, and
// the Postfach messages of a grant and its revocation.
export const EMBEDDING_TEXTS = {
  partnerNotFound:
    'Diese Seite kann hier nicht eingebettet werden. Bitte öffnen Sie das Angebot direkt im Kundenportal oder wenden Sie sich an den Betreiber der Seite.',
  partnerCredentials:
    'Die Zugangsdaten des Einbettungspartners sind ungültig. Bitte prüfen Sie Partnerschlüssel und Geheimnis oder fordern Sie beim Innendienst ein neues Geheimnis an.',
  tokenRefused:
    'Für diesen Kunden kann kein Zugang erstellt werden. Bitte bitten Sie den Kunden, Ihnen im Kundenportal unter „Einbettung“ den Zugriff freizugeben.',
  exchangeTokenInvalid:
    'Der Zugangscode ist ungültig, abgelaufen oder wurde bereits verwendet. Bitte fordern Sie über die Partneranwendung einen neuen an.',
  grantPartnerUnknown:
    'Diesen Partner gibt es nicht oder er darf den Kundenbereich nicht einbetten. Bitte prüfen Sie den Namen des Partners.',
  grantNotFound: 'Für diesen Partner besteht keine Freigabe. Sie müssen nichts weiter tun.',
  clerkPartnerNotFound: 'Diesen Einbettungspartner gibt es nicht. Bitte legen Sie ihn zuerst an.',
  agentNotFound:
    'Zu dieser Vermittlernummer gibt es keinen aktiven Vermittler. Bitte prüfen Sie die Vermittlernummer.',
  originInvalid:
    'Bitte geben Sie jede Adresse als Ursprung an, z. B. https://www.partner.de oder http://localhost:3001 (ohne Pfad).',
  productUnknown: 'Bitte wählen Sie nur Produkte aus, die das Portal anbietet.',
  partnerKeyInvalid:
    'Der Partnerschlüssel besteht aus Kleinbuchstaben, Ziffern und Bindestrichen (höchstens 50 Zeichen), z. B. radhaus-mueller.',
  applicationPartnerUnknown:
    'Dieser Einbettungspartner ist unbekannt oder nicht mehr aktiv. Bitte schließen Sie den Antrag direkt im Kundenportal ab.',
  applicationProductNotAllowed:
    'Dieses Produkt kann über diesen Partner nicht abgeschlossen werden. Bitte schließen Sie den Antrag direkt im Kundenportal ab.',
  grantMail: {
    subject: (name: string) => `Freigabe für ${name} erteilt`,
    body: (name: string, am: string) =>
      `Sie haben am ${am} ${name} erlaubt, Ihren Kundenbereich in der eigenen Anwendung anzuzeigen. ${name} sieht dort Ihre Verträge und Nachrichten, kann aber Ihre Zugangsdaten nicht ändern. Sie können die Freigabe jederzeit im Kundenportal unter „Einbettung“ widerrufen.`,
  },
  revokeMail: {
    subject: (name: string) => `Freigabe für ${name} widerrufen`,
    body: (name: string, am: string) =>
      `Sie haben am ${am} die Freigabe für ${name} widerrufen. ${name} kann Ihren Kundenbereich ab sofort nicht mehr anzeigen; bereits geöffnete Sitzungen enden sofort.`,
  },
} as const;

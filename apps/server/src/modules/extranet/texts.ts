// German texts of the extranet (issue 16): what the broker software's developers and the people
// opening a link read. Every message says what happened and what to do next.
export const EXTRANET_ERRORS = {
  machineUnauthorized:
    'Die Anfrage Ihrer Maklersoftware ist nicht angemeldet: Das Token fehlt, ist ungültig, abgelaufen oder wurde bereits verwendet. Bitte signieren Sie für jede Anfrage ein neues Token mit dem registrierten Schlüssel Ihrer Agentur.',
  notFound:
    'Diesen Vertrag oder diese Kundin bzw. diesen Kunden finden wir in Ihrem Bestand nicht. Bitte prüfen Sie die Nummer.',
  linkUsed:
    'Dieser Link wurde bereits verwendet. Bitte öffnen Sie den Vertrag erneut aus Ihrer Maklersoftware; sie erzeugt dabei einen neuen Link.',
  linkExpired:
    'Dieser Link ist abgelaufen. Bitte öffnen Sie den Vertrag erneut aus Ihrer Maklersoftware; sie erzeugt dabei einen neuen Link.',
  linkUnknown:
    'Dieser Link ist ungültig. Bitte öffnen Sie den Vertrag erneut aus Ihrer Maklersoftware und prüfen Sie, ob der Link vollständig kopiert wurde.',
  viewExpired: 'Die Anzeige ist abgelaufen. Bitte öffnen Sie den Vertrag erneut aus Ihrer Maklersoftware.',
  keyInvalid:
    'Dieser Schlüssel kann nicht verwendet werden. Bitte senden Sie den öffentlichen Schlüssel als JWK mit kty "OKP", crv "Ed25519" und x (ohne privaten Anteil d).',
  keyRevoked:
    'Dieser Schlüssel wurde widerrufen und kann nicht erneut registriert werden. Bitte erzeugen Sie ein neues Schlüsselpaar.',
  keyLimit:
    'Ihre Agentur hat bereits 5 aktive Schlüssel. Bitte widerrufen Sie zuerst einen nicht mehr benötigten Schlüssel.',
  keyUnknown: 'Diesen Schlüssel finden wir für Ihre Agentur nicht. Bitte laden Sie die Seite neu.',
  agencyOnly:
    'Schlüssel für die Maklersoftware verwaltet die Hauptagentur. Bitte wenden Sie sich an Ihre Hauptagentur.',
} as const;

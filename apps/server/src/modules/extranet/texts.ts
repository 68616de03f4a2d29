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
  keyPrivate:
    'Das ist ein privater Schlüssel. Bitte fügen Sie nur den öffentlichen Schlüssel ein (PEM ab „-----BEGIN PUBLIC KEY-----“ oder JWK ohne „d“). Der private Schlüssel bleibt in Ihrer Maklersoftware und darf niemandem gegeben werden.',
  keyWrongType: (type: string) =>
    `Das ist ein ${type}-Schlüssel. Das Extranet nimmt nur Ed25519-Schlüssel an. Bitte erzeugen Sie in Ihrer Maklersoftware ein Ed25519-Schlüsselpaar und fügen Sie dessen öffentlichen Schlüssel ein.`,
  keyUnreadable:
    'Diesen Text können wir nicht als Schlüssel lesen. Bitte fügen Sie den öffentlichen Ed25519-Schlüssel vollständig ein: als PEM (von „-----BEGIN PUBLIC KEY-----“ bis „-----END PUBLIC KEY-----“) oder als JWK mit kty "OKP", crv "Ed25519" und x.',
  keyBody:
    'Bitte senden Sie genau einen Schlüssel: als publicJwk (JWK) oder als schluessel (PEM oder JWK als Text).',
  labelInvalid:
    'Bitte geben Sie eine Bezeichnung mit höchstens 80 Zeichen an, z. B. den Namen Ihrer Maklersoftware.',
  keyRevoked:
    'Dieser Schlüssel wurde widerrufen und kann nicht erneut registriert werden. Bitte erzeugen Sie ein neues Schlüsselpaar.',
  keyLimit:
    'Ihre Agentur hat bereits 5 aktive Schlüssel. Bitte widerrufen Sie zuerst einen nicht mehr benötigten Schlüssel.',
  keyUnknown: 'Diesen Schlüssel finden wir für Ihre Agentur nicht. Bitte laden Sie die Seite neu.',
  viewUnknown:
    'Diese Anzeige ist ungültig. Bitte öffnen Sie den Vertrag erneut aus Ihrer Maklersoftware, um das Dokument herunterzuladen.',
  viewExpiredDocument:
    'Die Anzeige ist abgelaufen, Dokumente können Sie darüber nicht mehr herunterladen. Bitte öffnen Sie den Vertrag erneut aus Ihrer Maklersoftware.',
  documentUnknown:
    'Dieses Dokument gehört nicht zu dem Vertrag, den Ihre Maklersoftware geöffnet hat. Bitte laden Sie die Seite neu.',
  documentMissing: 'Dieses Dokument ist zurzeit nicht verfügbar. Bitte versuchen Sie es später erneut.',
  agencyOnly:
    'Schlüssel für die Maklersoftware verwaltet die Hauptagentur. Bitte wenden Sie sich an Ihre Hauptagentur.',
} as const;

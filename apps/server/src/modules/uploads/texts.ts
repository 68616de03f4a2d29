// German texts of uploads (issue 14, spec §5): what the uploader reads when a file is refused or
// flagged. The type and size texts are the domain's (the web app checks the same before upload).
import { FILE_MESSAGES } from '@schirm/domain/validation/files';

export const UPLOAD_TEXTS = {
  errors: {
    type: FILE_MESSAGES.type,
    tooLarge: FILE_MESSAGES.tooLarge,
    empty: FILE_MESSAGES.empty,
    tooMany: FILE_MESSAGES.tooMany,
    text: 'Die Textdatei ist keine reine Textdatei (UTF-8 ohne Steuerzeichen). Bitte speichern Sie sie als einfachen Text oder als PDF.',
    markup:
      'Die Datei enthält HTML oder Skript und wird deshalb nicht angenommen. Bitte senden Sie ein Foto, ein Video, eine Textdatei oder ein PDF.',
    nameMissing: 'Bitte geben Sie den Dateinamen an.',
    sizeInvalid: 'Bitte geben Sie die Größe der Datei in Byte an.',
    schluesselInvalid: 'Der Upload-Schlüssel ist ungültig. Bitte laden Sie die Dateien erneut hoch.',
    urlInvalid:
      'Dieser Upload-Link ist abgelaufen oder wurde schon verwendet. Bitte wählen Sie die Datei erneut aus.',
    failed: 'Die Datei konnte nicht vollständig übertragen werden. Bitte versuchen Sie es erneut.',
    notUsable:
      'Eine der Dateien ist unbekannt, noch nicht fertig hochgeladen oder schon verwendet. Bitte laden Sie sie erneut hoch.',
    poolRefused: 'Mit dieser Anmeldung können hier keine Dateien hochgeladen werden.',
  },
  hinweise: {
    passwortgeschuetzt:
      'Das PDF ist mit einem Passwort geschützt. Wir können es so nicht lesen: Bitte senden Sie es ohne Passwortschutz, oder nennen Sie uns das Passwort auf einem anderen Weg als dieser Nachricht.',
    'standort-entfernt': 'Die Standortangaben (GPS) wurden aus der Datei entfernt.',
  },
} as const;

export type UploadHinweis = keyof typeof UPLOAD_TEXTS.hinweise;

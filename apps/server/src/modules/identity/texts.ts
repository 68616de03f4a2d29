// German texts of the identity API: error messages for people and the e-mails and SMS it sends.
// They live with the server because the server writes them; the web app shows `error.message`.

export const IDENTITY_ERRORS = {
  SIGN_IN_FAILED:
    'Die Anmeldung ist fehlgeschlagen. Bitte prüfen Sie Ihre E-Mail-Adresse und Ihr Passwort. ' +
    'Nach mehreren Fehlversuchen ist die Anmeldung für 15 Minuten gesperrt.',
  CHALLENGE_EXPIRED: 'Ihre Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.',
  TAN_INVALID: 'Der Code ist nicht korrekt.',
  TAN_EXPIRED_SIGN_IN: 'Der Code ist abgelaufen. Bitte melden Sie sich erneut an.',
  TAN_ATTEMPTS_EXCEEDED: 'Der Code wurde zu oft falsch eingegeben. Bitte melden Sie sich erneut an.',
  TAN_EXPIRED: 'Der Code ist nicht mehr gültig. Bitte fordern Sie einen neuen Code an.',
  TAN_SEND_LIMIT: 'Es wurden bereits zu viele Codes angefordert. Bitte beginnen Sie noch einmal von vorn.',
  VERIFICATION_NOT_FOUND: 'Diese Bestätigung ist nicht mehr gültig. Bitte beginnen Sie noch einmal von vorn.',
  CODE_INVALID:
    'Der Code ist nicht korrekt oder nicht mehr gültig. Bitte fordern Sie bei Bedarf einen neuen Code an.',
  LINK_EXPIRED: 'Dieser Link ist abgelaufen. Bitte fordern Sie einen neuen Link an.',
  LINK_INVALID:
    'Dieser Link ist nicht gültig oder wurde bereits verwendet. Bitte fordern Sie einen neuen Link an.',
  OLD_PASSWORD_WRONG: 'Ihr bisheriges Passwort ist nicht korrekt.',
  EMAIL_TAKEN: 'Diese E-Mail-Adresse wird bereits für einen anderen Zugang verwendet.',
  MOBILE_REQUIRED:
    'Für diesen Zugang ist keine Mobilfunknummer hinterlegt. Bitte hinterlegen Sie zuerst eine Mobilfunknummer.',
  SESSION_ENDED: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
} as const;

/** 'Der Code ist nicht korrekt. Sie haben noch 2 Versuche.' */
export function tanInvalidMessage(attemptsLeft: number): string {
  const attempts = attemptsLeft === 1 ? '1 Versuch' : `${attemptsLeft} Versuche`;
  return `Der Code ist nicht korrekt. Sie haben noch ${attempts}.`;
}

export interface MailText {
  subject: string;
  body: string;
}

const GREETING = 'Guten Tag,';
const CLOSING = '\n\nIhr Schirm-Team';
const NOT_YOU =
  '\n\nWenn Sie das nicht veranlasst haben, melden Sie sich bitte umgehend bei uns und ändern Sie Ihr Passwort.';

function mail(subject: string, ...paragraphs: string[]): MailText {
  return { subject, body: [GREETING, ...paragraphs].join('\n\n') + CLOSING };
}

export const SMS_TEXTS = {
  tan: (code: string) =>
    `Ihr Schirm-Code lautet ${code}. Er ist 5 Minuten gültig. Geben Sie ihn niemandem weiter.`,
};

export const MAIL_TEXTS = {
  registrationLink: (link: string) =>
    mail(
      'Ihr Zugang zum Schirm-Kundenportal',
      'Sie haben einen Zugang zum Schirm-Kundenportal angefordert. Mit diesem Link vergeben Sie Ihr Passwort ' +
        'und bestätigen Ihre Mobilfunknummer (24 Stunden gültig, nur einmal verwendbar):',
      link,
      'Wenn Sie keinen Zugang angefordert haben, können Sie diese E-Mail ignorieren.',
    ),
  registrationCompleted: () =>
    mail('Ihr Zugang ist eingerichtet', 'Ihr Zugang zum Schirm-Kundenportal ist eingerichtet.' + NOT_YOU),
  passwordResetCode: (code: string) =>
    mail(
      'Ihr Code zum Zurücksetzen des Passworts',
      `Ihr Code lautet: ${code}`,
      'Er ist 15 Minuten gültig. Wenn Sie kein neues Passwort angefordert haben, können Sie diese E-Mail ignorieren.',
    ),
  passwordChanged: () =>
    mail('Ihr Passwort wurde geändert', 'Das Passwort Ihres Schirm-Zugangs wurde geändert.' + NOT_YOU),
  initialPassword: (password: string, portalUrl: string) =>
    mail(
      'Ihr vorläufiges Passwort',
      `Für Ihren Schirm-Zugang wurde ein vorläufiges Passwort vergeben: ${password}`,
      `Bitte melden Sie sich unter ${portalUrl} an; dabei vergeben Sie ein eigenes Passwort.`,
    ),
  emailChangeLink: (link: string) =>
    mail(
      'Bitte bestätigen Sie Ihre neue E-Mail-Adresse',
      'Sie möchten diese E-Mail-Adresse für Ihren Schirm-Zugang verwenden. Bitte bestätigen Sie das mit diesem Link ' +
        '(24 Stunden gültig):',
      link,
    ),
  emailChangeRequested: (newAddress: string) =>
    mail(
      'Änderung Ihrer E-Mail-Adresse angefordert',
      `Für Ihren Schirm-Zugang wurde die neue E-Mail-Adresse ${newAddress} angegeben. Die Änderung gilt, sobald sie ` +
        'über den Link an die neue Adresse bestätigt ist.' +
        NOT_YOU,
    ),
  emailChanged: (newAddress: string) =>
    mail(
      'Ihre E-Mail-Adresse wurde geändert',
      `Ihr Schirm-Zugang verwendet jetzt die E-Mail-Adresse ${newAddress}. Bitte melden Sie sich damit an.` +
        NOT_YOU,
    ),
  phoneResetLink: (link: string) =>
    mail(
      'Neue Mobilfunknummer hinterlegen',
      'Mit diesem Link hinterlegen Sie eine neue Mobilfunknummer für Ihren Schirm-Zugang (1 Stunde gültig, nur einmal ' +
        'verwendbar):',
      link,
      'Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren.',
    ),
  phoneChanged: (masked: string) =>
    mail(
      'Ihre Mobilfunknummer wurde geändert',
      `Codes zur Anmeldung erhalten Sie jetzt an die Mobilfunknummer ${masked}.` + NOT_YOU,
    ),
  contactDataChanged: () =>
    mail(
      'Ihre Kontaktdaten wurden geändert',
      'Die Kontaktdaten Ihres Schirm-Zugangs wurden geändert.' + NOT_YOU,
    ),
};

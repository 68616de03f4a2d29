// German texts of agent administration (issue 15): error messages for people and the e-mails.
import { INSURER } from '../printing/company';

/** Where applications to become a sales partner are announced (the insurer's sales department). */
export const SALES_PARTNER_INBOX = 'vertriebspartner@schirm.de';

export const AGENT_ADMIN_TEXTS = {
  errors: {
    agentNotFound: 'Diesen Vermittler gibt es nicht oder Sie dürfen ihn nicht verwalten.',
    publicAgentNotFound: 'Zu dieser Angabe finden wir keinen Vermittler.',
    emailTaken:
      'Unter dieser E-Mail-Adresse gibt es bereits einen Vermittler. Bitte verwenden Sie eine andere Adresse.',
    notSelf: 'Sie können sich nicht selbst deaktivieren.',
    alreadyInactive: 'Dieser Vermittler ist bereits deaktiviert.',
    headAgentOnly: 'Nur die Hauptagentur kann die Agenturdaten ändern.',
    attachNotPossible:
      'Dieser Vermittler kann nicht angebunden werden. Angebunden werden können nur aktive Vermittler ohne übergeordnete Agentur, mit demselben Vertriebsweg, ohne eigene Kunden und Untervermittler; Vermittlernummer und E-Mail-Adresse müssen zusammenpassen.',
    customerNotFound: 'Diesen Kunden oder Vertrag finden wir in Ihrem Bestand nicht.',
    messageNotFound: 'Diese Nachricht gibt es nicht.',
    attachmentNotFound: 'Diesen Anhang gibt es nicht. Bitte öffnen Sie die Nachricht erneut.',
    alreadyAnswered: 'Diese Nachricht ist bereits beantwortet.',
    idempotencyKeyMissing:
      'Die Anfrage ist unvollständig. Bitte laden Sie die Seite neu und senden Sie erneut.',
    faqMissing: 'Die häufigen Fragen für Vermittler sind zurzeit nicht verfügbar.',
    htmlEmpty: 'Bitte schreiben Sie Ihre Nachricht.',
  },
  mails: {
    subAgentAttached: (parentName: string, agencyName: string) => ({
      subject: 'Sie wurden einer Agentur zugeordnet',
      body:
        `Guten Tag,\n\n${parentName} (${agencyName}) hat Sie als Untervermittler angebunden. ` +
        'Ihre Kunden und Verträge sieht ab sofort auch diese Agentur. Waren Sie damit nicht einverstanden, ' +
        `wenden Sie sich bitte an unseren Vermittlerservice: ${INSURER.email}.\n\nIhre ${INSURER.name}`,
    }),
    agentMessageAnswer: (betreff: string, antwort: string) => ({
      subject: `Antwort auf Ihre Nachricht: ${betreff}`,
      body: `Guten Tag,\n\nunser Vermittlerservice hat Ihre Nachricht „${betreff}“ beantwortet:\n\n${antwort}\n\nIhre ${INSURER.name}`,
    }),
    agentMessageReceived: (betreff: string) => ({
      subject: `Ihre Nachricht ist bei uns eingegangen: ${betreff}`,
      body:
        `Guten Tag,\n\nIhre Nachricht „${betreff}“ an unseren Vermittlerservice ist eingegangen. ` +
        `Wir antworten Ihnen per E-Mail, in der Regel innerhalb von zwei Werktagen.\n\nIhre ${INSURER.name}`,
    }),
    applicationReceived: (ansprechpartner: string) => ({
      subject: 'Ihre Bewerbung als Vertriebspartner',
      body:
        `Guten Tag ${ansprechpartner},\n\nvielen Dank für Ihr Interesse an einer Zusammenarbeit. ` +
        'Ihre Bewerbung als Vertriebspartner ist bei uns eingegangen. Wir prüfen Ihre Angaben ' +
        '(Erlaubnis nach § 34d GewO und Eintrag im Vermittlerregister) und melden uns innerhalb von ' +
        `zehn Werktagen bei Ihnen.\n\nIhre ${INSURER.name}`,
    }),
    applicationNotice: (lines: readonly string[]) => ({
      subject: 'Neue Bewerbung als Vertriebspartner',
      body: `Eine neue Bewerbung als Vertriebspartner ist eingegangen:\n\n${lines.join('\n')}`,
    }),
  },
  accepted:
    'Vielen Dank. Ihre Bewerbung ist eingegangen; eine Bestätigung haben wir Ihnen per E-Mail gesendet.',
} as const;

/** German names of the message topics. */
export const THEMA_LABELS = {
  VERTRAG: 'Vertrag',
  KUNDE: 'Kunde',
  PROVISION: 'Provision und Abrechnung',
  ZUGANG: 'Zugang und Portal',
  TECHNIK: 'Technische Frage',
  SONSTIGES: 'Sonstiges',
} as const;

/** German names of the activity per § 34d GewO. */
export const TAETIGKEIT_LABELS = {
  VERSICHERUNGSVERTRETER: 'Versicherungsvertreter mit Erlaubnis nach § 34d Abs. 1 GewO',
  VERSICHERUNGSMAKLER: 'Versicherungsmakler mit Erlaubnis nach § 34d Abs. 1 GewO',
} as const;

// German texts the customer receives when an agent acts for them (issue 15): the e-mail and the
// Postfach message after a corrected contact data record or a contract change made by the agent.
import { formatDate } from '@schirm/domain/format/date';

export interface AgentName {
  name: string;
  agenturName: string;
}

const FIELD_NAMES: Record<string, string> = {
  anrede: 'Anrede',
  titel: 'Titel',
  vorname: 'Vorname',
  nachname: 'Nachname',
  firmenname: 'Firmenname',
  email: 'E-Mail-Adresse',
  telefon: 'Telefonnummer',
};

/** The German name of a contact data field. */
export function fieldName(field: string): string {
  return FIELD_NAMES[field] ?? field;
}

const SIGNATURE = '\n\nMit freundlichen Grüßen\nIhr Schirm-Kundenservice';
const DOUBT =
  '\n\nWenn Sie diese Änderung nicht veranlasst haben, wenden Sie sich bitte an Ihre Vermittlerin oder Ihren Vermittler oder an unseren Kundenservice.';

function byAgent(agent: AgentName): string {
  return `${agent.name} (${agent.agenturName})`;
}

export const AGENT_CUSTOMER_TEXTS = {
  contactCorrected: (agent: AgentName, fields: string[], at: Date) => {
    const list = fields.map(fieldName).join(', ');
    return {
      subject: 'Ihre Kontaktdaten wurden berichtigt',
      body: `Guten Tag,\n\nIhre Vermittlerin oder Ihr Vermittler ${byAgent(agent)} hat am ${formatDate(at)} Ihre Kontaktdaten berichtigt: ${list}. Die aktuellen Angaben sehen Sie im Kundenportal unter „Meine Daten“.${DOUBT}${SIGNATURE}`,
    };
  },
  contractChanged: (
    agent: AgentName,
    change: {
      versicherungsNummer: string;
      versicherungsName: string;
      bezeichnung: string;
      ab: string;
      /** A sentence on what else the change means, e.g. the co-insured persons it drops. */
      hinweis?: string;
    },
  ) => ({
    subject: `Änderung Ihres Vertrags ${change.versicherungsNummer}`,
    body: `Guten Tag,\n\nIhre Vermittlerin oder Ihr Vermittler ${byAgent(agent)} hat für Ihren Vertrag ${change.versicherungsName} (${change.versicherungsNummer}) in Ihrem Auftrag diese Änderung vorgemerkt: ${change.bezeichnung}, wirksam ab ${formatDate(change.ab)}.${change.hinweis ? ` ${change.hinweis}` : ''} Die Änderung sehen Sie im Kundenportal bei den Vertragsdetails.${DOUBT}${SIGNATURE}`,
  }),
} as const;

/** German messages of the agent's customer screens' API answers. */
export const AGENT_CUSTOMER_ERRORS = {
  versionChanged:
    'Die Kontaktdaten wurden inzwischen geändert (zum Beispiel in einem anderen Fenster). Bitte laden Sie die Seite neu und prüfen Sie die aktuellen Angaben, bevor Sie erneut speichern.',
  nothingChanged: 'Sie haben nichts geändert. Bitte korrigieren Sie mindestens eine Angabe.',
  emailIsSignIn:
    'Die E-Mail-Adresse ist der Anmeldename der Kundin oder des Kunden im Portal. Sie kann nur von ihr oder ihm selbst unter „Meine Daten“ geändert werden.',
  nameNotASpellingFix:
    'Das ist keine Berichtigung der Schreibweise, sondern ein anderer Name. Eine Namensänderung (zum Beispiel nach einer Heirat) braucht einen Nachweis: Bitte senden Sie ihn über „Nachricht an den Vermittlerservice“.',
  wrongPersonKind: 'Diese Angabe gibt es für diese Kundin oder diesen Kunden nicht.',
  emailTaken:
    'Diese E-Mail-Adresse ist bereits der Anmeldename eines anderen Kundenkontos. Bitte prüfen Sie die Angabe.',
} as const;

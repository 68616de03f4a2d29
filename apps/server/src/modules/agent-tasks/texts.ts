// German texts of the agent's open activities and the automatic revenue adjustment (issue 15, ADR 0033).
import { formatGermanDate, type CalendarDate } from '@schirm/domain/dates/calendar-date';
import { formatCents } from '@schirm/domain/format/money';

export const AGENT_TASK_TEXTS = {
  notFound: 'Diese Aktivität gibt es nicht oder Sie betreuen den Vertrag nicht.',
  alreadyClosed: 'Diese Aktivität ist bereits abgeschlossen. Bitte laden Sie die Liste neu.',
  relocationOff: 'Der Umzugsservice ist zurzeit nicht verfügbar.',
  relocationByAgent: 'Ihre Vermittlerin oder Ihr Vermittler hat Ihren Umzug für Sie erfasst.',
  reminder: {
    subject: 'Bitte melden Sie Ihren Jahresumsatz',
    body: ({
      anrede,
      versicherungsName,
      versicherungsNummer,
      meldenBis,
      hauptfaelligkeit,
    }: {
      anrede: string;
      versicherungsName: string;
      versicherungsNummer: string;
      /** Last day before the automatic adjustment. */
      meldenBis: CalendarDate;
      hauptfaelligkeit: CalendarDate;
    }) =>
      [
        `${anrede},`,
        '',
        `der Beitrag Ihres Vertrags ${versicherungsName} (${versicherungsNummer}) richtet sich nach Ihrem Jahresumsatz. Für das Versicherungsjahr ab dem ${formatGermanDate(hauptfaelligkeit)} bitten wir Sie, uns Ihren Jahresumsatz bis zum ${formatGermanDate(meldenBis)} zu melden oder den bisherigen zu bestätigen – im Kundenportal bei Ihrem Vertrag unter „Jahresumsatz“.`,
        '',
        'Erhalten wir bis dahin keine Meldung, passen wir den Jahresumsatz an: zuletzt gemeldeter Umsatz zuzüglich 10 %.',
        '',
        'Mit freundlichen Grüßen',
        'Ihr Kundenservice',
      ].join('\n'),
  },
  adjustment: {
    subject: 'Ihr Jahresumsatz wurde angepasst',
    body: ({
      anrede,
      versicherungsName,
      versicherungsNummer,
      bisherCents,
      neuCents,
      wirksamAb,
    }: {
      /** The salutation line without comma, e.g. 'Guten Tag Frau Schneider'. */
      anrede: string;
      versicherungsName: string;
      versicherungsNummer: string;
      bisherCents: number;
      neuCents: number;
      wirksamAb: CalendarDate;
    }) =>
      [
        `${anrede},`,
        '',
        `wir hatten Sie gebeten, uns den Jahresumsatz für Ihren Vertrag ${versicherungsName} (${versicherungsNummer}) zu melden. Da wir keine Meldung erhalten haben, haben wir den Jahresumsatz wie in den Versicherungsbedingungen vorgesehen angepasst: von ${formatCents(bisherCents)} auf ${formatCents(neuCents)} (zuletzt gemeldeter Umsatz zuzüglich 10 %).`,
        '',
        `Der Beitrag wird ab dem ${formatGermanDate(wirksamAb)} nach diesem Umsatz berechnet. Den neuen Beitrag sehen Sie im Kundenportal bei Ihrem Vertrag unter „Vorgemerkte Änderungen“.`,
        '',
        'War Ihr Umsatz niedriger, melden Sie uns bitte den tatsächlichen Jahresumsatz im Kundenportal; wir berechnen den Beitrag dann neu.',
        '',
        'Mit freundlichen Grüßen',
        'Ihr Kundenservice',
      ].join('\n'),
  },
} as const;

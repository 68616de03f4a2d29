// German texts of the partner calls: master data and reporting a move (issue 12, ADR 0019).
import { formatGermanDate, type CalendarDate } from '@schirm/domain/dates/calendar-date';
import { formatCents } from '@schirm/domain/format/money';

const anschrift = (a: { strasse: string; hausnummer: string; plz: string; ort: string }) =>
  `${a.strasse} ${a.hausnummer}, ${a.plz} ${a.ort}`;

export const RELOCATION_TEXTS = {
  agentServiceOff: 'Der Umzugsservice ist zurzeit nicht verfügbar.',
  errors: {
    noAddress:
      'Zu Ihrem Kundenkonto ist keine Anschrift gespeichert. Bitte wenden Sie sich an Ihre Vermittlerin oder Ihren Vermittler.',
    sameAddress:
      'Die neue Anschrift ist Ihre bisherige Anschrift. Bitte geben Sie die Anschrift an, unter der Sie künftig wohnen.',
    alreadySaved: (gueltigAb: CalendarDate) =>
      `Dieser Umzug ist bereits gespeichert: Ihre neue Anschrift gilt ab dem ${formatGermanDate(gueltigAb)}. Sie sehen sie unter „Meine Daten“.`,
    alreadyPending: (gueltigAb: CalendarDate, adresse: Parameters<typeof anschrift>[0]) =>
      `Für Sie ist bereits ein Umzug zum ${formatGermanDate(gueltigAb)} gespeichert (${anschrift(adresse)}). Möchten Sie ihn ändern, wenden Sie sich bitte an Ihre Vermittlerin oder Ihren Vermittler.`,
    outdated:
      'Ihre Verträge oder Ihre Anschrift haben sich seit der Berechnung geändert. Bitte prüfen Sie die neue Berechnung und bestätigen Sie erneut.',
    notPossible: (nummern: string[]) =>
      `Der Umzug kann online nicht gespeichert werden, weil ${nummern.length === 1 ? 'der Vertrag' : 'die Verträge'} ${nummern.join(', ')} nicht online umgestellt werden ${nummern.length === 1 ? 'kann' : 'können'}. Bitte wenden Sie sich an Ihre Vermittlerin oder Ihren Vermittler.`,
    unknownPostcode: 'Diese Postleitzahl gibt es nicht.',
    placeNotInPostcode: (places: readonly string[]) =>
      `Bitte wählen Sie einen Ort zur Postleitzahl: ${places.join(', ')}.`,
  },
  contracts: {
    notAtAddress: 'Dieser Vertrag ist nicht an Ihre Anschrift gebunden und ändert sich nicht.',
    otherRiskAddress: (adresse: Parameters<typeof anschrift>[0]) =>
      `Versichert ist ${anschrift(adresse)}, nicht Ihre bisherige Anschrift: Dieser Vertrag ändert sich nicht. Ziehen auch die versicherten Räume um, ändern Sie den versicherten Ort bitte beim Vertrag.`,
    endsBefore: (ende: CalendarDate) =>
      `Der Vertrag endet am ${formatGermanDate(ende)}, vor dem Umzug: Er ändert sich nicht.`,
    notOffered:
      'Für diesen Vertrag kann der versicherte Ort online nicht geändert werden. Bitte wenden Sie sich an Ihre Vermittlerin oder Ihren Vermittler.',
    sonderkuendigung:
      'Der Beitrag steigt durch den Umzug. Sie können den Vertrag deshalb innerhalb eines Monats kündigen, nachdem Sie die Mitteilung über die Erhöhung erhalten haben (Sonderkündigungsrecht, § 40 VVG). Diese Mitteilung ist die Bestätigung, die wir Ihnen nach dem Speichern schicken.',
  },
  mail: {
    subject: 'Ihr Umzug ist gespeichert',
    body: ({
      anrede,
      neu,
      umzugsdatum,
      vertraege,
    }: {
      /** The salutation line without comma, e.g. 'Guten Tag Frau Schneider'. */
      anrede: string;
      neu: Parameters<typeof anschrift>[0];
      umzugsdatum: CalendarDate;
      vertraege: {
        versicherungsNummer: string;
        versicherungsName: string;
        wirksamkeitsdatum: CalendarDate;
        neuProPeriodeCents: number;
        periode: string;
        steigt: boolean;
      }[];
    }) =>
      [
        `${anrede},`,
        '',
        `wir haben Ihren Umzug gespeichert. Ihre neue Anschrift ab dem ${formatGermanDate(umzugsdatum)}: ${anschrift(neu)}.`,
        '',
        ...(vertraege.length === 0
          ? [
              'Keiner Ihrer Verträge ist an Ihre bisherige Anschrift gebunden; Ihre Verträge ändern sich nicht.',
            ]
          : [
              'Diese Verträge ziehen mit Ihnen um:',
              ...vertraege.map(
                (v) =>
                  `- ${v.versicherungsName} (${v.versicherungsNummer}): ab dem ${formatGermanDate(v.wirksamkeitsdatum)} ${formatCents(v.neuProPeriodeCents)} ${v.periode}${v.steigt ? ' (Beitragserhöhung)' : ''}`,
              ),
            ]),
        ...(vertraege.some((v) => v.steigt)
          ? [
              '',
              'Wo der Beitrag durch den Umzug steigt, können Sie den Vertrag innerhalb eines Monats nach Erhalt dieser Mitteilung kündigen (Sonderkündigungsrecht, § 40 VVG).',
            ]
          : []),
        '',
        'Die Änderungen sehen Sie im Kundenportal bei Ihren Verträgen unter „Vorgemerkte Änderungen“.',
        '',
        'Mit freundlichen Grüßen',
        'Ihr Kundenservice',
      ].join('\n'),
  },
} as const;

/** How the premium is paid, as the mail names it. */
export const PERIOD_WORDS: Readonly<Record<string, string>> = {
  MONATLICH: 'im Monat',
  VIERTELJAEHRLICH: 'im Vierteljahr',
  HALBJAEHRLICH: 'im Halbjahr',
  JAEHRLICH: 'im Jahr',
  EINMALIG: 'einmalig',
};

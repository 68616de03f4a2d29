// German texts of the contract transfer (issue 15): error messages for people, e-mails and
// Postfach messages of the BHV tariff change and the contract holder change.
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';
import { formatDate } from '@schirm/domain/format/date';

export const TRANSFER_ERRORS = {
  tariffChangeOff: 'Der Tarifwechsel der Betriebshaftpflicht ist derzeit nicht verfügbar.',
  holderChangeOff: 'Der Wechsel des Versicherungsnehmers ist derzeit nicht verfügbar.',
  contractUnknown: 'Diesen Vertrag finden wir nicht. Bitte prüfen Sie die Vertragsnummer.',
  notBhv1:
    'Für diesen Vertrag ist kein Tarifwechsel möglich: Nur laufende Betriebshaftpflicht-Verträge der ersten Tarifgeneration können in den neuen Tarif wechseln.',
  alreadyChanged: 'Dieser Vertrag wurde bereits in den neuen Tarif umgestellt.',
  wechselDatum: (earliest: string, latest: string) =>
    `Bitte wählen Sie einen Wechseltermin zwischen dem ${earliest} und dem ${latest}.`,
  contractChanged:
    'Der Vertrag wurde gerade anderweitig geändert. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
  idempotencyKeyMissing:
    'Die Anfrage ist unvollständig. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
  idempotencyKeyReused:
    'Diese Anfrage wurde schon für einen anderen Vertrag verwendet. Bitte laden Sie die Seite neu.',
  linkInvalid:
    'Dieser Link ist ungültig oder wurde bereits verwendet. Bitte fordern Sie einen neuen Link an.',
  linkExpired: 'Dieser Link ist abgelaufen. Bitte fordern Sie einen neuen Link an.',
  holderLinkInvalid:
    'Dieser Link ist ungültig oder wurde bereits verwendet. Bitte wenden Sie sich an Ihre Vermittlerin oder Ihren Vermittler.',
  holderLinkExpired:
    'Dieser Link ist abgelaufen. Bitte bitten Sie Ihre Vermittlerin oder Ihren Vermittler, den Wechsel erneut anzustoßen.',
  holderChangeOpen:
    'Für diesen Vertrag wartet schon ein Wechsel des Versicherungsnehmers auf die Bestätigung. Bitte stornieren Sie ihn zuerst.',
  holderChangeWaiting: (wirksamAb: string) =>
    `Für diesen Vertrag ist schon ein bestätigter Wechsel des Versicherungsnehmers zum ${wirksamAb} vorgemerkt. Ein weiterer Wechsel ist erst danach möglich; soll der vorgemerkte nicht gelten, stornieren Sie ihn bitte zuerst.`,
  noOpenHolderChange: 'Für diesen Vertrag wartet kein Wechsel des Versicherungsnehmers.',
  holderNotActive: 'Der Versicherungsnehmer kann nur bei einem laufenden Vertrag wechseln.',
  samePartner:
    'Die neue Versicherungsnehmerin oder der neue Versicherungsnehmer ist bereits Inhaber des Vertrags.',
  partnerUnknown:
    'Diese Kundin oder diesen Kunden finden wir in Ihrem Bestand nicht. Bitte prüfen Sie die Partnernummer.',
  partnerWithoutEmail:
    'Für diese Kundin oder diesen Kunden ist keine E-Mail-Adresse hinterlegt. Bitte ergänzen Sie sie zuerst in den Kundendaten.',
  wirksamAb: (earliest: string, latest: string) =>
    `Bitte wählen Sie ein Datum zwischen dem ${earliest} und dem ${latest}.`,
  ibanInvalid: 'Bitte prüfen Sie die IBAN.',
  mandateRequired: 'Bitte erteilen Sie das SEPA-Lastschriftmandat.',
} as const;

const HOLDER_LINK_DAYS = 14;

export const TRANSFER_TEXTS = {
  grund: 'TARIFWECHSEL',
  tariffChangeRequested: {
    message:
      'Vielen Dank. Wenn die Angaben zu einem laufenden Vertrag passen, erhält die Versicherungsnehmerin oder der Versicherungsnehmer in wenigen Minuten eine E-Mail mit einem Link zum Tarifwechsel.',
    subject: 'Ihr Link zum Tarifwechsel der Betriebshaftpflicht',
    body: (versicherungsNummer: string, link: string, validHours: number) =>
      [
        'Guten Tag,',
        '',
        `Sie haben den Wechsel Ihrer Betriebshaftpflicht ${versicherungsNummer} in unseren neuen Tarif angefragt. Über den folgenden Link sehen Sie den Beitragsvergleich und können den Wechsel abschließen:`,
        '',
        link,
        '',
        `Der Link gilt ${validHours} Stunden und nur einmal. Wenn Sie den Wechsel nicht angefragt haben, können Sie diese E-Mail ignorieren.`,
        '',
        'Mit freundlichen Grüßen',
        'Ihre Schirm Versicherung',
      ].join('\n'),
  },
  tariffChangeDone: {
    subject: (neu: string) => `Ihr neuer Vertrag ${neu}: Tarifwechsel der Betriebshaftpflicht`,
    body: ({
      alt,
      neu,
      altEnde,
      neuBeginn,
      beitrag,
    }: {
      alt: string;
      neu: string;
      altEnde: string;
      neuBeginn: string;
      beitrag: string;
    }) =>
      [
        'Guten Tag,',
        '',
        `Ihre Betriebshaftpflicht wechselt in unseren neuen Tarif. Der bisherige Vertrag ${alt} endet mit Ablauf des ${altEnde} (24:00 Uhr); Ihr neuer Vertrag ${neu} beginnt am ${neuBeginn} um 0:00 Uhr – ohne Lücke im Versicherungsschutz.`,
        '',
        `Ihr neuer Beitrag: ${beitrag}. Den Versicherungsschein finden Sie im Anhang und in Ihrem Postfach im Kundenportal.`,
        '',
        'Mit freundlichen Grüßen',
        'Ihre Schirm Versicherung',
      ].join('\n'),
    mailboxBody: (alt: string, neu: string, altEnde: string, neuBeginn: string) =>
      `Ihr Vertrag ${alt} endet mit Ablauf des ${altEnde}. Ihr neuer Vertrag ${neu} im neuen Tarif beginnt am ${neuBeginn}. Im Anhang finden Sie den Versicherungsschein.`,
  },
  holderChange: {
    linkDays: HOLDER_LINK_DAYS,
    inviteSubject: (versicherungsName: string) =>
      `Bitte bestätigen Sie die Übernahme des Vertrags ${versicherungsName}`,
    inviteBody: ({
      name,
      versicherungsName,
      versicherungsNummer,
      wirksamAb,
      link,
    }: {
      name: string;
      versicherungsName: string;
      versicherungsNummer: string;
      wirksamAb: string;
      link: string;
    }) =>
      [
        `Guten Tag ${name},`,
        '',
        `Sie sollen ab dem ${wirksamAb} Versicherungsnehmerin oder Versicherungsnehmer des Vertrags ${versicherungsName} (Vertragsnummer ${versicherungsNummer}) werden. Bitte bestätigen Sie die Übernahme und erteilen Sie uns ein SEPA-Lastschriftmandat für die Beiträge:`,
        '',
        link,
        '',
        `Der Link gilt ${HOLDER_LINK_DAYS} Tage und nur einmal. Wenn Sie damit nicht einverstanden sind, müssen Sie nichts tun.`,
        '',
        'Mit freundlichen Grüßen',
        'Ihre Schirm Versicherung',
      ].join('\n'),
    oldHolderSubject: (versicherungsNummer: string) =>
      `Ihr Vertrag ${versicherungsNummer} hat einen neuen Versicherungsnehmer`,
    oldHolderBody: (
      versicherungsName: string,
      versicherungsNummer: string,
      wirksamAb: string,
      /** The old holder's pending changes for the time from wirksamAb on, ended by the change. */
      ended: readonly { bezeichnung: string; wirksamkeitsdatum: CalendarDate }[] = [],
    ) =>
      [
        'Guten Tag,',
        '',
        `der Vertrag ${versicherungsName} (Vertragsnummer ${versicherungsNummer}) ist ab dem ${wirksamAb} auf eine neue Versicherungsnehmerin oder einen neuen Versicherungsnehmer übergegangen. Ab diesem Tag ziehen wir keine Beiträge mehr von Ihrem Konto ein.`,
        '',
        ...(ended.length === 0
          ? []
          : [
              ended.length === 1
                ? 'Ihre folgende vorgemerkte Änderung hätte erst nach dem Wechsel gegolten. Sie entfällt deshalb und wird nicht ausgeführt:'
                : 'Ihre folgenden vorgemerkten Änderungen hätten erst nach dem Wechsel gegolten. Sie entfallen deshalb und werden nicht ausgeführt:',
              ...ended.map(
                (change) => `- ${change.bezeichnung} (ab dem ${formatDate(change.wirksamkeitsdatum)})`,
              ),
              '',
            ]),
        'Bei Fragen wenden Sie sich bitte an Ihre Vermittlerin oder Ihren Vermittler.',
        '',
        'Mit freundlichen Grüßen',
        'Ihre Schirm Versicherung',
      ].join('\n'),
    newHolderSubject: (versicherungsNummer: string) => `Willkommen: Ihr Vertrag ${versicherungsNummer}`,
    /** The pending change in the contract details (old holder: without the new holder's name). */
    pendingLabel: (neuerInhaber?: string) =>
      neuerInhaber
        ? `Wechsel des Versicherungsnehmers: auf ${neuerInhaber} (bestätigt)`
        : 'Wechsel des Versicherungsnehmers: der Vertrag geht auf die neue Versicherungsnehmerin oder den neuen Versicherungsnehmer über (bestätigt)',
    scheduledNewHolderSubject: (versicherungsNummer: string) =>
      `Ihre Bestätigung ist eingegangen: Vertrag ${versicherungsNummer}`,
    scheduledNewHolderBody: (versicherungsName: string, versicherungsNummer: string, wirksamAb: string) =>
      [
        'Guten Tag,',
        '',
        `vielen Dank für Ihre Bestätigung. Der Vertrag ${versicherungsName} (Vertragsnummer ${versicherungsNummer}) geht am ${wirksamAb} auf Sie über. Ab diesem Tag ziehen wir die Beiträge mit dem SEPA-Lastschriftmandat im Anhang von Ihrem Konto ein; bis dahin müssen Sie nichts tun.`,
        '',
        'Mit freundlichen Grüßen',
        'Ihre Schirm Versicherung',
      ].join('\n'),
    scheduledOldHolderSubject: (versicherungsNummer: string, wirksamAb: string) =>
      `Ihr Vertrag ${versicherungsNummer} geht am ${wirksamAb} auf einen neuen Versicherungsnehmer über`,
    scheduledOldHolderBody: (versicherungsName: string, versicherungsNummer: string, wirksamAb: string) =>
      [
        'Guten Tag,',
        '',
        `die neue Versicherungsnehmerin oder der neue Versicherungsnehmer hat die Übernahme des Vertrags ${versicherungsName} (Vertragsnummer ${versicherungsNummer}) bestätigt. Der Wechsel wird am ${wirksamAb} wirksam. Bis dahin bleiben Sie Versicherungsnehmerin oder Versicherungsnehmer, und fällige Beiträge ziehen wir wie bisher von Ihrem Konto ein.`,
        '',
        'Bei Fragen wenden Sie sich bitte an Ihre Vermittlerin oder Ihren Vermittler.',
        '',
        'Mit freundlichen Grüßen',
        'Ihre Schirm Versicherung',
      ].join('\n'),
    scheduledAgentSubject: (versicherungsNummer: string) =>
      `Wechsel des Versicherungsnehmers bestätigt: ${versicherungsNummer}`,
    scheduledAgentBody: (versicherungsNummer: string, wirksamAb: string, link: string) =>
      [
        'Guten Tag,',
        '',
        `die neue Versicherungsnehmerin oder der neue Versicherungsnehmer hat die Übernahme des Vertrags ${versicherungsNummer} bestätigt. Der Wechsel wird am ${wirksamAb} wirksam; bis dahin können Sie ihn im Vermittlerportal stornieren:`,
        '',
        link,
      ].join('\n'),
    cancelledSubject: (versicherungsNummer: string) =>
      `Wechsel des Versicherungsnehmers storniert: Vertrag ${versicherungsNummer}`,
    cancelledOldHolderBody: (versicherungsName: string, versicherungsNummer: string, wirksamAb: string) =>
      [
        'Guten Tag,',
        '',
        `der zum ${wirksamAb} vorgemerkte Wechsel des Versicherungsnehmers für den Vertrag ${versicherungsName} (Vertragsnummer ${versicherungsNummer}) wurde storniert. Sie bleiben Versicherungsnehmerin oder Versicherungsnehmer; die Beiträge ziehen wir weiter von Ihrem Konto ein.`,
        '',
        'Bei Fragen wenden Sie sich bitte an Ihre Vermittlerin oder Ihren Vermittler.',
        '',
        'Mit freundlichen Grüßen',
        'Ihre Schirm Versicherung',
      ].join('\n'),
    cancelledNewHolderBody: (versicherungsName: string, versicherungsNummer: string, wirksamAb: string) =>
      [
        'Guten Tag,',
        '',
        `der zum ${wirksamAb} vorgemerkte Übergang des Vertrags ${versicherungsName} (Vertragsnummer ${versicherungsNummer}) auf Sie wurde storniert. Ihr SEPA-Lastschriftmandat für diesen Vertrag nutzen wir nicht; Sie müssen nichts weiter tun.`,
        '',
        'Bei Fragen wenden Sie sich bitte an Ihre Vermittlerin oder Ihren Vermittler.',
        '',
        'Mit freundlichen Grüßen',
        'Ihre Schirm Versicherung',
      ].join('\n'),
    voidSubject: (versicherungsNummer: string) =>
      `Wechsel des Versicherungsnehmers entfällt: Vertrag ${versicherungsNummer}`,
    voidOldHolderBody: (versicherungsName: string, versicherungsNummer: string, wirksamAb: string) =>
      [
        'Guten Tag,',
        '',
        `der Vertrag ${versicherungsName} (Vertragsnummer ${versicherungsNummer}) endet vor dem ${wirksamAb}. Der zu diesem Tag vorgemerkte Wechsel des Versicherungsnehmers entfällt deshalb; bis zum Vertragsende bleiben Sie Versicherungsnehmerin oder Versicherungsnehmer.`,
        '',
        'Bei Fragen wenden Sie sich bitte an Ihre Vermittlerin oder Ihren Vermittler.',
        '',
        'Mit freundlichen Grüßen',
        'Ihre Schirm Versicherung',
      ].join('\n'),
    voidNewHolderBody: (versicherungsName: string, versicherungsNummer: string, wirksamAb: string) =>
      [
        'Guten Tag,',
        '',
        `der Vertrag ${versicherungsName} (Vertragsnummer ${versicherungsNummer}) endet vor dem ${wirksamAb}. Er geht deshalb nicht auf Sie über, und Ihr SEPA-Lastschriftmandat für diesen Vertrag nutzen wir nicht. Sie müssen nichts weiter tun.`,
        '',
        'Bei Fragen wenden Sie sich bitte an Ihre Vermittlerin oder Ihren Vermittler.',
        '',
        'Mit freundlichen Grüßen',
        'Ihre Schirm Versicherung',
      ].join('\n'),
    voidAgentBody: (versicherungsNummer: string, wirksamAb: string) =>
      [
        'Guten Tag,',
        '',
        `der bestätigte Wechsel des Versicherungsnehmers für den Vertrag ${versicherungsNummer} zum ${wirksamAb} ist gegenstandslos: Der Vertrag endet vor diesem Tag. Beide Versicherungsnehmer haben eine Nachricht erhalten.`,
      ].join('\n'),
    newHolderBody: (versicherungsName: string, versicherungsNummer: string, wirksamAb: string) =>
      `Sie sind ab dem ${wirksamAb} Versicherungsnehmerin oder Versicherungsnehmer des Vertrags ${versicherungsName} (Vertragsnummer ${versicherungsNummer}). Im Anhang finden Sie Ihr SEPA-Lastschriftmandat.`,
  },
  holderRequest: {
    subject: (versicherungsNummer: string) =>
      `Wechsel des Versicherungsnehmers angefragt: ${versicherungsNummer}`,
    body: ({
      versicherungsNummer,
      name,
      email,
      wunschdatum,
      nachricht,
    }: {
      versicherungsNummer: string;
      name: string;
      email?: string;
      wunschdatum: string;
      nachricht?: string;
    }) =>
      [
        `Die Kundin oder der Kunde bittet um einen Wechsel des Versicherungsnehmers für den Vertrag ${versicherungsNummer}.`,
        `Neue Versicherungsnehmerin / neuer Versicherungsnehmer: ${name}${email ? ` (${email})` : ''}`,
        `Gewünscht ab: ${wunschdatum}`,
        ...(nachricht ? ['', nachricht] : []),
      ].join('\n'),
    agentBody: (versicherungsNummer: string, link: string) =>
      [
        'Guten Tag,',
        '',
        `eine Kundin oder ein Kunde bittet um einen Wechsel des Versicherungsnehmers für den Vertrag ${versicherungsNummer}. Die Angaben sehen Sie im Vermittlerportal:`,
        '',
        link,
      ].join('\n'),
  },
} as const;

// The documents a claim needs (the checklist of issue 14), per product and answers: key, German
// title and description, whether it is required, and a deadline computed from the day of the
// report by a rule. 'Sofort' documents (the police report after a theft or burglary) are due on
// the day of the report; others within working days (Monday to Friday without a public holiday in
// any German state, the domain's working-day rule of legal-deadlines.ts) or calendar days that end
// on a working day (§ 193 BGB). The clerk can ask for further documents later (same shape).
import type { CalendarDate } from '../dates/calendar-date';
import { addDays } from '../dates/calendar-date';
import { isWorkingDay, lastDayOfPeriod } from '../contract/legal-deadlines';
import type { FlowAnswers } from '../application/flow';
import { answerOf } from '../application/flow';
import { HEALTH_REASONS, POLICE_REPORT_CAUSES } from './flows';
import type { ClaimProduct } from './products';
import { CLAIM_PRODUCT_INFO } from './products';

/** How a document's deadline is counted from the day of the report. */
export type DeadlineRule =
  { kind: 'sofort' } | { kind: 'werktage'; tage: number } | { kind: 'tage'; tage: number };

/** One document of the checklist. */
export interface RequiredDocument {
  /** Stable key (URL segment of the upload: `required-documents/:claimId/:key`). */
  key: string;
  titel: string;
  beschreibung: string;
  frist: DeadlineRule;
  /** Without it the claim cannot be settled; optional documents help (photos). */
  erforderlich: boolean;
}

/** A checklist entry with its deadline worked out. */
export interface DatedRequiredDocument extends RequiredDocument {
  /** Last day to send it (yyyy-MM-dd). */
  fristBis: CalendarDate;
}

/** The n-th working day after `from` (n ≥ 1); 0 gives `from` itself. */
export function addWorkingDays(from: CalendarDate, days: number): CalendarDate {
  let day = from;
  let left = days;
  while (left > 0) {
    day = addDays(day, 1);
    if (isWorkingDay(day)) left -= 1;
  }
  return day;
}

/** The last day of a deadline counted from the day of the report. */
export function deadlineDate(rule: DeadlineRule, reportDate: CalendarDate): CalendarDate {
  switch (rule.kind) {
    case 'sofort':
      return reportDate;
    case 'werktage':
      return addWorkingDays(reportDate, rule.tage);
    case 'tage':
      return lastDayOfPeriod(reportDate, rule.tage);
  }
}

/** The deadline as a German phrase ('sofort', 'innerhalb von 3 Werktagen'). */
export function deadlineText(rule: DeadlineRule): string {
  switch (rule.kind) {
    case 'sofort':
      return 'sofort';
    case 'werktage':
      return rule.tage === 1 ? 'innerhalb eines Werktags' : `innerhalb von ${rule.tage} Werktagen`;
    case 'tage':
      return `innerhalb von ${rule.tage} Tagen`;
  }
}

const SOFORT: DeadlineRule = { kind: 'sofort' };
const DREI_WERKTAGE: DeadlineRule = { kind: 'werktage', tage: 3 };
const ZWEI_WOCHEN: DeadlineRule = { kind: 'tage', tage: 14 };
const EIN_MONAT: DeadlineRule = { kind: 'tage', tage: 30 };

/** Documents of the checklists by key; a product's list picks from them. */
export const CLAIM_DOCUMENTS = {
  polizeiAnzeige: {
    key: 'polizeiliche-anzeige',
    titel: 'Bestätigung der polizeilichen Anzeige',
    beschreibung:
      'Die Bescheinigung der Polizei über Ihre Anzeige mit dem Aktenzeichen. Zeigen Sie einen Diebstahl oder Einbruch sofort an.',
    frist: SOFORT,
    erforderlich: true,
  },
  stehlgutliste: {
    key: 'stehlgutliste',
    titel: 'Stehlgutliste',
    beschreibung:
      'Die Liste aller gestohlenen Gegenstände, die Sie auch der Polizei geben. Reichen Sie sie unverzüglich ein.',
    frist: DREI_WERKTAGE,
    erforderlich: true,
  },
  kaufbelegFahrrad: {
    key: 'kaufbeleg',
    titel: 'Kaufbeleg des Fahrrads',
    beschreibung: 'Rechnung oder Kaufvertrag mit Hersteller, Modell, Rahmennummer und Kaufpreis.',
    frist: ZWEI_WOCHEN,
    erforderlich: true,
  },
  schlossnachweis: {
    key: 'schlossnachweis',
    titel: 'Nachweis über das Schloss',
    beschreibung: 'Kaufbeleg oder Foto des Schlosses und, wenn vorhanden, die Schlüssel.',
    frist: ZWEI_WOCHEN,
    erforderlich: false,
  },
  kostenvoranschlag: {
    key: 'kostenvoranschlag',
    titel: 'Kostenvoranschlag oder Reparaturrechnung',
    beschreibung: 'Von der Werkstatt, mit den einzelnen Arbeiten und Teilen.',
    frist: ZWEI_WOCHEN,
    erforderlich: true,
  },
  fotos: {
    key: 'fotos',
    titel: 'Fotos des Schadens',
    beschreibung:
      'Aufnahmen, auf denen der Schaden gut zu erkennen ist. Bewahren Sie beschädigte Sachen bis zur Regulierung auf.',
    frist: { kind: 'werktage', tage: 5 },
    erforderlich: false,
  },
  belege: {
    key: 'belege',
    titel: 'Kaufbelege der Gegenstände',
    beschreibung: 'Rechnungen, Kassenbons oder Kontoauszüge, die Wert und Kaufdatum der Gegenstände zeigen.',
    frist: ZWEI_WOCHEN,
    erforderlich: true,
  },
  forderungsschreiben: {
    key: 'forderungsschreiben',
    titel: 'Forderung der geschädigten Person',
    beschreibung:
      'Das Schreiben, die Rechnung oder der Kostenvoranschlag, mit dem die geschädigte Person Geld verlangt.',
    frist: ZWEI_WOCHEN,
    erforderlich: true,
  },
  buchungsbestaetigung: {
    key: 'buchungsbestaetigung',
    titel: 'Buchungsbestätigung',
    beschreibung: 'Die Bestätigung der Buchung mit Reisepreis und Stornobedingungen.',
    frist: ZWEI_WOCHEN,
    erforderlich: true,
  },
  stornorechnung: {
    key: 'stornorechnung',
    titel: 'Stornokostenrechnung',
    beschreibung: 'Die Rechnung des Reiseveranstalters über die Stornokosten.',
    frist: ZWEI_WOCHEN,
    erforderlich: true,
  },
  abbruchbelege: {
    key: 'abbruchbelege',
    titel: 'Belege der Mehrkosten',
    beschreibung:
      'Rechnungen der vorzeitigen Rückreise und eine Aufstellung der nicht genutzten Reiseleistungen.',
    frist: EIN_MONAT,
    erforderlich: true,
  },
  attest: {
    key: 'aerztliches-attest',
    titel: 'Ärztliches Attest',
    beschreibung:
      'Die Bescheinigung der Ärztin oder des Arztes über die Reiseunfähigkeit mit der Diagnose. Wir verarbeiten sie nur mit Ihrer Einwilligung in die Verarbeitung von Gesundheitsdaten.',
    frist: ZWEI_WOCHEN,
    erforderlich: true,
  },
  sterbeurkunde: {
    key: 'sterbeurkunde',
    titel: 'Sterbeurkunde',
    beschreibung: 'Eine Kopie der Sterbeurkunde der nahestehenden Person.',
    frist: EIN_MONAT,
    erforderlich: true,
  },
  kuendigung: {
    key: 'kuendigung-arbeitgeber',
    titel: 'Kündigung des Arbeitgebers',
    beschreibung: 'Das Kündigungsschreiben Ihres Arbeitgebers.',
    frist: EIN_MONAT,
    erforderlich: true,
  },
} as const satisfies Record<string, RequiredDocument>;

function liabilityDocuments(answers: FlowAnswers): RequiredDocument[] {
  const claimed = answerOf(answers, 'hergang', 'forderung') === 'JA';
  return [...(claimed ? [CLAIM_DOCUMENTS.forderungsschreiben] : []), CLAIM_DOCUMENTS.fotos];
}

function propertyDocuments(produkt: 'hausrat' | 'si', answers: FlowAnswers): RequiredDocument[] {
  const cause = answerOf(answers, 'schaden', 'schadenart');
  const police = (POLICE_REPORT_CAUSES[produkt] ?? []).includes(cause as string);
  return [
    ...(police ? [CLAIM_DOCUMENTS.polizeiAnzeige, CLAIM_DOCUMENTS.stehlgutliste] : []),
    CLAIM_DOCUMENTS.belege,
    CLAIM_DOCUMENTS.fotos,
  ];
}

function bicycleDocuments(answers: FlowAnswers): RequiredDocument[] {
  const cause = answerOf(answers, 'schaden', 'schadenart');
  if (cause === 'DIEBSTAHL') {
    return [
      CLAIM_DOCUMENTS.polizeiAnzeige,
      CLAIM_DOCUMENTS.kaufbelegFahrrad,
      CLAIM_DOCUMENTS.schlossnachweis,
    ];
  }
  if (cause === 'TEILEDIEBSTAHL') {
    return [CLAIM_DOCUMENTS.polizeiAnzeige, CLAIM_DOCUMENTS.belege, CLAIM_DOCUMENTS.fotos];
  }
  return [CLAIM_DOCUMENTS.kostenvoranschlag, { ...CLAIM_DOCUMENTS.fotos, erforderlich: true }];
}

function travelDocuments(answers: FlowAnswers): RequiredDocument[] {
  const abbruch = answerOf(answers, 'schaden', 'schadenart') === 'ABBRUCH';
  const grund = answerOf(answers, 'storno', 'grund');
  return [
    CLAIM_DOCUMENTS.buchungsbestaetigung,
    abbruch ? CLAIM_DOCUMENTS.abbruchbelege : CLAIM_DOCUMENTS.stornorechnung,
    ...(HEALTH_REASONS.includes(grund as string) ? [CLAIM_DOCUMENTS.attest] : []),
    ...(grund === 'TOD' ? [CLAIM_DOCUMENTS.sterbeurkunde] : []),
    ...(grund === 'ARBEITSPLATZ' ? [CLAIM_DOCUMENTS.kuendigung] : []),
  ];
}

/**
 * The checklist of a claim: the documents its product and answers need, each with its deadline
 * counted from the day of the report. Run it on the pruned answers (an answer off the path never
 * adds a document).
 */
export function requiredDocuments(
  produkt: ClaimProduct,
  answers: FlowAnswers,
  reportDate: CalendarDate,
): DatedRequiredDocument[] {
  const documents = (() => {
    switch (CLAIM_PRODUCT_INFO[produkt].kind) {
      case 'haftpflicht':
        return liabilityDocuments(answers);
      case 'sach':
        return propertyDocuments(produkt as 'hausrat' | 'si', answers);
      case 'fahrrad':
        return bicycleDocuments(answers);
      case 'reise':
        return travelDocuments(answers);
    }
  })();
  return documents.map((document) => ({ ...document, fristBis: deadlineDate(document.frist, reportDate) }));
}

/** Key of a document the clerk asks for later: 'nachforderung-<n>'. */
export function requestedDocumentKey(serial: number): string {
  return `nachforderung-${serial}`;
}

// Cancellation rules (ADR 0003). One product-independent rule set decides `kuendbar` and the end
// dates a cancellation may name; products differ only in the term they are sold with
// (`standardLaufzeit`). End dates are "zum" dates: cover runs to the end of the day before.
import {
  addDays,
  addMonths,
  addYears,
  compareDates,
  dateParts,
  maxDate,
  minDate,
} from '../dates/calendar-date';
import type { CalendarDate } from '../dates/calendar-date';
import type { Kuendbar, SummaryProdukt } from '../products/enums';
import { contractEnd } from './contract-record';
import type { Beendigung, ContractRecord, Kuendigungsanlass } from './contract-record';
import { hauptfaelligkeitOf, mainDueDateIn, nextMainDueDate } from './main-due-date';
import type { Hauptfaelligkeit } from './main-due-date';
import { refuse, succeed } from './result';
import type { ContractResult } from './result';
import { isActive, transition } from './status';
import type { TransitionErrorCode } from './status';

/** Notice period of an ordinary cancellation in months (§11 (3) VVG allows one to three; we use three). */
export const ORDENTLICHE_KUENDIGUNGSFRIST_MONATE = 3;
/** Contracts agreed for more than this many years can be ended after the third year (§11 (4) VVG). */
export const LANGLAEUFER_JAHRE = 3;
/** Window for declaring a special cancellation after its occasion (§§ 40 (1), 92 (1), 111 (1) VVG). */
export const SONDERKUENDIGUNG_ERKLAERUNGSFRIST_MONATE = 1;

/** The occasion of a policyholder's cancellation, with the facts its rule needs. */
export type Kuendigungsgrundlage =
  | { anlass: 'ORDENTLICH' }
  /** After a claim: within one month after the claim was settled or refused (§92 (1)/(2), §111 (1) VVG). */
  | { anlass: 'SCHADENFALL'; schadenAbgeschlossenAm: CalendarDate }
  /** Premium increase without more cover: within one month after the notice (§40 (1) VVG). */
  | { anlass: 'BEITRAGSERHOEHUNG'; mitteilungErhaltenAm: CalendarDate; erhoehungWirksamAb: CalendarDate };

const ORDENTLICH: Kuendigungsgrundlage = { anlass: 'ORDENTLICH' };

type TermFields = Pick<
  ContractRecord,
  'vertragsBeginn' | 'ablaufdatum' | 'stillschweigendeVerlaengerung' | 'hauptfaelligkeit'
>;

/** The main due dates from the one in `year` on, one per year. */
function* mainDueDatesFrom(hauptfaelligkeit: Hauptfaelligkeit, year: number): Generator<CalendarDate> {
  for (let y = year; ; y += 1) yield mainDueDateIn(hauptfaelligkeit, y);
}

/**
 * Ends of the third and later contract years before `before` (§11 (4) VVG), when agreed for over
 * three years, from those in `fromYear` on (the end after n years falls in the start year + n).
 */
function* longTermYearEnds(
  record: TermFields,
  before: CalendarDate,
  fromYear: number,
): Generator<CalendarDate> {
  if (compareDates(before, addYears(record.vertragsBeginn, LANGLAEUFER_JAHRE)) <= 0) return;
  const firstYears = Math.max(LANGLAEUFER_JAHRE, fromYear - dateParts(record.vertragsBeginn).year);
  for (let years = firstYears; ; years += 1) {
    const end = addYears(record.vertragsBeginn, years);
    if (compareDates(end, before) >= 0) return;
    yield end;
  }
}

/**
 * The end dates an ordinary cancellation can name, ascending, ignoring the notice period: those in
 * `fromYear` and later. Every sequence below has at most one date per year, so the years before a
 * date of interest can be skipped instead of walked through from the contract start.
 */
function* endDatesFrom(record: TermFields, fromYear: number): Generator<CalendarDate> {
  const { ablaufdatum, hauptfaelligkeit } = record;
  if (ablaufdatum === undefined) {
    // Unlimited term: to the end of any insurance period, i.e. any main due date (§11 (2) VVG).
    const first = nextMainDueDate(hauptfaelligkeit, record.vertragsBeginn);
    yield* mainDueDatesFrom(hauptfaelligkeit, Math.max(dateParts(first).year, fromYear));
    return;
  }
  yield* longTermYearEnds(record, ablaufdatum, fromYear);
  if (!record.stillschweigendeVerlaengerung) return;
  // Renewing term: at its agreed end and at the end of each one-year renewal (§11 (1) VVG).
  for (const date of mainDueDatesFrom(hauptfaelligkeit, Math.max(dateParts(ablaufdatum).year, fromYear))) {
    if (compareDates(date, ablaufdatum) >= 0) yield date;
  }
}

/** Every end date an ordinary cancellation can name, ascending, ignoring the notice period. */
export function ordinaryEndDates(record: TermFields): Generator<CalendarDate> {
  return endDatesFrom(record, Number.NEGATIVE_INFINITY);
}

/**
 * The next `count` end dates an ordinary cancellation received today can name (VERTRAGSENDE rule):
 * after the contract start and more than the notice period from today.
 */
export function ordinaryCancellationDates(
  record: ContractRecord,
  today: CalendarDate,
  count: number,
): CalendarDate[] {
  const dates: CalendarDate[] = [];
  if (count <= 0) return dates;
  // The latest day such an end date cannot be: three months from today, or the contract start.
  const after = maxDate(addMonths(today, ORDENTLICHE_KUENDIGUNGSFRIST_MONATE), record.vertragsBeginn);
  for (const date of endDatesFrom(record, dateParts(after).year)) {
    if (compareDates(date, after) > 0) {
      dates.push(date);
      if (dates.length === count) break;
    }
  }
  return dates;
}

function dailyEarliest(record: ContractRecord, today: CalendarDate): CalendarDate | undefined {
  const earliest = maxDate(addDays(today, 1), record.vertragsBeginn);
  const end = contractEnd(record);
  return end !== undefined && compareDates(earliest, end) >= 0 ? undefined : earliest;
}

/** The earliest end date of an ordinary cancellation received today, or undefined when there is none. */
function earliestOrdinaryDate(record: ContractRecord, today: CalendarDate): CalendarDate | undefined {
  if (!isActive(record.status) || record.beendigung !== undefined) return undefined;
  if (record.taeglichKuendbar) return dailyEarliest(record, today);
  return ordinaryCancellationDates(record, today, 1)[0];
}

/**
 * The end date a cancellation form suggests today: the earliest ordinary end of an insurance year
 * with the notice period. A contract cancellable daily could end tomorrow, but a form that suggests
 * that ends cover tonight with one click; it suggests the regular date too, and an earlier day is
 * the customer's deliberate choice. Undefined when there is no such date before the contract ends.
 */
export function suggestedCancellationDate(
  record: ContractRecord,
  today: CalendarDate,
): CalendarDate | undefined {
  const earliest = earliestOrdinaryDate(record, today);
  if (earliest === undefined || !record.taeglichKuendbar) return earliest;
  const regular = ordinaryCancellationDates(record, today, 1)[0];
  const end = contractEnd(record);
  return regular !== undefined && (end === undefined || compareDates(regular, end) < 0) ? regular : undefined;
}

/** Whether and how the policyholder can cancel the contract today in the ordinary way. */
export function kuendbar(record: ContractRecord, today: CalendarDate): Kuendbar {
  if (earliestOrdinaryDate(record, today) === undefined) return 'NEIN';
  return record.taeglichKuendbar ? 'TAEGLICH' : 'VERTRAGSENDE';
}

function withinDeclarationWindow(occasionDay: CalendarDate, today: CalendarDate): boolean {
  return (
    compareDates(today, occasionDay) >= 0 &&
    compareDates(today, addMonths(occasionDay, SONDERKUENDIGUNG_ERKLAERUNGSFRIST_MONATE)) <= 0
  );
}

/** Day cover ends at the latest for a special cancellation: the end of the current insurance period. */
function currentPeriodEnd(record: ContractRecord, today: CalendarDate): CalendarDate {
  const periodEnd = nextMainDueDate(record.hauptfaelligkeit, today);
  const end = contractEnd(record);
  return end === undefined ? periodEnd : minDate(periodEnd, end);
}

function specialCancellationPossible(record: ContractRecord): boolean {
  return (
    isActive(record.status) && (record.beendigung === undefined || record.beendigung.art === 'KUENDIGUNG')
  );
}

/** The earliest end date a cancellation received today can name, or undefined when none is possible. */
export function earliestCancellationDate(
  record: ContractRecord,
  today: CalendarDate,
  grundlage: Kuendigungsgrundlage = ORDENTLICH,
): CalendarDate | undefined {
  switch (grundlage.anlass) {
    case 'ORDENTLICH':
      return earliestOrdinaryDate(record, today);
    case 'SCHADENFALL': {
      if (!specialCancellationPossible(record)) return undefined;
      if (!withinDeclarationWindow(grundlage.schadenAbgeschlossenAm, today)) return undefined;
      return dailyEarliest(record, today);
    }
    case 'BEITRAGSERHOEHUNG': {
      if (!specialCancellationPossible(record)) return undefined;
      if (!withinDeclarationWindow(grundlage.mitteilungErhaltenAm, today)) return undefined;
      const date = maxDate(addDays(today, 1), maxDate(grundlage.erhoehungWirksamAb, record.vertragsBeginn));
      const end = contractEnd(record);
      return end !== undefined && compareDates(date, end) >= 0 ? undefined : date;
    }
  }
}

function isOrdinaryEndDate(record: ContractRecord, date: CalendarDate): boolean {
  for (const candidate of ordinaryEndDates(record)) {
    const order = compareDates(candidate, date);
    if (order === 0) return true;
    if (order > 0) return false;
  }
  return false;
}

/**
 * Whether a cancellation received today may name `date` as end date. Ordinary, VERTRAGSENDE: the
 * earliest or any later contract-year end; TAEGLICH: any day from the earliest. After a claim: any
 * day from tomorrow to the end of the insurance period. After a premium increase: the day the
 * increase takes effect (or tomorrow when that has passed).
 */
export function isValidCancellationDate(
  record: ContractRecord,
  date: CalendarDate,
  today: CalendarDate,
  grundlage: Kuendigungsgrundlage = ORDENTLICH,
): boolean {
  const earliest = earliestCancellationDate(record, today, grundlage);
  if (earliest === undefined || compareDates(date, earliest) < 0) return false;
  const end = contractEnd(record);
  if (end !== undefined && compareDates(date, end) >= 0) return false;
  switch (grundlage.anlass) {
    case 'ORDENTLICH':
      return record.taeglichKuendbar || isOrdinaryEndDate(record, date);
    case 'SCHADENFALL':
      return compareDates(date, currentPeriodEnd(record, today)) <= 0;
    case 'BEITRAGSERHOEHUNG':
      return date === earliest;
  }
}

export type CancellationErrorCode = 'NOT_CANCELLABLE' | 'INVALID_CANCELLATION_DATE' | TransitionErrorCode;

/** A policyholder's cancellation as received today. Without `zum` it takes effect at the earliest date (§312k BGB). */
export interface CancellationInput {
  grundlage?: Kuendigungsgrundlage;
  zum?: CalendarDate;
  grund: string;
  freitext?: string;
}

function withoutChangesFrom(
  record: ContractRecord,
  zum: CalendarDate,
): ContractRecord['vorgemerkteAenderungen'] {
  return record.vorgemerkteAenderungen.filter((change) => compareDates(change.wirksamkeitsdatum, zum) < 0);
}

/** Records the policyholder's cancellation: status AUSLAUFEND, pending changes from the end date on dropped. */
export function cancelContract(
  record: ContractRecord,
  { grundlage = ORDENTLICH, zum, grund, freitext }: CancellationInput,
  today: CalendarDate,
): ContractResult<ContractRecord, CancellationErrorCode> {
  const earliest = earliestCancellationDate(record, today, grundlage);
  if (earliest === undefined) {
    return refuse(
      'NOT_CANCELLABLE',
      `Contract ${record.versicherungsNummer} cannot be cancelled (${grundlage.anlass}) on ${today}`,
      'Dieser Vertrag kann zurzeit nicht gekündigt werden.',
    );
  }
  const endDate = zum ?? earliest;
  if (!isValidCancellationDate(record, endDate, today, grundlage)) {
    return refuse(
      'INVALID_CANCELLATION_DATE',
      `${endDate} is no valid end date (${grundlage.anlass}) on ${today}`,
      'Zu diesem Datum kann der Vertrag nicht gekündigt werden.',
    );
  }
  const anlass: Kuendigungsanlass = grundlage.anlass;
  const beendigung: Beendigung = {
    art: 'KUENDIGUNG',
    durch: 'VERSICHERUNGSNEHMER',
    anlass,
    erklaertAm: today,
    zum: endDate,
    grund,
    ...(freitext ? { freitext } : {}),
  };
  const cancelled: ContractRecord = {
    ...record,
    beendigung,
    vorgemerkteAenderungen: withoutChangesFrom(record, endDate),
  };
  return record.status === 'AUSLAUFEND'
    ? succeed(cancelled)
    : transition(cancelled, 'AUSLAUFEND', { on: today });
}

/** Takes back a cancellation or agreed rescission before its end date (needs the insurer's consent). */
export function withdrawCancellation(
  record: ContractRecord,
  today: CalendarDate,
): ContractResult<ContractRecord, TransitionErrorCode> {
  return transition(record, 'LAUFEND', { on: today });
}

export type RescissionErrorCode = 'NOT_RESCINDABLE' | TransitionErrorCode;

/**
 * Records a mutual rescission (Aufhebungsvertrag) ending the contract on `zum`, which may lie in the
 * past (e.g. back to the day the insured risk ceased) but not before the contract start: AUFGEHOBEN
 * at once when `zum` has been reached, otherwise AUSLAUFEND until then.
 */
export function agreeRescission(
  record: ContractRecord,
  { zum, grund, freitext }: { zum: CalendarDate; grund: string; freitext?: string },
  today: CalendarDate,
): ContractResult<ContractRecord, RescissionErrorCode> {
  const current = record.beendigung;
  if (
    !isActive(record.status) ||
    (current !== undefined && current.art !== 'KUENDIGUNG' && current.art !== 'AUFHEBUNG')
  ) {
    return refuse(
      'NOT_RESCINDABLE',
      `Contract ${record.versicherungsNummer} is not active`,
      'Dieser Vertrag kann nicht aufgehoben werden.',
    );
  }
  if (compareDates(zum, record.vertragsBeginn) < 0) {
    return refuse(
      'NOT_RESCINDABLE',
      `Rescission ${zum} before start`,
      'Der Aufhebungstag liegt vor dem Vertragsbeginn.',
    );
  }
  const beendigung: Beendigung = {
    art: 'AUFHEBUNG',
    erklaertAm: today,
    zum,
    grund,
    ...(freitext ? { freitext } : {}),
  };
  const rescinded: ContractRecord = {
    ...record,
    beendigung,
    vorgemerkteAenderungen: withoutChangesFrom(record, zum),
  };
  if (compareDates(zum, today) <= 0) return transition(rescinded, 'AUFGEHOBEN', { on: today });
  return record.status === 'AUSLAUFEND'
    ? succeed(rescinded)
    : transition(rescinded, 'AUSLAUFEND', { on: today });
}

/** Term a product is sold with (ADR 0003): the standard for new contracts and the demo portfolio. */
export interface Laufzeit {
  hauptfaelligkeit: Hauptfaelligkeit;
  ablaufdatum?: CalendarDate;
  stillschweigendeVerlaengerung: boolean;
  taeglichKuendbar: boolean;
}

const DAILY_CANCELLABLE: readonly SummaryProdukt[] = [
  'HAUSRAT',
  'PRIVATHAFTPFLICHT',
  'TIERHALTERHAFTPFLICHT',
  'FAHRRAD_2',
];

/** Main due date of motor contracts: 1 January, the German motor insurance year (AKB G.1). */
export const KFZ_HAUPTFAELLIGKEIT: Hauptfaelligkeit = { day: 1, month: 1 };

/**
 * The standard term of a new contract. REISE: fixed, ending the day after the last travel day.
 * Current private products: daily cancellable, unlimited term. KFZ: the insurance year is the
 * calendar year, as in German motor insurance, so the first term runs to the next 1 January and
 * the contract then renews from 1 January to 1 January. All others: one year, renewing.
 */
export function standardLaufzeit({
  produkt,
  vertragsBeginn,
  reiseEnde,
}: {
  produkt: SummaryProdukt;
  vertragsBeginn: CalendarDate;
  reiseEnde?: CalendarDate;
}): Laufzeit {
  const hauptfaelligkeit = hauptfaelligkeitOf(vertragsBeginn);
  if (produkt === 'REISE') {
    if (reiseEnde === undefined) throw new RangeError('A REISE contract needs the last travel day.');
    return {
      hauptfaelligkeit,
      ablaufdatum: addDays(reiseEnde, 1),
      stillschweigendeVerlaengerung: false,
      taeglichKuendbar: false,
    };
  }
  if (DAILY_CANCELLABLE.includes(produkt)) {
    return { hauptfaelligkeit, stillschweigendeVerlaengerung: false, taeglichKuendbar: true };
  }
  if (produkt === 'KFZ') {
    return {
      hauptfaelligkeit: KFZ_HAUPTFAELLIGKEIT,
      ablaufdatum: nextMainDueDate(KFZ_HAUPTFAELLIGKEIT, vertragsBeginn),
      stillschweigendeVerlaengerung: true,
      taeglichKuendbar: false,
    };
  }
  return {
    hauptfaelligkeit,
    ablaufdatum: addYears(vertragsBeginn, 1),
    stillschweigendeVerlaengerung: true,
    taeglichKuendbar: false,
  };
}

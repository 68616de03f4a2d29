// Contract statuses and their transitions (ADR 0002). The spec lists the statuses but leaves the
// transitions open; the table below is the one place that decides them. A transition needs the
// record to carry the matching end (beendigung) first: the termination, revocation and dunning
// functions set it and then call `transition`.
import { addMonths, compareDates } from '../dates/calendar-date';
import type { CalendarDate } from '../dates/calendar-date';
import type { Vertragsstatus } from '../products/enums';
import { isFixedTerm } from './contract-record';
import type { ContractRecord } from './contract-record';
import { refuse, succeed } from './result';
import type { ContractResult } from './result';

/** Statuses of contracts in force: LAUFEND or AUSLAUFEND (spec §4). */
export const ACTIVE_STATUSES = ['LAUFEND', 'AUSLAUFEND'] as const satisfies readonly Vertragsstatus[];

/** Allowed target statuses per status. UNBEKANNT is only ever set by an import, never by a transition. */
export const STATUS_TRANSITIONS: Readonly<Record<Vertragsstatus, readonly Vertragsstatus[]>> = {
  LAUFEND: ['AUSLAUFEND', 'BEENDET', 'AUFGEHOBEN', 'STORNIERT'],
  AUSLAUFEND: ['LAUFEND', 'BEENDET', 'AUFGEHOBEN', 'STORNIERT'],
  BEENDET: ['LAUFEND'],
  AUFGEHOBEN: [],
  STORNIERT: [],
  UNBEKANNT: ['LAUFEND', 'AUSLAUFEND', 'BEENDET', 'AUFGEHOBEN', 'STORNIERT'],
};

/** Time within which paying the arrears undoes the insurer's cancellation for non-payment (§38 (3) VVG). */
export const REINSTATEMENT_MONTHS = 1;

/** True for LAUFEND and AUSLAUFEND. */
export function isActive(status: Vertragsstatus): boolean {
  return status === 'LAUFEND' || status === 'AUSLAUFEND';
}

/** Whether the transition from → to exists at all (guards aside). */
export function canTransition(from: Vertragsstatus, to: Vertragsstatus): boolean {
  return STATUS_TRANSITIONS[from].includes(to);
}

export type TransitionErrorCode = 'TRANSITION_NOT_ALLOWED' | 'TRANSITION_GUARD_FAILED';

/** Options of a transition: `on` is the day it takes effect. */
export interface TransitionOptions {
  on: CalendarDate;
}

type Guard = string | undefined;

function reinstatementGuard(record: ContractRecord, on: CalendarDate): Guard {
  const end = record.beendigung;
  if (end?.art !== 'KUENDIGUNG' || end.durch !== 'VERSICHERER' || end.anlass !== 'ZAHLUNGSVERZUG') {
    return 'Ein beendeter Vertrag lebt nur nach einer Kündigung wegen Zahlungsverzugs wieder auf.';
  }
  if (compareDates(on, addMonths(end.erklaertAm, REINSTATEMENT_MONTHS)) > 0) {
    return 'Die Zahlung kam später als einen Monat nach der Kündigung.';
  }
  if (record.offeneBeitraege.length > 0) return 'Es sind noch Beiträge offen.';
  return undefined;
}

function toLaufendGuard(record: ContractRecord, on: CalendarDate): Guard {
  if (record.status === 'BEENDET') return reinstatementGuard(record, on);
  if (record.status === 'UNBEKANNT') {
    return record.beendigung ? 'Ein laufender Vertrag hat keine Beendigung.' : undefined;
  }
  const end = record.beendigung;
  if (end?.art !== 'KUENDIGUNG' && end?.art !== 'AUFHEBUNG')
    return 'Es gibt keine Kündigung, die zurückgenommen werden kann.';
  return compareDates(on, end.zum) < 0 ? undefined : 'Der Vertrag ist zu diesem Tag bereits beendet.';
}

function targetGuard(record: ContractRecord, to: Vertragsstatus, on: CalendarDate): Guard {
  const end = record.beendigung;
  switch (to) {
    case 'LAUFEND':
      return toLaufendGuard(record, on);
    case 'AUSLAUFEND':
      if (end?.art !== 'KUENDIGUNG' && end?.art !== 'AUFHEBUNG')
        return 'Der Vertrag ist weder gekündigt noch aufgehoben.';
      return compareDates(end.zum, on) > 0 ? undefined : 'Das Vertragsende liegt nicht in der Zukunft.';
    case 'BEENDET':
      if (end?.art === 'KUENDIGUNG') {
        return compareDates(end.zum, on) <= 0 ? undefined : 'Das Vertragsende ist noch nicht erreicht.';
      }
      if (end === undefined && isFixedTerm(record) && record.ablaufdatum !== undefined) {
        return compareDates(record.ablaufdatum, on) <= 0
          ? undefined
          : 'Das Ablaufdatum ist noch nicht erreicht.';
      }
      return 'Der Vertrag ist weder gekündigt noch befristet.';
    case 'AUFGEHOBEN':
      if (end?.art !== 'AUFHEBUNG') return 'Es gibt keine Aufhebungsvereinbarung.';
      return compareDates(end.zum, on) <= 0
        ? undefined
        : 'Der vereinbarte Aufhebungstag ist noch nicht erreicht.';
    case 'STORNIERT':
      return end?.art === 'WIDERRUF' || end?.art === 'RUECKTRITT'
        ? undefined
        : 'Es gibt weder Widerruf noch Rücktritt.';
    case 'UNBEKANNT':
      return 'Der Status UNBEKANNT entsteht nur beim Datenimport.';
  }
}

/** Moves the record to status `to` on day `on`, or refuses when the pair or its guard does not allow it. */
export function transition(
  record: ContractRecord,
  to: Vertragsstatus,
  { on }: TransitionOptions,
): ContractResult<ContractRecord, TransitionErrorCode> {
  if (!canTransition(record.status, to)) {
    return refuse(
      'TRANSITION_NOT_ALLOWED',
      `No transition ${record.status} -> ${to}`,
      'Dieser Statuswechsel ist für den Vertrag nicht möglich.',
    );
  }
  const guard = targetGuard(record, to, on);
  if (guard !== undefined) {
    return refuse(
      'TRANSITION_GUARD_FAILED',
      `Guard of ${record.status} -> ${to} failed on ${on}: ${guard}`,
      guard,
    );
  }
  if (to === 'LAUFEND') {
    const { beendigung: _ended, ...rest } = record;
    return succeed({ ...rest, status: to });
  }
  return succeed({ ...record, status: to });
}

/** The status an active contract reaches by the passing of time on `today`, if any (for the daily job). */
export function dueStatus(record: ContractRecord, today: CalendarDate): Vertragsstatus | undefined {
  const end = record.beendigung;
  if (record.status === 'AUSLAUFEND' && end && compareDates(end.zum, today) <= 0) {
    return end.art === 'AUFHEBUNG' ? 'AUFGEHOBEN' : 'BEENDET';
  }
  if (
    record.status === 'LAUFEND' &&
    end === undefined &&
    isFixedTerm(record) &&
    record.ablaufdatum !== undefined &&
    compareDates(record.ablaufdatum, today) <= 0
  ) {
    return 'BEENDET';
  }
  return undefined;
}

/** Applies the status the passing of time brings on `today` (AUSLAUFEND → BEENDET/AUFGEHOBEN, expiry). */
export function advanceStatus(record: ContractRecord, today: CalendarDate): ContractRecord {
  const next = dueStatus(record, today);
  if (next === undefined) return record;
  const result = transition(record, next, { on: today });
  return result.ok ? result.value : record;
}

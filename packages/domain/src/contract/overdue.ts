// Overdue premiums (mahnung) and what the insurer may do about them. A premium is overdue from the
// day after its due date while unpaid. For a follow-up premium the insurer must first send a
// qualified reminder with a deadline of at least two weeks (§38 (1) VVG); once it has passed it may
// cancel without notice (§38 (3) VVG), and payment within one month undoes that cancellation. An
// unpaid first premium allows withdrawal from the contract as a whole (§37 (1) VVG).
import { addDays, compareDates, maxDate } from '../dates/calendar-date';
import type { CalendarDate } from '../dates/calendar-date';
import { MINDEST_ZAHLUNGSFRIST_TAGE } from './contract-record';
import type { Beendigung, ContractRecord, OffenerBeitrag } from './contract-record';
import { refuse } from './result';
import type { ContractResult } from './result';
import { isActive, transition } from './status';
import type { TransitionErrorCode } from './status';

function isNonPaymentCancellation(end: Beendigung | undefined): boolean {
  return end?.art === 'KUENDIGUNG' && end.anlass === 'ZAHLUNGSVERZUG';
}

/** Unpaid premiums whose due date has passed. */
export function overdueItems(
  record: Pick<ContractRecord, 'offeneBeitraege'>,
  today: CalendarDate,
): OffenerBeitrag[] {
  return record.offeneBeitraege.filter((item) => compareDates(item.faelligAm, today) < 0);
}

/** The overdue flag (mahnung): at least one premium is past its due date and unpaid. */
export function mahnung(record: Pick<ContractRecord, 'offeneBeitraege'>, today: CalendarDate): boolean {
  return overdueItems(record, today).length > 0;
}

/** Sum of the overdue premiums in cents. */
export function overdueAmountCents(
  record: Pick<ContractRecord, 'offeneBeitraege'>,
  today: CalendarDate,
): number {
  return overdueItems(record, today).reduce((sum, item) => sum + item.betragCents, 0);
}

/** Earliest payment deadline a qualified reminder sent on `gemahntAm` may set (§38 (1) VVG). */
export function earliestPaymentDeadline(gemahntAm: CalendarDate): CalendarDate {
  return addDays(gemahntAm, MINDEST_ZAHLUNGSFRIST_TAGE);
}

/** Records a qualified reminder for the premium due on `faelligAm`, with the minimal or a later deadline. */
export function recordReminder(
  record: ContractRecord,
  { faelligAm, zahlungsfristBis }: { faelligAm: CalendarDate; zahlungsfristBis?: CalendarDate },
  today: CalendarDate,
): ContractRecord {
  const deadline = maxDate(zahlungsfristBis ?? today, earliestPaymentDeadline(today));
  return {
    ...record,
    offeneBeitraege: record.offeneBeitraege.map((item) =>
      item.faelligAm === faelligAm ? { ...item, gemahnt: { am: today, zahlungsfristBis: deadline } } : item,
    ),
  };
}

/** Removes the paid premium due on `faelligAm` from the open items. */
export function recordPayment(record: ContractRecord, faelligAm: CalendarDate): ContractRecord {
  return {
    ...record,
    offeneBeitraege: record.offeneBeitraege.filter((item) => item.faelligAm !== faelligAm),
  };
}

/** Whether the insurer may cancel without notice for an unpaid follow-up premium (§38 (3) VVG). */
export function canCancelForNonPayment(record: ContractRecord, today: CalendarDate): boolean {
  if (!isActive(record.status) || isNonPaymentCancellation(record.beendigung)) return false;
  return record.offeneBeitraege.some(
    (item) =>
      item.art === 'FOLGEBEITRAG' &&
      item.gemahnt !== undefined &&
      compareDates(item.gemahnt.zahlungsfristBis, today) < 0,
  );
}

export type NonPaymentErrorCode = 'NO_GROUND_FOR_NON_PAYMENT_ACTION' | TransitionErrorCode;

/** The insurer's cancellation for non-payment, effective at the end of today. */
export function cancelForNonPayment(
  record: ContractRecord,
  today: CalendarDate,
): ContractResult<ContractRecord, NonPaymentErrorCode> {
  if (!canCancelForNonPayment(record, today)) {
    return refuse(
      'NO_GROUND_FOR_NON_PAYMENT_ACTION',
      `No expired payment deadline on ${record.versicherungsNummer} on ${today}`,
      'Eine Kündigung wegen Zahlungsverzugs ist nicht möglich.',
    );
  }
  const beendigung: Beendigung = {
    art: 'KUENDIGUNG',
    durch: 'VERSICHERER',
    anlass: 'ZAHLUNGSVERZUG',
    erklaertAm: today,
    zum: addDays(today, 1),
    grund: 'ZAHLUNGSVERZUG',
  };
  const cancelled: ContractRecord = { ...record, beendigung };
  return record.status === 'AUSLAUFEND'
    ? { ok: true, value: cancelled }
    : transition(cancelled, 'AUSLAUFEND', { on: today });
}

/** Undoes the cancellation for non-payment once everything is paid within one month (§38 (3) VVG). */
export function reinstateAfterPayment(
  record: ContractRecord,
  today: CalendarDate,
): ContractResult<ContractRecord, NonPaymentErrorCode> {
  if (!isNonPaymentCancellation(record.beendigung) || record.offeneBeitraege.length > 0) {
    return refuse(
      'NO_GROUND_FOR_NON_PAYMENT_ACTION',
      `Nothing to reinstate on ${record.versicherungsNummer}`,
      'Der Vertrag kann nicht wieder in Kraft gesetzt werden.',
    );
  }
  return transition(record, 'LAUFEND', { on: today });
}

/** Whether the insurer may withdraw because the first premium is overdue (§37 (1) VVG). */
export function canWithdrawForUnpaidFirstPremium(record: ContractRecord, today: CalendarDate): boolean {
  return isActive(record.status) && overdueItems(record, today).some((item) => item.art === 'ERSTBEITRAG');
}

/** The insurer's withdrawal for an unpaid first premium: the contract is void from its start (STORNIERT). */
export function withdrawForUnpaidFirstPremium(
  record: ContractRecord,
  today: CalendarDate,
): ContractResult<ContractRecord, NonPaymentErrorCode> {
  if (!canWithdrawForUnpaidFirstPremium(record, today)) {
    return refuse(
      'NO_GROUND_FOR_NON_PAYMENT_ACTION',
      `First premium of ${record.versicherungsNummer} is not overdue on ${today}`,
      'Ein Rücktritt wegen des nicht gezahlten Erstbeitrags ist nicht möglich.',
    );
  }
  const withdrawn: ContractRecord = {
    ...record,
    vorgemerkteAenderungen: [],
    beendigung: { art: 'RUECKTRITT', anlass: 'ERSTBEITRAG', erklaertAm: today, zum: record.vertragsBeginn },
  };
  return transition(withdrawn, 'STORNIERT', { on: today });
}

/**
 * Where an overdue premium stands, which decides what the customer is told happens next:
 * ERSTBEITRAG (first or single premium, §37 VVG), NICHT_GEMAHNT (follow-up premium, no reminder
 * yet), GEMAHNT (reminder sent, its payment deadline still running), FRIST_ABGELAUFEN (deadline
 * passed: no cover for losses from then on while unpaid, and the insurer may cancel, §38 VVG).
 */
export const MAHNSTUFEN = ['ERSTBEITRAG', 'NICHT_GEMAHNT', 'GEMAHNT', 'FRIST_ABGELAUFEN'] as const;
export type Mahnstufe = (typeof MAHNSTUFEN)[number];

/** The stage of one overdue premium on `today`. */
export function mahnstufe(item: OffenerBeitrag, today: CalendarDate): Mahnstufe {
  if (item.art === 'ERSTBEITRAG') return 'ERSTBEITRAG';
  if (!item.gemahnt) return 'NICHT_GEMAHNT';
  return compareDates(item.gemahnt.zahlungsfristBis, today) < 0 ? 'FRIST_ABGELAUFEN' : 'GEMAHNT';
}

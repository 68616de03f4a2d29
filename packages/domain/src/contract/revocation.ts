// Revocation (Widerruf) under §8 VVG, ADR 0003. The policyholder may revoke within 14 days in text
// form without giving reasons; the period starts once policy, terms, the §7 VVG information and a
// correct revocation instruction have all been received (§8 (2) VVG). When any of them was missing
// or defective the right ends at the latest 12 months and 14 days after conclusion. Contracts with
// a term under one month have no revocation right (§8 (3) Nr. 1 VVG).
import { addDays, addMonths, compareDates, maxDate } from '../dates/calendar-date';
import type { CalendarDate } from '../dates/calendar-date';
import { isFixedTerm } from './contract-record';
import type { ContractRecord } from './contract-record';
import { lastDayOfPeriod } from './legal-deadlines';
import { refuse } from './result';
import type { ContractResult } from './result';
import { isActive, transition } from './status';

/** Revocation period in days (§8 (1) VVG). */
export const WIDERRUFSFRIST_TAGE = 14;
/** Latest end of the revocation right when documents or instruction were missing: 12 months + 14 days after conclusion. */
export const WIDERRUF_HOECHSTFRIST = { months: 12, days: 14 } as const;
/** Contracts shorter than this have no revocation right (§8 (3) Nr. 1 VVG). */
export const MINDESTLAUFZEIT_WIDERRUF_MONATE = 1;

type RevocationFields = Pick<
  ContractRecord,
  | 'abschlussdatum'
  | 'documentsReceivedOn'
  | 'instructionsComplete'
  | 'vertragsBeginn'
  | 'ablaufdatum'
  | 'stillschweigendeVerlaengerung'
>;

/** True when the contract runs for less than one month and so cannot be revoked (§8 (3) Nr. 1 VVG). */
export function isShorterThanOneMonth(record: RevocationFields): boolean {
  if (!isFixedTerm(record) || record.ablaufdatum === undefined) return false;
  return (
    compareDates(record.ablaufdatum, addMonths(record.vertragsBeginn, MINDESTLAUFZEIT_WIDERRUF_MONATE)) < 0
  );
}

/** Last day on which a revocation can be sent, or undefined when the contract has no revocation right. */
export function revocationDeadline(record: RevocationFields): CalendarDate | undefined {
  if (isShorterThanOneMonth(record)) return undefined;
  if (record.documentsReceivedOn !== undefined && record.instructionsComplete) {
    // The policy cannot arrive before conclusion; a receipt date before it counts from conclusion.
    const start = maxDate(record.documentsReceivedOn, record.abschlussdatum);
    return lastDayOfPeriod(start, WIDERRUFSFRIST_TAGE);
  }
  const capStart = addMonths(record.abschlussdatum, WIDERRUF_HOECHSTFRIST.months);
  return lastDayOfPeriod(capStart, WIDERRUF_HOECHSTFRIST.days);
}

/** Whether the customer can revoke the contract today: active, not yet revoked, within the period. */
export function widerrufbar(record: ContractRecord, today: CalendarDate): boolean {
  if (!isActive(record.status)) return false;
  const deadline = revocationDeadline(record);
  return deadline !== undefined && compareDates(today, deadline) <= 0;
}

export type RevocationErrorCode = 'NOT_REVOCABLE';

/** The customer's revocation, received today. */
export interface RevocationInput {
  grund: string;
  freitext?: string;
}

/**
 * Revokes the contract: status STORNIERT, pending changes dropped. Cover ends with the day of
 * receipt (§9 (1) VVG refunds the premium for the time after it), so `zum` is the next day, or the
 * contract start when cover had not begun.
 */
export function revokeContract(
  record: ContractRecord,
  { grund, freitext }: RevocationInput,
  today: CalendarDate,
): ContractResult<
  ContractRecord,
  RevocationErrorCode | 'TRANSITION_NOT_ALLOWED' | 'TRANSITION_GUARD_FAILED'
> {
  if (!widerrufbar(record, today)) {
    return refuse(
      'NOT_REVOCABLE',
      `Contract ${record.versicherungsNummer} is not revocable on ${today}`,
      'Dieser Vertrag kann nicht mehr widerrufen werden.',
    );
  }
  const zum = maxDate(record.vertragsBeginn, addDays(today, 1));
  const revoked: ContractRecord = {
    ...record,
    vorgemerkteAenderungen: [],
    beendigung: { art: 'WIDERRUF', erklaertAm: today, zum, grund, ...(freitext ? { freitext } : {}) },
  };
  return transition(revoked, 'STORNIERT', { on: today });
}

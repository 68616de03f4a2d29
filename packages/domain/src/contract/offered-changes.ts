// Which self-service changes a contract offers today (issue 12, ADR 0004 'Offered changes'). A change is
// offered exactly when the server would accept it on its earliest possible day: the day its type's
// rule gives (today, the first of next month, the next main due date) or, where the customer names
// the day, the earliest day allowed. So the details page lists only what a save would accept, and a
// change call for anything else is refused by the same rule (the server's `selfServicesFor`).
import type { CalendarDate } from '../dates/calendar-date';
import type { SelfServiceSlug } from '../flags';
import type { ContractRecord, PendingChangeType } from './contract-record';
import { EFFECTIVE_DATE_RULES, effectiveDate, wunschdatumRange } from './pending-changes';
import type { PendingChangeErrorCode } from './pending-changes';
import type { ContractResult } from './result';

/** The self-service pages that save a pending change (all but cancellation and revocation). */
export type ChangeSlug = Exclude<SelfServiceSlug, 'kuendigen-widerrufen'>;

/** The change type each self-service page saves. */
export const SELF_SERVICE_CHANGE_TYPES = {
  zahlungsweise: 'zahlweise',
  selbstbeteiligung: 'selbstbeteiligung',
  elementar: 'elementar',
  phv: 'phvAnzahl',
  bhv: 'buerohaftpflicht',
  familienstand: 'familienstand',
  risikoort: 'risikoort',
  'versicherte-kosten': 'deckung',
  deckung: 'deckung',
  jahresumsatz: 'jahresumsatz',
  versicherungssumme: 'versicherungssumme',
  gewerbearten: 'gewerbearten',
  bankverbindung: 'bankverbindung',
  rahmennummer: 'fahrrad',
} as const satisfies Record<ChangeSlug, PendingChangeType>;

/**
 * The earliest day a change of this type saved today could take effect, or why it cannot be made
 * at all (status, product, single premium, or a contract that ends before that day).
 */
export function changeOffer(
  record: ContractRecord,
  type: PendingChangeType,
  today: CalendarDate,
): ContractResult<CalendarDate, PendingChangeErrorCode> {
  const wunschdatum =
    EFFECTIVE_DATE_RULES[type] === 'WUNSCHDATUM' ? wunschdatumRange(record, type, today).earliest : undefined;
  return effectiveDate(record, type, today, wunschdatum);
}

/** Whether the contract offers a change of this type today (see `changeOffer`). */
export function isChangeOffered(
  record: ContractRecord,
  type: PendingChangeType,
  today: CalendarDate,
): boolean {
  return changeOffer(record, type, today).ok;
}

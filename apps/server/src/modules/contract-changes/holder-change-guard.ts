// Pending changes and the contract holder change (ADR 0035 addendum). From the day a holder change
// applies the contract is the new holder's: the old holder's pending changes for that time (bank
// account, payment period, family status, address, cover – whatever they filed) would otherwise
// change the new holder's contract, account or premium without their consent. So, while a
// confirmed change waits for its day, a change effective on or after it is refused (409), the
// daily job leaves such changes alone, and the holder change ends those still open in its own
// transaction – deleted, as a replaced or taken-back pending change is – and names them in the
// old holder's letter. Changes effective before that day are the old holder's and stay.
import type { ContractRecord, PendingChange } from '@schirm/domain/contract/contract-record';
import { describeChange } from '@schirm/domain/contract/pending-change-text';
import { compareDates, type CalendarDate } from '@schirm/domain/dates/calendar-date';
import { formatDate } from '@schirm/domain/format/date';
import { and, eq, gte, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { pendingChanges } from '../../db/schema/contracts';
import type { Transaction } from '../../db/transaction';
import { conflict } from '../../platform/errors';
import { toStoredPendingChange } from '../contracts/repository';
import { waitingHolderChangeDay } from '../contract-transfer/pending-holder-change';

/** A pending change the holder change ended, as the old holder's letter names it. */
export interface EndedPendingChange {
  /** German name and value, e.g. 'Zahlweise: jährlich'. */
  bezeichnung: string;
  wirksamkeitsdatum: CalendarDate;
}

export const HOLDER_CHANGE_GUARD_TEXTS = {
  refused: (wirksamAb: string) =>
    `Für diesen Vertrag ist ein Inhaberwechsel zum ${wirksamAb} vorgemerkt. Änderungen, die ab diesem Tag gelten sollen, kann nur die neue Versicherungsnehmerin oder der neue Versicherungsnehmer beantragen, sobald der Vertrag übergegangen ist. Bitte wenden Sie sich bei Fragen an Ihre Vermittlerin oder Ihren Vermittler.`,
} as const;

/**
 * Refuses (409 HOLDER_CHANGE_PENDING, in German) a change effective on or after the day of a
 * confirmed holder change that waits for it. A change effective before that day passes.
 */
export async function assertNotAfterHolderChange(
  db: Database | Transaction,
  contractId: string,
  wirksamkeitsdatum: CalendarDate,
): Promise<void> {
  const day = await waitingHolderChangeDay(db, contractId);
  if (day === undefined || compareDates(wirksamkeitsdatum, day) < 0) return;
  throw conflict(`Contract ${contractId} moves to a new holder on ${day}`, {
    code: 'HOLDER_CHANGE_PENDING',
    userMessage: HOLDER_CHANGE_GUARD_TEXTS.refused(formatDate(day)),
  });
}

/**
 * The pending changes the daily job must leave alone: those effective on or after the day of a
 * confirmed holder change that waits (the holder change ends them when it applies).
 */
export async function heldForHolderChange(
  db: Database,
  contract: Pick<ContractRecord, 'vorgemerkteAenderungen'> & { id: string },
): Promise<PendingChange[]> {
  const day = await waitingHolderChangeDay(db, contract.id);
  if (day === undefined) return [];
  return contract.vorgemerkteAenderungen.filter((change) => compareDates(change.wirksamkeitsdatum, day) >= 0);
}

/**
 * Ends, in the holder change's transaction, the contract's open pending changes effective on or
 * after `from` (the day the holder changes), and returns them described for the old holder.
 */
export async function endPendingChangesFrom(
  tx: Transaction,
  contract: Pick<ContractRecord, 'produkt' | 'details'> & { id: string },
  from: CalendarDate,
): Promise<EndedPendingChange[]> {
  const ended = await tx
    .delete(pendingChanges)
    .where(
      and(
        eq(pendingChanges.contractId, contract.id),
        isNull(pendingChanges.appliedAt),
        gte(pendingChanges.wirksamkeitsdatum, from),
      ),
    )
    .returning();
  return ended
    .sort((a, b) => compareDates(a.wirksamkeitsdatum, b.wirksamkeitsdatum))
    .map((row) => {
      const change = toStoredPendingChange(row);
      return { bezeichnung: describeChange(contract, change), wirksamkeitsdatum: change.wirksamkeitsdatum };
    });
}

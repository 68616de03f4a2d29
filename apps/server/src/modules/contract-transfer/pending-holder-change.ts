// A confirmed holder change waiting for its day (ADR 0035 'Effective date') as an entry of the
// contract details' pending changes (vorgemerkteAenderungen), for the old holder and the agent.
// Kept apart from holder-change.ts so the contract details read it without the transfer's
// dependencies.
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { Transaction } from '../../db/transaction';
import { contractHolderChanges } from '../../db/schema/contract-transfer';
import { partners } from '../../db/schema/partners';
import { partnerName } from './shared';
import { TRANSFER_TEXTS } from './texts';

/** The `typ` of the holder change among the pending changes of the contract details. */
export const HOLDER_CHANGE_PENDING_TYPE = 'inhaberwechsel';

export interface PendingHolderChange {
  typ: typeof HOLDER_CHANGE_PENDING_TYPE;
  bezeichnung: string;
  wirksamkeitsdatum: CalendarDate;
}

/**
 * The contract's confirmed holder change that waits for its day, if any. `withName`: the agent sees
 * who takes over; the old holder is told that someone does (the confirmation page shows the new
 * holder nothing of the old one, and the old holder nothing of the new one either).
 */
export async function pendingHolderChangeOf(
  db: Database,
  contractId: string,
  { withName }: { withName: boolean },
): Promise<PendingHolderChange | undefined> {
  const [row] = await db
    .select({
      wirksamAb: contractHolderChanges.wirksamAb,
      neuerInhaber: contractHolderChanges.neuerInhaber,
      vorname: partners.vorname,
      nachname: partners.nachname,
      firmenname: partners.firmenname,
    })
    .from(contractHolderChanges)
    .leftJoin(partners, eq(partners.id, contractHolderChanges.newPartnerId))
    .where(
      and(eq(contractHolderChanges.contractId, contractId), eq(contractHolderChanges.status, 'BESTAETIGT')),
    );
  if (!row) return undefined;
  let name: string | undefined;
  if (withName) {
    const person = row.neuerInhaber as { vorname?: string; nachname?: string } | null;
    name = person ? partnerName(person) : partnerName(row);
  }
  return {
    typ: HOLDER_CHANGE_PENDING_TYPE,
    bezeichnung: TRANSFER_TEXTS.holderChange.pendingLabel(name || undefined),
    wirksamkeitsdatum: row.wirksamAb,
  };
}

/**
 * The day of the contract's confirmed holder change that waits for it, if any: from that day on the
 * contract is the new holder's, so the old holder's pending changes for that time are refused and,
 * still open when it applies, ended (ADR 0035 addendum).
 */
export async function waitingHolderChangeDay(
  db: Database | Transaction,
  contractId: string,
): Promise<CalendarDate | undefined> {
  const [row] = await db
    .select({ wirksamAb: contractHolderChanges.wirksamAb })
    .from(contractHolderChanges)
    .where(
      and(eq(contractHolderChanges.contractId, contractId), eq(contractHolderChanges.status, 'BESTAETIGT')),
    );
  return row?.wirksamAb;
}

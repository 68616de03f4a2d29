// A self-service change planned against the contract as it will stand (issue 12, ADR 0020). The
// customer's form starts from the contract with every pending change applied; the plan decides what
// the new change does to the pending ones and prices every step, so the preview can say:
// - which pending changes it replaces (same kind, or a Hausrat cover list that states the elementary
//   cover too) — the save must confirm that, nothing is dropped silently;
// - which pending changes stay and were taken into account, and which of them were priced again;
// - the premium today, the premium after the pending changes without this one, and with it.
// A value equal to what the contract will have anyway is no change; a value that only undoes a
// pending change of the same kind withdraws that pending change (Rücknahme).
import { compareDates } from '../dates/calendar-date';
import type { CalendarDate } from '../dates/calendar-date';
import type { Zahlweise } from '../products/enums';
import type { Beitrag, ContractRecord, PendingChange } from './contract-record';
import {
  applyChange,
  applyDueChanges,
  changesPremium,
  effectiveDate,
  isUnchanged,
  valueProblem,
  type PendingChangeErrorCode,
  type PendingChangeInput,
} from './pending-changes';
import { priceContract, type RepricingErrorCode } from './repricing';
import { refuse, succeed, type ContractResult } from './result';

/** A premium with the payment period it is paid in. */
export interface PlannedPremium {
  beitrag: Beitrag;
  zahlweise: Zahlweise;
}

/** A pending change that stays, as the plan sees it. */
export interface KeptPendingChange {
  change: PendingChange;
  /** The premium it stored before this plan (absent without premium effect). */
  bisherigePraemie?: Beitrag;
  /** Whether its stored premium changes with this plan (it is priced again). */
  neuBerechnet: boolean;
  /** Whether it takes effect before or on the day of the new change (so the new premium includes it). */
  vorher: boolean;
}

export interface ChangePlan {
  /** The contract with the plan saved: the change pending (or applied by the caller), premiums repriced. */
  record: ContractRecord;
  /** The change with its date and the premium on that day; on a withdrawal the withdrawn value. */
  change: PendingChange;
  /** True when the change only takes back pending changes (its value is what the contract has without them). */
  ruecknahme: boolean;
  /** Pending changes this change replaces; saving must confirm them. */
  ersetzt: PendingChange[];
  /** Pending changes that stay, in the order they take effect. */
  beruecksichtigt: KeptPendingChange[];
  /** Today's premium. */
  heute: PlannedPremium;
  /** The premium once every pending change has applied, without this change. */
  ohneAenderung: PlannedPremium;
  /** The premium once every pending change and this one have applied. */
  mitAenderung: PlannedPremium;
  /** Premium on the change's own day (stored with it); absent without premium effect or on withdrawal. */
  praemieAmWirksamkeitsdatum?: Beitrag;
  /** Insured sum once everything applied, where the product has one (cents). */
  versicherungssummeCents?: number;
}

export type ChangePlanErrorCode = PendingChangeErrorCode | RepricingErrorCode;

function inApplyOrder(a: PendingChange, b: PendingChange): number {
  return compareDates(a.wirksamkeitsdatum, b.wirksamkeitsdatum) || a.createdAt.localeCompare(b.createdAt);
}

/** The contract once every pending change has applied. */
export function finalState(record: ContractRecord): ContractRecord {
  const last = [...record.vorgemerkteAenderungen].sort(inApplyOrder).at(-1);
  return last === undefined ? record : applyDueChanges(record, last.wirksamkeitsdatum).record;
}

/** Whether a pending change is replaced by a new one (same kind, or a Hausrat list stating elementary cover). */
export function replacedBy(pending: PendingChange, change: Pick<PendingChange, 'type' | 'value'>): boolean {
  return (
    pending.type === change.type ||
    (pending.type === 'elementar' &&
      change.type === 'deckung' &&
      typeof change.value === 'object' &&
      change.value !== null &&
      'hausratDeckungen' in change.value)
  );
}

/** The contract as it stands on `date` with the pending changes due by then, leaving one out. */
function stateOn(record: ContractRecord, date: CalendarDate, without?: PendingChange): ContractRecord {
  const kept = record.vorgemerkteAenderungen.filter((pending) => pending !== without);
  return applyDueChanges({ ...record, vorgemerkteAenderungen: kept }, date).record;
}

type Priced = ContractResult<{ beitrag: Beitrag; versicherungssummeCents?: number }, ChangePlanErrorCode>;

function priceOn(record: ContractRecord, change: PendingChange): Priced {
  const priced = priceContract(applyChange(stateOn(record, change.wirksamkeitsdatum, change), change));
  if (!priced.ok) return priced;
  return succeed({
    beitrag: priced.value.beitrag,
    ...(priced.value.versicherungssummeCents === undefined
      ? {}
      : { versicherungssummeCents: priced.value.versicherungssummeCents }),
  });
}

/**
 * Every pending change with premium effect priced again on the contract as it will stand on its
 * day (the tariff is the truth, ADR 0008); the record with the new premiums.
 */
function repriceAll(record: ContractRecord): ContractResult<ContractRecord, ChangePlanErrorCode> {
  let current = record;
  for (const pending of [...record.vorgemerkteAenderungen].sort(inApplyOrder)) {
    if (!changesPremium(pending.type)) continue;
    const self = current.vorgemerkteAenderungen.find(
      (p) => p.type === pending.type && p.createdAt === pending.createdAt,
    );
    if (!self) continue;
    const priced = priceOn(current, self);
    if (!priced.ok) return priced;
    current = {
      ...current,
      vorgemerkteAenderungen: current.vorgemerkteAenderungen.map((p) =>
        p === self ? { ...p, praemieNachAenderung: priced.value.beitrag } : p,
      ),
    };
  }
  return succeed(current);
}

const premiumOf = (record: ContractRecord): PlannedPremium => ({
  beitrag: record.beitrag,
  zahlweise: record.zahlweise,
});

const samePremium = (a: Beitrag | undefined, b: Beitrag | undefined) =>
  a?.bruttoBeitragProPeriodeCents === b?.bruttoBeitragProPeriodeCents &&
  a?.nettoJahresbeitragCents === b?.nettoJahresbeitragCents;

/**
 * Plans a change saved today: its date by the rule of its kind, its relation to the pending changes,
 * and the premiums. `input` carries no premium; the plan prices it.
 */
export function planChange(
  record: ContractRecord,
  input: Omit<PendingChangeInput, 'praemieNachAenderung'>,
  today: CalendarDate,
): ContractResult<ChangePlan, ChangePlanErrorCode> {
  const { wunschdatum, ...rest } = input;
  const date = effectiveDate(record, input.type, today, wunschdatum);
  if (!date.ok) return date;
  const change = { ...rest, wirksamkeitsdatum: date.value } as PendingChange;
  const ersetzt = record.vorgemerkteAenderungen.filter((pending) => replacedBy(pending, change));
  const base: ContractRecord = {
    ...record,
    vorgemerkteAenderungen: record.vorgemerkteAenderungen.filter((pending) => !ersetzt.includes(pending)),
  };
  // The value is judged against the contract as it will stand on the change's day.
  const onThatDay = stateOn(base, change.wirksamkeitsdatum);
  const problem = valueProblem(onThatDay, change);
  if (problem !== undefined) return refuse('CHANGE_NOT_APPLICABLE', `${change.type}: ${problem}`, problem);
  const asPlanned = stateOn(record, change.wirksamkeitsdatum);
  const alreadyPlanned =
    ersetzt.some((pending) => pending.wirksamkeitsdatum === change.wirksamkeitsdatum) &&
    isUnchanged(asPlanned, change);
  if (alreadyPlanned) {
    return refuse(
      'NO_CHANGE',
      `${change.type} equals the pending change`,
      'Genau diese Änderung ist bereits vorgemerkt.',
    );
  }
  const ruecknahme = isUnchanged(onThatDay, change);
  if (ruecknahme && ersetzt.length === 0) {
    return refuse(
      'NO_CHANGE',
      `${change.type} equals the current value`,
      'Die gewünschte Änderung entspricht dem aktuellen Stand.',
    );
  }

  let planned: ContractRecord = ruecknahme
    ? base
    : { ...base, vorgemerkteAenderungen: [...base.vorgemerkteAenderungen, change] };
  if (
    change.type === 'jahresumsatz' &&
    !ruecknahme &&
    (planned.details.produktKey === 'BHV' || planned.details.produktKey === 'VH')
  ) {
    // A reported revenue answers the revenue reminders of the insurance year (ADR 0004).
    planned = { ...planned, details: { ...planned.details, jahresumsatzGemeldetAm: today } };
  }
  const repriced = repriceAll(planned);
  if (!repriced.ok) return repriced;
  planned = repriced.value;

  const saved = ruecknahme
    ? undefined
    : planned.vorgemerkteAenderungen.find((p) => p.type === change.type && p.createdAt === change.createdAt);
  const kept = planned.vorgemerkteAenderungen
    .filter((pending) => pending !== saved)
    .sort(inApplyOrder)
    .map((pending): KeptPendingChange => {
      const before = record.vorgemerkteAenderungen.find(
        (p) => p.type === pending.type && p.createdAt === pending.createdAt,
      );
      return {
        change: pending,
        ...(before?.praemieNachAenderung ? { bisherigePraemie: before.praemieNachAenderung } : {}),
        neuBerechnet: !samePremium(before?.praemieNachAenderung, pending.praemieNachAenderung),
        vorher: compareDates(pending.wirksamkeitsdatum, change.wirksamkeitsdatum) <= 0,
      };
    });
  const withAll = finalState(planned);
  const finalPrice = priceContract(withAll);
  const versicherungssummeCents =
    (finalPrice.ok ? finalPrice.value.versicherungssummeCents : undefined) ?? withAll.versicherungssummeCents;
  return succeed({
    record: planned,
    change: saved ?? change,
    ruecknahme,
    ersetzt,
    beruecksichtigt: kept,
    heute: premiumOf(record),
    ohneAenderung: premiumOf(finalState(record)),
    mitAenderung: premiumOf(withAll),
    ...(saved?.praemieNachAenderung ? { praemieAmWirksamkeitsdatum: saved.praemieNachAenderung } : {}),
    ...(versicherungssummeCents === undefined ? {} : { versicherungssummeCents }),
  });
}

// Self-service contract changes (spec §4: two steps). The preview decides the effective date by the
// change type's rule, applies the change to the contract as it will stand on that day (earlier
// pending changes included) and prices the result with the tariff (priceContract). Saving does the
// same again on the current contract — a preview is never trusted — and stores the change as pending
// (vorgemerkt) under the optimistic lock. A save names the contract version and the premium its
// preview showed: if either moved on, the customer gets a 409 and sees the new figures first.
import type { Beitrag, ContractRecord, PendingChange } from '@schirm/domain/contract/contract-record';
import { planChange, type ChangePlan } from '@schirm/domain/contract/change-plan';
import { describeChange } from '@schirm/domain/contract/pending-change-text';
import {
  applyDueChanges,
  changesPremium,
  projectRecord,
  type PendingChangeInput,
} from '@schirm/domain/contract/pending-changes';
import type { ContractError } from '@schirm/domain/contract/result';
import { confirmJahresumsatz, settleRevenueTasks } from '@schirm/domain/contract/task';
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';
import { premiumSplit } from '@schirm/domain/contract/premium-split';
import type { Zahlweise } from '@schirm/domain/products/enums';
import type { Database } from '../../db/database';
import { withTransaction, type Transaction } from '../../db/transaction';
import type { Actor } from '../../platform/auth/actor';
import { and, eq, inArray } from 'drizzle-orm';
import { contracts } from '../../db/schema/contracts';
import { agentScope, assertCanAccessPartner } from '../../platform/auth/ownership';
import { AppError, conflict, notFound } from '../../platform/errors';
import type { FileStorage } from '../../platform/files/file-storage';
import type { StoredContract } from '../contracts/contract-mapping';
import {
  findContractById,
  findContractByNumber,
  listDuePendingChanges,
  updateContractWithVersion,
  type ContractChanges,
  type ContractDocument,
} from '../contracts/repository';
import { listTasksByContract, updateTaskStatus } from '../contracts/tasks-repository';
import { debitedContracts, saveBankAccount } from './bank-account';
import { assertNotAfterHolderChange, heldForHolderChange } from './holder-change-guard';
import type { MandateContract } from './sepa-mandate-pdf';

/** A change as the customer asks for it: the domain's input without premium and creation time. */
export type ChangeRequest = DistributiveOmit<PendingChangeInput, 'praemieNachAenderung' | 'createdAt'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export interface ChangeContext {
  db: Database;
  actor: Actor;
  today: CalendarDate;
  now: Date;
}

/** A premium as the customer sees it: per payment period with net, tax and gross, and per year. */
export interface PremiumFigures {
  zahlweise: Zahlweise;
  /** Net premium per period (incl. instalment surcharge), cents. */
  nettoProPeriodeCents: number;
  /** Insurance tax (19 %) per period, cents. */
  versicherungsteuerProPeriodeCents: number;
  /** What the customer pays each period, cents. */
  bruttoProPeriodeCents: number;
  /** Gross per year, cents. */
  bruttoJahresbeitragCents: number;
}

/** A pending change as a preview names it. */
export interface PlannedEntry {
  change: PendingChange;
  /** German name and value, e.g. 'Elementarschutz: eingeschlossen'. */
  bezeichnung: string;
}

/** One step of the contract's premium from today on: a pending change or this one, with the premium after it. */
export interface TimelineEntry extends PlannedEntry {
  art: 'vorgemerkt' | 'diese';
  /** Premium once this step applies (absent for steps without premium effect). */
  beitrag?: PremiumFigures;
  /** A pending change priced again by this change: the premium it had stored so far. */
  bisherVorgemerkt?: PremiumFigures;
}

export interface ChangePreview {
  contract: StoredContract;
  change: PendingChange;
  wirksamkeitsdatum: CalendarDate;
  /** Today's premium. */
  bisher: PremiumFigures;
  /** Premium once every pending change and this one applied; absent for changes without premium effect. */
  neu?: PremiumFigures;
  /** Premium once every pending change applied, without this one; only where changes are pending. */
  ohneAenderung?: PremiumFigures;
  /** Pending changes and this one in the order they take effect, each with the premium after it. */
  zeitplan: TimelineEntry[];
  /** Pending changes this change replaces; the save must confirm them. */
  ersetzt: PlannedEntry[];
  /** The change only takes back pending changes. */
  ruecknahme: boolean;
  /** Insured sum once the change applies (cents), where the product has one. */
  versicherungssummeCents?: number;
  /** New bank account: the running contracts debited from the account, which the change moves. */
  lastschriftVertraege?: MandateContract[];
  /** New bank account, once saved: the SEPA mandate as PDF document of the contract. */
  dokument?: ContractDocument;
  /** The plan behind the preview (the record to save). */
  plan: ChangePlan;
}

/** The premium split of a contract premium (the tax is the tariff's, spec §5 money). */
export function premiumFigures(beitrag: Beitrag, zahlweise: Zahlweise): PremiumFigures {
  // The stored gross is authoritative; net + tax add up to it (travel taxes only its travel share).
  const split = premiumSplit(beitrag, zahlweise);
  return {
    zahlweise,
    nettoProPeriodeCents: split.netCents,
    versicherungsteuerProPeriodeCents: split.taxCents,
    bruttoProPeriodeCents: split.grossCents,
    bruttoJahresbeitragCents: split.grossAnnualCents,
  };
}

function refused(error: ContractError, status = 409): AppError {
  return new AppError({
    status,
    code: error.code,
    message: error.message,
    userMessage: error.userMessage,
  });
}

/**
 * The contract by number, if the actor may act on it: the customer's own, or for an agent one of a
 * customer it reaches (the one scope rule, issue 15); anything else is a 404.
 */
export async function ownedContract(
  { db, actor }: Pick<ChangeContext, 'db' | 'actor'>,
  versicherungsNummer: string,
): Promise<StoredContract> {
  const contract = await findContractByNumber({ db, versicherungsNummer });
  if (!contract) throw notFound(`No contract ${versicherungsNummer}`);
  if (actor.pool === 'vermittler') await assertAgentReachesContract({ db, actor, contractId: contract.id });
  else await assertCanAccessPartner({ db, actor, partnerId: contract.partnerId });
  return contract;
}

/**
 * Throws 404 unless the contract is looked after by the actor's agent or one below it (agentScope):
 * an agent reaching a customer does not reach that customer's contracts with another agency.
 */
export async function assertAgentReachesContract({
  db,
  actor,
  contractId,
}: {
  db: Database | Transaction;
  actor: Actor;
  contractId: string;
}): Promise<void> {
  const scope = agentScope(actor);
  const [row] =
    scope.length === 0
      ? []
      : await db
          .select({ id: contracts.id })
          .from(contracts)
          .where(and(eq(contracts.id, contractId), inArray(contracts.agentId, scope)));
  if (!row) throw notFound(`Account ${actor.userId} does not reach contract ${contractId}`);
}

/**
 * Runs in the save's transaction once the change is stored (issue 15: an agent's change records who
 * made it and informs the customer in the same transaction).
 */
export type AfterSave = (tx: Transaction, saved: ChangePreview) => Promise<void>;

function entry(record: ContractRecord, change: PendingChange): PlannedEntry {
  return { change, bezeichnung: describeChange(record, change) };
}

/** Pending changes and the new one in the order they take effect, with the premium after each. */
function timelineOf(plan: ChangePlan): TimelineEntry[] {
  const { record } = plan;
  const kept = plan.beruecksichtigt.map((k): TimelineEntry => ({
    ...entry(record, k.change),
    art: 'vorgemerkt',
    ...(k.change.praemieNachAenderung
      ? {
          beitrag: premiumFigures(
            k.change.praemieNachAenderung,
            projectRecord(record, k.change.wirksamkeitsdatum).zahlweise,
          ),
        }
      : {}),
    ...(k.neuBerechnet && k.bisherigePraemie
      ? {
          bisherVorgemerkt: premiumFigures(
            k.bisherigePraemie,
            projectRecord(record, k.change.wirksamkeitsdatum).zahlweise,
          ),
        }
      : {}),
  }));
  if (plan.ruecknahme) return kept;
  const own: TimelineEntry = {
    ...entry(record, plan.change),
    art: 'diese',
    ...(plan.praemieAmWirksamkeitsdatum
      ? {
          beitrag: premiumFigures(
            plan.praemieAmWirksamkeitsdatum,
            projectRecord(record, plan.change.wirksamkeitsdatum).zahlweise,
          ),
        }
      : {}),
  };
  // The new change goes after every pending change of its day or before (they apply first).
  const before = kept.filter((k) => k.change.wirksamkeitsdatum <= plan.change.wirksamkeitsdatum);
  const after = kept.filter((k) => k.change.wirksamkeitsdatum > plan.change.wirksamkeitsdatum);
  return [...before, own, ...after];
}

function previewOf(
  contract: StoredContract,
  request: ChangeRequest,
  context: Pick<ChangeContext, 'today' | 'now'>,
): ChangePreview {
  const planned = planChange(
    contract,
    { ...request, createdAt: context.now.toISOString() } as Omit<PendingChangeInput, 'praemieNachAenderung'>,
    context.today,
  );
  if (!planned.ok) {
    const status = ['UNINSURABLE', 'NOT_PRICEABLE', 'INVALID_RATING_INPUT'].includes(planned.error.code)
      ? 422
      : 409;
    throw refused(planned.error, status);
  }
  const plan = planned.value;
  const premiumEffect = changesPremium(plan.change.type);
  const pendingPremiums = contract.vorgemerkteAenderungen.some((p) => p.praemieNachAenderung !== undefined);
  return {
    contract,
    change: plan.change,
    wirksamkeitsdatum: plan.change.wirksamkeitsdatum,
    bisher: premiumFigures(plan.heute.beitrag, plan.heute.zahlweise),
    ...(premiumEffect || plan.ruecknahme
      ? { neu: premiumFigures(plan.mitAenderung.beitrag, plan.mitAenderung.zahlweise) }
      : {}),
    ...(pendingPremiums
      ? { ohneAenderung: premiumFigures(plan.ohneAenderung.beitrag, plan.ohneAenderung.zahlweise) }
      : {}),
    zeitplan: timelineOf(plan),
    ersetzt: plan.ersetzt.map((change) => entry(contract, change)),
    ruecknahme: plan.ruecknahme,
    ...(premiumEffect && plan.versicherungssummeCents !== undefined
      ? { versicherungssummeCents: plan.versicherungssummeCents }
      : {}),
    plan,
  };
}

/** Step one: what the change would cost and from when, nothing saved. */
export async function previewContractChange(
  context: ChangeContext,
  versicherungsNummer: string,
  request: ChangeRequest,
): Promise<ChangePreview> {
  const contract = await ownedContract(context, versicherungsNummer);
  const preview = previewOf(contract, request, context);
  // A change for the time after a confirmed holder change belongs to the new holder (ADR 0035).
  if (!preview.ruecknahme)
    await assertNotAfterHolderChange(context.db, contract.id, preview.wirksamkeitsdatum);
  if (preview.change.type !== 'bankverbindung') return preview;
  return { ...preview, lastschriftVertraege: await debitedContracts(context.db, contract) };
}

export interface SaveExpectation {
  /** Contract version the preview was made on. */
  version: number;
  /** Gross premium per period the preview showed (cents); required for changes with premium effect. */
  bruttoProPeriodeCents?: number;
  /** The customer confirmed that the pending changes the preview named as replaced are replaced. */
  vormerkungenErsetzen?: boolean;
}

/**
 * Step two: re-validates and re-prices on the current contract, then saves the change as pending.
 * Pending changes that take effect later are priced again, since their premium must include this one.
 */
export async function saveContractChange(
  context: ChangeContext & { files: FileStorage; afterSave?: AfterSave },
  versicherungsNummer: string,
  request: ChangeRequest,
  expected: SaveExpectation,
): Promise<ChangePreview> {
  const contract = await ownedContract(context, versicherungsNummer);
  if (contract.version !== expected.version) {
    throw conflict(
      `Contract ${versicherungsNummer} is at version ${contract.version}, not ${expected.version}`,
      {
        code: 'CONTRACT_CHANGED',
        userMessage:
          'Der Vertrag wurde inzwischen geändert. Bitte prüfen Sie die neue Berechnung und bestätigen Sie erneut.',
      },
    );
  }
  const preview = previewOf(contract, request, context);
  if (!preview.ruecknahme)
    await assertNotAfterHolderChange(context.db, contract.id, preview.wirksamkeitsdatum);
  if (
    preview.neu !== undefined &&
    expected.bruttoProPeriodeCents !== undefined &&
    preview.neu.bruttoProPeriodeCents !== expected.bruttoProPeriodeCents
  ) {
    throw conflict(
      `Preview premium ${expected.bruttoProPeriodeCents} is now ${preview.neu.bruttoProPeriodeCents}`,
      {
        code: 'PREVIEW_OUTDATED',
        userMessage:
          'Der Beitrag hat sich seit Ihrer Berechnung geändert. Bitte prüfen Sie den neuen Beitrag und bestätigen Sie erneut.',
      },
    );
  }
  if (preview.ersetzt.length > 0 && !preview.ruecknahme && expected.vormerkungenErsetzen !== true) {
    // No save drops a pending change the customer has not seen and agreed to (issue 12).
    throw new AppError({
      status: 422,
      code: 'REPLACEMENT_NOT_CONFIRMED',
      message: `Save would replace pending ${preview.ersetzt.map((e) => e.change.type).join(', ')}`,
      userMessage: `Diese Änderung ersetzt eine vorgemerkte Änderung (${preview.ersetzt.map((e) => e.bezeichnung).join('; ')}). Bitte bestätigen Sie in der Berechnung, dass sie ersetzt werden soll.`,
    });
  }
  if (preview.change.type === 'bankverbindung') {
    const { afterSave, ...bankContext } = context;
    const saved = await saveBankAccount(
      {
        ...bankContext,
        ...(afterSave
          ? {
              afterSave: (tx, bank) =>
                afterSave(tx, {
                  ...preview,
                  contract: bank.contract,
                  dokument: bank.dokument,
                  lastschriftVertraege: bank.vertraege,
                }),
            }
          : {}),
      },
      contract,
      preview.change.value,
    );
    return {
      ...preview,
      contract: saved.contract,
      dokument: saved.dokument,
      lastschriftVertraege: saved.vertraege,
    };
  }
  const record = preview.plan.record;
  // A change effective today (data without premium effect) applies at once instead of waiting
  // for the nightly job.
  const due = applyDueChanges(record, context.today);
  const saved = await withTransaction(context.db, async (tx) => {
    const result = await updateContractWithVersion({
      db: tx,
      id: contract.id,
      expectedVersion: contract.version,
      changes: changesOf(due.record),
      appliedChangeTypes: due.applied.map((change) => change.type),
    });
    if (!result.ok) throw contractChanged(versicherungsNummer, result.reason);
    // A reported revenue answers the revenue reminders as a confirmation does.
    if (request.type === 'jahresumsatz') await settleRevenueReminders(tx, result.contract, context.today);
    await context.afterSave?.(tx, { ...preview, contract: result.contract });
    return result.contract;
  });
  return { ...preview, contract: saved };
}

/**
 * The customer confirms that the declared annual revenue is unchanged (spec §7 'confirm annual
 * revenue'): the report day is recorded under the optimistic lock, and the open revenue reminders
 * of the insurance year it answers are done (ADR 0004), in one transaction. With `expectedVersion`
 * (the contract version the caller saw) a contract changed meanwhile is refused.
 */
export async function confirmRevenue(
  context: ChangeContext,
  versicherungsNummer: string,
  expectedVersion?: number,
): Promise<StoredContract> {
  const contract = await ownedContract(context, versicherungsNummer);
  if (expectedVersion !== undefined && contract.version !== expectedVersion) {
    throw contractChanged(versicherungsNummer, `version ${contract.version}, not ${expectedVersion}`);
  }
  const confirmed = confirmJahresumsatz(contract, context.today);
  if (!confirmed.ok) throw refused(confirmed.error);
  return withTransaction(context.db, async (tx) => {
    const saved = await updateContractWithVersion({
      db: tx,
      id: contract.id,
      expectedVersion: contract.version,
      changes: { details: confirmed.value.details },
    });
    if (!saved.ok) throw contractChanged(versicherungsNummer, saved.reason);
    await settleRevenueReminders(tx, saved.contract, context.today);
    return saved.contract;
  });
}

/** Closes the open revenue reminders a reported or confirmed revenue answers (ADR 0004). */
async function settleRevenueReminders(tx: Transaction, contract: StoredContract, today: CalendarDate) {
  const tasks = await listTasksByContract({ db: tx, contractId: contract.id });
  const byKey = new Map(tasks.map((task) => [`${task.typ} ${task.faelligAm}`, task.id]));
  for (const task of settleRevenueTasks(contract, tasks, today)) {
    const id = byKey.get(`${task.typ} ${task.faelligAm}`);
    if (id !== undefined && task.erledigtAm !== null && task.status !== 'Offen') {
      await updateTaskStatus({ db: tx, id, status: task.status, erledigtAm: task.erledigtAm });
    }
  }
}

function contractChanged(versicherungsNummer: string, reason: string): AppError {
  return conflict(`Contract ${versicherungsNummer}: ${reason}`, {
    code: 'CONTRACT_CHANGED',
    userMessage:
      'Der Vertrag wurde gerade anderweitig geändert. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
  });
}

/** Every field of a record that an update may change. */
function changesOf(record: ContractRecord): ContractChanges {
  const { id: _id, versicherungsNummer: _nr, partnerId: _partner, updatedAt: _updated, ...changes } = record;
  return changes;
}

export interface AppliedChanges {
  contracts: number;
  changes: number;
  /** Contracts that changed while the job ran; the next run takes them again. */
  conflicts: number;
}

/**
 * The daily job: applies every pending change whose effective date has come, contract by contract,
 * each contract in its own transaction under the optimistic lock (a customer's save in between wins
 * and the contract is taken again on the next run).
 */
export async function applyDuePendingChanges({
  db,
  today,
  batchSize = 500,
}: {
  db: Database;
  today: CalendarDate;
  batchSize?: number;
}): Promise<AppliedChanges> {
  const result: AppliedChanges = { contracts: 0, changes: 0, conflicts: 0 };
  const done = new Set<string>();
  for (;;) {
    const due = await listDuePendingChanges({ db, today, limit: batchSize });
    const contractIds = [...new Set(due.map((entry) => entry.contractId))].filter((id) => !done.has(id));
    if (contractIds.length === 0) return result;
    for (const id of contractIds) {
      done.add(id);
      const contract = await findContractById({ db, id });
      if (!contract) continue;
      // Changes for the time after a waiting holder change are left to it (ADR 0035), kept open.
      const held = await heldForHolderChange(db, contract);
      const rest = contract.vorgemerkteAenderungen.filter((change) => !held.includes(change));
      const applied = applyDueChanges({ ...contract, vorgemerkteAenderungen: rest }, today);
      if (applied.applied.length === 0) continue;
      const record = {
        ...applied.record,
        vorgemerkteAenderungen: [...applied.record.vorgemerkteAenderungen, ...held],
      };
      const saved = await updateContractWithVersion({
        db,
        id,
        expectedVersion: contract.version,
        changes: changesOf(record),
        appliedChangeTypes: applied.applied.map((change) => change.type),
      });
      if (saved.ok) {
        result.contracts += 1;
        result.changes += applied.applied.length;
      } else {
        result.conflicts += 1;
      }
    }
  }
}

// The revenue task job (spec §3 Task, issue 15, ADR 0004 and ADR 0033). Business contracts rated by
// annual revenue (BHV, VH) ask the customer once a year for the revenue (Ziff. 13 AHB): the domain
// decides which task falls due (dueRevenueTasks: UmsatzErinnern1 60 days before the main due date,
// UmsatzErinnern2 30 days before, UmsatzAutomatischAnpassen 14 days before) and which open ones are
// answered or void (settleRevenueTasks). When the adjustment task is due and nobody reported, the
// revenue is raised by the domain's rule (automaticRevenueCents: last revenue + 10 %), priced by the
// contract-changes engine as a pending change from the main due date, and the customer is told in
// the Postfach and by e-mail. Each contract is handled in its own transaction under its optimistic
// lock, and the tasks are unique per contract, type and due day: a run repeated adds nothing.
import { and, eq, inArray, like, or } from 'drizzle-orm';
import { planChange } from '@schirm/domain/contract/change-plan';
import type { ContractRecord } from '@schirm/domain/contract/contract-record';
import {
  automaticRevenueCents,
  dueRevenueTasks,
  revenueCycle,
  revenueReportDueBy,
  settleRevenueTasks,
  type Task,
} from '@schirm/domain/contract/task';
import { isActive } from '@schirm/domain/contract/status';
import { compareDates, type CalendarDate } from '@schirm/domain/dates/calendar-date';
import { catalogueEntryForSummaryProdukt } from '@schirm/domain/products/catalogue';
import { ACTIVE_STATUSES } from '@schirm/domain/contract/status';
import type { Database } from '../../db/database';
import { contracts } from '../../db/schema/contracts';
import { accounts } from '../../db/schema/identity';
import { partners } from '../../db/schema/partners';
import { tasks } from '../../db/schema/tasks';
import { withTransaction, type Transaction } from '../../db/transaction';
import type { StoredContract } from '../contracts/contract-mapping';
import { findContractById, updateContractWithVersion } from '../contracts/repository';
import {
  insertTasks,
  listTasksByContract,
  updateTaskStatus,
  type StoredTask,
} from '../contracts/tasks-repository';
import { insertMailboxMessage } from '../mailbox/repository';
import { enqueueMessage } from '../outbox/outbox';
import type { Transports } from '../outbox/transports';
import { greeting } from '../partner/relocation';
import { AGENT_TASK_TEXTS } from './texts';

/** Queue name of the daily revenue task job. */
export const REVENUE_TASKS_JOB = 'revenue-tasks';

export interface RevenueTaskResult {
  /** Tasks added. */
  created: number;
  /** Open tasks closed (answered, void or done by the adjustment). */
  closed: number;
  /** Contracts whose revenue was raised automatically. */
  adjusted: number;
  /** Contracts that changed while the job ran; the next run takes them again. */
  conflicts: number;
}

/** Contracts the job looks at: running revenue-rated ones, and any with an open task. */
async function candidateIds(db: Database): Promise<string[]> {
  const revenueRated = or(like(contracts.produkt, 'BHV%'), like(contracts.produkt, 'VH%'));
  const running = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(revenueRated, inArray(contracts.status, [...ACTIVE_STATUSES])));
  const withOpenTasks = await db
    .selectDistinct({ id: tasks.contractId })
    .from(tasks)
    .where(eq(tasks.status, 'Offen'));
  return [...new Set([...running, ...withOpenTasks].map((row) => row.id))].sort();
}

/** Whether the task is the adjustment whose day has come. */
function adjustmentDue(task: Task, today: CalendarDate): boolean {
  return (
    task.typ === 'UmsatzAutomatischAnpassen' &&
    task.status === 'Offen' &&
    compareDates(task.faelligAm, today) <= 0
  );
}

/** Every field of a record that an update may change. */
function changesOf(record: ContractRecord) {
  const { id: _id, versicherungsNummer: _nr, partnerId: _partner, updatedAt: _updated, ...changes } = record;
  return changes;
}

async function closeAll(tx: Transaction, stored: readonly StoredTask[], closed: readonly Task[]) {
  let count = 0;
  for (const task of closed) {
    const id = stored.find((each) => each.typ === task.typ && each.faelligAm === task.faelligAm)?.id;
    if (id === undefined || task.status === 'Offen' || task.erledigtAm === null) continue;
    if (await updateTaskStatus({ db: tx, id, status: task.status, erledigtAm: task.erledigtAm })) count += 1;
  }
  return count;
}

type Letter =
  | { art: 'reminder'; meldenBis: CalendarDate; hauptfaelligkeit: CalendarDate }
  | { art: 'adjustment'; bisherCents: number; neuCents: number; wirksamAb: CalendarDate };

/** Writes the letter to the customer's Postfach and e-mails it (outbox, same transaction). */
async function tellCustomer(
  tx: Transaction,
  transports: Transports,
  contract: StoredContract,
  letter: Letter,
): Promise<void> {
  const [partner] = await tx.select().from(partners).where(eq(partners.id, contract.partnerId));
  if (!partner) return;
  const about = {
    anrede: greeting(partner),
    versicherungsName: catalogueEntryForSummaryProdukt(contract.produkt).name,
    versicherungsNummer: contract.versicherungsNummer,
  };
  const { subject, body } =
    letter.art === 'reminder'
      ? {
          subject: AGENT_TASK_TEXTS.reminder.subject,
          body: AGENT_TASK_TEXTS.reminder.body({ ...about, ...letter }),
        }
      : {
          subject: AGENT_TASK_TEXTS.adjustment.subject,
          body: AGENT_TASK_TEXTS.adjustment.body({ ...about, ...letter }),
        };
  await insertMailboxMessage(tx, { partnerId: partner.id, contractId: contract.id, subject, body });
  const [account] = await tx
    .select({ email: accounts.email })
    .from(accounts)
    .where(and(eq(accounts.partnerId, partner.id), eq(accounts.pool, 'benutzer')));
  const to = account?.email ?? partner.email;
  if (to) {
    await enqueueMessage(tx, transports, {
      channel: 'email',
      to,
      subject,
      body,
      purpose: letter.art === 'reminder' ? 'REVENUE_REMINDER' : 'REVENUE_ADJUSTED',
    });
  }
}

type ContractOutcome = Omit<RevenueTaskResult, 'conflicts'> & { conflict: boolean };

/**
 * One contract: settle its open tasks, add the task due today, and when the adjustment is due,
 * raise the revenue. A contract that changed meanwhile rolls back and counts as a conflict.
 */
async function handleContract(
  db: Database,
  transports: Transports,
  id: string,
  today: CalendarDate,
  now: Date,
): Promise<ContractOutcome> {
  const outcome: ContractOutcome = { created: 0, closed: 0, adjusted: 0, conflict: false };
  await withTransaction(db, async (tx) => {
    const contract = await findContractById({ db: tx, id });
    if (!contract) return;
    const stored = await listTasksByContract({ db: tx, contractId: id });
    const settled = settleRevenueTasks(contract, stored, today);
    outcome.closed += await closeAll(tx, stored, settled);
    const current = stored.map((task) => {
      const closed = settled.find((each) => each.typ === task.typ && each.faelligAm === task.faelligAm);
      return closed ? { ...task, ...closed } : task;
    });
    const added = await insertTasks({
      db: tx,
      tasks: isActive(contract.status) ? dueRevenueTasks(contract, today, current) : [],
    });
    outcome.created += added.length;
    // A new reminder asks the customer in the Postfach and by e-mail (the overview shows it too).
    const reminder = added.find((task) => task.typ !== 'UmsatzAutomatischAnpassen');
    const meldenBis = revenueReportDueBy(contract, today);
    const cycle = revenueCycle(contract, today);
    if (reminder && meldenBis && cycle) {
      await tellCustomer(tx, transports, contract, { art: 'reminder', meldenBis, hauptfaelligkeit: cycle });
    }
    const adjustment = [...current, ...added].find((task) => adjustmentDue(task, today));
    if (adjustment === undefined || !isActive(contract.status)) return;
    const neuCents = automaticRevenueCents(contract);
    if (neuCents === undefined || contract.details.produktKey === 'KFZ') return;
    const planned = planChange(
      contract,
      { type: 'jahresumsatz', value: neuCents, createdAt: now.toISOString() },
      today,
    );
    // A contract whose revenue cannot change (e.g. it ends first) keeps the task open for the agent.
    if (!planned.ok) return;
    const saved = await updateContractWithVersion({
      db: tx,
      id,
      expectedVersion: contract.version,
      changes: changesOf(planned.value.record),
    });
    if (!saved.ok) {
      outcome.conflict = true;
      return;
    }
    outcome.adjusted += 1;
    // The adjusted revenue counts as reported: the adjustment task and the cycle's reminders are done.
    const open = [...current, ...added];
    outcome.closed += await closeAll(tx, open, settleRevenueTasks(saved.contract, open, today));
    const bisherCents = 'jahresumsatz' in contract.details ? contract.details.jahresumsatz.value : 0;
    await tellCustomer(tx, transports, saved.contract, {
      art: 'adjustment',
      bisherCents,
      neuCents,
      wirksamAb: planned.value.change.wirksamkeitsdatum,
    });
  });
  return outcome;
}

/** The job's work for `today`: every candidate contract once. */
export async function runRevenueTasks({
  db,
  transports,
  today,
  now,
}: {
  db: Database;
  transports: Transports;
  today: CalendarDate;
  now: Date;
}): Promise<RevenueTaskResult> {
  const result: RevenueTaskResult = { created: 0, closed: 0, adjusted: 0, conflicts: 0 };
  for (const id of await candidateIds(db)) {
    const outcome = await handleContract(db, transports, id, today, now);
    result.created += outcome.created;
    result.closed += outcome.closed;
    result.adjusted += outcome.adjusted;
    if (outcome.conflict) result.conflicts += 1;
  }
  return result;
}

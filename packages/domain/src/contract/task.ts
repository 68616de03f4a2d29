// Tasks (spec §3 Task) for the annual revenue report of revenue-rated contracts (BHV, VH). Before
// each main due date the premium is adjusted to the declared revenue: the customer is reminded
// twice, and when nobody answers the revenue is adjusted automatically (ADR 0004).
import { z } from 'zod';
import { addDays, addYears, compareDates, maxDate } from '../dates/calendar-date';
import type { CalendarDate } from '../dates/calendar-date';
import { applyBp } from '../products/common/pricing';
import { TASK_STATUS, TASK_TYPEN } from '../products/enums';
import type { TaskStatus, TaskTyp } from '../products/enums';
import { contractEnd } from './contract-record';
import type { ContractRecord } from './contract-record';
import { nextMainDueDate } from './main-due-date';
import { effectiveDate } from './pending-changes';
import type { PendingChangeErrorCode } from './pending-changes';
import type { ProduktDetails } from './product-details';
import { refuse, succeed } from './result';
import type { ContractResult } from './result';
import { isActive } from './status';

const date = z.iso.date();

/** Spec §3 Task. `erledigtAm` is the day the task was closed (done or cancelled), null while open. */
export const taskSchema = z.strictObject({
  vertragsnummer: z.string(),
  typ: z.enum(TASK_TYPEN),
  status: z.enum(TASK_STATUS),
  faelligAm: date,
  erledigtAm: date.nullable(),
  erstelltAm: date,
});
export type Task = z.infer<typeof taskSchema>;

/** Task states move only from Offen to Erledigt or Storniert. */
export const TASK_TRANSITIONS: Readonly<Record<TaskStatus, readonly TaskStatus[]>> = {
  Offen: ['Erledigt', 'Storniert'],
  Erledigt: [],
  Storniert: [],
};

/** Whether a task may move from one state to the other. */
export function canTransitionTask(from: TaskStatus, to: TaskStatus): boolean {
  return TASK_TRANSITIONS[from].includes(to);
}

/** Closes an open task as Erledigt or Storniert on day `on`. */
export function closeTask(
  task: Task,
  to: 'Erledigt' | 'Storniert',
  on: CalendarDate,
): ContractResult<Task, 'TASK_TRANSITION_NOT_ALLOWED'> {
  if (!canTransitionTask(task.status, to)) {
    return refuse(
      'TASK_TRANSITION_NOT_ALLOWED',
      `Task ${task.typ} of ${task.vertragsnummer}: ${task.status} -> ${to}`,
      'Diese Aufgabe ist bereits abgeschlossen.',
    );
  }
  return succeed({ ...task, status: to, erledigtAm: on });
}

/** Days before the main due date on which each revenue task falls due. */
export const UMSATZ_AUFGABE_TAGE_VOR_HAUPTFAELLIGKEIT: Readonly<Record<TaskTyp, number>> = {
  UmsatzErinnern1: 60,
  UmsatzErinnern2: 30,
  UmsatzAutomatischAnpassen: 14,
};

/** Increase applied to the last declared revenue when no report came (10 %, in basis points). */
export const AUTOMATISCHE_UMSATZANPASSUNG_BP = 1000;

const STAGES: readonly TaskTyp[] = ['UmsatzErinnern1', 'UmsatzErinnern2', 'UmsatzAutomatischAnpassen'];

type RevenueDetails = Extract<ProduktDetails, { produktKey: 'BHV' | 'VH' }>;

function revenueDetails(record: ContractRecord): RevenueDetails | undefined {
  const { details } = record;
  return details.produktKey === 'BHV' || details.produktKey === 'VH' ? details : undefined;
}

/** The main due date the next revenue adjustment applies to, or undefined when none will happen. */
export function revenueCycle(record: ContractRecord, today: CalendarDate): CalendarDate | undefined {
  if (revenueDetails(record) === undefined || !isActive(record.status)) return undefined;
  const mainDueDate = nextMainDueDate(record.hauptfaelligkeit, maxDate(today, record.vertragsBeginn));
  const end = contractEnd(record);
  return end !== undefined && compareDates(end, mainDueDate) <= 0 ? undefined : mainDueDate;
}

/** Whether revenue was declared or confirmed during the insurance year that ends at `mainDueDate`. */
export function isRevenueReported(record: ContractRecord, mainDueDate: CalendarDate): boolean {
  const reportedOn = revenueDetails(record)?.jahresumsatzGemeldetAm;
  return reportedOn !== undefined && compareDates(reportedOn, addYears(mainDueDate, -1)) > 0;
}

function cycleOf(task: Task): CalendarDate {
  return addDays(task.faelligAm, UMSATZ_AUFGABE_TAGE_VOR_HAUPTFAELLIGKEIT[task.typ]);
}

/**
 * The revenue task to create today, if any: the latest stage whose day has come while no revenue
 * was reported. Earlier stages missed (e.g. the job did not run) are skipped, never sent late.
 */
export function dueRevenueTasks(
  record: ContractRecord,
  today: CalendarDate,
  existing: readonly Task[] = [],
): Task[] {
  const mainDueDate = revenueCycle(record, today);
  if (mainDueDate === undefined || isRevenueReported(record, mainDueDate)) return [];
  const reached = STAGES.filter(
    (typ) => compareDates(addDays(mainDueDate, -UMSATZ_AUFGABE_TAGE_VOR_HAUPTFAELLIGKEIT[typ]), today) <= 0,
  );
  const stage = reached.at(-1);
  if (stage === undefined) return [];
  const existingStages = existing
    .filter((task) => task.vertragsnummer === record.versicherungsNummer && cycleOf(task) === mainDueDate)
    .map((task) => STAGES.indexOf(task.typ));
  if (existingStages.some((index) => index >= STAGES.indexOf(stage))) return [];
  return [
    {
      vertragsnummer: record.versicherungsNummer,
      typ: stage,
      status: 'Offen',
      faelligAm: addDays(mainDueDate, -UMSATZ_AUFGABE_TAGE_VOR_HAUPTFAELLIGKEIT[stage]),
      erledigtAm: null,
      erstelltAm: today,
    },
  ];
}

/**
 * Closes open revenue tasks of the contract that no longer need anybody: Erledigt once revenue was
 * reported for their cycle, Storniert when the contract is no longer active or, for reminders,
 * when their main due date has passed without a report. Returns only the tasks that changed.
 */
export function settleRevenueTasks(
  record: ContractRecord,
  tasks: readonly Task[],
  today: CalendarDate,
): Task[] {
  const changed: Task[] = [];
  for (const task of tasks) {
    if (task.status !== 'Offen' || task.vertragsnummer !== record.versicherungsNummer) continue;
    const cycle = cycleOf(task);
    let to: 'Erledigt' | 'Storniert' | undefined;
    if (isRevenueReported(record, cycle)) to = 'Erledigt';
    else if (!isActive(record.status)) to = 'Storniert';
    else if (task.typ !== 'UmsatzAutomatischAnpassen' && compareDates(cycle, today) <= 0) to = 'Storniert';
    if (to === undefined) continue;
    const closed = closeTask(task, to, today);
    if (closed.ok) changed.push(closed.value);
  }
  return changed;
}

/** Records that the customer confirmed the revenue unchanged (spec §7 'confirm annual revenue'). */
export function confirmJahresumsatz(
  record: ContractRecord,
  today: CalendarDate,
): ContractResult<ContractRecord, PendingChangeErrorCode> {
  const details = revenueDetails(record);
  const allowed = effectiveDate(record, 'jahresumsatz', today);
  if (!allowed.ok) return allowed;
  if (details === undefined) {
    return refuse(
      'CHANGE_NOT_APPLICABLE',
      'No revenue on this product',
      'Für diesen Vertrag gibt es keinen Jahresumsatz.',
    );
  }
  return succeed({ ...record, details: { ...details, jahresumsatzGemeldetAm: today } });
}

/** The revenue used when nobody reported: the last declared revenue plus 10 %, in cents. */
export function automaticRevenueCents(record: ContractRecord): number | undefined {
  const details = revenueDetails(record);
  return details === undefined
    ? undefined
    : details.jahresumsatz.value + applyBp(details.jahresumsatz.value, AUTOMATISCHE_UMSATZANPASSUNG_BP);
}

/**
 * The day by which the customer is asked to report the annual revenue, while that request is
 * open: from the first reminder (60 days before the main due date) until the day before the
 * automatic adjustment (14 days before), unless revenue was reported for this insurance year or a
 * revenue change cannot be saved today. The customer portal shows it as something to do.
 */
export function revenueReportDueBy(record: ContractRecord, today: CalendarDate): CalendarDate | undefined {
  const mainDueDate = revenueCycle(record, today);
  if (mainDueDate === undefined || isRevenueReported(record, mainDueDate)) return undefined;
  const askedFrom = addDays(mainDueDate, -UMSATZ_AUFGABE_TAGE_VOR_HAUPTFAELLIGKEIT.UmsatzErinnern1);
  const dueBy = addDays(mainDueDate, -UMSATZ_AUFGABE_TAGE_VOR_HAUPTFAELLIGKEIT.UmsatzAutomatischAnpassen - 1);
  if (compareDates(today, askedFrom) < 0 || compareDates(today, dueBy) > 0) return undefined;
  return effectiveDate(record, 'jahresumsatz', today).ok ? dueBy : undefined;
}

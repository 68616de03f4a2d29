// Tasks (spec §3 Task) for the agents' open activities. The domain decides which tasks exist
// (task.ts); this stores them once per contract, type and due day, so a job that runs twice adds
// nothing the second time.
import { and, asc, count, eq, inArray, lt, lte, type SQL } from 'drizzle-orm';
import { taskSchema, type Task } from '@schirm/domain/contract/task';
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';
import type { TaskStatus, TaskTyp } from '@schirm/domain/products/enums';
import type { Database } from '../../db/database';
import { contracts } from '../../db/schema/contracts';
import { partners } from '../../db/schema/partners';
import { tasks } from '../../db/schema/tasks';
import { badRequest } from '../../platform/errors';

type Db = Database;

/** A stored task: spec §3 Task plus its row id and the agent whose list shows it. */
export type StoredTask = Task & { id: string; agentId?: string };

function toStoredTask(row: typeof tasks.$inferSelect, vertragsnummer: string): StoredTask {
  return {
    ...taskSchema.parse({
      vertragsnummer,
      typ: row.typ,
      status: row.status,
      faelligAm: row.faelligAm,
      erledigtAm: row.erledigtAm,
      erstelltAm: row.erstelltAm,
    }),
    id: row.id,
    ...(row.agentId === null ? {} : { agentId: row.agentId }),
  };
}

/**
 * Stores new tasks for the agent of each contract; a task that already exists for the contract,
 * type and due day is left as it is. Returns the tasks that were added.
 */
export async function insertTasks({
  db,
  tasks: newTasks,
}: {
  db: Db;
  tasks: readonly Task[];
}): Promise<StoredTask[]> {
  if (newTasks.length === 0) return [];
  const parsed = newTasks.map((task) => taskSchema.parse(task));
  const numbers = [...new Set(parsed.map((task) => task.vertragsnummer))];
  const owners = await db
    .select({
      id: contracts.id,
      versicherungsNummer: contracts.versicherungsNummer,
      agentId: contracts.agentId,
    })
    .from(contracts)
    .where(inArray(contracts.versicherungsNummer, numbers));
  const byNumber = new Map(owners.map((owner) => [owner.versicherungsNummer, owner]));
  const values = parsed.map((task) => {
    const owner = byNumber.get(task.vertragsnummer);
    if (!owner)
      throw badRequest(`Task for unknown contract ${task.vertragsnummer}`, { code: 'CONTRACT_UNKNOWN' });
    return {
      contractId: owner.id,
      agentId: owner.agentId,
      typ: task.typ,
      status: task.status,
      faelligAm: task.faelligAm,
      erledigtAm: task.erledigtAm,
      erstelltAm: task.erstelltAm,
    };
  });
  const rows = await db.insert(tasks).values(values).onConflictDoNothing().returning();
  const numberOf = new Map(owners.map((owner) => [owner.id, owner.versicherungsNummer]));
  return rows.map((row) => toStoredTask(row, numberOf.get(row.contractId) ?? ''));
}

async function listTasks(
  db: Db,
  where: SQL | undefined,
  page?: { limit: number; offset: number },
): Promise<StoredTask[]> {
  const query = db
    .select({ task: tasks, vertragsnummer: contracts.versicherungsNummer })
    .from(tasks)
    .innerJoin(contracts, eq(tasks.contractId, contracts.id))
    .where(where)
    .orderBy(asc(tasks.faelligAm), asc(contracts.versicherungsNummer), asc(tasks.typ));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  return rows.map((row) => toStoredTask(row.task, row.vertragsnummer));
}

/** One page (1-based) of the tasks of any of the agents, by due day; optionally one status and due by a day. */
export async function listTasksByAgent({
  db,
  agentIds,
  status,
  dueBy,
  page = 1,
  pageSize = 50,
}: {
  db: Db;
  agentIds: readonly string[];
  status?: TaskStatus;
  dueBy?: CalendarDate;
  page?: number;
  pageSize?: number;
}): Promise<{ items: StoredTask[]; total: number }> {
  if (agentIds.length === 0) return { items: [], total: 0 };
  const where = and(
    inArray(tasks.agentId, [...agentIds]),
    status === undefined ? undefined : eq(tasks.status, status),
    dueBy === undefined ? undefined : lte(tasks.faelligAm, dueBy),
  );
  const [counted, items] = await Promise.all([
    db.select({ total: count() }).from(tasks).where(where),
    listTasks(db, where, { limit: pageSize, offset: (page - 1) * pageSize }),
  ]);
  return { items, total: counted[0]?.total ?? 0 };
}

/** The tasks of one contract, by due day. */
export function listTasksByContract({
  db,
  contractId,
}: {
  db: Db;
  contractId: string;
}): Promise<StoredTask[]> {
  return listTasks(db, eq(tasks.contractId, contractId));
}

/**
 * Saves a task's new state as the domain's closeTask computed it. Only open tasks change, so a task
 * closed meanwhile stays as it was; returns false then.
 */
export async function updateTaskStatus({
  db,
  id,
  status,
  erledigtAm,
}: {
  db: Db;
  id: string;
  status: Exclude<TaskStatus, 'Offen'>;
  erledigtAm: CalendarDate;
}): Promise<boolean> {
  const updated = await db
    .update(tasks)
    .set({ status, erledigtAm })
    .where(and(eq(tasks.id, id), eq(tasks.status, 'Offen')))
    .returning({ id: tasks.id });
  return updated.length > 0;
}

/** A task as the agent's open activities list shows it: with the customer it concerns. */
export type AgentTask = StoredTask & {
  partnerNummer: string;
  /** Company name, or first and last name. */
  kundenname: string;
};

export interface AgentTaskFilter {
  status?: TaskStatus;
  typ?: TaskTyp;
  /** Only open tasks whose due day is before this day. */
  overdueOn?: CalendarDate;
}

function customerName(row: { firmenname: string | null; vorname: string | null; nachname: string | null }) {
  return row.firmenname ?? [row.vorname, row.nachname].filter(Boolean).join(' ');
}

/**
 * One page (1-based) of the tasks of any of the agents (the caller passes agentScope), by due day,
 * with the customer's number and name; filtered by status, type and being overdue.
 */
export async function listAgentTasks({
  db,
  agentIds,
  filter = {},
  page = 1,
  pageSize = 50,
}: {
  db: Db;
  agentIds: readonly string[];
  filter?: AgentTaskFilter;
  page?: number;
  pageSize?: number;
}): Promise<{ items: AgentTask[]; total: number }> {
  if (agentIds.length === 0) return { items: [], total: 0 };
  const where = and(
    inArray(tasks.agentId, [...agentIds]),
    filter.status === undefined ? undefined : eq(tasks.status, filter.status),
    filter.typ === undefined ? undefined : eq(tasks.typ, filter.typ),
    filter.overdueOn === undefined
      ? undefined
      : and(eq(tasks.status, 'Offen'), lt(tasks.faelligAm, filter.overdueOn)),
  );
  const [counted, rows] = await Promise.all([
    db.select({ total: count() }).from(tasks).where(where),
    db
      .select({
        task: tasks,
        vertragsnummer: contracts.versicherungsNummer,
        partnerNummer: partners.partnerNummer,
        firmenname: partners.firmenname,
        vorname: partners.vorname,
        nachname: partners.nachname,
      })
      .from(tasks)
      .innerJoin(contracts, eq(tasks.contractId, contracts.id))
      .innerJoin(partners, eq(contracts.partnerId, partners.id))
      .where(where)
      .orderBy(asc(tasks.faelligAm), asc(contracts.versicherungsNummer), asc(tasks.typ))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  return {
    items: rows.map((row) => ({
      ...toStoredTask(row.task, row.vertragsnummer),
      partnerNummer: row.partnerNummer,
      kundenname: customerName(row),
    })),
    total: counted[0]?.total ?? 0,
  };
}

/** The task with this id if one of the agents looks after it (agentScope), else undefined. */
export async function findAgentTask({
  db,
  agentIds,
  id,
}: {
  db: Db;
  agentIds: readonly string[];
  id: string;
}): Promise<StoredTask | undefined> {
  if (agentIds.length === 0) return undefined;
  const [row] = await db
    .select({ task: tasks, vertragsnummer: contracts.versicherungsNummer })
    .from(tasks)
    .innerJoin(contracts, eq(tasks.contractId, contracts.id))
    .where(and(eq(tasks.id, id), inArray(tasks.agentId, [...agentIds])));
  return row ? toStoredTask(row.task, row.vertragsnummer) : undefined;
}

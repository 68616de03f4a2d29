// Tasks of spec §3 (the annual revenue reminders of BHV and VH contracts), for the agent's list of
// open activities. vertragsnummer comes from the contract.
import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { TASK_STATUS, TASK_TYPEN } from '@schirm/domain/products/enums';
import { agents } from './agents';
import { contracts } from './contracts';
import { oneOf } from './enum-check';

export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    /** Agent whose open activities list shows the task; NULL for direct business. */
    agentId: uuid('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    typ: text('typ', { enum: TASK_TYPEN }).notNull(),
    status: text('status', { enum: TASK_STATUS }).notNull().default('Offen'),
    faelligAm: date('faellig_am', { mode: 'string' }).notNull(),
    erledigtAm: date('erledigt_am', { mode: 'string' }),
    erstelltAm: date('erstellt_am', { mode: 'string' }).notNull(),
  },
  (t) => [
    index('tasks_agent_status_due_idx').on(t.agentId, t.status, t.faelligAm),
    index('tasks_status_due_idx').on(t.status, t.faelligAm),
    uniqueIndex('tasks_contract_typ_due_key').on(t.contractId, t.typ, t.faelligAm),
    check('tasks_typ_check', oneOf(t.typ, TASK_TYPEN)),
    check('tasks_status_check', oneOf(t.status, TASK_STATUS)),
    check('tasks_erledigt_check', sql`(${t.status} = 'Offen') = (${t.erledigtAm} IS NULL)`),
  ],
);

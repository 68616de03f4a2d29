// Writes the generated volume portfolio in one transaction, so a run adds all its customers or none.
// Rows go in as `INSERT … SELECT * FROM unnest($1::type[], …)`: one array parameter per column
// instead of one parameter per value, which keeps statement building in JavaScript cheap and works
// the same on PostgreSQL and PGlite. Every contract's product details pass the product's schema;
// the whole record passes insertContract's validation for every 20th contract (the generator builds
// all of them with the same factory, and its tests check every record of a smaller run), because
// checking each of 250,000 records would cost about a third of the time budget.
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';
import { agentColumns, newAgentSchema } from '../../../modules/contracts/agents-repository';
import {
  bankverbindungColumns,
  contractColumns,
  openPremiumColumns,
  pendingChangeColumns,
  validateContract,
  type StoredContract,
} from '../../../modules/contracts/contract-mapping';
import { parseProductDetails } from '@schirm/domain/contract/product-details';
import { newPartnerSchema, partnerColumns } from '../../../modules/contracts/partners-repository';
import type { Database } from '../../database';
import { agents } from '../../schema/agents';
import { contracts, openPremiums, pendingChanges, premiumHistory } from '../../schema/contracts';
import { addresses, bankAccounts, partners } from '../../schema/partners';
import { tasks } from '../../schema/tasks';
import { withTransaction, type Transaction } from '../../transaction';
import {
  GENERATED_NUMBER_PREFIX,
  generatePortfolio,
  type NumberOffsets,
  type PortfolioBatch,
} from './generator';

// Arbitrary but fixed: two volume seeds on one database run one after the other.
const VOLUME_SEED_LOCK_KEY = 734_112_003;
const ROWS_PER_STATEMENT = 5000;
const FULL_CHECK_EVERY = 20;
const BATCH_CUSTOMERS = 250;
const MAX_BATCHES_QUEUED = 4;

/** The contract with its product details parsed by the product's schema; invalid details are a bug here. */
function withValidDetails(contract: StoredContract): StoredContract {
  const { produktKey, ...document } = contract.details;
  const parsed = parseProductDetails(produktKey, document);
  if (!parsed.ok) {
    throw new Error(
      `Generated ${contract.versicherungsNummer} has invalid details: ${JSON.stringify(parsed.issues)}`,
    );
  }
  return { ...contract, details: parsed.details };
}

/** Rows written by a run, per kind. */
export interface VolumeSeedCounts {
  agents: number;
  customers: number;
  contracts: number;
  pendingChanges: number;
  openPremiums: number;
  premiumHistory: number;
  tasks: number;
  /** All rows, addresses and bank accounts included. */
  rows: number;
}

/** Inserts rows (keyed by the table's property names, as for `insert().values()`) with unnest. */
async function insertChunked(
  tx: Transaction,
  table: PgTable,
  rows: Record<string, unknown>[],
): Promise<number> {
  const first = rows[0];
  if (first === undefined) return 0;
  const columns = getTableColumns(table);
  const keys = Object.keys(first);
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
    const arrays = keys.map((key) => {
      const column = columns[key];
      if (!column) throw new Error(`Column ${key} is not part of the table`);
      const values = chunk.map((row) => {
        const value = row[key];
        return value === null || value === undefined ? null : column.mapToDriverValue(value);
      });
      return sql`${sql.param(values)}::${sql.raw(column.getSQLType())}[]`;
    });
    const names = keys.map((key) => sql.identifier(columns[key]!.name));
    await tx.execute(
      sql`INSERT INTO ${table} (${sql.join(names, sql`, `)}) SELECT * FROM unnest(${sql.join(arrays, sql`, `)})`,
    );
  }
  return rows.length;
}

async function highestSequence(tx: Transaction, table: 'partners' | 'contracts' | 'agents'): Promise<number> {
  const column = {
    partners: 'partner_nummer',
    contracts: 'versicherungs_nummer',
    agents: 'vermittler_nummer',
  }[table];
  const prefix = {
    partners: GENERATED_NUMBER_PREFIX.partner,
    contracts: GENERATED_NUMBER_PREFIX.contract,
    agents: GENERATED_NUMBER_PREFIX.agent,
  }[table];
  const result = await tx.execute(
    sql`SELECT max(${sql.identifier(column)}) AS highest FROM ${sql.identifier(table)}
        WHERE ${sql.identifier(column)} LIKE ${`${prefix}%`} AND length(${sql.identifier(column)}) = 10`,
  );
  const highest = (result as unknown as { rows: { highest: string | null }[] }).rows[0]?.highest;
  return highest ? Number(highest.slice(prefix.length)) : 0;
}

/** Numbers of earlier runs on this database, so a new run continues after them. */
async function currentOffsets(tx: Transaction): Promise<NumberOffsets> {
  return {
    partner: await highestSequence(tx, 'partners'),
    contract: await highestSequence(tx, 'contracts'),
    agent: await highestSequence(tx, 'agents'),
  };
}

/** The rows of one batch per table, prepared (and validated) before any of them is written. */
interface BatchRows {
  tables: [PgTable, Record<string, unknown>[]][];
  counts: VolumeSeedCounts;
}

function prepareBatch(batch: PortfolioBatch, now: Date): BatchRows {
  const valid = batch.contracts.map((generated, index) => {
    const contract = { ...generated.contract, id: generated.id, version: 1, updatedAt: now.toISOString() };
    return {
      ...generated,
      contract: index % FULL_CHECK_EVERY === 0 ? validateContract(contract) : withValidDetails(contract),
    };
  });
  const rows = {
    agents: batch.agents.map((agent) => ({
      id: agent.id,
      ...agentColumns(newAgentSchema.parse({ ...agent, status: 'AKTIV' }), agent.parentId),
    })),
    partners: batch.customers.map((customer) => ({
      id: customer.id,
      ...partnerColumns(newPartnerSchema.parse(customer.partner)),
    })),
    addresses: batch.customers.map((customer) => ({
      partnerId: customer.id,
      ...customer.adresse,
      gueltigAb: customer.kundeSeit,
    })),
    bankAccounts: batch.customers.flatMap((customer) =>
      customer.bankverbindung && customer.bankAccountId
        ? [
            {
              id: customer.bankAccountId,
              partnerId: customer.id,
              ...bankverbindungColumns(customer.bankverbindung),
              gueltigAb: customer.kundeSeit,
            },
          ]
        : [],
    ),
    contracts: valid.map(({ id, agentId, bankAccountId, contract }) => ({
      id,
      ...contractColumns(contract, { agentId, bankAccountId }),
      createdAt: now,
      updatedAt: now,
    })),
    pendingChanges: valid.flatMap(({ id, contract }) =>
      contract.vorgemerkteAenderungen.map((change) => pendingChangeColumns(id, change)),
    ),
    openPremiums: valid.flatMap(({ id, contract }) =>
      contract.offeneBeitraege.map((item) => openPremiumColumns(id, item)),
    ),
    premiumHistory: valid.map(({ id, contract }) => ({
      contractId: id,
      gueltigAb: contract.vertragsBeginn,
      zahlweise: contract.zahlweise,
      bruttoBeitragProPeriodeCents: contract.beitrag.bruttoBeitragProPeriodeCents,
      nettoJahresbeitragCents: contract.beitrag.nettoJahresbeitragCents,
      grund: 'VERTRAGSABSCHLUSS',
    })),
    tasks: batch.tasks.map((task) => ({
      contractId: task.contractId,
      agentId: task.agentId,
      typ: task.typ,
      status: task.status,
      faelligAm: task.faelligAm,
      erledigtAm: task.erledigtAm,
      erstelltAm: task.erstelltAm,
    })),
  };
  const all = Object.values(rows).reduce((sum, list) => sum + list.length, 0);
  return {
    // Parents before children, so every foreign key finds its row.
    tables: [
      [agents, rows.agents],
      [partners, rows.partners],
      [addresses, rows.addresses],
      [bankAccounts, rows.bankAccounts],
      [contracts, rows.contracts],
      [pendingChanges, rows.pendingChanges],
      [openPremiums, rows.openPremiums],
      [premiumHistory, rows.premiumHistory],
      [tasks, rows.tasks],
    ],
    counts: {
      agents: rows.agents.length,
      customers: rows.partners.length,
      contracts: rows.contracts.length,
      pendingChanges: rows.pendingChanges.length,
      openPremiums: rows.openPremiums.length,
      premiumHistory: rows.premiumHistory.length,
      tasks: rows.tasks.length,
      rows: all,
    },
  };
}

function emptyCounts(): VolumeSeedCounts {
  return {
    agents: 0,
    customers: 0,
    contracts: 0,
    pendingChanges: 0,
    openPremiums: 0,
    premiumHistory: 0,
    tasks: 0,
    rows: 0,
  };
}

function add(total: VolumeSeedCounts, part: VolumeSeedCounts): void {
  for (const key of Object.keys(total) as (keyof VolumeSeedCounts)[]) total[key] += part[key];
}

/**
 * Prepared batches between the generating and the writing side. The writer waits for batches, the
 * generator waits for room; both run on the event loop, so while a statement is in the database the
 * next batch is being generated.
 */
class BatchQueue {
  private readonly items: BatchRows[] = [];
  private finished = false;
  private wakeWriter: (() => void) | undefined;
  private wakeGenerator: (() => void) | undefined;

  constructor(private readonly capacity: number) {}

  async put(item: BatchRows): Promise<void> {
    this.items.push(item);
    this.wakeWriter?.();
    while (this.items.length >= this.capacity) {
      await new Promise<void>((resolve) => (this.wakeGenerator = resolve));
    }
  }

  finish(): void {
    this.finished = true;
    this.wakeWriter?.();
  }

  async take(): Promise<BatchRows | undefined> {
    while (this.items.length === 0 && !this.finished) {
      await new Promise<void>((resolve) => (this.wakeWriter = resolve));
    }
    const item = this.items.shift();
    this.wakeGenerator?.();
    return item;
  }
}

/** Generates and stores `customers` customers with their contracts for the seed; all or nothing. */
export function seedVolumePortfolio({
  db,
  seed,
  customers,
  today,
  onBatch,
}: {
  db: Database;
  seed: number;
  customers: number;
  today: CalendarDate;
  /** Called after each written batch with the counts so far (progress output). */
  onBatch?: (counts: Readonly<VolumeSeedCounts>) => void;
}): Promise<VolumeSeedCounts> {
  return withTransaction(db, async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${VOLUME_SEED_LOCK_KEY})`);
    const offsets = await currentOffsets(tx);
    const now = new Date();
    const total = emptyCounts();
    const queue = new BatchQueue(MAX_BATCHES_QUEUED);
    let stop = false;

    const generate = async () => {
      try {
        for (const batch of generatePortfolio({
          seed,
          customers,
          today,
          offsets,
          batchSize: BATCH_CUSTOMERS,
        })) {
          if (stop) return;
          await queue.put(prepareBatch(batch, now));
          // Lets a finished statement's reply reach the writer before the next batch is generated.
          await new Promise((resolve) => setImmediate(resolve));
        }
      } finally {
        queue.finish();
      }
    };
    const write = async () => {
      try {
        for (let item = await queue.take(); item; item = await queue.take()) {
          for (const [table, rows] of item.tables) await insertChunked(tx, table, rows);
          add(total, item.counts);
          onBatch?.(total);
        }
      } catch (error) {
        stop = true;
        throw error;
      }
    };
    await Promise.all([generate(), write()]);
    return total;
  });
}

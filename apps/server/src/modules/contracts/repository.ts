// SQL of contracts: reading them with their agent, bank account, pending changes and unpaid premiums,
// writing them with optimistic locking. Every write is validated by the domain's contract rules and
// the product's details schema (contract-mapping.ts); services own the use cases on top.
import { and, asc, count, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type {
  Bankverbindung,
  PendingChange,
  PendingChangeType,
} from '@schirm/domain/contract/contract-record';
import { pendingChangeSchema } from '@schirm/domain/contract/contract-record';
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';
import type { DokumentTyp } from '@schirm/domain/products/enums';
import type { Database } from '../../db/database';
import { agents } from '../../db/schema/agents';
import {
  contractDocuments,
  contracts,
  contractViewRevisions,
  openPremiums,
  pendingChanges,
  premiumHistory,
  type PremiumChangeReason,
} from '../../db/schema/contracts';
import { bankAccounts, partners } from '../../db/schema/partners';
import { withTransaction } from '../../db/transaction';
import { badRequest, conflict } from '../../platform/errors';
import {
  bankverbindungColumns,
  bankverbindungFromRow,
  contractColumns,
  openPremiumColumns,
  pendingChangeColumns,
  toStoredContract,
  validateContract,
  type StoredContract,
} from './contract-mapping';

type Db = Database;

/** A contract before it is stored: the record without id, version and update time. */
export type NewContract = Omit<StoredContract, 'id' | 'version' | 'updatedAt'>;

/** What an update may change; a key given as undefined removes an optional field. */
export type ContractChanges = Partial<
  Omit<StoredContract, 'id' | 'versicherungsNummer' | 'partnerId' | 'version' | 'updatedAt'>
>;

export type UpdateContractResult =
  { ok: true; contract: StoredContract } | { ok: false; reason: 'NOT_FOUND' | 'VERSION_CONFLICT' };

/** The agent looking after a contract, as far as the customer view names it. */
export interface ContractAgentContact {
  vermittlerNummer: string;
  name: string;
  email: string;
  vertriebsweg: string;
}

/** A stored contract with its agent's contact, both read by the same query. */
export interface ContractWithAgent {
  contract: StoredContract;
  agent?: ContractAgentContact;
}

type PendingChangeRow = typeof pendingChanges.$inferSelect;
type OpenPremiumRow = typeof openPremiums.$inferSelect;
/** A row as json_build_object writes it: timestamps as ISO text. */
type AsJson<Row> = {
  [K in keyof Row]: Row[K] extends Date ? string : Row[K] extends Date | null ? string | null : Row[K];
};

// The open pending changes and the unpaid premiums of the contract row, as JSON arrays in the
// contract query itself (ordered as the customer views list them), so reading any number of
// contracts is one query. Each array element names the same columns as the table's row.
const openPendingChangesOfRow = sql<AsJson<PendingChangeRow>[]>`(
  SELECT coalesce(json_agg(json_build_object(
      'id', ${pendingChanges.id},
      'contractId', ${pendingChanges.contractId},
      'typ', ${pendingChanges.typ},
      'wert', ${pendingChanges.wert},
      'wirksamkeitsdatum', ${pendingChanges.wirksamkeitsdatum},
      'nettoJahresbeitragCents', ${pendingChanges.nettoJahresbeitragCents},
      'bruttoBeitragProPeriodeCents', ${pendingChanges.bruttoBeitragProPeriodeCents},
      'createdAt', ${pendingChanges.createdAt},
      'appliedAt', ${pendingChanges.appliedAt}
    ) ORDER BY ${pendingChanges.wirksamkeitsdatum}, ${pendingChanges.createdAt}), '[]'::json)
  FROM ${pendingChanges}
  WHERE ${pendingChanges.contractId} = ${contracts.id} AND ${pendingChanges.appliedAt} IS NULL
)`;

const openPremiumsOfRow = sql<AsJson<OpenPremiumRow>[]>`(
  SELECT coalesce(json_agg(json_build_object(
      'id', ${openPremiums.id},
      'contractId', ${openPremiums.contractId},
      'art', ${openPremiums.art},
      'faelligAm', ${openPremiums.faelligAm},
      'betragCents', ${openPremiums.betragCents},
      'gemahntAm', ${openPremiums.gemahntAm},
      'zahlungsfristBis', ${openPremiums.zahlungsfristBis},
      'createdAt', ${openPremiums.createdAt}
    ) ORDER BY ${openPremiums.faelligAm}), '[]'::json)
  FROM ${openPremiums}
  WHERE ${openPremiums.contractId} = ${contracts.id}
)`;

/** A JSON array column: parsed by the driver (node-postgres, PGlite), or text where it is not. */
function jsonArray<T>(value: T[] | string): T[] {
  return typeof value === 'string' ? (JSON.parse(value) as T[]) : value;
}

function pendingChangeRowOf(json: AsJson<PendingChangeRow>): PendingChangeRow {
  return {
    ...json,
    createdAt: new Date(json.createdAt),
    appliedAt: json.appliedAt === null ? null : new Date(json.appliedAt),
  };
}

function openPremiumRowOf(json: AsJson<OpenPremiumRow>): OpenPremiumRow {
  return { ...json, createdAt: new Date(json.createdAt) };
}

/** The select of contracts with their agent, bank account, open pending changes and unpaid premiums. */
function selectContractsWithAgents(db: Db) {
  return db
    .select({
      contract: contracts,
      vermittlerNummer: agents.vermittlerNummer,
      agentName: agents.name,
      agentEmail: agents.email,
      agentVertriebsweg: agents.vertriebsweg,
      bankAccount: bankAccounts,
      pendingChanges: openPendingChangesOfRow,
      openPremiums: openPremiumsOfRow,
    })
    .from(contracts)
    .leftJoin(agents, eq(contracts.agentId, agents.id))
    .leftJoin(bankAccounts, eq(contracts.bankAccountId, bankAccounts.id));
}

type ContractWithAgentRow = Awaited<ReturnType<typeof selectContractsWithAgents>>[number];

function toContractWithAgent(row: ContractWithAgentRow): ContractWithAgent {
  const contract = toStoredContract({
    contract: row.contract,
    vermittlerNummer: row.vermittlerNummer,
    bankAccount: row.bankAccount,
    pendingChanges: jsonArray(row.pendingChanges).map(pendingChangeRowOf),
    openPremiums: jsonArray(row.openPremiums).map(openPremiumRowOf),
  });
  // The left join fills all agent columns or none.
  const agent =
    row.vermittlerNummer !== null &&
    row.agentName !== null &&
    row.agentEmail !== null &&
    row.agentVertriebsweg !== null
      ? {
          vermittlerNummer: row.vermittlerNummer,
          name: row.agentName,
          email: row.agentEmail,
          vertriebsweg: row.agentVertriebsweg,
        }
      : undefined;
  return agent ? { contract, agent } : { contract };
}

/**
 * Contracts with their agent, bank account, open pending changes and unpaid premiums, in one query
 * whatever the number of contracts.
 */
async function loadContractsWithAgents(
  db: Db,
  where: SQL | undefined,
  page?: { limit: number; offset: number },
): Promise<ContractWithAgent[]> {
  const query = selectContractsWithAgents(db).where(where).orderBy(asc(contracts.versicherungsNummer));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  return rows.map(toContractWithAgent);
}

function prepareCustomerReads(db: Db) {
  // No revision row: nothing of the partner's contracts was ever written (revision '0').
  const revision = sql<string>`coalesce(${contractViewRevisions.revision}, 0)::text`;
  return {
    partnerRevision: db
      .select({ partnerId: partners.id, revision })
      .from(partners)
      .leftJoin(contractViewRevisions, eq(contractViewRevisions.partnerId, partners.id))
      .where(eq(partners.partnerNummer, sql.placeholder('partnerNummer')))
      .prepare('partner_contract_view_revision'),
    contractRevision: db
      .select({ contractId: contracts.id, partnerId: contracts.partnerId, revision })
      .from(contracts)
      .leftJoin(contractViewRevisions, eq(contractViewRevisions.partnerId, contracts.partnerId))
      .where(eq(contracts.versicherungsNummer, sql.placeholder('versicherungsNummer')))
      .prepare('contract_view_revision'),
    byPartner: selectContractsWithAgents(db)
      .where(eq(contracts.partnerId, sql.placeholder('partnerId')))
      .orderBy(asc(contracts.versicherungsNummer))
      .prepare('contracts_with_agents_by_partner'),
    byNumber: selectContractsWithAgents(db)
      .where(eq(contracts.versicherungsNummer, sql.placeholder('versicherungsNummer')))
      .prepare('contracts_with_agents_by_number'),
  };
}

// The customer portal's two hot reads as prepared statements, per database handle: building the
// select (some 80 columns and two subqueries) cost more CPU than the rest of the query, and
// PostgreSQL plans a named statement once per connection.
const customerReads = new WeakMap<Db, ReturnType<typeof prepareCustomerReads>>();

function customerReadsOf(db: Db): ReturnType<typeof prepareCustomerReads> {
  let reads = customerReads.get(db);
  if (!reads) {
    reads = prepareCustomerReads(db);
    customerReads.set(db, reads);
  }
  return reads;
}

async function loadContracts(
  db: Db,
  where: SQL | undefined,
  page?: { limit: number; offset: number },
): Promise<StoredContract[]> {
  return (await loadContractsWithAgents(db, where, page)).map((row) => row.contract);
}

/** The contract with this id. */
export async function findContractById({
  db,
  id,
}: {
  db: Db;
  id: string;
}): Promise<StoredContract | undefined> {
  return (await loadContracts(db, eq(contracts.id, id)))[0];
}

/** The contract with this contract number (versicherungsNummer). */
export async function findContractByNumber({
  db,
  versicherungsNummer,
}: {
  db: Db;
  versicherungsNummer: string;
}): Promise<StoredContract | undefined> {
  return (await loadContracts(db, eq(contracts.versicherungsNummer, versicherungsNummer)))[0];
}

/** All contracts of a partner, by contract number. */
export function findContractsByPartner({
  db,
  partnerId,
}: {
  db: Db;
  partnerId: string;
}): Promise<StoredContract[]> {
  return loadContracts(db, eq(contracts.partnerId, partnerId));
}

/** The contract with this contract number and its agent's contact (customer views). */
export async function findContractWithAgentByNumber({
  db,
  versicherungsNummer,
}: {
  db: Db;
  versicherungsNummer: string;
}): Promise<ContractWithAgent | undefined> {
  const [row] = await customerReadsOf(db).byNumber.execute({ versicherungsNummer });
  return row ? toContractWithAgent(row) : undefined;
}

/** All contracts of a partner with their agents' contacts, by contract number (customer views). */
export async function findContractsWithAgentsByPartner({
  db,
  partnerId,
}: {
  db: Db;
  partnerId: string;
}): Promise<ContractWithAgent[]> {
  const rows = await customerReadsOf(db).byPartner.execute({ partnerId });
  return rows.map(toContractWithAgent);
}

/**
 * A partner's revision of everything its contracts' customer views are built from (ADR 0010): it
 * changes with every committed write to those rows, so views cached under it are current.
 */
export interface ContractViewRevision {
  partnerId: string;
  revision: string;
}

/** The partner's id and contract-view revision, by partner number; undefined for an unknown number. */
export async function findPartnerViewRevision({
  db,
  partnerNummer,
}: {
  db: Db;
  partnerNummer: string;
}): Promise<ContractViewRevision | undefined> {
  const [row] = await customerReadsOf(db).partnerRevision.execute({ partnerNummer });
  return row;
}

/** The contract's id, its partner and the partner's contract-view revision, by contract number. */
export async function findContractViewRevision({
  db,
  versicherungsNummer,
}: {
  db: Db;
  versicherungsNummer: string;
}): Promise<(ContractViewRevision & { contractId: string }) | undefined> {
  const [row] = await customerReadsOf(db).contractRevision.execute({ versicherungsNummer });
  return row;
}

/** Largest page the agent portal may ask for. */
export const MAX_PAGE_SIZE = 200;

/** One page (1-based) of the contracts looked after by any of the agents, by contract number. */
export async function findContractsByAgent({
  db,
  agentIds,
  page,
  pageSize,
}: {
  db: Db;
  agentIds: readonly string[];
  page: number;
  pageSize: number;
}): Promise<{ items: StoredContract[]; total: number }> {
  if (
    !Number.isInteger(page) ||
    page < 1 ||
    !Number.isInteger(pageSize) ||
    pageSize < 1 ||
    pageSize > MAX_PAGE_SIZE
  ) {
    throw new RangeError(`Invalid page ${page} / page size ${pageSize}`);
  }
  if (agentIds.length === 0) return { items: [], total: 0 };
  const where = inArray(contracts.agentId, [...agentIds]);
  const [counted, items] = await Promise.all([
    db.select({ total: count() }).from(contracts).where(where),
    loadContracts(db, where, { limit: pageSize, offset: (page - 1) * pageSize }),
  ]);
  return { items, total: counted[0]?.total ?? 0 };
}

async function agentIdFor(db: Db, vermittlerNummer: string | undefined): Promise<string | null> {
  if (vermittlerNummer === undefined) return null;
  const [agent] = await db
    .select({ id: agents.id })
    .from(agents)
    .where(eq(agents.vermittlerNummer, vermittlerNummer));
  if (!agent) throw badRequest(`Unknown agent ${vermittlerNummer}`, { code: 'AGENT_UNKNOWN' });
  return agent.id;
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

/**
 * The partner's current bank account row for a contract's account. A partner pays from one account
 * at a time: a different account is changed for the partner first (replaceBankAccount).
 */
async function bankAccountIdFor(db: Db, contract: StoredContract): Promise<string | null> {
  const bank = contract.bankverbindung;
  if (bank === undefined) return null;
  const [open] = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.partnerId, contract.partnerId), isNull(bankAccounts.gueltigBis)));
  if (!open) {
    const [row] = await db
      .insert(bankAccounts)
      .values({
        partnerId: contract.partnerId,
        ...bankverbindungColumns(bank),
        gueltigAb: contract.abschlussdatum,
      })
      .returning({ id: bankAccounts.id });
    if (!row) throw new Error('INSERT bank_accounts returned no row');
    return row.id;
  }
  if (canonical(bankverbindungFromRow(open)) === canonical(bank)) return open.id;
  throw conflict(
    `Contract ${contract.versicherungsNummer} names another account than partner ${contract.partnerId}`,
    {
      code: 'BANK_ACCOUNT_MISMATCH',
    },
  );
}

async function recordPremium(
  db: Db,
  contractId: string,
  contract: StoredContract,
  gueltigAb: CalendarDate,
  grund: PremiumChangeReason,
): Promise<void> {
  await db.insert(premiumHistory).values({
    contractId,
    gueltigAb,
    zahlweise: contract.zahlweise,
    bruttoBeitragProPeriodeCents: contract.beitrag.bruttoBeitragProPeriodeCents,
    nettoJahresbeitragCents: contract.beitrag.nettoJahresbeitragCents,
    grund,
  });
}

/**
 * Stores a new contract with its pending changes and unpaid premiums, and its first premium in the
 * premium history (from the contract start). Rejects records that break a contract rule (400).
 */
export async function insertContract({
  db,
  contract,
}: {
  db: Db;
  contract: NewContract;
}): Promise<StoredContract> {
  const now = new Date();
  const valid = validateContract({ ...contract, id: 'new', version: 1, updatedAt: now.toISOString() });
  const id = await withTransaction(db, async (tx) => {
    const refs = {
      agentId: await agentIdFor(tx, valid.vermittlerNummer),
      bankAccountId: await bankAccountIdFor(tx, valid),
    };
    const [row] = await tx
      .insert(contracts)
      .values({ ...contractColumns(valid, refs), createdAt: now, updatedAt: now })
      .returning({ id: contracts.id });
    if (!row) throw new Error('INSERT contracts returned no row');
    if (valid.vorgemerkteAenderungen.length > 0) {
      await tx
        .insert(pendingChanges)
        .values(valid.vorgemerkteAenderungen.map((change) => pendingChangeColumns(row.id, change)));
    }
    if (valid.offeneBeitraege.length > 0) {
      await tx
        .insert(openPremiums)
        .values(valid.offeneBeitraege.map((item) => openPremiumColumns(row.id, item)));
    }
    await recordPremium(tx, row.id, valid, valid.vertragsBeginn, 'VERTRAGSABSCHLUSS');
    return row.id;
  });
  const stored = await findContractById({ db, id });
  if (!stored) throw new Error(`Contract ${id} vanished after insert`);
  return stored;
}

function byType(changes: readonly PendingChange[]): Map<PendingChangeType, PendingChange> {
  return new Map(changes.map((change) => [change.type, change]));
}

/** Writes the open pending changes: removed ones are marked applied (when listed) or deleted. */
async function syncPendingChanges(
  db: Db,
  contractId: string,
  before: readonly PendingChange[],
  after: readonly PendingChange[],
  applied: readonly PendingChangeType[],
): Promise<void> {
  const old = byType(before);
  const next = byType(after);
  for (const type of new Set([...old.keys(), ...next.keys()])) {
    const previous = old.get(type);
    const current = next.get(type);
    if (previous && current && canonical(previous) === canonical(current)) continue;
    if (previous) {
      const open = and(
        eq(pendingChanges.contractId, contractId),
        eq(pendingChanges.typ, type),
        isNull(pendingChanges.appliedAt),
      );
      if (applied.includes(type)) await db.update(pendingChanges).set({ appliedAt: new Date() }).where(open);
      else await db.delete(pendingChanges).where(open);
    }
    if (current) await db.insert(pendingChanges).values(pendingChangeColumns(contractId, current));
  }
}

/**
 * Saves changes to a contract if nobody saved since `expectedVersion` was read; the version then
 * moves on by one. `vorgemerkteAenderungen`, when given, is the new list of open pending changes:
 * changes that left it are deleted, or kept as applied when their type is in `appliedChangeTypes`.
 * `offeneBeitraege`, when given, replaces the unpaid premiums. A new premium or payment period is
 * added to the premium history from `wirksamkeitsdatum` with `premiumReason`.
 */
export async function updateContractWithVersion({
  db,
  id,
  expectedVersion,
  changes,
  appliedChangeTypes = [],
  premiumReason = 'VERTRAGSAENDERUNG',
}: {
  db: Db;
  id: string;
  expectedVersion: number;
  changes: ContractChanges;
  appliedChangeTypes?: readonly PendingChangeType[];
  premiumReason?: PremiumChangeReason;
}): Promise<UpdateContractResult> {
  const result = await withTransaction(db, async (tx): Promise<UpdateContractResult | undefined> => {
    const current = await findContractById({ db: tx, id });
    if (!current) return { ok: false, reason: 'NOT_FOUND' };
    if (current.version !== expectedVersion) return { ok: false, reason: 'VERSION_CONFLICT' };
    const next = validateContract({
      ...current,
      ...changes,
      id,
      versicherungsNummer: current.versicherungsNummer,
      partnerId: current.partnerId,
    });
    const refs = {
      agentId: await agentIdFor(tx, next.vermittlerNummer),
      bankAccountId: await bankAccountIdFor(tx, next),
    };
    const updated = await tx
      .update(contracts)
      .set({ ...contractColumns(next, refs), version: expectedVersion + 1, updatedAt: new Date() })
      .where(and(eq(contracts.id, id), eq(contracts.version, expectedVersion)))
      .returning({ id: contracts.id });
    if (updated.length === 0) return { ok: false, reason: 'VERSION_CONFLICT' };
    if (changes.vorgemerkteAenderungen !== undefined) {
      await syncPendingChanges(
        tx,
        id,
        current.vorgemerkteAenderungen,
        next.vorgemerkteAenderungen,
        appliedChangeTypes,
      );
    }
    if (changes.offeneBeitraege !== undefined) {
      await tx.delete(openPremiums).where(eq(openPremiums.contractId, id));
      if (next.offeneBeitraege.length > 0) {
        await tx
          .insert(openPremiums)
          .values(next.offeneBeitraege.map((item) => openPremiumColumns(id, item)));
      }
    }
    if (canonical([current.beitrag, current.zahlweise]) !== canonical([next.beitrag, next.zahlweise])) {
      await recordPremium(tx, id, next, next.wirksamkeitsdatum, premiumReason);
    }
    return undefined;
  });
  if (result) return result;
  const contract = await findContractById({ db, id });
  if (!contract) return { ok: false, reason: 'NOT_FOUND' };
  return { ok: true, contract };
}

/**
 * Saves a pending change (replacing an open one of the same type) under the optimistic lock, as
 * the domain's schedulePendingChange decides it.
 */
export async function insertPendingChange({
  db,
  contractId,
  expectedVersion,
  change,
}: {
  db: Db;
  contractId: string;
  expectedVersion: number;
  change: PendingChange;
}): Promise<UpdateContractResult> {
  const current = await findContractById({ db, id: contractId });
  if (!current) return { ok: false, reason: 'NOT_FOUND' };
  const others = current.vorgemerkteAenderungen.filter((pending) => pending.type !== change.type);
  return updateContractWithVersion({
    db,
    id: contractId,
    expectedVersion,
    changes: { vorgemerkteAenderungen: [...others, change] },
  });
}

/** A pending change as stored, with its row id and, once applied, when. */
export type StoredPendingChange = PendingChange & { id: string; appliedAt?: string };

/** A pending-change row as the domain's pending change (validated), with its row id. */
export function toStoredPendingChange(row: typeof pendingChanges.$inferSelect): StoredPendingChange {
  const change = pendingChangeSchema.parse({
    type: row.typ,
    value: row.wert,
    wirksamkeitsdatum: row.wirksamkeitsdatum,
    createdAt: row.createdAt.toISOString(),
    ...(row.nettoJahresbeitragCents !== null && row.bruttoBeitragProPeriodeCents !== null
      ? {
          praemieNachAenderung: {
            nettoJahresbeitragCents: row.nettoJahresbeitragCents,
            bruttoBeitragProPeriodeCents: row.bruttoBeitragProPeriodeCents,
          },
        }
      : {}),
  });
  return { ...change, id: row.id, ...(row.appliedAt ? { appliedAt: row.appliedAt.toISOString() } : {}) };
}

/** The contract's pending changes by effective date; with `includeApplied` also the applied ones. */
export async function listPendingChanges({
  db,
  contractId,
  includeApplied = false,
}: {
  db: Db;
  contractId: string;
  includeApplied?: boolean;
}): Promise<StoredPendingChange[]> {
  const rows = await db
    .select()
    .from(pendingChanges)
    .where(
      and(
        eq(pendingChanges.contractId, contractId),
        includeApplied ? undefined : isNull(pendingChanges.appliedAt),
      ),
    )
    .orderBy(asc(pendingChanges.wirksamkeitsdatum), asc(pendingChanges.createdAt));
  return rows.map(toStoredPendingChange);
}

/** Open pending changes effective on or before `today`, oldest first, for the daily job. */
export async function listDuePendingChanges({
  db,
  today,
  limit = 1000,
}: {
  db: Db;
  today: CalendarDate;
  limit?: number;
}): Promise<{ contractId: string; versicherungsNummer: string; change: StoredPendingChange }[]> {
  const rows = await db
    .select({ change: pendingChanges, versicherungsNummer: contracts.versicherungsNummer })
    .from(pendingChanges)
    .innerJoin(contracts, eq(pendingChanges.contractId, contracts.id))
    .where(and(isNull(pendingChanges.appliedAt), lte(pendingChanges.wirksamkeitsdatum, today)))
    .orderBy(asc(pendingChanges.wirksamkeitsdatum), asc(pendingChanges.createdAt))
    .limit(limit);
  return rows.map((row) => ({
    contractId: row.change.contractId,
    versicherungsNummer: row.versicherungsNummer,
    change: toStoredPendingChange(row.change),
  }));
}

/** One premium of the history. */
export interface PremiumHistoryEntry {
  gueltigAb: CalendarDate;
  zahlweise: StoredContract['zahlweise'];
  bruttoBeitragProPeriodeCents: number;
  nettoJahresbeitragCents: number;
  grund: PremiumChangeReason;
}

/** Every premium the contract had, oldest first. */
export async function listPremiumHistory({
  db,
  contractId,
}: {
  db: Db;
  contractId: string;
}): Promise<PremiumHistoryEntry[]> {
  return db
    .select({
      gueltigAb: premiumHistory.gueltigAb,
      zahlweise: premiumHistory.zahlweise,
      bruttoBeitragProPeriodeCents: premiumHistory.bruttoBeitragProPeriodeCents,
      nettoJahresbeitragCents: premiumHistory.nettoJahresbeitragCents,
      grund: premiumHistory.grund,
    })
    .from(premiumHistory)
    .where(eq(premiumHistory.contractId, contractId))
    .orderBy(asc(premiumHistory.gueltigAb), asc(premiumHistory.createdAt));
}

/** A document of a contract; the file itself is in the file storage under `storageKey`. */
export interface ContractDocument {
  id: string;
  name: string;
  typ: DokumentTyp;
  storageKey: string;
  createdAt: string;
}

/** Records a document of a contract. */
export async function insertContractDocument({
  db,
  contractId,
  name,
  typ,
  storageKey,
}: {
  db: Db;
  contractId: string;
  name: string;
  typ: DokumentTyp;
  storageKey: string;
}): Promise<ContractDocument> {
  const [row] = await db.insert(contractDocuments).values({ contractId, name, typ, storageKey }).returning();
  if (!row) throw new Error('INSERT contract_documents returned no row');
  return {
    id: row.id,
    name: row.name,
    typ: row.typ,
    storageKey: row.storageKey,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The contract's documents, oldest first. */
export async function listContractDocuments({
  db,
  contractId,
}: {
  db: Db;
  contractId: string;
}): Promise<ContractDocument[]> {
  const rows = await db
    .select()
    .from(contractDocuments)
    .where(eq(contractDocuments.contractId, contractId))
    .orderBy(asc(contractDocuments.createdAt));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    typ: row.typ,
    storageKey: row.storageKey,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * Replaces the partner's open bank account (a new SEPA mandate from `today`): the old account stops
 * being debited from `today`, and every contract of the partner that was debited from it moves to the
 * new one (its version moves on, so a save based on an older read conflicts). A second change on the
 * same day corrects the account of that day in place. Returns the contracts that moved.
 */
export async function replacePartnerBankAccount({
  db,
  partnerId,
  bank,
  today,
}: {
  db: Db;
  partnerId: string;
  bank: Bankverbindung;
  today: CalendarDate;
}): Promise<string[]> {
  return withTransaction(db, async (tx) => {
    const [open] = await tx
      .select()
      .from(bankAccounts)
      .where(and(eq(bankAccounts.partnerId, partnerId), isNull(bankAccounts.gueltigBis)))
      .for('update');
    if (open && open.gueltigAb >= today) {
      await tx.update(bankAccounts).set(bankverbindungColumns(bank)).where(eq(bankAccounts.id, open.id));
      const moved = await tx
        .update(contracts)
        .set({ version: sql`${contracts.version} + 1`, updatedAt: new Date() })
        .where(eq(contracts.bankAccountId, open.id))
        .returning({ id: contracts.id });
      return moved.map((row) => row.id);
    }
    if (open) {
      await tx.update(bankAccounts).set({ gueltigBis: today }).where(eq(bankAccounts.id, open.id));
    }
    const [created] = await tx
      .insert(bankAccounts)
      .values({ partnerId, ...bankverbindungColumns(bank), gueltigAb: today })
      .returning({ id: bankAccounts.id });
    if (!created) throw new Error('INSERT bank_accounts returned no row');
    if (!open) return [];
    const moved = await tx
      .update(contracts)
      .set({ bankAccountId: created.id, version: sql`${contracts.version} + 1`, updatedAt: new Date() })
      .where(and(eq(contracts.partnerId, partnerId), eq(contracts.bankAccountId, open.id)))
      .returning({ id: contracts.id });
    return moved.map((row) => row.id);
  });
}

// SQL of contract documents across contracts: the documents of a partner, one document with the
// partner it belongs to (for the ownership check of a download), and recording its first download.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DokumentTyp } from '@schirm/domain/products/enums';
import type { Database } from '../../db/database';
import { contractDocuments, contracts } from '../../db/schema/contracts';
import type { Transaction } from '../../db/transaction';

type Db = Database | Transaction;

/** A document with the contract it belongs to. */
export interface OwnedDocument {
  id: string;
  name: string;
  typ: DokumentTyp;
  storageKey: string;
  createdAt: string;
  /** When the customer first downloaded it; null while not opened. */
  firstOpenedAt: string | null;
  contractId: string;
  versicherungsNummer: string;
  partnerId: string;
}

const columns = {
  id: contractDocuments.id,
  name: contractDocuments.name,
  typ: contractDocuments.typ,
  storageKey: contractDocuments.storageKey,
  createdAt: contractDocuments.createdAt,
  firstOpenedAt: contractDocuments.firstOpenedAt,
  contractId: contractDocuments.contractId,
  versicherungsNummer: contracts.versicherungsNummer,
  partnerId: contracts.partnerId,
};

type Row = {
  [K in keyof typeof columns]: (typeof columns)[K]['_']['notNull'] extends true
    ? (typeof columns)[K]['_']['data']
    : (typeof columns)[K]['_']['data'] | null;
};

function toDocument(row: Row): OwnedDocument {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    firstOpenedAt: row.firstOpenedAt?.toISOString() ?? null,
  };
}

/** The document with this id and the contract and partner it belongs to. */
export async function findDocumentById({
  db,
  id,
}: {
  db: Db;
  id: string;
}): Promise<OwnedDocument | undefined> {
  const [row] = await db
    .select(columns)
    .from(contractDocuments)
    .innerJoin(contracts, eq(contractDocuments.contractId, contracts.id))
    .where(eq(contractDocuments.id, id));
  return row ? toDocument(row) : undefined;
}

/** Every document of the partner's contracts, newest first. */
export async function listPartnerDocuments({
  db,
  partnerId,
}: {
  db: Db;
  partnerId: string;
}): Promise<OwnedDocument[]> {
  const rows = await db
    .select(columns)
    .from(contractDocuments)
    .innerJoin(contracts, eq(contractDocuments.contractId, contracts.id))
    .where(eq(contracts.partnerId, partnerId))
    .orderBy(desc(contractDocuments.createdAt), contracts.versicherungsNummer);
  return rows.map(toDocument);
}

/** Records the first download of the document; later downloads keep the first time. */
export async function markDocumentOpened({ db, id }: { db: Db; id: string }): Promise<void> {
  await db
    .update(contractDocuments)
    .set({ firstOpenedAt: sql`now()` })
    .where(and(eq(contractDocuments.id, id), isNull(contractDocuments.firstOpenedAt)));
}

// Contract documents (ADR 0009): storing a PDF as a document of a contract, and the customer's
// download area. The file is written first; its row is written in the caller's transaction, so a
// document row always names a complete file (a rolled-back row leaves a harmless orphan file).
// A document of another partner is a 404, like one that does not exist.
import type { DokumentTyp } from '@schirm/domain/products/enums';
import type { Transaction } from '../../db/transaction';
import type { Database } from '../../db/database';
import type { Actor } from '../../platform/auth/actor';
import { assertOwnsPartner } from '../../platform/auth/ownership';
import { notFound } from '../../platform/errors';
import type { FileStorage, StoredFile } from '../../platform/files/file-storage';
import { insertContractDocument, type ContractDocument } from '../contracts/repository';
import { DOCUMENT_DOWNLOAD_PATH } from '../customer-contracts/service';
import { findDocumentById, listPartnerDocuments, markDocumentOpened, type OwnedDocument } from './repository';

/** The download URL of a document. */
export function documentUrl(id: string): string {
  return `${DOCUMENT_DOWNLOAD_PATH}/${id}`;
}

/** The file name a document downloads as: its name and the contract number, e.g. 'Versicherungsschein 9000000101.pdf'. */
export function documentFileName(document: { name: string; versicherungsNummer: string }): string {
  return `${document.name} ${document.versicherungsNummer}.pdf`;
}

/** Stores the PDF in the file storage, then records it as a document of the contract in `tx`. */
export async function storeContractDocument({
  tx,
  files,
  contractId,
  name,
  typ = 'default',
  pdf,
}: {
  tx: Database | Transaction;
  files: FileStorage;
  contractId: string;
  name: string;
  typ?: DokumentTyp;
  pdf: Uint8Array;
}): Promise<ContractDocument> {
  const storageKey = await files.put(pdf, 'pdf');
  return insertContractDocument({ db: tx, contractId, name, typ, storageKey });
}

/** A document of the download area as the API lists it. */
export interface DocumentListItem {
  id: string;
  name: string;
  typ: DokumentTyp;
  url: string;
  versicherungsNummer: string;
  erstelltAm: string;
  /** First download by the customer; null: not opened yet. */
  geoeffnetAm: string | null;
}

function ownPartnerId(actor: Actor): string {
  if (actor.pool !== 'benutzer' || !actor.partnerId) {
    throw notFound(`Account ${actor.userId} has no partner`);
  }
  return actor.partnerId;
}

/** The signed-in customer's documents of all contracts, newest first. */
export async function listCustomerDocuments({
  db,
  actor,
}: {
  db: Database;
  actor: Actor;
}): Promise<DocumentListItem[]> {
  const documents = await listPartnerDocuments({ db, partnerId: ownPartnerId(actor) });
  return documents.map((document) => ({
    id: document.id,
    name: document.name,
    typ: document.typ,
    url: documentUrl(document.id),
    versicherungsNummer: document.versicherungsNummer,
    erstelltAm: document.createdAt,
    geoeffnetAm: document.firstOpenedAt,
  }));
}

/**
 * One document of the signed-in customer, opened for download; 404 for others' and missing files.
 * The first download is recorded (only the owner gets this far), so the document no longer counts
 * as not yet opened.
 */
export async function openCustomerDocument({
  db,
  files,
  actor,
  id,
}: {
  db: Database;
  files: FileStorage;
  actor: Actor;
  id: string;
}): Promise<{ document: OwnedDocument; file: StoredFile }> {
  const document = await findDocumentById({ db, id });
  if (!document) throw notFound(`No document ${id}`);
  assertOwnsPartner(actor, document.partnerId);
  const file = await files.open(document.storageKey);
  if (!file) {
    throw notFound(`Document ${id} names ${document.storageKey}, which is not in the file storage`, {
      code: 'DOCUMENT_FILE_MISSING',
      userMessage: 'Dieses Dokument ist zurzeit nicht verfügbar. Bitte versuchen Sie es später erneut.',
    });
  }
  if (document.firstOpenedAt === null) await markDocumentOpened({ db, id });
  return { document, file };
}

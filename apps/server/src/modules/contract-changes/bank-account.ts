// A new bank account (self-service 'bankverbindung'): the account belongs to the partner and
// replaces the old one for every contract debited from it, at once, with a new SEPA mandate. The
// mandate is written as PDF once and stored as a document of every contract it covers (each row
// its own copy of the file: a storage key names one document), and put in the customer's mailbox
// once, in the same transaction as the account.
import type { Bankverbindung } from '@schirm/domain/contract/contract-record';
import { isActive } from '@schirm/domain/contract/status';
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';
import { catalogueEntryForSummaryProdukt } from '@schirm/domain/products/catalogue';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contracts } from '../../db/schema/contracts';
import { withTransaction, type Transaction } from '../../db/transaction';
import { conflict, notFound } from '../../platform/errors';
import type { FileStorage } from '../../platform/files/file-storage';
import type { StoredContract } from '../contracts/contract-mapping';
import { findPartnerById } from '../contracts/partners-repository';
import { findContractById, replacePartnerBankAccount, type ContractDocument } from '../contracts/repository';
import { storeContractDocument } from '../documents/service';
import { insertMailboxMessage } from '../mailbox/repository';
import { validateIbanWithBank } from '../reference/banks';
import { MANDATE_TEXTS, renderSepaMandate, type MandateContract } from './sepa-mandate-pdf';

type DebitedContract = Pick<
  StoredContract,
  'id' | 'partnerId' | 'versicherungsNummer' | 'produkt' | 'status'
>;

/**
 * The running contracts of the partner debited from the same account as `contract` (itself
 * included), by number: the contracts a new account and mandate apply to.
 */
async function debitedContractRows(
  db: Database | Transaction,
  contract: DebitedContract,
): Promise<Pick<DebitedContract, 'id' | 'versicherungsNummer' | 'produkt'>[]> {
  const sameAccount = db
    .select({ bankAccountId: contracts.bankAccountId })
    .from(contracts)
    .where(eq(contracts.id, contract.id));
  const rows = await db
    .select({
      id: contracts.id,
      versicherungsNummer: contracts.versicherungsNummer,
      produkt: contracts.produkt,
      status: contracts.status,
    })
    .from(contracts)
    .where(and(eq(contracts.partnerId, contract.partnerId), inArray(contracts.bankAccountId, sameAccount)))
    .orderBy(asc(contracts.versicherungsNummer));
  // A contract without an account yet gets the new one as well (replacePartnerBankAccount).
  const found = rows.length === 0 ? [contract] : rows;
  return found.filter((row) => isActive(row.status));
}

function mandateContract(row: Pick<DebitedContract, 'versicherungsNummer' | 'produkt'>): MandateContract {
  return {
    versicherungsNummer: row.versicherungsNummer,
    versicherungsName: catalogueEntryForSummaryProdukt(row.produkt).name,
  };
}

/** The running contracts debited from the same account as `contract`, as the mandate names them. */
export async function debitedContracts(
  db: Database | Transaction,
  contract: DebitedContract,
): Promise<MandateContract[]> {
  return (await debitedContractRows(db, contract)).map(mandateContract);
}

/** The bank's name for an IBAN, where the IBAN names a known German bank. */
export function bankNameOf(iban: string): string | undefined {
  return validateIbanWithBank(iban, { withBankData: true }).bankData?.name;
}

export interface SavedBankAccount {
  contract: StoredContract;
  /** The mandate PDF as document of the contract the change was made on. */
  dokument: ContractDocument;
  /** The contracts the new account and mandate apply to. */
  vertraege: MandateContract[];
}

function contractChanged(versicherungsNummer: string): Error {
  return conflict(`Contract ${versicherungsNummer}: version moved on`, {
    code: 'CONTRACT_CHANGED',
    userMessage:
      'Der Vertrag wurde gerade anderweitig geändert. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
  });
}

/**
 * Replaces the partner's account for every contract debited from the old one and issues the new
 * mandate as PDF, a document of each of these contracts. The contract's version is claimed first,
 * so of two racing saves only one goes through; the PDF file is written before its document rows
 * (a rolled-back transaction leaves an orphan file).
 */
export async function saveBankAccount(
  {
    db,
    files,
    now,
    today,
    afterSave,
  }: {
    db: Database;
    files: FileStorage;
    now: Date;
    today: CalendarDate;
    /** Runs in the transaction once everything is stored (an agent's change, issue 15). */
    afterSave?: (tx: Transaction, saved: SavedBankAccount) => Promise<void>;
  },
  contract: StoredContract,
  bank: Bankverbindung,
): Promise<SavedBankAccount> {
  return withTransaction(db, async (tx) => {
    const claimed = await tx
      .update(contracts)
      .set({ version: contract.version + 1, updatedAt: now })
      .where(and(eq(contracts.id, contract.id), eq(contracts.version, contract.version)))
      .returning({ id: contracts.id });
    if (claimed.length === 0) throw contractChanged(contract.versicherungsNummer);
    await replacePartnerBankAccount({ db: tx, partnerId: contract.partnerId, bank, today });
    const saved = await findContractById({ db: tx, id: contract.id });
    const partner = await findPartnerById({ db: tx, id: contract.partnerId, today });
    const moved = await debitedContractRows(tx, contract);
    const vertraege = moved.map(mandateContract);
    if (!saved) throw notFound(`Contract ${contract.id} vanished`);
    if (!partner) throw new Error(`Contract ${contract.versicherungsNummer} has no partner`);
    const bankName = bankNameOf(bank.iban);
    const pdf = await renderSepaMandate({
      partner,
      bank,
      ...(bankName ? { bankName } : {}),
      contracts: vertraege,
      givenAt: now,
    });
    const store = (contractId: string) =>
      storeContractDocument({ tx, files, contractId, name: MANDATE_TEXTS.documentName, pdf });
    // The answer links the document of the contract the change was made on.
    const dokument = await store(contract.id);
    for (const row of moved) if (row.id !== contract.id) await store(row.id);
    await insertMailboxMessage(tx, {
      partnerId: contract.partnerId,
      contractId: contract.id,
      subject: MANDATE_TEXTS.mailboxSubject,
      body: MANDATE_TEXTS.mailboxBody(now),
      documentId: dokument.id,
    });
    const result = { contract: saved, dokument, vertraege };
    await afterSave?.(tx, result);
    return result;
  });
}

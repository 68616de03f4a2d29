// Cancellation (Kündigung), revocation (Widerruf) and contract confirmation for the signed-in
// customer (spec §7, ADR 0003). The domain decides whether and to when a contract ends; this
// service checks ownership (404 for others' contracts), saves the end under the optimistic lock,
// and issues the receipt at once: a PDF stored as contract document, put in the customer's
// mailbox and e-mailed with the PDF attached. Contract, document, mailbox entry and e-mail are
// written in one transaction, so either all of them exist or none.
import type { ContractRecord } from '@schirm/domain/contract/contract-record';
import { contractEnd } from '@schirm/domain/contract/contract-record';
import { productKeyOf } from '@schirm/domain/contract/product-meta';
import { revocationDeadline, revokeContract, widerrufbar } from '@schirm/domain/contract/revocation';
import type { ContractError } from '@schirm/domain/contract/result';
import { isActive } from '@schirm/domain/contract/status';
import {
  cancelContract,
  earliestCancellationDate,
  suggestedCancellationDate,
  kuendbar,
  ordinaryCancellationDates,
} from '@schirm/domain/contract/termination';
import { addDays, compareDates, todayInGermany, type CalendarDate } from '@schirm/domain/dates/calendar-date';
import { cancellationReasonsFor } from '@schirm/domain/products/catalogue';
import type { Kuendbar } from '@schirm/domain/products/enums';
import { REVOCATION_REASONS, type ReasonOption } from '@schirm/domain/products/revocation-reasons';
import type { Database } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import type { Actor } from '../../platform/auth/actor';
import { assertOwnsPartner } from '../../platform/auth/ownership';
import type { AppError } from '../../platform/errors';
import { conflict, notFound, validationFailed } from '../../platform/errors';
import type { FileStorage } from '../../platform/files/file-storage';
import type { StoredContract } from '../contracts/contract-mapping';
import { findPartnerById, findPartnerByNumber, type Partner } from '../contracts/partners-repository';
import { findContractByNumber, updateContractWithVersion } from '../contracts/repository';
import { viewOf } from '../customer-contracts/service';
import { documentFileName, documentUrl, storeContractDocument } from '../documents/service';
import { DOCUMENT_TEXTS } from '../documents/texts';
import { findAccountById } from '../identity/accounts';
import { insertMailboxMessage } from '../mailbox/repository';
import { enqueueMessage } from '../outbox/outbox';
import type { Transports } from '../outbox/transports';
import {
  renderCancellationReceipt,
  renderConfirmation,
  renderRevocationReceipt,
  type Declaration,
} from './receipts';
import { NOT_CANCELLABLE, NOT_REVOCABLE, RECEIPT_TEXTS, TERMINATION_ERRORS } from './texts';

export interface TerminationContext {
  db: Database;
  files: FileStorage;
  transports: Transports;
  actor: Actor;
  /** The moment the declaration is received; its day in Germany is "today". */
  now: Date;
}

/** A document as the answers name it. */
export interface DocumentRef {
  id: string;
  name: string;
  typ: 'default' | 'other';
  url: string;
}

/** The answer to a cancellation or revocation: the new state and the receipt. */
export interface TerminationReceipt {
  versicherungsNummer: string;
  vertragsstatus: StoredContract['status'];
  /** The "zum" end date. */
  beendigungsdatum: CalendarDate;
  /** When the declaration was received (ISO timestamp). */
  eingegangenAm: string;
  dokument: DocumentRef;
}

// The domain's rules read the record's common fields only; the stored product details are the
// tariffs' richer documents, which these rules never look at.
function asRecord(contract: StoredContract): ContractRecord {
  return contract as unknown as ContractRecord;
}

async function ownedContract(db: Database, actor: Actor, versicherungsNummer: string) {
  const contract = await findContractByNumber({ db, versicherungsNummer });
  if (!contract) throw notFound(`No contract ${versicherungsNummer}`);
  assertOwnsPartner(actor, contract.partnerId);
  return contract;
}

async function partnerOf(db: Database, contract: StoredContract, today: CalendarDate): Promise<Partner> {
  const partner = await findPartnerById({ db, id: contract.partnerId, today });
  if (!partner)
    throw new Error(`Contract ${contract.versicherungsNummer} has no partner ${contract.partnerId}`);
  return partner;
}

/** Why the contract cannot be cancelled in the ordinary way today (kuendbar NEIN), in German. */
export function whyNotCancellable(record: ContractRecord, today: CalendarDate): string {
  if (!isActive(record.status)) return NOT_CANCELLABLE.ended;
  if (record.beendigung) return NOT_CANCELLABLE.alreadyEnding(record.beendigung.zum);
  const end = contractEnd(record);
  if (end !== undefined && earliestCancellationDate(record, today) === undefined) {
    return NOT_CANCELLABLE.fixedTerm(end);
  }
  return NOT_CANCELLABLE.noDate;
}

/** Why the contract cannot be revoked today, in German. */
export function whyNotRevocable(record: ContractRecord): string {
  if (!isActive(record.status)) return NOT_REVOCABLE.ended;
  const deadline = revocationDeadline(record);
  return deadline === undefined ? NOT_REVOCABLE.noRight : NOT_REVOCABLE.deadlinePassed(deadline);
}

/** What the cancellation page offers for a contract today. */
export interface CancellationOptions {
  versicherungsNummer: string;
  kuendbar: Kuendbar;
  /** Earliest end date ("zum") of a cancellation received today. */
  fruehestesDatum?: CalendarDate;
  /** VERTRAGSENDE: the next end dates to choose from; TAEGLICH: the earliest (any later day is allowed too). */
  termine: CalendarDate[];
  /**
   * The end date the form preselects: the earliest ordinary end of an insurance year with notice,
   * also when the contract can be cancelled daily (an earlier day is the customer's choice).
   */
  vorgeschlagenesDatum?: CalendarDate;
  /** TAEGLICH with a fixed end: the last day a cancellation may name. */
  spaetestesDatum?: CalendarDate;
  /** Why the contract cannot be cancelled, when kuendbar is NEIN. */
  kuendigungHinweis?: string;
  widerrufbar: boolean;
  /** Last day of the revocation period, while the contract can be revoked. */
  widerrufBis?: CalendarDate;
  /** Why the contract cannot be revoked, when widerrufbar is false. */
  widerrufHinweis?: string;
}

/** The cancellation and revocation options of one of the customer's contracts today. */
export async function cancellationOptions(
  { db, actor, now }: Pick<TerminationContext, 'db' | 'actor' | 'now'>,
  versicherungsNummer: string,
): Promise<CancellationOptions> {
  const record = asRecord(await ownedContract(db, actor, versicherungsNummer));
  const today = todayInGermany(now);
  const rule = kuendbar(record, today);
  const earliest = earliestCancellationDate(record, today);
  const suggested = suggestedCancellationDate(record, today);
  const end = contractEnd(record);
  const canRevoke = widerrufbar(record, today);
  const deadline = canRevoke ? revocationDeadline(record) : undefined;
  return {
    versicherungsNummer,
    kuendbar: rule,
    ...(earliest ? { fruehestesDatum: earliest } : {}),
    ...(suggested ? { vorgeschlagenesDatum: suggested } : {}),
    termine:
      rule === 'VERTRAGSENDE'
        ? ordinaryCancellationDates(record, today, 3)
        : rule === 'TAEGLICH' && earliest
          ? [earliest]
          : [],
    ...(rule === 'TAEGLICH' && end ? { spaetestesDatum: addDays(end, -1) } : {}),
    ...(rule === 'NEIN' ? { kuendigungHinweis: whyNotCancellable(record, today) } : {}),
    widerrufbar: canRevoke,
    ...(deadline ? { widerrufBis: deadline } : {}),
    ...(canRevoke ? {} : { widerrufHinweis: whyNotRevocable(record) }),
  };
}

function reasonLabel(reasons: readonly ReasonOption[], key: string, message: string): string {
  const reason = reasons.find((candidate) => candidate.key === key);
  if (!reason) throw validationFailed([{ path: 'reason', message }], `Unknown reason ${key}`);
  return reason.label;
}

function refusal(error: ContractError, message: string): AppError {
  return conflict(error.message, { code: error.code, userMessage: message });
}

type EndKind = 'cancellation' | 'revocation';

/**
 * Saves the contract's new end under the optimistic lock and issues the receipt: PDF as document,
 * mailbox entry and e-mail with the PDF, all in one transaction (the file is written first).
 */
async function recordEnd({
  ctx,
  contract,
  next,
  kind,
  declaration,
}: {
  ctx: TerminationContext;
  contract: StoredContract;
  next: ContractRecord;
  kind: EndKind;
  declaration: Declaration;
}): Promise<TerminationReceipt> {
  const { db, files, transports, actor } = ctx;
  const today = todayInGermany(declaration.receivedAt);
  const [view, partner, account] = await Promise.all([
    viewOf(db, contract, today, false),
    partnerOf(db, contract, today),
    findAccountById(db, actor.userId),
  ]);
  const lastDay = addDays(declaration.zum, -1);
  const texts = kind === 'cancellation' ? RECEIPT_TEXTS.cancellation : RECEIPT_TEXTS.revocation;
  const input = {
    view,
    partner,
    declaration,
    effect:
      kind === 'cancellation'
        ? RECEIPT_TEXTS.cancellation.effect(declaration.zum, lastDay)
        : RECEIPT_TEXTS.revocation.effect(lastDay, compareDates(lastDay, contract.vertragsBeginn) >= 0),
  };
  const pdf = await (kind === 'cancellation'
    ? renderCancellationReceipt(input)
    : renderRevocationReceipt(input));
  const subject = texts.mailSubject(contract.versicherungsNummer);
  const body =
    kind === 'cancellation'
      ? RECEIPT_TEXTS.cancellation.mailBody(
          contract.versicherungsNummer,
          declaration.receivedAt,
          declaration.zum,
        )
      : RECEIPT_TEXTS.revocation.mailBody(contract.versicherungsNummer, declaration.receivedAt);

  const document = await withTransaction(db, async (tx) => {
    const saved = await updateContractWithVersion({
      db: tx,
      id: contract.id,
      expectedVersion: contract.version,
      changes: {
        status: next.status,
        beendigung: next.beendigung,
        vorgemerkteAenderungen: next.vorgemerkteAenderungen,
      },
    });
    if (!saved.ok) {
      throw conflict(`Contract ${contract.versicherungsNummer}: ${saved.reason} while ending it`, {
        code: 'CONTRACT_CHANGED',
        userMessage: TERMINATION_ERRORS.contractChanged,
      });
    }
    const stored = await storeContractDocument({
      tx,
      files,
      contractId: contract.id,
      name: texts.documentName,
      pdf,
    });
    await insertMailboxMessage(tx, {
      partnerId: contract.partnerId,
      contractId: contract.id,
      subject,
      body,
      documentId: stored.id,
    });
    if (account) {
      await enqueueMessage(tx, transports, {
        channel: 'email',
        to: account.email,
        subject,
        body,
        purpose: kind === 'cancellation' ? 'CANCELLATION_RECEIPT' : 'REVOCATION_RECEIPT',
        attachment: {
          name: documentFileName({ name: stored.name, versicherungsNummer: contract.versicherungsNummer }),
          storageKey: stored.storageKey,
        },
      });
    }
    return stored;
  });
  return {
    versicherungsNummer: contract.versicherungsNummer,
    vertragsstatus: next.status,
    beendigungsdatum: declaration.zum,
    eingegangenAm: declaration.receivedAt.toISOString(),
    dokument: { id: document.id, name: document.name, typ: document.typ, url: documentUrl(document.id) },
  };
}

export interface CancellationRequest {
  versicherungsNummer: string;
  grund: string;
  /** The end date asked for; without it the earliest possible date (§312k BGB). */
  kuendigungsdatum?: CalendarDate;
  freitext?: string;
}

/** The customer cancels one of their contracts (self-service cancellation, behind its flag). */
export async function cancelCustomerContract(
  ctx: TerminationContext,
  request: CancellationRequest,
): Promise<TerminationReceipt> {
  const contract = await ownedContract(ctx.db, ctx.actor, request.versicherungsNummer);
  return cancelContractAsRead(ctx, contract, request);
}

/**
 * Cancels the contract as the caller read it: when anyone saved it since (another version), the
 * cancellation is refused with 409 CONTRACT_CHANGED and nothing is written.
 */
export async function cancelContractAsRead(
  ctx: TerminationContext,
  contract: StoredContract,
  { versicherungsNummer, grund, kuendigungsdatum, freitext }: CancellationRequest,
): Promise<TerminationReceipt> {
  const label = reasonLabel(
    cancellationReasonsFor(productKeyOf(contract.produkt)),
    grund,
    TERMINATION_ERRORS.unknownCancellationReason,
  );
  const today = todayInGermany(ctx.now);
  const record = asRecord(contract);
  const result = cancelContract(
    record,
    { grund, ...(kuendigungsdatum ? { zum: kuendigungsdatum } : {}), ...(freitext ? { freitext } : {}) },
    today,
  );
  if (!result.ok) {
    switch (result.error.code) {
      case 'NOT_CANCELLABLE':
        throw refusal(result.error, whyNotCancellable(record, today));
      case 'INVALID_CANCELLATION_DATE':
        throw validationFailed(
          [
            {
              path: 'kuendigungsdatum',
              message: TERMINATION_ERRORS.cancellationDate(earliestCancellationDate(record, today)),
            },
          ],
          result.error.message,
        );
      case 'TRANSITION_NOT_ALLOWED':
      case 'TRANSITION_GUARD_FAILED':
        throw refusal(result.error, TERMINATION_ERRORS.transitionRefused);
    }
  }
  const end = result.value.beendigung;
  if (!end) throw new Error(`Cancelled contract ${versicherungsNummer} without an end`);
  return recordEnd({
    ctx,
    contract,
    next: result.value,
    kind: 'cancellation',
    declaration: { receivedAt: ctx.now, reasonLabel: label, zum: end.zum, ...(freitext ? { freitext } : {}) },
  });
}

export interface RevocationRequest {
  versicherungsNummer: string;
  grund: string;
  freitext?: string;
}

/** The customer revokes one of their contracts while the revocation period runs (Widerrufsbutton). */
export async function revokeCustomerContract(
  ctx: TerminationContext,
  { versicherungsNummer, grund, freitext }: RevocationRequest,
): Promise<TerminationReceipt> {
  const contract = await ownedContract(ctx.db, ctx.actor, versicherungsNummer);
  const label = reasonLabel(REVOCATION_REASONS, grund, TERMINATION_ERRORS.unknownRevocationReason);
  const today = todayInGermany(ctx.now);
  const record = asRecord(contract);
  const result = revokeContract(record, { grund, ...(freitext ? { freitext } : {}) }, today);
  if (!result.ok) {
    throw refusal(
      result.error,
      result.error.code === 'NOT_REVOCABLE' ? whyNotRevocable(record) : TERMINATION_ERRORS.transitionRefused,
    );
  }
  const end = result.value.beendigung;
  if (!end) throw new Error(`Revoked contract ${versicherungsNummer} without an end`);
  return recordEnd({
    ctx,
    contract,
    next: result.value,
    kind: 'revocation',
    declaration: { receivedAt: ctx.now, reasonLabel: label, zum: end.zum, ...(freitext ? { freitext } : {}) },
  });
}

/** The customer asks for a confirmation of their contract as of today: PDF as document and in the mailbox. */
export async function requestContractConfirmation(
  { db, files, actor, now }: Omit<TerminationContext, 'transports'>,
  { partnerNummer, versicherungsNummer }: { partnerNummer: string; versicherungsNummer: string },
): Promise<{ dokument: DocumentRef }> {
  const today = todayInGermany(now);
  const partner = await findPartnerByNumber({ db, partnerNummer, today });
  if (!partner) throw notFound(`No partner ${partnerNummer}`);
  assertOwnsPartner(actor, partner.id);
  const contract = await findContractByNumber({ db, versicherungsNummer });
  if (!contract || contract.partnerId !== partner.id) {
    throw notFound(`No contract ${versicherungsNummer} of partner ${partnerNummer}`);
  }
  const view = await viewOf(db, contract, today, false);
  const pdf = await renderConfirmation({
    contract,
    view,
    partner,
    today,
    statusLabel: DOCUMENT_TEXTS.status[contract.status],
  });
  const texts = RECEIPT_TEXTS.confirmation;
  const document = await withTransaction(db, async (tx) => {
    const stored = await storeContractDocument({
      tx,
      files,
      contractId: contract.id,
      name: texts.documentName,
      pdf,
    });
    await insertMailboxMessage(tx, {
      partnerId: partner.id,
      contractId: contract.id,
      subject: texts.mailboxSubject(versicherungsNummer),
      body: texts.mailboxBody(versicherungsNummer, today),
      documentId: stored.id,
    });
    return stored;
  });
  return {
    dokument: { id: document.id, name: document.name, typ: document.typ, url: documentUrl(document.id) },
  };
}

// The reads of the data export, all inside the caller's read-only transaction, one after another
// (a transaction is one connection: node-postgres queues concurrent queries and deprecates doing so). They select the
// columns the export shows and nothing else: SRP salts and verifiers, token, TAN and code hashes,
// SRP session secrets, message bodies, file storage keys and upload URL hashes are never read here.
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { agents } from '../../db/schema/agents';
import { auditLog } from '../../db/schema/audit';
import {
  claimDocuments,
  claimDrafts,
  claimMessages,
  claims,
  claimStatusHistory,
} from '../../db/schema/claims';
import { consents, consentTexts, feedback } from '../../db/schema/consents';
import { contractDocuments, contracts, pendingChanges, premiumHistory } from '../../db/schema/contracts';
import { accounts, oneTimeTokens, refreshTokens, tanVerifications } from '../../db/schema/identity';
import { mailboxMessages } from '../../db/schema/mailbox';
import { outboxMessages } from '../../db/schema/outbox';
import { addresses, bankAccounts, partners } from '../../db/schema/partners';
import { tasks } from '../../db/schema/tasks';
import { uploads, type UploadTargetKind } from '../../db/schema/uploads';
import type { Transaction } from '../../db/transaction';

type Tx = Transaction;

/** The customer's account without its secrets. */
export async function readAccount(tx: Tx, accountId: string) {
  const [row] = await tx
    .select({
      id: accounts.id,
      pool: accounts.pool,
      username: accounts.username,
      email: accounts.email,
      nickname: accounts.nickname,
      mobile: accounts.mobile,
      status: accounts.status,
      partnerId: accounts.partnerId,
      lockedUntil: accounts.lockedUntil,
      createdAt: accounts.createdAt,
      updatedAt: accounts.updatedAt,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row;
}

/** The partner with every address and bank account it ever had, oldest first. */
export async function readPartner(tx: Tx, partnerId: string) {
  const [partner] = await tx.select().from(partners).where(eq(partners.id, partnerId));
  if (!partner) return undefined;
  const adressen = await tx
    .select()
    .from(addresses)
    .where(eq(addresses.partnerId, partnerId))
    .orderBy(asc(addresses.gueltigAb), asc(addresses.createdAt));
  const konten = await tx
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.partnerId, partnerId))
    .orderBy(asc(bankAccounts.gueltigAb), asc(bankAccounts.createdAt));
  return { partner, adressen, konten };
}

/** What the contracts have beside their record: premiums, all changes, documents, reminders. */
export async function readContractHistory(tx: Tx, contractIds: readonly string[]) {
  if (contractIds.length === 0) return { premiums: [], changes: [], documents: [], reminders: [] };
  const ids = [...contractIds];
  const premiums = await tx
    .select()
    .from(premiumHistory)
    .where(inArray(premiumHistory.contractId, ids))
    .orderBy(asc(premiumHistory.gueltigAb), asc(premiumHistory.createdAt));
  const changes = await tx
    .select()
    .from(pendingChanges)
    .where(inArray(pendingChanges.contractId, ids))
    .orderBy(asc(pendingChanges.wirksamkeitsdatum), asc(pendingChanges.createdAt));
  const documents = await tx
    .select({
      id: contractDocuments.id,
      contractId: contractDocuments.contractId,
      name: contractDocuments.name,
      typ: contractDocuments.typ,
      createdAt: contractDocuments.createdAt,
    })
    .from(contractDocuments)
    .where(inArray(contractDocuments.contractId, ids))
    .orderBy(asc(contractDocuments.createdAt));
  const reminders = await tx
    .select()
    .from(tasks)
    .where(inArray(tasks.contractId, ids))
    .orderBy(asc(tasks.faelligAm));
  return { premiums, changes, documents, reminders };
}

/** The agents looking after the contracts, by agent number: the contact the portal shows. */
export async function readAgents(tx: Tx, vermittlerNummern: readonly string[]) {
  if (vermittlerNummern.length === 0) return [];
  return tx
    .select({
      vermittlerNummer: agents.vermittlerNummer,
      name: agents.name,
      email: agents.email,
      vertriebsweg: agents.vertriebsweg,
    })
    .from(agents)
    .where(inArray(agents.vermittlerNummer, [...vermittlerNummern]));
}

/** Every audit entry about the account, oldest first. */
export function readAuditTrail(tx: Tx, accountId: string) {
  return tx
    .select({
      occurredAt: auditLog.occurredAt,
      action: auditLog.action,
      actorAccountId: auditLog.actorAccountId,
      ip: auditLog.ip,
      userAgent: auditLog.userAgent,
      details: auditLog.details,
    })
    .from(auditLog)
    .where(eq(auditLog.accountId, accountId))
    .orderBy(asc(auditLog.occurredAt), asc(auditLog.id));
}

/** The account's refresh tokens (one family per sign-in), without their hashes. */
export function readSessionTokens(tx: Tx, accountId: string) {
  return tx
    .select({
      familyId: refreshTokens.familyId,
      expiresAt: refreshTokens.expiresAt,
      rotatedAt: refreshTokens.rotatedAt,
      revokedAt: refreshTokens.revokedAt,
      createdAt: refreshTokens.createdAt,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.accountId, accountId))
    .orderBy(asc(refreshTokens.createdAt));
}

/** SMS TAN verifications and e-mailed links or codes of the account or its partner, without hashes. */
export async function readConfirmations(tx: Tx, accountId: string, partnerId: string) {
  const tans = await tx
    .select({
      purpose: tanVerifications.purpose,
      mobile: tanVerifications.mobile,
      createdAt: tanVerifications.createdAt,
      expiresAt: tanVerifications.expiresAt,
      verifiedAt: tanVerifications.verifiedAt,
    })
    .from(tanVerifications)
    .where(eq(tanVerifications.accountId, accountId));
  const links = await tx
    .select({
      kind: oneTimeTokens.kind,
      // Only the address a link went to: the payload of an e-mail change also holds the new verifier.
      email: sql<string | null>`${oneTimeTokens.payload}->>'email'`,
      createdAt: oneTimeTokens.createdAt,
      expiresAt: oneTimeTokens.expiresAt,
      usedAt: oneTimeTokens.usedAt,
    })
    .from(oneTimeTokens)
    .where(or(eq(oneTimeTokens.accountId, accountId), eq(oneTimeTokens.partnerId, partnerId)));
  return { tans, links };
}

/** Metadata of the messages sent to any of the addresses and numbers (never the body), oldest first. */
export function readMessagesTo(tx: Tx, recipients: readonly string[]) {
  if (recipients.length === 0) return Promise.resolve([]);
  return tx
    .select({
      channel: outboxMessages.channel,
      recipient: outboxMessages.recipient,
      subject: outboxMessages.subject,
      purpose: outboxMessages.purpose,
      attachmentName: outboxMessages.attachmentName,
      status: outboxMessages.status,
      createdAt: outboxMessages.createdAt,
      sentAt: outboxMessages.sentAt,
    })
    .from(outboxMessages)
    .where(inArray(outboxMessages.recipient, [...recipients]))
    .orderBy(asc(outboxMessages.createdAt));
}

/** The partner's mailbox (Postfach): subject, contract, attachment name and dates, oldest first. */
export function readMailbox(tx: Tx, partnerId: string) {
  return tx
    .select({
      id: mailboxMessages.id,
      subject: mailboxMessages.subject,
      versicherungsNummer: contracts.versicherungsNummer,
      documentName: contractDocuments.name,
      direction: mailboxMessages.direction,
      createdAt: mailboxMessages.createdAt,
      readAt: mailboxMessages.readAt,
      deletedAt: mailboxMessages.deletedAt,
    })
    .from(mailboxMessages)
    .leftJoin(contracts, eq(mailboxMessages.contractId, contracts.id))
    .leftJoin(contractDocuments, eq(mailboxMessages.documentId, contractDocuments.id))
    .where(eq(mailboxMessages.partnerId, partnerId))
    .orderBy(asc(mailboxMessages.createdAt));
}

/**
 * The partner's claims (reported by them or, publicly, by someone else against their contract) with
 * their state history, required documents and conversation. The public claimant's details (melder),
 * who moved a claim and the messages' texts are not read: the customer's claim pages do not show the
 * first two, and texts are read in the claim itself, as for the Postfach.
 */
export async function readClaims(tx: Tx, partnerId: string) {
  const rows = await tx
    .select({
      id: claims.id,
      schadennummer: claims.schadennummer,
      contractId: claims.contractId,
      versicherungsNummer: contracts.versicherungsNummer,
      produkt: claims.produkt,
      status: claims.status,
      schadentag: claims.schadentag,
      antworten: claims.antworten,
      quelle: claims.quelle,
      gemeldetAm: claims.gemeldetAm,
      updatedAt: claims.updatedAt,
    })
    .from(claims)
    .innerJoin(contracts, eq(claims.contractId, contracts.id))
    .where(eq(claims.partnerId, partnerId))
    .orderBy(asc(claims.gemeldetAm), asc(claims.schadennummer));
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return { claims: rows, history: [], documents: [], messages: [] };
  const history = await tx
    .select({
      claimId: claimStatusHistory.claimId,
      status: claimStatusHistory.status,
      grund: claimStatusHistory.grund,
      am: claimStatusHistory.am,
    })
    .from(claimStatusHistory)
    .where(inArray(claimStatusHistory.claimId, ids))
    .orderBy(asc(claimStatusHistory.am), asc(claimStatusHistory.id));
  const documents = await tx
    .select({
      id: claimDocuments.id,
      claimId: claimDocuments.claimId,
      titel: claimDocuments.titel,
      beschreibung: claimDocuments.beschreibung,
      fristBis: claimDocuments.fristBis,
      erforderlich: claimDocuments.erforderlich,
      quelle: claimDocuments.quelle,
      angefordertAm: claimDocuments.angefordertAm,
      eingereichtAm: claimDocuments.eingereichtAm,
    })
    .from(claimDocuments)
    .where(inArray(claimDocuments.claimId, ids))
    .orderBy(asc(claimDocuments.angefordertAm), asc(claimDocuments.fristBis), asc(claimDocuments.key));
  const messages = await tx
    .select({
      claimId: claimMessages.claimId,
      autorArt: claimMessages.autorArt,
      quelle: claimMessages.quelle,
      betreff: claimMessages.betreff,
      createdAt: claimMessages.createdAt,
      gelesenAm: claimMessages.gelesenAm,
    })
    .from(claimMessages)
    .where(inArray(claimMessages.claimId, ids))
    .orderBy(asc(claimMessages.createdAt), asc(claimMessages.id));
  return { claims: rows, history, documents, messages };
}

/** The partner's unfinished claim reports (one per contract). */
export function readClaimDrafts(tx: Tx, partnerId: string) {
  return tx
    .select({
      contractId: claimDrafts.contractId,
      versicherungsNummer: contracts.versicherungsNummer,
      produkt: claimDrafts.produkt,
      antworten: claimDrafts.antworten,
      updatedAt: claimDrafts.updatedAt,
    })
    .from(claimDrafts)
    .innerJoin(contracts, eq(claimDrafts.contractId, contracts.id))
    .where(eq(claimDrafts.partnerId, partnerId))
    .orderBy(asc(claimDrafts.updatedAt));
}

/** Name, size and detected type of the files attached to the targets (never their bytes or storage key). */
export async function readAttachedFiles(tx: Tx, kind: UploadTargetKind, targetIds: readonly string[]) {
  if (targetIds.length === 0) return [];
  return tx
    .select({
      targetId: uploads.targetId,
      dateiname: uploads.dateiname,
      groesse: uploads.groesse,
      typ: uploads.typ,
    })
    .from(uploads)
    .where(and(eq(uploads.targetKind, kind), inArray(uploads.targetId, [...targetIds])))
    .orderBy(asc(uploads.attachedAt), asc(uploads.id));
}

/** Every upload the account asked for, finished or not, oldest first. */
export function readUploads(tx: Tx, accountId: string) {
  return tx
    .select({
      dateiname: uploads.dateiname,
      angegebeneGroesse: uploads.angegebeneGroesse,
      groesse: uploads.groesse,
      typ: uploads.typ,
      status: uploads.status,
      hinweise: uploads.hinweise,
      targetKind: uploads.targetKind,
      createdAt: uploads.createdAt,
      attachedAt: uploads.attachedAt,
    })
    .from(uploads)
    .where(eq(uploads.accountId, accountId))
    .orderBy(asc(uploads.createdAt), asc(uploads.id));
}

/** Every consent the partner gave, with the SHA-256 of the wording it was given to, oldest first. */
export function readConsents(tx: Tx, partnerId: string) {
  return tx
    .select({
      art: consents.art,
      version: consents.version,
      sha256: consentTexts.sha256,
      erteiltAm: consents.erteiltAm,
      beendetAm: consents.beendetAm,
      beendetDurch: consents.beendetDurch,
    })
    .from(consents)
    .innerJoin(
      consentTexts,
      and(eq(consents.art, consentTexts.art), eq(consents.version, consentTexts.version)),
    )
    .where(eq(consents.partnerId, partnerId))
    .orderBy(asc(consents.erteiltAm), asc(consents.id));
}

/** The feedback the partner left while signed in (anonymous feedback cannot be attributed). */
export function readFeedback(tx: Tx, partnerId: string) {
  return tx
    .select({
      quelle: feedback.quelle,
      bewertung: feedback.bewertung,
      kommentar: feedback.kommentar,
      createdAt: feedback.createdAt,
    })
    .from(feedback)
    .where(eq(feedback.partnerId, partnerId))
    .orderBy(asc(feedback.createdAt), asc(feedback.id));
}

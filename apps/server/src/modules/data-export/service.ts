// The customer's data export (DSGVO Art. 15 and 20): everything held about the signed-in customer,
// read in one read-only REPEATABLE READ transaction so all sections show the same moment, then
// recorded in the audit log. Only the customer's own partner and account are read; the account and
// partner come from the verified token, never from the request.
import { todayInGermany } from '@schirm/domain/dates/calendar-date';
import type { Database } from '../../db/database';
import type { Transaction } from '../../db/transaction';
import type { Actor } from '../../platform/auth/actor';
import { forbidden, notFound } from '../../platform/errors';
import { findContractsByPartner } from '../contracts/repository';
import { recordAudit, type RequestMeta } from '../identity/audit';
import { EXPORT_FORMAT, EXPORT_VERSION, type Datenauskunft } from './export-format';
import {
  accessSection,
  claimDraftsSection,
  claimsSection,
  consentsSection,
  contractEntry,
  feedbackSection,
  messagesSection,
  personSection,
  signInHistory,
  uploadsSection,
} from './export-mapping';
import {
  readAccount,
  readAgents,
  readAttachedFiles,
  readAuditTrail,
  readClaimDrafts,
  readClaims,
  readConfirmations,
  readConsents,
  readFeedback,
  readUploads,
  readContractHistory,
  readMailbox,
  readMessagesTo,
  readPartner,
  readSessionTokens,
} from './repository';

/** The addresses and numbers messages to this customer went to (e-mail compared as stored and lower-cased). */
function recipientsOf(
  account: { email: string; username: string; mobile: string | null },
  partner: { email: string | null; telefon: string | null },
): string[] {
  const candidates = [account.email, account.username, account.mobile, partner.email, partner.telefon];
  const values = candidates.filter((value): value is string => !!value);
  return [...new Set([...values, ...values.map((value) => value.toLowerCase())])];
}

async function collect(tx: Transaction, actor: Actor, partnerId: string, now: Date): Promise<Datenauskunft> {
  const account = await readAccount(tx, actor.userId);
  if (!account || account.partnerId !== partnerId) throw notFound(`Account ${actor.userId} not found`);
  const partnerRows = await readPartner(tx, partnerId);
  if (!partnerRows) throw notFound(`Partner ${partnerId} not found`);
  const contracts = await findContractsByPartner({ db: tx, partnerId });
  const history = await readContractHistory(
    tx,
    contracts.map((c) => c.id),
  );
  const agents = await readAgents(tx, [
    ...new Set(contracts.flatMap((c) => (c.vermittlerNummer ? [c.vermittlerNummer] : []))),
  ]);
  const trail = await readAuditTrail(tx, account.id);
  const tokens = await readSessionTokens(tx, account.id);
  const confirmations = await readConfirmations(tx, account.id, partnerId);
  const messages = await readMessagesTo(tx, recipientsOf(account, partnerRows.partner));
  const mailbox = await readMailbox(tx, partnerId);
  const mailboxFiles = await readAttachedFiles(
    tx,
    'nachricht',
    mailbox.map((m) => m.id),
  );
  const claims = await readClaims(tx, partnerId);
  const claimFiles = await readAttachedFiles(
    tx,
    'schaden',
    claims.claims.map((c) => c.id),
  );
  const documentFiles = await readAttachedFiles(
    tx,
    'schadendokument',
    claims.documents.map((d) => d.id),
  );
  const drafts = await readClaimDrafts(tx, partnerId);
  const consents = await readConsents(tx, partnerId);
  const feedback = await readFeedback(tx, partnerId);
  const uploads = await readUploads(tx, account.id);
  const today = todayInGermany(now);
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    erstelltAm: now.toISOString(),
    person: personSection(partnerRows),
    zugang: accessSection(account, trail, tokens, confirmations),
    vertraege: contracts.map((contract) => contractEntry(contract, today, history, agents)),
    nachrichten: messagesSection(messages, mailbox, mailboxFiles),
    anmeldeverlauf: signInHistory(account.id, trail),
    schaeden: claimsSection(claims, claimFiles, documentFiles, contracts),
    schadenEntwuerfe: claimDraftsSection(drafts, contracts, today),
    einwilligungen: consentsSection(consents),
    feedback: feedbackSection(feedback),
    hochgeladeneDateien: uploadsSection(uploads),
  };
}

/** Everything held about the signed-in customer, as one consistent snapshot; the export is audited. */
export async function exportCustomerData({
  db,
  actor,
  meta,
}: {
  db: Database;
  actor: Actor;
  meta: RequestMeta;
}): Promise<Datenauskunft> {
  const partnerId = actor.partnerId;
  if (actor.pool !== 'benutzer' || !partnerId) throw forbidden('Only customers export their data');
  const data = await db.transaction((tx) => collect(tx, actor, partnerId, meta.now), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
  await recordAudit(db, meta, {
    action: 'DATA_EXPORTED',
    pool: 'benutzer',
    accountId: actor.userId,
    username: actor.username,
    details: { vertraege: data.vertraege.length },
  });
  return data;
}

// Messages of agents to the insurer's agent service (/vermittler-nachricht/, issue 15): stored with
// topic, optional customer and contract (only one the agent reaches: the scope rule), and a
// confirmation to the agent's notice address; clerks (pool innendienst) list the open ones and
// answer, and the answer goes to the agent by e-mail. Idempotent per Idempotency-Key and account.
// Attachments are the agent's own finished uploads (modules/uploads, target 'vermittlernachricht'),
// attached in the sending transaction; the clerks and the sending agent download them.
import { and, count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { agentMessages, type AgentMessageThema } from '../../db/schema/agent-admin';
import { agents } from '../../db/schema/agents';
import { contracts } from '../../db/schema/contracts';
import { partners } from '../../db/schema/partners';
import { withTransaction } from '../../db/transaction';
import type { Actor } from '../../platform/auth/actor';
import { agentScope, assertAgentReachesPartner } from '../../platform/auth/ownership';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { plainTextOf, sanitizeMessageHtml } from '../mailbox/sanitize';
import { enqueueMessage } from '../outbox/outbox';
import type { Transports } from '../outbox/transports';
import { attachUploads, findUploadTarget, listAttachedUploads, openUpload } from '../uploads/service';
import type { FileStorage } from '../../platform/files/file-storage';
import { noticeAddressOf } from './agents';
import { AGENT_ADMIN_TEXTS as T, THEMA_LABELS } from './texts';

export const AGENT_MESSAGE_MAX_LENGTH = 20_000;
export const ANSWER_MAX_LENGTH = 10_000;

export interface AgentMessageInput {
  thema: AgentMessageThema;
  betreff: string;
  html: string;
  partnerNummer?: string | undefined;
  vertragsnummer?: string | undefined;
  /** Finished uploads of the sending account (POST /api/upload/). */
  uploadIds?: readonly string[] | undefined;
}

export interface AgentMessageAttachment {
  id: string;
  name: string;
  groesse: number;
  typ: string;
}

export interface AgentMessage {
  id: string;
  erstelldatum: string;
  thema: AgentMessageThema;
  themaLabel: string;
  betreff: string;
  text: string;
  /** The editor's HTML, sanitised when stored (mailbox's sanitizeMessageHtml). */
  html: string;
  anhaenge: AgentMessageAttachment[];
  vermittler: { vermittlerNummer: string; name: string; agentur: string };
  partnerNummer: string | null;
  vertragsnummer: string | null;
  antwort: string | null;
  beantwortetAm: string | null;
}

const columns = {
  id: agentMessages.id,
  createdAt: agentMessages.createdAt,
  thema: agentMessages.thema,
  betreff: agentMessages.betreff,
  text: agentMessages.text,
  html: agentMessages.html,
  antwort: agentMessages.antwort,
  beantwortetAm: agentMessages.beantwortetAm,
  vermittlerNummer: agents.vermittlerNummer,
  agentName: agents.name,
  agentur: agents.agenturName,
  partnerNummer: partners.partnerNummer,
  vertragsnummer: contracts.versicherungsNummer,
};

function select(db: Database) {
  return db
    .select(columns)
    .from(agentMessages)
    .innerJoin(agents, eq(agents.id, agentMessages.agentId))
    .leftJoin(partners, eq(partners.id, agentMessages.partnerId))
    .leftJoin(contracts, eq(contracts.id, agentMessages.contractId));
}

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

async function toMessages(db: Database, rows: Row[]): Promise<AgentMessage[]> {
  const attached = await listAttachedUploads(
    db,
    'vermittlernachricht',
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    toMessage(
      row,
      (attached.get(row.id) ?? []).map((file) => ({
        id: file.id,
        name: file.dateiname,
        groesse: file.groesse,
        typ: file.typ,
      })),
    ),
  );
}

function toMessage(row: Row, anhaenge: AgentMessageAttachment[]): AgentMessage {
  return {
    id: row.id,
    erstelldatum: row.createdAt.toISOString(),
    thema: row.thema,
    themaLabel: THEMA_LABELS[row.thema],
    betreff: row.betreff,
    text: row.text,
    html: row.html,
    anhaenge,
    vermittler: { vermittlerNummer: row.vermittlerNummer, name: row.agentName, agentur: row.agentur },
    partnerNummer: row.partnerNummer,
    vertragsnummer: row.vertragsnummer,
    antwort: row.antwort,
    beantwortetAm: row.beantwortetAm?.toISOString() ?? null,
  };
}

function customerNotFound(message: string) {
  return notFound(message, { code: 'CUSTOMER_NOT_FOUND', userMessage: T.errors.customerNotFound });
}

/** The partner and contract the message names, checked against the agent's scope. */
async function resolveReference(db: Database, actor: Actor, input: AgentMessageInput) {
  let partnerId: string | null = null;
  let contractId: string | null = null;
  if (input.vertragsnummer) {
    const [contract] = await db
      .select({ id: contracts.id, partnerId: contracts.partnerId, agentId: contracts.agentId })
      .from(contracts)
      .where(eq(contracts.versicherungsNummer, input.vertragsnummer));
    if (!contract?.agentId || !agentScope(actor).includes(contract.agentId)) {
      throw customerNotFound(`Contract ${input.vertragsnummer} is not in the scope of ${actor.userId}`);
    }
    contractId = contract.id;
    partnerId = contract.partnerId;
  }
  if (input.partnerNummer) {
    const [partner] = await db
      .select({ id: partners.id })
      .from(partners)
      .where(eq(partners.partnerNummer, input.partnerNummer));
    if (!partner || (partnerId !== null && partner.id !== partnerId)) {
      throw customerNotFound(`Partner ${input.partnerNummer} unknown or not the contract's`);
    }
    try {
      await assertAgentReachesPartner({ db, actor, partnerId: partner.id });
    } catch {
      throw customerNotFound(`Partner ${input.partnerNummer} is not in the scope of ${actor.userId}`);
    }
    partnerId = partner.id;
  }
  return { partnerId, contractId };
}

/** Stores the agent's message (once per Idempotency-Key) and confirms it to the agent. */
export async function sendAgentMessage({
  db,
  transports,
  actor,
  input,
  idempotencyKey,
  now,
  maxFiles,
}: {
  db: Database;
  transports: Transports;
  actor: Actor;
  input: AgentMessageInput;
  idempotencyKey: string;
  now: Date;
  /** Files per message (app.config.uploadMaxFiles). */
  maxFiles?: number;
}): Promise<{ created: boolean; message: AgentMessage }> {
  const agentId = actor.agentId;
  if (!agentId) throw notFound(`Account ${actor.userId} has no agent`);
  const html = sanitizeMessageHtml(input.html);
  const text = plainTextOf(html);
  if (text.trim() === '') {
    throw badRequest('Empty message', {
      code: 'VALIDATION_FAILED',
      userMessage: T.errors.htmlEmpty,
      fieldErrors: [{ path: 'html', message: T.errors.htmlEmpty }],
    });
  }
  const [previous] = await db
    .select({ id: agentMessages.id })
    .from(agentMessages)
    .where(and(eq(agentMessages.accountId, actor.userId), eq(agentMessages.idempotencyKey, idempotencyKey)));
  if (previous) return { created: false, message: await findMessage(db, previous.id) };
  const { partnerId, contractId } = await resolveReference(db, actor, input);
  const id = await withTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(agentMessages)
      .values({
        agentId,
        accountId: actor.userId,
        thema: input.thema,
        betreff: input.betreff,
        html,
        text,
        partnerId,
        contractId,
        idempotencyKey,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: agentMessages.id });
    if (!row) return undefined;
    // Only the sender's own finished, unattached uploads; a 422 rolls the message back with it.
    await attachUploads(tx, {
      uploadIds: input.uploadIds ?? [],
      owner: { accountId: actor.userId },
      target: { kind: 'vermittlernachricht', id: row.id },
      ...(maxFiles === undefined ? {} : { maxFiles }),
      now,
    });
    const to = await noticeAddressOf(tx, agentId);
    if (to) {
      const mail = T.mails.agentMessageReceived(input.betreff);
      await enqueueMessage(tx, transports, {
        channel: 'email',
        to,
        subject: mail.subject,
        body: mail.body,
        purpose: 'AGENT_MESSAGE_RECEIVED',
      });
    }
    return row.id;
  });
  if (id) return { created: true, message: await findMessage(db, id) };
  // A concurrent request with the same key won the insert.
  const [winner] = await db
    .select({ id: agentMessages.id })
    .from(agentMessages)
    .where(and(eq(agentMessages.accountId, actor.userId), eq(agentMessages.idempotencyKey, idempotencyKey)));
  if (!winner) throw new Error('Agent message neither inserted nor found');
  return { created: false, message: await findMessage(db, winner.id) };
}

async function findMessage(db: Database, id: string): Promise<AgentMessage> {
  const [row] = await select(db).where(eq(agentMessages.id, id));
  if (!row) throw notFound(`No agent message ${id}`, { userMessage: T.errors.messageNotFound });
  const [message] = await toMessages(db, [row]);
  if (!message) throw new Error('Agent message lost its row');
  return message;
}

/** One agent message for the clerks (any agent's): 404 when unknown. */
export async function findAgentMessageForClerk(db: Database, id: string): Promise<AgentMessage> {
  return findMessage(db, id);
}

/**
 * An attachment of an agent message opened for download: for a clerk any message's, for an agent
 * only one of its own account's messages. Anything else is the same 404 as an unknown id.
 */
export async function openAgentMessageAttachment({
  db,
  files,
  actor,
  messageId,
  uploadId,
}: {
  db: Database;
  files: FileStorage;
  actor: Actor;
  messageId: string;
  uploadId: string;
}) {
  const missing = () =>
    notFound(`No attachment ${uploadId} of agent message ${messageId} for ${actor.userId}`, {
      userMessage: T.errors.attachmentNotFound,
    });
  const [message] = await db
    .select({ accountId: agentMessages.accountId })
    .from(agentMessages)
    .where(eq(agentMessages.id, messageId));
  if (!message) throw missing();
  if (actor.pool !== 'innendienst' && message.accountId !== actor.userId) throw missing();
  const target = await findUploadTarget(db, uploadId);
  if (target?.kind !== 'vermittlernachricht' || target.id !== messageId) throw missing();
  const opened = await openUpload({ db, files }, uploadId);
  if (!opened) throw missing();
  return opened;
}

/** The signed-in agent's own messages, newest first (at most 50). */
export async function listOwnMessages({
  db,
  actor,
}: {
  db: Database;
  actor: Actor;
}): Promise<AgentMessage[]> {
  const rows = await select(db)
    .where(eq(agentMessages.accountId, actor.userId))
    .orderBy(desc(agentMessages.createdAt))
    .limit(50);
  return toMessages(db, rows);
}

export const CLERK_FILTERS = ['offen', 'beantwortet', 'alle'] as const;
export type ClerkFilter = (typeof CLERK_FILTERS)[number];

function filterOf(filter: ClerkFilter): SQL | undefined {
  if (filter === 'offen') return isNull(agentMessages.beantwortetAm);
  if (filter === 'beantwortet') return isNotNull(agentMessages.beantwortetAm);
  return undefined;
}

/** The agents' messages for the clerks, newest first, a page at a time. */
export async function listAgentMessagesForClerk({
  db,
  filter,
  seite,
  proSeite,
}: {
  db: Database;
  filter: ClerkFilter;
  seite: number;
  proSeite: number;
}) {
  const where = filterOf(filter);
  const [total] = await db.select({ n: count() }).from(agentMessages).where(where);
  const rows = await select(db)
    .where(where)
    .orderBy(desc(agentMessages.createdAt), desc(agentMessages.id))
    .limit(proSeite)
    .offset((seite - 1) * proSeite);
  return { nachrichten: await toMessages(db, rows), seite, proSeite, gesamt: total?.n ?? 0 };
}

/** A clerk answers an agent's message; the answer goes to the agent's notice address by e-mail. */
export async function answerAgentMessage({
  db,
  transports,
  actor,
  id,
  antwort,
  now,
}: {
  db: Database;
  transports: Transports;
  actor: Actor;
  id: string;
  antwort: string;
  now: Date;
}): Promise<AgentMessage> {
  await withTransaction(db, async (tx) => {
    const [message] = await tx.select().from(agentMessages).where(eq(agentMessages.id, id)).for('update');
    if (!message) throw notFound(`No agent message ${id}`, { userMessage: T.errors.messageNotFound });
    if (message.antwort !== null) {
      throw conflict(`Agent message ${id} is answered`, {
        code: 'ALREADY_ANSWERED',
        userMessage: T.errors.alreadyAnswered,
      });
    }
    await tx
      .update(agentMessages)
      .set({ antwort, beantwortetAm: now, beantwortetVon: actor.userId })
      .where(eq(agentMessages.id, id));
    const to = await noticeAddressOf(tx, message.agentId);
    if (to) {
      const mail = T.mails.agentMessageAnswer(message.betreff, antwort);
      await enqueueMessage(tx, transports, {
        channel: 'email',
        to,
        subject: mail.subject,
        body: mail.body,
        purpose: 'AGENT_MESSAGE_ANSWER',
      });
    }
  });
  return findMessage(db, id);
}

// Agent administration (issue 15, ADR 0032): the tree of sub-agents below the signed-in agent,
// creating a sub-agent (initial password by e-mail through identity's mechanism), attaching an
// unattached agent, deactivating one, the look-ups of the /api/vermittler/vermittler family, and
// the agency's and the agent's own settings. Everything about another agent goes through
// assertManagesAgent (platform/auth/ownership.ts); public look-ups answer only what a public page
// shows (agency name and address, register number).
import { and, eq, sql } from 'drizzle-orm';
import { validatePhone } from '@schirm/domain/validation/phone';
import type { Database } from '../../db/database';
import { agentBankCodes, agentProfiles, type AgentTaetigkeit } from '../../db/schema/agent-admin';
import { agents, type AgentStatus } from '../../db/schema/agents';
import { contracts } from '../../db/schema/contracts';
import { accounts } from '../../db/schema/identity';
import { withTransaction, type Transaction } from '../../db/transaction';
import type { Actor } from '../../platform/auth/actor';
import { assertManagesAgent } from '../../platform/auth/ownership';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../platform/errors';
import {
  countCustomersByAgent,
  findAgentAncestorIds,
  findAgentById,
  findAgentByNumber,
  findAgentWithSubAgents,
  setAgentStatus,
  unusedVermittlerNummer,
  type Agent,
} from '../contracts/agents-repository';
import { endAllSessions } from '../identity/accounts';
import type { RequestMeta } from '../identity/audit';
import type { IdentityContext } from '../identity/context';
import { issueAgentInitialPassword } from '../identity/initial-passwords';
import { enqueueMessage } from '../outbox/outbox';
import type { Transports } from '../outbox/transports';
import { AGENT_ADMIN_TEXTS as T } from './texts';

type Db = Database | Transaction;

export interface AgentAddress {
  name: string;
  strasse: string;
  hausnummer: string;
  plz: string;
  ort: string;
}

/** One agent of the tree as its managing agent sees it. */
export interface TreeAgent {
  id: string;
  vermittlerNummer: string;
  name: string;
  email: string;
  telefon: string | null;
  status: AgentStatus;
  vertriebsweg: string;
  /** 0: the signed-in agent; 1: a direct sub-agent; … */
  ebene: number;
  uebergeordneteId: string | null;
  agenturName: string;
  anzahlKunden: number;
}

export interface AgentTree {
  vermittler: TreeAgent;
  untervermittler: TreeAgent[];
}

/** What a public page (the agent link of the advice flows) shows of an agent. */
export interface PublicAgentInfo {
  vermittlerNummer: string;
  name: string;
  agentur: AgentAddress;
  registerNummer: string | null;
  taetigkeit: AgentTaetigkeit;
}

export interface AgencyData {
  agentur: AgentAddress;
  registerNummer: string | null;
  taetigkeit: AgentTaetigkeit;
  beteiligungen: string | null;
  vertriebsweg: string;
  vermittlerNummer: string;
  /** Only the head agent (no agent above it) may change the agency data. */
  bearbeitbar: boolean;
  /** The head agent's agency when the signed-in agent is a sub-agent. */
  hauptagentur: { name: string; vermittlerNummer: string } | null;
}

export interface PersonalSettings {
  name: string;
  telefon: string | null;
  /** Sign-in name (e-mail) of the account: the password change proves it. */
  anmeldename: string;
  email: string;
  benachrichtigungsEmail: string | null;
}

function agentNotFound(message: string) {
  return notFound(message, { code: 'AGENT_NOT_FOUND', userMessage: T.errors.agentNotFound });
}

function publicNotFound(message: string) {
  return notFound(message, { code: 'AGENT_NOT_FOUND', userMessage: T.errors.publicAgentNotFound });
}

function actorAgentId(actor: Actor): string {
  if (actor.pool !== 'vermittler' || !actor.agentId) throw forbidden('Agent routes need an agent');
  return actor.agentId;
}

function toTreeAgent(agent: Agent, depth: number, customers: Map<string, number>): TreeAgent {
  return {
    id: agent.id,
    vermittlerNummer: agent.vermittlerNummer,
    name: agent.name,
    email: agent.email,
    telefon: agent.telefon ?? null,
    status: agent.status,
    vertriebsweg: agent.vertriebsweg,
    ebene: depth,
    uebergeordneteId: agent.parentAgentId ?? null,
    agenturName: agent.agentur.name,
    anzahlKunden: customers.get(agent.id) ?? 0,
  };
}

/** The signed-in agent and every agent below it, parents before their sub-agents. */
export async function agentTree({ db, actor }: { db: Database; actor: Actor }): Promise<AgentTree> {
  const agentId = actorAgentId(actor);
  const found = await findAgentWithSubAgents({ db, agentId });
  if (!found) throw agentNotFound(`Agent ${agentId} of account ${actor.userId} is gone`);
  const customers = await countCustomersByAgent({
    db,
    agentIds: [found.agent.id, ...found.subAgents.map((agent) => agent.id)],
  });
  // Depth first, so each sub-agent follows its parent (the repository sorts by depth).
  const byParent = new Map<string, typeof found.subAgents>();
  for (const sub of found.subAgents) {
    const parent = sub.parentAgentId ?? '';
    byParent.set(parent, [...(byParent.get(parent) ?? []), sub]);
  }
  const ordered: TreeAgent[] = [];
  const visit = (parentId: string) => {
    const children = [...(byParent.get(parentId) ?? [])].sort((a, b) => a.name.localeCompare(b.name, 'de'));
    for (const child of children) {
      ordered.push(toTreeAgent(child, child.depth, customers));
      visit(child.id);
    }
  };
  visit(found.agent.id);
  return { vermittler: toTreeAgent(found.agent, 0, customers), untervermittler: ordered };
}

export interface NewSubAgentInput {
  name: string;
  email: string;
  /** Mobile number (E.164): the sign-in sends its code there. */
  mobil: string;
  /** The agent the new one is placed below: the signed-in agent or one of its sub-agents. */
  uebergeordneteId?: string | undefined;
}

/**
 * Creates a sub-agent with a new agent number and the parent's distribution path and agency, and
 * sends it an initial password (identity's initial-password mechanism). Idempotent per e-mail: a
 * repeated request for an agent that already exists below the same parent with the same name sends
 * no second agent (and re-sends the password only while the account does not exist yet).
 */
export async function createSubAgent({
  ctx,
  meta,
  actor,
  input,
}: {
  ctx: IdentityContext;
  meta: RequestMeta;
  actor: Actor;
  input: NewSubAgentInput;
}): Promise<{ created: boolean; agent: TreeAgent }> {
  const ownId = actorAgentId(actor);
  const parentId = input.uebergeordneteId ?? ownId;
  assertManagesAgent(actor, parentId, { includeSelf: true });
  const mobile = validatePhone(input.mobil);
  if (!mobile.valid) {
    throw badRequest('Mobile number rejected', {
      code: 'VALIDATION_FAILED',
      userMessage: mobile.message,
      fieldErrors: [{ path: 'mobil', message: mobile.message }],
    });
  }
  const email = input.email.trim().toLowerCase();
  const outcome = await withTransaction(ctx.db, async (tx) => {
    const parent = await findAgentById({ db: tx, id: parentId });
    if (!parent) throw agentNotFound(`Parent agent ${parentId} is gone`);
    const [existing] = await tx
      .select()
      .from(agents)
      .where(sql`lower(${agents.email}) = ${email}`);
    if (existing) {
      const isRepeat = existing.parentAgentId === parentId && existing.name === input.name.trim();
      if (!isRepeat) {
        throw conflict(`Agent e-mail ${email} is in use`, {
          code: 'EMAIL_TAKEN',
          userMessage: T.errors.emailTaken,
          fieldErrors: [{ path: 'email', message: T.errors.emailTaken }],
        });
      }
      const [account] = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.agentId, existing.id));
      return { created: false, agentId: existing.id, needsPassword: account === undefined };
    }
    const vermittlerNummer = await unusedVermittlerNummer({ db: tx });
    const [row] = await tx
      .insert(agents)
      .values({
        vermittlerNummer,
        name: input.name.trim(),
        email,
        telefon: mobile.normalized,
        vertriebsweg: parent.vertriebsweg,
        agenturName: parent.agentur.name,
        agenturStrasse: parent.agentur.strasse,
        agenturHausnummer: parent.agentur.hausnummer,
        agenturPlz: parent.agentur.plz,
        agenturOrt: parent.agentur.ort,
        parentAgentId: parent.id,
        status: 'AKTIV',
        createdAt: meta.now,
        updatedAt: meta.now,
      })
      .returning({ id: agents.id });
    if (!row) throw new Error('INSERT agents returned no row');
    return { created: true, agentId: row.id, needsPassword: true };
  });
  if (outcome.needsPassword) {
    // The actor's sub-agents were read before the new one existed.
    const withNew: Actor = { ...actor, subAgentIds: [...(actor.subAgentIds ?? []), outcome.agentId] };
    await issueAgentInitialPassword({ ctx, meta, actor: withNew, email });
  }
  const tree = await agentTree({
    db: ctx.db,
    actor: { ...actor, subAgentIds: [...(actor.subAgentIds ?? []), outcome.agentId] },
  });
  const agent = tree.untervermittler.find((candidate) => candidate.id === outcome.agentId);
  if (!agent) throw new Error(`New agent ${outcome.agentId} is not in the tree`);
  return { created: outcome.created, agent };
}

/**
 * Attaches an existing agent below the signed-in agent (or one of its sub-agents). Only an agent
 * that is unattached (no parent), active, of the same distribution path, with neither customers nor
 * sub-agents of its own, named by agent number and its e-mail together: attaching must never show
 * the new parent customers it had no right to (ADR 0032). The attached agent is told by e-mail.
 */
export async function attachAgent({
  db,
  transports,
  meta,
  actor,
  vermittlerNummer,
  email,
  uebergeordneteId,
}: {
  db: Database;
  transports: Transports;
  meta: RequestMeta;
  actor: Actor;
  vermittlerNummer: string;
  email: string;
  uebergeordneteId?: string | undefined;
}): Promise<TreeAgent> {
  const ownId = actorAgentId(actor);
  const parentId = uebergeordneteId ?? ownId;
  assertManagesAgent(actor, parentId, { includeSelf: true });
  const refused = (reason: string) =>
    unprocessable(`Agent ${vermittlerNummer} cannot be attached: ${reason}`, {
      code: 'AGENT_NOT_ATTACHABLE',
      userMessage: T.errors.attachNotPossible,
    });
  const attachedId = await withTransaction(db, async (tx) => {
    const [parent] = await tx.select().from(agents).where(eq(agents.id, parentId)).for('update');
    const [target] = await tx
      .select()
      .from(agents)
      .where(eq(agents.vermittlerNummer, vermittlerNummer))
      .for('update');
    if (!parent) throw agentNotFound(`Parent agent ${parentId} is gone`);
    if (!target || target.email.toLowerCase() !== email.trim().toLowerCase())
      throw refused('number and e-mail');
    if (target.parentAgentId !== null) throw refused('already attached');
    if (target.status !== 'AKTIV') throw refused('inactive');
    if (target.vertriebsweg !== parent.vertriebsweg) throw refused('other distribution path');
    const ancestors = await findAgentAncestorIds({ db: tx, agentId: parent.id });
    if (target.id === parent.id || ancestors.includes(target.id)) throw refused('would make a cycle');
    const [child] = await tx
      .select({ id: agents.id })
      .from(agents)
      .where(eq(agents.parentAgentId, target.id))
      .limit(1);
    if (child) throw refused('has sub-agents');
    const [contract] = await tx
      .select({ id: contracts.id })
      .from(contracts)
      .where(eq(contracts.agentId, target.id))
      .limit(1);
    if (contract) throw refused('has customers');
    await tx
      .update(agents)
      .set({ parentAgentId: parent.id, updatedAt: meta.now })
      .where(and(eq(agents.id, target.id), sql`${agents.parentAgentId} IS NULL`));
    const mail = T.mails.subAgentAttached(parent.name, parent.agenturName);
    await enqueueMessage(tx, transports, {
      channel: 'email',
      to: target.email,
      subject: mail.subject,
      body: mail.body,
      purpose: 'AGENT_ATTACHED',
    });
    return target.id;
  });
  const withNew: Actor = { ...actor, subAgentIds: [...(actor.subAgentIds ?? []), attachedId] };
  const tree = await agentTree({ db, actor: withNew });
  const agent = tree.untervermittler.find((candidate) => candidate.id === attachedId);
  if (!agent) throw new Error(`Attached agent ${attachedId} is not in the tree`);
  return agent;
}

/**
 * Deactivates a sub-agent: status INAKTIV, its account can no longer sign in (DISABLED) and its
 * sessions end at once; its contracts and customers stay where they are.
 */
export async function deactivateAgent({
  db,
  meta,
  actor,
  agentId,
}: {
  db: Database;
  meta: RequestMeta;
  actor: Actor;
  agentId: string;
}): Promise<TreeAgent> {
  if (actor.agentId === agentId) {
    throw forbidden(`Agent ${agentId} tried to deactivate itself`, { userMessage: T.errors.notSelf });
  }
  assertManagesAgent(actor, agentId);
  await withTransaction(db, async (tx) => {
    await setAgentStatus({ db: tx, agentId, status: 'INAKTIV', now: meta.now });
    const bound = await tx
      .update(accounts)
      .set({ status: 'DISABLED', updatedAt: meta.now })
      .where(eq(accounts.agentId, agentId))
      .returning({ id: accounts.id });
    for (const account of bound) await endAllSessions(tx, account.id, meta.now);
  });
  const tree = await agentTree({ db, actor });
  const agent = tree.untervermittler.find((candidate) => candidate.id === agentId);
  if (!agent) throw agentNotFound(`Agent ${agentId} left the tree`);
  return agent;
}

/**
 * Reactivates a deactivated sub-agent: status AKTIV and a new initial password by e-mail (identity's
 * mechanism), so the first sign-in after the pause sets a new password.
 */
export async function reactivateAgent({
  ctx,
  meta,
  actor,
  agentId,
}: {
  ctx: IdentityContext;
  meta: RequestMeta;
  actor: Actor;
  agentId: string;
}): Promise<TreeAgent> {
  assertManagesAgent(actor, agentId);
  const agent = await findAgentById({ db: ctx.db, id: agentId });
  if (!agent) throw agentNotFound(`Agent ${agentId} is gone`);
  if (agent.status === 'INAKTIV') {
    await setAgentStatus({ db: ctx.db, agentId, status: 'AKTIV', now: meta.now });
    await issueAgentInitialPassword({ ctx, meta, actor, email: agent.email });
  }
  const tree = await agentTree({ db: ctx.db, actor });
  const reactivated = tree.untervermittler.find((candidate) => candidate.id === agentId);
  if (!reactivated) throw agentNotFound(`Agent ${agentId} left the tree`);
  return reactivated;
}

/** The signed-in agent's own identifiers. */
export async function ownIdentifier({ db, actor }: { db: Database; actor: Actor }) {
  const agentId = actorAgentId(actor);
  const agent = await findAgentById({ db, id: agentId });
  if (!agent) throw agentNotFound(`Agent ${agentId} is gone`);
  return {
    id: agent.id,
    vermittlerNummer: agent.vermittlerNummer,
    name: agent.name,
    vertriebsweg: agent.vertriebsweg,
    hauptagentur: agent.parentAgentId === undefined,
  };
}

/** A managed agent (or the actor itself) by id; 404 for any other. */
async function managedAgent(db: Database, actor: Actor, agentId: string): Promise<Agent> {
  assertManagesAgent(actor, agentId, { includeSelf: true });
  const agent = await findAgentById({ db, id: agentId });
  if (!agent) throw agentNotFound(`Agent ${agentId} is gone`);
  return agent;
}

export async function nummerUndWeg({ db, actor, agentId }: { db: Database; actor: Actor; agentId: string }) {
  const agent = await managedAgent(db, actor, agentId);
  return { vermittlerNummer: agent.vermittlerNummer, vertriebsweg: agent.vertriebsweg };
}

export async function vertriebswegOf({
  db,
  actor,
  agentId,
}: {
  db: Database;
  actor: Actor;
  agentId: string;
}) {
  const agent = await managedAgent(db, actor, agentId);
  return { vertriebsweg: agent.vertriebsweg };
}

async function profileOf(db: Db, agentId: string) {
  const [profile] = await db.select().from(agentProfiles).where(eq(agentProfiles.agentId, agentId));
  return profile;
}

/**
 * The register number the agent works under: its own, or else that of the nearest agent above it
 * (an employed sub-agent works under the agency's registration).
 */
async function registrationOf(db: Db, agent: Agent) {
  for (const id of [agent.id, ...(await findAgentAncestorIds({ db, agentId: agent.id }))]) {
    const profile = await profileOf(db, id);
    if (profile?.registerNummer) return profile;
  }
  return await profileOf(db, agent.id);
}

async function publicInfo(db: Database, agent: Agent | undefined, what: string): Promise<PublicAgentInfo> {
  if (!agent || agent.status !== 'AKTIV') throw publicNotFound(`No active agent ${what}`);
  const registration = await registrationOf(db, agent);
  return {
    vermittlerNummer: agent.vermittlerNummer,
    name: agent.name,
    agentur: agent.agentur,
    registerNummer: registration?.registerNummer ?? null,
    taetigkeit: registration?.taetigkeit ?? 'VERSICHERUNGSVERTRETER',
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Public: an active agent by its id (what the public agent link's vmr decrypts to). */
export async function publicAgentInfoById({ db, id }: { db: Database; id: string }) {
  return publicInfo(db, UUID.test(id) ? await findAgentById({ db, id }) : undefined, `with id ${id}`);
}

/** Public: an active agent by its agent number (?vermittlernummer=). */
export async function publicAgentInfoByNumber({
  db,
  vermittlerNummer,
}: {
  db: Database;
  vermittlerNummer: string;
}) {
  return publicInfo(db, await findAgentByNumber({ db, vermittlerNummer }), `number ${vermittlerNummer}`);
}

/** Public: the active agent a bank code leads to (?blz=). */
export async function nummerUndWegByBlz({ db, blz }: { db: Database; blz: string }) {
  const [row] = await db
    .select({ vermittlerNummer: agents.vermittlerNummer, vertriebsweg: agents.vertriebsweg })
    .from(agentBankCodes)
    .innerJoin(agents, eq(agents.id, agentBankCodes.agentId))
    .where(and(eq(agentBankCodes.blz, blz), eq(agents.status, 'AKTIV')));
  if (!row) throw publicNotFound(`No active agent for bank code ${blz}`);
  return row;
}

/** Whether an active agent with this external id exists in this distribution path. */
export async function agentExists({
  db,
  vertriebsweg,
  externeId,
}: {
  db: Database;
  vertriebsweg: string;
  externeId: string;
}): Promise<boolean> {
  const [row] = await db
    .select({ id: agents.id })
    .from(agentProfiles)
    .innerJoin(agents, eq(agents.id, agentProfiles.agentId))
    .where(
      and(
        eq(agentProfiles.externeId, externeId),
        eq(agents.vertriebsweg, vertriebsweg),
        eq(agents.status, 'AKTIV'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The signed-in agent's agency data (and whether it may change them). */
export async function agencyData({ db, actor }: { db: Database; actor: Actor }): Promise<AgencyData> {
  const agentId = actorAgentId(actor);
  const agent = await findAgentById({ db, id: agentId });
  if (!agent) throw agentNotFound(`Agent ${agentId} is gone`);
  const registration = await registrationOf(db, agent);
  const own = await profileOf(db, agent.id);
  const ancestors = await findAgentAncestorIds({ db, agentId });
  const headId = ancestors.at(-1);
  const head = headId ? await findAgentById({ db, id: headId }) : undefined;
  return {
    agentur: agent.agentur,
    registerNummer: registration?.registerNummer ?? null,
    taetigkeit: registration?.taetigkeit ?? 'VERSICHERUNGSVERTRETER',
    beteiligungen: own?.beteiligungen ?? null,
    vertriebsweg: agent.vertriebsweg,
    vermittlerNummer: agent.vermittlerNummer,
    bearbeitbar: agent.parentAgentId === undefined,
    hauptagentur: head ? { name: head.agentur.name, vermittlerNummer: head.vermittlerNummer } : null,
  };
}

export interface AgencyInput {
  agentur: AgentAddress;
  registerNummer: string;
  taetigkeit: AgentTaetigkeit;
  beteiligungen: string | null;
}

/** Changes the agency data; only the head agent of an agency may. */
export async function saveAgencyData({
  db,
  meta,
  actor,
  input,
}: {
  db: Database;
  meta: RequestMeta;
  actor: Actor;
  input: AgencyInput;
}): Promise<AgencyData> {
  const agentId = actorAgentId(actor);
  await withTransaction(db, async (tx) => {
    const [agent] = await tx.select().from(agents).where(eq(agents.id, agentId)).for('update');
    if (!agent) throw agentNotFound(`Agent ${agentId} is gone`);
    if (agent.parentAgentId !== null) {
      throw forbidden(`Sub-agent ${agentId} tried to change agency data`, {
        code: 'HEAD_AGENT_ONLY',
        userMessage: T.errors.headAgentOnly,
      });
    }
    await tx
      .update(agents)
      .set({
        agenturName: input.agentur.name,
        agenturStrasse: input.agentur.strasse,
        agenturHausnummer: input.agentur.hausnummer,
        agenturPlz: input.agentur.plz,
        agenturOrt: input.agentur.ort,
        updatedAt: meta.now,
      })
      .where(eq(agents.id, agentId));
    const values = {
      registerNummer: input.registerNummer,
      taetigkeit: input.taetigkeit,
      beteiligungen: input.beteiligungen,
      updatedAt: meta.now,
    };
    await tx
      .insert(agentProfiles)
      .values({ agentId, ...values, createdAt: meta.now })
      .onConflictDoUpdate({ target: agentProfiles.agentId, set: values });
  });
  return agencyData({ db, actor });
}

export async function personalSettings({
  db,
  actor,
}: {
  db: Database;
  actor: Actor;
}): Promise<PersonalSettings> {
  const agentId = actorAgentId(actor);
  const agent = await findAgentById({ db, id: agentId });
  if (!agent) throw agentNotFound(`Agent ${agentId} is gone`);
  const profile = await profileOf(db, agentId);
  return {
    name: agent.name,
    telefon: agent.telefon ?? null,
    anmeldename: actor.username,
    email: agent.email,
    benachrichtigungsEmail: profile?.benachrichtigungsEmail ?? null,
  };
}

/** Changes the agent's name, contact phone and notice e-mail (not the sign-in e-mail or mobile). */
export async function savePersonalSettings({
  db,
  meta,
  actor,
  input,
}: {
  db: Database;
  meta: RequestMeta;
  actor: Actor;
  input: { name: string; telefon: string | null; benachrichtigungsEmail: string | null };
}): Promise<PersonalSettings> {
  const agentId = actorAgentId(actor);
  await withTransaction(db, async (tx) => {
    await tx
      .update(agents)
      .set({ name: input.name, telefon: input.telefon, updatedAt: meta.now })
      .where(eq(agents.id, agentId));
    const values = { benachrichtigungsEmail: input.benachrichtigungsEmail, updatedAt: meta.now };
    await tx
      .insert(agentProfiles)
      .values({ agentId, ...values, createdAt: meta.now })
      .onConflictDoUpdate({ target: agentProfiles.agentId, set: values });
  });
  return personalSettings({ db, actor });
}

/** Where notices to an agent go: its notice e-mail, else its sign-in e-mail. */
export async function noticeAddressOf(db: Db, agentId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ email: agents.email, notice: agentProfiles.benachrichtigungsEmail })
    .from(agents)
    .leftJoin(agentProfiles, eq(agentProfiles.agentId, agents.id))
    .where(eq(agents.id, agentId));
  return row ? (row.notice ?? row.email) : undefined;
}

/** Data for the Erstinformation PDF of the signed-in agent. */
export async function erstinformationData({ db, actor }: { db: Database; actor: Actor }) {
  const agentId = actorAgentId(actor);
  const agent = await findAgentById({ db, id: agentId });
  if (!agent) throw agentNotFound(`Agent ${agentId} is gone`);
  const registration = await registrationOf(db, agent);
  const own = await profileOf(db, agentId);
  return {
    agent,
    registerNummer: registration?.registerNummer ?? null,
    taetigkeit: registration?.taetigkeit ?? ('VERSICHERUNGSVERTRETER' as const),
    beteiligungen: own?.beteiligungen ?? registration?.beteiligungen ?? null,
  };
}

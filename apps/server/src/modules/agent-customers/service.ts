// The agent's view of one customer and one contract (issue 15, ADR 0031): what the agent reaches is
// decided by the one scope rule (platform/auth/ownership.ts agentScope): the customer must have a
// contract looked after by the agent or one below it, and only those contracts, their documents and
// tasks are shown: a customer who also has a contract with another agency shows none of it.
// Corrections of contact data and changes made for the customer are written with an audit entry
// naming the agent, an e-mail and a Postfach message to the customer, in one transaction.
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { centsToEuro } from '@schirm/domain/contract/amounts';
import { describeChange } from '@schirm/domain/contract/pending-change-text';
import { projectRecord } from '@schirm/domain/contract/pending-changes';
import { overdueItems } from '@schirm/domain/contract/overdue';
import { toContractSummary } from '@schirm/domain/contract/summary';
import { isActive } from '@schirm/domain/contract/status';
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';
import { catalogueEntryForSummaryProdukt } from '@schirm/domain/products/catalogue';
import { PERIODS_PER_YEAR } from '@schirm/domain/products/common/pricing';
import { SELF_SERVICE_SLUGS, type SelfServiceSlug } from '@schirm/domain/flags';
import { maskIban } from '@schirm/domain/validation/iban';
import type { Database } from '../../db/database';
import { agents } from '../../db/schema/agents';
import { auditLog } from '../../db/schema/audit';
import { contracts } from '../../db/schema/contracts';
import { accounts } from '../../db/schema/identity';
import { partners } from '../../db/schema/partners';
import { withTransaction, type Transaction } from '../../db/transaction';
import type { Actor } from '../../platform/auth/actor';
import { agentScope, assertAgentReachesPartner, assertManagesAgent } from '../../platform/auth/ownership';
import type { AppError } from '../../platform/errors';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { FileStorage, StoredFile } from '../../platform/files/file-storage';
import type { ChangePreview } from '../contract-changes/service';
import { assertAgentReachesContract } from '../contract-changes/service';
import { droppedCoInsuredSentence } from '../contract-changes/preview-extras';
import type { StoredContract } from '../contracts/contract-mapping';
import { pendingHolderChangeOf } from '../contract-transfer/pending-holder-change';
import { findAgentByNumber } from '../contracts/agents-repository';
import { findPartnerById, findPartnerIdByNumber } from '../contracts/partners-repository';
import {
  findContractByNumber,
  findContractsByPartner,
  listContractDocuments,
  listPremiumHistory,
} from '../contracts/repository';
import { listTasksByContract, type StoredTask } from '../contracts/tasks-repository';
import {
  contractDetailsFor,
  notOfferedReason,
  selfServicesFor,
  customerView,
  type ContractDetails,
  type SelfServiceFlags,
} from '../customer-contracts/service';
import { findDocumentById, listPartnerDocuments, type OwnedDocument } from '../documents/repository';
import { insertMailboxMessage } from '../mailbox/repository';
import { enqueueMessage } from '../outbox/outbox';
import type { Transports } from '../outbox/transports';
import { AGENT_CUSTOMER_ERRORS, AGENT_CUSTOMER_TEXTS, type AgentName } from './texts';

type Db = Database | Transaction;

export interface AgentContext {
  db: Database;
  actor: Actor;
  today: CalendarDate;
}

/** Where the agent downloads a document of its customer. */
export const AGENT_DOCUMENT_PATH = '/api/vermittler/kunden/dokumente';

/** The audit actions this module writes (audit_log.action). */
export const AGENT_AUDIT_ACTIONS = {
  contactCorrected: 'AGENT_CONTACT_DATA_CORRECTED',
  contractChanged: 'AGENT_CONTRACT_CHANGE_SAVED',
} as const;

/** The partner id behind a partner number the agent reaches; 404 otherwise (also for unknown numbers). */
export async function reachablePartnerId(ctx: AgentContext, partnerNummer: string): Promise<string> {
  const partnerId = await findPartnerIdByNumber({ db: ctx.db, partnerNummer });
  if (!partnerId) throw notFound(`No partner ${partnerNummer}`);
  await assertAgentReachesPartner({ db: ctx.db, actor: ctx.actor, partnerId });
  return partnerId;
}

/** The partner's contracts the agent's scope looks after, by contract number. */
async function scopedContracts(ctx: AgentContext, partnerId: string): Promise<StoredContract[]> {
  const scope = agentScope(ctx.actor);
  if (scope.length === 0) return [];
  const ids = await ctx.db
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(eq(contracts.partnerId, partnerId), inArray(contracts.agentId, scope)));
  const reachable = new Set(ids.map((row) => row.id));
  const all = await findContractsByPartner({ db: ctx.db, partnerId });
  return all.filter((contract) => reachable.has(contract.id));
}

function displayName(p: {
  personArt: string;
  vorname?: string | null;
  nachname?: string | null;
  firmenname?: string | null;
}): string {
  return p.personArt === 'JuristischePersonDTO'
    ? (p.firmenname ?? '')
    : [p.vorname, p.nachname].filter(Boolean).join(' ');
}

function openPremiums(contract: StoredContract, today: CalendarDate) {
  const overdue = new Set(overdueItems(contract, today).map((item) => item.faelligAm));
  return contract.offeneBeitraege.map((item) => ({
    art: item.art,
    faelligAm: item.faelligAm,
    betrag: centsToEuro(item.betragCents),
    ueberfaellig: overdue.has(item.faelligAm),
    ...(item.gemahnt ? { gemahntAm: item.gemahnt.am, zahlungsfristBis: item.gemahnt.zahlungsfristBis } : {}),
  }));
}

function taskView(task: StoredTask) {
  return {
    vertragsnummer: task.vertragsnummer,
    typ: task.typ,
    status: task.status,
    faelligAm: task.faelligAm,
    erledigtAm: task.erledigtAm,
    erstelltAm: task.erstelltAm,
  };
}

function documentView(document: Pick<OwnedDocument, 'id' | 'name' | 'createdAt'>, vertragsnummer: string) {
  return {
    id: document.id,
    name: document.name,
    vertragsnummer,
    erstelltAm: document.createdAt,
    url: `${AGENT_DOCUMENT_PATH}/${document.id}`,
  };
}

function contractListItem(contract: StoredContract, today: CalendarDate) {
  const offen = openPremiums(contract, today);
  return {
    ...toContractSummary(contract, today),
    versicherungsName: catalogueEntryForSummaryProdukt(contract.produkt).name,
    mahnung: offen.some((item) => item.ueberfaellig),
    offeneBeitraege: offen,
  };
}

/** One customer as the agent sees it: contact, masked bank account, contracts, open tasks, documents. */
export async function agentCustomerOverview(ctx: AgentContext, partnerNummer: string) {
  const partnerId = await reachablePartnerId(ctx, partnerNummer);
  const partner = await findPartnerById({ db: ctx.db, id: partnerId, today: ctx.today });
  if (!partner) throw notFound(`Partner ${partnerId} is gone`);
  const scoped = await scopedContracts(ctx, partnerId);
  const sorted = [...scoped].sort(
    (a, b) =>
      Number(isActive(b.status)) - Number(isActive(a.status)) ||
      b.vertragsBeginn.localeCompare(a.vertragsBeginn),
  );
  const contractNumbers = new Set(scoped.map((c) => c.versicherungsNummer));
  const [tasks, documents, account, contact] = await Promise.all([
    Promise.all(scoped.map((c) => listTasksByContract({ db: ctx.db, contractId: c.id }))),
    listPartnerDocuments({ db: ctx.db, partnerId }),
    customerAccountOf(ctx.db, partnerId),
    readContact(ctx.db, partnerId, false),
  ]);
  const { adresse, bankverbindung } = partner;
  return {
    partnerNummer,
    personArt: partner.personArt,
    name: displayName(contact),
    ...optional('anrede', contact.anrede),
    ...optional('titel', contact.titel),
    ...optional('vorname', contact.vorname),
    ...optional('nachname', contact.nachname),
    ...optional('firmenname', contact.firmenname),
    ...(partner.personArt === 'JuristischePersonDTO'
      ? { ...optional('rechtsform', partner.rechtsform) }
      : { ...optional('geburtsdatum', partner.geburtsdatum) }),
    ...optional('email', contact.email),
    ...optional('telefon', contact.telefon),
    portalZugang: account !== undefined,
    ...(adresse
      ? {
          anschrift: {
            strasse: adresse.strasse,
            hausnummer: adresse.hausnummer,
            plz: adresse.plz,
            ort: adresse.ort,
          },
        }
      : {}),
    ...(bankverbindung
      ? {
          bankverbindung: {
            iban: maskIban(bankverbindung.iban),
            kontoinhaber: bankverbindung.kontoinhaber,
            ...(bankverbindung.bic ? { bic: bankverbindung.bic } : {}),
          },
        }
      : {}),
    vertraege: sorted.map((contract) => contractListItem(contract, ctx.today)),
    offeneAufgaben: tasks
      .flat()
      .filter((task) => task.status === 'Offen')
      .sort((a, b) => a.faelligAm.localeCompare(b.faelligAm))
      .map(taskView),
    dokumente: documents
      .filter((document) => contractNumbers.has(document.versicherungsNummer))
      .map((document) => documentView(document, document.versicherungsNummer)),
  };
}

function optional<K extends string, V>(key: K, value: V | null | undefined): { [P in K]?: V } {
  return (value === null || value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

async function customerAccountOf(db: Db, partnerId: string) {
  const [row] = await db
    .select({ id: accounts.id, username: accounts.username })
    .from(accounts)
    .where(and(eq(accounts.partnerId, partnerId), eq(accounts.pool, 'benutzer')));
  return row;
}

// ---- contact data correction ------------------------------------------------------------------

/** The fields an agent may correct (ADR 0031); the rest is the customer's or needs a proof. */
export const CORRECTABLE_FIELDS = [
  'anrede',
  'titel',
  'vorname',
  'nachname',
  'firmenname',
  'email',
  'telefon',
] as const;
export type CorrectableField = (typeof CORRECTABLE_FIELDS)[number];
export type ContactCorrection = { version: string } & Partial<Record<CorrectableField, string | null>>;

const contactColumns = {
  id: partners.id,
  personArt: partners.personArt,
  anrede: partners.anrede,
  titel: partners.titel,
  vorname: partners.vorname,
  nachname: partners.nachname,
  firmenname: partners.firmenname,
  email: partners.email,
  telefon: partners.telefon,
  stamp: sql<string>`${partners.updatedAt}::text`,
};
type ContactRow = { [K in keyof typeof contactColumns]: K extends 'stamp' ? string : unknown } & {
  id: string;
  personArt: string;
  anrede: string | null;
  titel: string | null;
  vorname: string | null;
  nachname: string | null;
  firmenname: string | null;
  email: string | null;
  telefon: string | null;
};

/**
 * The version of a partner's contact data: a hash of the correctable fields and the row's last
 * update (every writer of partners sets updated_at), so a save from a stale page is refused.
 */
function versionOf(row: ContactRow): string {
  const values = [...CORRECTABLE_FIELDS.map((field) => row[field]), row.stamp];
  return createHash('sha256').update(JSON.stringify(values)).digest('base64url').slice(0, 22);
}

async function readContact(db: Db, partnerId: string, forUpdate: boolean): Promise<ContactRow> {
  const query = db.select(contactColumns).from(partners).where(eq(partners.id, partnerId));
  const [row] = (await (forUpdate ? query.for('update') : query)) as ContactRow[];
  if (!row) throw notFound(`Partner ${partnerId} is gone`);
  return row;
}

function contactView(row: ContactRow, partnerNummer: string, hasAccount: boolean) {
  const natural = row.personArt === 'NatuerlichePersonDTO';
  return {
    partnerNummer,
    personArt: row.personArt as 'NatuerlichePersonDTO' | 'JuristischePersonDTO',
    name: displayName(row),
    version: versionOf(row),
    anrede: row.anrede,
    titel: row.titel,
    vorname: row.vorname,
    nachname: row.nachname,
    firmenname: row.firmenname,
    email: row.email,
    telefon: row.telefon,
    portalZugang: hasAccount,
    korrigierbar: CORRECTABLE_FIELDS.filter((field) => {
      if (field === 'email') return !hasAccount;
      if (field === 'firmenname') return !natural;
      if (field === 'vorname' || field === 'nachname' || field === 'anrede' || field === 'titel')
        return natural;
      return true;
    }),
  };
}

/** The contact data as the correction form shows it, with its version and what may be corrected. */
export async function agentContactData(ctx: AgentContext, partnerNummer: string) {
  const partnerId = await reachablePartnerId(ctx, partnerNummer);
  const [row, account] = await Promise.all([
    readContact(ctx.db, partnerId, false),
    customerAccountOf(ctx.db, partnerId),
  ]);
  return contactView(row, partnerNummer, account !== undefined);
}

/** Edit distance of two names, letters compared without case (a spelling fix is at most 2 edits). */
export function nameDistance(a: string, b: string): number {
  const x = [...a.toLocaleLowerCase('de')];
  const y = [...b.toLocaleLowerCase('de')];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= y.length; j += 1) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[y.length] ?? 0;
}

/** The largest change of a name field that still counts as correcting its spelling. */
export const MAX_NAME_EDITS = 2;

async function agentNameOf(db: Db, actor: Actor): Promise<AgentName & { vermittlerNummer: string }> {
  const [agent] = await db
    .select({ name: agents.name, agenturName: agents.agenturName, vermittlerNummer: agents.vermittlerNummer })
    .from(agents)
    .where(eq(agents.id, actor.agentId ?? ''));
  if (!agent) throw notFound(`Agent of ${actor.userId} is gone`);
  return agent;
}

function fieldError(path: string, message: string, code: string): AppError {
  return badRequest(`Contact correction refused: ${code} (${path})`, {
    code,
    userMessage: message,
    fieldErrors: [{ path, message }],
  });
}

export interface RequestOrigin {
  ip: string;
  userAgent: string | undefined;
  now: Date;
}

/**
 * Saves the agent's correction in one transaction: the partner row (locked, its version checked),
 * an audit entry naming the agent, a Postfach message and e-mails to the customer (old and new
 * address when the e-mail itself was corrected).
 */
export async function correctContactData(
  ctx: AgentContext & { transports: Transports; origin: RequestOrigin },
  partnerNummer: string,
  correction: ContactCorrection,
) {
  const partnerId = await reachablePartnerId(ctx, partnerNummer);
  return withTransaction(ctx.db, async (tx) => {
    const row = await readContact(tx, partnerId, true);
    const account = await customerAccountOf(tx, partnerId);
    if (versionOf(row) !== correction.version) {
      throw conflict(`Contact data of ${partnerNummer} changed`, {
        code: 'CONTACT_DATA_CHANGED',
        userMessage: AGENT_CUSTOMER_ERRORS.versionChanged,
      });
    }
    const allowed = new Set<string>(contactView(row, partnerNummer, account !== undefined).korrigierbar);
    const changes: Partial<Record<CorrectableField, string | null>> = {};
    for (const field of CORRECTABLE_FIELDS) {
      const next = correction[field];
      if (next === undefined) continue;
      const normalised = next === null || next.trim() === '' ? null : next.trim();
      if (normalised === row[field]) continue;
      if (!allowed.has(field)) {
        const message =
          field === 'email' ? AGENT_CUSTOMER_ERRORS.emailIsSignIn : AGENT_CUSTOMER_ERRORS.wrongPersonKind;
        throw fieldError(field, message, field === 'email' ? 'EMAIL_IS_SIGN_IN' : 'FIELD_NOT_CORRECTABLE');
      }
      if (field === 'vorname' || field === 'nachname' || field === 'firmenname') {
        const before = row[field] ?? '';
        if (normalised === null || nameDistance(before, normalised) > MAX_NAME_EDITS) {
          throw fieldError(field, AGENT_CUSTOMER_ERRORS.nameNotASpellingFix, 'NAME_NOT_A_SPELLING_FIX');
        }
      }
      changes[field] = normalised;
    }
    const fields = Object.keys(changes) as CorrectableField[];
    if (fields.length === 0) {
      throw badRequest('Nothing to correct', {
        code: 'NOTHING_CHANGED',
        userMessage: AGENT_CUSTOMER_ERRORS.nothingChanged,
      });
    }
    await tx
      .update(partners)
      .set({ ...changes, updatedAt: ctx.origin.now })
      .where(eq(partners.id, partnerId));
    const agent = await agentNameOf(tx, ctx.actor);
    await tx.insert(auditLog).values({
      occurredAt: ctx.origin.now,
      action: AGENT_AUDIT_ACTIONS.contactCorrected,
      pool: 'benutzer',
      accountId: account?.id ?? null,
      actorAccountId: ctx.actor.userId,
      username: ctx.actor.username,
      ip: ctx.origin.ip,
      userAgent: ctx.origin.userAgent?.slice(0, 500) ?? null,
      details: {
        partnerNummer,
        vermittlerNummer: agent.vermittlerNummer,
        felder: fields,
        vorher: Object.fromEntries(fields.map((field) => [field, row[field]])),
        nachher: changes,
      },
    });
    const text = AGENT_CUSTOMER_TEXTS.contactCorrected(agent, fields, ctx.origin.now);
    await insertMailboxMessage(tx, { partnerId, subject: text.subject, body: text.body });
    const recipients = new Set(
      [row.email, changes.email].filter((address): address is string => typeof address === 'string'),
    );
    for (const to of recipients) {
      await enqueueMessage(tx, ctx.transports, {
        channel: 'email',
        to,
        subject: text.subject,
        body: text.body,
        purpose: 'AGENT_CONTACT_DATA_CORRECTED',
      });
    }
    const saved = await readContact(tx, partnerId, false);
    return { ...contactView(saved, partnerNummer, account !== undefined), berichtigt: fields };
  });
}

// ---- one contract ------------------------------------------------------------------------------

/** The contract by number if the agent's scope looks after it; 404 otherwise. */
export async function reachableContract(ctx: AgentContext, vertragsnummer: string): Promise<StoredContract> {
  const contract = await findContractByNumber({ db: ctx.db, versicherungsNummer: vertragsnummer });
  if (!contract) throw notFound(`No contract ${vertragsnummer}`);
  await assertAgentReachesContract({ db: ctx.db, actor: ctx.actor, contractId: contract.id });
  return contract;
}

/** The agent's changes of the contract (audit log), newest first. */
async function agentChangesOf(db: Db, vertragsnummer: string) {
  const rows = await db
    .select({ occurredAt: auditLog.occurredAt, details: auditLog.details })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, AGENT_AUDIT_ACTIONS.contractChanged),
        sql`${auditLog.details} ->> 'versicherungsNummer' = ${vertragsnummer}`,
      ),
    )
    .orderBy(desc(auditLog.occurredAt))
    .limit(50);
  return rows.map((row) => {
    const details = row.details as Record<string, string>;
    return {
      am: row.occurredAt.toISOString(),
      vermittler: details.vermittlerName ?? '',
      vermittlerNummer: details.vermittlerNummer ?? '',
      bezeichnung: details.bezeichnung ?? '',
      wirksamkeitsdatum: details.wirksamkeitsdatum ?? '',
    };
  });
}

/**
 * The contract as the customer's self-service pages read it (GET /api/vertrag/vertrag/:id), for the
 * same pages opened by an agent (ADR 0031): without documents (their links are the customer's
 * download) and with the IBAN masked as in every customer view.
 */
export async function agentChangeContract(
  ctx: AgentContext & { flags: SelfServiceFlags },
  vertragsnummer: string,
): Promise<ContractDetails> {
  const contract = await reachableContract(ctx, vertragsnummer);
  const agent = contract.vermittlerNummer
    ? await findAgentByNumber({ db: ctx.db, vermittlerNummer: contract.vermittlerNummer })
    : undefined;
  const view = customerView(contract, ctx.today, agent, []);
  return contractDetailsFor(ctx.db, { contract, view }, ctx.flags, ctx.today);
}

/** The changes an agent makes for the customer: every self-service but the cancellation. */
export const AGENT_CHANGE_SLUGS = SELF_SERVICE_SLUGS.filter((slug) => slug !== 'kuendigen-widerrufen');

/** Why a change is not offered, as a code the agent's page words (ADR 0031). */
export type NotOfferedCode = 'VERTRAGSSTAND' | 'ABGESCHALTET' | 'KEINE_LASTSCHRIFT' | 'TARIF';

/**
 * Why each change the contract does not offer is missing: the contract's status or end, a change
 * switched off (flags), a bank account change without direct debit, or else the tariff and the
 * contract's data (the product has no such option). The same rule selfServicesFor applies.
 */
function notOfferedChanges(
  contract: StoredContract,
  offered: readonly SelfServiceSlug[],
  flags: SelfServiceFlags,
  today: CalendarDate,
): { aenderung: SelfServiceSlug; grund: NotOfferedCode }[] {
  const switchedOff = new Set<string>(flags['disabled-self-services']);
  if (!flags['insured-amount-change']) switchedOff.add('versicherungssumme');
  return AGENT_CHANGE_SLUGS.filter((slug) => !offered.includes(slug)).map((slug) => {
    let grund: NotOfferedCode = 'TARIF';
    if (notOfferedReason(contract, slug, today) !== undefined) grund = 'VERTRAGSSTAND';
    else if (switchedOff.has(slug)) grund = 'ABGESCHALTET';
    else if (slug === 'bankverbindung' && contract.bankverbindung === undefined) grund = 'KEINE_LASTSCHRIFT';
    return { aenderung: slug, grund };
  });
}

/** One contract as the agent sees it: summary, premium history, pending changes, tasks, documents. */
export async function agentContractDetails(
  ctx: AgentContext & {
    flags: SelfServiceFlags & { 'contract-holder-change': boolean; 'bhv-tariff-change': boolean };
  },
  vertragsnummer: string,
) {
  const contract = await reachableContract(ctx, vertragsnummer);
  const [partner, history, tasks, documents, agentChanges, agent, holderChange] = await Promise.all([
    findPartnerById({ db: ctx.db, id: contract.partnerId, today: ctx.today }),
    listPremiumHistory({ db: ctx.db, contractId: contract.id }),
    listTasksByContract({ db: ctx.db, contractId: contract.id }),
    listContractDocuments({ db: ctx.db, contractId: contract.id }),
    agentChangesOf(ctx.db, vertragsnummer),
    contract.vermittlerNummer
      ? findAgentByNumber({ db: ctx.db, vermittlerNummer: contract.vermittlerNummer })
      : undefined,
    // A confirmed holder change waiting for its day (contract-transfer), with the new holder's name.
    pendingHolderChangeOf(ctx.db, contract.id, { withName: true }),
  ]);
  if (!partner) throw notFound(`Partner of ${vertragsnummer} is gone`);
  const view = customerView(contract, ctx.today, undefined, []);
  const offered = selfServicesFor(contract, view, ctx.flags, ctx.today);
  const offen = openPremiums(contract, ctx.today);
  return {
    ...toContractSummary(contract, ctx.today),
    versicherungsName: view.versicherungsName,
    version: contract.version,
    partnerNummer: partner.partnerNummer,
    kundenName: displayName(partner),
    zahlweise: contract.zahlweise,
    ...(contract.bankverbindung
      ? {
          bankverbindung: {
            iban: maskIban(contract.bankverbindung.iban),
            kontoinhaber: contract.bankverbindung.kontoinhaber,
          },
        }
      : {}),
    ...(view.risikoOrt ? { risikoOrt: view.risikoOrt } : {}),
    ...(agent ? { vermittler: { vermittlerNummer: agent.vermittlerNummer, name: agent.name } } : {}),
    mahnung: offen.some((item) => item.ueberfaellig),
    offeneBeitraege: offen,
    beitragsverlauf: history.map((entry) => ({
      gueltigAb: entry.gueltigAb,
      zahlweise: entry.zahlweise,
      beitragProPeriode: centsToEuro(entry.bruttoBeitragProPeriodeCents),
      jahresbeitrag:
        entry.zahlweise === 'EINMALIG'
          ? null
          : centsToEuro(entry.bruttoBeitragProPeriodeCents * PERIODS_PER_YEAR[entry.zahlweise]),
      grund: entry.grund,
    })),
    vorgemerkteAenderungen: [
      ...contract.vorgemerkteAenderungen.map((change) => ({
        typ: change.type as string,
        bezeichnung: describeChange(contract, change),
        wirksamkeitsdatum: change.wirksamkeitsdatum,
        ...(change.praemieNachAenderung
          ? {
              neuerBeitrag: centsToEuro(change.praemieNachAenderung.bruttoBeitragProPeriodeCents),
              zahlweise: projectRecord(contract, change.wirksamkeitsdatum).zahlweise,
            }
          : {}),
      })),
      ...(holderChange ? [holderChange] : []),
    ].sort((a, b) => a.wirksamkeitsdatum.localeCompare(b.wirksamkeitsdatum)),
    aenderungenDurchVermittler: agentChanges,
    aufgaben: tasks.map(taskView),
    dokumente: documents
      .slice()
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .map((document) => documentView(document, vertragsnummer)),
    selbstServices: offered,
    nichtAngeboteneAenderungen: notOfferedChanges(contract, offered, ctx.flags, ctx.today),
    inhaberwechsel: ctx.flags['contract-holder-change'],
    // The move of a BHV_1 contract to the new generation (contract-transfer, ADR 0035) while it runs.
    tarifwechsel:
      ctx.flags['bhv-tariff-change'] && contract.produkt === 'BHV_1' && view.vertragsstatus === 'LAUFEND',
  };
}

/**
 * The hook an agent's change save runs in its transaction: the audit entry naming the agent and the
 * customer told by Postfach message and e-mail, as with the customer's own change plus who made it.
 */
export function recordAgentChange(
  actor: Actor,
  transports: Transports,
  origin: RequestOrigin,
): (tx: Transaction, saved: ChangePreview) => Promise<void> {
  return async (tx, saved) => {
    const { contract } = saved;
    const agent = await agentNameOf(tx, actor);
    const entry = saved.zeitplan.find((step) => step.art === 'diese');
    const bezeichnung = entry?.bezeichnung ?? describeChange(contract, saved.change);
    const account = await customerAccountOf(tx, contract.partnerId);
    await tx.insert(auditLog).values({
      occurredAt: origin.now,
      action: AGENT_AUDIT_ACTIONS.contractChanged,
      pool: 'benutzer',
      accountId: account?.id ?? null,
      actorAccountId: actor.userId,
      username: actor.username,
      ip: origin.ip,
      userAgent: origin.userAgent?.slice(0, 500) ?? null,
      details: {
        versicherungsNummer: contract.versicherungsNummer,
        typ: saved.change.type,
        bezeichnung,
        wirksamkeitsdatum: saved.wirksamkeitsdatum,
        vermittlerNummer: agent.vermittlerNummer,
        vermittlerName: agent.name,
      },
    });
    const hinweis = droppedCoInsuredSentence(saved);
    const text = AGENT_CUSTOMER_TEXTS.contractChanged(agent, {
      versicherungsNummer: contract.versicherungsNummer,
      versicherungsName: catalogueEntryForSummaryProdukt(contract.produkt).name,
      bezeichnung,
      ab: saved.wirksamkeitsdatum,
      ...(hinweis ? { hinweis } : {}),
    });
    await insertMailboxMessage(tx, {
      partnerId: contract.partnerId,
      contractId: contract.id,
      subject: text.subject,
      body: text.body,
    });
    const [partner] = await tx
      .select({ email: partners.email })
      .from(partners)
      .where(eq(partners.id, contract.partnerId));
    if (partner?.email) {
      await enqueueMessage(tx, transports, {
        channel: 'email',
        to: partner.email,
        subject: text.subject,
        body: text.body,
        purpose: 'AGENT_CONTRACT_CHANGE',
      });
    }
  };
}

/** A document of a contract the agent's scope looks after, opened for download. */
export async function openAgentDocument(
  ctx: AgentContext & { files: FileStorage },
  id: string,
): Promise<{ document: OwnedDocument; file: StoredFile }> {
  const document = await findDocumentById({ db: ctx.db, id });
  if (!document) throw notFound(`No document ${id}`);
  await assertAgentReachesContract({ db: ctx.db, actor: ctx.actor, contractId: document.contractId });
  const file = await ctx.files.open(document.storageKey);
  if (!file) {
    throw notFound(`Document ${id} names ${document.storageKey}, which is not in the file storage`, {
      code: 'DOCUMENT_FILE_MISSING',
      userMessage: 'Dieses Dokument ist zurzeit nicht verfügbar. Bitte versuchen Sie es später erneut.',
    });
  }
  return { document, file };
}

// ---- partner family for agents ----------------------------------------------------------------

/** The customers of an agent (its own number or one below it), by name, at most `limit`. */
export async function partnersOfAgent(ctx: AgentContext, vermittlerNummer: string, limit = 500) {
  const agent = await findAgentByNumber({ db: ctx.db, vermittlerNummer });
  if (!agent) throw notFound(`No agent ${vermittlerNummer}`);
  assertManagesAgent(ctx.actor, agent.id, { includeSelf: true });
  const rows = await ctx.db
    .selectDistinct({
      partnerNummer: partners.partnerNummer,
      personArt: partners.personArt,
      vorname: partners.vorname,
      nachname: partners.nachname,
      firmenname: partners.firmenname,
    })
    .from(partners)
    .innerJoin(contracts, eq(contracts.partnerId, partners.id))
    .where(eq(contracts.agentId, agent.id))
    .orderBy(asc(partners.nachname), asc(partners.firmenname), asc(partners.partnerNummer))
    .limit(limit + 1);
  return {
    vermittlerNummer,
    partner: rows.slice(0, limit).map((row) => ({
      partnerNummer: row.partnerNummer,
      personArt: row.personArt,
      name: displayName(row),
    })),
    vollstaendig: rows.length <= limit,
  };
}

/** The masked bank account of a partner the caller may read (customer: own; agent: scope). */
export async function maskedBankAccount(db: Database, partnerId: string, today: CalendarDate) {
  const partner = await findPartnerById({ db, id: partnerId, today });
  if (!partner) throw notFound(`Partner ${partnerId} is gone`);
  const bank = partner.bankverbindung;
  if (!bank) {
    throw notFound(`Partner ${partnerId} has no bank account`, {
      code: 'NO_BANK_ACCOUNT',
      userMessage: 'Für diese Kundin oder diesen Kunden ist keine Bankverbindung hinterlegt.',
    });
  }
  return {
    iban: maskIban(bank.iban),
    kontoinhaber: bank.kontoinhaber,
    ...(bank.bic ? { bic: bank.bic } : {}),
  };
}

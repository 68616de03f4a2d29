// The extranet (issue 16, ADR 0036; docs/api/extranet.md): an agency registers the public key of
// its broker software; the software asks for a single-use link into one contract or one customer
// of the agency's portfolio (the one scope rule: the agency and every agent below it); whoever
// opens the link within 10 minutes sees that one object read-only, with the agent portal's data
// (modules/agent-customers), and gets a view token for reloads in the same tab. Every key change,
// link request and opening is in the audit log.
import { and, asc, eq, isNull, max, sql } from 'drizzle-orm';
import { calculateJwkThumbprint, importJWK, type JWK } from 'jose';
import { todayInGermany } from '@schirm/domain/dates/calendar-date';
import type { Database } from '../../db/database';
import { agents } from '../../db/schema/agents';
import { auditLog } from '../../db/schema/audit';
import { contracts } from '../../db/schema/contracts';
import { extranetLinks, extranetMachineKeys, type ExtranetLinkKind } from '../../db/schema/extranet';
import { partners } from '../../db/schema/partners';
import type { Transaction } from '../../db/transaction';
import type { Actor } from '../../platform/auth/actor';
import { loadSubAgentIds } from '../../platform/auth/agent-hierarchy';
import { AppError, conflict, forbidden, notFound, unauthorized, unprocessable } from '../../platform/errors';
import type { FileStorage, StoredFile } from '../../platform/files/file-storage';
import {
  agentContractDetails,
  agentCustomerOverview,
  openAgentDocument,
  reachableContract,
  reachablePartnerId,
} from '../agent-customers/service';
import type { RequestMeta } from '../identity/audit';
import { findDocumentById } from '../documents/repository';
import { documentFileName } from '../documents/service';
import { randomToken, sha256Hex } from '../identity/secrets';
import type { AgencyMachine } from './machine-auth';
import { KeyRefusal, readPublicKey } from './public-key';
import { EXTRANET_ERRORS } from './texts';

type Db = Database | Transaction;

/** How long a requested link can be opened. */
export const EXTRANET_LINK_MINUTES = 10;
/** How long the opened page can be reloaded in its tab. */
export const EXTRANET_VIEW_MINUTES = 30;
/** Active keys an agency may hold at once (one in use, others while rotating). */
export const MAX_ACTIVE_KEYS = 5;

/** The web pages a link opens. */
export const EXTRANET_PAGE: Record<ExtranetLinkKind, string> = {
  vertrag: '/extranet/vertrag',
  kundendaten: '/extranet/kundendaten',
};

export const EXTRANET_AUDIT_ACTIONS = {
  keyRegistered: 'EXTRANET_KEY_REGISTERED',
  keyRevoked: 'EXTRANET_KEY_REVOKED',
  linkRequested: 'EXTRANET_LINK_REQUESTED',
  linkOpened: 'EXTRANET_LINK_OPENED',
  linkRefused: 'EXTRANET_LINK_REFUSED',
  viewReloaded: 'EXTRANET_VIEW_RELOADED',
  documentDownloaded: 'EXTRANET_DOCUMENT_DOWNLOADED',
} as const;

/** Where the opened page downloads a document of its contract (POST with the view token). */
export const EXTRANET_DOCUMENT_PATH = '/api/extranet/dokumente';
type ExtranetAuditAction = (typeof EXTRANET_AUDIT_ACTIONS)[keyof typeof EXTRANET_AUDIT_ACTIONS];

async function audit(
  db: Db,
  meta: RequestMeta,
  entry: {
    action: ExtranetAuditAction;
    accountId?: string | null;
    username?: string | null;
    details: Record<string, string | null>;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    occurredAt: meta.now,
    action: entry.action,
    pool: 'vermittler',
    accountId: entry.accountId ?? null,
    actorAccountId: entry.accountId ?? null,
    username: entry.username ?? null,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
    details: entry.details,
  });
}

// ---- keys (the signed-in agency) ---------------------------------------------------------------

export interface KeyView {
  kid: string;
  /** The agency's own name for the key (e.g. its broker software); null for keys sent without one. */
  bezeichnung: string | null;
  erstelltAm: string;
  widerrufenAm: string | null;
  /** When the broker software last asked for a link with this key; null: never. */
  letzterLinkAm: string | null;
  publicJwk: { kty: 'OKP'; crv: 'Ed25519'; x: string };
}

/**
 * The key as stored in extranet_machine_keys.public_jwk: the public JWK plus the agency's label as
 * an additional member (RFC 7517 §4 lets a JWK carry members a reader ignores; jose does). Kept
 * there because the table has no label column; the thumbprint (kid) uses only kty, crv and x.
 */
type StoredJwk = KeyView['publicJwk'] & { bezeichnung?: string };

/** The agency an agent account manages keys for: only the head of an agency (no parent agent). */
async function agencyOf(db: Db, actor: Actor): Promise<string> {
  const agentId = actor.agentId;
  if (actor.pool !== 'vermittler' || !agentId) throw notFound(`${actor.userId} is no agent`);
  const [agent] = await db
    .select({ parentAgentId: agents.parentAgentId })
    .from(agents)
    .where(eq(agents.id, agentId));
  if (!agent) throw notFound(`Agent ${agentId} is gone`);
  if (agent.parentAgentId !== null) {
    throw forbidden(`Agent ${agentId} is a sub-agent`, {
      code: 'EXTRANET_AGENCY_ONLY',
      userMessage: EXTRANET_ERRORS.agencyOnly,
    });
  }
  return agentId;
}

/** The agency's keys, active first, then revoked, each oldest first. */
export async function listKeys(db: Database, actor: Actor): Promise<KeyView[]> {
  const agentId = await agencyOf(db, actor);
  const [rows, lastLinks] = await Promise.all([
    db
      .select()
      .from(extranetMachineKeys)
      .where(eq(extranetMachineKeys.agentId, agentId))
      .orderBy(sql`${extranetMachineKeys.revokedAt} IS NOT NULL`, asc(extranetMachineKeys.createdAt)),
    db
      .select({ kid: extranetLinks.kid, last: max(extranetLinks.createdAt) })
      .from(extranetLinks)
      .where(eq(extranetLinks.agentId, agentId))
      .groupBy(extranetLinks.kid),
  ]);
  const lastLinkOf = new Map(lastLinks.map((row) => [row.kid, row.last]));
  return rows.map((row) => {
    const { bezeichnung, kty, crv, x } = row.publicJwk as StoredJwk;
    return {
      kid: row.kid,
      bezeichnung: bezeichnung ?? null,
      erstelltAm: row.createdAt.toISOString(),
      widerrufenAm: row.revokedAt?.toISOString() ?? null,
      letzterLinkAm: lastLinkOf.get(row.kid)?.toISOString() ?? null,
      publicJwk: { kty, crv, x },
    };
  });
}

function keyInvalid(detail: string, userMessage: string = EXTRANET_ERRORS.keyInvalid): AppError {
  return unprocessable(`Extranet key refused: ${detail}`, { code: 'EXTRANET_KEY_INVALID', userMessage });
}

/** The key to register: a JWK object (the API) or a pasted PEM/JWK text (the agency page), and a label. */
export interface KeyInput {
  publicJwk?: Record<string, unknown>;
  schluessel?: string;
  bezeichnung?: string;
}

/**
 * Registers an Ed25519 public key for the agency; the kid is its RFC 7638 thumbprint. The same key
 * again answers its kid (nothing changes, not its label); a revoked one cannot come back (409). A
 * private key, another key type or an unreadable text is a 422 (EXTRANET_KEY_INVALID) saying which.
 */
export async function registerKey(
  db: Database,
  actor: Actor,
  input: KeyInput,
  meta: RequestMeta,
): Promise<{ kid: string; neu: boolean }> {
  const agentId = await agencyOf(db, actor);
  let publicJwk;
  try {
    publicJwk = readPublicKey(input.schluessel ?? input.publicJwk ?? {});
    await importJWK(publicJwk, 'EdDSA');
  } catch (error) {
    if (error instanceof KeyRefusal) throw keyInvalid(error.message, error.userMessage);
    throw keyInvalid('unreadable', EXTRANET_ERRORS.keyUnreadable);
  }
  const kid = await calculateJwkThumbprint(publicJwk as JWK, 'sha256');
  const bezeichnung = input.bezeichnung?.trim();
  const stored: StoredJwk = bezeichnung ? { ...publicJwk, bezeichnung } : publicJwk;

  return db.transaction(async (tx) => {
    // One registration at a time per agency, so the limit holds under parallel requests.
    await tx.execute(sql`SELECT 1 FROM ${agents} WHERE ${agents.id} = ${agentId} FOR UPDATE`);
    const existing = await tx
      .select({ kid: extranetMachineKeys.kid, revokedAt: extranetMachineKeys.revokedAt })
      .from(extranetMachineKeys)
      .where(eq(extranetMachineKeys.agentId, agentId));
    const same = existing.find((row) => row.kid === kid);
    if (same && same.revokedAt) {
      throw conflict(`Key ${kid} was revoked`, {
        code: 'EXTRANET_KEY_REVOKED',
        userMessage: EXTRANET_ERRORS.keyRevoked,
      });
    }
    if (same) return { kid, neu: false };
    if (existing.filter((row) => !row.revokedAt).length >= MAX_ACTIVE_KEYS) {
      throw conflict(`Agency ${agentId} has ${MAX_ACTIVE_KEYS} keys`, {
        code: 'EXTRANET_KEY_LIMIT',
        userMessage: EXTRANET_ERRORS.keyLimit,
      });
    }
    await tx.insert(extranetMachineKeys).values({
      agentId,
      kid,
      publicJwk: stored,
      createdAt: meta.now,
      createdBy: actor.userId,
    });
    await audit(tx, meta, {
      action: EXTRANET_AUDIT_ACTIONS.keyRegistered,
      accountId: actor.userId,
      username: actor.username,
      details: { agentId, kid, bezeichnung: bezeichnung || null },
    });
    return { kid, neu: true };
  });
}

/** Revokes a key of the agency: JWTs it signed are refused from now on. */
export async function revokeKey(db: Database, actor: Actor, kid: string, meta: RequestMeta): Promise<void> {
  const agentId = await agencyOf(db, actor);
  await db.transaction(async (tx) => {
    const revoked = await tx
      .update(extranetMachineKeys)
      .set({ revokedAt: meta.now, revokedBy: actor.userId })
      .where(
        and(
          eq(extranetMachineKeys.agentId, agentId),
          eq(extranetMachineKeys.kid, kid),
          isNull(extranetMachineKeys.revokedAt),
        ),
      )
      .returning({ id: extranetMachineKeys.id });
    if (revoked.length === 0) {
      throw notFound(`No active key ${kid} of ${agentId}`, {
        code: 'EXTRANET_KEY_UNKNOWN',
        userMessage: EXTRANET_ERRORS.keyUnknown,
      });
    }
    await audit(tx, meta, {
      action: EXTRANET_AUDIT_ACTIONS.keyRevoked,
      accountId: actor.userId,
      username: actor.username,
      details: { agentId, kid },
    });
  });
}

// ---- links (the broker software) ---------------------------------------------------------------

/** The agency as an agent actor, for the agent portal's scope checks and views. */
function agencyActor(agency: Pick<AgencyMachine, 'agentId' | 'vermittlernummer' | 'subAgentIds'>): Actor {
  return {
    pool: 'vermittler',
    userId: `extranet:${agency.vermittlernummer}`,
    username: agency.vermittlernummer,
    agentId: agency.agentId,
    subAgentIds: agency.subAgentIds,
  };
}

function outsideScope(detail: string): AppError {
  return notFound(detail, { code: 'EXTRANET_NOT_FOUND', userMessage: EXTRANET_ERRORS.notFound });
}

/** A 404 of the scope check becomes the extranet's own 404; anything else passes. */
async function inScope<T>(detail: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw outsideScope(detail);
    throw error;
  }
}

export interface LinkDeps {
  db: Database;
  /** Origin of the web app (config PUBLIC_URL), for the absolute link. */
  publicUrl: string;
}

/**
 * A single-use link (10 minutes) into one contract (by contract number) or one customer (by
 * partner number) of the agency's portfolio; 404 for anything outside it.
 */
export async function requestLink(
  deps: LinkDeps,
  agency: AgencyMachine,
  input: { id: string; art: ExtranetLinkKind },
  meta: RequestMeta,
): Promise<{ url: string; expiresAt: string }> {
  const ctx = { db: deps.db, actor: agencyActor(agency), today: todayInGermany(meta.now) };
  const detail = `${input.art} ${input.id} outside agency ${agency.vermittlernummer}`;
  const target =
    input.art === 'vertrag'
      ? {
          contractId: (
            await inScope(detail, () =>
              /^\d{9,10}$/.test(input.id)
                ? reachableContract(ctx, input.id)
                : Promise.reject(outsideScope(detail)),
            )
          ).id,
        }
      : {
          partnerId: await inScope(detail, () =>
            /^\d{6,12}$/.test(input.id)
              ? reachablePartnerId(ctx, input.id)
              : Promise.reject(outsideScope(detail)),
          ),
        };
  const token = randomToken();
  const expiresAt = new Date(meta.now.getTime() + EXTRANET_LINK_MINUTES * 60_000);
  await deps.db.transaction(async (tx) => {
    const [link] = await tx
      .insert(extranetLinks)
      .values({
        secretHash: sha256Hex(token),
        art: input.art,
        agentId: agency.agentId,
        kid: agency.kid,
        ...target,
        expiresAt,
        createdAt: meta.now,
      })
      .returning({ id: extranetLinks.id });
    await audit(tx, meta, {
      action: EXTRANET_AUDIT_ACTIONS.linkRequested,
      username: agency.vermittlernummer,
      details: {
        linkId: link?.id ?? null,
        agentId: agency.agentId,
        kid: agency.kid,
        jti: agency.jti,
        art: input.art,
        nummer: input.id,
      },
    });
  });
  return {
    url: `${deps.publicUrl}${EXTRANET_PAGE[input.art]}/${encodeURIComponent(token)}`,
    expiresAt: expiresAt.toISOString(),
  };
}

// ---- opening (public) --------------------------------------------------------------------------

type ContractDetails = Awaited<ReturnType<typeof agentContractDetails>>;
type CustomerOverview = Awaited<ReturnType<typeof agentCustomerOverview>>;

/**
 * The contract read-only: the agent's view without what only the agent portal can act on. Its
 * documents stay, each with the extranet's download (POST with the page's view token) instead of
 * the agent's.
 */
function readOnlyContract(details: ContractDetails) {
  const {
    version: _version,
    selbstServices: _selfServices,
    nichtAngeboteneAenderungen: _notOffered,
    inhaberwechsel: _holderChange,
    tarifwechsel: _tariffChange,
    dokumente,
    ...rest
  } = details;
  return {
    ...rest,
    dokumente: dokumente.map((document) => ({
      ...document,
      url: `${EXTRANET_DOCUMENT_PATH}/${document.id}`,
    })),
  };
}

/** The customer read-only: documents need the agent portal's sign-in, so they are left out. */
function readOnlyCustomer(overview: CustomerOverview) {
  const { dokumente: _documents, ...rest } = overview;
  return rest;
}

export type ExtranetView = {
  art: ExtranetLinkKind;
  ansicht: string;
  ansichtGueltigBis: string;
  vertrag?: ReturnType<typeof readOnlyContract>;
  kunde?: ReturnType<typeof readOnlyCustomer>;
};

const NO_FLAGS = {
  'disabled-self-services': [],
  'self-service-cancellation': false,
  'insured-amount-change': false,
  'contract-holder-change': false,
  'bhv-tariff-change': false,
} as const;

function linkError(status: 404 | 410, code: string, userMessage: string, detail: string): AppError {
  return new AppError({ status, code, message: detail, userMessage });
}

type LinkRow = typeof extranetLinks.$inferSelect;

/** The data of the link's one object, seen with the agency's current scope (404 when it left it). */
async function viewOf(db: Database, link: LinkRow, now: Date) {
  const [agency] = await db
    .select({ vermittlernummer: agents.vermittlerNummer })
    .from(agents)
    .where(eq(agents.id, link.agentId));
  const unknown = () =>
    linkError(
      404,
      'EXTRANET_LINK_UNKNOWN',
      EXTRANET_ERRORS.linkUnknown,
      `Object of link ${link.id} out of reach`,
    );
  if (!agency) throw unknown();
  const ctx = {
    db,
    actor: agencyActor({
      agentId: link.agentId,
      vermittlernummer: agency.vermittlernummer,
      subAgentIds: await loadSubAgentIds(db, link.agentId),
    }),
    today: todayInGermany(now),
  };
  try {
    if (link.art === 'vertrag' && link.contractId) {
      const [contract] = await db
        .select({ nummer: contracts.versicherungsNummer })
        .from(contracts)
        .where(eq(contracts.id, link.contractId));
      if (!contract) throw unknown();
      const details = await agentContractDetails(
        { ...ctx, flags: { ...NO_FLAGS, 'disabled-self-services': [] } },
        contract.nummer,
      );
      return { vertrag: readOnlyContract(details), nummer: contract.nummer };
    }
    if (link.art === 'kundendaten' && link.partnerId) {
      const [partner] = await db
        .select({ nummer: partners.partnerNummer })
        .from(partners)
        .where(eq(partners.id, link.partnerId));
      if (!partner) throw unknown();
      return {
        kunde: readOnlyCustomer(await agentCustomerOverview(ctx, partner.nummer)),
        nummer: partner.nummer,
      };
    }
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw unknown();
    throw error;
  }
  throw unknown();
}

/**
 * Opens a link on the page of its kind: uses it up and answers its one object with a view token for reloads in the same
 * tab. A used link is 410 (EXTRANET_LINK_USED), an expired one 410 (EXTRANET_LINK_EXPIRED), an
 * unknown one 404 (EXTRANET_LINK_UNKNOWN); none of them carries data.
 */
export async function openLink(
  db: Database,
  token: string,
  art: ExtranetLinkKind,
  meta: RequestMeta,
): Promise<ExtranetView> {
  const secretHash = sha256Hex(token);
  const ansicht = randomToken();
  const viewExpiresAt = new Date(meta.now.getTime() + EXTRANET_VIEW_MINUTES * 60_000);
  const [link] = await db
    .update(extranetLinks)
    .set({ usedAt: meta.now, viewHash: sha256Hex(ansicht), viewExpiresAt })
    .where(
      and(
        eq(extranetLinks.secretHash, secretHash),
        eq(extranetLinks.art, art),
        isNull(extranetLinks.usedAt),
        sql`${extranetLinks.expiresAt} > ${meta.now.toISOString()}`,
      ),
    )
    .returning();
  if (!link) {
    const [known] = await db
      .select({ id: extranetLinks.id, usedAt: extranetLinks.usedAt })
      .from(extranetLinks)
      // A link opened on the other page (a contract link as customer data) counts as unknown.
      .where(and(eq(extranetLinks.secretHash, secretHash), eq(extranetLinks.art, art)));
    const reason = !known ? 'unbekannt' : known.usedAt ? 'verwendet' : 'abgelaufen';
    await audit(db, meta, {
      action: EXTRANET_AUDIT_ACTIONS.linkRefused,
      details: { linkId: known?.id ?? null, grund: reason },
    });
    if (!known)
      throw linkError(404, 'EXTRANET_LINK_UNKNOWN', EXTRANET_ERRORS.linkUnknown, 'Unknown extranet link');
    if (known.usedAt) {
      throw linkError(410, 'EXTRANET_LINK_USED', EXTRANET_ERRORS.linkUsed, `Extranet link ${known.id} used`);
    }
    throw linkError(
      410,
      'EXTRANET_LINK_EXPIRED',
      EXTRANET_ERRORS.linkExpired,
      `Extranet link ${known.id} expired`,
    );
  }
  const view = await viewOf(db, link, meta.now);
  await audit(db, meta, {
    action: EXTRANET_AUDIT_ACTIONS.linkOpened,
    details: { linkId: link.id, agentId: link.agentId, art: link.art, nummer: view.nummer },
  });
  return {
    art: link.art,
    ansicht,
    ansichtGueltigBis: viewExpiresAt.toISOString(),
    ...(view.vertrag ? { vertrag: view.vertrag } : {}),
    ...(view.kunde ? { kunde: view.kunde } : {}),
  };
}

/** The opened link's object again, by the view token kept in the tab (30 minutes from opening). */
export async function viewAgain(db: Database, ansicht: string, meta: RequestMeta): Promise<ExtranetView> {
  const [link] = await db
    .select()
    .from(extranetLinks)
    .where(eq(extranetLinks.viewHash, sha256Hex(ansicht)));
  if (!link || !link.viewExpiresAt) {
    throw linkError(404, 'EXTRANET_LINK_UNKNOWN', EXTRANET_ERRORS.linkUnknown, 'Unknown extranet view');
  }
  if (link.viewExpiresAt.getTime() <= meta.now.getTime()) {
    throw linkError(
      410,
      'EXTRANET_VIEW_EXPIRED',
      EXTRANET_ERRORS.viewExpired,
      `Extranet view ${link.id} expired`,
    );
  }
  const view = await viewOf(db, link, meta.now);
  await audit(db, meta, {
    action: EXTRANET_AUDIT_ACTIONS.viewReloaded,
    details: { linkId: link.id, agentId: link.agentId, art: link.art, nummer: view.nummer },
  });
  return {
    art: link.art,
    ansicht,
    ansichtGueltigBis: link.viewExpiresAt.toISOString(),
    ...(view.vertrag ? { vertrag: view.vertrag } : {}),
    ...(view.kunde ? { kunde: view.kunde } : {}),
  };
}

/** The opened link of a view token, or 401: unknown, or past the view's 30 minutes. */
async function linkOfView(db: Database, ansicht: string, now: Date): Promise<LinkRow> {
  const [link] = await db
    .select()
    .from(extranetLinks)
    .where(eq(extranetLinks.viewHash, sha256Hex(ansicht)));
  if (!link || !link.viewExpiresAt) {
    throw unauthorized('Unknown extranet view', {
      code: 'EXTRANET_VIEW_UNKNOWN',
      userMessage: EXTRANET_ERRORS.viewUnknown,
    });
  }
  if (link.viewExpiresAt.getTime() <= now.getTime()) {
    throw unauthorized(`Extranet view ${link.id} expired`, {
      code: 'EXTRANET_VIEW_EXPIRED',
      userMessage: EXTRANET_ERRORS.viewExpiredDocument,
    });
  }
  return link;
}

/**
 * A document of the opened contract, for the page's download: the view token (kept in the tab) is
 * the proof, as for reloading the page; it reaches only the documents of the link's one contract
 * (a customer link reaches none), only while the view lasts (401 after), and only while the agency
 * still looks after the contract. Any other document id is a 404; every download is in the audit log.
 */
export async function openExtranetDocument(
  deps: { db: Database; files: FileStorage },
  ansicht: string,
  documentId: string,
  meta: RequestMeta,
): Promise<{ fileName: string; file: StoredFile }> {
  const link = await linkOfView(deps.db, ansicht, meta.now);
  const unknown = () =>
    notFound(`Document ${documentId} is not of extranet link ${link.id}`, {
      code: 'EXTRANET_DOCUMENT_UNKNOWN',
      userMessage: EXTRANET_ERRORS.documentUnknown,
    });
  if (link.art !== 'vertrag' || !link.contractId) throw unknown();
  const document = await findDocumentById({ db: deps.db, id: documentId });
  if (!document || document.contractId !== link.contractId) throw unknown();
  const [agency] = await deps.db
    .select({ vermittlernummer: agents.vermittlerNummer })
    .from(agents)
    .where(eq(agents.id, link.agentId));
  if (!agency) throw unknown();
  const actor = agencyActor({
    agentId: link.agentId,
    vermittlernummer: agency.vermittlernummer,
    subAgentIds: await loadSubAgentIds(deps.db, link.agentId),
  });
  let opened;
  try {
    // The agent portal's download with the agency's scope: 404 once the contract left it.
    opened = await openAgentDocument(
      { db: deps.db, actor, today: todayInGermany(meta.now), files: deps.files },
      documentId,
    );
  } catch (error) {
    if (error instanceof AppError && error.code === 'DOCUMENT_FILE_MISSING') {
      throw notFound(error.message, {
        code: 'DOCUMENT_FILE_MISSING',
        userMessage: EXTRANET_ERRORS.documentMissing,
      });
    }
    if (error instanceof AppError && error.status === 404) throw unknown();
    throw error;
  }
  await audit(deps.db, meta, {
    action: EXTRANET_AUDIT_ACTIONS.documentDownloaded,
    details: {
      linkId: link.id,
      agentId: link.agentId,
      dokumentId: documentId,
      nummer: document.versicherungsNummer,
    },
  });
  return { fileName: documentFileName(opened.document), file: opened.file };
}

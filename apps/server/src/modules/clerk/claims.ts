// The clerk's claim work (issue 14 part 7, ADR 0027) on top of the claims service: the list, one
// claim with everything a clerk needs (answers, files, documents, history, messages), and the three
// actions: move to the next allowed state or reject with a reason, request a document, write to the
// customer. The claims service writes the history, the claim message, the Postfach entry and the
// e-mail in its transaction; this module adds the audit entry and points the file links at the
// clerk's download route.
import type { ClaimProduct } from '@schirm/domain/claims/products';
import type { ClaimState } from '@schirm/domain/claims/status';
import type { Database } from '../../db/database';
import type { Actor } from '../../platform/auth/actor';
import {
  claimDetail,
  listClaimMessages,
  listClaimsForClerk,
  moveClaim,
  openClaimFile,
  postClaimMessage,
  requestClaimDocument,
  setClaimHandler,
  type ClaimDeps,
  type ClaimChatMessage,
  type ClaimResponsibility,
} from '../claims/service';
import { claimRequiredDocuments } from '../claims/service';
import type { RequestMeta } from '../identity/audit';
import { recordClerkAudit } from './audit';

/** The deadline a clerk may give for a requested document, in days. */
export const REQUEST_DEADLINE_DAYS = { min: 1, max: 90 } as const;

const CUSTOMER_FILE_URL = /^\/api\/schadenstrecke\/schaden\/([0-9a-f-]{36})\/dateien\/([0-9a-f-]{36})$/i;

/** A file link of the claims service (customer route) as the clerk's download route. */
export function clerkFileUrl(url: string): string {
  const match = CUSTOMER_FILE_URL.exec(url);
  return match ? `/api/innendienst/schaeden/${match[1]}/dateien/${match[2]}` : url;
}

function withClerkUrls<T extends { url: string }>(files: readonly T[]): T[] {
  return files.map((file) => ({ ...file, url: clerkFileUrl(file.url) }));
}

function withClerkDocumentUrls<T extends { dateien: { url: string }[] }>(documents: readonly T[]): T[] {
  return documents.map((document) => ({ ...document, dateien: withClerkUrls(document.dateien) }));
}

export async function clerkListClaims({
  db,
  actor,
  filter,
}: {
  db: Database;
  actor: Actor;
  filter: {
    status?: ClaimState;
    produkt?: ClaimProduct;
    suche?: string;
    zustaendig?: ClaimResponsibility;
    seite: number;
    proSeite: number;
  };
}) {
  return listClaimsForClerk({ db, actor, filter });
}

/** One claim as the clerk's Schaden page shows it: the service's detail with all documents and messages. */
export async function clerkClaimDetail({
  db,
  actor,
  claimId,
}: {
  db: Database;
  actor: Actor;
  claimId: string;
}) {
  const [detail, { dokumente }, { nachrichten }] = await Promise.all([
    claimDetail({ db, actor, claimId }),
    claimRequiredDocuments({ db, actor, claimId }),
    listClaimMessages({ db, actor, claimId }),
  ]);
  return {
    ...detail,
    bearbeiter: detail.bearbeiter ?? null,
    dateien: withClerkUrls(detail.dateien),
    offeneAnforderungen: withClerkDocumentUrls(detail.offeneAnforderungen),
    dokumenteAlle: withClerkDocumentUrls(dokumente),
    nachrichten,
  };
}

export async function clerkClaimMessages({
  db,
  actor,
  claimId,
}: {
  db: Database;
  actor: Actor;
  claimId: string;
}): Promise<{ nachrichten: ClaimChatMessage[] }> {
  return listClaimMessages({ db, actor, claimId });
}

export async function clerkOpenClaimFile(args: Parameters<typeof openClaimFile>[0]) {
  return openClaimFile(args);
}

/** Moves the claim (next state, or ABGELEHNT with a reason); answers the claim as it is now. */
export async function clerkMoveClaim({
  deps,
  meta,
  actor,
  claimId,
  nach,
  grund,
  erwartet,
}: {
  deps: ClaimDeps;
  meta: RequestMeta;
  actor: Actor;
  claimId: string;
  nach: ClaimState;
  grund?: string | undefined;
  erwartet?: ClaimState | undefined;
}) {
  const moved = await moveClaim({
    deps,
    actor,
    claimId,
    nach,
    now: meta.now,
    ...(grund === undefined ? {} : { grund }),
    ...(erwartet === undefined ? {} : { erwartet }),
  });
  await recordClerkAudit(deps.db, meta, {
    actor,
    action: 'CLERK_CLAIM_MOVED',
    details: { claimId, status: moved.status, grund: grund?.trim() || null },
  });
  return clerkClaimDetail({ db: deps.db, actor, claimId });
}

/**
 * Takes the claim (or hands it back); answers the claim as it is now. The audit log names the
 * clerk before, so a taking-over from a colleague can be traced.
 */
export async function clerkSetClaimHandler({
  db,
  meta,
  actor,
  claimId,
  uebernehmen,
  bisher,
}: {
  db: Database;
  meta: RequestMeta;
  actor: Actor;
  claimId: string;
  uebernehmen: boolean;
  bisher: string | null;
}) {
  const { vorher, nachher } = await setClaimHandler({
    db,
    actor,
    claimId,
    uebernehmen,
    bisher,
    now: meta.now,
  });
  if (vorher !== nachher) {
    await recordClerkAudit(db, meta, {
      actor,
      action: uebernehmen ? 'CLERK_CLAIM_TAKEN' : 'CLERK_CLAIM_RELEASED',
      details: { claimId, vorher },
    });
  }
  return clerkClaimDetail({ db, actor, claimId });
}

/** Asks the customer for a document with a deadline; answers the claim as it is now. */
export async function clerkDocumentRequest({
  deps,
  meta,
  actor,
  claimId,
  titel,
  beschreibung,
  fristTage,
}: {
  deps: ClaimDeps;
  meta: RequestMeta;
  actor: Actor;
  claimId: string;
  titel: string;
  beschreibung?: string | undefined;
  fristTage: number;
}) {
  const requested = await requestClaimDocument({
    deps,
    actor,
    claimId,
    titel,
    fristTage,
    now: meta.now,
    ...(beschreibung === undefined ? {} : { beschreibung }),
  });
  await recordClerkAudit(deps.db, meta, {
    actor,
    action: 'CLERK_CLAIM_DOCUMENT_REQUESTED',
    details: { claimId, key: requested.key, titel: requested.titel, frist: requested.frist },
  });
  return clerkClaimDetail({ db: deps.db, actor, claimId });
}

/** Writes to the customer about the claim. */
export async function clerkWriteClaimMessage({
  deps,
  meta,
  actor,
  claimId,
  text,
  idempotencyKey,
}: {
  deps: ClaimDeps;
  meta: RequestMeta;
  actor: Actor;
  claimId: string;
  text: string;
  /** The form's key: a retried request answers the message already written, and writes nothing. */
  idempotencyKey?: string | undefined;
}): Promise<ClaimChatMessage> {
  const { message, created } = await postClaimMessage({
    deps,
    actor,
    claimId,
    text,
    now: meta.now,
    ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
  });
  if (created) {
    await recordClerkAudit(deps.db, meta, {
      actor,
      action: 'CLERK_CLAIM_MESSAGE_WRITTEN',
      details: { claimId, messageId: message.id },
    });
  }
  return message;
}

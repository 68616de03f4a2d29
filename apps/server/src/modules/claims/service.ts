// Claims (issue 14, ADR 0026): first notice of loss by the customer and by a public claimant, the
// claim tracker, required documents, claim messages and drafts; and the functions the clerk's
// module (modules/clerk) and the agent routes call. Ownership is checked here: a customer reaches
// only the own partner's claims, an agent those of the customers it (or an agent below it) looks
// after, a clerk (pool innendienst) every claim; anything else is a 404.
//
// A report is validated by running the product's claim flow again (domain claims/flows.ts); the
// claim number is drawn and the receipt PDF rendered and stored before the short transaction that
// writes the claim, its history, its checklist, the uploads, the receipt as a contract document,
// the Postfach entry and the e-mail (written to the outbox in the same transaction).
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { FlowAnswers } from '@schirm/domain/application/flow';
import { validateSubmission, type ApplicationFieldError } from '@schirm/domain/application/submission';
import { deadlineDate, requiredDocuments } from '@schirm/domain/claims/documents';
import { createClaimFlow } from '@schirm/domain/claims/flows';
import { formatClaimNumber } from '@schirm/domain/claims/number';
import { CLAIM_PRODUCT_INFO, claimProductOf, type ClaimProduct } from '@schirm/domain/claims/products';
import {
  CLAIM_STATE_LABELS,
  allowedClaimTransitions,
  checkClaimTransition,
  isOpenClaimState,
  type ClaimState,
} from '@schirm/domain/claims/status';
import { summarizeClaimAnswers, type ClaimAnswerSection } from '@schirm/domain/claims/summary';
import { productKeyOf } from '@schirm/domain/contract/product-meta';
import { addYears, dateParts, todayInGermany, type CalendarDate } from '@schirm/domain/dates/calendar-date';
import type { Database } from '../../db/database';
import {
  claimDocuments,
  claimDrafts,
  claimMessages,
  claimNumberCounters,
  claimPublicReports,
  claims,
  claimStatusHistory,
  type ClaimMessageAuthor,
  type ClaimMessageSource,
  type ClaimSource,
} from '../../db/schema/claims';
import { contracts } from '../../db/schema/contracts';
import { agents } from '../../db/schema/agents';
import { auditLog } from '../../db/schema/audit';
import { accounts } from '../../db/schema/identity';
import { partners } from '../../db/schema/partners';
import { withTransaction, type Transaction } from '../../db/transaction';
import type { Actor } from '../../platform/auth/actor';
import { agentScope, assertCanAccessPartner } from '../../platform/auth/ownership';
import { AppError, conflict, notFound, unprocessable } from '../../platform/errors';
import type { FileStorage } from '../../platform/files/file-storage';
import { hasHealthDataConsent } from '../consents/service';
import type { StoredContract } from '../contracts/contract-mapping';
import { findPartnerById, type Partner } from '../contracts/partners-repository';
import { findContractById, findContractByNumber, insertContractDocument } from '../contracts/repository';
import { documentUrl } from '../documents/service';
import { insertMailboxMessage } from '../mailbox/repository';
import { plainTextOf, sanitizeMessageHtml } from '../mailbox/sanitize';
import { enqueueMessage } from '../outbox/outbox';
import type { Transports } from '../outbox/transports';
import {
  attachUploads,
  findUploadTarget,
  listAttachedUploads,
  openUpload,
  type OpenedUpload,
  type UploadOwner,
} from '../uploads/service';
import { renderClaimReceipt } from './receipt';
import { CLAIM_TEXTS } from './texts';

const E = CLAIM_TEXTS.errors;
type Db = Database | Transaction;

/** What the claim functions need from the app. */
export interface ClaimDeps {
  db: Database;
  files: FileStorage;
  transports: Transports;
}

/** One file sent with a report: an upload, optionally for a document of the checklist. */
export interface ClaimUpload {
  uploadId: string;
  dokument?: string;
}

/** The answer of a submitted report (stored and returned again for a repeated Idempotency-Key). */
export interface ClaimSubmitResult {
  claimId: string;
  schadennummer: string;
  status: ClaimState;
  dokumente: { typ: string; titel: string; url: string }[];
}

/** A file of a claim as the API lists it. */
export interface ClaimFile {
  id: string;
  dateiname: string;
  groesse: number;
  typ: string;
  url: string;
}

// ---- helpers --------------------------------------------------------------------------------

/** 422 with the German field errors of the flow's re-run; paths are '<step>.<field>'. */
function answersRefused(errors: readonly ApplicationFieldError[]): AppError {
  return new AppError({
    status: 422,
    code: 'VALIDATION_FAILED',
    message: `Claim answers refused: ${errors.map((e) => `${e.stepId}.${e.path}`).join(', ')}`,
    userMessage: E.answersRefused,
    fieldErrors: errors.map((error) => ({
      path: error.path === '' ? error.stepId : `${error.stepId}.${error.path}`,
      message: error.message,
    })),
  });
}

function partnerIdOf(actor: Actor): string {
  if (actor.pool !== 'benutzer' || !actor.partnerId) throw notFound(`Account ${actor.userId} is no customer`);
  return actor.partnerId;
}

/** The claim product a contract's claims are reported under, or undefined (KFZ). */
export function claimProductOfContract(contract: Pick<StoredContract, 'produkt'>): ClaimProduct | undefined {
  return claimProductOf(productKeyOf(contract.produkt));
}

/** Why the contract gave no cover on the day of the loss, or undefined when it did. */
export function coverProblem(contract: StoredContract, schadentag: CalendarDate): string | undefined {
  if (schadentag < contract.vertragsBeginn || contract.status === 'STORNIERT') {
    return E.notCovered(contract.vertragsBeginn);
  }
  const end = contract.beendigung?.zum;
  if (end !== undefined && schadentag > end) return E.notCoveredEnded;
  if (
    contract.ablaufdatum !== undefined &&
    !contract.stillschweigendeVerlaengerung &&
    schadentag > contract.ablaufdatum
  ) {
    return E.notCoveredEnded;
  }
  return undefined;
}

/** The customer's e-mail address: the sign-in name of the portal account, else the partner's address. */
async function customerEmail(db: Db, partnerId: string): Promise<string | undefined> {
  const [account] = await db
    .select({ username: accounts.username })
    .from(accounts)
    .where(and(eq(accounts.pool, 'benutzer'), eq(accounts.partnerId, partnerId)))
    .limit(1);
  if (account) return account.username;
  const [partner] = await db
    .select({ email: partners.email })
    .from(partners)
    .where(eq(partners.id, partnerId));
  return partner?.email ?? undefined;
}

/** Draws the next claim number of the year (outside the claim's transaction, like a sequence). */
async function drawClaimNumber(db: Db, today: CalendarDate): Promise<string> {
  const jahr = dateParts(today).year;
  const [row] = await db
    .insert(claimNumberCounters)
    .values({ jahr, letzteNummer: 1 })
    .onConflictDoUpdate({
      target: claimNumberCounters.jahr,
      set: { letzteNummer: sql`${claimNumberCounters.letzteNummer} + 1` },
    })
    .returning({ letzteNummer: claimNumberCounters.letzteNummer });
  if (!row) throw new Error('claim number counter returned no row');
  return formatClaimNumber(jahr, row.letzteNummer);
}

/** A Postfach entry and an e-mail to the customer, in the caller's transaction. */
async function notifyCustomer(
  tx: Transaction,
  deps: ClaimDeps,
  {
    partnerId,
    contractId,
    subject,
    body,
    documentId,
    attachment,
    purpose,
  }: {
    partnerId: string;
    contractId: string;
    subject: string;
    body: string;
    documentId?: string;
    attachment?: { name: string; storageKey: string };
    purpose: string;
  },
): Promise<void> {
  await insertMailboxMessage(tx, {
    partnerId,
    contractId,
    subject,
    body,
    ...(documentId ? { documentId } : {}),
  });
  const to = await customerEmail(tx, partnerId);
  if (!to) return;
  await enqueueMessage(tx, deps.transports, {
    channel: 'email',
    to,
    subject: CLAIM_TEXTS.mail.subject(subject),
    body: CLAIM_TEXTS.mail.body(body),
    purpose,
    ...(attachment ? { attachment } : {}),
  });
}

// ---- creating a claim -------------------------------------------------------------------------

interface NewClaim {
  contract: StoredContract;
  partner: Partner;
  produkt: ClaimProduct;
  /** The flow's parsed data of the path. */
  data: Record<string, Record<string, unknown>>;
  summary: ClaimAnswerSection[];
  quelle: ClaimSource;
  melder?: Record<string, string>;
  idempotencyKey?: string;
  /** The id to give the claim (a public report's id, to which its uploads are already attached). */
  claimId?: string;
  uploads: readonly ClaimUpload[];
  uploadOwner?: UploadOwner;
  now: Date;
}

function claimantLine(melder: Record<string, string> | undefined): string | undefined {
  if (!melder) return undefined;
  return [melder['name'], melder['email'], melder['telefon']].filter(Boolean).join(', ');
}

async function createClaim(
  deps: ClaimDeps,
  input: NewClaim,
): Promise<{ created: boolean; result: ClaimSubmitResult }> {
  const { contract, partner, produkt, data, now } = input;
  const today = todayInGermany(now);
  const schadentag = String(data['schaden']?.['schadentag']);
  const checklist = requiredDocuments(produkt, data, today);
  const checklistKeys = new Set(checklist.map((document) => document.key));
  for (const upload of input.uploads) {
    if (upload.dokument !== undefined && !checklistKeys.has(upload.dokument)) {
      throw unprocessable(`Upload for unknown document ${upload.dokument}`, {
        code: 'CLAIM_DOCUMENT_UNKNOWN',
        userMessage: E.documentUnknown,
        fieldErrors: [{ path: 'uploads', message: E.documentNotFor(upload.dokument) }],
      });
    }
  }
  // Number, receipt and file before the transaction (ADR 0022): the transaction only writes rows.
  // A repeated key that loses the race below leaves an unused number and file, which is harmless.
  const schadennummer = await drawClaimNumber(deps.db, today);
  const pdf = await renderClaimReceipt({
    schadennummer,
    versicherungsNummer: contract.versicherungsNummer,
    produktName: CLAIM_PRODUCT_INFO[produkt].name,
    schadentag,
    gemeldetAm: now,
    gemeldetUeber: input.quelle === 'KUNDE' ? CLAIM_TEXTS.sources.kunde : CLAIM_TEXTS.sources.oeffentlich,
    ...(claimantLine(input.melder) ? { melder: claimantLine(input.melder)! } : {}),
    partner,
    antworten: input.summary,
    dokumente: checklist,
  });
  const storageKey = await deps.files.put(pdf, 'pdf');
  const receiptName = CLAIM_TEXTS.receipt.name(schadennummer);

  return withTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .insert(claims)
      .values({
        ...(input.claimId ? { id: input.claimId } : {}),
        schadennummer,
        contractId: contract.id,
        partnerId: partner.id,
        produkt,
        status: 'GEMELDET',
        schadentag,
        antworten: data,
        quelle: input.quelle,
        melder: input.melder ?? null,
        idempotencyKey: input.idempotencyKey ?? null,
        gemeldetAm: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [claims.partnerId, claims.idempotencyKey] })
      .returning({ id: claims.id });
    if (!row) {
      // The same key won in another request (two tabs of one draft): its answer is the answer.
      const [first] = await tx
        .select({ ergebnis: claims.ergebnis })
        .from(claims)
        .where(and(eq(claims.partnerId, partner.id), eq(claims.idempotencyKey, input.idempotencyKey ?? '')));
      return { created: false, result: first?.ergebnis as ClaimSubmitResult };
    }
    const claimId = row.id;
    const receipt = await insertContractDocument({
      db: tx,
      contractId: contract.id,
      name: receiptName,
      typ: 'other',
      storageKey,
    });
    await tx.insert(claimStatusHistory).values({ claimId, status: 'GEMELDET', am: now });
    const documentRows =
      checklist.length === 0
        ? []
        : await tx
            .insert(claimDocuments)
            .values(
              checklist.map((document) => ({
                claimId,
                key: document.key,
                titel: document.titel,
                beschreibung: document.beschreibung,
                fristBis: document.fristBis,
                erforderlich: document.erforderlich,
                quelle: 'CHECKLISTE',
                angefordertAm: now,
              })),
            )
            .returning({ id: claimDocuments.id, key: claimDocuments.key });
    if (input.uploadOwner) {
      const loose = input.uploads
        .filter((upload) => upload.dokument === undefined)
        .map((upload) => upload.uploadId);
      await attachUploads(tx, {
        uploadIds: loose,
        owner: input.uploadOwner,
        target: { kind: 'schaden', id: claimId },
        now,
      });
      for (const document of documentRows) {
        const ids = input.uploads
          .filter((upload) => upload.dokument === document.key)
          .map((upload) => upload.uploadId);
        if (ids.length === 0) continue;
        await attachUploads(tx, {
          uploadIds: ids,
          owner: input.uploadOwner,
          target: { kind: 'schadendokument', id: document.id },
          now,
        });
        await tx.update(claimDocuments).set({ eingereichtAm: now }).where(eq(claimDocuments.id, document.id));
      }
    }
    const result: ClaimSubmitResult = {
      claimId,
      schadennummer,
      status: 'GEMELDET',
      dokumente: [{ typ: 'EINGANGSBESTAETIGUNG', titel: receiptName, url: documentUrl(receipt.id) }],
    };
    await tx
      .update(claims)
      .set({ ergebnis: result, eingangsbestaetigungId: receipt.id })
      .where(eq(claims.id, claimId));
    const isPublic = input.quelle === 'OEFFENTLICH';
    await notifyCustomer(tx, deps, {
      partnerId: partner.id,
      contractId: contract.id,
      subject: CLAIM_TEXTS.mailbox.receiptSubject(schadennummer),
      body: isPublic
        ? CLAIM_TEXTS.mailbox.publicBody(schadennummer, contract.versicherungsNummer)
        : CLAIM_TEXTS.mailbox.receiptBody(schadennummer, contract.versicherungsNummer),
      documentId: receipt.id,
      attachment: { name: `${receiptName}.pdf`, storageKey },
      purpose: isPublic ? 'CLAIM_PUBLIC_REPORT' : 'CLAIM_RECEIPT',
    });
    await tx
      .delete(claimDrafts)
      .where(and(eq(claimDrafts.partnerId, partner.id), eq(claimDrafts.contractId, contract.id)));
    return { created: true, result };
  });
}

/** The customer's contract by its number, 404 unless it is the caller's. */
async function ownContract(db: Db, actor: Actor, versicherungsNummer: string): Promise<StoredContract> {
  const partnerId = partnerIdOf(actor);
  const contract = /^\d{9,10}$/.test(versicherungsNummer)
    ? await findContractByNumber({ db: db as Database, versicherungsNummer })
    : undefined;
  if (!contract || contract.partnerId !== partnerId) {
    throw notFound(`Contract ${versicherungsNummer} is not partner ${partnerId}'s`, {
      code: 'CONTRACT_NOT_FOUND',
      userMessage: E.contractUnknown,
    });
  }
  return contract;
}

function assertProductOf(contract: StoredContract, produkt: ClaimProduct): void {
  if (claimProductOfContract(contract) !== produkt) {
    throw unprocessable(`Contract ${contract.versicherungsNummer} takes no ${produkt} claims`, {
      code: 'CLAIM_PRODUCT_MISMATCH',
      userMessage: E.productMismatch,
      fieldErrors: [{ path: 'produkt', message: E.productMismatch }],
    });
  }
}

/**
 * The customer's report (`POST /schaden/v2/:contractId`): the contract must be the caller's, take
 * this product's claims and give cover on the day of the loss; the flow is run again (health
 * questions only with the consent on record); one claim per Idempotency-Key.
 */
export async function submitClaim({
  deps,
  actor,
  versicherungsNummer,
  produkt,
  antworten,
  uploads,
  idempotencyKey,
  now = new Date(),
}: {
  deps: ClaimDeps;
  actor: Actor;
  versicherungsNummer: string;
  produkt: ClaimProduct;
  antworten: FlowAnswers;
  uploads: readonly ClaimUpload[];
  idempotencyKey: string;
  now?: Date;
}): Promise<{ created: boolean; result: ClaimSubmitResult }> {
  const partnerId = partnerIdOf(actor);
  const contract = await ownContract(deps.db, actor, versicherungsNummer);
  const [byKey] = await deps.db
    .select({ contractId: claims.contractId, ergebnis: claims.ergebnis })
    .from(claims)
    .where(and(eq(claims.partnerId, partnerId), eq(claims.idempotencyKey, idempotencyKey)));
  if (byKey) {
    if (byKey.contractId !== contract.id) {
      throw unprocessable(`Idempotency key reused for another contract`, {
        code: 'IDEMPOTENCY_KEY_REUSED',
        userMessage: E.keyReused,
      });
    }
    return { created: false, result: byKey.ergebnis as ClaimSubmitResult };
  }
  assertProductOf(contract, produkt);
  const today = todayInGermany(now);
  const flow = createClaimFlow(produkt, {
    today,
    vertragsbeginn: contract.vertragsBeginn,
    gesundheitsEinwilligung: await hasHealthDataConsent(deps.db, partnerId),
  });
  const checked = validateSubmission(flow, antworten, 'antrag');
  if (!checked.ok) throw answersRefused(checked.errors);
  const schadentag = String(checked.data['schaden']?.['schadentag']);
  const problem = coverProblem(contract, schadentag);
  if (problem) throw answersRefused([{ stepId: 'schaden', path: 'schadentag', message: problem }]);
  const partner = await findPartnerById({ db: deps.db, id: partnerId, today });
  if (!partner) throw notFound(`Partner ${partnerId} is gone`);
  return createClaim(deps, {
    contract,
    partner,
    produkt,
    data: checked.data,
    summary: summarizeClaimAnswers(flow, checked.data),
    quelle: 'KUNDE',
    idempotencyKey,
    uploads,
    uploadOwner: { accountId: actor.userId },
    now,
  });
}

// ---- reading claims ---------------------------------------------------------------------------

type ClaimRow = typeof claims.$inferSelect;

/** The claim if the actor may see it (customer: own; agent: its customers'; clerk: any), else 404. */
async function accessibleClaim(db: Db, actor: Actor, claimId: string): Promise<ClaimRow> {
  const [row] = /^[0-9a-f-]{36}$/i.test(claimId)
    ? await db.select().from(claims).where(eq(claims.id, claimId))
    : [];
  const unknown = () =>
    notFound(`Claim ${claimId} unknown or not reachable`, {
      code: 'CLAIM_NOT_FOUND',
      userMessage: E.claimUnknown,
    });
  if (!row) throw unknown();
  if (actor.pool === 'innendienst') return row;
  try {
    await assertCanAccessPartner({ db: db as Database, actor, partnerId: row.partnerId });
  } catch {
    throw unknown();
  }
  return row;
}

/** The partner of a Partnernummer if the actor may see it (customer: own; agent: its customer's). */
async function accessiblePartnerId(db: Db, actor: Actor, partnerNummer: string): Promise<string> {
  const [row] = await db
    .select({ id: partners.id })
    .from(partners)
    .where(eq(partners.partnerNummer, partnerNummer));
  const unknown = () =>
    notFound(`Partner ${partnerNummer} not reachable`, {
      code: 'PARTNER_NOT_FOUND',
      userMessage: E.partnerUnknown,
    });
  if (!row) throw unknown();
  try {
    await assertCanAccessPartner({ db: db as Database, actor, partnerId: row.id });
  } catch {
    throw unknown();
  }
  return row.id;
}

/** One claim in a list. */
export interface ClaimListItem {
  claimId: string;
  schadennummer: string;
  produkt: ClaimProduct;
  produktName: string;
  vertragsnummer: string;
  schadentag: string;
  gemeldetAm: string;
  status: ClaimState;
  statusLabel: string;
  offeneDokumente: number;
  ungeleseneNachrichten: number;
}

async function listItems(
  db: Db,
  where: SQL | undefined,
  { limit, offset }: { limit?: number; offset?: number } = {},
) {
  const openDocuments = db
    .select({ claimId: claimDocuments.claimId, offen: count().as('offen') })
    .from(claimDocuments)
    .where(isNull(claimDocuments.eingereichtAm))
    .groupBy(claimDocuments.claimId)
    .as('open_documents');
  const unread = db
    .select({ claimId: claimMessages.claimId, ungelesen: count().as('ungelesen') })
    .from(claimMessages)
    .where(and(isNull(claimMessages.gelesenAm), sql`${claimMessages.autorArt} <> 'KUNDE'`))
    .groupBy(claimMessages.claimId)
    .as('unread_messages');
  let query = db
    .select({
      claim: claims,
      vertragsnummer: contracts.versicherungsNummer,
      offen: openDocuments.offen,
      ungelesen: unread.ungelesen,
      partnerName: sql<string>`coalesce(${partners.firmenname}, concat_ws(' ', ${partners.vorname}, ${partners.nachname}))`,
      partnerNummer: partners.partnerNummer,
      bearbeiterName: sql<string | null>`coalesce(${accounts.nickname}, ${accounts.username})`,
    })
    .from(claims)
    .innerJoin(contracts, eq(contracts.id, claims.contractId))
    .innerJoin(partners, eq(partners.id, claims.partnerId))
    .leftJoin(openDocuments, eq(openDocuments.claimId, claims.id))
    .leftJoin(unread, eq(unread.claimId, claims.id))
    .leftJoin(accounts, eq(accounts.id, claims.bearbeiterAccountId))
    .where(where)
    .orderBy(desc(claims.gemeldetAm), desc(claims.id))
    .$dynamic();
  if (limit !== undefined) query = query.limit(limit);
  if (offset !== undefined) query = query.offset(offset);
  const rows = await query;
  return rows.map((row) => ({
    item: {
      claimId: row.claim.id,
      schadennummer: row.claim.schadennummer,
      produkt: row.claim.produkt as ClaimProduct,
      produktName: CLAIM_PRODUCT_INFO[row.claim.produkt as ClaimProduct].name,
      vertragsnummer: row.vertragsnummer,
      schadentag: row.claim.schadentag,
      gemeldetAm: row.claim.gemeldetAm.toISOString(),
      status: row.claim.status as ClaimState,
      statusLabel: CLAIM_STATE_LABELS[row.claim.status as ClaimState],
      offeneDokumente: Number(row.offen ?? 0),
      ungeleseneNachrichten: Number(row.ungelesen ?? 0),
    } satisfies ClaimListItem,
    partnerName: row.partnerName,
    partnerNummer: row.partnerNummer,
    quelle: row.claim.quelle,
    bearbeiter:
      row.claim.bearbeiterAccountId && row.claim.bearbeiterSeit
        ? {
            accountId: row.claim.bearbeiterAccountId,
            name: row.bearbeiterName ?? '',
            seit: row.claim.bearbeiterSeit.toISOString(),
          }
        : null,
  }));
}

/** The clerk handling a claim (Sachbearbeitung), as the clerk's pages show it; `ich`: the asking clerk. */
export interface ClaimHandler {
  accountId: string;
  name: string;
  seit: string;
  ich: boolean;
}

function handlerFor(
  bearbeiter: Omit<ClaimHandler, 'ich'> | null,
  actor: Actor,
): { bearbeiter: ClaimHandler | null } {
  return { bearbeiter: bearbeiter ? { ...bearbeiter, ich: bearbeiter.accountId === actor.userId } : null };
}

/** The claims of a partner (`?partnernummer=`): the customer's own, or an agent's customer's. */
export async function listClaims({
  db,
  actor,
  partnerNummer,
}: {
  db: Database;
  actor: Actor;
  partnerNummer: string;
}): Promise<{ schaeden: ClaimListItem[] }> {
  const partnerId = await accessiblePartnerId(db, actor, partnerNummer);
  const rows = await listItems(db, eq(claims.partnerId, partnerId));
  return { schaeden: rows.map((row) => row.item) };
}

/** A required document as the API shows it. */
export interface ClaimDocumentView {
  key: string;
  titel: string;
  beschreibung: string;
  frist: string;
  erforderlich: boolean;
  nachgefordert: boolean;
  status: 'offen' | 'eingereicht';
  dateien: ClaimFile[];
}

function fileUrl(claimId: string, uploadId: string): string {
  return `/api/schadenstrecke/schaden/${claimId}/dateien/${uploadId}`;
}

async function documentViews(db: Db, claimId: string): Promise<ClaimDocumentView[]> {
  const rows = await db
    .select()
    .from(claimDocuments)
    .where(eq(claimDocuments.claimId, claimId))
    .orderBy(asc(claimDocuments.angefordertAm), asc(claimDocuments.fristBis), asc(claimDocuments.key));
  const files = await listAttachedUploads(
    db,
    'schadendokument',
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    key: row.key,
    titel: row.titel,
    beschreibung: row.beschreibung,
    frist: row.fristBis,
    erforderlich: row.erforderlich,
    nachgefordert: row.quelle === 'NACHFORDERUNG',
    status: row.eingereichtAm ? 'eingereicht' : 'offen',
    dateien: (files.get(row.id) ?? []).map((file) => ({ ...file, url: fileUrl(claimId, file.id) })),
  }));
}

/** The claim's checklist and requested documents with their files. */
export async function claimRequiredDocuments({
  db,
  actor,
  claimId,
}: {
  db: Database;
  actor: Actor;
  claimId: string;
}): Promise<{ dokumente: ClaimDocumentView[] }> {
  const claim = await accessibleClaim(db, actor, claimId);
  return { dokumente: await documentViews(db, claim.id) };
}

/** The whole claim: state history, answers with German labels, files, open requests, receipt. */
export async function claimDetail({ db, actor, claimId }: { db: Database; actor: Actor; claimId: string }) {
  const claim = await accessibleClaim(db, actor, claimId);
  const [item] = await listItems(db, eq(claims.id, claim.id));
  const history = await db
    .select()
    .from(claimStatusHistory)
    .where(eq(claimStatusHistory.claimId, claim.id))
    .orderBy(asc(claimStatusHistory.am), asc(claimStatusHistory.id));
  const contract = await findContractById({ db, id: claim.contractId });
  const flow = createClaimFlow(claim.produkt as ClaimProduct, {
    today: todayInGermany(claim.gemeldetAm),
    vertragsbeginn: contract?.vertragsBeginn ?? claim.schadentag,
    // The stored answers hold health data only if the consent was there; show what was stored.
    gesundheitsEinwilligung: claim.antworten['gesundheit'] !== undefined,
  });
  const loose = (await listAttachedUploads(db, 'schaden', [claim.id])).get(claim.id) ?? [];
  const dokumente = await documentViews(db, claim.id);
  const status = claim.status as ClaimState;
  return {
    ...item!.item,
    quelle: claim.quelle,
    ...(actor.pool === 'benutzer'
      ? {}
      : { partnerNummer: item!.partnerNummer, partnerName: item!.partnerName }),
    ...(claim.melder && actor.pool !== 'benutzer' ? { melder: claim.melder } : {}),
    abgeschlossen: !isOpenClaimState(status),
    verlauf: history.map((entry) => ({
      status: entry.status as ClaimState,
      statusLabel: CLAIM_STATE_LABELS[entry.status as ClaimState],
      am: entry.am.toISOString(),
      ...(entry.grund ? { grund: entry.grund } : {}),
    })),
    ...(actor.pool === 'innendienst'
      ? { erlaubteStatus: allowedClaimTransitions(status), ...handlerFor(item!.bearbeiter, actor) }
      : {}),
    antworten: summarizeClaimAnswers(flow, claim.antworten),
    dateien: loose.map((file) => ({ ...file, url: fileUrl(claim.id, file.id) })),
    offeneAnforderungen: dokumente.filter((document) => document.status === 'offen'),
    dokumente: claim.eingangsbestaetigungId
      ? [
          {
            typ: 'EINGANGSBESTAETIGUNG',
            titel: CLAIM_TEXTS.receipt.name(claim.schadennummer),
            url: documentUrl(claim.eingangsbestaetigungId),
          },
        ]
      : [],
  };
}

/** A file of the claim (loose or of one of its documents), after the access check; else 404. */
export async function openClaimFile({
  deps,
  actor,
  claimId,
  uploadId,
}: {
  deps: Pick<ClaimDeps, 'db' | 'files'>;
  actor: Actor;
  claimId: string;
  uploadId: string;
}): Promise<OpenedUpload> {
  const claim = await accessibleClaim(deps.db, actor, claimId);
  const unknown = () =>
    notFound(`Upload ${uploadId} is no file of claim ${claimId}`, { userMessage: E.fileUnknown });
  const target = /^[0-9a-f-]{36}$/i.test(uploadId) ? await findUploadTarget(deps.db, uploadId) : undefined;
  if (!target) throw unknown();
  let belongs = target.kind === 'schaden' && target.id === claim.id;
  if (target.kind === 'schadendokument') {
    const [document] = await deps.db
      .select({ id: claimDocuments.id })
      .from(claimDocuments)
      .where(and(eq(claimDocuments.id, target.id), eq(claimDocuments.claimId, claim.id)));
    belongs = document !== undefined;
  }
  if (!belongs) throw unknown();
  const opened = await openUpload(deps, uploadId);
  if (!opened) throw unknown();
  return opened;
}

// ---- required documents: upload -------------------------------------------------------------

/** Files for a required document (`POST required-documents/:claimId/:key`): attached, marked as sent. */
export async function submitClaimDocument({
  deps,
  actor,
  claimId,
  key,
  uploadIds,
  now = new Date(),
}: {
  deps: ClaimDeps;
  actor: Actor;
  claimId: string;
  key: string;
  uploadIds: readonly string[];
  now?: Date;
}): Promise<{ dokumente: ClaimDocumentView[] }> {
  partnerIdOf(actor);
  const claim = await accessibleClaim(deps.db, actor, claimId);
  if (uploadIds.length === 0) {
    throw unprocessable('No uploads', {
      userMessage: E.noFiles,
      fieldErrors: [{ path: 'uploadIds', message: E.noFiles }],
    });
  }
  const [document] = await deps.db
    .select()
    .from(claimDocuments)
    .where(and(eq(claimDocuments.claimId, claim.id), eq(claimDocuments.key, key)));
  if (!document)
    throw notFound(`Claim ${claimId} needs no document ${key}`, { userMessage: E.documentUnknown });
  await withTransaction(deps.db, async (tx) => {
    const attached = await attachUploads(tx, {
      uploadIds,
      owner: { accountId: actor.userId },
      target: { kind: 'schadendokument', id: document.id },
      now,
    });
    await tx.update(claimDocuments).set({ eingereichtAm: now }).where(eq(claimDocuments.id, document.id));
    await tx.insert(claimMessages).values({
      claimId: claim.id,
      autorArt: 'KUNDE',
      autorName: actor.username,
      accountId: actor.userId,
      quelle: 'ATTACHMENT',
      betreff: document.titel,
      text: attached.map((file) => file.dateiname).join(', '),
      createdAt: now,
    });
    await tx.update(claims).set({ updatedAt: now }).where(eq(claims.id, claim.id));
  });
  return { dokumente: await documentViews(deps.db, claim.id) };
}

// ---- claim messages ---------------------------------------------------------------------------

/** A claim message in the shape of spec §3 'Chat message', seen from the caller. */
export interface ClaimChatMessage {
  id: string;
  author: string;
  direction: 'incoming' | 'outgoing';
  time: string;
  source: ClaimMessageSource;
  subject: string;
  recipients: string[];
  cc: string[];
  html: boolean;
  text: string;
}

const INSURER_SIDE: readonly ClaimMessageAuthor[] = ['INNENDIENST', 'SYSTEM'];

function chatMessage(row: typeof claimMessages.$inferSelect, viewer: Actor): ClaimChatMessage {
  // The customer's own messages go out; the insurer's and the agent's come in. For the clerk the
  // insurer's go out, the customer's and the agent's come in; the agent reads the conversation from
  // the insurer's side, its own messages going out.
  const fromCustomer = row.autorArt === 'KUNDE';
  const outgoing =
    viewer.pool === 'benutzer'
      ? fromCustomer
      : viewer.pool === 'innendienst'
        ? INSURER_SIDE.includes(row.autorArt)
        : INSURER_SIDE.includes(row.autorArt) || row.autorArt === 'VERMITTLER';
  return {
    id: row.id,
    author: row.autorName,
    direction: outgoing ? 'outgoing' : 'incoming',
    time: row.createdAt.toISOString(),
    source: row.quelle,
    subject: row.betreff,
    recipients: [],
    cc: [],
    html: false,
    text: row.text,
  };
}

/** The claim's conversation, oldest first; opening it as the customer marks the insurer's messages read. */
export async function listClaimMessages({
  db,
  actor,
  claimId,
  now = new Date(),
}: {
  db: Database;
  actor: Actor;
  claimId: string;
  now?: Date;
}): Promise<{ nachrichten: ClaimChatMessage[] }> {
  const claim = await accessibleClaim(db, actor, claimId);
  const rows = await db
    .select()
    .from(claimMessages)
    .where(eq(claimMessages.claimId, claim.id))
    .orderBy(asc(claimMessages.createdAt), asc(claimMessages.id));
  if (actor.pool === 'benutzer') {
    await db
      .update(claimMessages)
      .set({ gelesenAm: now })
      .where(
        and(
          eq(claimMessages.claimId, claim.id),
          isNull(claimMessages.gelesenAm),
          sql`${claimMessages.autorArt} <> 'KUNDE'`,
        ),
      );
  }
  return { nachrichten: rows.map((row) => chatMessage(row, actor)) };
}

/** Longest claim message. */
export const CLAIM_MESSAGE_MAX_LENGTH = 5000;

function checkedText(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') {
    throw unprocessable('Empty message', {
      userMessage: E.messageEmpty,
      fieldErrors: [{ path: 'text', message: E.messageEmpty }],
    });
  }
  if (trimmed.length > CLAIM_MESSAGE_MAX_LENGTH) {
    throw unprocessable('Message too long', {
      userMessage: E.messageTooLong,
      fieldErrors: [{ path: 'text', message: E.messageTooLong }],
    });
  }
  return trimmed;
}

/** The message an account wrote about a claim with this Idempotency-Key, if any. */
async function claimMessageByKey(db: Db, claimId: string, accountId: string, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(claimMessages)
    .where(
      and(
        eq(claimMessages.claimId, claimId),
        eq(claimMessages.accountId, accountId),
        eq(claimMessages.idempotencyKey, idempotencyKey),
      ),
    );
  return row;
}

/** The customer writes about the claim (plain text; shown as text, never as HTML). */
export async function postCustomerClaimMessage({
  db,
  actor,
  claimId,
  text,
  idempotencyKey,
  now = new Date(),
}: {
  db: Database;
  actor: Actor;
  claimId: string;
  text: string;
  /** The message's key: a request repeated with it answers the message already written. */
  idempotencyKey?: string;
  now?: Date;
}): Promise<ClaimChatMessage> {
  partnerIdOf(actor);
  const claim = await accessibleClaim(db, actor, claimId);
  const body = checkedText(text);
  const [row] = await db
    .insert(claimMessages)
    .values({
      claimId: claim.id,
      autorArt: 'KUNDE',
      autorName: actor.username,
      accountId: actor.userId,
      quelle: 'CHAT',
      betreff: CLAIM_TEXTS.messages.customerSubject,
      text: body,
      createdAt: now,
      idempotencyKey: idempotencyKey ?? null,
    })
    // Only the unique index of (claim, account, key) can conflict: the same key came before.
    .onConflictDoNothing()
    .returning();
  if (!row) {
    const earlier = await claimMessageByKey(db, claim.id, actor.userId, idempotencyKey ?? '');
    if (!earlier) throw new Error(`Claim message of ${actor.userId} neither inserted nor found`);
    return chatMessage(earlier, actor);
  }
  await db.update(claims).set({ updatedAt: now }).where(eq(claims.id, claim.id));
  return chatMessage(row, actor);
}

// ---- the clerk's functions (modules/clerk calls them) ---------------------------------------

function assertClerk(actor: Actor): void {
  if (actor.pool !== 'innendienst') throw notFound(`Account ${actor.userId} is no clerk`);
}

/** Filters of the clerk's claim list. */
export interface ClerkClaimFilter {
  status?: ClaimState;
  produkt?: ClaimProduct;
  /** A claim number, contract number or part of the customer's name. */
  suche?: string;
  /** 'ich': the claims the asking clerk handles; 'niemand': those nobody has taken. */
  zustaendig?: ClaimResponsibility;
  seite?: number;
  proSeite?: number;
}

export const CLAIM_RESPONSIBILITIES = ['ich', 'niemand'] as const;
export type ClaimResponsibility = (typeof CLAIM_RESPONSIBILITIES)[number];

/** Every claim, newest first, filtered and a page at a time (clerk). */
export async function listClaimsForClerk({
  db,
  actor,
  filter = {},
}: {
  db: Database;
  actor: Actor;
  filter?: ClerkClaimFilter;
}) {
  assertClerk(actor);
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(claims.status, filter.status));
  if (filter.produkt) conditions.push(eq(claims.produkt, filter.produkt));
  if (filter.zustaendig === 'ich') conditions.push(eq(claims.bearbeiterAccountId, actor.userId));
  if (filter.zustaendig === 'niemand') conditions.push(isNull(claims.bearbeiterAccountId));
  const suche = filter.suche?.trim();
  if (suche) {
    const pattern = `%${suche.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(${claims.schadennummer} ILIKE ${pattern} OR ${contracts.versicherungsNummer} ILIKE ${pattern} OR ${partners.nachname} ILIKE ${pattern} OR ${partners.firmenname} ILIKE ${pattern})`,
    );
  }
  const where = conditions.length === 0 ? undefined : and(...conditions);
  const proSeite = Math.min(Math.max(filter.proSeite ?? 20, 1), 100);
  const [total] = await db
    .select({ n: count() })
    .from(claims)
    .innerJoin(contracts, eq(contracts.id, claims.contractId))
    .innerJoin(partners, eq(partners.id, claims.partnerId))
    .where(where);
  const gesamt = Number(total?.n ?? 0);
  const lastPage = Math.max(1, Math.ceil(gesamt / proSeite));
  const seite = (filter.seite ?? 1) > lastPage ? 1 : Math.max(filter.seite ?? 1, 1);
  const rows = await listItems(db, where, { limit: proSeite, offset: (seite - 1) * proSeite });
  return {
    schaeden: rows.map((row) => ({
      ...row.item,
      partnerName: row.partnerName,
      partnerNummer: row.partnerNummer,
      quelle: row.quelle,
      ...handlerFor(row.bearbeiter, actor),
    })),
    seite,
    proSeite,
    gesamt,
  };
}

async function lockedClaim(tx: Transaction, claimId: string): Promise<ClaimRow> {
  const [row] = /^[0-9a-f-]{36}$/i.test(claimId)
    ? await tx.select().from(claims).where(eq(claims.id, claimId)).for('update')
    : [];
  if (!row)
    throw notFound(`Claim ${claimId} unknown`, { code: 'CLAIM_NOT_FOUND', userMessage: E.claimUnknown });
  return row;
}

/**
 * Moves a claim to its next state or rejects it (with a reason), as the clerk does: only allowed
 * moves; a history row, a system message in the claim's conversation, a Postfach entry and an
 * e-mail to the customer, all in one transaction. `erwartet` (the state the clerk saw) guards
 * against two clerks moving the same claim at once (409).
 */
export async function moveClaim({
  deps,
  actor,
  claimId,
  nach,
  grund,
  erwartet,
  now = new Date(),
}: {
  deps: ClaimDeps;
  actor: Actor;
  claimId: string;
  nach: ClaimState;
  grund?: string;
  erwartet?: ClaimState;
  now?: Date;
}): Promise<{ claimId: string; status: ClaimState; statusLabel: string }> {
  assertClerk(actor);
  return withTransaction(deps.db, async (tx) => {
    const claim = await lockedClaim(tx, claimId);
    const from = claim.status as ClaimState;
    if (erwartet !== undefined && erwartet !== from) {
      throw conflict(`Claim ${claimId} is ${from}, not ${erwartet}`, {
        code: 'CLAIM_STATE_CHANGED',
        userMessage: `Der Schaden hat inzwischen den Status „${CLAIM_STATE_LABELS[from]}“. Bitte laden Sie die Seite neu.`,
      });
    }
    const check = checkClaimTransition(from, nach, grund);
    if (!check.ok) {
      throw unprocessable(`Claim ${claimId}: ${from} → ${nach} refused`, {
        code: 'CLAIM_TRANSITION_REFUSED',
        userMessage: check.message,
        fieldErrors: [
          { path: nach === 'ABGELEHNT' && !grund?.trim() ? 'grund' : 'status', message: check.message },
        ],
      });
    }
    await tx.update(claims).set({ status: nach, updatedAt: now }).where(eq(claims.id, claim.id));
    await tx.insert(claimStatusHistory).values({
      claimId: claim.id,
      status: nach,
      grund: check.grund ?? null,
      accountId: actor.userId,
      am: now,
    });
    const body = CLAIM_TEXTS.mailbox.statusBody(claim.schadennummer, nach, check.grund);
    await tx.insert(claimMessages).values({
      claimId: claim.id,
      autorArt: 'SYSTEM',
      autorName: CLAIM_TEXTS.messages.systemName,
      accountId: actor.userId,
      quelle: 'SYSTEM',
      betreff: `${CLAIM_TEXTS.messages.statusSubject}: ${CLAIM_STATE_LABELS[nach]}`,
      text: body,
      createdAt: now,
    });
    await notifyCustomer(tx, deps, {
      partnerId: claim.partnerId,
      contractId: claim.contractId,
      subject: CLAIM_TEXTS.mailbox.statusSubject(claim.schadennummer, nach),
      body,
      purpose: 'CLAIM_STATUS',
    });
    return { claimId: claim.id, status: nach, statusLabel: CLAIM_STATE_LABELS[nach] };
  });
}

/**
 * A clerk takes the claim (Sachbearbeitung) or hands it back. `bisher` is the handler the clerk saw
 * (an account id, or null for nobody): when another clerk took or handed back the claim meanwhile,
 * nothing changes and the answer is 409 with who handles it now, so two clerks pressing at once
 * cannot both believe the claim is theirs. Taking a claim from another clerk is allowed (a
 * colleague is away) when the clerk saw that colleague; handing back only one's own claim.
 */
export async function setClaimHandler({
  db,
  actor,
  claimId,
  uebernehmen,
  bisher,
  now = new Date(),
}: {
  db: Database;
  actor: Actor;
  claimId: string;
  /** true: the asking clerk takes the claim; false: hands it back to nobody. */
  uebernehmen: boolean;
  bisher: string | null;
  now?: Date;
}): Promise<{ vorher: string | null; nachher: string | null }> {
  assertClerk(actor);
  return withTransaction(db, async (tx) => {
    const claim = await lockedClaim(tx, claimId);
    const current = claim.bearbeiterAccountId;
    const next = uebernehmen ? actor.userId : null;
    // Pressed twice, or in a second tab: what the clerk wants is already so.
    if (current === next) return { vorher: current, nachher: next };
    if (current !== bisher) {
      const [holder] = current
        ? await tx
            .select({ name: sql<string>`coalesce(${accounts.nickname}, ${accounts.username})` })
            .from(accounts)
            .where(eq(accounts.id, current))
        : [];
      throw conflict(`Claim ${claimId} is handled by ${current ?? 'nobody'}, not ${bisher ?? 'nobody'}`, {
        code: 'CLAIM_HANDLER_CHANGED',
        userMessage:
          current === actor.userId
            ? E.handlerIsYou
            : holder
              ? E.handlerChanged(holder.name)
              : E.handlerReleased,
      });
    }
    if (!uebernehmen && current !== actor.userId) {
      throw unprocessable(`Claim ${claimId} is not handled by ${actor.userId}`, {
        code: 'CLAIM_NOT_YOURS',
        userMessage: E.handlerNotYours,
      });
    }
    await tx
      .update(claims)
      .set({ bearbeiterAccountId: next, bearbeiterSeit: next ? now : null })
      .where(eq(claims.id, claim.id));
    return { vorher: current, nachher: next };
  });
}

/** Longest title and description of a requested document. */
const REQUEST_TITLE_MAX = 200;
const REQUEST_DESCRIPTION_MAX = 2000;

/**
 * The clerk asks the customer for a further document: it joins the claim's required documents
 * (key 'nachforderung-<n>') with a deadline `fristTage` days from today (ending on a working day
 * as the checklist's), and reaches the customer as a claim message, a Postfach entry and an e-mail.
 */
export async function requestClaimDocument({
  deps,
  actor,
  claimId,
  titel,
  beschreibung,
  fristTage = 14,
  now = new Date(),
}: {
  deps: ClaimDeps;
  actor: Actor;
  claimId: string;
  titel: string;
  beschreibung?: string;
  fristTage?: number;
  now?: Date;
}): Promise<ClaimDocumentView> {
  assertClerk(actor);
  const title = titel.trim();
  if (title === '' || title.length > REQUEST_TITLE_MAX) {
    throw unprocessable('Document title missing or too long', {
      userMessage: E.titleMissing,
      fieldErrors: [{ path: 'titel', message: E.titleMissing }],
    });
  }
  const description = (beschreibung ?? '').trim().slice(0, REQUEST_DESCRIPTION_MAX);
  const days = Number.isInteger(fristTage) && fristTage >= 1 && fristTage <= 90 ? fristTage : 14;
  const today = todayInGermany(now);
  const fristBis = deadlineDate({ kind: 'tage', tage: days }, today);
  const key = await withTransaction(deps.db, async (tx) => {
    const claim = await lockedClaim(tx, claimId);
    if (!isOpenClaimState(claim.status as ClaimState)) {
      throw unprocessable(`Claim ${claimId} is closed`, { code: 'CLAIM_CLOSED', userMessage: E.claimClosed });
    }
    // The same document still open (a second press, a retried request, a colleague asking too):
    // the customer is not asked twice.
    const [open] = await tx
      .select({ fristBis: claimDocuments.fristBis })
      .from(claimDocuments)
      .where(
        and(
          eq(claimDocuments.claimId, claim.id),
          isNull(claimDocuments.eingereichtAm),
          sql`lower(${claimDocuments.titel}) = lower(${title})`,
        ),
      );
    if (open) {
      throw conflict(`Claim ${claimId} already asks for '${title}'`, {
        code: 'CLAIM_DOCUMENT_ALREADY_REQUESTED',
        userMessage: E.documentAlreadyRequested(title, open.fristBis),
        fieldErrors: [{ path: 'titel', message: E.documentAlreadyRequested(title, open.fristBis) }],
      });
    }
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(claimDocuments)
      .where(and(eq(claimDocuments.claimId, claim.id), eq(claimDocuments.quelle, 'NACHFORDERUNG')));
    const newKey = `nachforderung-${Number(n) + 1}`;
    await tx.insert(claimDocuments).values({
      claimId: claim.id,
      key: newKey,
      titel: title,
      beschreibung: description || CLAIM_TEXTS.messages.documentRequested(title, fristBis),
      fristBis,
      erforderlich: true,
      quelle: 'NACHFORDERUNG',
      angefordertAm: now,
    });
    await tx.insert(claimMessages).values({
      claimId: claim.id,
      autorArt: 'INNENDIENST',
      autorName: CLAIM_TEXTS.messages.clerkName,
      accountId: actor.userId,
      quelle: 'SYSTEM',
      betreff: CLAIM_TEXTS.messages.documentSubject,
      text: [CLAIM_TEXTS.messages.documentRequested(title, fristBis), description]
        .filter(Boolean)
        .join('\n\n'),
      createdAt: now,
    });
    await tx.update(claims).set({ updatedAt: now }).where(eq(claims.id, claim.id));
    await notifyCustomer(tx, deps, {
      partnerId: claim.partnerId,
      contractId: claim.contractId,
      subject: CLAIM_TEXTS.mailbox.documentSubject(claim.schadennummer),
      body: CLAIM_TEXTS.mailbox.documentBody(claim.schadennummer, title, fristBis),
      purpose: 'CLAIM_DOCUMENT_REQUEST',
    });
    return newKey;
  });
  const views = await documentViews(deps.db, claimId);
  return views.find((view) => view.key === key)!;
}

/** The clerk writes to the customer about the claim: a claim message, a Postfach entry and an e-mail. */
export async function postClaimMessage({
  deps,
  actor,
  claimId,
  text,
  idempotencyKey,
  now = new Date(),
}: {
  deps: ClaimDeps;
  actor: Actor;
  claimId: string;
  text: string;
  /** The form's key: a request repeated with it answers the message already written. */
  idempotencyKey?: string;
  now?: Date;
}): Promise<{ message: ClaimChatMessage; created: boolean }> {
  assertClerk(actor);
  const body = checkedText(text);
  return withTransaction(deps.db, async (tx) => {
    const claim = await lockedClaim(tx, claimId);
    // The claim's row is locked: a repeated key waits here and then finds the first message.
    const earlier =
      idempotencyKey === undefined
        ? undefined
        : await claimMessageByKey(tx, claim.id, actor.userId, idempotencyKey);
    if (earlier) return { message: chatMessage(earlier, actor), created: false };
    const [row] = await tx
      .insert(claimMessages)
      .values({
        claimId: claim.id,
        autorArt: 'INNENDIENST',
        autorName: CLAIM_TEXTS.messages.clerkName,
        accountId: actor.userId,
        quelle: 'CHAT',
        betreff: CLAIM_TEXTS.mailbox.messageSubject(claim.schadennummer),
        text: body,
        createdAt: now,
        idempotencyKey: idempotencyKey ?? null,
      })
      .returning();
    await tx.update(claims).set({ updatedAt: now }).where(eq(claims.id, claim.id));
    await notifyCustomer(tx, deps, {
      partnerId: claim.partnerId,
      contractId: claim.contractId,
      subject: CLAIM_TEXTS.mailbox.messageSubject(claim.schadennummer),
      body: CLAIM_TEXTS.mailbox.messageBody(claim.schadennummer, body),
      purpose: 'CLAIM_MESSAGE',
    });
    return { message: chatMessage(row!, actor), created: true };
  });
}

/** The agent's name and agency as the claim conversation and the customer's notice show them. */
async function agentAuthor(db: Db, actor: Actor): Promise<{ name: string; agenturName: string }> {
  const [agent] = actor.agentId
    ? await db
        .select({ name: agents.name, agenturName: agents.agenturName })
        .from(agents)
        .where(eq(agents.id, actor.agentId))
    : [];
  if (!agent) throw notFound(`Account ${actor.userId} has no agent`);
  return agent;
}

/** The audit action of an agent's claim message (audit_log.action). */
export const AGENT_CLAIM_MESSAGE_AUDIT = 'AGENT_CLAIM_MESSAGE_WRITTEN';

/**
 * An agent writes about a claim of a customer it reaches (own agency and sub-agents; anything else
 * is the same 404 as an unknown claim). The editor's HTML is sanitised (mailbox's
 * sanitizeMessageHtml) and kept as its plain text, as every claim message is shown as text; the
 * customer gets the message in the claim, a Postfach entry and an e-mail, as for the clerk's, and
 * the clerk sees it in the conversation. One transaction with an audit row naming the agent.
 */
export async function postAgentClaimMessage({
  deps,
  actor,
  claimId,
  html,
  origin,
  now = new Date(),
}: {
  deps: ClaimDeps;
  actor: Actor;
  claimId: string;
  html: string;
  origin: { ip: string | null; userAgent: string | null };
  now?: Date;
}): Promise<ClaimChatMessage> {
  if (actor.pool !== 'vermittler' || agentScope(actor).length === 0) {
    throw notFound(`Account ${actor.userId} is no agent`);
  }
  const claim = await accessibleClaim(deps.db, actor, claimId);
  const text = plainTextOf(sanitizeMessageHtml(html));
  if (text === '') {
    throw unprocessable('Empty message', {
      userMessage: E.messageEmpty,
      fieldErrors: [{ path: 'html', message: E.messageEmpty }],
    });
  }
  if (text.length > CLAIM_MESSAGE_MAX_LENGTH) {
    throw unprocessable('Message too long', {
      userMessage: E.messageTooLong,
      fieldErrors: [{ path: 'html', message: E.messageTooLong }],
    });
  }
  return withTransaction(deps.db, async (tx) => {
    const locked = await lockedClaim(tx, claim.id);
    const agent = await agentAuthor(tx, actor);
    const [row] = await tx
      .insert(claimMessages)
      .values({
        claimId: locked.id,
        autorArt: 'VERMITTLER',
        autorName: CLAIM_TEXTS.messages.agentName(agent.name, agent.agenturName),
        accountId: actor.userId,
        quelle: 'CHAT',
        betreff: CLAIM_TEXTS.mailbox.messageSubject(locked.schadennummer),
        text,
        createdAt: now,
      })
      .returning();
    await tx.update(claims).set({ updatedAt: now }).where(eq(claims.id, locked.id));
    await notifyCustomer(tx, deps, {
      partnerId: locked.partnerId,
      contractId: locked.contractId,
      subject: CLAIM_TEXTS.mailbox.messageSubject(locked.schadennummer),
      body: CLAIM_TEXTS.mailbox.agentMessageBody(locked.schadennummer, agent.name, agent.agenturName, text),
      purpose: 'CLAIM_MESSAGE',
    });
    await tx.insert(auditLog).values({
      occurredAt: now,
      action: AGENT_CLAIM_MESSAGE_AUDIT,
      pool: 'vermittler',
      accountId: actor.userId,
      actorAccountId: actor.userId,
      username: actor.username,
      ip: origin.ip,
      userAgent: origin.userAgent?.slice(0, 500) ?? null,
      details: { claimId: locked.id, messageId: row!.id, schadennummer: locked.schadennummer },
    });
    return chatMessage(row!, actor);
  });
}

// ---- drafts -----------------------------------------------------------------------------------

/** Largest draft (serialized answers). */
export const CLAIM_DRAFT_MAX_BYTES = 64 * 1024;

/** A saved draft; `idempotencyKey` is the key its submit sends (two tabs of one draft: one claim). */
export interface ClaimDraft {
  produkt: ClaimProduct;
  antworten: Record<string, Record<string, unknown>>;
  schritt: string;
  aktualisiertAm: string;
  idempotencyKey: string;
}

function draftView(row: typeof claimDrafts.$inferSelect): ClaimDraft {
  return {
    produkt: row.produkt as ClaimProduct,
    antworten: row.antworten,
    schritt: row.schritt,
    aktualisiertAm: row.updatedAt.toISOString(),
    idempotencyKey: row.idempotencyKey,
  };
}

/** Saves the customer's draft for a contract (one per contract, replaced on each save). */
export async function saveClaimDraft({
  db,
  actor,
  versicherungsNummer,
  produkt,
  antworten,
  schritt,
  now = new Date(),
}: {
  db: Database;
  actor: Actor;
  versicherungsNummer: string;
  produkt: ClaimProduct;
  antworten: FlowAnswers;
  schritt: string;
  now?: Date;
}): Promise<ClaimDraft> {
  const contract = await ownContract(db, actor, versicherungsNummer);
  assertProductOf(contract, produkt);
  const flow = createClaimFlow(produkt, {
    today: todayInGermany(now),
    vertragsbeginn: contract.vertragsBeginn,
  });
  if (!flow.steps.some((step) => step.id === schritt)) {
    throw unprocessable(`Unknown step ${schritt}`, {
      userMessage: E.stepUnknown,
      fieldErrors: [{ path: 'schritt', message: E.stepUnknown }],
    });
  }
  const stored = antworten as Record<string, Record<string, unknown>>;
  const [row] = await db
    .insert(claimDrafts)
    .values({
      partnerId: contract.partnerId,
      contractId: contract.id,
      produkt,
      antworten: stored,
      schritt,
      idempotencyKey: randomUUID(),
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [claimDrafts.partnerId, claimDrafts.contractId],
      set: { produkt, antworten: stored, schritt, updatedAt: now },
    })
    .returning();
  return draftView(row!);
}

/** The customer's draft for a contract, 404 when there is none. */
export async function readClaimDraft({
  db,
  actor,
  versicherungsNummer,
}: {
  db: Database;
  actor: Actor;
  versicherungsNummer: string;
}): Promise<ClaimDraft> {
  const contract = await ownContract(db, actor, versicherungsNummer);
  const [row] = await db
    .select()
    .from(claimDrafts)
    .where(and(eq(claimDrafts.partnerId, contract.partnerId), eq(claimDrafts.contractId, contract.id)));
  if (!row)
    throw notFound(`No claim draft for ${versicherungsNummer}`, {
      code: 'CLAIM_DRAFT_NOT_FOUND',
      userMessage: E.draftUnknown,
    });
  return draftView(row);
}

/** Deletes the customer's draft for a contract (no error when there is none). */
export async function deleteClaimDraft({
  db,
  actor,
  versicherungsNummer,
}: {
  db: Database;
  actor: Actor;
  versicherungsNummer: string;
}): Promise<void> {
  const contract = await ownContract(db, actor, versicherungsNummer);
  await db
    .delete(claimDrafts)
    .where(and(eq(claimDrafts.partnerId, contract.partnerId), eq(claimDrafts.contractId, contract.id)));
}

// ---- the public report ------------------------------------------------------------------------

/** The public claimant. */
export interface PublicClaimant {
  name: string;
  email: string;
  telefon?: string;
  /** VERSICHERUNGSNEHMER: the policyholder without sign-in; GESCHAEDIGTER: a third party; SONSTIGE. */
  rolle: 'VERSICHERUNGSNEHMER' | 'GESCHAEDIGTER' | 'SONSTIGE';
}

/** A public report as received. */
export interface PublicReportInput {
  vertragsnummer: string;
  pruefung: { plz: string } | { email: string };
  melder: PublicClaimant;
  produkt: ClaimProduct;
  antworten: FlowAnswers;
  uploadIds: readonly string[];
  uploadSchluessel?: string;
}

/** The earliest day of a loss a public report may name before its contract is known. */
const PUBLIC_EARLIEST_YEARS = 30;

function publicFlow(produkt: ClaimProduct, today: CalendarDate) {
  // The contract is not known yet (and must not be revealed): the flow runs without its start and
  // without health data (a public claimant has no consent on record).
  return createClaimFlow(produkt, {
    today,
    vertragsbeginn: addYears(today, -PUBLIC_EARLIEST_YEARS),
    gesundheitsEinwilligung: false,
  });
}

/**
 * `POST /schadenstrecke/oeffentlich`: checks the answers (contract-independent), stores the report,
 * attaches its uploads to the report's id (the id the claim gets on a match), and writes the
 * claimant's receipt e-mail, which says the same whether or not a contract matches. Whether one
 * does is decided later by `processPublicReports` (a job): the answer and its time never depend on it.
 */
export async function receivePublicReport({
  deps,
  input,
  now = new Date(),
}: {
  deps: ClaimDeps;
  input: PublicReportInput;
  now?: Date;
}): Promise<{ reportId: string }> {
  const today = todayInGermany(now);
  const checked = validateSubmission(publicFlow(input.produkt, today), input.antworten, 'antrag');
  if (!checked.ok) throw answersRefused(checked.errors);
  const reportId = randomUUID();
  await withTransaction(deps.db, async (tx) => {
    await tx.insert(claimPublicReports).values({
      id: reportId,
      eingabe: {
        vertragsnummer: input.vertragsnummer,
        pruefung: input.pruefung,
        melder: input.melder,
        produkt: input.produkt,
        antworten: checked.data,
      },
      eingegangenAm: now,
    });
    if (input.uploadIds.length > 0) {
      await attachUploads(tx, {
        uploadIds: input.uploadIds,
        owner: { uploadSchluessel: input.uploadSchluessel ?? '' },
        target: { kind: 'schaden', id: reportId },
        now,
      });
    }
    await enqueueMessage(tx, deps.transports, {
      channel: 'email',
      to: input.melder.email,
      subject: CLAIM_TEXTS.mail.publicClaimantSubject,
      body: CLAIM_TEXTS.mail.publicClaimantBody(input.melder.name, now),
      purpose: 'CLAIM_PUBLIC_RECEIPT',
    });
  });
  return { reportId };
}

function samePostcodeOrEmail(
  pruefung: PublicReportInput['pruefung'],
  partner: Partner,
  accountEmail: string | undefined,
): boolean {
  if ('plz' in pruefung) return partner.adresse?.plz === pruefung.plz.trim();
  const given = pruefung.email.trim().toLowerCase();
  return [partner.email, accountEmail].some((email) => email !== undefined && email.toLowerCase() === given);
}

/** Matches one stored public report: the claim on a match (and the policyholder told), nothing otherwise. */
async function processPublicReport(
  deps: ClaimDeps,
  report: typeof claimPublicReports.$inferSelect,
  now: Date,
): Promise<boolean> {
  const input = report.eingabe as unknown as Omit<PublicReportInput, 'uploadIds'> & {
    antworten: Record<string, Record<string, unknown>>;
  };
  const today = todayInGermany(now);
  const number = String(input.vertragsnummer ?? '').replace(/[\s-]/g, '');
  const contract = /^\d{9,10}$/.test(number)
    ? await findContractByNumber({ db: deps.db, versicherungsNummer: number })
    : undefined;
  const partner = contract
    ? await findPartnerById({ db: deps.db, id: contract.partnerId, today })
    : undefined;
  const matches =
    contract !== undefined &&
    partner !== undefined &&
    claimProductOfContract(contract) === input.produkt &&
    samePostcodeOrEmail(input.pruefung, partner, await customerEmail(deps.db, partner.id));
  if (matches) {
    const flow = publicFlow(input.produkt, todayInGermany(report.eingegangenAm));
    await createClaim(deps, {
      contract,
      partner,
      produkt: input.produkt,
      data: input.antworten,
      summary: summarizeClaimAnswers(flow, input.antworten),
      quelle: 'OEFFENTLICH',
      melder: {
        name: input.melder.name,
        email: input.melder.email,
        ...(input.melder.telefon ? { telefon: input.melder.telefon } : {}),
        rolle: input.melder.rolle,
      },
      claimId: report.id,
      uploads: [],
      now: report.eingegangenAm,
    });
  }
  // The report's data is no longer needed once handled: only the fact that it came stays.
  await deps.db
    .update(claimPublicReports)
    .set({ bearbeitetAm: now, eingabe: { bearbeitet: true } })
    .where(eq(claimPublicReports.id, report.id));
  return matches;
}

/** Handles every waiting public report (the job); returns how many became claims. */
export async function processPublicReports(
  deps: ClaimDeps,
  now = new Date(),
): Promise<{ handled: number; claims: number }> {
  const waiting = await deps.db
    .select()
    .from(claimPublicReports)
    .where(isNull(claimPublicReports.bearbeitetAm))
    .orderBy(asc(claimPublicReports.eingegangenAm))
    .limit(100);
  let made = 0;
  const failures: unknown[] = [];
  // One report that cannot be handled (its receipt failed to render) must not hold up the others:
  // it stays waiting, and the job's retry tries it again after the rest are done.
  for (const report of waiting) {
    try {
      if (await processPublicReport(deps, report, now)) made += 1;
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) {
    throw new AggregateError(failures, `${failures.length} public claim reports could not be handled`);
  }
  return { handled: waiting.length, claims: made };
}

// ---- agents -----------------------------------------------------------------------------------

/** Whether a claim's partner is among the agent's customers (for the clerk module's checks too). */
export async function agentSeesClaim(db: Database, actor: Actor, claimId: string): Promise<boolean> {
  if (agentScope(actor).length === 0) return false;
  try {
    await accessibleClaim(db, actor, claimId);
    return true;
  } catch {
    return false;
  }
}

/** Claims of every customer the agent reaches, newest first (the agent's claims overview). */
export async function listClaimsForAgent({ db, actor }: { db: Database; actor: Actor }) {
  const scope = agentScope(actor);
  if (scope.length === 0) throw notFound(`Account ${actor.userId} is no agent`);
  const reachable = db
    .selectDistinct({ partnerId: contracts.partnerId })
    .from(contracts)
    .where(inArray(contracts.agentId, scope));
  const rows = await listItems(db, inArray(claims.partnerId, reachable));
  return {
    schaeden: rows.map((row) => ({
      ...row.item,
      partnerName: row.partnerName,
      partnerNummer: row.partnerNummer,
    })),
  };
}

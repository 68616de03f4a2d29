// The online application (issue 13, ADR 0023). Two calls:
// - prepareOffer (vorbereiten): the flow is run again on the answers up to the documents step,
//   the server's checks follow (postcode exists, IBAN with a known bank), the choice is priced,
//   the pre-contract documents are rendered, sent by e-mail (§ 7 VVG text form) and stored with
//   their hashes. The same answers and price again give the same offer without a second e-mail.
// - submitApplication (antrag): all answers again, compared with the offer (same answers, same
//   price, else 409), then partner, address, bank account with mandate, contract, the pre-contract
//   documents, declarations and the application row in one transaction. The offer row is locked
//   first, and an application is unique per offer and per idempotency key: a double click, a retry
//   or two tabs make one contract, and every repeat gets the first answer.
// - completeApplicationDocuments (the job after the commit, ADR 0023 addendum): the policy and the
//   mandate are rendered, then stored with their e-mail and the Postfach entry in one transaction,
//   once per application; a download asked for before the job ran makes them itself.
import { createHash, randomUUID } from 'node:crypto';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  BERATUNGSVERZICHT_TEXT,
  ERKLAERUNG_TEXT,
  KUNDENENTSCHEIDUNGEN,
  SEPA_MANDAT_TEXT,
  VERMITTLER_BERATUNGSVERZICHT_TEXT,
  type Kundenentscheidung,
} from '@schirm/domain/application/common-steps';
import {
  PARTNER_BRANDS,
  type BrandAdvicePath,
  type PartnerBrand,
} from '@schirm/domain/application/brand-advice';
import type { Field } from '@schirm/domain/application/fields';
import { findStep, type ApplicationChannel, type FlowAnswers } from '@schirm/domain/application/flow';
import type { ApplicationContext, ProductApplication } from '@schirm/domain/application/product-application';
import { flowFor } from '@schirm/domain/application/product-application';
import { validateSubmission, type SubmissionData } from '@schirm/domain/application/submission';
import type { Bankverbindung } from '@schirm/domain/contract/contract-record';
import { standardLaufzeit } from '@schirm/domain/contract/termination';
import { addDays, type CalendarDate } from '@schirm/domain/dates/calendar-date';
import { formatCents } from '@schirm/domain/format/money';
import { formatDate } from '@schirm/domain/format/date';
import type { PeriodPremium } from '@schirm/domain/products/common/pricing';
import {
  MARKEN,
  OPERATOR_BRAND_KEY,
  type Marke,
  type SummaryProdukt,
  type Zahlweise,
} from '@schirm/domain/products/enums';
import type { Database } from '../../db/database';
import {
  applicationDeclarations,
  applicationOfferDocuments,
  applicationOffers,
  applications,
  ONLINE_CONTRACT_NUMBER_SEQUENCE,
} from '../../db/schema/applications';
import { contractDocuments } from '../../db/schema/contracts';
import { accounts } from '../../db/schema/identity';
import { withTransaction, type Transaction } from '../../db/transaction';
import { AppError, conflict, notFound, unprocessable } from '../../platform/errors';
import type { FileStorage } from '../../platform/files/file-storage';
import { validateContract } from '../contracts/contract-mapping';
import {
  findPartnerById,
  findPartnersByEmail,
  insertPartner,
  type NewPartner,
  type Partner,
  type Postanschrift,
} from '../contracts/partners-repository';
import {
  findContractById,
  insertContract,
  insertContractDocument,
  type NewContract,
} from '../contracts/repository';
import { renderSepaMandate } from '../contract-changes/sepa-mandate-pdf';
import { newSepaMandate } from '../contract-changes/sepa-mandate';
import { customerView } from '../customer-contracts/service';
import { POLICY_NAME, renderPolicy } from '../documents/policy';
import { createLinkToken } from '../identity/one-time-tokens';
import { IDENTITY_POLICY } from '../identity/policy';
import { insertMailboxMessage } from '../mailbox/repository';
import { MAILBOX_TEXTS } from '../mailbox/texts';
import { REGISTRATION_PAGE } from '../identity/registration';
import { enqueueMessage } from '../outbox/outbox';
import type { Transports } from '../outbox/transports';
import { preContractDocuments } from '../printing/pre-contract';
import { isKnownPostcode } from '../reference/postcodes';
import { validateIbanWithBank } from '../reference/banks';
import type { SellingAgent } from '../advice/agents';
import { renderAdviceDocumentation } from '../advice/documentation-pdf';
import { evbNumberOf, withEvbNumber } from './evb';
import { APPLICATION_TEXTS as T } from './texts';
import { priceChoice, type RatingContext } from './pricing';

/** How long an offer can be applied for (its price and documents stay valid). */
export const OFFER_VALIDITY_DAYS = 14;

/** What the application service needs from the app. */
export interface ApplicationDeps {
  db: Database;
  files: FileStorage;
  transports: Transports;
  publicUrl: string;
  sepaGlaeubigerId: string;
  /** Called after an application committed: starts the job that makes its policy and e-mail. */
  applied?: () => void;
}

/** The facts of one request: the day, the flags, the moment. */
export interface ApplicationRequestContext extends ApplicationContext {
  now: Date;
}

/** The premium of an offer or contract as the API answers it (cents). */
export interface BeitragAnswer {
  nettoCents: number;
  versicherungsteuerCents: number;
  bruttoCents: number;
  nettoJahresbeitragCents: number;
}

export interface OfferDocumentAnswer {
  typ: string;
  name: string;
  url: string;
  sha256: string;
}

export type OfferAnswer =
  | {
      kind: 'angebot';
      angebotId: string;
      gueltigBis: string;
      produkt: SummaryProdukt;
      produktName: string;
      variante: string;
      varianteName: string;
      zahlweise: Zahlweise;
      versicherungsbeginn: CalendarDate;
      beitrag: BeitragAnswer;
      versicherungssummeCents?: number;
      dokumente: OfferDocumentAnswer[];
      versandtAn: string;
      versandtAm: string;
    }
  | { kind: 'uninsurable'; code: string; reason: string }
  /** The online risk check refers the application to the underwriters (page /antrag/check-failed/). */
  | { kind: 'check-failed'; code: string; reason: string };

export interface ApplicationResult {
  kind: 'vertrag';
  antragId: string;
  versicherungsNummer: string;
  status: 'LAUFEND';
  produkt: SummaryProdukt;
  produktName: string;
  varianteName: string;
  vertragsBeginn: CalendarDate;
  zahlweise: Zahlweise;
  beitrag: BeitragAnswer;
  email: string;
  registrierung: 'LINK_GESENDET' | 'KONTO_VORHANDEN';
  /** KFZ: the eVB number the registration office needs (issued at conclusion). */
  evbNummer?: string;
  /** The agent the contract was concluded for (advice channels, ADR 0034). */
  vermittler?: { vermittlerNummer: string; name: string; vertriebsweg: string; agentur: string };
  /** The agent's advice: the customer the contract was concluded for (their portfolio entry). */
  kunde?: { name: string; partnerNummer: string };
  /** The contract brand (marke); a brand path's brand (ADR 0034) where the offer came from one. */
  marke?: Marke;
  brand?: PartnerBrand;
  /** Policy, mandate and the pre-contract documents, downloadable without sign-in for 14 days. */
  dokumente: { name: string; url: string }[];
}

/** Where a concluded application's own documents download (by the unguessable application id). */
export function applicationDocumentUrl(
  applicationId: string,
  dokument: 'versicherungsschein' | 'sepa-mandat',
): string {
  return `/api/taa/antraege/${applicationId}/dokumente/${dokument}`;
}

/** Where the offer's documents download (public by the offer's unguessable id, until it expires). */
export function offerDocumentUrl(offerId: string, typ: string): string {
  return `/api/taa/angebote/${offerId}/dokumente/${typ}`;
}

function sha256(value: string | Uint8Array): string {
  return createHash('sha256').update(value).digest('hex');
}

/** JSON with sorted keys: the same data gives the same text, whatever order it was sent in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

function ratingContext(context: ApplicationRequestContext): RatingContext {
  return {
    today: context.today,
    newProductGenerations: context.newProductGenerations,
    travelHealthInsurance: context.travelHealthInsurance,
  };
}

/** 422 with German field errors; paths are '<step>.<field>'. */
function answersRefused(errors: { stepId: string; path: string; message: string }[]): AppError {
  return new AppError({
    status: 422,
    code: 'VALIDATION_FAILED',
    message: `Application answers refused: ${errors.map((e) => `${e.stepId}.${e.path}`).join(', ')}`,
    userMessage: T.answersRefused,
    fieldErrors: errors.map((error) => ({
      path: error.path === '' ? error.stepId : `${error.stepId}.${error.path}`,
      message: error.message,
    })),
  });
}

/** The steps before the documents: what an offer is made for. */
const OFFER_UNTIL = 'dokumente';

function offerData(data: SubmissionData): SubmissionData {
  const { dokumente: _dokumente, erklaerung: _erklaerung, ...rest } = data;
  return rest;
}

function validated(
  application: ProductApplication,
  answers: FlowAnswers,
  channel: ApplicationChannel,
  context: ApplicationContext,
  until?: string,
): SubmissionData {
  const flow = flowFor(application, context);
  const result = validateSubmission(flow, answers, channel, until === undefined ? {} : { until });
  if (!result.ok) throw answersRefused(result.errors);
  const serverErrors = serverChecks(result.data);
  if (serverErrors.length > 0) throw answersRefused(serverErrors);
  return result.data;
}

/** Checks that need the server's reference data: the postcode exists, the IBAN's bank is known. */
function serverChecks(data: SubmissionData) {
  const errors: { stepId: string; path: string; message: string }[] = [];
  const plz = data['adresse']?.['plz'];
  if (typeof plz === 'string' && !isKnownPostcode(plz)) {
    errors.push({ stepId: 'adresse', path: 'plz', message: T.unknownPostcode });
  }
  const iban = data['sepa']?.['iban'];
  if (typeof iban === 'string') {
    const check = validateIbanWithBank(iban, { withBankData: false });
    if (!check.valid)
      errors.push({ stepId: 'sepa', path: 'iban', message: check.messages[0] ?? T.ibanRefused });
  }
  return errors;
}

function applicantEmail(data: SubmissionData): string {
  const email = data['person']?.['email'] ?? data['antragsteller']?.['email'];
  if (typeof email !== 'string') throw new Error('A validated application has no e-mail address');
  return email;
}

type OfferRow = typeof applicationOffers.$inferSelect;
type OfferDocumentRow = typeof applicationOfferDocuments.$inferSelect;

function beitragOf(row: OfferRow): BeitragAnswer {
  return {
    nettoCents: row.nettoCents,
    versicherungsteuerCents: row.versicherungsteuerCents,
    bruttoCents: row.bruttoCents,
    nettoJahresbeitragCents: row.nettoJahresbeitragCents,
  };
}

function offerAnswer(
  application: ProductApplication,
  row: OfferRow,
  documents: OfferDocumentRow[],
): OfferAnswer {
  return {
    kind: 'angebot',
    angebotId: row.id,
    gueltigBis: row.expiresAt.toISOString(),
    produkt: row.produkt as SummaryProdukt,
    produktName: application.name,
    variante: row.deckungsVariante,
    varianteName: row.deckungsVarianteName,
    zahlweise: row.zahlweise as Zahlweise,
    versicherungsbeginn: row.versicherungsbeginn,
    beitrag: beitragOf(row),
    ...(row.versicherungssummeCents === null ? {} : { versicherungssummeCents: row.versicherungssummeCents }),
    dokumente: [...documents]
      .sort((a, b) => a.position - b.position)
      .map((document) => ({
        typ: document.typ,
        name: document.name,
        url: offerDocumentUrl(row.id, document.typ),
        sha256: document.sha256,
      })),
    versandtAn: row.email,
    versandtAm: row.dokumenteVersandtAm.toISOString(),
  };
}

async function offerDocuments(db: Database | Transaction, offerId: string): Promise<OfferDocumentRow[]> {
  return db.select().from(applicationOfferDocuments).where(eq(applicationOfferDocuments.offerId, offerId));
}

/** vorbereiten: validates, prices, sends the pre-contract documents and stores the offer. */
export async function prepareOffer({
  deps,
  application,
  channel,
  answers,
  context,
  agent,
  brandPath,
  embeddingPartner,
}: {
  deps: ApplicationDeps;
  application: ProductApplication;
  channel: ApplicationChannel;
  answers: FlowAnswers;
  context: ApplicationRequestContext;
  /** The agent of the advice channels (signed in, or named by the public link), or the embedding partner's broker. */
  agent?: SellingAgent;
  /** A brand path of the public link (checked by the caller against the product, ADR 0034). */
  brandPath?: BrandAdvicePath;
  /** The direct channel in an embedding partner's iframe (issue 16): its key; `agent` is its broker. */
  embeddingPartner?: string;
}): Promise<OfferAnswer> {
  assertChannelAgent(channel, agent, embeddingPartner);
  const data = offerData(validated(application, answers, channel, context, OFFER_UNTIL));
  const refusal = application.riskCheck?.(data);
  if (refusal) return { kind: 'check-failed', ...refusal };
  const choice = application.choice(data);
  const request = application.pricingRequest(data as FlowAnswers, choice);
  if (!request)
    throw unprocessable('Pricing request incomplete after validation', { userMessage: T.answersRefused });
  const price = priceChoice(application, request, choice, ratingContext(context));
  if (price.kind === 'uninsurable') return price;
  const email = applicantEmail(data);
  const fingerprint = sha256(
    canonical({
      slug: application.slug,
      channel,
      data,
      produkt: price.produkt,
      premium: price.premium,
      email,
      agentId: agent?.id ?? null,
      ...(brandPath === undefined ? {} : { brand: brandPath.brand }),
      ...(embeddingPartner === undefined ? {} : { einbettungspartner: embeddingPartner }),
    }),
  );
  const [existing] = await deps.db
    .select()
    .from(applicationOffers)
    .where(and(eq(applicationOffers.fingerprint, fingerprint), gt(applicationOffers.expiresAt, context.now)))
    .limit(1);
  if (existing) return offerAnswer(application, existing, await offerDocuments(deps.db, existing.id));

  const expiresAt = new Date(context.now.getTime() + OFFER_VALIDITY_DAYS * 86_400_000);
  const printed = await preContractDocuments({
    productKey: application.productKey,
    offer: {
      variantName: price.variantName,
      zahlweise: choice.zahlweise,
      bruttoCents: price.premium.grossCents,
      nettoCents: price.premium.netCents,
      versicherungsteuerCents: price.premium.taxCents,
      versicherungsbeginn: choice.versicherungsbeginn,
      ...(price.versicherungssummeCents === undefined
        ? {}
        : { versicherungssummeCents: price.versicherungssummeCents }),
    },
  });
  // The agent's advice documentation (or the customer's waiver) goes with the § 7 VVG documents:
  // § 62 VVG wants it in text form before conclusion (ADR 0034).
  if (channel === 'vermittler-beratung' && agent) {
    printed.push(
      await renderAdviceDocumentation(
        adviceRecord(data, agent, context.today, {
          name: application.name,
          variantName: price.variantName,
          premium: `${formatCents(price.premium.grossCents)} ${T.zahlweiseAdverb[choice.zahlweise]}`,
        }),
      ),
    );
  }
  // Files first: a rolled-back row leaves a harmless orphan file, never a row without its file.
  // Each offer keeps its own copy of IPID and AVB (rendered once per process): the contract's
  // documents name one file each (contract_documents.storage_key is unique, ADR 0009).
  const stored = await Promise.all(
    printed.map(async (document) => ({ document, storageKey: await deps.files.put(document.pdf, 'pdf') })),
  );
  const row = await withTransaction(deps.db, async (tx) => {
    const messageId = await enqueueMessage(tx, deps.transports, {
      channel: 'email',
      to: email,
      subject: T.offerMail.subject(application.name),
      body: T.offerMail.body({
        produktName: application.name,
        dokumente: printed.map((document) => document.name),
        gueltigBis: formatDate(addDays(context.today, OFFER_VALIDITY_DAYS)),
      }),
      purpose: 'APPLICATION_PRE_CONTRACT_DOCUMENTS',
      ...(stored[0]
        ? { attachment: { name: stored[0].document.fileName, storageKey: stored[0].storageKey } }
        : {}),
      moreAttachments: stored
        .slice(1)
        .map(({ document, storageKey }) => ({ name: document.fileName, storageKey })),
    });
    const [offer] = await tx
      .insert(applicationOffers)
      .values({
        produktSlug: application.slug,
        kanal: channel,
        daten: data,
        fingerprint,
        produkt: price.produkt,
        deckungsVariante: price.variant,
        deckungsVarianteName: price.variantName,
        zahlweise: choice.zahlweise,
        versicherungsbeginn: choice.versicherungsbeginn,
        nettoJahresbeitragCents: price.premium.netAnnualCents,
        nettoCents: price.premium.netCents,
        versicherungsteuerCents: price.premium.taxCents,
        bruttoCents: price.premium.grossCents,
        versicherungssummeCents: price.versicherungssummeCents ?? null,
        serverFakten: {
          ...(price.zuersKlasse === undefined ? {} : { zuersKlasse: price.zuersKlasse }),
          ...(agent === undefined ? {} : { agentId: agent.id }),
          ...(embeddingPartner === undefined ? {} : { einbettungspartner: embeddingPartner }),
          // The brand path's brand and the contract brand it decides (never the client's word).
          ...(brandPath === undefined ? {} : { brand: brandPath.brand, marke: brandPath.marke }),
        },
        email,
        outboxMessageId: messageId,
        dokumenteVersandtAm: context.now,
        createdAt: context.now,
        expiresAt,
      })
      .returning();
    if (!offer) throw new Error('INSERT application_offers returned no row');
    await tx.insert(applicationOfferDocuments).values(
      stored.map(({ document, storageKey }, position) => ({
        offerId: offer.id,
        typ: document.typ,
        name: document.name,
        fileName: document.fileName,
        storageKey,
        sha256: document.sha256,
        textVersion: document.textVersion,
        position,
      })),
    );
    return offer;
  });
  return offerAnswer(application, row, await offerDocuments(deps.db, row.id));
}

/** One document of an offer for download, while the offer is valid. */
export async function openOfferDocument({
  deps,
  offerId,
  typ,
  now,
}: {
  deps: ApplicationDeps;
  offerId: string;
  typ: string;
  now: Date;
}): Promise<{ fileName: string; content: Buffer }> {
  const [row] = await deps.db
    .select({ document: applicationOfferDocuments, expiresAt: applicationOffers.expiresAt })
    .from(applicationOfferDocuments)
    .innerJoin(applicationOffers, eq(applicationOffers.id, applicationOfferDocuments.offerId))
    .where(and(eq(applicationOfferDocuments.offerId, offerId), eq(applicationOfferDocuments.typ, typ)));
  if (!row || row.expiresAt <= now) {
    throw notFound(`Offer document ${offerId}/${typ} unknown or expired`, {
      code: 'APPLICATION_DOCUMENT_UNKNOWN',
      userMessage: T.documentUnknown,
    });
  }
  const content = await deps.files.read(row.document.storageKey);
  if (!content) throw new Error(`Offer document ${row.document.storageKey} missing in the file storage`);
  return { fileName: row.document.fileName, content };
}

type ApplicationRow = typeof applications.$inferSelect;

function storedResult(row: ApplicationRow): ApplicationResult {
  return row.ergebnis as ApplicationResult;
}

/** The wording and answers of the product's own questions (§ 19 VVG: what the applicant was asked). */
function questionsAnswered(
  application: ProductApplication,
  context: ApplicationContext,
  data: SubmissionData,
): { frage: string; antwort: string }[] {
  const flow = flowFor(application, context);
  const own: { frage: string; antwort: string }[] = [];
  for (const [stepId, page] of Object.entries(data)) {
    if (
      ['beginn', 'person', 'antragsteller', 'adresse', 'sepa', 'beratung', 'beratungsverzicht'].includes(
        stepId,
      )
    ) {
      continue;
    }
    const step = findStep(flow, stepId);
    for (const field of step?.fields ?? []) {
      if (!('label' in field) || !(field.key in page)) continue;
      own.push({
        frage: `${step?.title ?? stepId}: ${field.label}`,
        antwort: answerText(field, page[field.key]),
      });
    }
  }
  return own;
}

function answerText(field: Field, value: unknown): string {
  const options = 'options' in field ? field.options : undefined;
  const label = (one: unknown) => options?.find((option) => option.value === one)?.label ?? String(one);
  if (Array.isArray(value)) {
    return value.map((item) => (item && typeof item === 'object' ? canonical(item) : label(item))).join(', ');
  }
  if (value === true) return 'Ja';
  if (value === false) return 'Nein';
  if (field.kind === 'money' && typeof value === 'number') return formatCents(value);
  return label(value);
}

function partnerOf(data: SubmissionData, partnerNummer: string): NewPartner {
  const person = data['person'];
  const applicant = data['antragsteller'];
  const telefon = (person ?? applicant)?.['telefon'];
  const contact = {
    partnerNummer,
    email: applicantEmail(data),
    ...(typeof telefon === 'string' ? { telefon } : {}),
  };
  if (applicant?.['personArt'] === 'JuristischePersonDTO') {
    return {
      personArt: 'JuristischePersonDTO',
      firmenname: String(applicant['firmenname']),
      ...(applicant['rechtsform'] === undefined ? {} : { rechtsform: String(applicant['rechtsform']) }),
      ...(applicant['gruendungsdatum'] === undefined
        ? {}
        : { gruendungsdatum: String(applicant['gruendungsdatum']) }),
      ...contact,
    };
  }
  const natural = person ?? applicant ?? {};
  return {
    personArt: 'NatuerlichePersonDTO',
    vorname: String(natural['vorname']),
    nachname: String(natural['nachname']),
    ...(natural['geburtsdatum'] === undefined ? {} : { geburtsdatum: String(natural['geburtsdatum']) }),
    ...contact,
  };
}

async function nextNumber(tx: Database | Transaction): Promise<number> {
  // node-postgres answers `execute` with a QueryResult, PGlite with { rows }; both carry `rows`.
  const result = (await tx.execute(
    sql`SELECT nextval(${ONLINE_CONTRACT_NUMBER_SEQUENCE}) AS value`,
  )) as unknown as {
    rows: { value: string | number }[];
  };
  const value = Number(result.rows[0]?.value);
  if (!Number.isSafeInteger(value)) throw new Error('nextval returned no number');
  return value;
}

function sameOffer(
  row: OfferRow,
  produkt: string,
  variant: string,
  zahlweise: string,
  bruttoCents: number,
  netAnnualCents: number,
) {
  return (
    row.produkt === produkt &&
    row.deckungsVariante === variant &&
    row.zahlweise === zahlweise &&
    row.bruttoCents === bruttoCents &&
    row.nettoJahresbeitragCents === netAnnualCents
  );
}

/** antrag: the binding application; one contract per offer, repeats get the first answer. */
export async function submitApplication({
  deps,
  application,
  channel,
  offerId,
  answers,
  idempotencyKey,
  context,
  agent,
  brandPath,
  embeddingPartner,
}: {
  deps: ApplicationDeps;
  application: ProductApplication;
  channel: ApplicationChannel;
  offerId: string;
  answers: FlowAnswers;
  idempotencyKey: string;
  context: ApplicationRequestContext;
  /** The agent of the advice channels (or the embedding partner's broker); must be the agent the offer was made for. */
  agent?: SellingAgent;
  /** The brand path; must be the one the offer was made on. */
  brandPath?: BrandAdvicePath;
  /** The embedding partner (issue 16); must be the one the offer was made through. */
  embeddingPartner?: string;
}): Promise<{ created: boolean; result: ApplicationResult }> {
  assertChannelAgent(channel, agent, embeddingPartner);
  const [byKey] = await deps.db
    .select()
    .from(applications)
    .where(eq(applications.idempotencyKey, idempotencyKey));
  if (byKey) {
    if (byKey.offerId !== offerId) {
      throw unprocessable(`Idempotency key ${idempotencyKey} was used for offer ${byKey.offerId}`, {
        code: 'IDEMPOTENCY_KEY_REUSED',
        userMessage: T.keyReused,
      });
    }
    return { created: false, result: storedResult(byKey) };
  }
  const [offer] = await deps.db.select().from(applicationOffers).where(eq(applicationOffers.id, offerId));
  if (
    !offer ||
    offer.produktSlug !== application.slug ||
    offer.kanal !== channel ||
    offerAgentId(offer) !== agent?.id ||
    offerBrand(offer).brand !== brandPath?.brand ||
    offerEmbeddingPartner(offer) !== embeddingPartner
  ) {
    throw notFound(`Offer ${offerId} unknown for ${application.slug}/${channel}`, {
      code: 'APPLICATION_OFFER_UNKNOWN',
      userMessage: T.offerUnknown,
    });
  }
  const [byOffer] = await deps.db.select().from(applications).where(eq(applications.offerId, offerId));
  if (byOffer) return { created: false, result: storedResult(byOffer) };
  if (offer.expiresAt <= context.now) {
    throw new AppError({
      status: 410,
      code: 'APPLICATION_OFFER_EXPIRED',
      message: `Offer ${offerId} expired`,
      userMessage: T.offerExpired,
    });
  }
  const data = validated(application, answers, channel, context);
  if (canonical(offerData(data)) !== canonical(offer.daten)) {
    throw conflict(`Answers differ from offer ${offerId}`, {
      code: 'APPLICATION_ANSWERS_CHANGED',
      userMessage: T.answersChanged,
    });
  }
  const choice = application.choice(data);
  const request = application.pricingRequest(data as FlowAnswers, choice);
  const price = request ? priceChoice(application, request, choice, ratingContext(context)) : undefined;
  if (
    !price ||
    price.kind === 'uninsurable' ||
    !sameOffer(
      offer,
      price.produkt,
      price.variant,
      choice.zahlweise,
      price.premium.grossCents,
      price.premium.netAnnualCents,
    )
  ) {
    throw conflict(`Price of offer ${offerId} moved`, {
      code: 'APPLICATION_PRICE_CHANGED',
      userMessage:
        price?.kind === 'priced'
          ? T.priceChanged(formatCents(offer.bruttoCents), formatCents(price.premium.grossCents))
          : T.priceGone,
    });
  }
  const terms = application.contractTerms(data, {
    produkt: price.produkt,
    variant: price.variant,
    ...(price.versicherungssummeCents === undefined
      ? {}
      : { versicherungssummeCents: price.versicherungssummeCents }),
    ...(price.zuersKlasse === undefined ? {} : { zuersKlasse: price.zuersKlasse }),
    ...(price.fahrzeug === undefined ? {} : { fahrzeug: price.fahrzeug }),
  });

  // The number and the contract are made before the transaction, so the transaction (on embedded
  // PGlite the one connection every request waits for) only writes rows. The policy and the
  // mandate are rendered by the job after the commit (completeApplicationDocuments).
  const number = await nextNumber(deps.db);
  const versicherungsNummer = `7${String(number).padStart(9, '0')}`;
  const adresse = data['adresse'] ?? {};
  const newPartner = partnerOf(data, `8${String(number).padStart(9, '0')}`);
  const postanschrift: Postanschrift = {
    strasse: String(adresse['strasse']),
    hausnummer: String(adresse['hausnummer']),
    plz: String(adresse['plz']),
    ort: String(adresse['ort']),
    land: 'DE',
  };
  const sepa = data['sepa'] ?? {};
  const bank = validateIbanWithBank(String(sepa['iban']), { withBankData: true });
  // The same person (or firm) at the same address paying from the same account is the same
  // customer: the contract joins that partner, so it appears in their customer portal, and is
  // debited under their existing mandate. Anyone else becomes a new partner.
  const known = await reusablePartner(deps.db, newPartner, postanschrift, bank.iban, context.today);
  const bankverbindung: Bankverbindung = known?.bankverbindung ?? {
    iban: bank.iban,
    ...(bank.bankData?.bic ? { bic: bank.bankData.bic } : {}),
    kontoinhaber: String(sepa['kontoinhaber']),
    sepaMandat: newSepaMandate(versicherungsNummer, context.today, {
      glaeubigerId: deps.sepaGlaeubigerId,
      now: context.now,
    }),
  };
  const laufzeit = standardLaufzeit({
    produkt: price.produkt,
    vertragsBeginn: choice.versicherungsbeginn,
    ...(terms.reiseEnde === undefined ? {} : { reiseEnde: terms.reiseEnde }),
  });
  const newContract: NewContract = {
    versicherungsNummer,
    produkt: price.produkt,
    // The offer's server fact: the brand path's contract brand, else the operator's.
    marke: offerBrand(offer).marke ?? OPERATOR_BRAND_KEY,
    status: 'LAUFEND',
    partnerId: known?.id ?? randomUUID(),
    // Concluded in the agent's name: the contract is the agent's (portfolio, scope rule).
    ...(agent === undefined ? {} : { vermittlerNummer: agent.vermittlerNummer }),
    deckungsVariante: price.variant,
    antragsdatum: context.today,
    abschlussdatum: context.today,
    vertragsBeginn: choice.versicherungsbeginn,
    hauptfaelligkeit: laufzeit.hauptfaelligkeit,
    ...(laufzeit.ablaufdatum === undefined ? {} : { ablaufdatum: laufzeit.ablaufdatum }),
    stillschweigendeVerlaengerung: laufzeit.stillschweigendeVerlaengerung,
    taeglichKuendbar: laufzeit.taeglichKuendbar,
    wirksamkeitsdatum: choice.versicherungsbeginn,
    // The policy and the § 7 VVG documents go out by e-mail today (written in the transaction).
    documentsReceivedOn: context.today,
    instructionsComplete: true,
    zahlweise: choice.zahlweise,
    beitrag: {
      nettoJahresbeitragCents: price.premium.netAnnualCents,
      bruttoBeitragProPeriodeCents: price.premium.grossCents,
    },
    ...(price.versicherungssummeCents === undefined
      ? {}
      : { versicherungssummeCents: price.versicherungssummeCents }),
    ...(terms.selbstbeteiligung === undefined ? {} : { selbstbeteiligung: terms.selbstbeteiligung }),
    bankverbindung,
    details: await withEvbNumber(deps.db, terms.details),
    vorgemerkteAenderungen: [],
    offeneBeitraege: [],
  };
  // Refused before anything is written if the contract would not be valid.
  validateContract({ ...newContract, id: randomUUID(), version: 1, updatedAt: context.now.toISOString() });
  const written = await withTransaction(deps.db, (tx) =>
    writeApplication(tx, {
      deps,
      application,
      channel,
      context,
      data,
      offer,
      idempotencyKey,
      newPartner,
      knownPartnerId: known?.id,
      partnerNummer: known?.partnerNummer ?? newPartner.partnerNummer,
      postanschrift,
      newContract,
      variantName: price.variantName,
      premium: price.premium,
      agent,
    }),
  );
  if (written.created) deps.applied?.();
  return written;
}

interface ApplicationWrite {
  deps: ApplicationDeps;
  application: ProductApplication;
  channel: ApplicationChannel;
  context: ApplicationRequestContext;
  data: SubmissionData;
  offer: OfferRow;
  idempotencyKey: string;
  newPartner: NewPartner;
  /** An existing partner the contract joins (same person, address and account). */
  knownPartnerId: string | undefined;
  /** The partner number of the customer the contract belongs to (known or new). */
  partnerNummer: string;
  postanschrift: Postanschrift;
  newContract: NewContract;
  variantName: string;
  premium: PeriodPremium;
  agent: SellingAgent | undefined;
}

/** The rows of a binding application in the caller's transaction; a repeat gets the first answer. */
async function writeApplication(
  tx: Transaction,
  write: ApplicationWrite,
): Promise<{ created: boolean; result: ApplicationResult }> {
  const { application, channel, context, data, offer, newContract, premium } = write;
  const { versicherungsNummer, bankverbindung } = newContract;
  const evbNummer = evbNumberOf(newContract.details);
  // Serialises two tabs (or a retry racing the first request) on the same offer.
  await tx.execute(sql`SELECT id FROM application_offers WHERE id = ${offer.id} FOR UPDATE`);
  const [again] = await tx.select().from(applications).where(eq(applications.offerId, offer.id));
  if (again) return { created: false, result: storedResult(again) };

  const partner =
    write.knownPartnerId === undefined
      ? await insertPartner({
          db: tx,
          partner: write.newPartner,
          adresse: write.postanschrift,
          gueltigAb: context.today,
        })
      : { id: write.knownPartnerId };
  const contract = await insertContract({ db: tx, contract: { ...newContract, partnerId: partner.id } });
  const preContract = (await offerDocuments(tx, offer.id)).sort((a, b) => a.position - b.position);
  for (const document of preContract) {
    await insertContractDocument({
      db: tx,
      contractId: contract.id,
      name: document.name,
      typ: 'other',
      storageKey: document.storageKey,
    });
  }

  const email = applicantEmail(data);
  const [account] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.pool, 'benutzer'), eq(accounts.username, email.toLowerCase())));
  const [row] = await tx
    .insert(applications)
    .values({
      offerId: offer.id,
      idempotencyKey: write.idempotencyKey,
      contractId: contract.id,
      partnerId: partner.id,
      ergebnis: {},
      createdAt: context.now,
      dokumenteErstelltAm: null,
    })
    .returning({ id: applications.id });
  if (!row) throw new Error('INSERT applications returned no row');
  const result: ApplicationResult = {
    kind: 'vertrag',
    antragId: row.id,
    versicherungsNummer,
    status: 'LAUFEND',
    produkt: newContract.produkt,
    produktName: application.name,
    varianteName: write.variantName,
    vertragsBeginn: newContract.vertragsBeginn,
    zahlweise: newContract.zahlweise,
    beitrag: {
      nettoCents: premium.netCents,
      versicherungsteuerCents: premium.taxCents,
      bruttoCents: premium.grossCents,
      nettoJahresbeitragCents: premium.netAnnualCents,
    },
    email,
    registrierung: account ? 'KONTO_VORHANDEN' : 'LINK_GESENDET',
    ...(evbNummer === undefined ? {} : { evbNummer }),
    ...(write.agent === undefined
      ? {}
      : {
          vermittler: {
            vermittlerNummer: write.agent.vermittlerNummer,
            name: write.agent.name,
            vertriebsweg: write.agent.vertriebsweg,
            agentur: write.agent.agentur.name,
          },
        }),
    // The agent's confirmation names the customer and links their portfolio entry.
    ...(channel === 'vermittler-beratung'
      ? { kunde: { name: customerName(write.newPartner), partnerNummer: write.partnerNummer } }
      : {}),
    marke: newContract.marke,
    ...(offerBrand(offer).brand === undefined ? {} : { brand: offerBrand(offer).brand }),
    dokumente: [
      { name: POLICY_NAME, url: applicationDocumentUrl(row.id, 'versicherungsschein') },
      { name: T.mandateName, url: applicationDocumentUrl(row.id, 'sepa-mandat') },
      ...preContract.map((document) => ({
        name: document.name,
        url: offerDocumentUrl(offer.id, document.typ),
      })),
    ],
  };
  await tx.update(applications).set({ ergebnis: result }).where(eq(applications.id, row.id));

  const sentDocuments = preContract.map((document) => ({
    typ: document.typ,
    name: document.name,
    sha256: document.sha256,
    textVersion: document.textVersion,
    versandtAm: offer.dokumenteVersandtAm.toISOString(),
  }));
  const mandate = bankverbindung?.sepaMandat;
  const declarations: { art: string; wortlaut: string; angaben?: unknown[]; dokumente?: unknown[] }[] = [
    {
      art: 'VORVERTRAGLICHE_INFORMATIONEN',
      wortlaut: T.preContractDeclaration(offer.email),
      dokumente: sentDocuments,
    },
    adviceDeclaration(channel, data, sentDocuments),
    {
      art: 'RISIKOFRAGEN',
      wortlaut: T.questionsDeclaration,
      angaben: questionsAnswered(application, context, data),
    },
    {
      art: 'SEPA_LASTSCHRIFTMANDAT',
      wortlaut: SEPA_MANDAT_TEXT,
      angaben: [
        { frage: 'Gläubiger-Identifikationsnummer', antwort: mandate?.glaeubigerId ?? '' },
        { frage: 'Mandatsreferenz', antwort: mandate?.mandatsreferenz ?? '' },
      ],
    },
    { art: 'ANTRAGSERKLAERUNG', wortlaut: ERKLAERUNG_TEXT, dokumente: sentDocuments },
  ];
  await tx.insert(applicationDeclarations).values(
    declarations.map((declaration) => ({
      applicationId: row.id,
      art: declaration.art,
      wortlaut: declaration.wortlaut,
      textVersion: sha256(declaration.wortlaut).slice(0, 16),
      angaben: declaration.angaben ?? [],
      dokumente: declaration.dokumente ?? [],
      abgegebenAm: context.now,
    })),
  );

  return { created: true, result };
}

/** Queue name of the job that makes the policies, mandates and e-mails of new applications. */
export const APPLICATION_DOCUMENTS_JOB = 'application-documents';

/** Applications whose documents one job run makes at most (the job is triggered again after). */
export const DOCUMENTS_BATCH = 50;

/**
 * The documents of concluded applications that are still to be made (all pending ones, oldest
 * first, at most DOCUMENTS_BATCH, or the one given): per application the policy and the mandate are
 * rendered and stored first, then one transaction locks the application, checks that nobody made
 * them meanwhile and writes the two contract documents, the Postfach entry, the registration link
 * and the e-mail with both PDFs. A process killed between the files and the commit leaves unused
 * files and a still pending application, which the next run completes; two runs (the job and a
 * download) make the documents once. Returns how many applications it completed.
 */
export async function completeApplicationDocuments({
  deps,
  now,
  applicationId,
}: {
  deps: ApplicationDeps;
  now: Date;
  applicationId?: string;
}): Promise<number> {
  const pending = await deps.db
    .select({ id: applications.id })
    .from(applications)
    .where(
      applicationId === undefined
        ? isNull(applications.dokumenteErstelltAm)
        : and(eq(applications.id, applicationId), isNull(applications.dokumenteErstelltAm)),
    )
    .orderBy(asc(applications.createdAt))
    .limit(DOCUMENTS_BATCH);
  let completed = 0;
  const failures: unknown[] = [];
  for (const { id } of pending) {
    // One application that fails (e.g. its file could not be written) does not hold up the others.
    try {
      if (await completeOne(deps, id, now)) completed += 1;
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1) throw new AggregateError(failures, `${failures.length} applications failed`);
  return completed;
}

async function completeOne(deps: ApplicationDeps, applicationId: string, now: Date): Promise<boolean> {
  const [row] = await deps.db.select().from(applications).where(eq(applications.id, applicationId));
  if (!row || row.dokumenteErstelltAm !== null) return false;
  const result = storedResult(row);
  const contract = await findContractById({ db: deps.db, id: row.contractId });
  const partner = contract
    ? await findPartnerById({ db: deps.db, id: row.partnerId, today: contract.abschlussdatum })
    : undefined;
  const bank = contract?.bankverbindung;
  if (!contract || !partner || !bank) {
    throw new Error(`Application ${applicationId}: contract, partner or bank account missing`);
  }
  const bankName = validateIbanWithBank(bank.iban, { withBankData: true }).bankData?.name;
  // As on the day of conclusion, whenever the job runs: the same contract gives the same policy.
  const [policy, mandate] = await Promise.all([
    renderPolicy({
      contract,
      view: customerView(contract, contract.abschlussdatum, undefined, []),
      partner,
    }),
    renderSepaMandate({
      partner,
      bank,
      ...(bankName === undefined ? {} : { bankName }),
      contracts: [{ versicherungsNummer: result.versicherungsNummer, versicherungsName: result.produktName }],
      givenAt: row.createdAt,
    }),
  ]);
  // Files first: a rolled-back or lost race leaves unused files, never rows without files.
  const [policyKey, mandateKey] = await Promise.all([
    deps.files.put(policy, 'pdf'),
    deps.files.put(mandate, 'pdf'),
  ]);
  return withTransaction(deps.db, async (tx) => {
    await tx.execute(sql`SELECT id FROM applications WHERE id = ${applicationId} FOR UPDATE`);
    const [current] = await tx
      .select({ done: applications.dokumenteErstelltAm })
      .from(applications)
      .where(eq(applications.id, applicationId));
    if (!current || current.done !== null) return false;
    const { versicherungsNummer } = result;
    const policyDocument = await insertContractDocument({
      db: tx,
      contractId: contract.id,
      name: POLICY_NAME,
      typ: 'default',
      storageKey: policyKey,
    });
    await insertContractDocument({
      db: tx,
      contractId: contract.id,
      name: T.mandateName,
      typ: 'default',
      storageKey: mandateKey,
    });
    // The policy also arrives in the new customer's Postfach (issue 14), with the contract it belongs to.
    await insertMailboxMessage(tx, {
      partnerId: partner.id,
      contractId: contract.id,
      subject: MAILBOX_TEXTS.policy.subject(versicherungsNummer),
      body: MAILBOX_TEXTS.policy.body(versicherungsNummer),
      documentId: policyDocument.id,
    });
    const registrationLink =
      result.registrierung === 'KONTO_VORHANDEN'
        ? undefined
        : `${deps.publicUrl}${REGISTRATION_PAGE}?token=${encodeURIComponent(
            await createLinkToken(tx, {
              kind: 'REGISTRATION_LINK',
              partnerId: partner.id,
              payload: { email: result.email.toLowerCase() },
              ttlMs: IDENTITY_POLICY.registrationLinkTtlMs,
              now,
            }),
          )}`;
    await enqueueMessage(tx, deps.transports, {
      channel: 'email',
      to: result.email,
      subject: T.contractMail.subject(result.produktName, versicherungsNummer),
      body: T.contractMail.body({
        produktName: result.produktName,
        versicherungsNummer,
        vertragsBeginn: formatDate(result.vertragsBeginn),
        beitrag: `${formatCents(result.beitrag.bruttoCents)} ${T.zahlweiseAdverb[result.zahlweise]}`,
        registrationLink,
        evbNummer: result.evbNummer,
      }),
      purpose: 'APPLICATION_CONTRACT',
      attachment: { name: `${POLICY_NAME} ${versicherungsNummer}.pdf`, storageKey: policyKey },
      moreAttachments: [{ name: `${T.mandateName} ${versicherungsNummer}.pdf`, storageKey: mandateKey }],
    });
    await tx.update(applications).set({ dokumenteErstelltAm: now }).where(eq(applications.id, applicationId));
    return true;
  });
}

/**
 * The policy or the mandate of a concluded application, for the confirmation page (the applicant
 * has no sign-in yet). Only for 14 days; later the e-mail and the customer portal have them. Asked
 * for before the job made them, they are made now (once: the job then finds them made).
 */
export async function openApplicationDocument({
  deps,
  applicationId,
  dokument,
  now,
}: {
  deps: ApplicationDeps;
  applicationId: string;
  dokument: 'versicherungsschein' | 'sepa-mandat';
  now: Date;
}): Promise<{ fileName: string; content: Buffer }> {
  let [row] = await deps.db.select().from(applications).where(eq(applications.id, applicationId));
  if (row && row.dokumenteErstelltAm === null) {
    await completeApplicationDocuments({ deps, now, applicationId });
    [row] = await deps.db.select().from(applications).where(eq(applications.id, applicationId));
  }
  const result = row ? storedResult(row) : undefined;
  const validUntil = row ? row.createdAt.getTime() + OFFER_VALIDITY_DAYS * 86_400_000 : 0;
  const name = dokument === 'versicherungsschein' ? POLICY_NAME : T.mandateName;
  const [document] =
    row && result && validUntil > now.getTime()
      ? await deps.db
          .select({ storageKey: contractDocuments.storageKey })
          .from(contractDocuments)
          .where(and(eq(contractDocuments.contractId, row.contractId), eq(contractDocuments.name, name)))
      : [];
  const content = document ? await deps.files.read(document.storageKey) : undefined;
  if (!result || !content) {
    throw notFound(`Application document ${applicationId}/${dokument} unknown or expired`, {
      code: 'APPLICATION_DOCUMENT_UNKNOWN',
      userMessage: T.applicationDocumentUnknown,
    });
  }
  return { fileName: `${name} ${result.versicherungsNummer}.pdf`, content };
}

function sameText(a: string | undefined, b: string | undefined): boolean {
  return (a ?? '').trim().toLocaleLowerCase('de') === (b ?? '').trim().toLocaleLowerCase('de');
}

/** A stored partner that is the applicant: same e-mail, person or firm, address and account. */
async function reusablePartner(
  db: Database,
  applicant: NewPartner,
  adresse: Postanschrift,
  iban: string,
  today: CalendarDate,
): Promise<(Partner & { bankverbindung: Bankverbindung }) | undefined> {
  if (!applicant.email) return undefined;
  const candidates = await findPartnersByEmail({ db, email: applicant.email, today });
  return candidates.find((candidate): candidate is Partner & { bankverbindung: Bankverbindung } => {
    const samePerson =
      candidate.personArt === 'NatuerlichePersonDTO' && applicant.personArt === 'NatuerlichePersonDTO'
        ? sameText(candidate.vorname, applicant.vorname) &&
          sameText(candidate.nachname, applicant.nachname) &&
          candidate.geburtsdatum === applicant.geburtsdatum
        : candidate.personArt === 'JuristischePersonDTO' && applicant.personArt === 'JuristischePersonDTO'
          ? sameText(candidate.firmenname, applicant.firmenname)
          : false;
    const place = candidate.adresse;
    const sameAddress =
      place !== undefined &&
      place.plz === adresse.plz &&
      sameText(place.strasse, adresse.strasse) &&
      sameText(place.hausnummer.replaceAll(' ', ''), adresse.hausnummer.replaceAll(' ', ''));
    return samePerson && sameAddress && candidate.bankverbindung?.iban === iban;
  });
}

/**
 * The advice channels need their agent; the direct channel has none, unless it runs in an
 * embedding partner's iframe (issue 16): then the partner's broker is the agent.
 */
function assertChannelAgent(
  channel: ApplicationChannel,
  agent: SellingAgent | undefined,
  embeddingPartner?: string,
): void {
  if (embeddingPartner !== undefined) {
    if (channel !== 'antrag' || agent === undefined) {
      throw new Error(`Embedding partner ${embeddingPartner} needs the direct channel and its broker`);
    }
    return;
  }
  if ((channel === 'antrag') !== (agent === undefined)) {
    throw new Error(`Channel ${channel} ${agent ? 'has no agent' : 'needs its agent'}`);
  }
}

/** The embedding partner an offer was made through (server fact), if any. */
function offerEmbeddingPartner(offer: OfferRow): string | undefined {
  const facts = offer.serverFakten as { einbettungspartner?: unknown } | null;
  return typeof facts?.einbettungspartner === 'string' ? facts.einbettungspartner : undefined;
}

/** The customer as the agent's confirmation names them: the company, or first and last name. */
function customerName(partner: NewPartner): string {
  return partner.personArt === 'JuristischePersonDTO'
    ? partner.firmenname
    : `${partner.vorname} ${partner.nachname}`;
}

/** The brand path an offer was made on and its contract brand (server facts), if any. */
function offerBrand(offer: OfferRow): { brand?: PartnerBrand; marke?: Marke } {
  const facts = offer.serverFakten as { brand?: unknown; marke?: unknown } | null;
  return {
    ...((PARTNER_BRANDS as readonly unknown[]).includes(facts?.brand)
      ? { brand: facts?.brand as PartnerBrand }
      : {}),
    ...((MARKEN as readonly unknown[]).includes(facts?.marke) ? { marke: facts?.marke as Marke } : {}),
  };
}

/** The agent an offer was made for (server fact), or undefined for the direct channel. */
function offerAgentId(offer: OfferRow): string | undefined {
  const facts = offer.serverFakten as { agentId?: unknown } | null;
  return typeof facts?.agentId === 'string' ? facts.agentId : undefined;
}

const ADVICE_FIELDS: readonly [string, string][] = [
  ['beratungsort', 'Beratungsort'],
  ['wuensche', 'Wünsche und Bedürfnisse'],
  ['empfehlung', 'Rat des Vermittlers'],
  ['begruendung', 'Gründe für den Rat'],
  ['kundenentscheidung', 'Entscheidung des Kunden'],
];

/** The advice declaration: documented advice or the waiver (agent channel), or the applicant's § 6 VVG waiver. */
function adviceDeclaration(
  channel: ApplicationChannel,
  data: SubmissionData,
  documents: { typ: string }[],
): { art: string; wortlaut: string; angaben?: unknown[]; dokumente?: unknown[] } {
  if (channel !== 'vermittler-beratung')
    return { art: 'BERATUNGSVERZICHT', wortlaut: BERATUNGSVERZICHT_TEXT };
  const page = data['beratung'] ?? {};
  const documentation = documents.filter((document) => document.typ === 'BERATUNGSDOKUMENTATION');
  if (page['beratungsart'] === 'VERZICHT') {
    return {
      art: 'BERATUNGSVERZICHT_VERMITTLER',
      wortlaut: VERMITTLER_BERATUNGSVERZICHT_TEXT,
      angaben: [{ frage: 'Beratungsort', antwort: String(page['beratungsort']) }],
      dokumente: documentation,
    };
  }
  return {
    art: 'BERATUNGSDOKUMENTATION',
    wortlaut: T.adviceDocumented,
    angaben: ADVICE_FIELDS.map(([key, frage]) => ({
      frage,
      antwort:
        key === 'kundenentscheidung'
          ? KUNDENENTSCHEIDUNGEN[page[key] as Kundenentscheidung]
          : String(page[key] ?? ''),
    })),
    dokumente: documentation,
  };
}

/** What the advice documentation records, from the validated answers. */
function adviceRecord(
  data: SubmissionData,
  agent: SellingAgent,
  today: CalendarDate,
  product: { name: string; variantName: string; premium: string },
): Parameters<typeof renderAdviceDocumentation>[0] {
  const page = data['beratung'] ?? {};
  const applicant = data['person'] ?? data['antragsteller'] ?? {};
  const adresse = data['adresse'] ?? {};
  const name =
    applicant['personArt'] === 'JuristischePersonDTO'
      ? String(applicant['firmenname'])
      : `${String(applicant['vorname'])} ${String(applicant['nachname'])}`;
  return {
    date: today,
    agent,
    customer: {
      name,
      anschrift: `${String(adresse['strasse'])} ${String(adresse['hausnummer'])}, ${String(adresse['plz'])} ${String(adresse['ort'])}`,
      email: applicantEmail(data),
    },
    beratungsort: page['beratungsort'] as Parameters<typeof renderAdviceDocumentation>[0]['beratungsort'],
    advice:
      page['beratungsart'] === 'VERZICHT'
        ? { kind: 'VERZICHT' }
        : {
            kind: 'BERATUNG',
            wuensche: String(page['wuensche']),
            empfehlung: String(page['empfehlung']),
            begruendung: String(page['begruendung']),
            kundenentscheidung: page['kundenentscheidung'] as Kundenentscheidung,
          },
    product,
  };
}

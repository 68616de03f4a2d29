// Online applications (issue 13, ADR 0023): the binding offer with the pre-contract documents
// that were sent for it, the application that turned an offer into a contract (one per offer and
// per idempotency key), the declarations with the exact text the applicant saw, and saved drafts.
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { contracts } from './contracts';
import { outboxMessages } from './outbox';
import { partners } from './partners';

const cents = (name: string) => bigint(name, { mode: 'number' });
const timestampTz = (name: string) => timestamp(name, { withTimezone: true });

/** Numbers of contracts concluded online: '7' and nine digits (spec §5 insurance number). */
export const ONLINE_CONTRACT_NUMBER_SEQUENCE = 'online_contract_number_seq';

/**
 * An offer (vorbereiten): the validated answers, the price the applicant was shown and the
 * documents sent to them. An offer with the same answers and price is reused, so a reload of the
 * documents step neither re-sends the documents nor makes a second offer.
 */
export const applicationOffers = pgTable(
  'application_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    produktSlug: text('produkt_slug').notNull(),
    kanal: text('kanal').notNull(),
    /** Validated answers per step, as the server parsed them (documents and declaration excluded). */
    daten: jsonb('daten').notNull(),
    /** sha256 of product, channel, answers and price: finds the same offer again. */
    fingerprint: text('fingerprint').notNull(),
    /** Summary product with generation, e.g. FAHRRAD_2. */
    produkt: text('produkt').notNull(),
    deckungsVariante: text('deckungs_variante').notNull(),
    deckungsVarianteName: text('deckungs_variante_name').notNull(),
    zahlweise: text('zahlweise').notNull(),
    versicherungsbeginn: date('versicherungsbeginn', { mode: 'string' }).notNull(),
    nettoJahresbeitragCents: cents('netto_jahresbeitrag_cents').notNull(),
    nettoCents: cents('netto_cents').notNull(),
    versicherungsteuerCents: cents('versicherungsteuer_cents').notNull(),
    bruttoCents: cents('brutto_cents').notNull(),
    versicherungssummeCents: cents('versicherungssumme_cents'),
    /** Facts the server added to the price (e.g. the ZÜRS class). */
    serverFakten: jsonb('server_fakten')
      .notNull()
      .default(sql`'{}'::jsonb`),
    email: text('email').notNull(),
    /** The e-mail that carried the documents, and when it was written. */
    outboxMessageId: uuid('outbox_message_id').references(() => outboxMessages.id, { onDelete: 'set null' }),
    dokumenteVersandtAm: timestampTz('dokumente_versandt_am').notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    expiresAt: timestampTz('expires_at').notNull(),
  },
  (t) => [index('application_offers_fingerprint_idx').on(t.fingerprint, t.expiresAt)],
);

/** The pre-contract documents of an offer (§ 7 VVG) with the hash that proves what was sent. */
export const applicationOfferDocuments = pgTable(
  'application_offer_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => applicationOffers.id, { onDelete: 'cascade' }),
    typ: text('typ').notNull(),
    name: text('name').notNull(),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    textVersion: text('text_version').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('application_offer_documents_typ').on(t.offerId, t.typ)],
);

/** A binding application: one per offer and one per idempotency key, with the answer it got. */
export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => applicationOffers.id, { onDelete: 'restrict' }),
    idempotencyKey: text('idempotency_key').notNull(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'restrict' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'restrict' }),
    /** The application result as it was answered (repeated for a retried request). */
    ergebnis: jsonb('ergebnis').notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    /**
     * When the policy, the mandate, their e-mail and the Postfach entry were written (the job
     * after the commit, ADR 0023 addendum); null while they are still to be made.
     */
    dokumenteErstelltAm: timestampTz('dokumente_erstellt_am'),
  },
  (t) => [
    uniqueIndex('applications_offer_unique').on(t.offerId),
    uniqueIndex('applications_idempotency_key_unique').on(t.idempotencyKey),
    index('applications_documents_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.dokumenteErstelltAm} IS NULL`),
  ],
);

export const ERKLAERUNG_ARTEN = [
  'VORVERTRAGLICHE_INFORMATIONEN',
  'BERATUNGSVERZICHT',
  'BERATUNGSDOKUMENTATION',
  'RISIKOFRAGEN',
  'SEPA_LASTSCHRIFTMANDAT',
  'ANTRAGSERKLAERUNG',
] as const;

/**
 * Every declaration of an application with the exact wording shown, its version (sha256 of the
 * wording), the time, and the hashes of the documents it refers to: what a court may ask for.
 */
export const applicationDeclarations = pgTable(
  'application_declarations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    art: text('art').notNull(),
    wortlaut: text('wortlaut').notNull(),
    textVersion: text('text_version').notNull(),
    /** Answers given under this wording (risk questions: question and answer). */
    angaben: jsonb('angaben')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Documents the declaration refers to: type, name, sha256, when sent. */
    dokumente: jsonb('dokumente')
      .notNull()
      .default(sql`'[]'::jsonb`),
    abgegebenAm: timestampTz('abgegeben_am').notNull(),
  },
  (t) => [
    index('application_declarations_application_idx').on(t.applicationId),
    check(
      'application_declarations_art_check',
      sql.raw(`art IN (${ERKLAERUNG_ARTEN.map((art) => `'${art}'`).join(', ')})`),
    ),
  ],
);

/** A saved draft: the answers so far, resumable by link for 30 days (issue 13 part 7). */
export const applicationDrafts = pgTable(
  'application_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    produktSlug: text('produkt_slug').notNull(),
    kanal: text('kanal').notNull(),
    antworten: jsonb('antworten').notNull(),
    schritt: text('schritt').notNull(),
    email: text('email').notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    expiresAt: timestampTz('expires_at').notNull(),
  },
  (t) => [index('application_drafts_expires_idx').on(t.expiresAt)],
);

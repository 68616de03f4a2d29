// Claims (issue 14, ADR 0026): a claim reported against a contract (by the customer, or publicly by
// a claimant whose contract number and check matched), its state history, the documents its
// checklist and the clerk ask for, its messages (spec §3 chat message), the customer's drafts, the
// per-year counter of claim numbers and the public reports waiting to be matched to a contract.
import { CLAIM_PRODUCTS } from '@schirm/domain/claims/products';
import { CLAIM_STATES } from '@schirm/domain/claims/status';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { contractDocuments, contracts } from './contracts';
import { oneOf } from './enum-check';
import { accounts } from './identity';
import { partners } from './partners';

const timestampTz = (name: string) => timestamp(name, { withTimezone: true });

/** KUNDE: reported in the customer portal; OEFFENTLICH: reported on /schaden-melden/ without sign-in. */
export const CLAIM_SOURCES = ['KUNDE', 'OEFFENTLICH'] as const;
export type ClaimSource = (typeof CLAIM_SOURCES)[number];

export const claims = pgTable(
  'claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'SC26-0000123' (domain claims/number.ts). */
    schadennummer: text('schadennummer').notNull(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'restrict' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    produkt: text('produkt').notNull(),
    status: text('status').notNull().default('GEMELDET'),
    schadentag: date('schadentag', { mode: 'string' }).notNull(),
    /** The pruned, parsed answers per step (the flow re-run on the server). */
    antworten: jsonb('antworten').$type<Record<string, Record<string, unknown>>>().notNull(),
    quelle: text('quelle').$type<ClaimSource>().notNull(),
    /** The public claimant (name, e-mail, phone, role); NULL for a report by the customer. */
    melder: jsonb('melder').$type<Record<string, string>>(),
    /** The customer's Idempotency-Key: one claim per partner and key. */
    idempotencyKey: text('idempotency_key'),
    /** The submit's answer, returned again for a repeated key. */
    ergebnis: jsonb('ergebnis').notNull().default({}),
    /** The receipt (Eingangsbestätigung) PDF, a document of the contract. */
    eingangsbestaetigungId: uuid('eingangsbestaetigung_id').references(() => contractDocuments.id, {
      onDelete: 'set null',
    }),
    gemeldetAm: timestampTz('gemeldet_am').notNull().defaultNow(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
    /** The clerk who handles the claim (Sachbearbeitung); NULL while nobody has taken it. */
    bearbeiterAccountId: uuid('bearbeiter_account_id').references(() => accounts.id, {
      onDelete: 'set null',
    }),
    /** Since when that clerk handles it. */
    bearbeiterSeit: timestampTz('bearbeiter_seit'),
  },
  (t) => [
    uniqueIndex('claims_schadennummer_key').on(t.schadennummer),
    index('claims_bearbeiter_idx').on(t.bearbeiterAccountId, t.gemeldetAm),
    uniqueIndex('claims_idempotency_key').on(t.partnerId, t.idempotencyKey),
    index('claims_partner_idx').on(t.partnerId, t.gemeldetAm),
    index('claims_contract_idx').on(t.contractId),
    index('claims_status_idx').on(t.status, t.gemeldetAm),
    check('claims_produkt_check', oneOf(t.produkt, CLAIM_PRODUCTS)),
    check('claims_status_check', oneOf(t.status, CLAIM_STATES)),
    check('claims_quelle_check', oneOf(t.quelle, CLAIM_SOURCES)),
    check('claims_bearbeiter_check', sql`(${t.bearbeiterAccountId} IS NULL) = (${t.bearbeiterSeit} IS NULL)`),
  ],
);

/** Every state a claim was in, with the reason of a rejection and who moved it (NULL: the report). */
export const claimStatusHistory = pgTable(
  'claim_status_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    grund: text('grund'),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    am: timestampTz('am').notNull().defaultNow(),
  },
  (t) => [
    index('claim_status_history_claim_idx').on(t.claimId, t.am),
    check('claim_status_history_status_check', oneOf(t.status, CLAIM_STATES)),
  ],
);

/** CHECKLISTE: from requiredDocuments at the report; NACHFORDERUNG: asked for later by the clerk. */
export const CLAIM_DOCUMENT_SOURCES = ['CHECKLISTE', 'NACHFORDERUNG'] as const;

/** A document the claim needs; eingereichtAm is set once files were uploaded for it. */
export const claimDocuments = pgTable(
  'claim_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    titel: text('titel').notNull(),
    beschreibung: text('beschreibung').notNull(),
    fristBis: date('frist_bis', { mode: 'string' }).notNull(),
    erforderlich: boolean('erforderlich').notNull(),
    quelle: text('quelle').notNull(),
    angefordertAm: timestampTz('angefordert_am').notNull().defaultNow(),
    eingereichtAm: timestampTz('eingereicht_am'),
  },
  (t) => [
    uniqueIndex('claim_documents_claim_key').on(t.claimId, t.key),
    check('claim_documents_quelle_check', oneOf(t.quelle, CLAIM_DOCUMENT_SOURCES)),
  ],
);

/** Who wrote a claim message. */
export const CLAIM_MESSAGE_AUTHORS = ['KUNDE', 'INNENDIENST', 'VERMITTLER', 'SYSTEM'] as const;
export type ClaimMessageAuthor = (typeof CLAIM_MESSAGE_AUTHORS)[number];
/** Spec §3 chat message source. */
export const CLAIM_MESSAGE_SOURCES = ['CHAT', 'EMAIL', 'SYSTEM', 'ATTACHMENT'] as const;
export type ClaimMessageSource = (typeof CLAIM_MESSAGE_SOURCES)[number];

/** The conversation of a claim (spec §3 'Chat message'). */
export const claimMessages = pgTable(
  'claim_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    autorArt: text('autor_art').$type<ClaimMessageAuthor>().notNull(),
    autorName: text('autor_name').notNull(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    quelle: text('quelle').$type<ClaimMessageSource>().notNull().default('CHAT'),
    betreff: text('betreff').notNull(),
    text: text('text').notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    /** When the customer first saw it in the claim (messages to the customer only). */
    gelesenAm: timestampTz('gelesen_am'),
    /** The clerk's Idempotency-Key of a written message: one message per claim, account and key. */
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [
    index('claim_messages_claim_idx').on(t.claimId, t.createdAt),
    uniqueIndex('claim_messages_idempotency_key')
      .on(t.claimId, t.accountId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
    check('claim_messages_autor_check', oneOf(t.autorArt, CLAIM_MESSAGE_AUTHORS)),
    check('claim_messages_quelle_check', oneOf(t.quelle, CLAIM_MESSAGE_SOURCES)),
  ],
);

/** A customer's unfinished claim report for one contract. */
export const claimDrafts = pgTable(
  'claim_drafts',
  {
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    produkt: text('produkt').notNull(),
    antworten: jsonb('antworten').$type<Record<string, Record<string, unknown>>>().notNull(),
    schritt: text('schritt').notNull(),
    /** The Idempotency-Key a submit of this draft uses: two tabs of one draft make one claim. */
    idempotencyKey: text('idempotency_key').notNull(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'claim_drafts_pk', columns: [t.partnerId, t.contractId] }),
    check('claim_drafts_produkt_check', oneOf(t.produkt, CLAIM_PRODUCTS)),
  ],
);

/** The last claim serial of each year. */
export const claimNumberCounters = pgTable('claim_number_counters', {
  jahr: integer('jahr').primaryKey(),
  letzteNummer: integer('letzte_nummer').notNull(),
});

/** A public report (/schaden-melden/) as received; a job matches it to a contract (or to none). */
export const claimPublicReports = pgTable(
  'claim_public_reports',
  {
    /** Also the id of the claim it becomes: its uploads are attached to this id at once. */
    id: uuid('id').primaryKey().defaultRandom(),
    eingabe: jsonb('eingabe').$type<Record<string, unknown>>().notNull(),
    eingegangenAm: timestampTz('eingegangen_am').notNull().defaultNow(),
    bearbeitetAm: timestampTz('bearbeitet_am'),
  },
  (t) => [
    index('claim_public_reports_open_idx')
      .on(t.eingegangenAm)
      .where(sql`${t.bearbeitetAm} IS NULL`),
  ],
);

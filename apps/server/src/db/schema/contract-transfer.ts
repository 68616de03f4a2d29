// Contract transfer (issue 15, ADR 0035): the BHV tariff change (a BHV_1 contract moved to BHV_2,
// the old one ended the day before the new begins), its e-mailed links for customers without a
// sign-in, the contract holder change (a new policyholder confirms by an e-mailed single-use link
// and gives a SEPA mandate) and a customer's request for one.
import { sql } from 'drizzle-orm';
import { check, date, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { agents } from './agents';
import { contracts } from './contracts';
import { oneOf } from './enum-check';
import { accounts } from './identity';
import { partners } from './partners';

const timestampTz = (name: string) => timestamp(name, { withTimezone: true });
const day = (name: string) => date(name, { mode: 'string' });

/** Who made a tariff change: the agent, the signed-in customer, or the customer by the e-mailed link. */
export const TARIFF_CHANGE_SOURCES = ['VERMITTLER', 'KUNDE', 'LINK'] as const;
export type TariffChangeSource = (typeof TARIFF_CHANGE_SOURCES)[number];

/** One BHV tariff change: at most one per old contract, one per idempotency key. */
export const bhvTariffChanges = pgTable(
  'bhv_tariff_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idempotencyKey: text('idempotency_key').notNull(),
    oldContractId: uuid('old_contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    newContractId: uuid('new_contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    /** First day of the new contract; the old one is insured up to the end of the day before. */
    wechselDatum: day('wechsel_datum').notNull(),
    quelle: text('quelle', { enum: TARIFF_CHANGE_SOURCES }).notNull(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** The answer given, returned again for a repeated request with the same key. */
    ergebnis: jsonb('ergebnis').notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bhv_tariff_changes_old_contract_key').on(t.oldContractId),
    uniqueIndex('bhv_tariff_changes_idempotency_key').on(t.idempotencyKey),
    check('bhv_tariff_changes_quelle_check', oneOf(t.quelle, TARIFF_CHANGE_SOURCES)),
  ],
);

/** Single-use links to the tariff change, sent to the policyholder's e-mail (token as SHA-256). */
export const bhvTariffChangeLinks = pgTable(
  'bhv_tariff_change_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bhv_tariff_change_links_secret_key').on(t.secretHash),
    index('bhv_tariff_change_links_contract_idx').on(t.contractId),
  ],
);

/**
 * OFFEN: waiting for the new holder; BESTAETIGT: confirmed, waiting for its wirksam_ab (account and
 * mandate kept here); DURCHGEFUEHRT: the contract moved; STORNIERT: cancelled by the agent;
 * GEGENSTANDSLOS: the contract ended before the day (migration 0021).
 */
export const HOLDER_CHANGE_STATES = [
  'OFFEN',
  'BESTAETIGT',
  'DURCHGEFUEHRT',
  'STORNIERT',
  'GEGENSTANDSLOS',
] as const;
export type HolderChangeState = (typeof HOLDER_CHANGE_STATES)[number];

/** A contract holder change started by an agent, confirmed by the new holder through a link. */
export const contractHolderChanges = pgTable(
  'contract_holder_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    oldPartnerId: uuid('old_partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    /** The partner who takes over: chosen at the start, or (a new person) created at the confirmation. */
    newPartnerId: uuid('new_partner_id').references(() => partners.id, { onDelete: 'cascade' }),
    /** A new person: name, birth date, address, e-mail (HolderChangePerson). */
    neuerInhaber: jsonb('neuer_inhaber'),
    /** Where the confirmation link went. */
    email: text('email').notNull(),
    wirksamAb: day('wirksam_ab').notNull(),
    status: text('status', { enum: HOLDER_CHANGE_STATES }).notNull().default('OFFEN'),
    secretHash: text('secret_hash').notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
    agentId: uuid('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    confirmedAt: timestampTz('confirmed_at'),
    cancelledAt: timestampTz('cancelled_at'),
    /** The new holder's account with the SEPA mandate (Bankverbindung), kept from the confirmation. */
    bankverbindung: jsonb('bankverbindung'),
    bankName: text('bank_name'),
    /** The mandate PDF's file, made at the confirmation; a contract document once applied. */
    mandateStorageKey: text('mandate_storage_key'),
    appliedAt: timestampTz('applied_at'),
    /** When the change became GEGENSTANDSLOS. */
    voidedAt: timestampTz('voided_at'),
  },
  (t) => [
    uniqueIndex('contract_holder_changes_secret_key').on(t.secretHash),
    // One waiting change per contract: for the confirmation or for its day.
    uniqueIndex('contract_holder_changes_one_waiting')
      .on(t.contractId)
      .where(sql`${t.status} IN ('OFFEN', 'BESTAETIGT')`),
    index('contract_holder_changes_due_idx')
      .on(t.wirksamAb)
      .where(sql`${t.status} = 'BESTAETIGT'`),
    index('contract_holder_changes_contract_idx').on(t.contractId, t.createdAt),
    check('contract_holder_changes_status_check', oneOf(t.status, HOLDER_CHANGE_STATES)),
    check(
      'contract_holder_changes_holder_check',
      sql`${t.newPartnerId} IS NOT NULL OR ${t.neuerInhaber} IS NOT NULL`,
    ),
    check(
      'contract_holder_changes_waiting_check',
      sql`${t.status} <> 'BESTAETIGT' OR (${t.bankverbindung} IS NOT NULL AND ${t.confirmedAt} IS NOT NULL)`,
    ),
  ],
);

/** A customer's request for a holder change, shown to the contract's agent (and sent to the insurer). */
export const contractHolderChangeRequests = pgTable(
  'contract_holder_change_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    neuerInhaberName: text('neuer_inhaber_name').notNull(),
    neuerInhaberEmail: text('neuer_inhaber_email'),
    wunschdatum: day('wunschdatum').notNull(),
    nachricht: text('nachricht'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [index('contract_holder_change_requests_contract_idx').on(t.contractId, t.createdAt)],
);

// Contracts: the fields every product shares are columns (integer cents, 'yyyy-MM-dd' dates), the
// product's own fields are one jsonb document validated by the product's zod schema on every write
// (ADR 0005). Pending changes, premium history, open premiums and documents are rows of their own.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  DOKUMENT_TYPEN,
  MARKEN,
  SELBSTBETEILIGUNG_EINHEITEN,
  SELBSTBETEILIGUNGEN,
  SUMMARY_PRODUKTE,
  VERTRAGSSTATUS,
  ZAHLWEISEN,
} from '@schirm/domain/products/enums';
import { agents } from './agents';
import { oneOf } from './enum-check';
import { bankAccounts, partners } from './partners';

/** How a contract ended or is ending; the details of each kind are in the beendigung_* columns. */
export const BEENDIGUNG_ARTEN = ['KUENDIGUNG', 'AUFHEBUNG', 'WIDERRUF', 'RUECKTRITT'] as const;

const cents = (name: string) => bigint(name, { mode: 'number' });
const day = (name: string) => date(name, { mode: 'string' });
const timestampTz = (name: string) => timestamp(name, { withTimezone: true });

export const contracts = pgTable(
  'contracts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    versicherungsNummer: text('versicherungs_nummer').notNull(),
    /** Product key and generation (SummaryProdukt), e.g. BHV_2. */
    produkt: text('produkt', { enum: SUMMARY_PRODUKTE }).notNull(),
    marke: text('marke', { enum: MARKEN }).notNull(),
    status: text('status', { enum: VERTRAGSSTATUS }).notNull(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'restrict' }),
    /** Agent who looks after the contract; NULL for direct business. */
    agentId: uuid('agent_id').references(() => agents.id, { onDelete: 'restrict' }),
    deckungsVariante: text('deckungs_variante'),

    antragsdatum: day('antragsdatum').notNull(),
    abschlussdatum: day('abschlussdatum').notNull(),
    vertragsBeginn: day('vertrags_beginn').notNull(),
    ablaufdatum: day('ablaufdatum'),
    stillschweigendeVerlaengerung: boolean('stillschweigende_verlaengerung').notNull(),
    taeglichKuendbar: boolean('taeglich_kuendbar').notNull(),
    beginnverlegung: day('beginnverlegung'),
    hauptfaelligkeitMonat: smallint('hauptfaelligkeit_monat').notNull(),
    hauptfaelligkeitTag: smallint('hauptfaelligkeit_tag').notNull(),
    wirksamkeitsdatum: day('wirksamkeitsdatum').notNull(),
    documentsReceivedOn: day('documents_received_on'),
    instructionsComplete: boolean('instructions_complete').notNull(),

    zahlweise: text('zahlweise', { enum: ZAHLWEISEN }).notNull(),
    nettoJahresbeitragCents: cents('netto_jahresbeitrag_cents').notNull(),
    bruttoBeitragProPeriodeCents: cents('brutto_beitrag_pro_periode_cents').notNull(),
    versicherungssummeCents: cents('versicherungssumme_cents'),
    selbstbeteiligungEinheit: text('selbstbeteiligung_einheit', { enum: SELBSTBETEILIGUNG_EINHEITEN }),
    selbstbeteiligungOption: text('selbstbeteiligung_option', { enum: SELBSTBETEILIGUNGEN }),
    selbstbeteiligungProzent: smallint('selbstbeteiligung_prozent'),
    /** Account the premium is debited from; NULL when the customer pays by transfer. */
    bankAccountId: uuid('bank_account_id').references(() => bankAccounts.id, { onDelete: 'restrict' }),
    productDetails: jsonb('product_details').notNull(),

    beendigungArt: text('beendigung_art', { enum: BEENDIGUNG_ARTEN }),
    /** Who cancelled (KUENDIGUNG only). */
    beendigungDurch: text('beendigung_durch'),
    /** Occasion of a cancellation or withdrawal (KUENDIGUNG, RUECKTRITT). */
    beendigungAnlass: text('beendigung_anlass'),
    /** Day the cancellation, revocation or withdrawal was received. */
    beendigungErklaertAm: day('beendigung_erklaert_am'),
    /** The "zum" end date: insured up to the end of the day before. */
    beendigungsdatum: day('beendigungsdatum'),
    /** Reason key from the product's cancellation reasons or the revocation reasons. */
    beendigungGrund: text('beendigung_grund'),
    beendigungFreitext: text('beendigung_freitext'),

    /** Optimistic lock: every update must name the version it read; two racing saves cannot both win. */
    version: integer('version').notNull().default(1),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contracts_versicherungs_nummer_key').on(t.versicherungsNummer),
    index('contracts_partner_idx').on(t.partnerId),
    index('contracts_agent_idx').on(t.agentId, t.versicherungsNummer),
    index('contracts_bank_account_idx').on(t.bankAccountId),
    index('contracts_ending_idx')
      .on(t.beendigungsdatum)
      .where(sql`${t.status} = 'AUSLAUFEND'`),
    index('contracts_expiring_idx')
      .on(t.ablaufdatum)
      .where(sql`${t.status} = 'LAUFEND' AND NOT ${t.stillschweigendeVerlaengerung}`),
    // The eVB number a motor contract gets at conclusion must be unique: the registration office
    // finds the insurance confirmation by it (products/kfz/evb.ts).
    uniqueIndex('contracts_evb_nummer_key')
      .on(sql`(${t.productDetails} -> 'fahrzeug' ->> 'evbNummer')`)
      .where(sql`${t.produkt} = 'KFZ'`),
    check('contracts_versicherungs_nummer_check', sql`${t.versicherungsNummer} ~ '^[0-9]{9,10}$'`),
    check('contracts_produkt_check', oneOf(t.produkt, SUMMARY_PRODUKTE)),
    check('contracts_marke_check', oneOf(t.marke, MARKEN)),
    check('contracts_status_check', oneOf(t.status, VERTRAGSSTATUS)),
    check('contracts_zahlweise_check', oneOf(t.zahlweise, ZAHLWEISEN)),
    check(
      'contracts_hauptfaelligkeit_check',
      sql`${t.hauptfaelligkeitMonat} BETWEEN 1 AND 12 AND ${t.hauptfaelligkeitTag} BETWEEN 1 AND 31`,
    ),
    check(
      'contracts_amounts_check',
      sql`${t.nettoJahresbeitragCents} >= 0 AND ${t.bruttoBeitragProPeriodeCents} >= 0
        AND (${t.versicherungssummeCents} IS NULL OR ${t.versicherungssummeCents} > 0)`,
    ),
    check(
      'contracts_selbstbeteiligung_check',
      sql`(${t.selbstbeteiligungEinheit} IS NULL AND ${t.selbstbeteiligungOption} IS NULL AND ${t.selbstbeteiligungProzent} IS NULL)
        OR (${t.selbstbeteiligungEinheit} = 'ABSOLUT' AND ${oneOf(t.selbstbeteiligungOption, SELBSTBETEILIGUNGEN)} AND ${t.selbstbeteiligungProzent} IS NULL)
        OR (${t.selbstbeteiligungEinheit} = 'PERCENT' AND ${t.selbstbeteiligungOption} IS NULL AND ${t.selbstbeteiligungProzent} BETWEEN 1 AND 100)`,
    ),
    check(
      'contracts_beendigung_check',
      sql`(${t.beendigungArt} IS NULL AND ${t.beendigungsdatum} IS NULL AND ${t.beendigungErklaertAm} IS NULL)
        OR (${oneOf(t.beendigungArt, BEENDIGUNG_ARTEN)} AND ${t.beendigungsdatum} IS NOT NULL AND ${t.beendigungErklaertAm} IS NOT NULL)`,
    ),
    check('contracts_product_details_check', sql`jsonb_typeof(${t.productDetails}) = 'object'`),
    check('contracts_version_check', sql`${t.version} >= 1`),
  ],
);

/** Documents of a contract (policy, terms, confirmations); the file lives in the file storage. */
export const contractDocuments = pgTable(
  'contract_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    typ: text('typ', { enum: DOKUMENT_TYPEN }).notNull().default('default'),
    storageKey: text('storage_key').notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    /** When the customer first downloaded it (null: not opened yet; the start page names these). */
    firstOpenedAt: timestampTz('first_opened_at'),
  },
  (t) => [
    index('contract_documents_contract_idx').on(t.contractId, t.createdAt),
    uniqueIndex('contract_documents_storage_key').on(t.storageKey),
    check('contract_documents_typ_check', oneOf(t.typ, DOKUMENT_TYPEN)),
  ],
);

/**
 * Saved changes waiting for their effective date (vorgemerkte Änderungen). At most one open change
 * per contract and type; applied ones stay as history with applied_at.
 */
export const pendingChanges = pgTable(
  'pending_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    typ: text('typ').notNull(),
    wert: jsonb('wert').notNull(),
    wirksamkeitsdatum: day('wirksamkeitsdatum').notNull(),
    /** Premium once the change applies; NULL for changes without premium effect. */
    nettoJahresbeitragCents: cents('netto_jahresbeitrag_cents'),
    bruttoBeitragProPeriodeCents: cents('brutto_beitrag_pro_periode_cents'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    appliedAt: timestampTz('applied_at'),
  },
  (t) => [
    uniqueIndex('pending_changes_one_open_per_type')
      .on(t.contractId, t.typ)
      .where(sql`${t.appliedAt} IS NULL`),
    index('pending_changes_due_idx')
      .on(t.wirksamkeitsdatum)
      .where(sql`${t.appliedAt} IS NULL`),
    check(
      'pending_changes_premium_check',
      sql`(${t.nettoJahresbeitragCents} IS NULL) = (${t.bruttoBeitragProPeriodeCents} IS NULL)`,
    ),
  ],
);

/** Why a premium changed. */
export const PREMIUM_CHANGE_REASONS = [
  'VERTRAGSABSCHLUSS',
  'VERTRAGSAENDERUNG',
  'UMSATZANPASSUNG',
  'BEITRAGSANPASSUNG',
] as const;
export type PremiumChangeReason = (typeof PREMIUM_CHANGE_REASONS)[number];

/** Every premium a contract had, from the day it applied. */
export const premiumHistory = pgTable(
  'premium_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    gueltigAb: day('gueltig_ab').notNull(),
    zahlweise: text('zahlweise', { enum: ZAHLWEISEN }).notNull(),
    bruttoBeitragProPeriodeCents: cents('brutto_beitrag_pro_periode_cents').notNull(),
    nettoJahresbeitragCents: cents('netto_jahresbeitrag_cents').notNull(),
    grund: text('grund', { enum: PREMIUM_CHANGE_REASONS }).notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('premium_history_contract_idx').on(t.contractId, t.gueltigAb),
    check('premium_history_zahlweise_check', oneOf(t.zahlweise, ZAHLWEISEN)),
    check('premium_history_grund_check', oneOf(t.grund, PREMIUM_CHANGE_REASONS)),
  ],
);

/** Unpaid premium instalments; a contract with one past its due date is overdue (mahnung). */
export const openPremiums = pgTable(
  'open_premiums',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    /** ERSTBEITRAG (first or single premium, §37 VVG) or FOLGEBEITRAG (§38 VVG). */
    art: text('art', { enum: ['ERSTBEITRAG', 'FOLGEBEITRAG'] }).notNull(),
    faelligAm: day('faellig_am').notNull(),
    betragCents: cents('betrag_cents').notNull(),
    /** Qualified reminder (Mahnung) sent on this day, with the payment deadline it set. */
    gemahntAm: day('gemahnt_am'),
    zahlungsfristBis: day('zahlungsfrist_bis'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('open_premiums_contract_due_key').on(t.contractId, t.faelligAm),
    index('open_premiums_due_idx').on(t.faelligAm),
    check('open_premiums_art_check', sql`${t.art} IN ('ERSTBEITRAG', 'FOLGEBEITRAG')`),
    check('open_premiums_amount_check', sql`${t.betragCents} > 0`),
    check('open_premiums_reminder_check', sql`(${t.gemahntAm} IS NULL) = (${t.zahlungsfristBis} IS NULL)`),
  ],
);

/**
 * The revision of everything the customer views of a partner's contracts are built from (ADR 0010):
 * contracts, their pending changes, unpaid premiums and documents, the partner's bank accounts and
 * the agents looking after the contracts. Triggers of migration 0004 set it, at commit, to the id
 * of the writing transaction, so every committed change of those rows gives the partner a revision
 * it never had before; readers cache views by (partner, revision, day). No row: nothing written yet.
 */
export const contractViewRevisions = pgTable('contract_view_revisions', {
  partnerId: uuid('partner_id')
    .primaryKey()
    .references(() => partners.id, { onDelete: 'cascade' }),
  revision: bigint('revision', { mode: 'number' }).notNull(),
});

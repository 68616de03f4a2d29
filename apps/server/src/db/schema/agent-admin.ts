// Agent administration (issue 15, ADR 0032, migration 0017): what the agency keeps beyond the
// agents row (register number, activity per § 34d GewO, holdings for the Erstinformation, the
// e-mail for notices, the external id of a distribution partner), the bank codes that lead a public
// link with ?blz= to an agent, the agents' messages to the insurer's agent service, and the
// applications to become a sales partner.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { agents } from './agents';
import { contracts } from './contracts';
import { oneOf } from './enum-check';
import { accounts } from './identity';
import { partners } from './partners';

const timestampTz = (name: string) => timestamp(name, { withTimezone: true });

/** What the agency is registered as (§ 34d Abs. 1 GewO: Vertreter; Makler). */
export const AGENT_TAETIGKEITEN = ['VERSICHERUNGSVERTRETER', 'VERSICHERUNGSMAKLER'] as const;
export type AgentTaetigkeit = (typeof AGENT_TAETIGKEITEN)[number];

/** The IHK register number of § 11a GewO, e.g. D-ABCD-EFGH1-23. */
export const REGISTER_NUMMER_PATTERN = /^D-[A-Z0-9]{4}-[A-Z0-9]{5}-[0-9]{2}$/;

export const agentProfiles = pgTable(
  'agent_profiles',
  {
    agentId: uuid('agent_id')
      .primaryKey()
      .references(() => agents.id, { onDelete: 'cascade' }),
    registerNummer: text('register_nummer'),
    taetigkeit: text('taetigkeit', { enum: AGENT_TAETIGKEITEN }).notNull().default('VERSICHERUNGSVERTRETER'),
    /** Holdings of or in insurers above 10 % (§ 15 Abs. 1 Nr. 5 VersVermV); null: none. */
    beteiligungen: text('beteiligungen'),
    /** Where notices go; null: the sign-in e-mail (agents.email). */
    benachrichtigungsEmail: text('benachrichtigungs_email'),
    /** The id a distribution partner (e.g. a bank) gives the agent; unique. */
    externeId: text('externe_id'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('agent_profiles_externe_id_key')
      .on(t.externeId)
      .where(sql`${t.externeId} IS NOT NULL`),
    check(
      'agent_profiles_register_nummer_check',
      sql`${t.registerNummer} IS NULL OR ${t.registerNummer} ~ '^D-[A-Z0-9]{4}-[A-Z0-9]{5}-[0-9]{2}$'`,
    ),
    check('agent_profiles_taetigkeit_check', oneOf(t.taetigkeit, AGENT_TAETIGKEITEN)),
  ],
);

/** A bank code (BLZ) whose public links lead to this agent (e.g. the agency of a savings bank). */
export const agentBankCodes = pgTable(
  'agent_bank_codes',
  {
    blz: text('blz').primaryKey(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('agent_bank_codes_agent_idx').on(t.agentId),
    check('agent_bank_codes_blz_check', sql`${t.blz} ~ '^[0-9]{8}$'`),
  ],
);

export const AGENT_MESSAGE_THEMEN = [
  'VERTRAG',
  'KUNDE',
  'PROVISION',
  'ZUGANG',
  'TECHNIK',
  'SONSTIGES',
] as const;
export type AgentMessageThema = (typeof AGENT_MESSAGE_THEMEN)[number];

/** A message of an agent to the insurer's agent service; a clerk answers it by e-mail. */
export const agentMessages = pgTable(
  'agent_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    thema: text('thema', { enum: AGENT_MESSAGE_THEMEN }).notNull(),
    betreff: text('betreff').notNull(),
    /** The editor's HTML, sanitised to the editor's elements. */
    html: text('html').notNull(),
    /** The same as plain text (lists, previews, e-mail). */
    text: text('text').notNull(),
    partnerId: uuid('partner_id').references(() => partners.id, { onDelete: 'set null' }),
    contractId: uuid('contract_id').references(() => contracts.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull(),
    antwort: text('antwort'),
    beantwortetAm: timestampTz('beantwortet_am'),
    beantwortetVon: uuid('beantwortet_von').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('agent_messages_idempotency_key').on(t.accountId, t.idempotencyKey),
    index('agent_messages_open_idx').on(t.beantwortetAm, t.createdAt.desc()),
    check('agent_messages_thema_check', oneOf(t.thema, AGENT_MESSAGE_THEMEN)),
    check('agent_messages_beantwortet_check', sql`(${t.antwort} IS NULL) = (${t.beantwortetAm} IS NULL)`),
  ],
);

/** An application to become a sales partner (public form /vermittler/vertriebspartner-werden/). */
export const salesPartnerApplications = pgTable(
  'sales_partner_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idempotencyKey: text('idempotency_key').notNull(),
    firma: text('firma').notNull(),
    ansprechpartner: text('ansprechpartner').notNull(),
    email: text('email').notNull(),
    telefon: text('telefon'),
    /** The permission number of § 34d GewO. */
    erlaubnisNummer: text('erlaubnis_nummer').notNull(),
    registerNummer: text('register_nummer').notNull(),
    nachricht: text('nachricht'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sales_partner_applications_idempotency_key').on(t.idempotencyKey)],
);

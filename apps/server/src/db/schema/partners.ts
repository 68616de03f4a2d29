// Partners (policyholders) with their postal address and bank account. Addresses and bank accounts
// keep their history: a move or a new account ends the current row (gueltig_bis) and adds a new one,
// so letters and direct debits of the past stay explainable.
import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PERSON_ARTEN } from '@schirm/domain/products/enums';
import { oneOf } from './enum-check';

/** A policyholder: a natural person (NatuerlichePersonDTO) or a company (JuristischePersonDTO). */
export const partners = pgTable(
  'partners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerNummer: text('partner_nummer').notNull(),
    personArt: text('person_art', { enum: PERSON_ARTEN }).notNull(),
    anrede: text('anrede'),
    titel: text('titel'),
    vorname: text('vorname'),
    nachname: text('nachname'),
    geburtsdatum: date('geburtsdatum', { mode: 'string' }),
    firmenname: text('firmenname'),
    rechtsform: text('rechtsform'),
    gruendungsdatum: date('gruendungsdatum', { mode: 'string' }),
    email: text('email'),
    telefon: text('telefon'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('partners_partner_nummer_key').on(t.partnerNummer),
    index('partners_email_idx').on(sql`lower(${t.email})`),
    check('partners_person_art_check', oneOf(t.personArt, PERSON_ARTEN)),
    check(
      'partners_name_check',
      sql`(${t.personArt} = 'NatuerlichePersonDTO' AND ${t.vorname} IS NOT NULL AND ${t.nachname} IS NOT NULL)
        OR (${t.personArt} = 'JuristischePersonDTO' AND ${t.firmenname} IS NOT NULL)`,
    ),
  ],
);

/** Postal address of a partner; the row with gueltig_bis NULL is the current one. */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    strasse: text('strasse').notNull(),
    hausnummer: text('hausnummer').notNull(),
    plz: text('plz').notNull(),
    ort: text('ort').notNull(),
    land: text('land').notNull().default('DE'),
    gueltigAb: date('gueltig_ab', { mode: 'string' }).notNull(),
    /** First day the address no longer applies (exclusive end). */
    gueltigBis: date('gueltig_bis', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_partner_idx').on(t.partnerId, t.gueltigAb),
    uniqueIndex('addresses_one_open_per_partner')
      .on(t.partnerId)
      .where(sql`${t.gueltigBis} IS NULL`),
    check('addresses_validity_check', sql`${t.gueltigBis} IS NULL OR ${t.gueltigBis} > ${t.gueltigAb}`),
  ],
);

/** Bank account with its SEPA direct-debit mandate; the row with gueltig_bis NULL is the current one. */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    iban: text('iban').notNull(),
    bic: text('bic'),
    kontoinhaber: text('kontoinhaber').notNull(),
    /** Creditor identifier (Gläubiger-Identifikationsnummer) of the insurer. */
    glaeubigerId: text('glaeubiger_id').notNull(),
    mandatsreferenz: text('mandatsreferenz').notNull(),
    mandatErteiltAm: date('mandat_erteilt_am', { mode: 'string' }).notNull(),
    gueltigAb: date('gueltig_ab', { mode: 'string' }).notNull(),
    /** First day the account is no longer debited (exclusive end). */
    gueltigBis: date('gueltig_bis', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bank_accounts_partner_idx').on(t.partnerId, t.gueltigAb),
    uniqueIndex('bank_accounts_one_open_per_partner')
      .on(t.partnerId)
      .where(sql`${t.gueltigBis} IS NULL`),
    check('bank_accounts_validity_check', sql`${t.gueltigBis} IS NULL OR ${t.gueltigBis} > ${t.gueltigAb}`),
  ],
);

// Consents (spec §2 '/einwilligung', ADR 0028): the wording of each version of a consent, kept once
// with its SHA-256, and every consent a customer gave, with when and how it ended (withdrawn or
// replaced by a consent to a newer wording). At most one running consent per partner and kind.
// And the anonymous or signed-in feedback of /feedback/:source/:score?.
import { CONSENT_ENDINGS, CONSENT_KINDS, FEEDBACK_SOURCES } from '@schirm/domain/consents';
import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { oneOf } from './enum-check';
import { accounts } from './identity';
import { partners } from './partners';

const timestampTz = (name: string) => timestamp(name, { withTimezone: true });

/** One version of a consent's wording, exactly as shown, with its SHA-256 (hex). */
export const consentTexts = pgTable(
  'consent_texts',
  {
    art: text('art').notNull(),
    version: text('version').notNull(),
    sha256: text('sha256').notNull(),
    wortlaut: text('wortlaut').notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'consent_texts_art_version_pk', columns: [t.art, t.version] }),
    check('consent_texts_art_check', oneOf(t.art, CONSENT_KINDS)),
  ],
);

/** A consent a customer gave to one version of the wording; ended by withdrawal or a newer consent. */
export const consents = pgTable(
  'consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    /** The sign-in that gave it. */
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    art: text('art').notNull(),
    version: text('version').notNull(),
    erteiltAm: timestampTz('erteilt_am').notNull().defaultNow(),
    beendetAm: timestampTz('beendet_am'),
    beendetDurch: text('beendet_durch'),
  },
  (t) => [
    foreignKey({
      name: 'consents_text_fk',
      columns: [t.art, t.version],
      foreignColumns: [consentTexts.art, consentTexts.version],
    }),
    index('consents_partner_idx').on(t.partnerId, t.erteiltAm.desc()),
    uniqueIndex('consents_active_idx')
      .on(t.partnerId, t.art)
      .where(sql`${t.beendetAm} IS NULL`),
    check('consents_beendet_check', sql`(${t.beendetAm} IS NULL) = (${t.beendetDurch} IS NULL)`),
    check('consents_beendet_durch_check', oneOf(t.beendetDurch, CONSENT_ENDINGS)),
  ],
);

/** Feedback: a score of 0–10 and an optional comment, anonymous or with the partner signed in. */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quelle: text('quelle').notNull(),
    bewertung: smallint('bewertung').notNull(),
    kommentar: text('kommentar'),
    partnerId: uuid('partner_id').references(() => partners.id, { onDelete: 'set null' }),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('feedback_quelle_idx').on(t.quelle, t.createdAt),
    index('feedback_partner_idx')
      .on(t.partnerId)
      .where(sql`${t.partnerId} IS NOT NULL`),
    check('feedback_quelle_check', oneOf(t.quelle, FEEDBACK_SOURCES)),
    check('feedback_bewertung_check', sql`${t.bewertung} BETWEEN 0 AND 10`),
    check('feedback_kommentar_check', sql`char_length(${t.kommentar}) <= 1000`),
  ],
);

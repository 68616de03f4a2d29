// Consents (spec §2 '/einwilligung', §7 'einwilligungserklaerung' and the consents list; ADR 0028):
// the customer gives the consent to process health data to the current wording (the version they
// read must be the current one, else 409), withdraws it at any time, and sees every consent with its
// history. The wording of each version is stored once with its SHA-256 (consent_texts); a consent
// row names the version, the sign-in that gave it, when, and when and how it ended. The claims
// module asks `hasHealthDataConsent` before it asks health questions.
import { createHash } from 'node:crypto';
import type { ConsentEnding, ConsentKind, ConsentState } from '@schirm/domain/consents';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { consents, consentTexts } from '../../db/schema/consents';
import { withTransaction, type Transaction } from '../../db/transaction';
import type { Actor } from '../../platform/auth/actor';
import { conflict, forbidden } from '../../platform/errors';
import { CONSENT_TEXTS as T, EINWILLIGUNG_GESUNDHEITSDATEN, wordingText, type ConsentWording } from './texts';

type Db = Database | Transaction;

const ART: ConsentKind = 'GESUNDHEITSDATEN';

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The current wording of the health-data consent with its version and SHA-256 (hex). */
export interface CurrentWording extends ConsentWording {
  art: ConsentKind;
  sha256: string;
}

const CURRENT: CurrentWording = Object.freeze({
  ...EINWILLIGUNG_GESUNDHEITSDATEN,
  art: ART,
  sha256: sha256(wordingText(EINWILLIGUNG_GESUNDHEITSDATEN)),
});

export function currentHealthDataWording(): CurrentWording {
  return CURRENT;
}

/** The customer's state of the health-data consent, as /einwilligung shows it. */
export interface ConsentStatus {
  status: ConsentState;
  /** The version of the running (or last) consent. */
  version?: string;
  erteiltAm?: string;
  widerrufenAm?: string;
}

/** One consent of the customer's history (newest first in the list). */
export interface ConsentEntry {
  id: string;
  art: ConsentKind;
  titel: string;
  version: string;
  sha256: string;
  erteiltAm: string;
  beendetAm: string | null;
  beendetDurch: ConsentEnding | null;
  /** Whether it was given to the wording shown today. */
  aktuelleFassung: boolean;
}

function ownPartnerId(actor: Actor): string {
  if (actor.pool !== 'benutzer' || !actor.partnerId) {
    throw forbidden(`Account ${actor.userId} has no partner`, { userMessage: T.errors.noPartner });
  }
  return actor.partnerId;
}

/** The running consent first, then the newest ended one. */
async function latestConsent(db: Db, partnerId: string) {
  const [row] = await db
    .select()
    .from(consents)
    .where(and(eq(consents.partnerId, partnerId), eq(consents.art, ART)))
    .orderBy(sql`${consents.beendetAm} IS NULL DESC`, desc(consents.erteiltAm))
    .limit(1);
  return row;
}

/** The partner's state of the health-data consent. */
export async function healthDataConsentStatus(db: Db, partnerId: string): Promise<ConsentStatus> {
  const row = await latestConsent(db, partnerId);
  if (!row) return { status: 'NICHT_ERTEILT' };
  const given = { version: row.version, erteiltAm: row.erteiltAm.toISOString() };
  if (row.beendetAm === null) {
    return { status: row.version === CURRENT.version ? 'ERTEILT' : 'VERALTET', ...given };
  }
  // An ended consent is the latest only after a withdrawal (a replaced one has a newer one).
  return { status: 'WIDERRUFEN', ...given, widerrufenAm: row.beendetAm.toISOString() };
}

/**
 * Whether the partner's consent to process health data runs for the current wording. The claims
 * flows ask health questions (travel health, personal injury) only when this is true.
 */
export async function hasHealthDataConsent(db: Db, partnerId: string): Promise<boolean> {
  return (await healthDataConsentStatus(db, partnerId)).status === 'ERTEILT';
}

/** The signed-in customer's state (for the GET of the wording). */
export async function consentStatusOf(db: Db, actor: Actor): Promise<ConsentStatus> {
  return healthDataConsentStatus(db, ownPartnerId(actor));
}

/** Keeps the wording of the current version (once); a changed text under an old version is a bug. */
async function storeCurrentWording(tx: Transaction): Promise<void> {
  await tx
    .insert(consentTexts)
    .values({ art: ART, version: CURRENT.version, sha256: CURRENT.sha256, wortlaut: wordingText(CURRENT) })
    .onConflictDoNothing();
  const [stored] = await tx
    .select({ sha256: consentTexts.sha256 })
    .from(consentTexts)
    .where(and(eq(consentTexts.art, ART), eq(consentTexts.version, CURRENT.version)));
  if (stored?.sha256 !== CURRENT.sha256) {
    throw new Error(
      `The wording of consent version ${CURRENT.version} changed without a new version (stored ${stored?.sha256})`,
    );
  }
}

/**
 * Gives the consent to the wording of `version`, which must be the current one (409 otherwise:
 * the customer read an older text). Giving it again is harmless; a consent to an older wording is
 * replaced (ended as ERSETZT). Two gives at once end with one running consent.
 */
export async function giveHealthDataConsent({
  db,
  actor,
  version,
}: {
  db: Database;
  actor: Actor;
  version: string;
}): Promise<ConsentStatus> {
  const partnerId = ownPartnerId(actor);
  if (version !== CURRENT.version) {
    throw conflict(`Consent to version ${version}, current is ${CURRENT.version}`, {
      code: 'CONSENT_VERSION_CHANGED',
      userMessage: T.errors.versionChanged,
    });
  }
  return withTransaction(db, async (tx) => {
    await storeCurrentWording(tx);
    await tx
      .update(consents)
      .set({ beendetAm: sql`now()`, beendetDurch: 'ERSETZT' })
      .where(
        and(
          eq(consents.partnerId, partnerId),
          eq(consents.art, ART),
          isNull(consents.beendetAm),
          sql`${consents.version} <> ${CURRENT.version}`,
        ),
      );
    // A running consent to this version (a second click, or a give racing this one) stays as it is.
    await tx
      .insert(consents)
      .values({ partnerId, accountId: actor.userId, art: ART, version: CURRENT.version })
      .onConflictDoNothing({
        target: [consents.partnerId, consents.art],
        where: sql`${consents.beendetAm} IS NULL`,
      });
    return healthDataConsentStatus(tx, partnerId);
  });
}

/** Withdraws the running consent with effect from now; without one nothing changes. */
export async function withdrawHealthDataConsent({
  db,
  actor,
}: {
  db: Database;
  actor: Actor;
}): Promise<ConsentStatus> {
  const partnerId = ownPartnerId(actor);
  return withTransaction(db, async (tx) => {
    await tx
      .update(consents)
      .set({ beendetAm: sql`now()`, beendetDurch: 'WIDERRUF' })
      .where(and(eq(consents.partnerId, partnerId), eq(consents.art, ART), isNull(consents.beendetAm)));
    return healthDataConsentStatus(tx, partnerId);
  });
}

/** Every consent of the signed-in customer, newest first, with the version's title and SHA-256. */
export async function listConsents({ db, actor }: { db: Database; actor: Actor }): Promise<ConsentEntry[]> {
  const partnerId = ownPartnerId(actor);
  const rows = await db
    .select({
      id: consents.id,
      art: consents.art,
      version: consents.version,
      sha256: consentTexts.sha256,
      wortlaut: consentTexts.wortlaut,
      erteiltAm: consents.erteiltAm,
      beendetAm: consents.beendetAm,
      beendetDurch: consents.beendetDurch,
    })
    .from(consents)
    .innerJoin(
      consentTexts,
      and(eq(consents.art, consentTexts.art), eq(consents.version, consentTexts.version)),
    )
    .where(eq(consents.partnerId, partnerId))
    .orderBy(desc(consents.erteiltAm), sql`${consents.beendetAm} IS NULL DESC`);
  return rows.map((row) => ({
    id: row.id,
    art: row.art as ConsentKind,
    // The title is the first paragraph of the stored wording.
    titel: row.wortlaut.split('\n\n', 1)[0] ?? '',
    version: row.version,
    sha256: row.sha256,
    erteiltAm: row.erteiltAm.toISOString(),
    beendetAm: row.beendetAm?.toISOString() ?? null,
    beendetDurch: row.beendetDurch as ConsentEnding | null,
    aktuelleFassung: row.version === CURRENT.version,
  }));
}

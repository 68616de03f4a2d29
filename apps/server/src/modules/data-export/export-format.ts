// The data export (Datenauskunft) of a customer: the personal data Schirm holds about the signed-in
// person, for DSGVO Art. 15 (access) and Art. 20 (portability). The format is versioned: readers
// check `format` and `version`; within a version fields are only added, never renamed or removed.
// Keys are German as the spec names things; each contract's `vertrag` is the spec's customer view
// (§3). Absent values are null, amounts are EUR numbers, days 'yyyy-MM-dd', instants ISO 8601 UTC.
// docs/api/data-export.md describes every section. Every object is strict, so a column added to a
// table never slips into the file without being added here first.
import { z } from 'zod';
import { contractCustomerViewSchema } from '@schirm/domain/contract/customer-view';
import {
  DOKUMENT_TYPEN,
  PERSON_ARTEN,
  TASK_STATUS,
  TASK_TYPEN,
  ZAHLWEISEN,
} from '@schirm/domain/products/enums';
import { CLAIM_PRODUCTS } from '@schirm/domain/claims/products';
import { CLAIM_STATES } from '@schirm/domain/claims/status';
import { CONSENT_ENDINGS, CONSENT_KINDS, FEEDBACK_SOURCES } from '@schirm/domain/consents';
import {
  CLAIM_DOCUMENT_SOURCES,
  CLAIM_MESSAGE_AUTHORS,
  CLAIM_MESSAGE_SOURCES,
  CLAIM_SOURCES,
} from '../../db/schema/claims';
import { PREMIUM_CHANGE_REASONS } from '../../db/schema/contracts';
import { ACCOUNT_STATUS } from '../../db/schema/identity';
import { OUTBOX_CHANNELS, OUTBOX_STATUS } from '../../db/schema/outbox';
import { UPLOAD_STATUSES, UPLOAD_TARGET_KINDS } from '../../db/schema/uploads';

export const EXPORT_FORMAT = 'schirm-datenauskunft';
export const EXPORT_VERSION = 1;

const day = z.iso.date();
const instant = z.iso.datetime();
const euro = z.number();
const text = z.string();

const adresseSchema = z.strictObject({
  strasse: text,
  hausnummer: text,
  plz: text,
  ort: text,
  land: text,
  gueltigAb: day,
  /** First day the address no longer applied; null for the current one. */
  gueltigBis: day.nullable(),
});

const bankverbindungSchema = z.strictObject({
  /** In full: the file is the customer's own copy (screens mask it, ADR 0004). */
  iban: text,
  bic: text.nullable(),
  kontoinhaber: text,
  sepaMandat: z.strictObject({ glaeubigerId: text, mandatsreferenz: text, erteiltAm: day }),
  gueltigAb: day,
  gueltigBis: day.nullable(),
});

const personSchema = z.strictObject({
  partnerNummer: text,
  personArt: z.enum(PERSON_ARTEN),
  anrede: text.nullable(),
  titel: text.nullable(),
  vorname: text.nullable(),
  nachname: text.nullable(),
  geburtsdatum: day.nullable(),
  firmenname: text.nullable(),
  rechtsform: text.nullable(),
  gruendungsdatum: day.nullable(),
  email: text.nullable(),
  telefon: text.nullable(),
  erstelltAm: instant,
  geaendertAm: instant,
  /** Every postal address, oldest first. */
  adressen: z.array(adresseSchema),
  /** Every bank account with its SEPA mandate, oldest first. */
  bankverbindungen: z.array(bankverbindungSchema),
});

const sitzungSchema = z.strictObject({
  begonnenAm: instant,
  zuletztVerlaengertAm: instant,
  endetSpaetestensAm: instant,
  /** Signed out, or ended by a sign-out on all devices or a password change; null while it may run. */
  beendetAm: instant.nullable(),
});

const bestaetigungSchema = z.strictObject({
  /** REGISTRATION, PHONE_CHANGE, PHONE_RESET (SMS TAN); REGISTRATION_LINK, EMAIL_CHANGE, PASSWORD_RESET (e-mail). */
  art: text,
  kanal: z.enum(OUTBOX_CHANNELS),
  /** The number or address being confirmed, where it is recorded. */
  an: text.nullable(),
  erstelltAm: instant,
  gueltigBis: instant,
  /** When the code or link was used (or replaced by a newer one); null if never. */
  erledigtAm: instant.nullable(),
});

const zugangSchema = z.strictObject({
  benutzername: text,
  email: text,
  spitzname: text.nullable(),
  handynummer: text.nullable(),
  status: z.enum(ACCOUNT_STATUS),
  erstelltAm: instant,
  geaendertAm: instant,
  letzteAnmeldung: instant.nullable(),
  gesperrtBis: instant.nullable(),
  /** Sign-in sessions (one per sign-in, kept alive by the refresh token), oldest first. */
  sitzungen: z.array(sitzungSchema),
  /** SMS TANs and e-mailed links or codes sent to confirm something, oldest first. */
  bestaetigungen: z.array(bestaetigungSchema),
});

const beitragNachAenderungSchema = z.strictObject({ beitragProPeriode: euro, jahresNettobeitrag: euro });

const aenderungSchema = z.strictObject({
  /** The change type, e.g. zahlweise, selbstbeteiligung, bankverbindung (domain PendingChangeType). */
  typ: text,
  /** The new value as saved (JSON: a key, a number, or an object such as the new address). */
  wert: z.unknown(),
  wirksamkeitsdatum: day,
  erfasstAm: instant,
  /** The premium once the change applies; null for changes without premium effect. */
  beitragNachAenderung: beitragNachAenderungSchema.nullable(),
});

const vertragEintragSchema = z.strictObject({
  /** The contract as the portal shows it (spec §3 customer view), with the IBAN in full. */
  vertrag: contractCustomerViewSchema,
  abschlussdatum: day,
  beendigung: z
    .strictObject({
      /** KUENDIGUNG, AUFHEBUNG, WIDERRUF or RUECKTRITT. */
      art: text,
      durch: text.nullable(),
      anlass: text.nullable(),
      erklaertAm: day,
      zum: day,
      grund: text.nullable(),
      freitext: text.nullable(),
    })
    .nullable(),
  /** Every premium the contract had, from the day it applied. */
  beitragsverlauf: z.array(
    z.strictObject({
      gueltigAb: day,
      zahlweise: z.enum(ZAHLWEISEN),
      beitragProPeriode: euro,
      jahresNettobeitrag: euro,
      grund: z.enum(PREMIUM_CHANGE_REASONS),
    }),
  ),
  offeneBeitraege: z.array(
    z.strictObject({
      art: z.enum(['ERSTBEITRAG', 'FOLGEBEITRAG']),
      faelligAm: day,
      betrag: euro,
      gemahntAm: day.nullable(),
      zahlungsfristBis: day.nullable(),
    }),
  ),
  vorgemerkteAenderungen: z.array(aenderungSchema),
  durchgefuehrteAenderungen: z.array(aenderungSchema.extend({ durchgefuehrtAm: instant })),
  /** The contract's documents (the files themselves download from the portal). */
  dokumente: z.array(z.strictObject({ name: text, typ: z.enum(DOKUMENT_TYPEN), erstelltAm: instant })),
  /** Reminders about the contract, e.g. to report the annual revenue. */
  erinnerungen: z.array(
    z.strictObject({
      typ: z.enum(TASK_TYPEN),
      status: z.enum(TASK_STATUS),
      faelligAm: day,
      erledigtAm: day.nullable(),
      erstelltAm: day,
    }),
  ),
});

const nachrichtSchema = z.strictObject({
  kanal: z.enum(OUTBOX_CHANNELS),
  an: text,
  betreff: text.nullable(),
  /** Why it was sent, e.g. SIGN_IN_TAN, REGISTRATION_LINK. */
  anlass: text,
  /** File name of the attachment (e.g. a receipt PDF), if any. */
  anhang: text.nullable(),
  status: z.enum(OUTBOX_STATUS),
  erstelltAm: instant,
  versendetAm: instant.nullable(),
});

/** A file the customer (or a claimant) uploaded: what it is, never its bytes or where it is stored. */
const dateiSchema = z.strictObject({
  /** The name as stored (path removed, shortened as spec §5 says). */
  name: text,
  /** Bytes. */
  groesse: z.number().int(),
  /** MIME type detected from the content, e.g. image/png. */
  typ: text,
});

/** The answers of a claim or draft per step, with the German labels and values the claim pages show. */
const angabenSchema = z.array(
  z.strictObject({
    schritt: text,
    titel: text,
    angaben: z.array(z.strictObject({ label: text, wert: text })),
  }),
);

const schadenSchema = z.strictObject({
  /** e.g. SC26-0000123. */
  schadennummer: text,
  produkt: z.enum(CLAIM_PRODUCTS),
  /** German product name, e.g. Fahrradversicherung. */
  produktName: text,
  /** Contract number the claim was reported against. */
  vertrag: text,
  schadentag: day,
  /** KUNDE: reported in the portal; OEFFENTLICH: reported on /schaden-melden/ without sign-in. */
  quelle: z.enum(CLAIM_SOURCES),
  gemeldetAm: instant,
  geaendertAm: instant,
  status: z.enum(CLAIM_STATES),
  statusBezeichnung: text,
  /** Every state the claim was in, oldest first, with the reason of a rejection. */
  verlauf: z.array(
    z.strictObject({
      status: z.enum(CLAIM_STATES),
      bezeichnung: text,
      am: instant,
      grund: text.nullable(),
    }),
  ),
  angaben: angabenSchema,
  /** Files sent with the report. */
  dateien: z.array(dateiSchema),
  /** Documents the claim needs (checklist of the report or requested later) and the files sent for them. */
  dokumente: z.array(
    z.strictObject({
      titel: text,
      beschreibung: text,
      fristBis: day,
      erforderlich: z.boolean(),
      quelle: z.enum(CLAIM_DOCUMENT_SOURCES),
      angefordertAm: instant,
      eingereichtAm: instant.nullable(),
      dateien: z.array(dateiSchema),
    }),
  ),
  /** The claim's conversation by its metadata; the texts are read in the claim itself. */
  nachrichten: z.array(
    z.strictObject({
      von: z.enum(CLAIM_MESSAGE_AUTHORS),
      quelle: z.enum(CLAIM_MESSAGE_SOURCES),
      betreff: text,
      am: instant,
      /** When the customer first saw a message to them; null if not yet (or written by them). */
      gelesenAm: instant.nullable(),
    }),
  ),
});

const schadenEntwurfSchema = z.strictObject({
  produkt: z.enum(CLAIM_PRODUCTS),
  vertrag: text,
  gespeichertAm: instant,
  angaben: angabenSchema,
});

const einwilligungSchema = z.strictObject({
  /** GESUNDHEITSDATEN: processing of health data (Art. 9 DSGVO, § 213 VVG). */
  art: z.enum(CONSENT_KINDS),
  /** The version of the wording consented to, and the SHA-256 of that wording. */
  version: text,
  wortlautSha256: text,
  erteiltAm: instant,
  /** When it ended; null while it runs. */
  beendetAm: instant.nullable(),
  /** WIDERRUF: withdrawn; ERSETZT: replaced by a consent to a newer wording. */
  beendetDurch: z.enum(CONSENT_ENDINGS).nullable(),
});

const feedbackSchema = z.strictObject({
  quelle: z.enum(FEEDBACK_SOURCES),
  bewertung: z.number().int(),
  kommentar: text.nullable(),
  abgegebenAm: instant,
});

const hochgeladeneDateiSchema = z.strictObject({
  name: text,
  /** The size stated when the upload began. */
  angegebeneGroesse: z.number().int(),
  /** Bytes stored, and the detected type; null unless finished. */
  groesse: z.number().int().nullable(),
  typ: text.nullable(),
  /** ANGEFORDERT, LAEUFT, FERTIG or FEHLGESCHLAGEN. */
  status: z.enum(UPLOAD_STATUSES),
  /** Notes given to the uploader, e.g. passwortgeschuetzt, standort-entfernt. */
  hinweise: z.array(text),
  /** What it was attached to: schaden, schadendokument, nachricht; null if never attached. */
  verwendetFuer: z.enum(UPLOAD_TARGET_KINDS).nullable(),
  hochgeladenAm: instant,
  angehaengtAm: instant.nullable(),
});

const anmeldeEreignisSchema = z.strictObject({
  zeitpunkt: instant,
  /** e.g. SIGN_IN_SUCCEEDED, SIGN_IN_FAILED, PASSWORD_CHANGED, DATA_EXPORTED. */
  ereignis: text,
  ergebnis: z.enum(['ERFOLGREICH', 'FEHLGESCHLAGEN']),
  ip: text.nullable(),
  geraet: text.nullable(),
  /** True when someone else acted on the account, e.g. an agent issuing an initial password. */
  durchAnderePerson: z.boolean(),
  details: z.record(z.string(), z.unknown()),
});

export const datenauskunftSchema = z
  .strictObject({
    format: z.literal(EXPORT_FORMAT),
    version: z.literal(EXPORT_VERSION),
    erstelltAm: instant,
    person: personSchema,
    zugang: zugangSchema,
    vertraege: z.array(vertragEintragSchema),
    nachrichten: z.strictObject({
      /** E-mails and SMS sent to the customer's current addresses and numbers (metadata, never the text). */
      versendet: z.array(nachrichtSchema),
      /** Messages in the customer's mailbox (Postfach); the texts themselves are read there. */
      postfach: z.array(
        z.strictObject({
          betreff: text,
          /** EINGANG: from the insurer; AUSGANG: written by the customer (Kontakt). */
          richtung: z.enum(['EINGANG', 'AUSGANG']),
          /** Contract number the message is about, if any. */
          vertrag: text.nullable(),
          anhang: text.nullable(),
          eingegangenAm: instant,
          gelesenAm: instant.nullable(),
          /** When the customer deleted it from the Postfach (kept for the insurer's records). */
          geloeschtAm: instant.nullable(),
          /** Files the customer attached when writing it (Kontakt). */
          dateien: z.array(dateiSchema),
        }),
      ),
    }),
    /** Sign-ins and every change of the credentials, oldest first. */
    anmeldeverlauf: z.array(anmeldeEreignisSchema),
    /** Claims on the customer's contracts, oldest first. */
    schaeden: z.array(schadenSchema),
    /** Claim reports begun and saved, not yet sent. */
    schadenEntwuerfe: z.array(schadenEntwurfSchema),
    /** Every consent given (e.g. to the processing of health data) and how it ended, oldest first. */
    einwilligungen: z.array(einwilligungSchema),
    /** Feedback given while signed in, oldest first. */
    feedback: z.array(feedbackSchema),
    /** Every file upload the customer began while signed in, oldest first (name, size, type; never the content). */
    hochgeladeneDateien: z.array(hochgeladeneDateiSchema),
  })
  .meta({ id: 'Datenauskunft' });

export type Datenauskunft = z.infer<typeof datenauskunftSchema>;
export type VertragEintrag = z.infer<typeof vertragEintragSchema>;
export type Aenderung = z.infer<typeof aenderungSchema>;

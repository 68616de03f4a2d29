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
import { PREMIUM_CHANGE_REASONS } from '../../db/schema/contracts';
import { ACCOUNT_STATUS } from '../../db/schema/identity';
import { OUTBOX_CHANNELS, OUTBOX_STATUS } from '../../db/schema/outbox';

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
        }),
      ),
    }),
    /** Sign-ins and every change of the credentials, oldest first. */
    anmeldeverlauf: z.array(anmeldeEreignisSchema),
  })
  .meta({ id: 'Datenauskunft' });

export type Datenauskunft = z.infer<typeof datenauskunftSchema>;
export type VertragEintrag = z.infer<typeof vertragEintragSchema>;
export type Aenderung = z.infer<typeof aenderungSchema>;

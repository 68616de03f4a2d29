// The internal contract model: what the database stores for one contract and what every contract
// rule works on. The customer view and the back-office summary are mappings of it
// (customer-view.ts, summary.ts); the database maps its rows to `ContractRecord` and parses them
// with `contractRecordSchema`, so an inconsistent row fails loudly instead of showing wrong data.
//
// Dates are calendar days 'yyyy-MM-dd'. End dates are "zum" dates: a contract ending zum
// 01.01.2027 is insured up to the end of 31.12.2026 (ADR 0003).
import { z } from 'zod';
import { isValidBIC, isValidIBAN } from 'ibantools';
import { addDays, compareDates } from '../dates/calendar-date';
import type { CalendarDate } from '../dates/calendar-date';
import {
  MARKEN,
  PHV_ANZAHL,
  PRICING_ZAHLWEISEN,
  SELBSTBETEILIGUNGEN,
  SUMMARY_PRODUKTE,
  VERTRAGSSTATUS,
  ZAHLWEISEN,
} from '../products/enums';
import { PHV_FAMILIENSTAENDE } from '../products/phv/catalogue';
import { hauptfaelligkeitSchema, isMainDueDate } from './main-due-date';
import { risikoOrtSchema } from '../products/common/risk-address';
import { HAUSRAT_DECKUNGEN } from '../products/enums';
import { fahrradSchema } from '../products/fahrrad/tariff';
import { zuersKlasseSchema } from '../products/hausrat/tariff';
import {
  calendarDateSchema,
  centsSchema,
  produktDetailsSchema,
  versicherteGewerbeSchema,
} from './product-details';
import { productKeyOf } from './product-meta';

const timestampSchema = z.iso.datetime({ offset: true });

/** Premium as billed: net annual premium and the gross premium of one payment period (incl. 19 % tax). */
export const beitragSchema = z.object({
  nettoJahresbeitragCents: centsSchema,
  bruttoBeitragProPeriodeCents: centsSchema,
});
export type Beitrag = z.infer<typeof beitragSchema>;

/** Deductible: one of the spec's absolute options, or a percentage of the loss. */
export const selbstbeteiligungSchema = z.discriminatedUnion('einheit', [
  z.object({ einheit: z.literal('ABSOLUT'), option: z.enum(SELBSTBETEILIGUNGEN) }),
  z.object({ einheit: z.literal('PERCENT'), prozent: z.number().int().min(1).max(100) }),
]);
export type SelbstbeteiligungStand = z.infer<typeof selbstbeteiligungSchema>;

/** SEPA direct-debit mandate. */
export const sepaMandatSchema = z.object({
  /** Creditor identifier (Gläubiger-Identifikationsnummer), e.g. DE98ZZZ09999999999. */
  glaeubigerId: z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/),
  /** Mandate reference: up to 35 characters of the SEPA character set, no spaces. */
  mandatsreferenz: z.string().regex(/^[A-Za-z0-9+?/:().,'-]{1,35}$/),
  erteiltAm: calendarDateSchema,
});

/** Bank account for direct debit; absent when the customer pays by transfer. */
export const bankverbindungSchema = z.object({
  iban: z.string().refine((iban) => isValidIBAN(iban), { message: 'Die IBAN ist ungültig.' }),
  bic: z
    .string()
    .refine((bic) => isValidBIC(bic), { message: 'Die BIC ist ungültig.' })
    .optional(),
  kontoinhaber: z.string().trim().min(1),
  sepaMandat: sepaMandatSchema,
});
export type Bankverbindung = z.infer<typeof bankverbindungSchema>;

/** Occasions of a cancellation (ADR 0003). */
export const KUENDIGUNGSANLAESSE = [
  'ORDENTLICH',
  'SCHADENFALL',
  'BEITRAGSERHOEHUNG',
  'ZAHLUNGSVERZUG',
] as const;
export type Kuendigungsanlass = (typeof KUENDIGUNGSANLAESSE)[number];

/** Who declared a cancellation. */
export const KUENDIGUNG_DURCH = ['VERSICHERUNGSNEHMER', 'VERSICHERER'] as const;

const reason = {
  /** Reason key from the product's cancellation or the revocation reasons. */
  grund: z.string().min(1),
  freitext: z.string().trim().max(2000).optional(),
};

/** Why and when a contract ends or ended. `zum` is the end date ("zum"), `erklaertAm` the day the declaration was received. */
export const beendigungSchema = z.discriminatedUnion('art', [
  z.object({
    art: z.literal('KUENDIGUNG'),
    durch: z.enum(KUENDIGUNG_DURCH),
    anlass: z.enum(KUENDIGUNGSANLAESSE),
    erklaertAm: calendarDateSchema,
    zum: calendarDateSchema,
    ...reason,
  }),
  z.object({
    art: z.literal('AUFHEBUNG'),
    erklaertAm: calendarDateSchema,
    zum: calendarDateSchema,
    ...reason,
  }),
  z.object({
    art: z.literal('WIDERRUF'),
    erklaertAm: calendarDateSchema,
    zum: calendarDateSchema,
    ...reason,
  }),
  z.object({
    art: z.literal('RUECKTRITT'),
    anlass: z.enum(['ERSTBEITRAG', 'ANZEIGEPFLICHT']),
    erklaertAm: calendarDateSchema,
    zum: calendarDateSchema,
  }),
]);
export type Beendigung = z.infer<typeof beendigungSchema>;

/** Minimum payment deadline of a qualified reminder for a follow-up premium (§38 (1) VVG: two weeks). */
export const MINDEST_ZAHLUNGSFRIST_TAGE = 14;

/** An unpaid premium instalment. */
export const offenerBeitragSchema = z
  .object({
    /** ERSTBEITRAG = first or single premium (§37 VVG), FOLGEBEITRAG = any later one (§38 VVG). */
    art: z.enum(['ERSTBEITRAG', 'FOLGEBEITRAG']),
    faelligAm: calendarDateSchema,
    betragCents: centsSchema.positive(),
    /** Qualified reminder sent in text form, with the payment deadline it set. */
    gemahnt: z.object({ am: calendarDateSchema, zahlungsfristBis: calendarDateSchema }).optional(),
  })
  .refine(
    (b) =>
      !b.gemahnt ||
      compareDates(b.gemahnt.zahlungsfristBis, addDays(b.gemahnt.am, MINDEST_ZAHLUNGSFRIST_TAGE)) >= 0,
    { message: 'Die Zahlungsfrist einer Mahnung beträgt mindestens zwei Wochen.', path: ['gemahnt'] },
  );
export type OffenerBeitrag = z.infer<typeof offenerBeitragSchema>;

const pendingBase = {
  /** First day on which the change applies. */
  wirksamkeitsdatum: calendarDateSchema,
  createdAt: timestampSchema,
  /** Premium of the contract once the change applies (absent for changes without premium effect). */
  praemieNachAenderung: beitragSchema.optional(),
};

/** A saved change waiting for its effective date (vorgemerkte Änderung). */
export const pendingChangeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('zahlweise'), value: z.enum(PRICING_ZAHLWEISEN), ...pendingBase }),
  z.object({ type: z.literal('selbstbeteiligung'), value: z.enum(SELBSTBETEILIGUNGEN), ...pendingBase }),
  z.object({ type: z.literal('elementar'), value: z.boolean(), ...pendingBase }),
  z.object({ type: z.literal('phvAnzahl'), value: z.enum(PHV_ANZAHL), ...pendingBase }),
  z.object({ type: z.literal('buerohaftpflicht'), value: z.boolean(), ...pendingBase }),
  z.object({ type: z.literal('familienstand'), value: z.enum(PHV_FAMILIENSTAENDE), ...pendingBase }),
  z.object({
    type: z.literal('risikoort'),
    /** The new address; for Hausrat with the ZÜRS flood class of the new address. */
    value: risikoOrtSchema.extend({ zuersKlasse: zuersKlasseSchema.optional() }),
    ...pendingBase,
  }),
  z.object({
    type: z.literal('deckung'),
    value: z.union([
      z.object({ deckungsVariante: z.string().min(1) }),
      z.object({ hausratDeckungen: z.array(z.enum(HAUSRAT_DECKUNGEN)).min(1) }),
    ]),
    ...pendingBase,
  }),
  z.object({ type: z.literal('jahresumsatz'), value: centsSchema, ...pendingBase }),
  z.object({ type: z.literal('versicherungssumme'), value: centsSchema.positive(), ...pendingBase }),
  z.object({ type: z.literal('gewerbearten'), value: versicherteGewerbeSchema, ...pendingBase }),
  z.object({ type: z.literal('bankverbindung'), value: bankverbindungSchema, ...pendingBase }),
  z.object({
    type: z.literal('fahrrad'),
    value: fahrradSchema.pick({ hersteller: true, typ: true, rahmennummer: true }).required(),
    ...pendingBase,
  }),
]);
export type PendingChange = z.infer<typeof pendingChangeSchema>;
export type PendingChangeType = PendingChange['type'];

const contractRecordShape = z.object({
  /** Internal id (database key). */
  id: z.string().min(1),
  /** Contract number shown to people (9 or 10 digits); the summary calls it vertragsnummer. */
  versicherungsNummer: z.string().regex(/^\d{9,10}$/),
  /** Product key and generation. */
  produkt: z.enum(SUMMARY_PRODUKTE),
  marke: z.enum(MARKEN),
  status: z.enum(VERTRAGSSTATUS),
  partnerId: z.string().min(1),
  /** Agent (10 digits); absent for direct business. */
  vermittlerNummer: z
    .string()
    .regex(/^\d{10}$/)
    .optional(),
  /** Chosen coverage variant (deckungsVarianteIdentifier of the product catalogue). */
  deckungsVariante: z.string().min(1).optional(),

  antragsdatum: calendarDateSchema,
  /** Day the contract was concluded (application accepted); starts the 12-month revocation cap. */
  abschlussdatum: calendarDateSchema,
  vertragsBeginn: calendarDateSchema,
  /** End of the agreed term; absent for contracts of unlimited term. */
  ablaufdatum: calendarDateSchema.optional(),
  /** The term renews by one year at each main due date unless cancelled (§11 (1) VVG). */
  stillschweigendeVerlaengerung: z.boolean(),
  /** The terms grant the policyholder cancellation to any day (more favourable than §11 VVG). */
  taeglichKuendbar: z.boolean(),
  /** Start date the customer asked to move the contract start to (Beginnverlegung), if any. */
  beginnverlegung: calendarDateSchema.optional(),
  hauptfaelligkeit: hauptfaelligkeitSchema,
  /** Day from which the current contract state (premium, cover) applies. */
  wirksamkeitsdatum: calendarDateSchema,
  /** Day on which policy, terms, §7 VVG information and revocation instruction were received. */
  documentsReceivedOn: calendarDateSchema.optional(),
  /** Whether those documents and the revocation instruction were complete and correct. */
  instructionsComplete: z.boolean(),

  zahlweise: z.enum(ZAHLWEISEN),
  beitrag: beitragSchema,
  versicherungssummeCents: centsSchema.positive().optional(),
  selbstbeteiligung: selbstbeteiligungSchema.optional(),
  bankverbindung: bankverbindungSchema.optional(),
  details: produktDetailsSchema,
  vorgemerkteAenderungen: z.array(pendingChangeSchema),
  offeneBeitraege: z.array(offenerBeitragSchema),
  beendigung: beendigungSchema.optional(),
  updatedAt: timestampSchema,
});

/** Internal contract model. */
export type ContractRecord = z.infer<typeof contractRecordShape>;

/** Which ends each status needs; UNBEKANNT (imported, unmapped) is not checked. */
function statusMatchesEnd(record: ContractRecord): boolean {
  const art = record.beendigung?.art;
  switch (record.status) {
    case 'LAUFEND':
      return art === undefined;
    case 'AUSLAUFEND':
      return art === 'KUENDIGUNG' || art === 'AUFHEBUNG';
    case 'BEENDET':
      return art === 'KUENDIGUNG' || (art === undefined && isFixedTerm(record));
    case 'AUFGEHOBEN':
      return art === 'AUFHEBUNG';
    case 'STORNIERT':
      return art === 'WIDERRUF' || art === 'RUECKTRITT';
    case 'UNBEKANNT':
      return true;
  }
}

/** True for a contract that ends at `ablaufdatum` without renewal. */
export function isFixedTerm(
  record: Pick<ContractRecord, 'ablaufdatum' | 'stillschweigendeVerlaengerung'>,
): boolean {
  return record.ablaufdatum !== undefined && !record.stillschweigendeVerlaengerung;
}

/** Internal contract model schema, with the consistency rules between its fields. */
export const contractRecordSchema = contractRecordShape.superRefine((record, ctx) => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (record.details.produktKey !== productKeyOf(record.produkt)) {
    issue('details', `Produktdetails ${record.details.produktKey} passen nicht zu ${record.produkt}.`);
  }
  if (!statusMatchesEnd(record)) {
    issue(
      'beendigung',
      `Status ${record.status} passt nicht zur Beendigung ${record.beendigung?.art ?? 'ohne'}.`,
    );
  }
  if (compareDates(record.abschlussdatum, record.antragsdatum) < 0) {
    issue('abschlussdatum', 'Der Vertrag kann nicht vor dem Antrag geschlossen sein.');
  }
  if (record.ablaufdatum !== undefined && compareDates(record.ablaufdatum, record.vertragsBeginn) <= 0) {
    issue('ablaufdatum', 'Das Ablaufdatum muss nach dem Vertragsbeginn liegen.');
  }
  if (record.stillschweigendeVerlaengerung) {
    if (record.ablaufdatum === undefined) {
      issue('ablaufdatum', 'Ein sich verlängernder Vertrag braucht ein Ablaufdatum.');
    } else if (!isMainDueDate(record.hauptfaelligkeit, record.ablaufdatum)) {
      issue('ablaufdatum', 'Ein sich verlängernder Vertrag läuft zur Hauptfälligkeit ab.');
    }
  }
  const types = record.vorgemerkteAenderungen.map((change) => change.type);
  if (new Set(types).size !== types.length) {
    issue('vorgemerkteAenderungen', 'Je Art ist höchstens eine Änderung vorgemerkt.');
  }
});

/** The day the contract ends or ended ("zum"), when known: a declared end or the fixed term's expiry. */
export function contractEnd(
  record: Pick<ContractRecord, 'beendigung' | 'ablaufdatum' | 'stillschweigendeVerlaengerung'>,
): CalendarDate | undefined {
  if (record.beendigung) return record.beendigung.zum;
  return isFixedTerm(record) ? record.ablaufdatum : undefined;
}

// Partners (policyholders) with their current postal address and bank account. A move or a new
// bank account ends the current row and adds a new one; contracts debited from the ended account
// move to the new one, because a partner pays from one account at a time
// (spec §7 /api/partner/partner/{id}/bankverbindung).
import { and, eq, inArray, isNull, lte, or, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { bankverbindungSchema, type Bankverbindung } from '@schirm/domain/contract/contract-record';
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';
import type { Database } from '../../db/database';
import { contracts } from '../../db/schema/contracts';
import { addresses, bankAccounts, partners } from '../../db/schema/partners';
import { withTransaction } from '../../db/transaction';
import { badRequest } from '../../platform/errors';
import { bankverbindungColumns, bankverbindungFromRow } from './contract-mapping';

const text = z.string().trim().min(1);
const day = z.iso.date();

/** Postal address of a partner. */
export const postanschriftSchema = z.object({
  strasse: text,
  hausnummer: text,
  plz: z.string().regex(/^\d{5}$/),
  ort: text,
  land: z.string().regex(/^[A-Z]{2}$/),
});
export type Postanschrift = z.infer<typeof postanschriftSchema>;

const contact = {
  partnerNummer: z.string().regex(/^\d{6,12}$/),
  email: z.email().optional(),
  telefon: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/)
    .optional(),
};

/** A natural person (NatuerlichePersonDTO) or a company (JuristischePersonDTO), before it is stored. */
export const newPartnerSchema = z.discriminatedUnion('personArt', [
  z.object({
    personArt: z.literal('NatuerlichePersonDTO'),
    anrede: text.optional(),
    titel: text.optional(),
    vorname: text,
    nachname: text,
    geburtsdatum: day.optional(),
    ...contact,
  }),
  z.object({
    personArt: z.literal('JuristischePersonDTO'),
    firmenname: text,
    rechtsform: text.optional(),
    gruendungsdatum: day.optional(),
    ...contact,
  }),
]);
export type NewPartner = z.infer<typeof newPartnerSchema>;

/** A stored partner with its current address and bank account. */
export type Partner = NewPartner & {
  id: string;
  adresse?: Postanschrift;
  bankverbindung?: Bankverbindung;
  createdAt: string;
  updatedAt: string;
};

type Db = Database;
type PartnerRow = typeof partners.$inferSelect;

function person(row: PartnerRow): NewPartner {
  const common = {
    partnerNummer: row.partnerNummer,
    ...(row.email === null ? {} : { email: row.email }),
    ...(row.telefon === null ? {} : { telefon: row.telefon }),
  };
  if (row.personArt === 'JuristischePersonDTO') {
    return {
      personArt: 'JuristischePersonDTO',
      firmenname: row.firmenname ?? '',
      ...(row.rechtsform === null ? {} : { rechtsform: row.rechtsform }),
      ...(row.gruendungsdatum === null ? {} : { gruendungsdatum: row.gruendungsdatum }),
      ...common,
    };
  }
  return {
    personArt: 'NatuerlichePersonDTO',
    vorname: row.vorname ?? '',
    nachname: row.nachname ?? '',
    ...(row.anrede === null ? {} : { anrede: row.anrede }),
    ...(row.titel === null ? {} : { titel: row.titel }),
    ...(row.geburtsdatum === null ? {} : { geburtsdatum: row.geburtsdatum }),
    ...common,
  };
}

/** Columns of a partner (shared with the bulk demo generator). */
export function partnerColumns(partner: NewPartner) {
  const natural = partner.personArt === 'NatuerlichePersonDTO' ? partner : undefined;
  const company = partner.personArt === 'JuristischePersonDTO' ? partner : undefined;
  return {
    partnerNummer: partner.partnerNummer,
    personArt: partner.personArt,
    anrede: natural?.anrede ?? null,
    titel: natural?.titel ?? null,
    vorname: natural?.vorname ?? null,
    nachname: natural?.nachname ?? null,
    geburtsdatum: natural?.geburtsdatum ?? null,
    firmenname: company?.firmenname ?? null,
    rechtsform: company?.rechtsform ?? null,
    gruendungsdatum: company?.gruendungsdatum ?? null,
    email: partner.email ?? null,
    telefon: partner.telefon ?? null,
  };
}

function validOn(table: typeof addresses | typeof bankAccounts, today: CalendarDate) {
  return and(lte(table.gueltigAb, today), or(isNull(table.gueltigBis), gt(table.gueltigBis, today)));
}

async function loadPartners(db: Db, rows: PartnerRow[], today: CalendarDate): Promise<Partner[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [addressRows, bankRows] = await Promise.all([
    db
      .select()
      .from(addresses)
      .where(and(inArray(addresses.partnerId, ids), validOn(addresses, today))),
    db
      .select()
      .from(bankAccounts)
      .where(and(inArray(bankAccounts.partnerId, ids), validOn(bankAccounts, today))),
  ]);
  return rows.map((row) => {
    const address = addressRows.find((candidate) => candidate.partnerId === row.id);
    const bank = bankRows.find((candidate) => candidate.partnerId === row.id);
    return {
      ...person(row),
      id: row.id,
      ...(address
        ? {
            adresse: {
              strasse: address.strasse,
              hausnummer: address.hausnummer,
              plz: address.plz,
              ort: address.ort,
              land: address.land,
            },
          }
        : {}),
      ...(bank ? { bankverbindung: bankverbindungFromRow(bank) } : {}),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

function rejected(what: string, error: z.ZodError): Error {
  return badRequest(`${what} rejected: ${error.message}`, {
    code: 'PARTNER_INVALID',
    fieldErrors: error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
  });
}

function validBankverbindung(bankverbindung: Bankverbindung): Bankverbindung {
  const parsed = bankverbindungSchema.safeParse(bankverbindung);
  if (!parsed.success) throw rejected('Bank account', parsed.error);
  return parsed.data;
}

/** Stores a partner with its postal address (and bank account) valid from `gueltigAb`. */
export async function insertPartner({
  db,
  partner,
  adresse,
  bankverbindung,
  gueltigAb,
}: {
  db: Db;
  partner: NewPartner;
  adresse: Postanschrift;
  bankverbindung?: Bankverbindung;
  gueltigAb: CalendarDate;
}): Promise<Partner> {
  const parsed = newPartnerSchema.safeParse(partner);
  if (!parsed.success) throw rejected('Partner', parsed.error);
  const address = postanschriftSchema.safeParse(adresse);
  if (!address.success) throw rejected('Address', address.error);
  const bank = bankverbindung === undefined ? undefined : validBankverbindung(bankverbindung);
  const id = await withTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(partners)
      .values(partnerColumns(parsed.data))
      .returning({ id: partners.id });
    if (!row) throw new Error('INSERT partners returned no row');
    await tx.insert(addresses).values({ partnerId: row.id, ...address.data, gueltigAb });
    if (bank) {
      await tx.insert(bankAccounts).values({ partnerId: row.id, ...bankverbindungColumns(bank), gueltigAb });
    }
    return row.id;
  });
  const stored = await findPartnerById({ db, id, today: gueltigAb });
  if (!stored) throw new Error(`Partner ${id} vanished after insert`);
  return stored;
}

/** The partner with the address and bank account valid on `today`. */
export async function findPartnerById({
  db,
  id,
  today,
}: {
  db: Db;
  id: string;
  today: CalendarDate;
}): Promise<Partner | undefined> {
  const rows = await db.select().from(partners).where(eq(partners.id, id));
  return (await loadPartners(db, rows, today))[0];
}

/** The partner with this partner number (Partnernummer). */
export async function findPartnerByNumber({
  db,
  partnerNummer,
  today,
}: {
  db: Db;
  partnerNummer: string;
  today: CalendarDate;
}): Promise<Partner | undefined> {
  const rows = await db.select().from(partners).where(eq(partners.partnerNummer, partnerNummer));
  return (await loadPartners(db, rows, today))[0];
}

/** The id of the partner with this partner number, without its address and bank account. */
export async function findPartnerIdByNumber({
  db,
  partnerNummer,
}: {
  db: Db;
  partnerNummer: string;
}): Promise<string | undefined> {
  const [row] = await db
    .select({ id: partners.id })
    .from(partners)
    .where(eq(partners.partnerNummer, partnerNummer));
  return row?.id;
}

/** Partners whose contact e-mail matches, ignoring case (several people may share one address). */
export async function findPartnersByEmail({
  db,
  email,
  today,
}: {
  db: Db;
  email: string;
  today: CalendarDate;
}): Promise<Partner[]> {
  const rows = await db
    .select()
    .from(partners)
    .where(sql`lower(${partners.email}) = lower(${email})`)
    .orderBy(partners.partnerNummer);
  return loadPartners(db, rows, today);
}

/**
 * Ends the open row (address or bank account) of a partner on `gueltigAb`. A row that starts on or
 * after that day never applied and is replaced in place: it returns its id for the update.
 */
async function endOpenRow(
  tx: Db,
  table: typeof addresses | typeof bankAccounts,
  partnerId: string,
  gueltigAb: CalendarDate,
): Promise<{ replacedId?: string; endedId?: string }> {
  const [open] = await tx
    .select({ id: table.id, gueltigAb: table.gueltigAb })
    .from(table)
    .where(and(eq(table.partnerId, partnerId), isNull(table.gueltigBis)));
  if (!open) return {};
  if (open.gueltigAb >= gueltigAb) return { replacedId: open.id };
  await tx.update(table).set({ gueltigBis: gueltigAb }).where(eq(table.id, open.id));
  return { endedId: open.id };
}

/** A move (Umzug): the new postal address applies from `gueltigAb`, the old one ends that day. */
export async function replaceAddress({
  db,
  partnerId,
  adresse,
  gueltigAb,
}: {
  db: Db;
  partnerId: string;
  adresse: Postanschrift;
  gueltigAb: CalendarDate;
}): Promise<void> {
  const address = postanschriftSchema.safeParse(adresse);
  if (!address.success) throw rejected('Address', address.error);
  await withTransaction(db, async (tx) => {
    const { replacedId } = await endOpenRow(tx, addresses, partnerId, gueltigAb);
    if (replacedId) {
      await tx
        .update(addresses)
        .set({ ...address.data, gueltigAb })
        .where(eq(addresses.id, replacedId));
    } else {
      await tx.insert(addresses).values({ partnerId, ...address.data, gueltigAb });
    }
    await tx.update(partners).set({ updatedAt: new Date() }).where(eq(partners.id, partnerId));
  });
}

/**
 * A new bank account with its SEPA mandate from `gueltigAb`: the current account ends that day and
 * the partner's contracts debited from it are debited from the new one. Returns the new row's id.
 */
export async function replaceBankAccount({
  db,
  partnerId,
  bankverbindung,
  gueltigAb,
}: {
  db: Db;
  partnerId: string;
  bankverbindung: Bankverbindung;
  gueltigAb: CalendarDate;
}): Promise<string> {
  const columns = bankverbindungColumns(validBankverbindung(bankverbindung));
  return withTransaction(db, async (tx) => {
    const { replacedId, endedId } = await endOpenRow(tx, bankAccounts, partnerId, gueltigAb);
    if (replacedId) {
      await tx
        .update(bankAccounts)
        .set({ ...columns, gueltigAb })
        .where(eq(bankAccounts.id, replacedId));
      return replacedId;
    }
    const [row] = await tx
      .insert(bankAccounts)
      .values({ partnerId, ...columns, gueltigAb })
      .returning({ id: bankAccounts.id });
    if (!row) throw new Error('INSERT bank_accounts returned no row');
    if (endedId) {
      await tx
        .update(contracts)
        .set({ bankAccountId: row.id, updatedAt: new Date(), version: sql`${contracts.version} + 1` })
        .where(eq(contracts.bankAccountId, endedId));
    }
    return row.id;
  });
}

/** Every bank account the partner had, oldest first (the history of direct debits). */
export async function listBankAccounts({ db, partnerId }: { db: Db; partnerId: string }) {
  const rows = await db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.partnerId, partnerId))
    .orderBy(bankAccounts.gueltigAb, bankAccounts.createdAt);
  return rows.map((row) => ({
    id: row.id,
    ...bankverbindungFromRow(row),
    gueltigAb: row.gueltigAb,
    gueltigBis: row.gueltigBis ?? undefined,
  }));
}

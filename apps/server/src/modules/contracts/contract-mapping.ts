// Rows ⇄ the domain's contract record. The stored contract is the domain's ContractRecord (whose
// product details are the tariffs' documents, packages/domain/src/contract/product-details.ts) plus
// the optimistic-lock version. Every read and every write goes through `storedContractSchema`, so a
// row that breaks a rule of the domain (status without its end, details of another product, …)
// fails loudly instead of being shown.
import { z } from 'zod';
import {
  contractRecordSchema,
  type Bankverbindung,
  type Beendigung,
  type ContractRecord,
  type OffenerBeitrag,
  type PendingChange,
  type SelbstbeteiligungStand,
} from '@schirm/domain/contract/contract-record';
import { detailsDocument } from '@schirm/domain/contract/product-details';
import { productKeyOf } from '@schirm/domain/contract/product-meta';
import type { bankAccounts } from '../../db/schema/partners';
import type { contracts, openPremiums, pendingChanges } from '../../db/schema/contracts';
import { badRequest } from '../../platform/errors';

/** Stored contract: the domain record and the row version. */
export type StoredContract = ContractRecord & {
  /** Optimistic-lock version; an update must name the version it read. */
  version: number;
};

/**
 * The domain's contract record schema plus the version. Zod cannot `extend` a refined object, so
 * the object is rebuilt from the domain shape and the domain's own record-level checks (status and
 * end, dates, product of the details) are attached unchanged: the rules stay written once.
 */
const storedContractShape = z.object({
  ...contractRecordSchema.shape,
  version: z.number().int().min(1),
});

const domainChecks = (contractRecordSchema._zod.def.checks ?? []) as unknown as z.core.$ZodCheck<
  z.output<typeof storedContractShape>
>[];

export const storedContractSchema = storedContractShape.check(...domainChecks);

type ContractRow = typeof contracts.$inferSelect;
type ContractColumns = Omit<typeof contracts.$inferInsert, 'id' | 'version' | 'createdAt' | 'updatedAt'>;
type PendingChangeRow = typeof pendingChanges.$inferSelect;
type OpenPremiumRow = typeof openPremiums.$inferSelect;
type BankAccountRow = typeof bankAccounts.$inferSelect;

/** A contract row with what the record needs from other tables. */
export interface ContractRows {
  contract: ContractRow;
  vermittlerNummer: string | null;
  bankAccount: BankAccountRow | null;
  /** Open pending changes (applied_at NULL). */
  pendingChanges: readonly PendingChangeRow[];
  openPremiums: readonly OpenPremiumRow[];
}

function issuesText(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(record)'}: ${issue.message}`).join('; ');
}

/** Checks a contract before it is written; invalid data is a 400 with the German messages per field. */
export function validateContract(candidate: unknown): StoredContract {
  const result = storedContractSchema.safeParse(candidate);
  if (result.success) return result.data as StoredContract;
  throw badRequest(`Contract rejected: ${issuesText(result.error)}`, {
    code: 'CONTRACT_INVALID',
    fieldErrors: result.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    })),
  });
}

function parseStored(candidate: unknown, id: string): StoredContract {
  const result = storedContractSchema.safeParse(candidate);
  if (result.success) return result.data as StoredContract;
  throw new Error(`Contract ${id} in the database breaks the contract rules: ${issuesText(result.error)}`);
}

function selbstbeteiligungFromRow(row: ContractRow): SelbstbeteiligungStand | undefined {
  if (row.selbstbeteiligungEinheit === 'ABSOLUT' && row.selbstbeteiligungOption !== null) {
    return { einheit: 'ABSOLUT', option: row.selbstbeteiligungOption };
  }
  if (row.selbstbeteiligungEinheit === 'PERCENT' && row.selbstbeteiligungProzent !== null) {
    return { einheit: 'PERCENT', prozent: row.selbstbeteiligungProzent };
  }
  return undefined;
}

/** The domain's bank account of a bank account row. */
export function bankverbindungFromRow(row: BankAccountRow): Bankverbindung {
  return {
    iban: row.iban,
    ...(row.bic === null ? {} : { bic: row.bic }),
    kontoinhaber: row.kontoinhaber,
    sepaMandat: {
      glaeubigerId: row.glaeubigerId,
      mandatsreferenz: row.mandatsreferenz,
      erteiltAm: row.mandatErteiltAm,
    },
  };
}

/** Bank account columns of the domain's bank account. */
export function bankverbindungColumns(bank: Bankverbindung) {
  return {
    iban: bank.iban,
    bic: bank.bic ?? null,
    kontoinhaber: bank.kontoinhaber,
    glaeubigerId: bank.sepaMandat.glaeubigerId,
    mandatsreferenz: bank.sepaMandat.mandatsreferenz,
    mandatErteiltAm: bank.sepaMandat.erteiltAm,
  };
}

function withoutNulls(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null));
}

// The schema picks the fields of each kind of end and drops the rest.
function beendigungFromRow(row: ContractRow): unknown {
  if (row.beendigungArt === null) return undefined;
  return withoutNulls({
    art: row.beendigungArt,
    durch: row.beendigungDurch,
    anlass: row.beendigungAnlass,
    erklaertAm: row.beendigungErklaertAm,
    zum: row.beendigungsdatum,
    grund: row.beendigungGrund,
    freitext: row.beendigungFreitext,
  });
}

function beendigungColumns(end: Beendigung | undefined) {
  return {
    beendigungArt: end?.art ?? null,
    beendigungDurch: end && 'durch' in end ? end.durch : null,
    beendigungAnlass: end && 'anlass' in end ? end.anlass : null,
    beendigungErklaertAm: end?.erklaertAm ?? null,
    beendigungsdatum: end?.zum ?? null,
    beendigungGrund: end && 'grund' in end ? end.grund : null,
    beendigungFreitext: end && 'freitext' in end ? (end.freitext ?? null) : null,
  };
}

function pendingChangeFromRow(row: PendingChangeRow): unknown {
  const premium =
    row.nettoJahresbeitragCents !== null && row.bruttoBeitragProPeriodeCents !== null
      ? {
          praemieNachAenderung: {
            nettoJahresbeitragCents: row.nettoJahresbeitragCents,
            bruttoBeitragProPeriodeCents: row.bruttoBeitragProPeriodeCents,
          },
        }
      : {};
  return {
    type: row.typ,
    value: row.wert,
    wirksamkeitsdatum: row.wirksamkeitsdatum,
    createdAt: row.createdAt.toISOString(),
    ...premium,
  };
}

/** Insert values of a pending change. */
export function pendingChangeColumns(contractId: string, change: PendingChange) {
  return {
    contractId,
    typ: change.type,
    wert: change.value,
    wirksamkeitsdatum: change.wirksamkeitsdatum,
    nettoJahresbeitragCents: change.praemieNachAenderung?.nettoJahresbeitragCents ?? null,
    bruttoBeitragProPeriodeCents: change.praemieNachAenderung?.bruttoBeitragProPeriodeCents ?? null,
    createdAt: new Date(change.createdAt),
  };
}

function openPremiumFromRow(row: OpenPremiumRow): OffenerBeitrag {
  return {
    art: row.art,
    faelligAm: row.faelligAm,
    betragCents: row.betragCents,
    ...(row.gemahntAm !== null && row.zahlungsfristBis !== null
      ? { gemahnt: { am: row.gemahntAm, zahlungsfristBis: row.zahlungsfristBis } }
      : {}),
  };
}

/** Insert values of an unpaid premium. */
export function openPremiumColumns(contractId: string, item: OffenerBeitrag) {
  return {
    contractId,
    art: item.art,
    faelligAm: item.faelligAm,
    betragCents: item.betragCents,
    gemahntAm: item.gemahnt?.am ?? null,
    zahlungsfristBis: item.gemahnt?.zahlungsfristBis ?? null,
  };
}

/** The stored contract of its rows; throws when the rows break a contract rule. */
export function toStoredContract(rows: ContractRows): StoredContract {
  const row = rows.contract;
  return parseStored(
    {
      id: row.id,
      versicherungsNummer: row.versicherungsNummer,
      produkt: row.produkt,
      marke: row.marke,
      status: row.status,
      partnerId: row.partnerId,
      vermittlerNummer: rows.vermittlerNummer ?? undefined,
      deckungsVariante: row.deckungsVariante ?? undefined,
      antragsdatum: row.antragsdatum,
      abschlussdatum: row.abschlussdatum,
      vertragsBeginn: row.vertragsBeginn,
      ablaufdatum: row.ablaufdatum ?? undefined,
      stillschweigendeVerlaengerung: row.stillschweigendeVerlaengerung,
      taeglichKuendbar: row.taeglichKuendbar,
      beginnverlegung: row.beginnverlegung ?? undefined,
      hauptfaelligkeit: { day: row.hauptfaelligkeitTag, month: row.hauptfaelligkeitMonat },
      wirksamkeitsdatum: row.wirksamkeitsdatum,
      documentsReceivedOn: row.documentsReceivedOn ?? undefined,
      instructionsComplete: row.instructionsComplete,
      zahlweise: row.zahlweise,
      beitrag: {
        nettoJahresbeitragCents: row.nettoJahresbeitragCents,
        bruttoBeitragProPeriodeCents: row.bruttoBeitragProPeriodeCents,
      },
      versicherungssummeCents: row.versicherungssummeCents ?? undefined,
      selbstbeteiligung: selbstbeteiligungFromRow(row),
      bankverbindung: rows.bankAccount ? bankverbindungFromRow(rows.bankAccount) : undefined,
      details: { ...(row.productDetails as object), produktKey: productKeyOf(row.produkt) },
      vorgemerkteAenderungen: rows.pendingChanges.map(pendingChangeFromRow),
      offeneBeitraege: rows.openPremiums.map(openPremiumFromRow),
      beendigung: beendigungFromRow(row),
      updatedAt: row.updatedAt.toISOString(),
      version: row.version,
    },
    row.id,
  );
}

/** References a contract row needs besides the record: the agent and the bank account row. */
export interface ContractRefs {
  agentId: string | null;
  bankAccountId: string | null;
}

/** The contract's own columns (no id, version or timestamps). */
export function contractColumns(contract: StoredContract, refs: ContractRefs): ContractColumns {
  const deductible = contract.selbstbeteiligung;
  return {
    versicherungsNummer: contract.versicherungsNummer,
    produkt: contract.produkt,
    marke: contract.marke,
    status: contract.status,
    partnerId: contract.partnerId,
    agentId: refs.agentId,
    deckungsVariante: contract.deckungsVariante ?? null,
    antragsdatum: contract.antragsdatum,
    abschlussdatum: contract.abschlussdatum,
    vertragsBeginn: contract.vertragsBeginn,
    ablaufdatum: contract.ablaufdatum ?? null,
    stillschweigendeVerlaengerung: contract.stillschweigendeVerlaengerung,
    taeglichKuendbar: contract.taeglichKuendbar,
    beginnverlegung: contract.beginnverlegung ?? null,
    hauptfaelligkeitMonat: contract.hauptfaelligkeit.month,
    hauptfaelligkeitTag: contract.hauptfaelligkeit.day,
    wirksamkeitsdatum: contract.wirksamkeitsdatum,
    documentsReceivedOn: contract.documentsReceivedOn ?? null,
    instructionsComplete: contract.instructionsComplete,
    zahlweise: contract.zahlweise,
    nettoJahresbeitragCents: contract.beitrag.nettoJahresbeitragCents,
    bruttoBeitragProPeriodeCents: contract.beitrag.bruttoBeitragProPeriodeCents,
    versicherungssummeCents: contract.versicherungssummeCents ?? null,
    selbstbeteiligungEinheit: deductible?.einheit ?? null,
    selbstbeteiligungOption: deductible?.einheit === 'ABSOLUT' ? deductible.option : null,
    selbstbeteiligungProzent: deductible?.einheit === 'PERCENT' ? deductible.prozent : null,
    bankAccountId: refs.bankAccountId,
    productDetails: detailsDocument(contract.details),
    ...beendigungColumns(contract.beendigung),
  };
}

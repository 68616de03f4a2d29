// The contract holder change (issue 15, flag 'contract-holder-change', ADR 0035). The agent (scope
// rule) names the new policyholder – an existing partner it reaches, or a new person – and the day
// it applies from; the new holder gets a single-use link (14 days) by e-mail, confirms on the
// public page and gives a SEPA mandate. On or after the chosen day the confirmation moves the
// contract in one transaction: the holder (a new person becomes a partner), the bank account with
// the mandate (PDF as contract document), the change row (the history), the Postfach messages of
// both holders and the e-mails. Before that day the confirmation is kept (BESTAETIGT, account,
// mandate and its PDF stored), both holders and the agent are told the day, and the daily job
// 'holder-changes' makes the same move when the day has come (or marks it GEGENSTANDSLOS when the
// contract ends first). The agent sees the waiting change and can cancel it; a customer can ask
// for a change from the contract details (a request the agent sees and the insurer's back office
// gets as a Postfach message).
import { isActive } from '@schirm/domain/contract/status';
import { contractEnd, type Bankverbindung } from '@schirm/domain/contract/contract-record';
import {
  addDays,
  addMonths,
  compareDates,
  maxDate,
  minDate,
  todayInGermany,
  type CalendarDate,
} from '@schirm/domain/dates/calendar-date';
import { formatDate } from '@schirm/domain/format/date';
import { catalogueEntryForSummaryProdukt } from '@schirm/domain/products/catalogue';
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { agents } from '../../db/schema/agents';
import { contracts } from '../../db/schema/contracts';
import { contractHolderChangeRequests, contractHolderChanges } from '../../db/schema/contract-transfer';
import { bankAccounts } from '../../db/schema/partners';
import { withTransaction, type Transaction } from '../../db/transaction';
import type { Actor } from '../../platform/auth/actor';
import { assertAgentReachesPartner } from '../../platform/auth/ownership';
import { conflict, forbidden, notFound, unprocessable, validationFailed } from '../../platform/errors';
import type { StoredContract } from '../contracts/contract-mapping';
import {
  findPartnerById,
  findPartnerIdByNumber,
  insertPartner,
  replaceBankAccount,
  type Partner,
  type Postanschrift,
} from '../contracts/partners-repository';
import { findContractById, insertContractDocument } from '../contracts/repository';
import { endPendingChangesFrom } from '../contract-changes/holder-change-guard';
import { MANDATE_TEXTS, renderSepaMandate } from '../contract-changes/sepa-mandate-pdf';
import { newSepaMandate } from '../contract-changes/sepa-mandate';
import { storeContractDocument } from '../documents/service';
import { REGISTRATION_PAGE } from '../identity/registration';
import { insertMailboxMessage } from '../mailbox/repository';
import { enqueueMessage } from '../outbox/outbox';
import { validateIbanWithBank } from '../reference/banks';
import {
  contractForActor,
  newLinkToken,
  nextOnlineNumber,
  partnerName,
  tokenHash,
  type TransferDeps,
} from './shared';
import { TRANSFER_ERRORS, TRANSFER_TEXTS } from './texts';

/** The public page the new holder's link opens. */
export const HOLDER_CONFIRMATION_PAGE = '/inhaberwechsel/bestaetigen/';

/** How far ahead a holder change may be dated. */
export const HOLDER_CHANGE_MAX_MONTHS = 12;

/** A new person taking over the contract. */
export interface HolderChangePerson {
  anrede?: string;
  vorname: string;
  nachname: string;
  geburtsdatum: CalendarDate;
  email: string;
  adresse: { strasse: string; hausnummer: string; plz: string; ort: string };
}

export type NewHolder = { partnerNummer: string } | { person: HolderChangePerson };

type ChangeRow = typeof contractHolderChanges.$inferSelect;

/** The states a caller sees: the stored ones, and ABGELAUFEN for an unconfirmed change past its link. */
export const HOLDER_CHANGE_VIEW_STATES = [
  'OFFEN',
  'ABGELAUFEN',
  'BESTAETIGT',
  'DURCHGEFUEHRT',
  'STORNIERT',
  'GEGENSTANDSLOS',
] as const;

/** The daily job that applies confirmed changes whose day has come. */
export const HOLDER_CHANGES_JOB = 'holder-changes';

export interface HolderChangeView {
  id: string;
  status: (typeof HOLDER_CHANGE_VIEW_STATES)[number];
  neuerInhaber: string;
  email: string;
  wirksamAb: CalendarDate;
  erstelltAm: string;
  gueltigBis: string;
  bestaetigtAm?: string;
  durchgefuehrtAm?: string;
  storniertAm?: string;
  gegenstandslosAm?: string;
}

export interface HolderChangeState {
  versicherungsNummer: string;
  versicherungsName: string;
  vertragsstatus: string;
  inhaber: { name: string; partnerNummer: string };
  fruehestesDatum: CalendarDate;
  spaetestesDatum: CalendarDate;
  offen?: HolderChangeView;
  verlauf: HolderChangeView[];
  anfragen: {
    id: string;
    neuerInhaberName: string;
    neuerInhaberEmail?: string;
    wunschdatum: CalendarDate;
    nachricht?: string;
    eingegangenAm: string;
  }[];
}

function dateWindow(contract: StoredContract, today: CalendarDate) {
  const earliest = maxDate(today, contract.vertragsBeginn);
  const end = contractEnd(contract);
  let latest = addMonths(today, HOLDER_CHANGE_MAX_MONTHS);
  if (end !== undefined) latest = minDate(latest, addDays(end, -1));
  return { earliest, latest };
}

async function holderNameOf(deps: TransferDeps, row: ChangeRow, today: CalendarDate): Promise<string> {
  if (row.neuerInhaber) {
    const person = row.neuerInhaber as HolderChangePerson;
    return `${person.vorname} ${person.nachname}`;
  }
  const partner = row.newPartnerId
    ? await findPartnerById({ db: deps.db, id: row.newPartnerId, today })
    : undefined;
  return partner ? partnerName(partner) : '';
}

async function viewOf(deps: TransferDeps, row: ChangeRow, now: Date): Promise<HolderChangeView> {
  const expired = row.status === 'OFFEN' && row.expiresAt <= now;
  return {
    id: row.id,
    status: expired ? 'ABGELAUFEN' : row.status,
    neuerInhaber: await holderNameOf(deps, row, todayInGermany(now)),
    email: row.email,
    wirksamAb: row.wirksamAb,
    erstelltAm: row.createdAt.toISOString(),
    gueltigBis: row.expiresAt.toISOString(),
    ...(row.confirmedAt ? { bestaetigtAm: row.confirmedAt.toISOString() } : {}),
    ...(row.appliedAt ? { durchgefuehrtAm: row.appliedAt.toISOString() } : {}),
    ...(row.cancelledAt ? { storniertAm: row.cancelledAt.toISOString() } : {}),
    ...(row.voidedAt ? { gegenstandslosAm: row.voidedAt.toISOString() } : {}),
  };
}

/** The agent's page: the contract, its holder, the allowed dates, a waiting change, history, requests. */
export async function holderChangeState(
  deps: TransferDeps,
  { actor, versicherungsNummer, now }: { actor: Actor; versicherungsNummer: string; now: Date },
): Promise<HolderChangeState> {
  const contract = await contractForActor(deps.db, actor, versicherungsNummer);
  const today = todayInGermany(now);
  const holder = await findPartnerById({ db: deps.db, id: contract.partnerId, today });
  const rows = await deps.db
    .select()
    .from(contractHolderChanges)
    .where(eq(contractHolderChanges.contractId, contract.id))
    .orderBy(desc(contractHolderChanges.createdAt))
    .limit(20);
  const views = await Promise.all(rows.map((row) => viewOf(deps, row, now)));
  const requests = await deps.db
    .select()
    .from(contractHolderChangeRequests)
    .where(eq(contractHolderChangeRequests.contractId, contract.id))
    .orderBy(desc(contractHolderChangeRequests.createdAt))
    .limit(20);
  const { earliest, latest } = dateWindow(contract, today);
  // The waiting change: for the new holder's confirmation, or confirmed and waiting for its day.
  const offen = views.find(
    (view) => view.status === 'OFFEN' || view.status === 'ABGELAUFEN' || view.status === 'BESTAETIGT',
  );
  return {
    versicherungsNummer: contract.versicherungsNummer,
    versicherungsName: catalogueEntryForSummaryProdukt(contract.produkt).name,
    vertragsstatus: contract.status,
    inhaber: { name: holder ? partnerName(holder) : '', partnerNummer: holder?.partnerNummer ?? '' },
    fruehestesDatum: earliest,
    spaetestesDatum: latest,
    ...(offen ? { offen } : {}),
    verlauf: views.filter((view) => view !== offen),
    anfragen: requests.map((request) => ({
      id: request.id,
      neuerInhaberName: request.neuerInhaberName,
      ...(request.neuerInhaberEmail ? { neuerInhaberEmail: request.neuerInhaberEmail } : {}),
      wunschdatum: request.wunschdatum,
      ...(request.nachricht ? { nachricht: request.nachricht } : {}),
      eingegangenAm: request.createdAt.toISOString(),
    })),
  };
}

/** Starts a holder change and e-mails the new holder the confirmation link. */
export async function startHolderChange(
  deps: TransferDeps,
  {
    actor,
    versicherungsNummer,
    neuerInhaber,
    wirksamAb,
    now,
  }: {
    actor: Actor;
    versicherungsNummer: string;
    neuerInhaber: NewHolder;
    wirksamAb: CalendarDate;
    now: Date;
  },
): Promise<HolderChangeState> {
  const contract = await contractForActor(deps.db, actor, versicherungsNummer);
  const today = todayInGermany(now);
  if (!isActive(contract.status)) {
    throw unprocessable(`Contract ${versicherungsNummer} is not active`, {
      code: 'HOLDER_CHANGE_NOT_ACTIVE',
      userMessage: TRANSFER_ERRORS.holderNotActive,
    });
  }
  const { earliest, latest } = dateWindow(contract, today);
  if (compareDates(wirksamAb, earliest) < 0 || compareDates(wirksamAb, latest) > 0) {
    throw validationFailed([
      { path: 'wirksamAb', message: TRANSFER_ERRORS.wirksamAb(formatDate(earliest), formatDate(latest)) },
    ]);
  }
  let newPartnerId: string | null = null;
  let email: string;
  let name: string;
  if ('partnerNummer' in neuerInhaber) {
    const id = await findPartnerIdByNumber({ db: deps.db, partnerNummer: neuerInhaber.partnerNummer });
    const unknown = notFound(`Partner ${neuerInhaber.partnerNummer} not reached`, {
      code: 'PARTNER_NOT_FOUND',
      userMessage: TRANSFER_ERRORS.partnerUnknown,
    });
    if (!id) throw unknown;
    await assertAgentReachesPartner({ db: deps.db, actor, partnerId: id }).catch(() => {
      throw unknown;
    });
    if (id === contract.partnerId) {
      throw unprocessable('Same partner', {
        code: 'HOLDER_CHANGE_SAME_PARTNER',
        userMessage: TRANSFER_ERRORS.samePartner,
      });
    }
    const partner = await findPartnerById({ db: deps.db, id, today });
    if (!partner?.email) {
      throw unprocessable('Partner without e-mail', {
        code: 'PARTNER_WITHOUT_EMAIL',
        userMessage: TRANSFER_ERRORS.partnerWithoutEmail,
      });
    }
    newPartnerId = id;
    email = partner.email;
    name = partnerName(partner);
  } else {
    email = neuerInhaber.person.email;
    name = `${neuerInhaber.person.vorname} ${neuerInhaber.person.nachname}`;
  }
  const { token, secretHash } = newLinkToken();
  const versicherungsName = catalogueEntryForSummaryProdukt(contract.produkt).name;
  const link = `${deps.publicUrl}${HOLDER_CONFIRMATION_PAGE}?token=${encodeURIComponent(token)}`;
  await withTransaction(deps.db, async (tx) => {
    const [open] = await tx
      .select({
        id: contractHolderChanges.id,
        status: contractHolderChanges.status,
        expiresAt: contractHolderChanges.expiresAt,
        wirksamAb: contractHolderChanges.wirksamAb,
      })
      .from(contractHolderChanges)
      .where(
        and(
          eq(contractHolderChanges.contractId, contract.id),
          inArray(contractHolderChanges.status, ['OFFEN', 'BESTAETIGT']),
        ),
      )
      .for('update');
    if (open?.status === 'BESTAETIGT') {
      throw conflict(`Contract ${versicherungsNummer} has a confirmed holder change waiting`, {
        code: 'HOLDER_CHANGE_WAITING',
        userMessage: TRANSFER_ERRORS.holderChangeWaiting(formatDate(open.wirksamAb)),
      });
    }
    if (open && open.expiresAt > now) {
      throw conflict(`Contract ${versicherungsNummer} has an open holder change`, {
        code: 'HOLDER_CHANGE_OPEN',
        userMessage: TRANSFER_ERRORS.holderChangeOpen,
      });
    }
    // An expired change gives way to the new one.
    if (open) {
      await tx
        .update(contractHolderChanges)
        .set({ status: 'STORNIERT', cancelledAt: now })
        .where(eq(contractHolderChanges.id, open.id));
    }
    await tx.insert(contractHolderChanges).values({
      contractId: contract.id,
      oldPartnerId: contract.partnerId,
      newPartnerId,
      neuerInhaber: 'person' in neuerInhaber ? neuerInhaber.person : null,
      email,
      wirksamAb,
      secretHash,
      expiresAt: new Date(now.getTime() + TRANSFER_TEXTS.holderChange.linkDays * 86_400_000),
      agentId: contract.agentId,
      createdBy: actor.userId,
      createdAt: now,
    });
    await enqueueMessage(tx, deps.transports, {
      channel: 'email',
      to: email,
      subject: TRANSFER_TEXTS.holderChange.inviteSubject(versicherungsName),
      body: TRANSFER_TEXTS.holderChange.inviteBody({
        name,
        versicherungsName,
        versicherungsNummer,
        wirksamAb: formatDate(wirksamAb),
        link,
      }),
      purpose: 'HOLDER_CHANGE_LINK',
    });
  });
  return holderChangeState(deps, { actor, versicherungsNummer, now });
}

/**
 * The agent cancels the waiting change; its link stops working. A change the new holder had
 * confirmed already (waiting for its day) is cancelled too, and both holders are told.
 */
export async function cancelHolderChange(
  deps: TransferDeps,
  { actor, versicherungsNummer, now }: { actor: Actor; versicherungsNummer: string; now: Date },
): Promise<HolderChangeState> {
  const contract = await contractForActor(deps.db, actor, versicherungsNummer);
  await withTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .select()
      .from(contractHolderChanges)
      .where(
        and(
          eq(contractHolderChanges.contractId, contract.id),
          inArray(contractHolderChanges.status, ['OFFEN', 'BESTAETIGT']),
        ),
      )
      .for('update');
    if (!row) {
      throw notFound(`No open holder change of ${versicherungsNummer}`, {
        code: 'HOLDER_CHANGE_NONE',
        userMessage: TRANSFER_ERRORS.noOpenHolderChange,
      });
    }
    await tx
      .update(contractHolderChanges)
      .set({ status: 'STORNIERT', cancelledAt: now })
      .where(eq(contractHolderChanges.id, row.id));
    if (row.status === 'BESTAETIGT') {
      const texts = TRANSFER_TEXTS.holderChange;
      await tellBothHolders(tx, deps, row, contract, todayInGermany(now), {
        subject: texts.cancelledSubject(contract.versicherungsNummer),
        oldHolder: texts.cancelledOldHolderBody,
        newHolder: texts.cancelledNewHolderBody,
        purpose: 'HOLDER_CHANGE_CANCELLED',
      });
    }
  });
  return holderChangeState(deps, { actor, versicherungsNummer, now });
}

type LetterBody = (versicherungsName: string, versicherungsNummer: string, wirksamAb: string) => string;

/**
 * A letter about a confirmed change to both holders: Postfach and e-mail to the old holder, e-mail
 * (and Postfach, when already a partner) to the new one.
 */
async function tellBothHolders(
  tx: Transaction,
  deps: TransferDeps,
  row: ChangeRow,
  contract: StoredContract,
  today: CalendarDate,
  {
    subject,
    oldHolder,
    newHolder,
    purpose,
    attachment,
  }: {
    subject: string;
    oldHolder: LetterBody;
    newHolder: LetterBody;
    purpose: string;
    attachment?: { name: string; storageKey: string };
  },
): Promise<void> {
  const versicherungsName = catalogueEntryForSummaryProdukt(contract.produkt).name;
  const nummer = contract.versicherungsNummer;
  const wirksamAb = formatDate(row.wirksamAb);
  const oldBody = oldHolder(versicherungsName, nummer, wirksamAb);
  // Without the contract's id, as the letter after the move: the message stays the old holder's
  // whoever holds the contract later.
  await insertMailboxMessage(tx, { partnerId: row.oldPartnerId, subject, body: oldBody });
  const old = await findPartnerById({ db: tx, id: row.oldPartnerId, today });
  if (old?.email) {
    await enqueueMessage(tx, deps.transports, {
      channel: 'email',
      to: old.email,
      subject,
      body: oldBody,
      purpose: `${purpose}_OLD_HOLDER`,
    });
  }
  const newBody = newHolder(versicherungsName, nummer, wirksamAb);
  if (row.newPartnerId) {
    await insertMailboxMessage(tx, { partnerId: row.newPartnerId, subject, body: newBody });
  }
  await enqueueMessage(tx, deps.transports, {
    channel: 'email',
    to: row.email,
    subject,
    body: newBody,
    purpose: `${purpose}_NEW_HOLDER`,
    ...(attachment ? { attachment } : {}),
  });
}

/** An e-mail to the contract's agent, where it has one. */
async function tellAgent(
  tx: Transaction,
  deps: TransferDeps,
  agentId: string | null,
  message: { subject: string; body: string; purpose: string },
): Promise<void> {
  if (!agentId) return;
  const [agent] = await tx.select({ email: agents.email }).from(agents).where(eq(agents.id, agentId));
  if (!agent) return;
  await enqueueMessage(tx, deps.transports, { channel: 'email', to: agent.email, ...message });
}

function linkRefusal(row: ChangeRow | undefined, now: Date): Error | undefined {
  if (!row || row.status !== 'OFFEN') {
    return forbidden('Holder change link unknown, used or cancelled', {
      code: 'LINK_INVALID',
      userMessage: TRANSFER_ERRORS.holderLinkInvalid,
    });
  }
  if (row.expiresAt <= now) {
    return forbidden('Holder change link expired', {
      code: 'LINK_EXPIRED',
      userMessage: TRANSFER_ERRORS.holderLinkExpired,
    });
  }
  return undefined;
}

export interface HolderConfirmationPreview {
  versicherungsNummer: string;
  versicherungsName: string;
  wirksamAb: CalendarDate;
  neuerInhaber: string;
  zahlweise: string;
  bruttoBeitragProPeriodeCents: number;
}

/** What the new holder confirms (nothing of the old holder). */
export async function previewHolderConfirmation(
  deps: TransferDeps,
  { token, now }: { token: string; now: Date },
): Promise<HolderConfirmationPreview> {
  const [row] = await deps.db
    .select()
    .from(contractHolderChanges)
    .where(eq(contractHolderChanges.secretHash, tokenHash(token)));
  const refusal = linkRefusal(row, now);
  if (refusal || !row) throw refusal;
  const contract = await findContractById({ db: deps.db, id: row.contractId });
  if (!contract) throw linkRefusal(undefined, now);
  return {
    versicherungsNummer: contract.versicherungsNummer,
    versicherungsName: catalogueEntryForSummaryProdukt(contract.produkt).name,
    wirksamAb: row.wirksamAb,
    neuerInhaber: await holderNameOf(deps, row, todayInGermany(now)),
    zahlweise: contract.zahlweise,
    bruttoBeitragProPeriodeCents: contract.beitrag.bruttoBeitragProPeriodeCents,
  };
}

export interface HolderConfirmation {
  versicherungsNummer: string;
  versicherungsName: string;
  wirksamAb: CalendarDate;
  /** DURCHGEFUEHRT: the contract moved now; BESTAETIGT: it moves on wirksamAb (the daily job). */
  status: 'DURCHGEFUEHRT' | 'BESTAETIGT';
  mandatsreferenz: string;
  /** Where the new holder registers for the customer portal. */
  registrierung: string;
}

function toPostanschrift(person: HolderChangePerson): Postanschrift {
  return { ...person.adresse, land: 'DE' };
}

/** The addressee of the mandate PDF: the partner, or the new person before it becomes one. */
function mandateRecipient(person: HolderChangePerson, now: Date): Partner {
  return {
    id: '',
    personArt: 'NatuerlichePersonDTO',
    partnerNummer: '',
    ...(person.anrede ? { anrede: person.anrede } : {}),
    vorname: person.vorname,
    nachname: person.nachname,
    geburtsdatum: person.geburtsdatum,
    email: person.email,
    adresse: toPostanschrift(person),
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
}

/** Whether the contract still carries the change on its day: in force, the old holder's, not ended. */
function stillApplies(contract: StoredContract | undefined, row: ChangeRow): contract is StoredContract {
  if (!contract || contract.partnerId !== row.oldPartnerId || !isActive(contract.status)) return false;
  const end = contractEnd(contract);
  // A contract ending "zum" a day is insured to 24:00 of the day before (ADR 0003).
  return end === undefined || compareDates(end, row.wirksamAb) > 0;
}

/**
 * The move itself, in the caller's transaction (the confirmation on or after the day, or the daily
 * job): the new holder (a new person becomes a partner), the account with the mandate, the
 * contract under its version, the mandate PDF as contract document, the Postfach messages and
 * e-mails of both holders, the change DURCHGEFUEHRT.
 */
async function applyHolderChange(
  tx: Transaction,
  deps: TransferDeps,
  {
    row,
    contract,
    bank,
    bankName,
    mandateStorageKey,
    now,
  }: {
    row: ChangeRow;
    contract: StoredContract;
    bank: Bankverbindung;
    bankName?: string;
    /** The mandate PDF made at an earlier confirmation; without it the PDF is made now. */
    mandateStorageKey?: string;
    now: Date;
  },
): Promise<void> {
  const today = todayInGermany(now);
  const oldHolder = await findPartnerById({ db: tx, id: row.oldPartnerId, today });
  let newHolder: Partner | undefined;
  if (row.newPartnerId) {
    newHolder = await findPartnerById({ db: tx, id: row.newPartnerId, today });
  } else {
    const person = row.neuerInhaber as HolderChangePerson;
    const number = await nextOnlineNumber(tx);
    newHolder = await insertPartner({
      db: tx,
      partner: {
        personArt: 'NatuerlichePersonDTO',
        partnerNummer: `8${String(number).padStart(9, '0')}`,
        ...(person.anrede ? { anrede: person.anrede } : {}),
        vorname: person.vorname,
        nachname: person.nachname,
        geburtsdatum: person.geburtsdatum,
        email: person.email,
      },
      adresse: toPostanschrift(person),
      gueltigAb: today,
    });
  }
  if (!newHolder) throw new Error(`Holder change ${row.id}: new holder missing`);
  const [open] = await tx
    .select({ id: bankAccounts.id, iban: bankAccounts.iban })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.partnerId, newHolder.id), isNull(bankAccounts.gueltigBis)));
  const accountId =
    open && open.iban === bank.iban
      ? open.id
      : await replaceBankAccount({ db: tx, partnerId: newHolder.id, bankverbindung: bank, gueltigAb: today });
  const moved = await tx
    .update(contracts)
    .set({
      partnerId: newHolder.id,
      bankAccountId: accountId,
      version: sql`${contracts.version} + 1`,
      updatedAt: now,
    })
    .where(
      and(
        eq(contracts.id, contract.id),
        eq(contracts.version, contract.version),
        eq(contracts.partnerId, row.oldPartnerId),
      ),
    )
    .returning({ id: contracts.id });
  if (moved.length === 0) {
    throw conflict(`Contract ${contract.versicherungsNummer}: version moved on`, {
      code: 'CONTRACT_CHANGED',
      userMessage: TRANSFER_ERRORS.contractChanged,
    });
  }
  // The old holder's pending changes for the time from the change on end with it (ADR 0035 addendum).
  const ended = await endPendingChangesFrom(tx, contract, row.wirksamAb);
  const versicherungsName = catalogueEntryForSummaryProdukt(contract.produkt).name;
  const dokument = mandateStorageKey
    ? await insertContractDocument({
        db: tx,
        contractId: contract.id,
        name: MANDATE_TEXTS.documentName,
        typ: 'default',
        storageKey: mandateStorageKey,
      })
    : await storeContractDocument({
        tx,
        files: deps.files,
        contractId: contract.id,
        name: MANDATE_TEXTS.documentName,
        pdf: await renderSepaMandate({
          partner: newHolder,
          bank,
          ...(bankName ? { bankName } : {}),
          contracts: [{ versicherungsNummer: contract.versicherungsNummer, versicherungsName }],
          givenAt: now,
          // Confirmed on or after the day: the contract moves now, its premiums are debited from now.
          holderChange: { gueltigAb: today },
        }),
      });
  const texts = TRANSFER_TEXTS.holderChange;
  const wirksamAb = formatDate(row.wirksamAb);
  const oldHolderBody = texts.oldHolderBody(
    versicherungsName,
    contract.versicherungsNummer,
    wirksamAb,
    ended,
  );
  await insertMailboxMessage(tx, {
    partnerId: newHolder.id,
    contractId: contract.id,
    subject: texts.newHolderSubject(contract.versicherungsNummer),
    body: texts.newHolderBody(versicherungsName, contract.versicherungsNummer, wirksamAb),
    documentId: dokument.id,
  });
  await insertMailboxMessage(tx, {
    partnerId: row.oldPartnerId,
    subject: texts.oldHolderSubject(contract.versicherungsNummer),
    body: oldHolderBody,
  });
  if (oldHolder?.email) {
    await enqueueMessage(tx, deps.transports, {
      channel: 'email',
      to: oldHolder.email,
      subject: texts.oldHolderSubject(contract.versicherungsNummer),
      body: oldHolderBody,
      purpose: 'HOLDER_CHANGE_OLD_HOLDER',
    });
  }
  await enqueueMessage(tx, deps.transports, {
    channel: 'email',
    to: row.email,
    subject: texts.newHolderSubject(contract.versicherungsNummer),
    body: `${texts.newHolderBody(versicherungsName, contract.versicherungsNummer, wirksamAb)}\n\n${deps.publicUrl}${REGISTRATION_PAGE}`,
    purpose: 'HOLDER_CHANGE_NEW_HOLDER',
    attachment: {
      name: `${MANDATE_TEXTS.documentName} ${contract.versicherungsNummer}.pdf`,
      storageKey: dokument.storageKey,
    },
  });
  await tx
    .update(contractHolderChanges)
    .set({
      status: 'DURCHGEFUEHRT',
      confirmedAt: row.confirmedAt ?? now,
      appliedAt: now,
      newPartnerId: newHolder.id,
    })
    .where(eq(contractHolderChanges.id, row.id));
}

/**
 * The new holder confirms with the account for the direct debit. One transaction: the change row
 * locked and checked (single use, not expired, the contract still the old holder's). When
 * wirksamAb is today or earlier (Germany's calendar) the contract moves now (applyHolderChange).
 * When it lies ahead the confirmation is kept: account and mandate in the row, the mandate PDF's
 * file written, state BESTAETIGT, and both holders and the agent told the day; the daily job moves
 * the contract then.
 */
export async function confirmHolderChange(
  deps: TransferDeps,
  { token, iban, kontoinhaber, now }: { token: string; iban: string; kontoinhaber: string; now: Date },
): Promise<HolderConfirmation> {
  const checked = validateIbanWithBank(iban, { withBankData: true });
  if (!checked.valid) {
    throw validationFailed([{ path: 'iban', message: checked.messages[0] ?? TRANSFER_ERRORS.ibanInvalid }]);
  }
  const today = todayInGermany(now);
  return withTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .select()
      .from(contractHolderChanges)
      .where(eq(contractHolderChanges.secretHash, tokenHash(token)))
      .for('update');
    const refusal = linkRefusal(row, now);
    if (refusal || !row) throw refusal;
    const contract = await findContractById({ db: tx, id: row.contractId });
    if (!stillApplies(contract, row)) throw linkRefusal(undefined, now);
    const bank: Bankverbindung = {
      iban: checked.iban,
      ...(checked.bankData?.bic ? { bic: checked.bankData.bic } : {}),
      kontoinhaber,
      sepaMandat: newSepaMandate(contract.versicherungsNummer, today, {
        glaeubigerId: deps.sepaGlaeubigerId,
        now,
      }),
    };
    const bankName = checked.bankData?.name;
    const versicherungsName = catalogueEntryForSummaryProdukt(contract.produkt).name;
    const answer = {
      versicherungsNummer: contract.versicherungsNummer,
      versicherungsName,
      wirksamAb: row.wirksamAb,
      mandatsreferenz: bank.sepaMandat.mandatsreferenz,
      registrierung: REGISTRATION_PAGE,
    };
    if (compareDates(row.wirksamAb, today) <= 0) {
      await applyHolderChange(tx, deps, { row, contract, bank, ...(bankName ? { bankName } : {}), now });
      return { ...answer, status: 'DURCHGEFUEHRT' };
    }
    const partner = row.newPartnerId
      ? await findPartnerById({ db: tx, id: row.newPartnerId, today })
      : mandateRecipient(row.neuerInhaber as HolderChangePerson, now);
    if (!partner) throw new Error(`Holder change ${row.id}: new holder missing`);
    const pdf = await renderSepaMandate({
      partner,
      bank,
      ...(bankName ? { bankName } : {}),
      contracts: [{ versicherungsNummer: contract.versicherungsNummer, versicherungsName }],
      givenAt: now,
      // The mandate is used from the day the contract moves, not from now.
      holderChange: { gueltigAb: row.wirksamAb },
    });
    // Written before the row names it: a rollback leaves an unused file, never a row without it.
    const mandateStorageKey = await deps.files.put(pdf, 'pdf');
    await tx
      .update(contractHolderChanges)
      .set({
        status: 'BESTAETIGT',
        confirmedAt: now,
        bankverbindung: bank,
        bankName: bankName ?? null,
        mandateStorageKey,
      })
      .where(eq(contractHolderChanges.id, row.id));
    const texts = TRANSFER_TEXTS.holderChange;
    const wirksamAb = formatDate(row.wirksamAb);
    await tellBothHolders(tx, deps, row, contract, today, {
      subject: texts.scheduledOldHolderSubject(contract.versicherungsNummer, wirksamAb),
      oldHolder: texts.scheduledOldHolderBody,
      newHolder: texts.scheduledNewHolderBody,
      purpose: 'HOLDER_CHANGE_SCHEDULED',
      attachment: {
        name: `${MANDATE_TEXTS.documentName} ${contract.versicherungsNummer}.pdf`,
        storageKey: mandateStorageKey,
      },
    });
    await tellAgent(tx, deps, row.agentId, {
      subject: texts.scheduledAgentSubject(contract.versicherungsNummer),
      body: texts.scheduledAgentBody(
        contract.versicherungsNummer,
        wirksamAb,
        `${deps.publicUrl}/vermittler/vertraege/details/${contract.versicherungsNummer}/inhaberwechsel/`,
      ),
      purpose: 'HOLDER_CHANGE_SCHEDULED_AGENT',
    });
    return { ...answer, status: 'BESTAETIGT' };
  });
}

export interface HolderChangeJobResult {
  /** Changes whose day came: the contract moved. */
  applied: number;
  /** Changes whose contract ended before their day: GEGENSTANDSLOS. */
  voided: number;
  /** Changes that failed (logged); the next run takes them again. */
  failed: number;
}

/**
 * The daily job: every confirmed change whose contract ended before its day becomes GEGENSTANDSLOS
 * (agent and both holders told); every other one whose day has come is applied. One transaction
 * per change, the row locked and its state read again under the lock, so a second run (or a run on
 * another worker) finds nothing left to do; a failing change is logged and left for the next run.
 */
export async function applyDueHolderChanges(
  deps: TransferDeps,
  { now, log }: { now: Date; log?: Pick<FastifyBaseLogger, 'error'> },
): Promise<HolderChangeJobResult> {
  const today = todayInGermany(now);
  const result: HolderChangeJobResult = { applied: 0, voided: 0, failed: 0 };
  const waiting = await deps.db
    .select({ id: contractHolderChanges.id })
    .from(contractHolderChanges)
    .where(eq(contractHolderChanges.status, 'BESTAETIGT'))
    .orderBy(asc(contractHolderChanges.wirksamAb));
  for (const { id } of waiting) {
    try {
      const outcome = await withTransaction(deps.db, async (tx) => {
        const [row] = await tx
          .select()
          .from(contractHolderChanges)
          .where(and(eq(contractHolderChanges.id, id), eq(contractHolderChanges.status, 'BESTAETIGT')))
          .for('update');
        if (!row) return 'none';
        const contract = await findContractById({ db: tx, id: row.contractId });
        if (!stillApplies(contract, row)) {
          await voidHolderChange(tx, deps, row, contract, now);
          return 'voided';
        }
        if (compareDates(row.wirksamAb, today) > 0) return 'none';
        if (!row.bankverbindung) throw new Error(`Holder change ${row.id}: no account kept`);
        await applyHolderChange(tx, deps, {
          row,
          contract,
          bank: row.bankverbindung as Bankverbindung,
          ...(row.bankName ? { bankName: row.bankName } : {}),
          ...(row.mandateStorageKey ? { mandateStorageKey: row.mandateStorageKey } : {}),
          now,
        });
        return 'applied';
      });
      if (outcome === 'applied') result.applied += 1;
      if (outcome === 'voided') result.voided += 1;
    } catch (error) {
      result.failed += 1;
      log?.error({ err: error, holderChange: id }, 'holder change not applied, the next run tries again');
    }
  }
  return result;
}

/** A confirmed change whose contract ended (or left the old holder) before its day. */
async function voidHolderChange(
  tx: Transaction,
  deps: TransferDeps,
  row: ChangeRow,
  contract: StoredContract | undefined,
  now: Date,
): Promise<void> {
  await tx
    .update(contractHolderChanges)
    .set({ status: 'GEGENSTANDSLOS', voidedAt: now })
    .where(eq(contractHolderChanges.id, row.id));
  if (!contract) return;
  const texts = TRANSFER_TEXTS.holderChange;
  await tellBothHolders(tx, deps, row, contract, todayInGermany(now), {
    subject: texts.voidSubject(contract.versicherungsNummer),
    oldHolder: texts.voidOldHolderBody,
    newHolder: texts.voidNewHolderBody,
    purpose: 'HOLDER_CHANGE_VOID',
  });
  await tellAgent(tx, deps, row.agentId, {
    subject: texts.voidSubject(contract.versicherungsNummer),
    body: texts.voidAgentBody(contract.versicherungsNummer, formatDate(row.wirksamAb)),
    purpose: 'HOLDER_CHANGE_VOID_AGENT',
  });
}

/** A customer asks for a holder change: recorded for the agent, sent to the back office and the agent. */
export async function requestHolderChange(
  deps: TransferDeps,
  {
    actor,
    versicherungsNummer,
    name,
    email,
    wunschdatum,
    nachricht,
    now,
  }: {
    actor: Actor;
    versicherungsNummer: string;
    name: string;
    email?: string;
    wunschdatum: CalendarDate;
    nachricht?: string;
    now: Date;
  },
): Promise<{ eingegangenAm: string }> {
  const contract = await contractForActor(deps.db, actor, versicherungsNummer);
  const today = todayInGermany(now);
  if (!isActive(contract.status)) {
    throw unprocessable(`Contract ${versicherungsNummer} is not active`, {
      code: 'HOLDER_CHANGE_NOT_ACTIVE',
      userMessage: TRANSFER_ERRORS.holderNotActive,
    });
  }
  const { earliest, latest } = dateWindow(contract, today);
  if (compareDates(wunschdatum, earliest) < 0 || compareDates(wunschdatum, latest) > 0) {
    throw validationFailed([
      { path: 'wunschdatum', message: TRANSFER_ERRORS.wirksamAb(formatDate(earliest), formatDate(latest)) },
    ]);
  }
  const texts = TRANSFER_TEXTS.holderRequest;
  await withTransaction(deps.db, async (tx) => {
    await tx.insert(contractHolderChangeRequests).values({
      contractId: contract.id,
      partnerId: contract.partnerId,
      neuerInhaberName: name,
      neuerInhaberEmail: email ?? null,
      wunschdatum,
      nachricht: nachricht ?? null,
      createdAt: now,
    });
    // Sent by the customer: the insurer's back office finds it among the customers' messages.
    await insertMailboxMessage(tx, {
      partnerId: contract.partnerId,
      contractId: contract.id,
      direction: 'AUSGANG',
      thema: 'VERTRAG',
      subject: texts.subject(versicherungsNummer),
      body: texts.body({
        versicherungsNummer,
        name,
        ...(email ? { email } : {}),
        wunschdatum: formatDate(wunschdatum),
        ...(nachricht ? { nachricht } : {}),
      }),
    });
    if (contract.agentId) {
      const [agent] = await tx
        .select({ email: agents.email })
        .from(agents)
        .where(eq(agents.id, contract.agentId));
      if (agent) {
        await enqueueMessage(tx, deps.transports, {
          channel: 'email',
          to: agent.email,
          subject: texts.subject(versicherungsNummer),
          body: texts.agentBody(
            versicherungsNummer,
            `${deps.publicUrl}/vermittler/vertraege/details/${versicherungsNummer}/inhaberwechsel/`,
          ),
          purpose: 'HOLDER_CHANGE_REQUEST',
        });
      }
    }
  });
  return { eingegangenAm: now.toISOString() };
}

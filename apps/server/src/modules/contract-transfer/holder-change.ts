// The contract holder change (issue 15, flag 'contract-holder-change', ADR 0035). The agent (scope
// rule) names the new policyholder – an existing partner it reaches, or a new person – and the day
// it applies from; the new holder gets a single-use link (14 days) by e-mail, confirms on the
// public page and gives a SEPA mandate. The confirmation moves the contract in one transaction:
// the holder (a new person becomes a partner), the bank account with the mandate (PDF as contract
// document), the history row, the Postfach messages of both holders and the e-mails; the old
// holder is told. The agent sees the waiting change and can cancel it; a customer can ask for a
// change from the contract details (a request the agent sees and the insurer's back office gets
// as a Postfach message).
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
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { agents } from '../../db/schema/agents';
import { contracts } from '../../db/schema/contracts';
import { contractHolderChangeRequests, contractHolderChanges } from '../../db/schema/contract-transfer';
import { bankAccounts } from '../../db/schema/partners';
import { withTransaction } from '../../db/transaction';
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
import { findContractById } from '../contracts/repository';
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

export interface HolderChangeView {
  id: string;
  status: 'OFFEN' | 'ABGELAUFEN' | 'BESTAETIGT' | 'STORNIERT';
  neuerInhaber: string;
  email: string;
  wirksamAb: CalendarDate;
  erstelltAm: string;
  gueltigBis: string;
  bestaetigtAm?: string;
  storniertAm?: string;
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
    ...(row.cancelledAt ? { storniertAm: row.cancelledAt.toISOString() } : {}),
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
  const offen = views.find((view) => view.status === 'OFFEN' || view.status === 'ABGELAUFEN');
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
      .select({ id: contractHolderChanges.id, expiresAt: contractHolderChanges.expiresAt })
      .from(contractHolderChanges)
      .where(
        and(eq(contractHolderChanges.contractId, contract.id), eq(contractHolderChanges.status, 'OFFEN')),
      )
      .for('update');
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

/** The agent cancels the waiting change; its link stops working. */
export async function cancelHolderChange(
  deps: TransferDeps,
  { actor, versicherungsNummer, now }: { actor: Actor; versicherungsNummer: string; now: Date },
): Promise<HolderChangeState> {
  const contract = await contractForActor(deps.db, actor, versicherungsNummer);
  const cancelled = await deps.db
    .update(contractHolderChanges)
    .set({ status: 'STORNIERT', cancelledAt: now })
    .where(and(eq(contractHolderChanges.contractId, contract.id), eq(contractHolderChanges.status, 'OFFEN')))
    .returning({ id: contractHolderChanges.id });
  if (cancelled.length === 0) {
    throw notFound(`No open holder change of ${versicherungsNummer}`, {
      code: 'HOLDER_CHANGE_NONE',
      userMessage: TRANSFER_ERRORS.noOpenHolderChange,
    });
  }
  return holderChangeState(deps, { actor, versicherungsNummer, now });
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
  mandatsreferenz: string;
  /** Where the new holder registers for the customer portal. */
  registrierung: string;
}

function toPostanschrift(person: HolderChangePerson): Postanschrift {
  return { ...person.adresse, land: 'DE' };
}

/**
 * The new holder confirms with the account for the direct debit. One transaction: the change row
 * locked and checked (single use, not expired, the contract still the old holder's), the new
 * partner (a new person), the account with its mandate, the contract moved, the mandate PDF, the
 * Postfach messages and e-mails of both holders, the change confirmed.
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
  const number = await nextOnlineNumber(deps.db);
  return withTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .select()
      .from(contractHolderChanges)
      .where(eq(contractHolderChanges.secretHash, tokenHash(token)))
      .for('update');
    const refusal = linkRefusal(row, now);
    if (refusal || !row) throw refusal;
    const contract = await findContractById({ db: tx, id: row.contractId });
    if (!contract || contract.partnerId !== row.oldPartnerId || !isActive(contract.status)) {
      throw linkRefusal(undefined, now);
    }
    const oldHolder = await findPartnerById({ db: tx, id: row.oldPartnerId, today });
    let newHolder: Partner | undefined;
    if (row.newPartnerId) {
      newHolder = await findPartnerById({ db: tx, id: row.newPartnerId, today });
    } else {
      const person = row.neuerInhaber as HolderChangePerson;
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
    const bank: Bankverbindung = {
      iban: checked.iban,
      ...(checked.bankData?.bic ? { bic: checked.bankData.bic } : {}),
      kontoinhaber,
      sepaMandat: newSepaMandate(contract.versicherungsNummer, today, {
        glaeubigerId: deps.sepaGlaeubigerId,
        now,
      }),
    };
    const [open] = await tx
      .select({ id: bankAccounts.id, iban: bankAccounts.iban })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.partnerId, newHolder.id), isNull(bankAccounts.gueltigBis)));
    const accountId =
      open && open.iban === bank.iban
        ? open.id
        : await replaceBankAccount({
            db: tx,
            partnerId: newHolder.id,
            bankverbindung: bank,
            gueltigAb: today,
          });
    const moved = await tx
      .update(contracts)
      .set({
        partnerId: newHolder.id,
        bankAccountId: accountId,
        version: sql`${contracts.version} + 1`,
        updatedAt: now,
      })
      .where(and(eq(contracts.id, contract.id), eq(contracts.version, contract.version)))
      .returning({ id: contracts.id });
    if (moved.length === 0) {
      throw conflict(`Contract ${contract.versicherungsNummer}: version moved on`, {
        code: 'CONTRACT_CHANGED',
        userMessage: TRANSFER_ERRORS.contractChanged,
      });
    }
    const versicherungsName = catalogueEntryForSummaryProdukt(contract.produkt).name;
    const pdf = await renderSepaMandate({
      partner: newHolder,
      bank,
      ...(checked.bankData?.name ? { bankName: checked.bankData.name } : {}),
      contracts: [{ versicherungsNummer: contract.versicherungsNummer, versicherungsName }],
      givenAt: now,
    });
    const dokument = await storeContractDocument({
      tx,
      files: deps.files,
      contractId: contract.id,
      name: MANDATE_TEXTS.documentName,
      pdf,
    });
    const texts = TRANSFER_TEXTS.holderChange;
    const wirksamAb = formatDate(row.wirksamAb);
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
      body: texts.oldHolderBody(versicherungsName, contract.versicherungsNummer, wirksamAb),
    });
    if (oldHolder?.email) {
      await enqueueMessage(tx, deps.transports, {
        channel: 'email',
        to: oldHolder.email,
        subject: texts.oldHolderSubject(contract.versicherungsNummer),
        body: texts.oldHolderBody(versicherungsName, contract.versicherungsNummer, wirksamAb),
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
      .set({ status: 'BESTAETIGT', confirmedAt: now, newPartnerId: newHolder.id })
      .where(eq(contractHolderChanges.id, row.id));
    return {
      versicherungsNummer: contract.versicherungsNummer,
      versicherungsName,
      wirksamAb: row.wirksamAb,
      mandatsreferenz: bank.sepaMandat.mandatsreferenz,
      registrierung: REGISTRATION_PAGE,
    };
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

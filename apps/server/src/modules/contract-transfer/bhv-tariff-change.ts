// The BHV tariff change (issue 15, ADR 0035): a running BHV_1 contract moves into the new
// generation BHV_2. The agent (scope rule), the signed-in customer, or the customer through a link
// e-mailed to the policyholder sees the premiums compared and submits once (Idempotency-Key). In
// one transaction the old contract is ended "zum" the change date by a rescission (the domain's
// agreeRescission), the new contract with the same holder, agent, business data and account is
// stored, its policy becomes a contract document, the Postfach message and the e-mail with the
// policy are written, and the change is recorded. The policy PDF is rendered and its file written
// before the transaction (a rollback leaves an unused file, never a row without a file).
import { agreeRescission } from '@schirm/domain/contract/termination';
import { todayInGermany, type CalendarDate } from '@schirm/domain/dates/calendar-date';
import { formatDate } from '@schirm/domain/format/date';
import { formatCents } from '@schirm/domain/format/money';
import { bhvBusinessTypeById } from '@schirm/domain/products/bhv/business-types';
import { catalogueEntryForSummaryProdukt } from '@schirm/domain/products/catalogue';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { addresses, partners } from '../../db/schema/partners';
import {
  bhvTariffChangeLinks,
  bhvTariffChanges,
  type TariffChangeSource,
} from '../../db/schema/contract-transfer';
import { withTransaction } from '../../db/transaction';
import type { Actor } from '../../platform/auth/actor';
import { conflict, forbidden, unprocessable } from '../../platform/errors';
import type { StoredContract } from '../contracts/contract-mapping';
import { findPartnerById } from '../contracts/partners-repository';
import {
  findContractById,
  findContractByNumber,
  insertContract,
  insertContractDocument,
  updateContractWithVersion,
} from '../contracts/repository';
import { customerView } from '../customer-contracts/service';
import { renderPolicy, POLICY_NAME } from '../documents/policy';
import { documentUrl } from '../documents/service';
import { insertMailboxMessage } from '../mailbox/repository';
import { enqueueMessage } from '../outbox/outbox';
import {
  contractForActor,
  newLinkToken,
  nextOnlineNumber,
  partnerName,
  tokenHash,
  type TransferDeps,
} from './shared';
import { newGenerationContract, tariffChangeOffer, type TariffChangeOffer } from './tariff-change-rules';
import { TRANSFER_ERRORS, TRANSFER_TEXTS } from './texts';

/** How long an e-mailed tariff change link can be used. */
export const TARIFF_CHANGE_LINK_HOURS = 48;

/** The public page the e-mailed link opens. */
export const TARIFF_CHANGE_PAGE = '/betriebshaftpflicht/wechsel/';

export interface TariffChangePreview extends TariffChangeOffer {
  versicherungsNummer: string;
  versicherungsName: string;
  neuerVersicherungsName: string;
  inhaber: string;
  hauptgewerbe: string;
  nebengewerbe: string[];
  jahresumsatzCents: number;
  /** The old contract's gross premium per period in its payment period. */
  altBruttoCents: number;
}

export const tariffChangeResultSchema = z
  .object({
    alteVersicherungsNummer: z.string(),
    neueVersicherungsNummer: z.string(),
    wechselDatum: z.iso.date().describe('Beginn des neuen Vertrags (0:00 Uhr)'),
    altEndetMitAblaufDes: z.iso.date().describe('Der alte Vertrag endet mit Ablauf dieses Tages (24:00 Uhr)'),
    zahlweise: z.string(),
    bruttoCents: z.number().int(),
    nettoCents: z.number().int(),
    versicherungsteuerCents: z.number().int(),
    dokument: z.object({ id: z.string(), name: z.string(), url: z.string() }),
  })
  .meta({ id: 'BhvTarifwechselErgebnis' });
export type TariffChangeResult = z.infer<typeof tariffChangeResultSchema>;

function businessName(id: string): string {
  return bhvBusinessTypeById(id)?.name ?? id;
}

function previewOf(contract: StoredContract, holder: string, offer: TariffChangeOffer): TariffChangePreview {
  const details = contract.details as Extract<StoredContract['details'], { produktKey: 'BHV' }>;
  return {
    ...offer,
    versicherungsNummer: contract.versicherungsNummer,
    versicherungsName: catalogueEntryForSummaryProdukt(contract.produkt).name,
    neuerVersicherungsName: catalogueEntryForSummaryProdukt('BHV_2').name,
    inhaber: holder,
    hauptgewerbe: businessName(details.versicherteGewerbe.hauptgewerbe),
    nebengewerbe: details.versicherteGewerbe.nebengewerbe.map(businessName),
    jahresumsatzCents: details.jahresumsatz.value,
    altBruttoCents: contract.beitrag.bruttoBeitragProPeriodeCents,
  };
}

async function holderName(
  deps: TransferDeps,
  contract: StoredContract,
  today: CalendarDate,
): Promise<string> {
  const partner = await findPartnerById({ db: deps.db, id: contract.partnerId, today });
  return partner ? partnerName(partner) : '';
}

async function alreadyChanged(deps: TransferDeps, contractId: string) {
  const [row] = await deps.db
    .select()
    .from(bhvTariffChanges)
    .where(eq(bhvTariffChanges.oldContractId, contractId));
  return row;
}

async function previewFor(
  deps: TransferDeps,
  contract: StoredContract,
  now: Date,
  wechselDatum?: CalendarDate,
) {
  const today = todayInGermany(now);
  if (await alreadyChanged(deps, contract.id)) {
    throw conflict(`Contract ${contract.versicherungsNummer} changed already`, {
      code: 'TARIFF_CHANGED_ALREADY',
      userMessage: TRANSFER_ERRORS.alreadyChanged,
    });
  }
  return previewOf(
    contract,
    await holderName(deps, contract, today),
    tariffChangeOffer(contract, today, wechselDatum),
  );
}

/** The premiums compared for a contract the actor (agent in scope, or the customer) may act on. */
export async function previewTariffChange(
  deps: TransferDeps,
  {
    actor,
    versicherungsNummer,
    wechselDatum,
    now,
  }: { actor: Actor; versicherungsNummer: string; wechselDatum?: CalendarDate; now: Date },
): Promise<TariffChangePreview> {
  const contract = await contractForActor(deps.db, actor, versicherungsNummer);
  return previewFor(deps, contract, now, wechselDatum);
}

interface SubmitInput {
  contract: StoredContract;
  wechselDatum?: CalendarDate;
  quelle: TariffChangeSource;
  accountId?: string;
  idempotencyKey: string;
  now: Date;
  /** A link to mark used in the same transaction. */
  linkId?: string;
}

function storedResult(row: typeof bhvTariffChanges.$inferSelect): TariffChangeResult {
  return tariffChangeResultSchema.parse(row.ergebnis);
}

/** The change made earlier with this key for this contract; 409 when the key was used for another. */
async function earlierWithKey(
  deps: TransferDeps,
  idempotencyKey: string,
  contractId: string,
): Promise<TariffChangeResult | undefined> {
  const [row] = await deps.db
    .select()
    .from(bhvTariffChanges)
    .where(eq(bhvTariffChanges.idempotencyKey, idempotencyKey));
  if (!row) return undefined;
  if (row.oldContractId !== contractId) {
    throw conflict(`Idempotency key reused for another contract`, {
      code: 'IDEMPOTENCY_KEY_REUSED',
      userMessage: TRANSFER_ERRORS.idempotencyKeyReused,
    });
  }
  return storedResult(row);
}

async function performTariffChange(deps: TransferDeps, input: SubmitInput): Promise<TariffChangeResult> {
  const { contract, now, idempotencyKey } = input;
  const earlier = await earlierWithKey(deps, idempotencyKey, contract.id);
  if (earlier) return earlier;
  const today = todayInGermany(now);
  const partner = await findPartnerById({ db: deps.db, id: contract.partnerId, today });
  if (!partner) throw new Error(`Contract ${contract.versicherungsNummer} has no partner`);
  const preview = await previewFor(deps, contract, now, input.wechselDatum);
  const versicherungsNummer = `7${String(await nextOnlineNumber(deps.db)).padStart(9, '0')}`;
  const fresh = newGenerationContract(contract, preview, { versicherungsNummer, today });
  const asStored = { ...fresh, id: 'neu', version: 1, updatedAt: now.toISOString() };
  const policy = await renderPolicy({
    contract: asStored,
    view: customerView(asStored, today, undefined, []),
    partner,
  });
  const policyKey = await deps.files.put(policy, 'pdf');

  return withTransaction(deps.db, async (tx) => {
    // Serialises two submits (a double click, or agent and customer at once) on the old contract.
    await tx.execute(sql`SELECT id FROM contracts WHERE id = ${contract.id} FOR UPDATE`);
    const [again] = await tx
      .select()
      .from(bhvTariffChanges)
      .where(eq(bhvTariffChanges.oldContractId, contract.id));
    if (again) {
      if (again.idempotencyKey === idempotencyKey) return storedResult(again);
      throw conflict(`Contract ${contract.versicherungsNummer} changed already`, {
        code: 'TARIFF_CHANGED_ALREADY',
        userMessage: TRANSFER_ERRORS.alreadyChanged,
      });
    }
    const current = await findContractById({ db: tx, id: contract.id });
    if (!current || current.version !== contract.version) {
      throw conflict(`Contract ${contract.versicherungsNummer}: version moved on`, {
        code: 'CONTRACT_CHANGED',
        userMessage: TRANSFER_ERRORS.contractChanged,
      });
    }
    const rescinded = agreeRescission(
      current,
      { zum: preview.wechselDatum, grund: TRANSFER_TEXTS.grund },
      today,
    );
    if (!rescinded.ok) {
      throw unprocessable(rescinded.error.message, {
        code: rescinded.error.code,
        userMessage: rescinded.error.userMessage,
      });
    }
    const ended = rescinded.value;
    const update = await updateContractWithVersion({
      db: tx,
      id: contract.id,
      expectedVersion: contract.version,
      changes: {
        status: ended.status,
        vorgemerkteAenderungen: ended.vorgemerkteAenderungen,
        ...(ended.beendigung ? { beendigung: ended.beendigung } : {}),
      },
    });
    if (!update.ok) {
      throw conflict(`Contract ${contract.versicherungsNummer}: ${update.reason}`, {
        code: 'CONTRACT_CHANGED',
        userMessage: TRANSFER_ERRORS.contractChanged,
      });
    }
    const created = await insertContract({ db: tx, contract: fresh });
    const dokument = await insertContractDocument({
      db: tx,
      contractId: created.id,
      name: POLICY_NAME,
      typ: 'default',
      storageKey: policyKey,
    });
    const texts = TRANSFER_TEXTS.tariffChangeDone;
    const altEnde = formatDate(preview.altEndetMitAblaufDes);
    const neuBeginn = formatDate(preview.wechselDatum);
    await insertMailboxMessage(tx, {
      partnerId: contract.partnerId,
      contractId: created.id,
      subject: texts.subject(versicherungsNummer),
      body: texts.mailboxBody(contract.versicherungsNummer, versicherungsNummer, altEnde, neuBeginn),
      documentId: dokument.id,
    });
    if (partner.email) {
      await enqueueMessage(tx, deps.transports, {
        channel: 'email',
        to: partner.email,
        subject: texts.subject(versicherungsNummer),
        body: texts.body({
          alt: contract.versicherungsNummer,
          neu: versicherungsNummer,
          altEnde,
          neuBeginn,
          beitrag: formatCents(preview.neu.grossCents),
        }),
        purpose: 'BHV_TARIFF_CHANGE',
        attachment: { name: `${POLICY_NAME} ${versicherungsNummer}.pdf`, storageKey: policyKey },
      });
    }
    const result: TariffChangeResult = {
      alteVersicherungsNummer: contract.versicherungsNummer,
      neueVersicherungsNummer: versicherungsNummer,
      wechselDatum: preview.wechselDatum,
      altEndetMitAblaufDes: preview.altEndetMitAblaufDes,
      zahlweise: preview.zahlweise,
      bruttoCents: preview.neu.grossCents,
      nettoCents: preview.neu.netCents,
      versicherungsteuerCents: preview.neu.taxCents,
      dokument: { id: dokument.id, name: POLICY_NAME, url: documentUrl(dokument.id) },
    };
    await tx.insert(bhvTariffChanges).values({
      idempotencyKey,
      oldContractId: contract.id,
      newContractId: created.id,
      wechselDatum: preview.wechselDatum,
      quelle: input.quelle,
      accountId: input.accountId ?? null,
      ergebnis: result,
      createdAt: now,
    });
    if (input.linkId) {
      await tx
        .update(bhvTariffChangeLinks)
        .set({ usedAt: now })
        .where(eq(bhvTariffChangeLinks.id, input.linkId));
    }
    return result;
  });
}

/** The agent's or the signed-in customer's submit. */
export async function submitTariffChange(
  deps: TransferDeps,
  {
    actor,
    versicherungsNummer,
    wechselDatum,
    idempotencyKey,
    now,
  }: {
    actor: Actor;
    versicherungsNummer: string;
    wechselDatum?: CalendarDate;
    idempotencyKey: string;
    now: Date;
  },
): Promise<TariffChangeResult> {
  const contract = await contractForActor(deps.db, actor, versicherungsNummer);
  return performTariffChange(deps, {
    contract,
    ...(wechselDatum ? { wechselDatum } : {}),
    quelle: actor.pool === 'vermittler' ? 'VERMITTLER' : 'KUNDE',
    accountId: actor.userId,
    idempotencyKey,
    now,
  });
}

/**
 * The public request: contract number and postcode. When they match a changeable contract whose
 * holder has an e-mail address, a single-use link goes to that address; the caller learns nothing
 * either way (the route answers the same 202).
 */
export async function requestTariffChangeLink(
  deps: TransferDeps,
  { versicherungsNummer, plz, now }: { versicherungsNummer: string; plz: string; now: Date },
): Promise<void> {
  const contract = await findContractByNumber({ db: deps.db, versicherungsNummer });
  if (!contract || contract.produkt !== 'BHV_1' || contract.status !== 'LAUFEND' || contract.beendigung)
    return;
  const [holder] = await deps.db
    .select({ email: partners.email, plz: addresses.plz })
    .from(partners)
    .innerJoin(addresses, and(eq(addresses.partnerId, partners.id), isNull(addresses.gueltigBis)))
    .where(eq(partners.id, contract.partnerId));
  const risikoPlz = contract.details.produktKey === 'BHV' ? contract.details.risikoOrt?.plz : undefined;
  if (!holder?.email || (holder.plz !== plz && risikoPlz !== plz)) return;
  const email = holder.email;
  const { token, secretHash } = newLinkToken();
  const link = `${deps.publicUrl}${TARIFF_CHANGE_PAGE}?token=${encodeURIComponent(token)}`;
  await withTransaction(deps.db, async (tx) => {
    // Only the newest link of a contract works.
    await tx
      .update(bhvTariffChangeLinks)
      .set({ usedAt: now })
      .where(and(eq(bhvTariffChangeLinks.contractId, contract.id), isNull(bhvTariffChangeLinks.usedAt)));
    await tx.insert(bhvTariffChangeLinks).values({
      contractId: contract.id,
      secretHash,
      expiresAt: new Date(now.getTime() + TARIFF_CHANGE_LINK_HOURS * 3_600_000),
      createdAt: now,
    });
    await enqueueMessage(tx, deps.transports, {
      channel: 'email',
      to: email,
      subject: TRANSFER_TEXTS.tariffChangeRequested.subject,
      body: TRANSFER_TEXTS.tariffChangeRequested.body(versicherungsNummer, link, TARIFF_CHANGE_LINK_HOURS),
      purpose: 'BHV_TARIFF_CHANGE_LINK',
    });
  });
}

async function linkRow(deps: TransferDeps, token: string) {
  const [row] = await deps.db
    .select()
    .from(bhvTariffChangeLinks)
    .where(eq(bhvTariffChangeLinks.secretHash, tokenHash(token)));
  return row;
}

function linkRefused(
  row: { usedAt: Date | null; expiresAt: Date } | undefined,
  now: Date,
): Error | undefined {
  if (!row || row.usedAt) {
    return forbidden('Tariff change link unknown or used', {
      code: 'LINK_INVALID',
      userMessage: TRANSFER_ERRORS.linkInvalid,
    });
  }
  if (row.expiresAt <= now) {
    return forbidden('Tariff change link expired', {
      code: 'LINK_EXPIRED',
      userMessage: TRANSFER_ERRORS.linkExpired,
    });
  }
  return undefined;
}

/** The comparison for the holder of an e-mailed link. */
export async function previewTariffChangeByLink(
  deps: TransferDeps,
  { token, wechselDatum, now }: { token: string; wechselDatum?: CalendarDate; now: Date },
): Promise<TariffChangePreview> {
  const row = await linkRow(deps, token);
  const refusal = linkRefused(row, now);
  if (refusal || !row) throw refusal;
  const contract = await findContractById({ db: deps.db, id: row.contractId });
  if (!contract) throw linkRefused(undefined, now);
  return previewFor(deps, contract, now, wechselDatum);
}

/** The submit through an e-mailed link; the link is used up in the same transaction. */
export async function submitTariffChangeByLink(
  deps: TransferDeps,
  {
    token,
    wechselDatum,
    idempotencyKey,
    now,
  }: { token: string; wechselDatum?: CalendarDate; idempotencyKey: string; now: Date },
): Promise<TariffChangeResult> {
  const row = await linkRow(deps, token);
  // A repeated submit (the answer got lost) finds its change although the link is used now.
  if (row) {
    const [earlier] = await deps.db
      .select()
      .from(bhvTariffChanges)
      .where(
        and(
          eq(bhvTariffChanges.idempotencyKey, idempotencyKey),
          eq(bhvTariffChanges.oldContractId, row.contractId),
        ),
      );
    if (earlier) return storedResult(earlier);
  }
  const refusal = linkRefused(row, now);
  if (refusal || !row) throw refusal;
  const contract = await findContractById({ db: deps.db, id: row.contractId });
  if (!contract) throw linkRefused(undefined, now);
  return performTariffChange(deps, {
    contract,
    ...(wechselDatum ? { wechselDatum } : {}),
    quelle: 'LINK',
    idempotencyKey,
    now,
    linkId: row.id,
  });
}

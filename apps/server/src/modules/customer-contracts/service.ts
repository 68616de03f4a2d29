// Reading contracts for the customer portal (spec §7 'Contracts (customer)'): the partner's contracts
// as customer views, one contract with the self-service pages that apply to it, and the reason
// lists. Ownership is checked here, not in the routes: a contract of another partner is a 404, so a
// caller cannot tell it from a number that does not exist.
import { toCustomerView, type ContractCustomerView } from '@schirm/domain/contract/customer-view';
import { productKeyOf } from '@schirm/domain/contract/product-meta';
import { finalState } from '@schirm/domain/contract/change-plan';
import { describeChange } from '@schirm/domain/contract/pending-change-text';
import { projectRecord } from '@schirm/domain/contract/pending-changes';
import type { Zahlweise } from '@schirm/domain/products/enums';
import type { PendingChangeType } from '@schirm/domain/contract/contract-record';
import {
  changeOffer,
  isChangeOffered,
  SELF_SERVICE_CHANGE_TYPES,
  type ChangeSlug,
} from '@schirm/domain/contract/offered-changes';
import { contractEnd } from '@schirm/domain/contract/contract-record';
import { formatGermanDate } from '@schirm/domain/dates/calendar-date';
import { isActive } from '@schirm/domain/contract/status';
import { centsToEuro } from '@schirm/domain/contract/amounts';
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';
import type { FlagValues, SelfServiceSlug } from '@schirm/domain/flags';
import { catalogueEntryForSummaryProdukt, deckungsVariantenFor } from '@schirm/domain/products/catalogue';
import type { ContractTypeCode, ProductTypeName } from '@schirm/domain/products/enums';
import type { Database } from '../../db/database';
import type { Actor } from '../../platform/auth/actor';
import { assertOwnsPartner } from '../../platform/auth/ownership';
import { notFound } from '../../platform/errors';
import {
  pendingHolderChangeOf,
  type HOLDER_CHANGE_PENDING_TYPE,
} from '../contract-transfer/pending-holder-change';
import { findAgentByNumber } from '../contracts/agents-repository';
import {
  findContractByNumber,
  findContractsWithAgentsByPartner,
  findContractViewRevision,
  findContractWithAgentByNumber,
  findPartnerViewRevision,
  listContractDocuments,
  type ContractAgentContact,
  type ContractDocument,
} from '../contracts/repository';
import type { StoredContract } from '../contracts/contract-mapping';
import { detailsKey, listKey, type CachedContractDetails, type ContractViewCache } from './view-cache';

/** Where a contract document is downloaded (spec §7 'Downloads'). */
export const DOCUMENT_DOWNLOAD_PATH = '/api/dokument/download-bereich/dokumente';

/** A saved change waiting for its effective date, as the details page lists it. */
export interface PendingChangeView {
  /** A self-service change, or the confirmed holder change waiting for its day (contract-transfer). */
  typ: PendingChangeType | typeof HOLDER_CHANGE_PENDING_TYPE;
  /** Name and new value in German, e.g. 'Elementarschutz: eingeschlossen' (one name per change kind). */
  bezeichnung: string;
  wirksamkeitsdatum: CalendarDate;
  /** Premium per payment period in EUR once the change applies, where the change affects it. */
  neuerBeitrag?: number;
  /** The payment period of that premium. */
  zahlweise?: Zahlweise;
}

/** One contract for its details page. */
export type ContractDetails = ContractCustomerView & {
  selbstServices: SelfServiceSlug[];
  vorgemerkteAenderungen: PendingChangeView[];
  /**
   * Beyond the spec: the day the contract ends or ended (declared end or fixed expiry), when it
   * does not renew; the details page words the term by it ('Ihr Vertrag endet am …').
   */
  vertragsende?: CalendarDate;
  /**
   * The contract as it will stand once every pending change applied (only while changes are
   * pending): the self-service forms start from it (issue 12).
   */
  geplanterStand?: ContractCustomerView;
};

interface ReadContext {
  db: Database;
  actor: Actor;
  today: CalendarDate;
}

/** The customer view of a stored contract with its agent and documents, already read. */
export function customerView(
  contract: StoredContract,
  today: CalendarDate,
  agent: ContractAgentContact | undefined,
  documents: readonly ContractDocument[],
): ContractCustomerView {
  const entry = catalogueEntryForSummaryProdukt(contract.produkt);
  const variant = entry.deckungsVarianten.filter(
    (v) => v.deckungsVarianteIdentifier === contract.deckungsVariante,
  );
  return toCustomerView(contract, {
    today,
    versicherungsName: entry.name,
    deckungsVarianten: variant,
    dokumente: documents.map((d) => ({ name: d.name, typ: d.typ, url: `${DOCUMENT_DOWNLOAD_PATH}/${d.id}` })),
    ...(agent
      ? {
          vermittler: {
            email: agent.email,
            name: agent.name,
            vertriebsweg: agent.vertriebsweg,
            vermittlerNummer: agent.vermittlerNummer,
          },
        }
      : {}),
  });
}

/** The customer view of a stored contract, with its agent and, when asked, its documents. */
export async function viewOf(
  db: Database,
  contract: StoredContract,
  today: CalendarDate,
  withDocuments: boolean,
): Promise<ContractCustomerView> {
  const [agent, documents] = await Promise.all([
    contract.vermittlerNummer
      ? findAgentByNumber({ db, vermittlerNummer: contract.vermittlerNummer })
      : undefined,
    withDocuments ? listContractDocuments({ db, contractId: contract.id }) : [],
  ]);
  return customerView(contract, today, agent, documents);
}

function activeFirst(a: StoredContract, b: StoredContract): number {
  const active = Number(isActive(b.status)) - Number(isActive(a.status));
  if (active !== 0) return active;
  return b.vertragsBeginn.localeCompare(a.vertragsBeginn);
}

/** The partner's contracts as customer views: active first, then newest start first. */
async function buildContractList(
  db: Database,
  partnerId: string,
  today: CalendarDate,
): Promise<ContractCustomerView[]> {
  const stored = await findContractsWithAgentsByPartner({ db, partnerId });
  return stored
    .sort((a, b) => activeFirst(a.contract, b.contract))
    .map(({ contract, agent }) => customerView(contract, today, agent, []));
}

/**
 * The partner's contract list (by partner number) as JSON (`serialize` writes it). It comes from
 * the view cache while the partner's contracts are unchanged since it was built on this day
 * (ADR 0010); then the request costs the one query that reads the revision.
 */
export async function listCustomerContractsJson(
  { db, actor, today, cache }: ReadContext & { cache: ContractViewCache },
  partnerNummer: string,
  serialize: (views: ContractCustomerView[]) => string,
): Promise<string> {
  const head = await findPartnerViewRevision({ db, partnerNummer });
  if (!head) throw notFound(`No partner ${partnerNummer}`);
  assertOwnsPartner(actor, head.partnerId);
  const key = listKey(head, today);
  const cached = cache.lists.get(key);
  if (cached !== undefined) return cached;
  const json = serialize(await buildContractList(db, head.partnerId, today));
  cache.lists.set(key, json);
  return json;
}

/** The flags that decide which self-service pages a contract offers. */
export type SelfServiceFlags = Pick<
  FlagValues,
  'disabled-self-services' | 'self-service-cancellation' | 'insured-amount-change'
>;

/**
 * The self-service pages (spec §2) that apply to the contract: only for what the product lets the
 * customer edit, only changes a save would accept today (`isChangeOffered`: status, single premium,
 * a rule date before the contract's end), without the pages the 'disabled self-services'
 * configuration switches off, and cancellation only behind its flag. The change calls refuse every
 * page not listed here, so what the details page offers is what the server accepts.
 */
export function selfServicesFor(
  contract: StoredContract,
  view: ContractCustomerView,
  flags: SelfServiceFlags,
  today: CalendarDate,
): SelfServiceSlug[] {
  const entry = catalogueEntryForSummaryProdukt(contract.produkt);
  const editable = new Set<string>(entry.editableFields);
  const slugs: SelfServiceSlug[] = [];
  const add = (slug: ChangeSlug, applies: boolean) => {
    if (applies && isChangeOffered(contract, SELF_SERVICE_CHANGE_TYPES[slug], today)) slugs.push(slug);
  };
  const product = productKeyOf(contract.produkt);
  add('zahlungsweise', contract.zahlweise !== 'EINMALIG' && entry.zahlweisen.length > 1);
  add('bankverbindung', contract.bankverbindung !== undefined);
  add('selbstbeteiligung', editable.has('deductible') && entry.selbstbeteiligungen.length > 1);
  add('jahresumsatz', editable.has('turnover') && view.jahresumsatz?.isAdjustable === true);
  add('gewerbearten', editable.has('mainBusiness') || editable.has('additionalBusiness'));
  add(
    'risikoort',
    view.risikoOrt !== undefined && (editable.has('riskLocation') || editable.has('residence')),
  );
  add('rahmennummer', view.fahrrad !== undefined && editable.has('bikeFrameNumber'));
  add('familienstand', view.phv !== undefined && editable.has('familyStatus'));
  add(
    'elementar',
    view.elementar !== undefined && (product !== 'HAUSRAT' || view.hausrat?.elementarEinschliessbar === true),
  );
  add('phv', view.phvAnzahl !== undefined);
  add('bhv', view.buerohaftpflicht !== undefined);
  add('versicherte-kosten', product === 'HAUSRAT' && editable.has('coverages'));
  add(
    'deckung',
    product !== 'HAUSRAT' && editable.has('coverages') && deckungsVariantenFor(contract.produkt).length > 1,
  );
  add('versicherungssumme', flags['insured-amount-change'] && editable.has('insuranceSum'));
  if (flags['self-service-cancellation'] && (view.kuendbar !== 'NEIN' || view.widerrufbar)) {
    slugs.push('kuendigen-widerrufen');
  }
  const disabled = new Set<string>(flags['disabled-self-services']);
  return slugs.filter((slug) => !disabled.has(slug));
}

/**
 * Why a change page is not offered when the reason is the contract's status or end, in German for
 * the person (the change calls add it to their refusal); undefined for any other reason.
 */
export function notOfferedReason(
  contract: StoredContract,
  slug: SelfServiceSlug,
  today: CalendarDate,
): string | undefined {
  if (slug === 'kuendigen-widerrufen') return undefined;
  const offer = changeOffer(contract, SELF_SERVICE_CHANGE_TYPES[slug], today);
  if (offer.ok) return undefined;
  const end = contractEnd(contract);
  switch (offer.error.code) {
    case 'CONTRACT_NOT_CHANGEABLE':
      return isActive(contract.status) && end !== undefined
        ? `Ihr Vertrag endet zum ${formatGermanDate(end)}; Beitrag und Versicherungsschutz können bis dahin nicht mehr geändert werden.`
        : 'Dieser Vertrag ist nicht mehr in Kraft und kann nicht mehr geändert werden.';
    case 'CHANGE_AFTER_CONTRACT_END':
      return end === undefined
        ? offer.error.userMessage
        : `Ihr Vertrag endet zum ${formatGermanDate(end)}, bevor diese Änderung wirksam würde.`;
    default:
      return undefined;
  }
}

/** The contract with its agent and documents as the details page shows it, before the flags. */
async function buildContractDetails(
  db: Database,
  versicherungsNummer: string,
  today: CalendarDate,
): Promise<CachedContractDetails | undefined> {
  const found = await findContractWithAgentByNumber({ db, versicherungsNummer });
  if (!found) return undefined;
  const { contract, agent } = found;
  const documents = await listContractDocuments({ db, contractId: contract.id });
  return { contract, view: customerView(contract, today, agent, documents) };
}

/**
 * One contract of the signed-in customer with documents, pending changes and the self-services.
 * The contract and its view come from the view cache while the partner's contracts are unchanged
 * (ADR 0010); the self-service pages are decided on every request, since flags change on their own.
 */
export async function customerContractDetails(
  context: ReadContext & { flags: SelfServiceFlags; cache: ContractViewCache },
  versicherungsNummer: string,
): Promise<ContractDetails> {
  const { db, actor, today, cache } = context;
  const head = await findContractViewRevision({ db, versicherungsNummer });
  if (!head) throw notFound(`No contract ${versicherungsNummer}`);
  assertOwnsPartner(actor, head.partnerId);
  const key = detailsKey(versicherungsNummer, head, today);
  let details = cache.details.get(key);
  if (!details) {
    details = await buildContractDetails(db, versicherungsNummer, today);
    if (!details) throw notFound(`No contract ${versicherungsNummer}`);
    // Built after the revision was read: the contract may have moved to another partner since.
    assertOwnsPartner(actor, details.contract.partnerId);
    cache.details.set(key, details);
  }
  return contractDetailsFor(db, details, context.flags, today);
}

/**
 * The details answer of a contract whose caller is already checked (the customer's own, or one an
 * agent's scope reaches, ADR 0031): the view with self-services, pending changes and planned state.
 */
export async function contractDetailsFor(
  db: Database,
  { contract, view }: CachedContractDetails,
  flags: SelfServiceFlags,
  today: CalendarDate,
): Promise<ContractDetails> {
  const vertragsende = contractEnd(contract);
  // Not part of the cached details: its row is not among those the view revision follows.
  const holderChange = await pendingHolderChangeOf(db, contract.id, { withName: false });
  const pending: PendingChangeView[] = [
    ...contract.vorgemerkteAenderungen.map((change) => ({
      typ: change.type,
      bezeichnung: describeChange(contract, change),
      wirksamkeitsdatum: change.wirksamkeitsdatum,
      ...(change.praemieNachAenderung
        ? {
            neuerBeitrag: centsToEuro(change.praemieNachAenderung.bruttoBeitragProPeriodeCents),
            zahlweise: projectRecord(contract, change.wirksamkeitsdatum).zahlweise,
          }
        : {}),
    })),
    ...(holderChange ? [holderChange] : []),
  ];
  return {
    ...view,
    selbstServices: selfServicesFor(contract, view, flags, today),
    ...(vertragsende === undefined ? {} : { vertragsende }),
    vorgemerkteAenderungen: pending.sort((a, b) => a.wirksamkeitsdatum.localeCompare(b.wirksamkeitsdatum)),
    ...(contract.vorgemerkteAenderungen.length > 0
      ? { geplanterStand: customerView({ ...contract, ...finalState(contract) }, today, undefined, []) }
      : {}),
  };
}

/** The product type of a contract, nothing personal: the contract type lookup without sign-in. */
export async function contractTypeOf(
  db: Database,
  versicherungsNummer: string,
): Promise<{ vertragsArt: ContractTypeCode; versicherungsTyp: ProductTypeName }> {
  const contract = await findContractByNumber({ db, versicherungsNummer });
  if (!contract) throw notFound(`No contract ${versicherungsNummer}`);
  const entry = catalogueEntryForSummaryProdukt(contract.produkt);
  if (!entry.contractTypeCode) throw notFound(`Product ${contract.produkt} has no contract type`);
  return { vertragsArt: entry.contractTypeCode, versicherungsTyp: entry.typeName };
}

// Reading contracts for the customer portal (spec §7 'Contracts (customer)'): the partner's contracts
// as customer views, one contract with the self-service pages that apply to it, and the reason
// lists. Ownership is checked here, not in the routes: a contract of another partner is a 404, so a
// caller cannot tell it from a number that does not exist.
import { toCustomerView, type ContractCustomerView } from '@schirm/domain/contract/customer-view';
import { productKeyOf } from '@schirm/domain/contract/product-meta';
import type { PendingChangeType } from '@schirm/domain/contract/contract-record';
import { isChangeApplicable } from '@schirm/domain/contract/pending-changes';
import { isActive } from '@schirm/domain/contract/status';
import { centsToEuro } from '@schirm/domain/contract/amounts';
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';
import type { FlagValues, SelfServiceSlug } from '@schirm/domain/flags';
import { catalogueEntryForSummaryProdukt } from '@schirm/domain/products/catalogue';
import type { ContractTypeCode, ProductTypeName } from '@schirm/domain/products/enums';
import type { Database } from '../../db/database';
import type { Actor } from '../../platform/auth/actor';
import { assertOwnsPartner } from '../../platform/auth/ownership';
import { notFound } from '../../platform/errors';
import { findAgentByNumber } from '../contracts/agents-repository';
import { findPartnerIdByNumber } from '../contracts/partners-repository';
import {
  findContractByNumber,
  findContractsWithAgentsByPartner,
  findContractWithAgentByNumber,
  listContractDocuments,
  type ContractAgentContact,
  type ContractDocument,
} from '../contracts/repository';
import type { StoredContract } from '../contracts/contract-mapping';

/** Where a contract document is downloaded (spec §7 'Downloads'). */
export const DOCUMENT_DOWNLOAD_PATH = '/api/dokument/download-bereich/dokumente';

/** A saved change waiting for its effective date, as the details page lists it. */
export interface PendingChangeView {
  typ: PendingChangeType;
  wirksamkeitsdatum: CalendarDate;
  /** Premium per payment period in EUR once the change applies, where the change affects it. */
  neuerBeitrag?: number;
}

/** One contract for its details page. */
export type ContractDetails = ContractCustomerView & {
  selbstServices: SelfServiceSlug[];
  vorgemerkteAenderungen: PendingChangeView[];
};

interface ReadContext {
  db: Database;
  actor: Actor;
  today: CalendarDate;
}

/** The customer view of a stored contract with its agent and documents, already read. */
function customerView(
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

/**
 * The partner's contracts (by partner number) as customer views: active first, then newest start
 * first. Three queries whatever the number of contracts: the partner's id, then the contracts with
 * their agents, pending changes and unpaid premiums (loadContractsWithAgents).
 */
export async function listCustomerContracts(
  { db, actor, today }: ReadContext,
  partnerNummer: string,
): Promise<ContractCustomerView[]> {
  const partnerId = await findPartnerIdByNumber({ db, partnerNummer });
  if (!partnerId) throw notFound(`No partner ${partnerNummer}`);
  assertOwnsPartner(actor, partnerId);
  const stored = await findContractsWithAgentsByPartner({ db, partnerId });
  return stored
    .sort((a, b) => activeFirst(a.contract, b.contract))
    .map(({ contract, agent }) => customerView(contract, today, agent, []));
}

async function ownedContract({ db, actor }: ReadContext, versicherungsNummer: string) {
  const found = await findContractWithAgentByNumber({ db, versicherungsNummer });
  if (!found) throw notFound(`No contract ${versicherungsNummer}`);
  assertOwnsPartner(actor, found.contract.partnerId);
  return found;
}

/** The flags that decide which self-service pages a contract offers. */
export type SelfServiceFlags = Pick<
  FlagValues,
  'disabled-self-services' | 'self-service-cancellation' | 'insured-amount-change'
>;

/**
 * The self-service pages (spec §2) that apply to the contract: only while it runs, only for what
 * the product lets the customer edit, without the pages the 'disabled self-services' configuration
 * switches off, and cancellation only behind its flag.
 */
export function selfServicesFor(
  contract: StoredContract,
  view: ContractCustomerView,
  flags: SelfServiceFlags,
): SelfServiceSlug[] {
  const entry = catalogueEntryForSummaryProdukt(contract.produkt);
  const editable = new Set<string>(entry.editableFields);
  const slugs: SelfServiceSlug[] = [];
  if (isActive(contract.status)) {
    const add = (slug: SelfServiceSlug, applies: boolean) => {
      if (applies) slugs.push(slug);
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
      view.elementar !== undefined &&
        (product !== 'HAUSRAT' || view.hausrat?.elementarEinschliessbar === true),
    );
    add('phv', view.phvAnzahl !== undefined);
    add('bhv', view.buerohaftpflicht !== undefined);
    add('versicherte-kosten', product === 'HAUSRAT' && editable.has('coverages'));
    add('deckung', product !== 'HAUSRAT' && editable.has('coverages') && entry.deckungsVarianten.length > 1);
    add(
      'versicherungssumme',
      flags['insured-amount-change'] &&
        editable.has('insuranceSum') &&
        isChangeApplicable(contract, 'versicherungssumme'),
    );
  }
  if (flags['self-service-cancellation'] && (view.kuendbar !== 'NEIN' || view.widerrufbar)) {
    slugs.push('kuendigen-widerrufen');
  }
  const disabled = new Set<string>(flags['disabled-self-services']);
  return slugs.filter((slug) => !disabled.has(slug));
}

/** One contract of the signed-in customer with documents, pending changes and the self-services. */
export async function customerContractDetails(
  context: ReadContext & { flags: SelfServiceFlags },
  versicherungsNummer: string,
): Promise<ContractDetails> {
  const { contract, agent } = await ownedContract(context, versicherungsNummer);
  const documents = await listContractDocuments({ db: context.db, contractId: contract.id });
  const view = customerView(contract, context.today, agent, documents);
  return {
    ...view,
    selbstServices: selfServicesFor(contract, view, context.flags),
    vorgemerkteAenderungen: contract.vorgemerkteAenderungen.map((change) => ({
      typ: change.type,
      wirksamkeitsdatum: change.wirksamkeitsdatum,
      ...(change.praemieNachAenderung
        ? { neuerBeitrag: centsToEuro(change.praemieNachAenderung.bruttoBeitragProPeriodeCents) }
        : {}),
    })),
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

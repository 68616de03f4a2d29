// Reporting a move (Umzug, issue 12, ADR 0019): the partner's new postal address from a day, and for
// every contract insured at the old address the risk-address change (risikoort), previewed together
// and saved together or not at all. The customer portal calls it for the signed-in customer; the
// agent portal's relocation service (spec §2 umzugsservice, issue 15, ADR 0033) calls the same
// functions with an agent actor: it reaches only the contracts in its agentScope, the move is
// recorded as the agent's (agent_relocations) and the customer is told that the agent recorded it.
// Pricing and the per-contract checks are the contract-changes service's (ADR 0008): each
// contract's change is previewed and saved by previewContractChange / saveContractChange, so a move
// costs exactly what the single risk-address change would.
import { createHash } from 'node:crypto';
import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { toCustomerView } from '@schirm/domain/contract/customer-view';
import { contractEnd, type ContractRecord } from '@schirm/domain/contract/contract-record';
import { projectRecord } from '@schirm/domain/contract/pending-changes';
import { priceContract } from '@schirm/domain/contract/repricing';
import { isActive } from '@schirm/domain/contract/status';
import { SONDERKUENDIGUNG_ERKLAERUNGSFRIST_MONATE } from '@schirm/domain/contract/termination';
import { addMonths, compareDates, maxDate, type CalendarDate } from '@schirm/domain/dates/calendar-date';
import {
  moveDateProblem,
  moveDateRange,
  sameAddress,
  type MoveDateRange,
} from '@schirm/domain/partner/relocation';
import { catalogueEntryForSummaryProdukt } from '@schirm/domain/products/catalogue';
import { isElementarEinschliessbar } from '@schirm/domain/products/hausrat/tariff';
import type { Database } from '../../db/database';
import { agentRelocations } from '../../db/schema/agent-tasks';
import { contracts as contractRows } from '../../db/schema/contracts';
import { accounts } from '../../db/schema/identity';
import { addresses, partners } from '../../db/schema/partners';
import { withTransaction, type Transaction } from '../../db/transaction';
import type { Actor } from '../../platform/auth/actor';
import { agentScope, assertCanAccessPartner } from '../../platform/auth/ownership';
import { AppError, badRequest, conflict, notFound, unprocessable } from '../../platform/errors';
import type { FileStorage } from '../../platform/files/file-storage';
import {
  premiumFigures,
  previewContractChange,
  saveContractChange,
  type ChangePreview,
  type ChangeRequest,
  type PremiumFigures,
  type SaveExpectation,
} from '../contract-changes/service';
import type { StoredContract } from '../contracts/contract-mapping';
import { findContractsByPartner } from '../contracts/repository';
import { replaceAddress, type Postanschrift } from '../contracts/partners-repository';
import { selfServicesFor, type SelfServiceFlags } from '../customer-contracts/service';
import { insertMailboxMessage } from '../mailbox/repository';
import { enqueueMessage } from '../outbox/outbox';
import type { Transports } from '../outbox/transports';
import { isKnownPostcode, placesOfPostcode } from '../reference/postcodes';
import { zuersClassFor } from '../reference/zuers';
import { AGENT_TASK_TEXTS } from '../agent-tasks/texts';
import { PERIOD_WORDS, RELOCATION_TEXTS } from './texts';

type Db = Database | Transaction;

export interface RelocationContext {
  db: Database;
  actor: Actor;
  today: CalendarDate;
  now: Date;
  /** The flags of the request: a contract offers the risk-address change as its details page does. */
  flags: SelfServiceFlags;
}

export interface RelocationRequest {
  adresse: Postanschrift;
  /** The moving day: the new address applies from it. */
  umzugsdatum: CalendarDate;
}

/** A postal address row with the day it began. */
export interface DatedAddress extends Postanschrift {
  id: string;
  gueltigAb: CalendarDate;
}

interface ContractBase {
  contract: StoredContract;
  versicherungsName: string;
}

/** What the move does to one running contract. */
export type ContractOutcome =
  | (ContractBase & {
      art: 'AENDERUNG';
      preview: ChangePreview;
      /** The premium on that day without the move (today's plus other pending changes due by then). */
      ohneUmzug: PremiumFigures;
      /** Whether the move raises the premium: the special cancellation right (§ 40 VVG) applies. */
      beitragSteigt: boolean;
      /**
       * With a rising premium: the last day to declare the special cancellation when the move is
       * saved today (the confirmation sent today is the notice; one month, § 40 (1) VVG).
       */
      sonderkuendigungBis?: CalendarDate;
      /** Hausrat: the ZÜRS class of the old risk address, to compare with the new one. */
      bisherigeZuersKlasse?: 1 | 2 | 3 | 4;
      request: ChangeRequest;
    })
  | (ContractBase & { art: 'UNVERAENDERT'; grund: string })
  | (ContractBase & { art: 'NICHT_MOEGLICH'; grund: string });

export interface RelocationPreview {
  partnerId: string;
  umzugsdatum: CalendarDate;
  bisherigeAnschrift: DatedAddress;
  neueAnschrift: Postanschrift;
  vertraege: ContractOutcome[];
  /** False when a contract at the old address cannot be changed online: then nothing can be saved. */
  speicherbar: boolean;
  /**
   * Fingerprint of what the preview rests on (address row, contract versions, figures). The save
   * names it; when anything moved on, the save is refused with 409 and nothing is written.
   */
  stand: string;
}

/** The partner's address valid today and a later one already saved (a move reported ahead). */
export async function addressesOf(
  db: Db,
  partnerId: string,
  today: CalendarDate,
): Promise<{ current?: DatedAddress; upcoming?: DatedAddress }> {
  const rows = await db
    .select()
    .from(addresses)
    .where(
      and(
        eq(addresses.partnerId, partnerId),
        or(isNull(addresses.gueltigBis), gt(addresses.gueltigBis, today)),
      ),
    )
    .orderBy(addresses.gueltigAb);
  const dated = rows.map((row): DatedAddress => ({
    id: row.id,
    strasse: row.strasse,
    hausnummer: row.hausnummer,
    plz: row.plz,
    ort: row.ort,
    land: row.land,
    gueltigAb: row.gueltigAb as CalendarDate,
  }));
  const current = dated.filter((row) => compareDates(row.gueltigAb, today) <= 0).at(-1);
  const upcoming = dated.find((row) => compareDates(row.gueltigAb, today) > 0);
  return { ...(current ? { current } : {}), ...(upcoming ? { upcoming } : {}) };
}

/** The days a move can be reported for today (the master data call shows them to the page). */
export function moveRangeFor(current: DatedAddress | undefined, today: CalendarDate): MoveDateRange {
  return moveDateRange(today, current?.gueltigAb);
}

function checkAddress(adresse: Postanschrift): void {
  if (!isKnownPostcode(adresse.plz)) {
    throw badRequest(`Unknown postcode ${adresse.plz}`, {
      code: 'UNKNOWN_POSTCODE',
      userMessage: RELOCATION_TEXTS.errors.unknownPostcode,
      fieldErrors: [{ path: 'adresse.plz', message: RELOCATION_TEXTS.errors.unknownPostcode }],
    });
  }
  const places = placesOfPostcode(adresse.plz);
  if (!places.includes(adresse.ort)) {
    const message = RELOCATION_TEXTS.errors.placeNotInPostcode(places);
    throw badRequest(`Place ${adresse.ort} not in ${adresse.plz}`, {
      code: 'PLACE_NOT_IN_POSTCODE',
      userMessage: message,
      fieldErrors: [{ path: 'adresse.ort', message }],
    });
  }
}

/** Refuses a move that is already saved or collides with one reported ahead (409). */
function assertNoSavedMove(
  { current, upcoming }: { current?: DatedAddress; upcoming?: DatedAddress },
  request: RelocationRequest,
): void {
  for (const saved of [upcoming, current]) {
    if (saved && saved.gueltigAb === request.umzugsdatum && sameAddress(saved, request.adresse)) {
      throw conflict(`Move to ${request.umzugsdatum} already saved`, {
        code: 'MOVE_ALREADY_SAVED',
        userMessage: RELOCATION_TEXTS.errors.alreadySaved(saved.gueltigAb),
      });
    }
  }
  if (upcoming) {
    throw conflict(`A move to ${upcoming.gueltigAb} is pending`, {
      code: 'MOVE_ALREADY_PENDING',
      userMessage: RELOCATION_TEXTS.errors.alreadyPending(upcoming.gueltigAb, upcoming),
    });
  }
}

function offersRiskAddressChange(
  contract: StoredContract,
  versicherungsName: string,
  today: CalendarDate,
  flags: SelfServiceFlags,
): boolean {
  const view = toCustomerView(contract, { today, versicherungsName, deckungsVarianten: [], dokumente: [] });
  return selfServicesFor(contract, view, flags, today).includes('risikoort');
}

function riskAddressOf(record: ContractRecord) {
  const { details } = record;
  return 'risikoOrt' in details ? details.risikoOrt : undefined;
}

async function outcomeOf(
  context: RelocationContext,
  contract: StoredContract,
  old: DatedAddress,
  request: RelocationRequest,
): Promise<ContractOutcome> {
  const versicherungsName = catalogueEntryForSummaryProdukt(contract.produkt).name;
  const base = { contract, versicherungsName };
  const risk = riskAddressOf(contract);
  if (!risk) return { ...base, art: 'UNVERAENDERT', grund: RELOCATION_TEXTS.contracts.notAtAddress };
  if (!sameAddress(risk, old)) {
    return { ...base, art: 'UNVERAENDERT', grund: RELOCATION_TEXTS.contracts.otherRiskAddress(risk) };
  }
  // A move reported afterwards moves the cover from the moving day, but not before the contract's
  // current state began (ADR 0004): then from that day.
  const wunschdatum = maxDate(
    request.umzugsdatum,
    maxDate(contract.vertragsBeginn, contract.wirksamkeitsdatum),
  );
  const end = contractEnd(contract);
  if (end !== undefined && compareDates(wunschdatum, end) >= 0) {
    return { ...base, art: 'UNVERAENDERT', grund: RELOCATION_TEXTS.contracts.endsBefore(end) };
  }
  if (!offersRiskAddressChange(contract, versicherungsName, context.today, context.flags)) {
    return { ...base, art: 'NICHT_MOEGLICH', grund: RELOCATION_TEXTS.contracts.notOffered };
  }
  const { strasse, hausnummer, plz, ort } = request.adresse;
  const zuersKlasse =
    contract.details.produktKey === 'HAUSRAT' ? zuersClassFor({ strasse, hausnummer, plz, ort }) : undefined;
  const change: ChangeRequest = {
    type: 'risikoort',
    value: { strasse, hausnummer, plz, ort, ...(zuersKlasse === undefined ? {} : { zuersKlasse }) },
    wunschdatum,
  };
  let preview: ChangePreview;
  try {
    preview = await previewContractChange(context, contract.versicherungsNummer, change);
  } catch (error) {
    if (error instanceof AppError && error.status >= 400 && error.status < 500 && error.status !== 404) {
      return { ...base, art: 'NICHT_MOEGLICH', grund: error.userMessage };
    }
    throw error;
  }
  // The comparison the special cancellation right rests on: that day's premium with and without the move.
  const projected = projectRecord(contract, preview.wirksamkeitsdatum, 'risikoort');
  const without = priceContract(projected);
  const ohneUmzug = premiumFigures(
    without.ok ? without.value.beitrag : projected.beitrag,
    projected.zahlweise,
  );
  const beitragSteigt =
    preview.neu !== undefined && preview.neu.bruttoJahresbeitragCents > ohneUmzug.bruttoJahresbeitragCents;
  const bisherigeZuersKlasse = contract.details.produktKey === 'HAUSRAT' ? zuersClassFor(risk) : undefined;
  return {
    ...base,
    art: 'AENDERUNG',
    preview,
    ohneUmzug,
    beitragSteigt,
    ...(beitragSteigt
      ? { sonderkuendigungBis: addMonths(context.today, SONDERKUENDIGUNG_ERKLAERUNGSFRIST_MONATE) }
      : {}),
    ...(bisherigeZuersKlasse === undefined ? {} : { bisherigeZuersKlasse }),
    request: change,
  };
}

function fingerprint(old: DatedAddress, outcomes: ContractOutcome[]): string {
  const facts = {
    adresse: [old.id, old.gueltigAb],
    vertraege: outcomes.map((outcome) => [
      outcome.contract.versicherungsNummer,
      outcome.contract.version,
      outcome.art,
      outcome.art === 'AENDERUNG'
        ? [
            outcome.preview.wirksamkeitsdatum,
            outcome.preview.neu?.bruttoProPeriodeCents ?? null,
            replacedEntries(outcome.preview),
          ]
        : null,
    ]),
  };
  return createHash('sha256').update(JSON.stringify(facts)).digest('base64url').slice(0, 32);
}

/**
 * For an agent, the partner's contracts it looks after (agentScope): contracts with another agency
 * are not its to see or change, so they neither show nor move. Undefined for the customer: all.
 */
async function contractsInScope(
  context: RelocationContext,
  partnerId: string,
): Promise<Set<string> | undefined> {
  if (context.actor.pool !== 'vermittler') return undefined;
  const rows = await context.db
    .select({ id: contractRows.id })
    .from(contractRows)
    .where(
      and(eq(contractRows.partnerId, partnerId), inArray(contractRows.agentId, agentScope(context.actor))),
    );
  return new Set(rows.map((row) => row.id));
}

async function buildPreview(
  context: RelocationContext,
  partnerId: string,
  request: RelocationRequest,
): Promise<RelocationPreview> {
  await assertCanAccessPartner({ db: context.db, actor: context.actor, partnerId });
  checkAddress(request.adresse);
  const saved = await addressesOf(context.db, partnerId, context.today);
  assertNoSavedMove(saved, request);
  const old = saved.current;
  if (!old) {
    throw unprocessable(`Partner ${partnerId} has no current address`, {
      code: 'NO_ADDRESS',
      userMessage: RELOCATION_TEXTS.errors.noAddress,
    });
  }
  const problem = moveDateProblem(request.umzugsdatum, moveRangeFor(old, context.today));
  if (problem) {
    throw badRequest(`Move date ${request.umzugsdatum} out of range`, {
      code: 'MOVE_DATE_OUT_OF_RANGE',
      userMessage: problem,
      fieldErrors: [{ path: 'umzugsdatum', message: problem }],
    });
  }
  if (sameAddress(old, request.adresse)) {
    throw unprocessable('New address equals the current one', {
      code: 'NO_CHANGE',
      userMessage: RELOCATION_TEXTS.errors.sameAddress,
      fieldErrors: [{ path: 'adresse.strasse', message: RELOCATION_TEXTS.errors.sameAddress }],
    });
  }
  const reachable = await contractsInScope(context, partnerId);
  const running = (await findContractsByPartner({ db: context.db, partnerId }))
    .filter(
      (contract) => isActive(contract.status) && (reachable === undefined || reachable.has(contract.id)),
    )
    .sort((a, b) => a.versicherungsNummer.localeCompare(b.versicherungsNummer));
  const vertraege: ContractOutcome[] = [];
  for (const contract of running) vertraege.push(await outcomeOf(context, contract, old, request));
  return {
    partnerId,
    umzugsdatum: request.umzugsdatum,
    bisherigeAnschrift: old,
    neueAnschrift: request.adresse,
    vertraege,
    speicherbar: vertraege.every((outcome) => outcome.art !== 'NICHT_MOEGLICH'),
    stand: fingerprint(old, vertraege),
  };
}

/** Step one: what the move changes, per contract, nothing saved. */
export function previewRelocation(
  context: RelocationContext,
  partnerId: string,
  request: RelocationRequest,
): Promise<RelocationPreview> {
  return buildPreview(context, partnerId, request);
}

export interface SaveRelocationContext extends RelocationContext {
  files: FileStorage;
  transports: Transports;
}

/**
 * Step two, in one transaction: the partner row is locked (moves of one partner queue up), the
 * preview is made again on the current data and must match the `stand` the customer confirmed; then
 * each contract's risk-address change is saved by the contract-changes service (optimistic lock per
 * contract), the new address is stored from the moving day, and the confirmation is written to the
 * mailbox and the outbox. Any refusal rolls everything back.
 */
export async function saveRelocation(
  context: SaveRelocationContext,
  partnerId: string,
  request: RelocationRequest,
  stand: string,
): Promise<RelocationPreview> {
  await assertCanAccessPartner({ db: context.db, actor: context.actor, partnerId });
  return withTransaction(context.db, async (tx) => {
    const [partner] = await tx.select().from(partners).where(eq(partners.id, partnerId)).for('update');
    if (!partner) throw notFound(`Partner ${partnerId} is gone`);
    const inTx = { ...context, db: tx as unknown as Database };
    const preview = await buildPreview(inTx, partnerId, request);
    if (preview.stand !== stand) {
      throw conflict(`Move preview ${stand} is now ${preview.stand}`, {
        code: 'MOVE_PREVIEW_OUTDATED',
        userMessage: RELOCATION_TEXTS.errors.outdated,
      });
    }
    if (!preview.speicherbar) {
      const blocked = preview.vertraege
        .filter((outcome) => outcome.art === 'NICHT_MOEGLICH')
        .map((outcome) => outcome.contract.versicherungsNummer);
      throw unprocessable(`Contracts ${blocked.join(', ')} cannot move online`, {
        code: 'MOVE_NOT_POSSIBLE',
        userMessage: RELOCATION_TEXTS.errors.notPossible(blocked),
      });
    }
    const saved: ContractOutcome[] = [];
    for (const outcome of preview.vertraege) {
      if (outcome.art !== 'AENDERUNG') {
        saved.push(outcome);
        continue;
      }
      const result = await saveContractChange(
        { ...inTx, files: context.files },
        outcome.contract.versicherungsNummer,
        outcome.request,
        expectationOf(outcome),
      );
      saved.push({ ...outcome, contract: result.contract, preview: result });
    }
    await replaceAddress({
      db: inTx.db,
      partnerId,
      adresse: request.adresse,
      gueltigAb: request.umzugsdatum,
    });
    const byAgent = context.actor.pool === 'vermittler';
    if (byAgent) {
      await tx.insert(agentRelocations).values({
        partnerId,
        agentId: context.actor.agentId ?? null,
        accountId: context.actor.userId,
        umzugsdatum: request.umzugsdatum,
        adresse: request.adresse,
        vertraege: saved
          .filter((outcome) => outcome.art === 'AENDERUNG')
          .map((outcome) => outcome.contract.versicherungsNummer),
      });
    }
    await confirm(tx, context.transports, partner, request, saved, byAgent);
    return { ...preview, vertraege: saved };
  });
}

/**
 * What the contract's save must still find: the version and premium of the preview. A pending change
 * the move replaces (an earlier reported move) was named in the preview the customer confirmed.
 */
function expectationOf(outcome: ContractOutcome & { art: 'AENDERUNG' }): SaveExpectation {
  const expected = {
    version: outcome.contract.version,
    ...(outcome.preview.neu ? { bruttoProPeriodeCents: outcome.preview.neu.bruttoProPeriodeCents } : {}),
    vormerkungenErsetzen: true,
  };
  return expected;
}

/** Pending changes the move replaces, as the contract-changes preview names them. */
export function replacedEntries(preview: ChangePreview): string[] {
  const { ersetzt } = preview as ChangePreview & { ersetzt?: { bezeichnung: string }[] };
  return (ersetzt ?? []).map((entry) => entry.bezeichnung);
}

/** The salutation line of a letter to the partner, without comma. */
export function greeting(partner: typeof partners.$inferSelect): string {
  if (partner.personArt === 'JuristischePersonDTO') return 'Sehr geehrte Damen und Herren';
  const name = [partner.titel, partner.nachname].filter(Boolean).join(' ');
  if (partner.anrede === 'Frau') return `Guten Tag Frau ${name}`;
  if (partner.anrede === 'Herr') return `Guten Tag Herr ${name}`;
  return `Guten Tag ${[partner.vorname, name].filter(Boolean).join(' ')}`;
}

async function confirm(
  tx: Transaction,
  transports: Transports,
  partner: typeof partners.$inferSelect,
  request: RelocationRequest,
  outcomes: ContractOutcome[],
  byAgent = false,
): Promise<void> {
  const subject = RELOCATION_TEXTS.mail.subject;
  const letter = RELOCATION_TEXTS.mail.body({
    anrede: greeting(partner),
    neu: request.adresse,
    umzugsdatum: request.umzugsdatum,
    vertraege: outcomes.flatMap((outcome) =>
      outcome.art === 'AENDERUNG' && outcome.preview.neu
        ? [
            {
              versicherungsNummer: outcome.contract.versicherungsNummer,
              versicherungsName: outcome.versicherungsName,
              wirksamkeitsdatum: outcome.preview.wirksamkeitsdatum,
              neuProPeriodeCents: outcome.preview.neu.bruttoProPeriodeCents,
              periode: PERIOD_WORDS[outcome.preview.neu.zahlweise] ?? '',
              steigt: outcome.beitragSteigt,
            },
          ]
        : [],
    ),
  });
  // The agent's move: the letter says so after the salutation, so the customer knows who acted.
  const [anrede = '', ...rest] = letter.split('\n');
  const body = byAgent ? [anrede, '', AGENT_TASK_TEXTS.relocationByAgent, ...rest].join('\n') : letter;
  await insertMailboxMessage(tx, { partnerId: partner.id, subject, body });
  const [account] = await tx
    .select({ email: accounts.email })
    .from(accounts)
    .where(and(eq(accounts.partnerId, partner.id), eq(accounts.pool, 'benutzer')));
  const to = account?.email ?? partner.email;
  if (to)
    await enqueueMessage(tx, transports, {
      channel: 'email',
      to,
      subject,
      body,
      purpose: 'MOVE_CONFIRMATION',
    });
}

/** Whether the elementary cover stays possible at the new address (Hausrat), for the page. */
export function elementarAtNewAddress(outcome: ContractOutcome): boolean | undefined {
  if (outcome.art !== 'AENDERUNG' || outcome.preview.change.type !== 'risikoort') return undefined;
  const klasse = outcome.preview.change.value.zuersKlasse;
  return klasse === undefined ? undefined : isElementarEinschliessbar(klasse);
}

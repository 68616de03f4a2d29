// Pending changes (vorgemerkte Änderungen), ADR 0004. A saved self-service change waits with its
// effective date (wirksamkeitsdatum) and the premium it leads to; a daily job applies it on that
// day. There is at most one pending change per type: saving a new one replaces the old one.
import {
  addDays,
  addMonths,
  compareDates,
  dateParts,
  formatGermanDate,
  makeDate,
  maxDate,
} from '../dates/calendar-date';
import { mitversicherteFuer } from '../products/phv/tariff';
import type { CalendarDate } from '../dates/calendar-date';
import { contractEnd } from './contract-record';
import type { ContractRecord, PendingChange, PendingChangeType } from './contract-record';
import { nextMainDueDate } from './main-due-date';
import { deckungsVariantenFor } from '../products/catalogue';
import type { HausratDeckung, SummaryProdukt } from '../products/enums';
import { fahrradDeckungsVariante } from '../products/fahrrad/catalogue';
import { versicherteRisikenFromDeckungen } from '../products/fahrrad/tariff';
import { isElementarEinschliessbar } from '../products/hausrat/tariff';
import { HAUSRAT_BASISDECKUNG, HAUSRAT_ELEMENTARDECKUNG } from './product-details';
import type { DetailsFor, ProduktDetails } from './product-details';
import { refuse, succeed } from './result';
import type { ContractResult } from './result';

/** Every pending change type. */
export const PENDING_CHANGE_TYPES = [
  'zahlweise',
  'selbstbeteiligung',
  'elementar',
  'phvAnzahl',
  'buerohaftpflicht',
  'familienstand',
  'risikoort',
  'deckung',
  'jahresumsatz',
  'versicherungssumme',
  'gewerbearten',
  'bankverbindung',
  'fahrrad',
] as const satisfies readonly PendingChangeType[];

/** How the effective date of a change type is found. */
export type EffectiveDateRule =
  /** Today: data without premium effect. */
  | 'SOFORT'
  /** The next main due date: the change belongs to a new insurance year. */
  | 'NAECHSTE_HAUPTFAELLIGKEIT'
  /** The first day of the next month: cover changes during the insurance year. */
  | 'NAECHSTER_MONATSERSTER'
  /** A date the customer names (move date, chosen start of a new insured sum). */
  | 'WUNSCHDATUM';

/** The effective-date rule per change type (ADR 0004). */
export const EFFECTIVE_DATE_RULES: Readonly<Record<PendingChangeType, EffectiveDateRule>> = {
  zahlweise: 'NAECHSTE_HAUPTFAELLIGKEIT',
  selbstbeteiligung: 'NAECHSTE_HAUPTFAELLIGKEIT',
  jahresumsatz: 'NAECHSTE_HAUPTFAELLIGKEIT',
  elementar: 'NAECHSTER_MONATSERSTER',
  phvAnzahl: 'NAECHSTER_MONATSERSTER',
  buerohaftpflicht: 'NAECHSTER_MONATSERSTER',
  familienstand: 'NAECHSTER_MONATSERSTER',
  deckung: 'NAECHSTER_MONATSERSTER',
  gewerbearten: 'NAECHSTER_MONATSERSTER',
  versicherungssumme: 'WUNSCHDATUM',
  risikoort: 'WUNSCHDATUM',
  bankverbindung: 'SOFORT',
  fahrrad: 'SOFORT',
};

/** Whether a change of this type changes the premium (and so must carry the premium after it). */
export function changesPremium(type: PendingChangeType): boolean {
  return type !== 'bankverbindung' && type !== 'fahrrad';
}

function hasRisikoOrt(
  details: ProduktDetails,
): details is DetailsFor<'BHV' | 'SI_ALLGEFAHREN' | 'SI_MEHRGEFAHREN' | 'HAUSRAT'> {
  return (
    details.produktKey === 'BHV' ||
    details.produktKey === 'SI_ALLGEFAHREN' ||
    details.produktKey === 'SI_MEHRGEFAHREN' ||
    details.produktKey === 'HAUSRAT'
  );
}

function hasGewerbe(
  details: ProduktDetails,
): details is DetailsFor<'BHV' | 'VH' | 'SI_ALLGEFAHREN' | 'SI_MEHRGEFAHREN'> {
  return 'versicherteGewerbe' in details;
}

function hasRevenue(details: ProduktDetails): details is DetailsFor<'BHV' | 'VH'> {
  return details.produktKey === 'BHV' || details.produktKey === 'VH';
}

/** The Hausrat covers of a contract, or undefined for other products. */
function hausratDeckungenOf(details: ProduktDetails): readonly HausratDeckung[] | undefined {
  return details.produktKey === 'HAUSRAT' ? details.hausrat.hausratDeckungen : undefined;
}

/** Whether a change of this type exists for the contract's product and current state. */
export function isChangeApplicable(record: ContractRecord, type: PendingChangeType): boolean {
  const { details } = record;
  // A motor contract is priced with the operator's class table and its changes (vehicle, drivers,
  // no-claims class) are not self-services: only the bank details change online.
  if (details.produktKey === 'KFZ') return type === 'bankverbindung';
  // A single premium (EINMALIG, e.g. travel) is paid once for the whole term: nothing re-prices it.
  if (record.zahlweise === 'EINMALIG' && changesPremium(type)) return false;
  switch (type) {
    case 'zahlweise':
      return record.zahlweise !== 'EINMALIG';
    case 'selbstbeteiligung':
      return record.selbstbeteiligung?.einheit === 'ABSOLUT';
    case 'elementar':
      return details.produktKey === 'HAUSRAT';
    case 'phvAnzahl':
    case 'buerohaftpflicht':
      return details.produktKey === 'VH';
    case 'familienstand':
      return details.produktKey === 'PRIVATHAFTPFLICHT';
    case 'risikoort':
      // A Hausrat contract moves with the customer; BHV premises can be named or moved.
      return hasRisikoOrt(details);
    case 'deckung':
      return record.deckungsVariante !== undefined || details.produktKey === 'HAUSRAT';
    case 'jahresumsatz':
      return hasRevenue(details);
    case 'versicherungssumme':
      // A freely chosen insured sum is a rating input of the SI tariff only; elsewhere the sum
      // follows the coverage variant (deckung) or the living space.
      return (
        (details.produktKey === 'SI_ALLGEFAHREN' || details.produktKey === 'SI_MEHRGEFAHREN') &&
        record.versicherungssummeCents !== undefined
      );
    case 'gewerbearten':
      return hasGewerbe(details);
    case 'bankverbindung':
      return true;
    case 'fahrrad':
      return details.produktKey === 'FAHRRAD';
  }
}

export type PendingChangeErrorCode =
  | 'CONTRACT_NOT_CHANGEABLE'
  | 'CHANGE_NOT_APPLICABLE'
  | 'EFFECTIVE_DATE_REQUIRED'
  | 'INVALID_EFFECTIVE_DATE'
  | 'CHANGE_AFTER_CONTRACT_END'
  | 'PREMIUM_MISSING'
  | 'NO_CHANGE';

type DateResult = ContractResult<CalendarDate, PendingChangeErrorCode>;

function firstOfNextMonth(today: CalendarDate): CalendarDate {
  const { year, month } = dateParts(today);
  return addMonths(makeDate(year, month, 1), 1);
}

function requestedDate(
  record: ContractRecord,
  type: PendingChangeType,
  today: CalendarDate,
  wunschdatum: CalendarDate | undefined,
): DateResult {
  if (wunschdatum === undefined) {
    return refuse(
      'EFFECTIVE_DATE_REQUIRED',
      `${type} needs a requested date`,
      'Bitte geben Sie an, ab wann die Änderung gelten soll.',
    );
  }
  const { earliest, latest } = wunschdatumRange(record, type, today);
  if (compareDates(wunschdatum, earliest) < 0) {
    return refuse(
      'INVALID_EFFECTIVE_DATE',
      `${type} requested for ${wunschdatum}, lowest ${earliest}`,
      type === 'risikoort'
        ? `Ein Umzug kann höchstens ${WUNSCHDATUM_LIMITS.monthsBack} Monate rückwirkend und nicht vor dem Beginn des Vertragsstands gemeldet werden. Bitte wählen Sie ein Datum ab dem ${formatGermanDate(earliest)}.`
        : `Bitte wählen Sie ein Datum ab dem ${formatGermanDate(earliest)}.`,
    );
  }
  if (compareDates(wunschdatum, latest) > 0) {
    return refuse(
      'INVALID_EFFECTIVE_DATE',
      `${type} requested for ${wunschdatum}, highest ${latest}`,
      `Eine Änderung kann höchstens ${WUNSCHDATUM_LIMITS.monthsAhead} Monate im Voraus gemeldet werden. Bitte wählen Sie ein Datum bis zum ${formatGermanDate(latest)}.`,
    );
  }
  return succeed(wunschdatum);
}

/** How far a requested date may lie from today (ADR 0004). */
export const WUNSCHDATUM_LIMITS = {
  /** A move may be reported afterwards, up to this many months back. */
  monthsBack: 3,
  /** No requested date lies more than this many months ahead. */
  monthsAhead: 12,
} as const;

/**
 * The earliest and latest requested date (WUNSCHDATUM rule) for a change saved today; the date
 * fields take these as their limits, so browser and server agree. A move may be reported up to three
 * months afterwards, but not before the contract or its current state began; any other requested
 * date lies from tomorrow on. None lies more than twelve months ahead.
 */
export function wunschdatumRange(
  record: Pick<ContractRecord, 'vertragsBeginn' | 'wirksamkeitsdatum'>,
  type: PendingChangeType,
  today: CalendarDate,
): { earliest: CalendarDate; latest: CalendarDate } {
  const earliest =
    type === 'risikoort'
      ? maxDate(
          maxDate(record.vertragsBeginn, record.wirksamkeitsdatum),
          addMonths(today, -WUNSCHDATUM_LIMITS.monthsBack),
        )
      : maxDate(record.vertragsBeginn, addDays(today, 1));
  return { earliest, latest: addMonths(today, WUNSCHDATUM_LIMITS.monthsAhead) };
}

function ruleDate(
  record: ContractRecord,
  type: PendingChangeType,
  today: CalendarDate,
  wunschdatum?: CalendarDate,
): DateResult {
  const rule = EFFECTIVE_DATE_RULES[type];
  if (rule === 'WUNSCHDATUM') return requestedDate(record, type, today, wunschdatum);
  if (wunschdatum !== undefined) {
    return refuse(
      'INVALID_EFFECTIVE_DATE',
      `${type} follows rule ${rule}, no requested date`,
      'Der Termin dieser Änderung ergibt sich aus dem Vertrag und kann nicht gewählt werden.',
    );
  }
  switch (rule) {
    case 'SOFORT':
      return succeed(today);
    case 'NAECHSTE_HAUPTFAELLIGKEIT':
      return succeed(maxDate(nextMainDueDate(record.hauptfaelligkeit, today), record.vertragsBeginn));
    case 'NAECHSTER_MONATSERSTER':
      return succeed(maxDate(firstOfNextMonth(today), record.vertragsBeginn));
  }
}

/** The day a change of this type saved today takes effect, or why it cannot be made. */
export function effectiveDate(
  record: ContractRecord,
  type: PendingChangeType,
  today: CalendarDate,
  wunschdatum?: CalendarDate,
): DateResult {
  const changeable =
    record.status === 'LAUFEND' ||
    (record.status === 'AUSLAUFEND' && EFFECTIVE_DATE_RULES[type] === 'SOFORT');
  if (!changeable) {
    return refuse(
      'CONTRACT_NOT_CHANGEABLE',
      `Status ${record.status} does not allow ${type}`,
      'Dieser Vertrag kann nicht mehr geändert werden.',
    );
  }
  if (!isChangeApplicable(record, type)) {
    return refuse(
      'CHANGE_NOT_APPLICABLE',
      `${type} does not apply to ${record.produkt}`,
      'Diese Änderung ist für diesen Vertrag nicht möglich.',
    );
  }
  const date = ruleDate(record, type, today, wunschdatum);
  if (!date.ok) return date;
  const end = contractEnd(record);
  if (end !== undefined && compareDates(date.value, end) >= 0) {
    return refuse(
      'CHANGE_AFTER_CONTRACT_END',
      `${type} on ${date.value} is not before the end ${end}`,
      'Der Vertrag endet, bevor die Änderung wirksam würde.',
    );
  }
  return date;
}

// Lists in changes are sets (business types, covers): their order does not make a change.
function normalised(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(normalised).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, normalised(v)]),
    );
  }
  return value;
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(normalised(a)) === JSON.stringify(normalised(b));
}

/** The contract's current value for a change type, in the shape the change carries. */
export function currentValue(record: ContractRecord, type: PendingChangeType): unknown {
  const { details } = record;
  switch (type) {
    case 'zahlweise':
      return record.zahlweise;
    case 'selbstbeteiligung':
      return record.selbstbeteiligung?.einheit === 'ABSOLUT' ? record.selbstbeteiligung.option : undefined;
    case 'elementar':
      return hausratDeckungenOf(details)?.includes(HAUSRAT_ELEMENTARDECKUNG);
    case 'phvAnzahl':
      return details.produktKey === 'VH' ? details.phvAnzahl : undefined;
    case 'buerohaftpflicht':
      return details.produktKey === 'VH' ? details.vh.versicherteGefahren.buerohaftpflicht : undefined;
    case 'familienstand':
      return details.produktKey === 'PRIVATHAFTPFLICHT' ? details.phv.familienstand : undefined;
    case 'risikoort':
      return hasRisikoOrt(details) ? details.risikoOrt : undefined;
    case 'deckung':
      return record.deckungsVariante;
    case 'jahresumsatz':
      return hasRevenue(details) ? details.jahresumsatz.value : undefined;
    case 'versicherungssumme':
      return record.versicherungssummeCents;
    case 'gewerbearten':
      return hasGewerbe(details) ? details.versicherteGewerbe : undefined;
    case 'bankverbindung':
      return record.bankverbindung;
    case 'fahrrad':
      return details.produktKey === 'FAHRRAD'
        ? {
            hersteller: details.fahrrad.hersteller,
            rahmennummer: details.fahrrad.rahmennummer,
            typ: details.fahrrad.typ,
          }
        : undefined;
  }
}

export function isUnchanged(record: ContractRecord, change: PendingChange): boolean {
  if (change.type === 'deckung') {
    if ('deckungsVariante' in change.value) return change.value.deckungsVariante === record.deckungsVariante;
    const deckungen = hausratDeckungenOf(record.details);
    return deckungen !== undefined && sameValue(change.value.hausratDeckungen, deckungen);
  }
  if (change.type === 'risikoort') {
    const { zuersKlasse: _zuers, ...address } = change.value;
    return sameValue(address, currentValue(record, change.type));
  }
  return sameValue(change.value, currentValue(record, change.type));
}

export function valueProblem(record: ContractRecord, change: PendingChange): string | undefined {
  const { details } = record;
  if (details.produktKey !== 'HAUSRAT') {
    if (change.type === 'deckung' && !('deckungsVariante' in change.value))
      return 'Hausratdeckungen gibt es nur in der Hausratversicherung.';
    return undefined;
  }
  if (change.type === 'deckung' && 'hausratDeckungen' in change.value) {
    if (!change.value.hausratDeckungen.includes(HAUSRAT_BASISDECKUNG))
      return 'Die Basisdeckung ist in jedem Vertrag enthalten.';
  }
  const addsElementar =
    (change.type === 'elementar' && change.value) ||
    (change.type === 'deckung' &&
      'hausratDeckungen' in change.value &&
      change.value.hausratDeckungen.includes(HAUSRAT_ELEMENTARDECKUNG));
  if (
    addsElementar &&
    !details.hausrat.elementarEinschliessbar &&
    !details.hausrat.hausratDeckungen.includes(HAUSRAT_ELEMENTARDECKUNG)
  ) {
    return 'Elementarschutz kann an dieser Adresse nicht eingeschlossen werden.';
  }
  return undefined;
}

type WithoutDate<C> = C extends PendingChange
  ? Omit<C, 'wirksamkeitsdatum'> & { wunschdatum?: CalendarDate }
  : never;

/** A change as the service saves it; the effective date is decided here from the rule of its type. */
export type PendingChangeInput = WithoutDate<PendingChange>;

/** The saved change plus the other pending changes whose stored premium no longer includes everything before them. */
export interface ScheduledChange {
  record: ContractRecord;
  change: PendingChange;
  /** Types whose premium must be priced again (they take effect after the new change). */
  stalePremiums: PendingChangeType[];
}

/**
 * Saves a change as pending, replacing a pending change of the same type. The caller prices it on
 * `projectRecord(record, date, type)` so that earlier pending changes are included.
 */
export function schedulePendingChange(
  record: ContractRecord,
  input: PendingChangeInput,
  today: CalendarDate,
): ContractResult<ScheduledChange, PendingChangeErrorCode> {
  const { wunschdatum, ...rest } = input;
  const date = effectiveDate(record, input.type, today, wunschdatum);
  if (!date.ok) return date;
  const change = { ...rest, wirksamkeitsdatum: date.value } as PendingChange;
  const problem = valueProblem(record, change);
  if (problem !== undefined) return refuse('CHANGE_NOT_APPLICABLE', `${change.type}: ${problem}`, problem);
  if (isUnchanged(record, change)) {
    return refuse(
      'NO_CHANGE',
      `${change.type} equals the current value`,
      'Die gewünschte Änderung entspricht dem aktuellen Stand.',
    );
  }
  if (changesPremium(change.type) && change.praemieNachAenderung === undefined) {
    return refuse(
      'PREMIUM_MISSING',
      `${change.type} needs praemieNachAenderung`,
      'Der neue Beitrag konnte nicht ermittelt werden.',
    );
  }
  // A new Hausrat cover list states the elementary cover too, so it replaces a pending elementar
  // change (which would otherwise be overwritten by the list when both apply).
  const replaces = (pending: PendingChange) =>
    pending.type === change.type ||
    (pending.type === 'elementar' && change.type === 'deckung' && 'hausratDeckungen' in change.value);
  const others = record.vorgemerkteAenderungen.filter((pending) => !replaces(pending));
  const stalePremiums = others
    .filter(
      (pending) =>
        pending.praemieNachAenderung !== undefined &&
        compareDates(pending.wirksamkeitsdatum, change.wirksamkeitsdatum) > 0,
    )
    .map((pending) => pending.type);
  const details: ProduktDetails =
    change.type === 'jahresumsatz' && hasRevenue(record.details)
      ? { ...record.details, jahresumsatzGemeldetAm: today }
      : record.details;
  return succeed({
    record: { ...record, details, vorgemerkteAenderungen: [...others, change] },
    change,
    stalePremiums,
  });
}

/** Replaces the premium stored with a pending change after it was priced again. */
export function repricePendingChange(
  record: ContractRecord,
  type: PendingChangeType,
  praemieNachAenderung: NonNullable<PendingChange['praemieNachAenderung']>,
): ContractRecord {
  return {
    ...record,
    vorgemerkteAenderungen: record.vorgemerkteAenderungen.map((pending) =>
      pending.type === type ? { ...pending, praemieNachAenderung } : pending,
    ),
  };
}

/** The pending change of a type, if any. */
export function pendingChangeOf<T extends PendingChangeType>(
  record: Pick<ContractRecord, 'vorgemerkteAenderungen'>,
  type: T,
): Extract<PendingChange, { type: T }> | undefined {
  return record.vorgemerkteAenderungen.find(
    (pending): pending is Extract<PendingChange, { type: T }> => pending.type === type,
  );
}

function mismatch(change: PendingChange, record: ContractRecord): Error {
  return new Error(
    `Pending ${change.type} does not fit ${record.produkt} contract ${record.versicherungsNummer}`,
  );
}

function withHausratDeckungen(
  details: DetailsFor<'HAUSRAT'>,
  hausratDeckungen: HausratDeckung[],
): DetailsFor<'HAUSRAT'> {
  return { ...details, hausrat: { ...details.hausrat, hausratDeckungen } };
}

/**
 * A bicycle package is a set of covers, and the tariff prices the covers: choosing a package gives
 * the contract exactly that package's covers. A package the generation does not offer changes
 * nothing here; pricing then refuses it.
 */
function withFahrradPaket(
  details: DetailsFor<'FAHRRAD'>,
  produkt: SummaryProdukt,
  deckungsVariante: string,
): DetailsFor<'FAHRRAD'> {
  const paket = fahrradDeckungsVariante(produkt, deckungsVariante);
  if (paket === undefined) return details;
  return {
    ...details,
    fahrrad: { ...details.fahrrad, versicherteRisiken: versicherteRisikenFromDeckungen(paket.deckungen) },
  };
}

function applyToDetails(
  details: ProduktDetails,
  produkt: SummaryProdukt,
  change: PendingChange,
): ProduktDetails | undefined {
  switch (change.type) {
    case 'elementar': {
      if (details.produktKey !== 'HAUSRAT') return undefined;
      const others = details.hausrat.hausratDeckungen.filter((d) => d !== HAUSRAT_ELEMENTARDECKUNG);
      return withHausratDeckungen(details, change.value ? [...others, HAUSRAT_ELEMENTARDECKUNG] : others);
    }
    case 'phvAnzahl':
      return details.produktKey === 'VH'
        ? {
            ...details,
            phvAnzahl: change.value,
            vh: {
              versicherteGefahren: { ...details.vh.versicherteGefahren, phv: change.value !== 'KEINE' },
            },
          }
        : undefined;
    case 'buerohaftpflicht':
      return details.produktKey === 'VH'
        ? {
            ...details,
            vh: {
              versicherteGefahren: { ...details.vh.versicherteGefahren, buerohaftpflicht: change.value },
            },
          }
        : undefined;
    case 'familienstand': {
      if (details.produktKey !== 'PRIVATHAFTPFLICHT') return undefined;
      // A status without partner or children drops the co-insured persons it no longer includes.
      const { mitversichertePersonen, ...rest } = details;
      const kept = mitversicherteFuer(change.value, mitversichertePersonen);
      return {
        ...rest,
        phv: { ...details.phv, familienstand: change.value },
        ...(kept.length > 0 ? { mitversichertePersonen: kept } : {}),
      };
    }
    case 'risikoort': {
      if (details.produktKey === 'HAUSRAT') {
        // The tariff zone follows the postcode and the flood class the new address (looked up
        // when the move was saved), and with it whether elementary cover can be included.
        const { zuersKlasse, ...risikoOrt } = change.value;
        return {
          ...details,
          risikoOrt,
          hausrat: {
            ...details.hausrat,
            plz: risikoOrt.plz,
            ...(zuersKlasse === undefined
              ? {}
              : { zuersKlasse, elementarEinschliessbar: isElementarEinschliessbar(zuersKlasse) }),
          },
        };
      }
      if (!hasRisikoOrt(details)) return undefined;
      const { zuersKlasse: _zuers, ...risikoOrt } = change.value;
      return { ...details, risikoOrt };
    }
    case 'deckung':
      if ('deckungsVariante' in change.value) {
        return details.produktKey === 'FAHRRAD'
          ? withFahrradPaket(details, produkt, change.value.deckungsVariante)
          : details;
      }
      return details.produktKey === 'HAUSRAT'
        ? withHausratDeckungen(details, [...change.value.hausratDeckungen])
        : undefined;
    case 'jahresumsatz':
      return hasRevenue(details)
        ? { ...details, jahresumsatz: { ...details.jahresumsatz, value: change.value } }
        : undefined;
    case 'gewerbearten':
      return hasGewerbe(details)
        ? {
            ...details,
            versicherteGewerbe: { ...change.value, nebengewerbe: [...change.value.nebengewerbe] },
          }
        : undefined;
    case 'fahrrad':
      return details.produktKey === 'FAHRRAD'
        ? { ...details, fahrrad: { ...details.fahrrad, ...change.value } }
        : undefined;
    default:
      return details;
  }
}

/** The record with one change applied: its value, its premium and its effective date. */
export function applyChange(record: ContractRecord, change: PendingChange): ContractRecord {
  const details = applyToDetails(record.details, record.produkt, change);
  if (details === undefined) throw mismatch(change, record);
  const applied: ContractRecord = {
    ...record,
    details,
    beitrag: change.praemieNachAenderung ?? record.beitrag,
    wirksamkeitsdatum: maxDate(record.wirksamkeitsdatum, change.wirksamkeitsdatum),
    vorgemerkteAenderungen: record.vorgemerkteAenderungen.filter((pending) => pending.type !== change.type),
  };
  switch (change.type) {
    case 'zahlweise':
      return { ...applied, zahlweise: change.value };
    case 'selbstbeteiligung':
      return { ...applied, selbstbeteiligung: { einheit: 'ABSOLUT', option: change.value } };
    case 'deckung': {
      if (!('deckungsVariante' in change.value)) return applied;
      const variant = deckungsVariantenFor(record.produkt).find(
        (v) =>
          v.deckungsVarianteIdentifier === (change.value as { deckungsVariante: string }).deckungsVariante,
      );
      return {
        ...applied,
        deckungsVariante: change.value.deckungsVariante,
        ...(variant?.versicherungssumme === undefined
          ? {}
          : { versicherungssummeCents: variant.versicherungssumme }),
      };
    }
    case 'versicherungssumme':
      return { ...applied, versicherungssummeCents: change.value };
    case 'bankverbindung':
      return { ...applied, bankverbindung: change.value };
    default:
      return applied;
  }
}

function inApplyOrder(a: PendingChange, b: PendingChange): number {
  return compareDates(a.wirksamkeitsdatum, b.wirksamkeitsdatum) || a.createdAt.localeCompare(b.createdAt);
}

/** Applies every pending change effective on or before `today`, oldest date first (for the daily job). */
export function applyDueChanges(
  record: ContractRecord,
  today: CalendarDate,
): { record: ContractRecord; applied: PendingChange[] } {
  const due = record.vorgemerkteAenderungen
    .filter((pending) => compareDates(pending.wirksamkeitsdatum, today) <= 0)
    .sort(inApplyOrder);
  return { record: due.reduce(applyChange, record), applied: due };
}

/** The contract as it will be on `date` with the pending changes due by then, leaving out one type (for pricing it). */
export function projectRecord(
  record: ContractRecord,
  date: CalendarDate,
  without?: PendingChangeType,
): ContractRecord {
  const kept = record.vorgemerkteAenderungen.filter((pending) => pending.type !== without);
  return applyDueChanges({ ...record, vorgemerkteAenderungen: kept }, date).record;
}

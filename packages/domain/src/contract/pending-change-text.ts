// What a pending change is called and what it sets, in the customer's words: one name per change
// type (the same as the self-service page that makes it) and the new value in German. The details
// page, every preview that takes a pending change into account and the confirmation mails use these
// texts, so a change has one name wherever the customer meets it (issue 12).
import { formatCents } from '../format/money';
import { formatDate } from '../format/date';
import { deckungsVariantenFor } from '../products/catalogue';
import { bhvBusinessTypeById } from '../products/bhv/business-types';
import type { Zahlweise } from '../products/enums';
import { HAUSRAT_COVERS } from '../products/hausrat/catalogue';
import { PHV_FAMILIENSTAND_OPTIONS } from '../products/phv/catalogue';
import { siBusinessTypeById } from '../products/si/business-types';
import { vhProfessionById } from '../products/vh/professions';
import { SELBSTBETEILIGUNG_EURO } from './amounts';
import type { ContractRecord, PendingChange, PendingChangeType } from './contract-record';

/** The name of each change, as the self-service page and the pending entry call it. */
export const CHANGE_NAMES: Readonly<Record<PendingChangeType, string>> = {
  zahlweise: 'Zahlweise',
  selbstbeteiligung: 'Selbstbeteiligung',
  elementar: 'Elementarschutz',
  phvAnzahl: 'Privathaftpflicht',
  buerohaftpflicht: 'Bürohaftpflicht',
  familienstand: 'Familienstand',
  risikoort: 'Versicherungsort',
  deckung: 'Deckung',
  jahresumsatz: 'Jahresumsatz',
  versicherungssumme: 'Versicherungssumme',
  gewerbearten: 'Versicherte Gewerbe',
  bankverbindung: 'Bankverbindung',
  fahrrad: 'Fahrraddaten',
};

/** The payment period as an adverb: '12,34 EUR monatlich'. */
export const ZAHLWEISE_ADVERB: Readonly<Record<Zahlweise, string>> = {
  MONATLICH: 'monatlich',
  VIERTELJAEHRLICH: 'vierteljährlich',
  HALBJAEHRLICH: 'halbjährlich',
  JAEHRLICH: 'jährlich',
  EINMALIG: 'einmalig',
};

const PHV_ANZAHL_TEXT = { KEINE: 'keine Person', EINS: '1 Person', ZWEI: '2 Personen', DREI: '3 Personen' };

function gewerbeName(record: Pick<ContractRecord, 'details'>, id: string): string {
  const lookup =
    record.details.produktKey === 'BHV'
      ? bhvBusinessTypeById
      : record.details.produktKey === 'VH'
        ? vhProfessionById
        : siBusinessTypeById;
  return lookup(id)?.name ?? id;
}

/** The name of a change's cover list for Hausrat, the variant name otherwise. */
function deckungText(
  record: Pick<ContractRecord, 'produkt'>,
  value: Extract<PendingChange, { type: 'deckung' }>['value'],
) {
  if ('deckungsVariante' in value) {
    const variant = deckungsVariantenFor(record.produkt).find(
      (v) => v.deckungsVarianteIdentifier === value.deckungsVariante,
    );
    return variant?.deckungsVarianteName ?? value.deckungsVariante;
  }
  return HAUSRAT_COVERS.filter((cover) => value.hausratDeckungen.includes(cover.key))
    .map((cover) => cover.label)
    .join(', ');
}

/** The new value of a change in German, e.g. 'monatlich', 'eingeschlossen', 'Basisdeckung, Glas'. */
export function changeValueText(
  record: Pick<ContractRecord, 'produkt' | 'details'>,
  change: PendingChange,
): string {
  switch (change.type) {
    case 'zahlweise':
      return ZAHLWEISE_ADVERB[change.value];
    case 'selbstbeteiligung': {
      const euro = SELBSTBETEILIGUNG_EURO[change.value];
      return euro === 0 ? 'ohne Selbstbeteiligung' : formatCents(euro * 100);
    }
    case 'elementar':
    case 'buerohaftpflicht':
      return change.value ? 'eingeschlossen' : 'ausgeschlossen';
    case 'phvAnzahl':
      return PHV_ANZAHL_TEXT[change.value];
    case 'familienstand':
      return PHV_FAMILIENSTAND_OPTIONS.find((option) => option.key === change.value)?.label ?? change.value;
    case 'risikoort':
      return `${change.value.strasse} ${change.value.hausnummer}, ${change.value.plz} ${change.value.ort}`;
    case 'deckung':
      return deckungText(record, change.value);
    case 'jahresumsatz':
    case 'versicherungssumme':
      return formatCents(change.value);
    case 'gewerbearten':
      return [change.value.hauptgewerbe, ...change.value.nebengewerbe]
        .map((id) => gewerbeName(record, id))
        .join(', ');
    case 'bankverbindung':
      return `IBAN endet auf ${change.value.iban.replace(/\s/g, '').slice(-4)}`;
    case 'fahrrad':
      return `Rahmennummer ${change.value.rahmennummer}`;
  }
}

/** The name of a change: its kind's name; a Hausrat cover list is named as its page ('Versicherte Bausteine'). */
export function changeName(change: Pick<PendingChange, 'type' | 'value'>): string {
  if (change.type === 'deckung' && typeof change.value === 'object' && change.value !== null) {
    if ('hausratDeckungen' in change.value) return HAUSRAT_COVER_LIST_NAME;
  }
  return CHANGE_NAMES[change.type];
}

/** The page and entry name of the Hausrat cover list (a 'deckung' change). */
export const HAUSRAT_COVER_LIST_NAME = 'Versicherte Bausteine';

/** 'Elementarschutz: eingeschlossen' */
export function describeChange(
  record: Pick<ContractRecord, 'produkt' | 'details'>,
  change: PendingChange,
): string {
  return `${changeName(change)}: ${changeValueText(record, change)}`;
}

/** 'Elementarschutz: eingeschlossen ab 01.12.2026' */
export function describePendingChange(
  record: Pick<ContractRecord, 'produkt' | 'details'>,
  change: PendingChange,
): string {
  return `${describeChange(record, change)} ab ${formatDate(change.wirksamkeitsdatum)}`;
}

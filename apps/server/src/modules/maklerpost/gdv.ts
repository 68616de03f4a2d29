// GDV records of the agency's book (issue 16, docs/api/maklerpost.md 'GDV-Bestand'): fixed-width
// records of 256 characters in ISO-8859-1, each ended by CR LF. Numeric fields are right-aligned
// with leading zeros, alphanumeric fields left-aligned with spaces, dates TTMMJJJJ. The field
// positions are this product's (modelled on the published VU-Vermittler layout of the GDV, but
// simplified: one part record per Satzart, only the fields below); the doc lists them.
import type { Vertragsstatus, Zahlweise } from '@schirm/domain/products/enums';
import type { SummaryProdukt } from '@schirm/domain/products/enums';

export const GDV_RECORD_LENGTH = 256;
export const GDV_LINE_END = '\r\n';

/** The insurer's identifier in the VU-Nummer field (5 characters; this product's, see the doc). */
export const GDV_VU_NUMMER = 'SCHRM';
export const GDV_ABSENDER = 'Schirm Versicherung AG';

/** A field: 1-based start position and length, numeric (N) or alphanumeric (AN). */
interface Field {
  start: number;
  length: number;
  numeric: boolean;
}

const an = (start: number, length: number): Field => ({ start, length, numeric: false });
const n = (start: number, length: number): Field => ({ start, length, numeric: true });

/** The positions of every field this export writes (1-based, inclusive start), per Satzart. */
export const GDV_FIELDS = {
  common: { satzart: n(1, 4), vuNummer: an(5, 5) },
  vorsatz: {
    absender: an(10, 30),
    adressat: an(40, 30),
    zeitraumVom: n(70, 8),
    zeitraumBis: n(78, 8),
    vermittler: an(86, 10),
    erstellungsdatum: n(96, 8),
  },
  // Shared key of 0100 and 0200 (as in the published layout).
  schluessel: {
    buendelung: an(10, 1),
    sparte: n(11, 3),
    versicherungsscheinNummer: an(14, 17),
    folgenummer: n(31, 2),
    vermittler: an(33, 10),
  },
  adressteil: {
    anrede: n(43, 1),
    name: an(44, 30),
    vorname: an(74, 30),
    strasse: an(104, 30),
    land: an(134, 3),
    plz: an(137, 6),
    ort: an(143, 25),
    geburtsdatum: n(168, 8),
    partnernummer: an(176, 17),
  },
  vertragsteil: {
    beginn: n(43, 8),
    ablauf: n(51, 8),
    vertragsstatus: n(59, 1),
    abgangsdatum: n(60, 8),
    zahlungsweise: n(68, 1),
    waehrung: an(69, 3),
    gesamtbeitrag: n(72, 12),
    produkt: an(84, 30),
  },
  nachsatz: {
    anzahlSaetze: n(10, 10),
    anzahl0100: n(20, 10),
    anzahl0200: n(30, 10),
    summeGesamtbeitrag: n(40, 15),
    vermittler: an(55, 10),
  },
  satznummer: n(256, 1),
} as const;

/** Latin-1 text: letters outside ISO-8859-1 lose their accents ('ł' stays '?'), controls become spaces. */
export function toLatin1(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0x3f;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += ' ';
    else if (code <= 0xff) out += char;
    else {
      const plain = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += [...plain].every((c) => (c.codePointAt(0) ?? 0x100) <= 0xff && c >= ' ') ? plain : '?';
    }
  }
  return out;
}

/** A blank record with Satzart, VU-Nummer and Satznummer '1' set. */
class GdvRecord {
  private readonly chars: string[] = Array.from({ length: GDV_RECORD_LENGTH }, () => ' ');

  constructor(satzart: string) {
    this.set(GDV_FIELDS.common.satzart, satzart);
    this.set(GDV_FIELDS.common.vuNummer, GDV_VU_NUMMER);
    this.set(GDV_FIELDS.satznummer, 1);
  }

  set(field: Field, value: string | number | null | undefined): this {
    let text: string;
    if (field.numeric) {
      const digits = value === null || value === undefined || value === '' ? '0' : String(value);
      if (!/^\d+$/.test(digits)) throw new RangeError(`GDV numeric field at ${field.start}: ${digits}`);
      if (digits.length > field.length) {
        throw new RangeError(`GDV numeric field at ${field.start} holds ${field.length} digits: ${digits}`);
      }
      text = digits.padStart(field.length, '0');
    } else {
      text = toLatin1(value === null || value === undefined ? '' : String(value))
        .slice(0, field.length)
        .padEnd(field.length, ' ');
    }
    for (let i = 0; i < field.length; i += 1) this.chars[field.start - 1 + i] = text[i] ?? ' ';
    return this;
  }

  toString(): string {
    return this.chars.join('');
  }
}

/** 'yyyy-MM-dd' → 'TTMMJJJJ'; missing dates are '00000000'. */
export function gdvDate(date: string | null | undefined): string {
  if (!date) return '00000000';
  const [year, month, day] = date.split('-');
  return `${day}${month}${year}`;
}

/** Zahlungsweise codes (as in the published layout: 1 jährlich, 2 halbjährlich, 4 vierteljährlich, 8 monatlich, 6 Einmalbeitrag). */
export const GDV_ZAHLUNGSWEISE: Readonly<Record<Zahlweise, number>> = {
  JAEHRLICH: 1,
  HALBJAEHRLICH: 2,
  VIERTELJAEHRLICH: 4,
  MONATLICH: 8,
  EINMALIG: 6,
};

/** Vertragsstatus: 1 lebend (also when the end is already known), 2 storniert/beendet, 0 unbekannt. */
export const GDV_VERTRAGSSTATUS: Readonly<Record<Vertragsstatus, number>> = {
  LAUFEND: 1,
  AUSLAUFEND: 1,
  BEENDET: 2,
  AUFGEHOBEN: 2,
  STORNIERT: 2,
  UNBEKANNT: 0,
};

/** Sparte per product (see the doc for which codes follow the GDV's Spartenschlüssel). */
export const GDV_SPARTE: Readonly<Record<SummaryProdukt, string>> = {
  PRIVATHAFTPFLICHT: '040',
  TIERHALTERHAFTPFLICHT: '040',
  BHV_1: '040',
  BHV_2: '040',
  VH: '040',
  VH_2: '040',
  KFZ: '050',
  HAUSRAT: '130',
  FAHRRAD: '130',
  FAHRRAD_2: '130',
  SI_ALLGEFAHREN: '080',
  SI_MEHRGEFAHREN: '080',
  REISE: '000',
};

/** Anredeschlüssel: 1 Herr, 2 Frau, 3 Firma, 0 ohne Anrede (also 'divers'). */
export function gdvAnrede(personArt: string, anrede: string | null): number {
  if (personArt === 'JuristischePersonDTO') return 3;
  if (anrede === 'Herr') return 1;
  if (anrede === 'Frau') return 2;
  return 0;
}

export interface GdvVorsatz {
  adressat: string;
  vermittlernummer: string;
  /** The day of the book ('yyyy-MM-dd'): Zeitraum vom = bis = Erstellungsdatum. */
  stichtag: string;
}

export interface GdvContract {
  produkt: SummaryProdukt;
  produktName: string;
  versicherungsNummer: string;
  vermittlerNummer: string;
  status: Vertragsstatus;
  vertragsBeginn: string;
  ablaufdatum: string | null;
  beendigungsdatum: string | null;
  zahlweise: Zahlweise;
  bruttoBeitragProPeriodeCents: number;
  partner: {
    partnerNummer: string;
    personArt: string;
    anrede: string | null;
    vorname: string | null;
    nachname: string | null;
    firmenname: string | null;
    geburtsdatum: string | null;
    strasse: string | null;
    hausnummer: string | null;
    plz: string | null;
    ort: string | null;
    land: string | null;
  };
}

export function vorsatz(input: GdvVorsatz): string {
  const f = GDV_FIELDS.vorsatz;
  return new GdvRecord('0001')
    .set(f.absender, GDV_ABSENDER)
    .set(f.adressat, input.adressat)
    .set(f.zeitraumVom, gdvDate(input.stichtag))
    .set(f.zeitraumBis, gdvDate(input.stichtag))
    .set(f.vermittler, input.vermittlernummer)
    .set(f.erstellungsdatum, gdvDate(input.stichtag))
    .toString();
}

function withKey(record: GdvRecord, contract: GdvContract): GdvRecord {
  const k = GDV_FIELDS.schluessel;
  return record
    .set(k.sparte, GDV_SPARTE[contract.produkt])
    .set(k.versicherungsscheinNummer, contract.versicherungsNummer)
    .set(k.folgenummer, 1)
    .set(k.vermittler, contract.vermittlerNummer);
}

export function adressteil(contract: GdvContract): string {
  const f = GDV_FIELDS.adressteil;
  const p = contract.partner;
  const company = p.personArt === 'JuristischePersonDTO';
  return withKey(new GdvRecord('0100'), contract)
    .set(f.anrede, gdvAnrede(p.personArt, p.anrede))
    .set(f.name, company ? p.firmenname : p.nachname)
    .set(f.vorname, company ? '' : p.vorname)
    .set(f.strasse, [p.strasse, p.hausnummer].filter(Boolean).join(' '))
    .set(f.land, p.land === null || p.land === 'DE' ? 'D' : p.land)
    .set(f.plz, p.plz)
    .set(f.ort, p.ort)
    .set(f.geburtsdatum, company ? null : gdvDate(p.geburtsdatum))
    .set(f.partnernummer, p.partnerNummer)
    .toString();
}

export function vertragsteil(contract: GdvContract): string {
  const f = GDV_FIELDS.vertragsteil;
  return withKey(new GdvRecord('0200'), contract)
    .set(f.beginn, gdvDate(contract.vertragsBeginn))
    .set(f.ablauf, gdvDate(contract.ablaufdatum))
    .set(f.vertragsstatus, GDV_VERTRAGSSTATUS[contract.status])
    .set(f.abgangsdatum, gdvDate(contract.beendigungsdatum))
    .set(f.zahlungsweise, GDV_ZAHLUNGSWEISE[contract.zahlweise])
    .set(f.waehrung, 'EUR')
    .set(f.gesamtbeitrag, contract.bruttoBeitragProPeriodeCents)
    .set(f.produkt, contract.produktName)
    .toString();
}

export interface GdvTotals {
  anzahl0100: number;
  anzahl0200: number;
  summeGesamtbeitragCents: number;
}

export function nachsatz(totals: GdvTotals, vermittlernummer: string): string {
  const f = GDV_FIELDS.nachsatz;
  return new GdvRecord('9999')
    .set(f.anzahlSaetze, totals.anzahl0100 + totals.anzahl0200 + 2)
    .set(f.anzahl0100, totals.anzahl0100)
    .set(f.anzahl0200, totals.anzahl0200)
    .set(f.summeGesamtbeitrag, totals.summeGesamtbeitragCents)
    .set(f.vermittler, vermittlernummer)
    .toString();
}

/** A record as the bytes of the file: ISO-8859-1 and CR LF. */
export function gdvLine(record: string): Buffer {
  return Buffer.from(record + GDV_LINE_END, 'latin1');
}

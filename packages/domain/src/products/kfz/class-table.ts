// The motor class table: type classes (Typklassen) per vehicle, found by the manufacturer and type
// key numbers (HSN/TSN) of the registration certificate, and regional classes (Regionalklassen) per
// postcode area. Real classes are published yearly by the GDV and licensed by the insurer, so the
// table is operator data, read from a file like the ZÜRS file; the repository ships a synthetic
// default (class-table-synthetic.ts). Format (docs/tariffs/kfz.md, "Class table file"):
//
//   [typklassen]
//   hsn;tsn;hersteller;modell;leistung_kw;kh;tk;vk
//   0603;BJM;Volkswagen;Golf VII 1.6 TDI;81;16;21;18
//   [regionalklassen]
//   plz_praefix;bezeichnung;kh;tk;vk
//   80;München;9;12;7
//
// UTF-8 (a byte-order mark is ignored), ';' separated, each section starts with its marker and a
// header line, lines starting with '#' and empty lines are ignored, fields are not quoted.
// The parser is pure (no file access) so that browser and server share it.
import type { KfzSparte } from './catalogue';
import { REGIONALKLASSEN, TYPKLASSEN } from './tariff-data';
import type { KlassenSkala } from './tariff-data';

/** A class per part (KH, TK, VK). */
export type KfzKlassen = Readonly<Record<KfzSparte, number>>;

/** A vehicle type of the table, as the vehicle finder shows it. */
export interface KfzFahrzeug {
  /** Herstellerschlüsselnummer: 4 digits (field 2.1 of the registration certificate part I). */
  hsn: string;
  /** Typschlüsselnummer: the first 3 characters of field 2.2, upper case. */
  tsn: string;
  hersteller: string;
  modell: string;
  leistungKw: number;
  typklassen: KfzKlassen;
}

/** The regional classes of a postcode area (a Zulassungsbezirk approximated by postcode prefixes). */
export interface KfzRegion {
  /** 1 to 5 leading digits of the postcode; the longest matching prefix applies. */
  plzPraefix: string;
  bezeichnung: string;
  regionalklassen: KfzKlassen;
}

/** A parsed class table. */
export interface KfzClassTable {
  /** Where the table came from (file name or 'synthetisch'), for messages and logs. */
  source: string;
  /** Vehicles by `${hsn}/${tsn}`. */
  fahrzeuge: ReadonlyMap<string, KfzFahrzeug>;
  /** Regions by postcode prefix. */
  regionen: ReadonlyMap<string, KfzRegion>;
}

/** A class table that cannot be used; the message names the source and the first bad lines. */
export class KfzClassTableError extends Error {
  readonly problems: readonly string[];

  constructor(source: string, problems: readonly string[]) {
    const shown = problems.slice(0, 10);
    const more = problems.length > shown.length ? [`… und ${problems.length - shown.length} weitere`] : [];
    super([`Kfz-Klassentabelle ${source} ist ungültig:`, ...shown, ...more].join('\n  '));
    this.name = 'KfzClassTableError';
    this.problems = problems;
  }
}

export const TYPKLASSEN_SECTION = '[typklassen]';
export const REGIONALKLASSEN_SECTION = '[regionalklassen]';
export const TYPKLASSEN_HEADER = [
  'hsn',
  'tsn',
  'hersteller',
  'modell',
  'leistung_kw',
  'kh',
  'tk',
  'vk',
] as const;
export const REGIONALKLASSEN_HEADER = ['plz_praefix', 'bezeichnung', 'kh', 'tk', 'vk'] as const;

const HSN = /^\d{4}$/;
const TSN = /^[A-Z0-9]{3}$/;
const PLZ_PRAEFIX = /^\d{1,5}$/;
const SPARTEN: readonly KfzSparte[] = ['KH', 'TK', 'VK'];

function vehicleKey(hsn: string, tsn: string): string {
  return `${hsn}/${tsn}`;
}

/** Parses the three class fields kh;tk;vk against the scales; returns the classes or the problems. */
function parseKlassen(
  fields: readonly string[],
  scales: Record<KfzSparte, KlassenSkala>,
  what: string,
  line: number,
): KfzKlassen | string[] {
  const problems: string[] = [];
  const klassen: Partial<Record<KfzSparte, number>> = {};
  SPARTEN.forEach((sparte, index) => {
    const value = fields[index] ?? '';
    const { min, max } = scales[sparte];
    const klasse = /^\d{1,2}$/.test(value) ? Number(value) : Number.NaN;
    if (!(klasse >= min && klasse <= max)) {
      problems.push(
        `Zeile ${line}: ${what} ${sparte.toLowerCase()} „${value}“ liegt nicht zwischen ${min} und ${max}`,
      );
    } else {
      klassen[sparte] = klasse;
    }
  });
  if (problems.length > 0) return problems;
  return { KH: klassen.KH ?? 0, TK: klassen.TK ?? 0, VK: klassen.VK ?? 0 };
}

function parseVehicle(fields: readonly string[], line: number): KfzFahrzeug | string[] {
  if (fields.length !== TYPKLASSEN_HEADER.length) {
    return [`Zeile ${line}: ${TYPKLASSEN_HEADER.length} Felder erwartet, ${fields.length} gefunden`];
  }
  const [hsn = '', tsn = '', hersteller = '', modell = '', kw = '', ...klassenFields] = fields;
  const problems: string[] = [];
  if (!HSN.test(hsn)) problems.push(`Zeile ${line}: hsn „${hsn}“ besteht nicht aus 4 Ziffern`);
  if (!TSN.test(tsn)) {
    problems.push(`Zeile ${line}: tsn „${tsn}“ besteht nicht aus 3 Großbuchstaben oder Ziffern`);
  }
  if (hersteller === '') problems.push(`Zeile ${line}: hersteller fehlt`);
  if (modell === '') problems.push(`Zeile ${line}: modell fehlt`);
  const leistungKw = /^\d{1,4}$/.test(kw) ? Number(kw) : 0;
  if (leistungKw < 1 || leistungKw > 2_000) {
    problems.push(`Zeile ${line}: leistung_kw „${kw}“ ist keine ganze Zahl von 1 bis 2000`);
  }
  const typklassen = parseKlassen(klassenFields, TYPKLASSEN, 'Typklasse', line);
  if (Array.isArray(typklassen)) problems.push(...typklassen);
  if (problems.length > 0 || Array.isArray(typklassen)) return problems;
  return { hsn, tsn, hersteller, modell, leistungKw, typklassen };
}

function parseRegion(fields: readonly string[], line: number): KfzRegion | string[] {
  if (fields.length !== REGIONALKLASSEN_HEADER.length) {
    return [`Zeile ${line}: ${REGIONALKLASSEN_HEADER.length} Felder erwartet, ${fields.length} gefunden`];
  }
  const [plzPraefix = '', bezeichnung = '', ...klassenFields] = fields;
  const problems: string[] = [];
  if (!PLZ_PRAEFIX.test(plzPraefix)) {
    problems.push(`Zeile ${line}: plz_praefix „${plzPraefix}“ besteht nicht aus 1 bis 5 Ziffern`);
  }
  if (bezeichnung === '') problems.push(`Zeile ${line}: bezeichnung fehlt`);
  const regionalklassen = parseKlassen(klassenFields, REGIONALKLASSEN, 'Regionalklasse', line);
  if (Array.isArray(regionalklassen)) problems.push(...regionalklassen);
  if (problems.length > 0 || Array.isArray(regionalklassen)) return problems;
  return { plzPraefix, bezeichnung, regionalklassen };
}

type Section = 'typklassen' | 'regionalklassen';

/**
 * Parses the text of a class table file; throws KfzClassTableError (German, listing every bad line)
 * when a section, header or line is wrong, a vehicle or prefix occurs twice or a section is empty.
 */
export function parseKfzClassTable(text: string, source = 'Kfz-Klassentabelle'): KfzClassTable {
  const fahrzeuge = new Map<string, KfzFahrzeug>();
  const regionen = new Map<string, KfzRegion>();
  const problems: string[] = [];
  const seen = new Set<Section>();
  let section: Section | undefined;
  let expectHeader = false;
  text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .forEach((content, index) => {
      const line = index + 1;
      const trimmed = content.trim();
      if (trimmed === '' || trimmed.startsWith('#')) return;
      const marker = trimmed.toLowerCase();
      if (marker === TYPKLASSEN_SECTION || marker === REGIONALKLASSEN_SECTION) {
        section = marker === TYPKLASSEN_SECTION ? 'typklassen' : 'regionalklassen';
        if (seen.has(section)) problems.push(`Zeile ${line}: Abschnitt ${trimmed} kommt doppelt vor`);
        seen.add(section);
        expectHeader = true;
        return;
      }
      if (section === undefined) {
        problems.push(
          `Zeile ${line}: vor den Daten muss ${TYPKLASSEN_SECTION} oder ${REGIONALKLASSEN_SECTION} stehen`,
        );
        return;
      }
      const fields = content.split(';').map((field) => field.trim());
      const header = section === 'typklassen' ? TYPKLASSEN_HEADER : REGIONALKLASSEN_HEADER;
      if (expectHeader) {
        expectHeader = false;
        if (fields.map((field) => field.toLowerCase()).join(';') !== header.join(';')) {
          problems.push(`Zeile ${line}: Kopfzeile ${header.join(';')} erwartet`);
        }
        return;
      }
      if (section === 'typklassen') {
        const parsed = parseVehicle(fields, line);
        const key = Array.isArray(parsed) ? '' : vehicleKey(parsed.hsn, parsed.tsn);
        if (Array.isArray(parsed)) problems.push(...parsed);
        else if (fahrzeuge.has(key)) {
          problems.push(`Zeile ${line}: HSN ${parsed.hsn} mit TSN ${parsed.tsn} kommt doppelt vor`);
        } else fahrzeuge.set(key, parsed);
      } else {
        const parsed = parseRegion(fields, line);
        if (Array.isArray(parsed)) problems.push(...parsed);
        else if (regionen.has(parsed.plzPraefix)) {
          problems.push(`Zeile ${line}: plz_praefix ${parsed.plzPraefix} kommt doppelt vor`);
        } else regionen.set(parsed.plzPraefix, parsed);
      }
    });
  // Empty sections only count when nothing else is wrong: bad lines already explain the gap.
  if (!seen.has('typklassen')) problems.push(`Abschnitt ${TYPKLASSEN_SECTION} fehlt`);
  else if (fahrzeuge.size === 0 && problems.length === 0) {
    problems.push(`Abschnitt ${TYPKLASSEN_SECTION} enthält kein Fahrzeug`);
  }
  if (!seen.has('regionalklassen')) problems.push(`Abschnitt ${REGIONALKLASSEN_SECTION} fehlt`);
  else if (regionen.size === 0 && problems.length === 0) {
    problems.push(`Abschnitt ${REGIONALKLASSEN_SECTION} enthält keine Region`);
  }
  if (problems.length > 0) throw new KfzClassTableError(source, problems);
  return { source, fahrzeuge, regionen };
}

/** Normalises a type key number as people type it: trimmed and upper case ('bjm' → 'BJM'). */
export function normaliseTsn(tsn: string): string {
  return tsn.trim().toUpperCase();
}

/**
 * The vehicle of an HSN/TSN pair (manufacturer, model, power, type classes), or undefined when the
 * table does not know it. The TSN is compared in upper case; only its first 3 characters count, as
 * on the registration certificate (field 2.2 may show 8 or more).
 */
export function findVehicle(hsn: string, tsn: string, classes: KfzClassTable): KfzFahrzeug | undefined {
  return classes.fahrzeuge.get(vehicleKey(hsn.trim(), normaliseTsn(tsn).slice(0, 3)));
}

/** All types of one manufacturer key number, sorted by model, for a finder listing. */
export function vehiclesOfHsn(hsn: string, classes: KfzClassTable): KfzFahrzeug[] {
  return [...classes.fahrzeuge.values()]
    .filter((fahrzeug) => fahrzeug.hsn === hsn.trim())
    .sort((a, b) => a.modell.localeCompare(b.modell, 'de') || a.tsn.localeCompare(b.tsn));
}

/** The region of a postcode: the row with the longest matching prefix, or undefined. */
export function findRegion(plz: string, classes: KfzClassTable): KfzRegion | undefined {
  for (let length = Math.min(plz.length, 5); length >= 1; length -= 1) {
    const region = classes.regionen.get(plz.slice(0, length));
    if (region) return region;
  }
  return undefined;
}

// The ZÜRS rows indexed by postcode, place and street, and the look-up rules:
//
//   1. street and house number given: the segment (or whole-street row) containing the number;
//   2. street given without a number, or the number outside every segment of the street: the
//      highest class of the street's rows when there is no number, otherwise rule 3;
//   3. the place row (of the given place; without a place, the highest place row of the postcode);
//   4. nothing matches: ZUERS_DEFAULT_KLASSE (GK 1).
//
// Taking the highest class where the position is unknown keeps elementary cover from being
// offered on a guess along a river. A file that contradicts itself (two rows for one place,
// overlapping house-number ranges) is refused when loading, so every answer is unambiguous.
import { readZuersFile, ZuersFileError, type ZuersKlasse, type ZuersRow } from './zuers-file';
import { compareGerman, rankByPattern, searchForms } from './search-text';

/** Class of an address no row covers: the class of the large majority of German addresses. */
export const ZUERS_DEFAULT_KLASSE: ZuersKlasse = 1;

/** Which rule decided a class: house-number segment, whole street, place row, or the default. */
export type ZuersBasis = 'HAUSNUMMER' | 'STRASSE' | 'ORT' | 'STANDARD';

export interface ZuersSegment {
  /** Both undefined: the whole street. */
  hausnummerVon?: number;
  hausnummerBis?: number;
  zuersKlasse: ZuersKlasse;
}

export interface ZuersStreet {
  plz: string;
  ort: string;
  strasse: string;
  /** By house number; a whole-street row is the only segment of its street. */
  abschnitte: ZuersSegment[];
}

interface PlaceEntry {
  plz: string;
  ort: string;
  zuersKlasse?: ZuersKlasse;
  streets: Map<string, ZuersStreet>;
}

export interface ZuersTable {
  /** File the table was read from. */
  source: string;
  rowCount: number;
  byPostcode: ReadonlyMap<string, readonly PlaceEntry[]>;
}

/** Key under which spellings of one name meet: 'Leipziger Str.' = 'leipziger straße' = 'Leipziger-Strasse'. */
export function nameKey(name: string): string {
  return searchForms(name)[0]
    .replace(/str\./g, 'strasse')
    .replace(/str$/, 'strasse')
    .replace(/[^a-z0-9]/g, '');
}

/** Leading number of a house number ('12a' → 12, '12-14' → 12, '3/1' → 3), undefined without one. */
export function houseNumberValue(hausnummer: string | undefined): number | undefined {
  const digits = hausnummer?.trim().match(/^\d+/)?.[0];
  return digits === undefined ? undefined : Number(digits);
}

function overlaps(left: ZuersSegment, right: ZuersSegment): boolean {
  if (left.hausnummerVon === undefined || right.hausnummerVon === undefined) return true;
  return (
    left.hausnummerVon <= (right.hausnummerBis as number) &&
    right.hausnummerVon <= (left.hausnummerBis as number)
  );
}

function placeFor(byPostcode: Map<string, PlaceEntry[]>, row: ZuersRow): PlaceEntry {
  const places = byPostcode.get(row.plz) ?? [];
  byPostcode.set(row.plz, places);
  const key = nameKey(row.ort);
  let place = places.find((entry) => nameKey(entry.ort) === key);
  if (!place) {
    place = { plz: row.plz, ort: row.ort, streets: new Map() };
    places.push(place);
  }
  return place;
}

function addRow(byPostcode: Map<string, PlaceEntry[]>, row: ZuersRow): string | undefined {
  const place = placeFor(byPostcode, row);
  if (row.strasse === undefined) {
    if (place.zuersKlasse !== undefined)
      return `Zeile ${row.line}: zweite Ortszeile für ${row.plz} ${row.ort}`;
    place.zuersKlasse = row.zuersKlasse;
    return undefined;
  }
  const key = nameKey(row.strasse);
  const street = place.streets.get(key) ?? {
    plz: row.plz,
    ort: place.ort,
    strasse: row.strasse,
    abschnitte: [],
  };
  place.streets.set(key, street);
  const segment: ZuersSegment =
    row.hausnummerVon === undefined
      ? { zuersKlasse: row.zuersKlasse }
      : { hausnummerVon: row.hausnummerVon, hausnummerBis: row.hausnummerBis, zuersKlasse: row.zuersKlasse };
  if (street.abschnitte.some((existing) => overlaps(existing, segment))) {
    return `Zeile ${row.line}: Hausnummern von ${row.strasse} (${row.plz} ${row.ort}) überschneiden sich mit einer früheren Zeile`;
  }
  street.abschnitte.push(segment);
  street.abschnitte.sort((left, right) => (left.hausnummerVon ?? 0) - (right.hausnummerVon ?? 0));
  return undefined;
}

/** Indexes parsed rows; throws ZuersFileError when rows contradict each other. */
export function buildZuersTable(rows: readonly ZuersRow[], source: string): ZuersTable {
  const byPostcode = new Map<string, PlaceEntry[]>();
  const problems = rows.map((row) => addRow(byPostcode, row)).filter((problem) => problem !== undefined);
  if (problems.length > 0) throw new ZuersFileError(source, problems);
  return { source, rowCount: rows.length, byPostcode };
}

/** Reads, checks and indexes a ZÜRS file (the synthetic one or the operator's licensed export). */
export function loadZuersFile(path: string): ZuersTable {
  return buildZuersTable(readZuersFile(path), path);
}

export interface ZuersQuery {
  plz: string;
  ort?: string;
  strasse?: string;
  hausnummer?: string;
}

export interface ZuersResult {
  zuersKlasse: ZuersKlasse;
  basis: ZuersBasis;
}

function highest(classes: readonly ZuersKlasse[]): ZuersKlasse {
  return Math.max(...classes) as ZuersKlasse;
}

function placesOf(table: ZuersTable, plz: string, ort: string | undefined): readonly PlaceEntry[] {
  const places = table.byPostcode.get(plz) ?? [];
  if (ort === undefined || ort.trim() === '') return places;
  const key = nameKey(ort);
  return places.filter((place) => nameKey(place.ort) === key);
}

function streetResult(places: readonly PlaceEntry[], strasse: string, hausnummer: string | undefined) {
  const key = nameKey(strasse);
  const segments = places.flatMap((place) => place.streets.get(key)?.abschnitte ?? []);
  if (segments.length === 0) return undefined;
  const number = houseNumberValue(hausnummer);
  if (number === undefined)
    return { zuersKlasse: highest(segments.map((s) => s.zuersKlasse)), basis: 'STRASSE' as const };
  const containing = segments.filter(
    (s) =>
      s.hausnummerVon === undefined || (s.hausnummerVon <= number && number <= (s.hausnummerBis as number)),
  );
  if (containing.length === 0) return undefined;
  const isWholeStreet = containing.every((s) => s.hausnummerVon === undefined);
  return {
    zuersKlasse: highest(containing.map((s) => s.zuersKlasse)),
    basis: isWholeStreet ? 'STRASSE' : 'HAUSNUMMER',
  } as const;
}

/** The ZÜRS class of an address in the table, with the rule that decided it. */
export function lookupZuers(table: ZuersTable, { plz, ort, strasse, hausnummer }: ZuersQuery): ZuersResult {
  const places = placesOf(table, plz, ort);
  const byStreet = strasse && strasse.trim() !== '' ? streetResult(places, strasse, hausnummer) : undefined;
  if (byStreet) return byStreet;
  const placeClasses = places.flatMap((place) =>
    place.zuersKlasse === undefined ? [] : [place.zuersKlasse],
  );
  if (placeClasses.length > 0) return { zuersKlasse: highest(placeClasses), basis: 'ORT' };
  return { zuersKlasse: ZUERS_DEFAULT_KLASSE, basis: 'STANDARD' };
}

export interface ZuersPlaceInfo {
  plz: string;
  ort: string;
  zuersKlasse: ZuersKlasse;
  basis: Extract<ZuersBasis, 'ORT' | 'STANDARD'>;
  /** True when the table has street rows for the place, so a street refines the class. */
  strassenVorhanden: boolean;
}

/** The places of a postcode (from the postcode data and the table), each with its place class. */
export function zuersPlaces(
  table: ZuersTable,
  plz: string,
  knownPlaces: readonly string[],
): ZuersPlaceInfo[] {
  const tablePlaces = table.byPostcode.get(plz) ?? [];
  const names = [...knownPlaces];
  for (const place of tablePlaces) {
    if (!names.some((name) => nameKey(name) === nameKey(place.ort))) names.push(place.ort);
  }
  return names.sort(compareGerman).map((ort) => {
    const entry = tablePlaces.find((place) => nameKey(place.ort) === nameKey(ort));
    return {
      plz,
      ort,
      zuersKlasse: entry?.zuersKlasse ?? ZUERS_DEFAULT_KLASSE,
      basis: entry?.zuersKlasse === undefined ? 'STANDARD' : 'ORT',
      strassenVorhanden: (entry?.streets.size ?? 0) > 0,
    };
  });
}

/** Most streets one street search returns. */
export const ZUERS_STREET_LIMIT = 100;

export interface ZuersStreetQuery {
  plz: string;
  ort?: string;
  pattern?: string;
}

/** Streets of a postcode (optionally of one place) whose name contains the pattern, best match first. */
export function zuersStreets(table: ZuersTable, { plz, ort, pattern }: ZuersStreetQuery): ZuersStreet[] {
  const streets = placesOf(table, plz, ort).flatMap((place) => [...place.streets.values()]);
  // Copies, so that no caller can change the process-wide table.
  return rankByPattern(streets, (street) => street.strasse, pattern ?? '', ZUERS_STREET_LIMIT).map(
    (street) => ({
      ...street,
      abschnitte: street.abschnitte.map((segment) => ({ ...segment })),
    }),
  );
}

// The ZÜRS file: flood hazard classes (ZÜRS Geo, GDV) per place, street and house-number range.
// Real ZÜRS data is licensed by the GDV; the repository ships a synthetic file in the same format
// and an operator points ZUERS_FILE at the licensed export (format in docs/DATA.md):
//
//   plz;ort;strasse;hausnummer_von;hausnummer_bis;zuers_klasse
//   50667;Köln;;;;2                      place row: class of the place where no street row applies
//   50667;Köln;Rheingarten;;;4           street row: the whole street
//   50667;Köln;Frankenwerft;1;35;4       segment row: house numbers 1 to 35 inclusive
//
// UTF-8 (a byte-order mark is ignored), ';' separated, header line required, lines starting with
// '#' and empty lines ignored. Fields are not quoted, so a value cannot contain ';'.
import fs from 'node:fs';

/** ZÜRS flood hazard classes, 1 (lowest) to 4 (highest). */
export type ZuersKlasse = 1 | 2 | 3 | 4;

export const ZUERS_HEADER = [
  'plz',
  'ort',
  'strasse',
  'hausnummer_von',
  'hausnummer_bis',
  'zuers_klasse',
] as const;

export interface ZuersRow {
  /** Line number in the file, for error messages. */
  line: number;
  plz: string;
  ort: string;
  /** Undefined on a place row. */
  strasse?: string;
  /** Both undefined on a place or whole-street row. */
  hausnummerVon?: number;
  hausnummerBis?: number;
  zuersKlasse: ZuersKlasse;
}

/** A ZÜRS file that cannot be used; the message names the file and the first bad lines. */
export class ZuersFileError extends Error {
  constructor(source: string, problems: readonly string[]) {
    const shown = problems.slice(0, 10);
    const more = problems.length > shown.length ? [`… und ${problems.length - shown.length} weitere`] : [];
    super([`ZÜRS-Datei ${source} ist ungültig:`, ...shown, ...more].join('\n  '));
    this.name = 'ZuersFileError';
  }
}

const HOUSE_NUMBER = /^[1-9]\d{0,4}$/;

function parseLine(fields: readonly string[], line: number): ZuersRow | string {
  if (fields.length !== ZUERS_HEADER.length) {
    return `Zeile ${line}: ${ZUERS_HEADER.length} Felder erwartet, ${fields.length} gefunden`;
  }
  const [plz = '', ort = '', strasse = '', von = '', bis = '', klasse = ''] = fields.map((field) =>
    field.trim(),
  );
  if (!/^\d{5}$/.test(plz)) return `Zeile ${line}: plz „${plz}“ ist keine fünfstellige Postleitzahl`;
  if (ort === '') return `Zeile ${line}: ort fehlt`;
  if (!/^[1-4]$/.test(klasse)) return `Zeile ${line}: zuers_klasse „${klasse}“ ist nicht 1, 2, 3 oder 4`;
  const row: ZuersRow = { line, plz, ort, zuersKlasse: Number(klasse) as ZuersKlasse };
  if (von === '' && bis === '') return strasse === '' ? row : { ...row, strasse };
  if (strasse === '') return `Zeile ${line}: Hausnummern ohne strasse`;
  if (!HOUSE_NUMBER.test(von) || !HOUSE_NUMBER.test(bis)) {
    return `Zeile ${line}: hausnummer_von und hausnummer_bis müssen beide ganze Zahlen ab 1 sein`;
  }
  if (Number(von) > Number(bis)) return `Zeile ${line}: hausnummer_von ist größer als hausnummer_bis`;
  return { ...row, strasse, hausnummerVon: Number(von), hausnummerBis: Number(bis) };
}

/** Parses the text of a ZÜRS file; throws ZuersFileError listing every bad line. */
export function parseZuersCsv(text: string, source: string): ZuersRow[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const rows: ZuersRow[] = [];
  const problems: string[] = [];
  let hasHeader = false;
  lines.forEach((content, index) => {
    const line = index + 1;
    if (content.trim() === '' || content.startsWith('#')) return;
    const fields = content.split(';');
    if (!hasHeader) {
      hasHeader = true;
      const header = fields.map((field) => field.trim().toLowerCase()).join(';');
      if (header !== ZUERS_HEADER.join(';'))
        problems.push(`Zeile ${line}: Kopfzeile ${ZUERS_HEADER.join(';')} erwartet`);
      return;
    }
    const parsed = parseLine(fields, line);
    if (typeof parsed === 'string') problems.push(parsed);
    else rows.push(parsed);
  });
  if (!hasHeader) problems.push(`Kopfzeile ${ZUERS_HEADER.join(';')} fehlt`);
  if (problems.length > 0) throw new ZuersFileError(source, problems);
  return rows;
}

/** Reads and parses a ZÜRS file; throws ZuersFileError when it is missing or invalid. */
export function readZuersFile(path: string): ZuersRow[] {
  let text: string;
  try {
    text = fs.readFileSync(path, 'utf8');
  } catch (error) {
    throw new ZuersFileError(path, [`Datei nicht lesbar: ${(error as Error).message}`]);
  }
  return parseZuersCsv(text, path);
}

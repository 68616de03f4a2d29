import { describe, expect, it } from 'vitest';
import { isKnownPostcode, placesOfPostcode } from './postcodes';
import { SYNTHETIC_ZUERS_FILE } from './zuers';
import { parseZuersCsv, readZuersFile } from './zuers-file';
import {
  buildZuersTable,
  houseNumberValue,
  loadZuersFile,
  lookupZuers,
  nameKey,
  zuersPlaces,
  zuersStreets,
} from './zuers-table';

const HEADER = 'plz;ort;strasse;hausnummer_von;hausnummer_bis;zuers_klasse';

function table(...lines: string[]) {
  return buildZuersTable(parseZuersCsv([HEADER, ...lines].join('\n'), 'test.csv'), 'test.csv');
}

const sample = table(
  '50667;Köln;;;;2',
  '50667;Köln;Frankenwerft;1;35;4',
  '50667;Köln;Frankenwerft;36;60;3',
  '50667;Köln;Rheingarten;;;4',
  '50667;Köln;Hohe Straße;1;160;1',
  '94036;Passau;;;;2',
  '94036;Neuburg am Inn;;;;1',
  '94036;Passau;Löwenmühle;;;4',
);

describe('nameKey and houseNumberValue', () => {
  it('lets spellings of one street meet', () => {
    const key = nameKey('Leipziger Straße');
    expect(
      ['Leipziger Str.', 'leipziger strasse', 'Leipziger-Strasse', 'LEIPZIGER STR'].map(nameKey),
    ).toEqual([key, key, key, key]);
    expect(nameKey('Konrad Adenauer Ufer')).toBe(nameKey('Konrad-Adenauer-Ufer'));
    expect(nameKey('Hauptstr.')).toBe(nameKey('Hauptstraße'));
  });

  it.each([
    ['12', 12],
    ['12a', 12],
    [' 12 b', 12],
    ['12-14', 12],
    ['3/1', 3],
    ['a', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('reads house number %s as %s', (input, value) => {
    expect(houseNumberValue(input)).toBe(value);
  });
});

describe('lookupZuers', () => {
  it.each([
    [{ plz: '50667', strasse: 'Frankenwerft', hausnummer: '1' }, 4, 'HAUSNUMMER'],
    [{ plz: '50667', strasse: 'Frankenwerft', hausnummer: '35' }, 4, 'HAUSNUMMER'],
    [{ plz: '50667', strasse: 'Frankenwerft', hausnummer: '36a' }, 3, 'HAUSNUMMER'],
    [{ plz: '50667', strasse: 'frankenwerft', hausnummer: '60' }, 3, 'HAUSNUMMER'],
    [{ plz: '50667', strasse: 'Frankenwerft', hausnummer: '61' }, 2, 'ORT'],
    [{ plz: '50667', strasse: 'Frankenwerft' }, 4, 'STRASSE'],
    [{ plz: '50667', strasse: 'Rheingarten', hausnummer: '7' }, 4, 'STRASSE'],
    [{ plz: '50667', strasse: 'Hohe Str.', hausnummer: '100' }, 1, 'HAUSNUMMER'],
    [{ plz: '50667', strasse: 'Unbekannte Gasse', hausnummer: '1' }, 2, 'ORT'],
    [{ plz: '50667' }, 2, 'ORT'],
    [{ plz: '50667', ort: 'köln' }, 2, 'ORT'],
    [{ plz: '94036' }, 2, 'ORT'],
    [{ plz: '94036', ort: 'Neuburg am Inn' }, 1, 'ORT'],
    [{ plz: '94036', ort: 'Neuburg am Inn', strasse: 'Löwenmühle' }, 1, 'ORT'],
    [{ plz: '94036', strasse: 'Löwenmuehle' }, 4, 'STRASSE'],
    [{ plz: '94036', ort: 'Andernorts' }, 1, 'STANDARD'],
    [{ plz: '10115', strasse: 'Invalidenstraße', hausnummer: '1' }, 1, 'STANDARD'],
  ])('%o has class %i by rule %s', (query, zuersKlasse, basis) => {
    expect(lookupZuers(sample, query)).toEqual({ zuersKlasse, basis });
  });
});

describe('buildZuersTable', () => {
  it.each([
    [['50667;Köln;;;;2', '50667;KÖLN;;;;3'], 'Zeile 3: zweite Ortszeile für 50667 KÖLN'],
    [['50667;Köln;Heumarkt;1;40;3', '50667;Köln;Heumarkt;40;90;2'], 'Zeile 3: Hausnummern von Heumarkt'],
    [['50667;Köln;Heumarkt;;;3', '50667;Köln;Heumarkt;1;10;2'], 'Zeile 3: Hausnummern von Heumarkt'],
  ])('refuses contradicting rows %o', (lines, message) => {
    expect(() => table(...lines)).toThrow(message);
  });

  it('keeps adjacent ranges and differently named streets apart', () => {
    const adjacent = table(
      '50667;Köln;Heumarkt;1;10;3',
      '50667;Köln;Heumarkt;11;20;2',
      '50667;Köln;Heumarktstraße;;;4',
    );
    expect(lookupZuers(adjacent, { plz: '50667', strasse: 'Heumarkt', hausnummer: '11' }).zuersKlasse).toBe(
      2,
    );
    expect(
      lookupZuers(adjacent, { plz: '50667', strasse: 'Heumarktstr.', hausnummer: '11' }).zuersKlasse,
    ).toBe(4);
  });
});

describe('zuersPlaces and zuersStreets', () => {
  it('lists the places of the postcode data with their class, and places only the table knows', () => {
    expect(zuersPlaces(sample, '94036', ['Neuburg am Inn', 'Passau'])).toEqual([
      { plz: '94036', ort: 'Neuburg am Inn', zuersKlasse: 1, basis: 'ORT', strassenVorhanden: false },
      { plz: '94036', ort: 'Passau', zuersKlasse: 2, basis: 'ORT', strassenVorhanden: true },
    ]);
    expect(zuersPlaces(sample, '10115', ['Berlin'])).toEqual([
      { plz: '10115', ort: 'Berlin', zuersKlasse: 1, basis: 'STANDARD', strassenVorhanden: false },
    ]);
    expect(zuersPlaces(sample, '50667', []).map((place) => place.ort)).toEqual(['Köln']);
  });

  it('lists streets with their segments, filtered by place and pattern', () => {
    expect(zuersStreets(sample, { plz: '50667', pattern: 'werft' })).toEqual([
      {
        plz: '50667',
        ort: 'Köln',
        strasse: 'Frankenwerft',
        abschnitte: [
          { hausnummerVon: 1, hausnummerBis: 35, zuersKlasse: 4 },
          { hausnummerVon: 36, hausnummerBis: 60, zuersKlasse: 3 },
        ],
      },
    ]);
    expect(zuersStreets(sample, { plz: '50667' }).map((street) => street.strasse)).toEqual([
      'Frankenwerft',
      'Hohe Straße',
      'Rheingarten',
    ]);
    expect(zuersStreets(sample, { plz: '94036', ort: 'Neuburg am Inn' })).toEqual([]);
    expect(zuersStreets(sample, { plz: '10115' })).toEqual([]);
  });

  it('hands out copies that cannot change the table', () => {
    const [street] = zuersStreets(sample, { plz: '94036' });
    street?.abschnitte.splice(0);
    expect(lookupZuers(sample, { plz: '94036', strasse: 'Löwenmühle' }).zuersKlasse).toBe(4);
  });
});

describe('the synthetic ZÜRS file', () => {
  const rows = readZuersFile(SYNTHETIC_ZUERS_FILE);
  const synthetic = loadZuersFile(SYNTHETIC_ZUERS_FILE);

  it('loads without contradictions and has a few hundred rows', () => {
    expect(synthetic.rowCount).toBe(rows.length);
    expect(rows.length).toBeGreaterThan(200);
    expect(rows.length).toBeLessThan(1000);
  });

  it('uses only real postcodes with their real place names', () => {
    const wrong = rows.filter(
      (row) => !isKnownPostcode(row.plz) || !placesOfPostcode(row.plz).includes(row.ort),
    );
    expect(wrong).toEqual([]);
  });

  it('covers every class and the river cities of the documentation', () => {
    expect(new Set(rows.map((row) => row.zuersKlasse))).toEqual(new Set([1, 2, 3, 4]));
    expect(
      lookupZuers(synthetic, { plz: '50667', strasse: 'Frankenwerft', hausnummer: '10' }).zuersKlasse,
    ).toBe(4);
    expect(
      lookupZuers(synthetic, { plz: '01067', strasse: 'Terrassenufer', hausnummer: '2' }).zuersKlasse,
    ).toBe(4);
    expect(lookupZuers(synthetic, { plz: '94032', strasse: 'Ort', hausnummer: '5' }).zuersKlasse).toBe(4);
    expect(
      lookupZuers(synthetic, { plz: '50667', strasse: 'Hohe Straße', hausnummer: '50' }).zuersKlasse,
    ).toBe(1);
    expect(lookupZuers(synthetic, { plz: '50859' })).toEqual({ zuersKlasse: 1, basis: 'ORT' });
  });
});

import { describe, expect, it } from 'vitest';
import {
  findRegion,
  findVehicle,
  KfzClassTableError,
  parseKfzClassTable,
  vehiclesOfHsn,
} from './class-table';
import { DEFAULT_KFZ_CLASS_TABLE, SYNTHETIC_KFZ_CLASSES_CSV } from './class-table-synthetic';

const VALID = [
  '\uFEFF# Kommentar',
  '[typklassen]',
  'hsn;tsn;hersteller;modell;leistung_kw;kh;tk;vk',
  '0603;BJM;Volkswagen;Golf VII 1.6 TDI;81;16;21;18',
  '',
  '[Regionalklassen]',
  'PLZ_PRAEFIX;bezeichnung;kh;tk;vk',
  '8;Bayern Süd;6;12;5',
  '80;München;9;14;7',
  '80331;München Altstadt;10;15;8',
].join('\r\n');

function problems(text: string): readonly string[] {
  try {
    parseKfzClassTable(text, 'test.csv');
  } catch (error) {
    if (error instanceof KfzClassTableError) return error.problems;
    throw error;
  }
  throw new Error('expected the table to be refused');
}

describe('parseKfzClassTable', () => {
  it('reads both sections (BOM, CRLF, comments, empty lines, case of markers and headers)', () => {
    const table = parseKfzClassTable(VALID, 'test.csv');
    expect(table.source).toBe('test.csv');
    expect(findVehicle('0603', 'BJM', table)).toEqual({
      hsn: '0603',
      tsn: 'BJM',
      hersteller: 'Volkswagen',
      modell: 'Golf VII 1.6 TDI',
      leistungKw: 81,
      typklassen: { KH: 16, TK: 21, VK: 18 },
    });
    expect([...table.regionen.keys()]).toEqual(['8', '80', '80331']);
  });

  it('lists every bad line in German, naming the file', () => {
    const text = [
      '[typklassen]',
      'hsn;tsn;hersteller;modell;leistung_kw;kh;tk;vk',
      '603;bjm;Volkswagen;Golf;81;9;34;35',
      '0603;BJM;;Golf;0;16;21;18',
      '0603;BJM;Volkswagen;Golf;81;16;21;18',
      '0603;BJM;Volkswagen;Golf;81;16;21;18',
      '0603;BJN;Volkswagen;Golf',
      '[regionalklassen]',
      'plz;bezeichnung;kh;tk;vk',
      '80;München;13;0;10',
      '80;München;9;14;7',
      '80;München;9;14;7',
      '123456;;1;1;1',
    ].join('\n');
    expect(problems(text)).toEqual([
      'Zeile 3: hsn „603“ besteht nicht aus 4 Ziffern',
      'Zeile 3: tsn „bjm“ besteht nicht aus 3 Großbuchstaben oder Ziffern',
      'Zeile 3: Typklasse kh „9“ liegt nicht zwischen 10 und 25',
      'Zeile 3: Typklasse tk „34“ liegt nicht zwischen 10 und 33',
      'Zeile 3: Typklasse vk „35“ liegt nicht zwischen 10 und 34',
      'Zeile 4: hersteller fehlt',
      'Zeile 4: leistung_kw „0“ ist keine ganze Zahl von 1 bis 2000',
      'Zeile 6: HSN 0603 mit TSN BJM kommt doppelt vor',
      'Zeile 7: 8 Felder erwartet, 4 gefunden',
      'Zeile 9: Kopfzeile plz_praefix;bezeichnung;kh;tk;vk erwartet',
      'Zeile 10: Regionalklasse kh „13“ liegt nicht zwischen 1 und 12',
      'Zeile 10: Regionalklasse tk „0“ liegt nicht zwischen 1 und 16',
      'Zeile 10: Regionalklasse vk „10“ liegt nicht zwischen 1 und 9',
      'Zeile 12: plz_praefix 80 kommt doppelt vor',
      'Zeile 13: plz_praefix „123456“ besteht nicht aus 1 bis 5 Ziffern',
      'Zeile 13: bezeichnung fehlt',
    ]);
  });

  it('refuses data before a section, missing and duplicate sections, and empty sections', () => {
    expect(problems('0603;BJM;Volkswagen;Golf;81;16;21;18')).toEqual([
      'Zeile 1: vor den Daten muss [typklassen] oder [regionalklassen] stehen',
      'Abschnitt [typklassen] fehlt',
      'Abschnitt [regionalklassen] fehlt',
    ]);
    expect(
      problems('[typklassen]\nhsn;tsn;hersteller;modell;leistung_kw;kh;tk;vk\n[regionalklassen]'),
    ).toEqual(['Abschnitt [typklassen] enthält kein Fahrzeug']);
    expect(problems(`${VALID}\n[typklassen]\nhsn;tsn;hersteller;modell;leistung_kw;kh;tk;vk`)).toEqual([
      'Zeile 11: Abschnitt [typklassen] kommt doppelt vor',
    ]);
  });

  it('names the file and at most ten problems in the message', () => {
    const rows = Array.from({ length: 12 }, () => 'x;y;z;1;1');
    const text = ['[regionalklassen]', 'plz_praefix;bezeichnung;kh;tk;vk', ...rows].join('\n');
    let message = '';
    try {
      parseKfzClassTable(text, '/srv/kfz.csv');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split('\n')[0]).toBe('Kfz-Klassentabelle /srv/kfz.csv ist ungültig:');
    expect(message).toContain('… und ');
  });
});

describe('look-ups', () => {
  const table = parseKfzClassTable(VALID);

  it('finds a vehicle by HSN and TSN, the TSN in any case and only its first 3 characters', () => {
    expect(findVehicle('0603', 'bjm', table)?.modell).toBe('Golf VII 1.6 TDI');
    expect(findVehicle(' 0603 ', 'BJM00123', table)?.modell).toBe('Golf VII 1.6 TDI');
    expect(findVehicle('0603', 'BJN', table)).toBeUndefined();
    expect(findVehicle('0604', 'BJM', table)).toBeUndefined();
  });

  it('takes the region with the longest matching postcode prefix', () => {
    expect(findRegion('80331', table)?.bezeichnung).toBe('München Altstadt');
    expect(findRegion('80335', table)?.bezeichnung).toBe('München');
    expect(findRegion('85354', table)?.bezeichnung).toBe('Bayern Süd');
    expect(findRegion('50667', table)).toBeUndefined();
  });

  it('lists the types of a manufacturer, by model', () => {
    expect(vehiclesOfHsn('0603', DEFAULT_KFZ_CLASS_TABLE).map((fahrzeug) => fahrzeug.modell)).toEqual([
      'Golf VII 1.4 TSI',
      'Golf VII 1.6 TDI',
      'ID.3 Pro',
      'Passat Variant 2.0 TDI',
      'Polo VI 1.0 TSI',
      'Tiguan II 2.0 TDI 4MOTION',
    ]);
  });
});

describe('the synthetic default table', () => {
  it('is marked synthetic and parses', () => {
    expect(SYNTHETIC_KFZ_CLASSES_CSV).toMatch(/^# Kfz-Klassentabelle, SYNTHETISCH/);
    expect(DEFAULT_KFZ_CLASS_TABLE.source).toBe('synthetisch');
    expect(DEFAULT_KFZ_CLASS_TABLE.fahrzeuge.size).toBe(24);
  });

  it('has a region for every German Leitregion (postcodes 01–99 without 05, 11, 43, 62)', () => {
    const missing: string[] = [];
    for (let leitregion = 1; leitregion <= 99; leitregion += 1) {
      const prefix = String(leitregion).padStart(2, '0');
      if (['05', '11', '43', '62'].includes(prefix)) continue;
      if (!findRegion(`${prefix}123`, DEFAULT_KFZ_CLASS_TABLE)) missing.push(prefix);
    }
    expect(missing).toEqual([]);
    expect(findRegion('27568', DEFAULT_KFZ_CLASS_TABLE)?.bezeichnung).toBe('Bremerhaven');
    expect(findRegion('27283', DEFAULT_KFZ_CLASS_TABLE)?.bezeichnung).toBe('Verden');
  });
});

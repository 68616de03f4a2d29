import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseZuersCsv, readZuersFile, ZuersFileError } from './zuers-file';

const HEADER = 'plz;ort;strasse;hausnummer_von;hausnummer_bis;zuers_klasse';

function parse(...lines: string[]) {
  return parseZuersCsv([HEADER, ...lines].join('\n'), 'test.csv');
}

function problemsOf(text: string): string {
  try {
    parseZuersCsv(text, 'test.csv');
  } catch (error) {
    expect(error).toBeInstanceOf(ZuersFileError);
    return (error as Error).message;
  }
  throw new Error('expected the file to be refused');
}

describe('parseZuersCsv', () => {
  it('reads place, whole-street and segment rows', () => {
    expect(parse('50667;Köln;;;;2', '50667;Köln;Rheingarten;;;4', '50667;Köln;Frankenwerft;1;35;4')).toEqual([
      { line: 2, plz: '50667', ort: 'Köln', zuersKlasse: 2 },
      { line: 3, plz: '50667', ort: 'Köln', strasse: 'Rheingarten', zuersKlasse: 4 },
      {
        line: 4,
        plz: '50667',
        ort: 'Köln',
        strasse: 'Frankenwerft',
        hausnummerVon: 1,
        hausnummerBis: 35,
        zuersKlasse: 4,
      },
    ]);
  });

  it('ignores a byte-order mark, CRLF line ends, comments, blank lines and spaces around fields', () => {
    const text = `\uFEFF# Kommentar\r\n${HEADER}\r\n\r\n 01067 ; Dresden ; Terrassenufer ; ; ; 4 \r\n`;
    expect(parseZuersCsv(text, 'x')).toEqual([
      { line: 4, plz: '01067', ort: 'Dresden', strasse: 'Terrassenufer', zuersKlasse: 4 },
    ]);
  });

  it.each([
    ['5066;Köln;;;;2', 'plz „5066“ ist keine fünfstellige Postleitzahl'],
    ['50667;;;;;2', 'ort fehlt'],
    ['50667;Köln;;;;5', 'zuers_klasse „5“ ist nicht 1, 2, 3 oder 4'],
    ['50667;Köln;;;;GK2', 'zuers_klasse „GK2“'],
    ['50667;Köln;;1;10;2', 'Hausnummern ohne strasse'],
    ['50667;Köln;Heumarkt;1;;2', 'müssen beide ganze Zahlen ab 1 sein'],
    ['50667;Köln;Heumarkt;0;4;2', 'müssen beide ganze Zahlen ab 1 sein'],
    ['50667;Köln;Heumarkt;12a;14;2', 'müssen beide ganze Zahlen ab 1 sein'],
    ['50667;Köln;Heumarkt;20;10;2', 'hausnummer_von ist größer als hausnummer_bis'],
    ['50667;Köln;2', '6 Felder erwartet, 3 gefunden'],
  ])('refuses %s with a message naming the line', (line, message) => {
    const error = problemsOf(`${HEADER}\n${line}`);
    expect(error).toContain('Zeile 2:');
    expect(error).toContain(message);
  });

  it('refuses a file without the header line', () => {
    expect(problemsOf('50667;Köln;;;;2')).toContain(
      'Kopfzeile plz;ort;strasse;hausnummer_von;hausnummer_bis;zuers_klasse erwartet',
    );
    expect(problemsOf('# nur Kommentar\n')).toContain('fehlt');
  });

  it('lists at most ten problems and counts the rest', () => {
    const lines = Array.from({ length: 13 }, () => 'x;y;;;;9');
    const message = problemsOf([HEADER, ...lines].join('\n'));
    expect(message).toContain('Zeile 11:');
    expect(message).not.toContain('Zeile 12:');
    expect(message).toContain('… und 3 weitere');
  });
});

describe('readZuersFile', () => {
  it('reads a file from disk', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zuers-')), 'zuers.csv');
    fs.writeFileSync(file, `${HEADER}\n94032;Passau;;;;3\n`);
    expect(readZuersFile(file)).toEqual([{ line: 2, plz: '94032', ort: 'Passau', zuersKlasse: 3 }]);
  });

  it('refuses a missing file with its path in the message', () => {
    expect(() => readZuersFile('/nicht/vorhanden.csv')).toThrow(
      /ZÜRS-Datei \/nicht\/vorhanden\.csv ist ungültig/,
    );
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { ZuersFileError } from './zuers-file';

// Its own test file: the ZÜRS table is loaded once per process, and vitest gives each file a fresh one.
describe('a broken ZÜRS file named by ZUERS_FILE', () => {
  afterEach(() => {
    delete process.env.ZUERS_FILE;
  });

  it('stops the start with the file name and the bad line', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zuers-')), 'gdv.csv');
    fs.writeFileSync(file, 'plz;ort;strasse;hausnummer_von;hausnummer_bis;zuers_klasse\n50667;Köln;;;;7\n');
    process.env.ZUERS_FILE = file;
    const start = createTestApp();
    await expect(start).rejects.toBeInstanceOf(ZuersFileError);
    await expect(start).rejects.toThrow(`ZÜRS-Datei ${file} ist ungültig`);
    await expect(start).rejects.toThrow('Zeile 2: zuers_klasse „7“ ist nicht 1, 2, 3 oder 4');
  });
});

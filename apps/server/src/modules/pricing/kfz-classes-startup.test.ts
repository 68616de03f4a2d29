// KFZ_CLASSES_FILE at start. Its own test file: the class table is loaded once per process, and
// vitest gives each file a fresh one. A bad file stops the start with the file name and the bad
// line in German; a good one is what the tarifieren route prices with.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  KfzClassTableError,
  kfzRatingInputSchema,
  parseKfzClassTable,
  priceKfz,
} from '@schirm/domain/products/kfz/tariff';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { kfzClassesFilePath } from './kfz-classes';
import { postTarifieren } from './pricing-test-client';

const OPERATOR_TABLE = [
  '# Betreiberdatei (Test)',
  '[typklassen]',
  'hsn;tsn;hersteller;modell;leistung_kw;kh;tk;vk',
  '0603;BJM;Volkswagen;Golf VII 1.6 TDI (Betreiber);81;20;25;22',
  '[regionalklassen]',
  'plz_praefix;bezeichnung;kh;tk;vk',
  '80;München (Betreiber);11;15;8',
  '',
].join('\n');

function tempFile(name: string, text: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kfz-')), name);
  fs.writeFileSync(file, text);
  return file;
}

afterEach(() => {
  delete process.env.KFZ_CLASSES_FILE;
  vi.useRealTimers();
});

describe('KFZ_CLASSES_FILE', () => {
  it('resolves against the repository root; unset or blank means the synthetic table', () => {
    expect(kfzClassesFilePath({})).toBeUndefined();
    expect(kfzClassesFilePath({ KFZ_CLASSES_FILE: '  ' })).toBeUndefined();
    expect(kfzClassesFilePath({ KFZ_CLASSES_FILE: '/srv/kfz.csv' })).toBe('/srv/kfz.csv');
    expect(kfzClassesFilePath({ KFZ_CLASSES_FILE: 'data/kfz.csv' })).toMatch(/\/data\/kfz\.csv$/);
  });

  it('a broken file stops the start with the file name and the bad line', async () => {
    const file = tempFile('kaputt.csv', OPERATOR_TABLE.replace('0603;BJM', '603;BJM'));
    process.env.KFZ_CLASSES_FILE = file;
    const start = createTestApp();
    await expect(start).rejects.toBeInstanceOf(KfzClassTableError);
    await expect(start).rejects.toThrow(`Kfz-Klassentabelle ${file} ist ungültig`);
    await expect(start).rejects.toThrow('Zeile 4:');
  });

  it('a missing file stops the start too', async () => {
    process.env.KFZ_CLASSES_FILE = path.join(os.tmpdir(), 'gibt-es-nicht', 'kfz.csv');
    await expect(createTestApp()).rejects.toThrow('Datei nicht lesbar');
  });

  it("the operator's file is what tarifieren prices with", async () => {
    process.env.KFZ_CLASSES_FILE = tempFile('kfz.csv', OPERATOR_TABLE);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T10:00:00+01:00'));
    const testApp = await createTestApp();
    try {
      const request = {
        hsn: '0603',
        tsn: 'BJM',
        erstzulassung: '2021-03-15',
        nutzung: 'PRIVAT',
        jaehrlicheFahrleistungKm: 12_000,
        fahrerkreis: 'NUR_VN',
        juengsterFahrerAlter: 40,
        sfKlasseHaftpflicht: '10',
        garage: 'NEIN',
        plz: '80331',
        variante: 'KFZ_TEILKASKO',
        zahlweise: 'JAEHRLICH',
      };
      const response = await postTarifieren(testApp.app, 'kfz', request);
      const expected = priceKfz(kfzRatingInputSchema.parse(request), {
        today: '2026-11-26',
        classes: parseKfzClassTable(OPERATOR_TABLE),
      });
      if (expected.kind !== 'quote') throw new Error('expected a quote');
      expect(response.body).toMatchObject({
        fahrzeug: { modell: 'Golf VII 1.6 TDI (Betreiber)' },
        region: 'München (Betreiber)',
        variants: [{ premiums: [{ bruttoCents: expected.variants[0]?.premiums[0]?.grossCents }] }],
      });
      // Higher classes than the synthetic table's worked example (48.013 cents net): the file counts.
      expect(expected.variants[0]?.premiums[0]?.netCents).toBeGreaterThan(48_013);
    } finally {
      await testApp.close();
    }
  });
});

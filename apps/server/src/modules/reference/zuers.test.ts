import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../platform/config';
import { SYNTHETIC_ZUERS_FILE, zuersClassFor, zuersFilePath, zuersLookup } from './zuers';

describe('zuersFilePath', () => {
  it('uses the synthetic file without ZUERS_FILE', () => {
    expect(zuersFilePath({})).toBe(SYNTHETIC_ZUERS_FILE);
    expect(zuersFilePath({ ZUERS_FILE: '  ' })).toBe(SYNTHETIC_ZUERS_FILE);
  });

  it('resolves ZUERS_FILE against the repository root, or takes it as given when absolute', () => {
    expect(zuersFilePath({ ZUERS_FILE: 'data/zuers/gdv.csv' })).toBe(
      path.join(REPO_ROOT, 'data/zuers/gdv.csv'),
    );
    expect(zuersFilePath({ ZUERS_FILE: '/srv/zuers.csv' })).toBe('/srv/zuers.csv');
  });
});

describe('zuersClassFor (process-wide table)', () => {
  it('answers the class tariffs decide elementary cover on', () => {
    expect(zuersClassFor({ plz: '50668', strasse: 'Konrad-Adenauer-Ufer', hausnummer: '80' })).toBe(4);
    expect(zuersClassFor({ plz: '50668', strasse: 'Konrad-Adenauer-Ufer', hausnummer: '12' })).toBe(3);
    expect(zuersClassFor({ plz: '80331' })).toBe(1);
    expect(zuersLookup({ plz: '12345' })).toEqual({ zuersKlasse: 1, basis: 'STANDARD' });
  });
});

// GDV records without a database: fixed width, latin1 replacement, numeric overflow refused.
import { describe, expect, it } from 'vitest';
import { GDV_FIELDS, gdvLine, nachsatz, toLatin1, vertragsteil, type GdvContract } from './gdv';

const contract: GdvContract = {
  produkt: 'KFZ',
  produktName: 'Kfz-Versicherung',
  versicherungsNummer: '912345678',
  vermittlerNummer: '1000000042',
  status: 'STORNIERT',
  vertragsBeginn: '2026-04-01',
  ablaufdatum: null,
  beendigungsdatum: '2026-05-15',
  zahlweise: 'MONATLICH',
  bruttoBeitragProPeriodeCents: 123456,
  partner: {
    partnerNummer: '4711',
    personArt: 'NatuerlichePersonDTO',
    anrede: 'Frau',
    vorname: 'Zoë',
    nachname: 'Łukasiewicz',
    firmenname: null,
    geburtsdatum: '1980-02-29',
    strasse: null,
    hausnummer: null,
    plz: null,
    ort: null,
    land: null,
  },
};

const at = (record: string, f: { start: number; length: number }) =>
  record.slice(f.start - 1, f.start - 1 + f.length);

describe('GDV records', () => {
  it('replaces characters outside ISO-8859-1 and keeps latin1 ones', () => {
    expect(toLatin1('Łukasiewicz, Čapek, Zoë, Straße, €\u0001')).toBe('?ukasiewicz, Capek, Zoë, Straße, ? ');
  });

  it('writes a 0200 of 256 characters with its fields at their positions', () => {
    const record = vertragsteil(contract);
    expect(record).toHaveLength(256);
    const v = GDV_FIELDS.vertragsteil;
    expect(at(record, GDV_FIELDS.schluessel.sparte)).toBe('050');
    expect(at(record, v.ablauf)).toBe('00000000');
    expect(at(record, v.vertragsstatus)).toBe('2');
    expect(at(record, v.abgangsdatum)).toBe('15052026');
    expect(at(record, v.zahlungsweise)).toBe('8');
    expect(at(record, v.gesamtbeitrag)).toBe('000000123456');
    expect(gdvLine(record)).toHaveLength(258);
  });

  it('refuses a number too long for its field instead of cutting it', () => {
    expect(() =>
      nachsatz({ anzahl0100: 1, anzahl0200: 1, summeGesamtbeitragCents: 10 ** 15 }, '1000000042'),
    ).toThrow(RangeError);
  });
});

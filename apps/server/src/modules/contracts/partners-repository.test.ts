import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { AppError } from '../../platform/errors';
import { createTestDatabase } from '../../test/test-database';
import { bankFor, givenPartner, uniqueNumber } from './fixtures.test-helper';
import {
  findPartnerById,
  findPartnerByNumber,
  findPartnersByEmail,
  insertPartner,
  listBankAccounts,
  replaceAddress,
  replaceBankAccount,
} from './partners-repository';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

const BONN = { strasse: 'Kaiserstraße', hausnummer: '12', plz: '53113', ort: 'Bonn', land: 'DE' };

describe('partners', () => {
  it('stores a company (JuristischePersonDTO) and finds it by partner number', async () => {
    const partnerNummer = uniqueNumber('3');
    const stored = await insertPartner({
      db: database.db,
      partner: {
        personArt: 'JuristischePersonDTO',
        partnerNummer,
        firmenname: 'Weber Digitalagentur GmbH',
        rechtsform: 'GmbH',
        gruendungsdatum: '2019-06-01',
        email: 'info@example.com',
      },
      adresse: BONN,
      bankverbindung: bankFor(partnerNummer),
      gueltigAb: '2024-01-01',
    });

    const found = await findPartnerByNumber({ db: database.db, partnerNummer, today: '2026-11-22' });

    expect(found).toEqual(stored);
    expect(found).toMatchObject({
      personArt: 'JuristischePersonDTO',
      firmenname: 'Weber Digitalagentur GmbH',
      adresse: BONN,
      bankverbindung: bankFor(partnerNummer),
    });
  });

  it('refuses a natural person without a surname', async () => {
    const error = await insertPartner({
      db: database.db,
      partner: {
        personArt: 'NatuerlichePersonDTO',
        partnerNummer: uniqueNumber('3'),
        vorname: 'Erika',
        nachname: ' ',
      },
      adresse: BONN,
      gueltigAb: '2024-01-01',
    }).then(
      () => undefined,
      (caught: unknown) => caught,
    );

    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).fieldErrors?.map((field) => field.path)).toEqual(['nachname']);
  });

  it('finds partners by e-mail regardless of case', async () => {
    const partner = await givenPartner(database.db, 'Gross.Klein@Example.com');
    const found = await findPartnersByEmail({
      db: database.db,
      email: 'gross.klein@example.COM',
      today: '2026-11-22',
    });
    expect(found.map((candidate) => candidate.id)).toEqual([partner.id]);
  });

  it('keeps the old address until the move date and the new one after it', async () => {
    const partner = await givenPartner(database.db);
    await replaceAddress({ db: database.db, partnerId: partner.id, adresse: BONN, gueltigAb: '2026-12-15' });

    const before = await findPartnerById({ db: database.db, id: partner.id, today: '2026-12-14' });
    const after = await findPartnerById({ db: database.db, id: partner.id, today: '2026-12-15' });

    expect(before?.adresse).toEqual(partner.adresse);
    expect(after?.adresse).toEqual(BONN);
  });

  it('replaces an account given the same day it started instead of ending it after zero days', async () => {
    const partner = await givenPartner(database.db);
    const first = { ...bankFor(partner.partnerNummer), iban: 'DE83100500000190012345' };
    const corrected = { ...first, iban: 'DE85300501100000000042' };
    await replaceBankAccount({
      db: database.db,
      partnerId: partner.id,
      bankverbindung: first,
      gueltigAb: '2026-12-01',
    });
    await replaceBankAccount({
      db: database.db,
      partnerId: partner.id,
      bankverbindung: corrected,
      gueltigAb: '2026-12-01',
    });

    const history = await listBankAccounts({ db: database.db, partnerId: partner.id });

    expect(history.map(({ iban, gueltigBis }) => ({ iban, gueltigBis }))).toEqual([
      { iban: partner.bankverbindung!.iban, gueltigBis: '2026-12-01' },
      { iban: corrected.iban, gueltigBis: undefined },
    ]);
  });

  it('refuses an invalid IBAN', async () => {
    const partner = await givenPartner(database.db);
    const invalid = { ...partner.bankverbindung!, iban: 'DE00370501980000000001' };
    await expect(
      replaceBankAccount({
        db: database.db,
        partnerId: partner.id,
        bankverbindung: invalid,
        gueltigAb: '2026-12-01',
      }),
    ).rejects.toMatchObject({ code: 'PARTNER_INVALID', status: 400 });
  });
});

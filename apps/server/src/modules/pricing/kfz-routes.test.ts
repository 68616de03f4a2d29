// POST /api/taa/kfz/tarifieren with the synthetic class table (no KFZ_CLASSES_FILE): the answer is
// the domain tariff's, names the vehicle of HSN/TSN and the region, refuses what the tariff refuses
// with its German reason and invalid input with German field messages. The day is fixed at the
// worked examples' day (docs/tariffs/kfz.md).
import { DEFAULT_KFZ_CLASS_TABLE, kfzRatingInputSchema, priceKfz } from '@schirm/domain/products/kfz/tariff';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { postTarifieren } from './pricing-test-client';
import { kfzQuoteResponseSchema, type PremiumResponse } from './response-schemas';

let testApp: TestApp;

const post = (body: unknown) => postTarifieren(testApp.app, 'kfz', body);

/** Worked example 1: VW Golf VII 1.6 TDI in München, SF 10, 12.000 km, one driver aged 40. */
const GOLF_MUENCHEN = {
  hsn: '0603',
  tsn: 'bjm',
  erstzulassung: '2021-03-15',
  nutzung: 'PRIVAT',
  jaehrlicheFahrleistungKm: 12_000,
  fahrerkreis: 'NUR_VN',
  juengsterFahrerAlter: 40,
  sfKlasseHaftpflicht: '10',
  garage: 'NEIN',
  plz: '80331',
};

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-26T10:00:00+01:00'));
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
  vi.useRealTimers();
});

describe('POST /api/taa/kfz/tarifieren', () => {
  it('quotes the three variants of worked example 1 with the vehicle and the region', async () => {
    const response = await post(GOLF_MUENCHEN);
    expect(response.status).toBe(200);
    const body = kfzQuoteResponseSchema.parse(response.body);
    expect(body).toMatchObject({
      kind: 'quote',
      product: 'KFZ',
      tariffVersion: '2026-01',
      fahrzeug: {
        hsn: '0603',
        tsn: 'BJM',
        hersteller: 'Volkswagen',
        modell: 'Golf VII 1.6 TDI',
        leistungKw: 81,
      },
      region: 'München',
    });
    const yearly = (variant: { premiums: PremiumResponse[] }) =>
      variant.premiums.find((premium) => premium.zahlweise === 'JAEHRLICH');
    expect(
      body.variants.map((variant) => [variant.deckungsVarianteIdentifier, yearly(variant)?.nettoCents]),
    ).toEqual([
      ['KFZ_HAFTPFLICHT', 31_494],
      ['KFZ_TEILKASKO', 48_013],
      ['KFZ_VOLLKASKO', 71_265],
    ]);
    expect(yearly(body.variants[0] ?? { premiums: [] })?.bruttoCents).toBe(37_478);
  });

  it('is the domain tariff with the synthetic class table for every variant and period', async () => {
    const request = {
      ...GOLF_MUENCHEN,
      garage: 'JA',
      selbstbeteiligungVollkasko: 'SB_1000',
      zahlweise: 'MONATLICH',
    };
    const response = await post(request);
    const expected = priceKfz(kfzRatingInputSchema.parse(request), {
      today: '2026-11-26',
      classes: DEFAULT_KFZ_CLASS_TABLE,
    });
    if (expected.kind !== 'quote') throw new Error('expected a quote');
    const body = kfzQuoteResponseSchema.parse(response.body);
    expect(
      body.variants.map((variant) =>
        variant.premiums.map((premium) => [premium.zahlweise, premium.bruttoCents]),
      ),
    ).toEqual(
      expected.variants.map((variant) =>
        variant.premiums.map((premium) => [premium.zahlweise, premium.grossCents]),
      ),
    );
  });

  it('refuses an unknown vehicle and a young driver with the tariff’s German reason (200)', async () => {
    const unknown = await post({ ...GOLF_MUENCHEN, tsn: 'ZZZ' });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({
      kind: 'uninsurable',
      code: 'KFZ_FAHRZEUG_UNBEKANNT',
      reason:
        'Zu HSN 0603 und TSN ZZZ kennen wir kein Fahrzeug. Bitte prüfen Sie die Felder 2.1 und 2.2 Ihrer Zulassungsbescheinigung Teil I.',
    });
    const young = await post({ ...GOLF_MUENCHEN, juengsterFahrerAlter: 17 });
    expect(young.body).toMatchObject({ kind: 'uninsurable', code: 'KFZ_FAHRER_UNTER_18' });
  });

  it('answers invalid input with 400 and German field messages', async () => {
    const response = await post({ ...GOLF_MUENCHEN, hsn: '603', sfKlasseHaftpflicht: '36' });
    expect(response.status).toBe(400);
    const fields = (response.body as { error: { fieldErrors: { path: string; message: string }[] } }).error
      .fieldErrors;
    expect(fields).toEqual(
      expect.arrayContaining([
        {
          path: 'hsn',
          message: 'Die HSN besteht aus 4 Ziffern (Feld 2.1 der Zulassungsbescheinigung Teil I).',
        },
        {
          path: 'sfKlasseHaftpflicht',
          message: 'Bitte wählen Sie die SF-Klasse der Haftpflicht (M, 0, S, 1/2 oder 1 bis 35).',
        },
      ]),
    );
  });
});

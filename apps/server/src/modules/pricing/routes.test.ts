import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { HOSTS, freshAddress, postTarifieren } from './pricing-test-client';
import { PRICING_BODY_LIMIT_BYTES, PRICING_RATE_LIMIT } from './routes';
import { uninsurableResponseSchema, type PremiumResponse } from './response-schemas';
import { PRICING_TEXTS } from './service';

let testApp: TestApp;

const post = (path: string, body: unknown, options?: Parameters<typeof postTarifieren>[3]) =>
  postTarifieren(testApp.app, path, body, options);

interface VariantBody {
  deckungsVarianteIdentifier: string;
  versicherungssumme: number | null;
  versicherungssummeCents: number | null;
  premiums: PremiumResponse[];
}

const variantIds = (body: { variants: VariantBody[] }) =>
  body.variants.map((variant) => variant.deckungsVarianteIdentifier);

const BIKE = {
  art: 'FAHRRAD',
  typ: 'RENNRAD',
  kaufpreisCents: 150_000,
  kaufdatum: '2026-06-01',
  zustand: 'NEU',
};
const MALER = { hauptgewerbe: 'bhv-maler', jahresumsatzCents: 12_000_000 };
const WECHSEL = {
  vorversicherer: 'Beispiel Versicherung AG',
  vorvertragEndetAm: '2027-03-31',
  schadenfreieJahre: 4,
  schaedenLetzte5Jahre: 0,
};
const TRIP = { personenkreis: 'PAAR', beginn: '2027-04-01', ende: '2027-04-15', variante: 'REISE_BASIS' };
const PASSAU = {
  plz: '94032',
  ort: 'Passau',
  wohnflaeche: 80,
  variante: 'HAUSRAT_BASIS',
  zahlweise: 'JAEHRLICH',
};
const WITH_ELEMENTAR = ['SCHIRM_BASISDECKUNG_HAUSRAT', 'SCHIRM_ELEMENTAR_HAUSRAT'];

beforeAll(async () => {
  // Bicycle age and travel dates are judged against today; the examples assume 22.11.2026.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T10:00:00+01:00'));
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
  vi.useRealTimers();
});

describe('answer shape', () => {
  it('gives every amount in EUR and in exact cents, per period and per year', async () => {
    const response = await post('phv/v2', { familienstand: 'FAMILIE' });
    expect(response.status).toBe(200);
    const variants = response.body.variants as VariantBody[];
    expect(variantIds(response.body)).toEqual(['PHV_BASIS', 'PHV_KOMFORT', 'PHV_PREMIUM']);
    const periods = { MONATLICH: 12, VIERTELJAEHRLICH: 4, HALBJAEHRLICH: 2, JAEHRLICH: 1 };
    for (const variant of variants) {
      expect(variant.versicherungssumme).toBe((variant.versicherungssummeCents ?? 0) / 100);
      expect(variant.premiums.map((premium) => premium.zahlweise)).toEqual(Object.keys(periods));
      for (const premium of variant.premiums) {
        const count = periods[premium.zahlweise as keyof typeof periods];
        expect(premium.bruttoCents).toBe(premium.nettoCents + premium.versicherungsteuerCents);
        expect(premium.nettoJahrCents).toBe(premium.nettoCents * count);
        expect(premium.versicherungsteuerJahrCents).toBe(premium.versicherungsteuerCents * count);
        expect(premium.bruttoJahrCents).toBe(premium.bruttoCents * count);
        expect([premium.netto, premium.versicherungsteuer, premium.brutto, premium.bruttoJahr]).toEqual([
          premium.nettoCents / 100,
          premium.versicherungsteuerCents / 100,
          premium.bruttoCents / 100,
          premium.bruttoJahrCents / 100,
        ]);
      }
    }
    expect(variants[0]?.premiums[3]).toMatchObject({ zahlweise: 'JAEHRLICH', ratenzahlungszuschlagBp: 0 });
    expect(variants[0]?.premiums[0]).toMatchObject({ zahlweise: 'MONATLICH', ratenzahlungszuschlagBp: 500 });
  });

  it('answers an uninsurable risk with 200 and the German reason', async () => {
    const response = await post('thv/v2', { hunde: [{ rasse: 'dackel' }, { rasse: 'rottweiler' }] });
    expect(response).toMatchObject({
      status: 200,
      body: {
        kind: 'uninsurable',
        code: 'THV_DANGEROUS_BREED',
        reason:
          'Für Hunde der Rasse „Rottweiler“ und Mischlinge mit dieser Rasse können wir leider keinen Versicherungsschutz anbieten, weil die Rasse in Deutschland als gefährlicher Hund gelistet ist.',
      },
    });
  });

  it.each([
    ['fahrrad2', { ...BIKE, kaufpreisCents: 800_001 }, 'FAHRRAD_KAUFPREIS_UEBER_LIMIT'],
    ['fahrrad2', { ...BIKE, kaufdatum: '2026-11-23' }, 'FAHRRAD_KAUFDATUM_IN_ZUKUNFT'],
    ['phv/v2', { familienstand: 'SINGLE', schaedenLetzte5Jahre: 3 }, 'PHV_PRIOR_CLAIMS'],
    [
      'si',
      { produkt: 'SI_ALLGEFAHREN', versicherungssummeCents: 5_000_000, hauptgewerbe: 'si-kfz-werkstatt' },
      'SI_GEWERBE_NICHT_IM_PRODUKT',
    ],
    ['hausrat/v2', { plz: '50667', wohnflaeche: 301 }, 'HAUSRAT_WOHNFLAECHE_UEBER_LIMIT'],
    ['bhv', { ...MALER, hauptgewerbe: 'bhv-geruestbau' }, 'BHV_BUSINESS_NOT_ONLINE'],
    [
      'bhv/wechsel',
      { ...MALER, wechsel: { ...WECHSEL, vorvertragEndetAm: '2026-11-21' } },
      'BHV_WECHSEL_DATE',
    ],
    ['vh2', { beruf: 'vh-it-beratung', jahresumsatzCents: 1_000_000_000 }, 'VH_REVENUE_LIMIT'],
    ['reise', { ...TRIP, beginn: '2026-11-21' }, 'REISE_BEGINN_IN_DER_VERGANGENHEIT'],
  ])('%s: %j is uninsurable (%s)', async (path, body, code) => {
    const response = await post(path, body);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ kind: 'uninsurable', code, reason: expect.stringMatching(/\S/) });
    expect(uninsurableResponseSchema.parse(response.body)).toEqual(response.body);
  });
});

describe('facts the server decides', () => {
  it('new business gets the generation of the new-product-generations flag: FAHRRAD_2 on, FAHRRAD off', async () => {
    const on = await post('fahrrad2', BIKE);
    expect(on.body.product).toBe('FAHRRAD_2');
    expect(variantIds(on.body)).toEqual(['FAHRRAD_BASIS', 'FAHRRAD_KOMFORT', 'FAHRRAD_PREMIUM']);

    const off = await post('fahrrad2', BIKE, { host: HOSTS.production });
    expect(off.body.product).toBe('FAHRRAD');
    expect(variantIds(off.body)).toEqual(['FAHRRAD_BASIS']);
    const schutzbrief = await post(
      'fahrrad2',
      { ...BIKE, deckungen: ['FAHRRAD_DECKUNG_DIEBSTAHL', 'FAHRRAD_DECKUNG_SCHUTZBRIEF'] },
      { host: HOSTS.production },
    );
    expect(schutzbrief.body).toMatchObject({ kind: 'uninsurable', code: 'FAHRRAD_DECKUNG_NICHT_IM_TARIF' });
  });

  it.each([
    [
      'bhv',
      'BHV_2',
      'BHV_1',
      MALER,
      ['BHV_BASIS', 'BHV_KOMFORT', 'BHV_PREMIUM'],
      ['BHV_BASIS', 'BHV_KOMFORT'],
    ],
    [
      'vh2',
      'VH_2',
      'VH',
      { beruf: 'vh-it-beratung', jahresumsatzCents: 9_000_000 },
      ['VH_250', 'VH_500', 'VH_1000'],
      ['VH_250', 'VH_500'],
    ],
  ])(
    '%s: generation by flag (%s on, %s off); a client-sent generation is ignored',
    async (path, on, off, body, onIds, offIds) => {
      const withFlag = await post(path, { ...body, generation: off });
      expect(withFlag.body.product).toBe(on);
      expect(variantIds(withFlag.body)).toEqual(onIds);
      const withoutFlag = await post(path, { ...body, generation: on }, { host: HOSTS.production });
      expect(withoutFlag.body.product).toBe(off);
      expect(variantIds(withoutFlag.body)).toEqual(offIds);
    },
  );

  it('Hausrat: the ZÜRS class comes from the address, a client-sent class is ignored', async () => {
    const ort = await post('hausrat/v2', { ...PASSAU, deckungen: WITH_ELEMENTAR, zuersKlasse: 1 });
    expect(ort.body).toMatchObject({ kind: 'quote', zuersKlasse: 3, elementarEinschliessbar: true });
    // 80 m² × (0,95 zone 1 + 0,60 Elementar ZÜRS 3) = 124,00 EUR net.
    expect(ort.body.variants[0].premiums[0].nettoCents).toBe(12_400);

    const street = await post('hausrat/v2', {
      ...PASSAU,
      strasse: 'Bahnhofstraße',
      hausnummer: '12',
      deckungen: WITH_ELEMENTAR,
    });
    expect(street.body).toMatchObject({ kind: 'quote', zuersKlasse: 2 });
    // 80 m² × (0,95 + 0,25 Elementar ZÜRS 2) = 96,00 EUR net.
    expect(street.body.variants[0].premiums[0].nettoCents).toBe(9_600);
  });

  it('Hausrat: Elementar in ZÜRS class 4 is uninsurable; without it the home is insurable', async () => {
    const address = { ...PASSAU, strasse: 'Innstraße', hausnummer: '10' };
    const refused = await post('hausrat/v2', { ...address, deckungen: WITH_ELEMENTAR, zuersKlasse: 1 });
    expect(refused.body).toMatchObject({ kind: 'uninsurable', code: 'HAUSRAT_ELEMENTAR_ZUERS_4' });
    const withoutElementar = await post('hausrat/v2', address);
    expect(withoutElementar.body).toMatchObject({
      kind: 'quote',
      zuersKlasse: 4,
      elementarEinschliessbar: false,
    });
  });

  it('Hausrat: an address without a ZÜRS row gets class 1', async () => {
    const response = await post('hausrat/v2', { plz: '99084', wohnflaeche: 50, deckungen: WITH_ELEMENTAR });
    expect(response.body).toMatchObject({ kind: 'quote', zuersKlasse: 1, elementarEinschliessbar: true });
  });
});

describe('flags that switch options off', () => {
  it('refuses the travel health insurance while travel-health-insurance is off (production, brand hfk)', async () => {
    const off = { host: HOSTS.production, brand: 'hfk' };
    const refused = await post('reise', { ...TRIP, reisekrankenversicherung: true }, off);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Bitte prüfen Sie Ihre Angaben.',
      fieldErrors: [{ path: 'reisekrankenversicherung', message: PRICING_TEXTS.reisekrankenNichtVerfuegbar }],
    });
    expect(await post('reise', TRIP, off)).toMatchObject({ status: 200, body: { kind: 'quote' } });
    const on = await post('reise', { ...TRIP, reisekrankenversicherung: true }, { host: HOSTS.production });
    expect(on).toMatchObject({ status: 200, body: { variants: [{ reisekrankenNettoCents: 3_600 }] } });
  });

  it('answers the Wechseltarif with 403 while bhv-tariff-change is off (production, brand schirm)', async () => {
    const body = { ...MALER, wechsel: WECHSEL };
    const refused = await post('bhv/wechsel', body, { host: HOSTS.production });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 'FEATURE_DISABLED',
      message: PRICING_TEXTS.wechseltarifNichtVerfuegbar,
    });
    const hfk = await post('bhv/wechsel', body, { host: HOSTS.production, brand: 'hfk' });
    expect(hfk).toMatchObject({ status: 200, body: { kind: 'quote', product: 'BHV_1' } });
  });

  it('prices the Wechseltarif with the claim-free discount, the plain BHV without it', async () => {
    const plain = await post('bhv', {
      ...MALER,
      variante: 'BHV_BASIS',
      zahlweise: 'JAEHRLICH',
      wechsel: WECHSEL,
    });
    const wechsel = await post('bhv/wechsel', {
      ...MALER,
      variante: 'BHV_BASIS',
      zahlweise: 'JAEHRLICH',
      wechsel: WECHSEL,
    });
    const net = (response: typeof plain) => response.body.variants[0].premiums[0].nettoCents as number;
    // 3–4 claim-free years: − 10 %, rounded once.
    expect(net(wechsel)).toBe(Math.round(net(plain) * 0.9));
  });
});

describe('invalid input', () => {
  it.each([
    ['phv/v2', {}, [{ path: 'familienstand', message: 'Bitte wählen Sie Ihren Familienstand.' }]],
    [
      'fahrrad2',
      { ...BIKE, kaufpreisCents: 0 },
      [{ path: 'kaufpreisCents', message: 'Der Kaufpreis muss größer als 0 EUR sein.' }],
    ],
    [
      'bhv',
      { ...MALER, nebengewerbe: ['bhv-maler'] },
      [{ path: 'nebengewerbe', message: 'Bitte wählen Sie jede Tätigkeit nur einmal.' }],
    ],
    [
      'bhv/wechsel',
      { ...MALER, nebengewerbe: ['bhv-tischlerei', 'bhv-tischlerei'], wechsel: WECHSEL },
      [{ path: 'nebengewerbe', message: 'Bitte wählen Sie jede Tätigkeit nur einmal.' }],
    ],
    ['bhv/wechsel', MALER, [{ path: 'wechsel', message: 'Bitte machen Sie eine Angabe.' }]],
    [
      'hausrat/v2',
      { ...PASSAU, strasse: 'x'.repeat(101) },
      [{ path: 'strasse', message: 'Bitte geben Sie höchstens 100 Zeichen ein.' }],
    ],
    [
      'reise',
      { ...TRIP, ende: '2027-03-31' },
      [{ path: 'ende', message: 'Das Reiseende darf nicht vor dem Reisebeginn liegen.' }],
    ],
  ])('%s: %j → 400 with German field errors', async (path, body, fieldErrors) => {
    const response = await post(path, body);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Bitte prüfen Sie Ihre Angaben.',
      fieldErrors,
    });
  });

  it('refuses broken JSON, other content types and bodies over the limit', async () => {
    const inject = (contentType: string, payload: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/taa/phv/v2/tarifieren',
        remoteAddress: freshAddress(),
        headers: { 'content-type': contentType },
        payload,
      });
    expect((await inject('application/json', '{"familienstand":')).json().error.code).toBe('MALFORMED_JSON');
    expect((await inject('application/xml', '<phv/>')).statusCode).toBe(415);
    const large = JSON.stringify({ familienstand: 'SINGLE', x: 'x'.repeat(PRICING_BODY_LIMIT_BYTES) });
    const tooLarge = await inject('application/json', large);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Ihre Anfrage ist zu groß.',
    });
  });
});

describe('rate limit', () => {
  it(`answers request number ${PRICING_RATE_LIMIT.max + 1} of an address within a minute with 429`, async () => {
    const remoteAddress = freshAddress();
    const statuses: number[] = [];
    for (let count = 0; count <= PRICING_RATE_LIMIT.max; count += 1) {
      statuses.push((await post('phv/v2', { familienstand: 'SINGLE' }, { remoteAddress })).status);
    }
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    const limited = await post('phv/v2', { familienstand: 'SINGLE' }, { remoteAddress });
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.body.error.code).toBe('TOO_MANY_REQUESTS');
    // Each endpoint counts on its own, and other addresses are not affected.
    expect((await post('thv/v2', { hunde: [{ rasse: 'dackel' }] }, { remoteAddress })).status).toBe(200);
    expect((await post('phv/v2', { familienstand: 'SINGLE' })).status).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('documents every tarifieren endpoint with request, response schemas and examples', async () => {
    const response = await testApp.app.inject({ url: '/api/openapi.json' });
    const document = response.json() as {
      paths: Record<
        string,
        { post?: { requestBody?: unknown; responses: Record<string, { content?: unknown }> } }
      >;
    };
    const validation = await new Validator().validate(document);
    expect(validation.errors).toBeUndefined();
    const paths = [
      'fahrrad2',
      'thv/v2',
      'phv/v2',
      'si',
      'hausrat/v2',
      'bhv',
      'bhv/wechsel',
      'vh2',
      'reise',
    ].map((path) => `/api/taa/${path}/tarifieren`);
    for (const path of paths) {
      const operation = document.paths[path]?.post;
      expect(operation?.requestBody, path).toBeDefined();
      expect(Object.keys(operation?.responses ?? {}), path).toEqual(
        expect.arrayContaining(['200', '400', '413', '415', '429']),
      );
      expect(JSON.stringify(operation?.responses['200']?.content), path).toContain('"kind":"quote"');
    }
    expect(Object.keys(document.paths['/api/taa/bhv/wechsel/tarifieren']?.post?.responses ?? {})).toContain(
      '403',
    );
  });
});

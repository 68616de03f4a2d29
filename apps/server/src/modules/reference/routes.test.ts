import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IBAN_MESSAGES } from '@schirm/domain/validation/iban';
import { createTestApp, type TestApp } from '../../test/test-app';
import { REFERENCE_RATE_LIMITS } from './routes';

let testApp: TestApp;
let nextAddress = 0;

// Each request comes from its own address unless a test says otherwise, so that the per-IP rate
// limits only bite where a test is about them.
function freshAddress(): string {
  nextAddress += 1;
  return `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress & 255}`;
}

async function get(url: string, remoteAddress = freshAddress()) {
  const response = await testApp.app.inject({ method: 'GET', url, remoteAddress });
  return { status: response.statusCode, headers: response.headers, body: response.json() };
}

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

describe('GET /api/fragebogen/search/zip/:zipcode', () => {
  it('lists the places of a postcode', async () => {
    const response = await get('/api/fragebogen/search/zip/94036');
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { plz: '94036', ort: 'Neuburg am Inn' },
      { plz: '94036', ort: 'Passau' },
    ]);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('searches by a prefix of 2 to 4 digits', async () => {
    const response = await get('/api/fragebogen/search/zip/0106');
    expect(response.body).toEqual([
      { plz: '01067', ort: 'Dresden' },
      { plz: '01069', ort: 'Dresden' },
    ]);
  });

  it('answers an unknown code with an empty list', async () => {
    expect(await get('/api/fragebogen/search/zip/00000')).toMatchObject({ status: 200, body: [] });
  });

  it.each(['5', '506671', '5066a', 'abcde', '50 667'])(
    'refuses %s with a German field message',
    async (zipcode) => {
      const response = await get(`/api/fragebogen/search/zip/${encodeURIComponent(zipcode)}`);
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Bitte prüfen Sie Ihre Angaben.',
        fieldErrors: [
          { path: 'zipcode', message: 'Bitte geben Sie 2 bis 5 Ziffern einer Postleitzahl ein.' },
        ],
      });
    },
  );
});

describe('GET /api/fragebogen/validate/zip/:zipcode', () => {
  it.each([
    ['50667', true],
    ['01067', true],
    ['00000', false],
    ['99999', false],
    ['5066', false],
    ['506671', false],
    ['5066a', false],
    [' 50667', false],
  ])('%s is valid: %s', async (zipcode, valid) => {
    expect(await get(`/api/fragebogen/validate/zip/${encodeURIComponent(zipcode)}`)).toMatchObject({
      status: 200,
      body: { valid },
    });
  });

  it('refuses a parameter that cannot be a postcode entry at all', async () => {
    expect((await get(`/api/fragebogen/validate/zip/${'1'.repeat(17)}`)).status).toBe(400);
  });
});

describe('GET /api/zuers/zuers/orte/:postcode', () => {
  it('lists the places with their ZÜRS class', async () => {
    const response = await get('/api/zuers/zuers/orte/94036');
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { plz: '94036', ort: 'Neuburg am Inn', zuersKlasse: 1, basis: 'ORT', strassenVorhanden: false },
      { plz: '94036', ort: 'Passau', zuersKlasse: 2, basis: 'ORT', strassenVorhanden: true },
    ]);
  });

  it('gives the default class where the ZÜRS file has no row, and an empty list for unknown codes', async () => {
    expect((await get('/api/zuers/zuers/orte/10117')).body).toEqual([
      { plz: '10117', ort: 'Berlin', zuersKlasse: 1, basis: 'STANDARD', strassenVorhanden: false },
    ]);
    expect((await get('/api/zuers/zuers/orte/00000')).body).toEqual([]);
  });

  it.each(['5066', '506671', 'Köln'])('refuses %s', async (postcode) => {
    const response = await get(`/api/zuers/zuers/orte/${encodeURIComponent(postcode)}`);
    expect(response.status).toBe(400);
    expect(response.body.error.fieldErrors).toEqual([
      { path: 'postcode', message: 'Bitte geben Sie eine Postleitzahl mit 5 Ziffern ein.' },
    ]);
  });
});

describe('GET /api/zuers/zuers/strassen', () => {
  it('lists matching streets with their house-number segments', async () => {
    const response = await get('/api/zuers/zuers/strassen?plz=50667&ort=K%C3%B6ln&pattern=franken');
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      {
        plz: '50667',
        ort: 'Köln',
        strasse: 'Frankenwerft',
        abschnitte: [{ hausnummerVon: 1, hausnummerBis: 35, zuersKlasse: 4 }],
      },
    ]);
  });

  it('marks whole-street rows by leaving out the house numbers', async () => {
    const response = await get('/api/zuers/zuers/strassen?plz=94032&pattern=h%C3%B6ll');
    expect(response.body).toEqual([
      { plz: '94032', ort: 'Passau', strasse: 'Höllgasse', abschnitte: [{ zuersKlasse: 4 }] },
    ]);
  });

  it('answers 200 with an empty list where there is no street data', async () => {
    expect(await get('/api/zuers/zuers/strassen?plz=10115')).toMatchObject({ status: 200, body: [] });
  });

  it.each([
    ['', 'plz', 'Bitte machen Sie eine Angabe.'],
    ['?plz=5066', 'plz', 'Bitte geben Sie eine Postleitzahl mit 5 Ziffern ein.'],
    [`?plz=50667&pattern=${'a'.repeat(101)}`, 'pattern', 'Bitte geben Sie höchstens 100 Zeichen ein.'],
  ])('refuses the query %s', async (query, path, message) => {
    const response = await get(`/api/zuers/zuers/strassen${query}`);
    expect(response.status).toBe(400);
    expect(response.body.error.fieldErrors).toContainEqual({ path, message });
  });
});

describe('GET /api/zuers/zuers/klasse', () => {
  it.each([
    ['plz=50667&strasse=Frankenwerft&hausnummer=3a', { zuersKlasse: 4, basis: 'HAUSNUMMER' }],
    ['plz=50667&strasse=Frankenwerft', { zuersKlasse: 4, basis: 'STRASSE' }],
    ['plz=50667', { zuersKlasse: 2, basis: 'ORT' }],
    ['plz=10117&strasse=Unter%20den%20Linden&hausnummer=1', { zuersKlasse: 1, basis: 'STANDARD' }],
  ])('%s', async (query, body) => {
    expect(await get(`/api/zuers/zuers/klasse?${query}`)).toMatchObject({ status: 200, body });
  });
});

describe('GET /api/openiban-validator/validate/:iban', () => {
  const url = (iban: string, query = '?getBIC=true') =>
    `/api/openiban-validator/validate/${encodeURIComponent(iban)}${query}`;

  it('accepts an IBAN with spaces and adds bank name and BIC, never cached', async () => {
    const response = await get(url('DE48 1001 0010 0000 1383 01'));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      valid: true,
      messages: ['Bankleitzahl 10010010 gehört zu: Postbank Ndl der Deutsche Bank.'],
      iban: 'DE48100100100000138301',
      bankData: { bankCode: '10010010', name: 'Postbank Ndl der Deutsche Bank', bic: 'PBNKDEFFXXX' },
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('leaves out the bank data without getBIC=true', async () => {
    const response = await get(url('DE48100100100000138301', ''));
    expect(response.body.valid).toBe(true);
    expect(response.body).not.toHaveProperty('bankData');
  });

  it.each([
    ['DE48100100100000138302', IBAN_MESSAGES.checksum],
    ['SA0380000000608010167519', IBAN_MESSAGES.country],
    ['DE89 3704 0044 0532 0130 00', IBAN_MESSAGES['test-iban']],
    [
      'DE37999999990123456789',
      'Zu dieser IBAN finden wir keine Bank. Bitte prüfen Sie die Bankleitzahl in Ihrer IBAN.',
    ],
    ['Kontonummer', IBAN_MESSAGES.format],
  ])('answers 200 with valid=false for %s', async (iban, message) => {
    expect(await get(url(iban))).toMatchObject({ status: 200, body: { valid: false, messages: [message] } });
  });

  it.each([
    ['an IBAN longer than 34 characters', url(`DE${'1'.repeat(33)}`)],
    ['a getBIC that is neither true nor false', url('DE48100100100000138301', '?getBIC=ja')],
  ])('answers 400 for %s', async (_case, requestUrl) => {
    const response = await get(requestUrl);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_FAILED');
  });
});

describe('finders', () => {
  it('find dog breeds umlaut-tolerantly', async () => {
    for (const pattern of ['schae', 'Sch%C3%A4f', 'SCHAF']) {
      const response = await get(`/api/finder/hunderasse?pattern=${pattern}`);
      expect(response.status).toBe(200);
      expect(response.body).toContainEqual({
        id: 'deutscher-schaeferhund',
        name: 'Deutscher Schäferhund',
        dangerous: false,
      });
    }
  });

  it('mark listed dangerous breeds', async () => {
    expect((await get('/api/finder/hunderasse?pattern=tosa')).body).toEqual([
      { id: 'tosa-inu', name: 'Tosa Inu', dangerous: true },
    ]);
  });

  it('list at most 20 entries without a pattern', async () => {
    expect((await get('/api/finder/hunderasse')).body).toHaveLength(20);
  });

  it('find bicycle manufacturers with "Sonstiger Hersteller" last', async () => {
    expect((await get('/api/finder/fahrradhersteller?pattern=riese')).body).toEqual([
      { id: 'riese-und-mueller', name: 'Riese & Müller' },
      { id: 'sonstiger-hersteller', name: 'Sonstiger Hersteller' },
    ]);
  });

  it('find business types of a product, whatever the case of the product key', async () => {
    const response = await get('/api/finder/gewerbeartsuche?produkt=bhv&pattern=b%C3%A4ck');
    expect(response.body).toEqual([
      {
        id: 'bhv-baeckerei',
        name: 'Bäckerei und Konditorei',
        products: ['BHV'],
        hazardClass: 2,
        insurableOnline: true,
        hasRiskQuestions: false,
      },
    ]);
    expect((await get('/api/finder/gewerbeartsuche?produkt=tierhalterhaftpflicht')).body).toEqual([]);
  });

  it.each([
    ['/api/finder/gewerbeartsuche?pattern=b', 'produkt'],
    ['/api/finder/gewerbeartsuche?produkt=BAECKER', 'produkt'],
    ['/api/finder/hunderasse?pattern=a&pattern=b', 'pattern'],
    [`/api/finder/fahrradhersteller?pattern=${'x'.repeat(101)}`, 'pattern'],
  ])('refuse %s', async (requestUrl, path) => {
    const response = await get(requestUrl);
    expect(response.status).toBe(400);
    expect(response.body.error.fieldErrors.map((error: { path: string }) => error.path)).toContain(path);
  });
});

describe('risk questions', () => {
  it('lists the questions of a business type without the knock-out answer', async () => {
    const response = await get('/api/fragebogen/risikofragen/bhv-cafe-restaurant');
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      {
        id: 'bhv-cafe-restaurant-diskothek',
        text: 'Betreiben Sie eine Diskothek oder einen Club oder veranstalten Sie Feiern mit mehr als 500 Gästen?',
        answerType: 'JA_NEIN',
      },
    ]);
  });

  it('says whether there are questions to show', async () => {
    expect((await get('/api/fragebogen/risikofragen/bhv-cafe-restaurant/showable')).body).toEqual({
      showable: true,
    });
    expect((await get('/api/fragebogen/risikofragen/bhv-baeckerei/showable')).body).toEqual({
      showable: false,
    });
    expect((await get('/api/fragebogen/risikofragen/bhv-baeckerei')).body).toEqual([]);
  });

  it.each([
    '/api/fragebogen/risikofragen/gibt-es-nicht',
    '/api/fragebogen/risikofragen/gibt-es-nicht/showable',
  ])('answers 404 with a German message for an unknown business type: %s', async (requestUrl) => {
    const response = await get(requestUrl);
    expect(response.status).toBe(404);
    expect(response.body.error).toMatchObject({
      code: 'GEWERBEART_NOT_FOUND',
      message: 'Diese Gewerbeart kennen wir nicht. Bitte wählen Sie eine Gewerbeart aus der Liste.',
    });
  });

  it('answers 400 for an id that cannot be one', async () => {
    expect((await get(`/api/fragebogen/risikofragen/${encodeURIComponent('a b')}`)).status).toBe(400);
  });
});

describe('rate limits per IP', () => {
  it.each([
    ['/api/finder/hunderasse?pattern=bo', REFERENCE_RATE_LIMITS.lookup.max],
    ['/api/openiban-validator/validate/DE48100100100000138301', REFERENCE_RATE_LIMITS.iban.max],
  ])(
    '%s answers 429 after %i requests from one address, others are still served',
    async (requestUrl, max) => {
      const address = freshAddress();
      for (let count = 0; count < max; count += 1) {
        expect((await get(requestUrl, address)).status).toBe(200);
      }
      const limited = await get(requestUrl, address);
      expect(limited.status).toBe(429);
      expect(limited.body.error).toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        message:
          'Sie haben zu viele Anfragen gesendet. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.',
      });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await get(requestUrl)).status).toBe(200);
    },
  );
});

describe('malformed input never causes a server error', () => {
  // Deterministic pseudo-random generator (mulberry32), so a failure can be reproduced.
  function random(seed: number) {
    let state = seed;
    return () => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  const PIECES = [
    '0',
    '5',
    '9',
    'a',
    'Z',
    'ä',
    'ß',
    ' ',
    '-',
    '/',
    '?',
    '#',
    '&',
    '=',
    '%',
    '.',
    '..',
    '\u0000',
    '😀',
    'DE',
    "'",
    '"',
    '<',
    '\\',
    '{}',
    '%00',
    '%zz',
  ];

  function malformedText(next: () => number): string {
    const length = Math.floor(next() * 60);
    let text = '';
    for (let index = 0; index < length; index += 1) text += PIECES[Math.floor(next() * PIECES.length)];
    return next() < 0.1 ? text.repeat(5) : text;
  }

  // Inputs go out fully encoded, encoded as a URL would be, or with stray '%' escapes left raw.
  function part(next: () => number, text: string): string {
    const choice = next();
    if (choice < 0.4) return encodeURIComponent(text);
    const asUrl = encodeURI(text).replace(/#/g, '%23');
    return choice < 0.8 ? asUrl : asUrl.replace(/%25/g, '%');
  }

  const ENDPOINTS: [string, (value: string) => string][] = [
    ['zip search', (value) => `/api/fragebogen/search/zip/${value}`],
    ['zip validation', (value) => `/api/fragebogen/validate/zip/${value}`],
    ['ZÜRS places', (value) => `/api/zuers/zuers/orte/${value}`],
    ['ZÜRS streets', (value) => `/api/zuers/zuers/strassen?plz=${value}&ort=${value}&pattern=${value}`],
    ['ZÜRS class', (value) => `/api/zuers/zuers/klasse?plz=50667&strasse=${value}&hausnummer=${value}`],
    ['IBAN', (value) => `/api/openiban-validator/validate/${value}?getBIC=${value}`],
    ['dog breeds', (value) => `/api/finder/hunderasse?pattern=${value}`],
    ['bicycle manufacturers', (value) => `/api/finder/fahrradhersteller?pattern=${value}`],
    ['business types', (value) => `/api/finder/gewerbeartsuche?produkt=${value}&pattern=${value}`],
    ['risk questions', (value) => `/api/fragebogen/risikofragen/${value}`],
    ['risk questions showable', (value) => `/api/fragebogen/risikofragen/${value}/showable`],
  ];

  it.each(ENDPOINTS)('%s: 200 random inputs get 2xx or 4xx with a JSON body', async (_name, urlOf) => {
    const next = random(20261122);
    const failures: string[] = [];
    for (let count = 0; count < 200; count += 1) {
      const text = malformedText(next);
      const requestUrl = urlOf(part(next, text));
      const response = await testApp.app.inject({
        method: 'GET',
        url: requestUrl,
        remoteAddress: freshAddress(),
      });
      const isJson = String(response.headers['content-type']).startsWith('application/json');
      if (response.statusCode >= 500 || !isJson) failures.push(`${response.statusCode} ${requestUrl}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('OpenAPI', () => {
  it('documents every reference route in a valid OpenAPI 3.1 document', async () => {
    const document = (await get('/api/openapi.json')).body as { paths: Record<string, unknown> };
    const validation = await new Validator().validate(document);
    expect(validation.errors).toBeUndefined();
    expect(validation.valid).toBe(true);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/fragebogen/search/zip/{zipcode}',
        '/api/fragebogen/validate/zip/{zipcode}',
        '/api/zuers/zuers/orte/{postcode}',
        '/api/zuers/zuers/strassen',
        '/api/zuers/zuers/klasse',
        '/api/openiban-validator/validate/{iban}',
        '/api/finder/hunderasse',
        '/api/finder/fahrradhersteller',
        '/api/finder/gewerbeartsuche',
        '/api/fragebogen/risikofragen/{gewerbeId}',
        '/api/fragebogen/risikofragen/{gewerbeId}/showable',
      ]),
    );
  });
});

// 1,000 seeded random malformed requests per tarifieren endpoint: each starts from a valid body and
// breaks it (a required field missing, a value of the wrong type, out of range, unicode, NaN text,
// huge numbers, deep objects, …) or replaces the whole request (empty, not an object, broken JSON,
// wrong content type, too large). Every answer must be a 4xx error envelope with German messages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { freshAddress } from './pricing-test-client';
import { PRICING_BODY_LIMIT_BYTES } from './routes';

const REQUESTS_PER_ENDPOINT = 1_000;

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
type Random = ReturnType<typeof random>;

function pick<T>(next: Random, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)] as T;
}

/** A JSON token written as is, for values JSON.stringify cannot produce (1e400, -0.0e5). */
class RawJson {
  constructor(readonly text: string) {}
}

function deepObject(depth: number): unknown {
  let value: unknown = 'tief';
  for (let level = 0; level < depth; level += 1) value = { a: value };
  return value;
}

function deepArray(depth: number): unknown {
  let value: unknown = [];
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
}

// Values that are of the wrong type for every field kind below except where noted per kind.
const WRONG_TYPE: readonly unknown[] = [
  null,
  true,
  [],
  [1, 'a', null],
  {},
  { JA: 'NEIN' },
  deepObject(300),
  deepArray(300),
];
// Strings no enum value, id, postcode or date of the tariffs can be.
const BAD_CODES: readonly unknown[] = [
  '',
  ' ',
  'UNBEKANNT',
  'null',
  'NaN',
  'Infinity',
  '😀',
  'äöüß',
  '\u0000',
  '\u202e',
  '<script>',
  '12',
  '123456',
  'x'.repeat(300),
  'ﬀ'.repeat(10),
];
const BAD_NUMBERS: readonly unknown[] = [
  -1,
  -100_000,
  1.5,
  1e20,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  2 ** 53 + 2,
  new RawJson('1e400'),
  new RawJson('-1e400'),
  '100',
  'NaN',
  'Infinity',
  '1e309',
  '',
];
const BAD_DATES: readonly unknown[] = [
  '2026-13-01',
  '2026-02-30',
  '31.12.2026',
  '2026-1-1',
  '20260101',
  20260101,
  '',
  'NaN',
  '😀',
  '+275760-09-13',
];

type FieldKind = 'code' | 'int' | 'bool' | 'date' | 'text' | 'codes' | 'record' | 'hunde' | 'wechsel';

function badValue(next: Random, kind: FieldKind): unknown {
  const wrongType = () => pick(next, WRONG_TYPE);
  switch (kind) {
    case 'code':
      return next() < 0.7 ? pick(next, BAD_CODES) : pick(next, [...WRONG_TYPE, 0, 42, -1]);
    case 'int':
      return next() < 0.7 ? pick(next, BAD_NUMBERS) : wrongType();
    case 'bool':
      return pick(next, [...WRONG_TYPE.filter((value) => value !== true), 'true', 'false', 'JA', 1, 0]);
    case 'date':
      return next() < 0.7 ? pick(next, BAD_DATES) : wrongType();
    case 'text':
      return pick(next, [...WRONG_TYPE, 0, 12, -1]);
    case 'codes':
      return next() < 0.5
        ? [pick(next, BAD_CODES)]
        : pick(next, [null, true, 'SB_KEINE', 5, {}, [[]], [null]]);
    case 'record':
      return pick(next, [
        null,
        'JA',
        5,
        [],
        ['JA'],
        { frage: 'VIELLEICHT' },
        { frage: true },
        deepObject(200),
      ]);
    case 'hunde':
      return pick(next, [
        [],
        [{}],
        [{ rasse: pick(next, BAD_CODES) }],
        [{ rasse: 'dackel', mischling: pick(next, ['ja', 1, null]) }],
        [{ rasse: 'dackel', mischling: true, mischlingsRasse: pick(next, BAD_CODES) }],
        Array.from({ length: 11 }, () => ({ rasse: 'dackel' })),
        null,
        'dackel',
        { rasse: 'dackel' },
      ]);
    case 'wechsel':
      return pick(next, [
        null,
        'ja',
        [],
        {},
        {
          vorversicherer: '',
          vorvertragEndetAm: '2027-03-31',
          schadenfreieJahre: 1,
          schaedenLetzte5Jahre: 0,
        },
        {
          vorversicherer: 'X AG',
          vorvertragEndetAm: pick(next, BAD_DATES),
          schadenfreieJahre: 1,
          schaedenLetzte5Jahre: 0,
        },
        {
          vorversicherer: 'X AG',
          vorvertragEndetAm: '2027-03-31',
          schadenfreieJahre: -1,
          schaedenLetzte5Jahre: 0,
        },
        {
          vorversicherer: 'X AG',
          vorvertragEndetAm: '2027-03-31',
          schadenfreieJahre: 1,
          schaedenLetzte5Jahre: 'NaN',
        },
      ]);
  }
}

interface Endpoint {
  path: string;
  valid: Record<string, unknown>;
  fields: Record<string, FieldKind>;
  required: readonly string[];
}

const ENDPOINTS: Endpoint[] = [
  {
    path: 'fahrrad2',
    valid: {
      art: 'FAHRRAD',
      typ: 'RENNRAD',
      kaufpreisCents: 150_000,
      kaufdatum: '2026-06-01',
      zustand: 'NEU',
    },
    fields: {
      art: 'code',
      typ: 'code',
      kaufpreisCents: 'int',
      kaufdatum: 'date',
      zustand: 'code',
      deckungen: 'codes',
      zahlweise: 'code',
    },
    required: ['art', 'typ', 'kaufpreisCents', 'kaufdatum', 'zustand'],
  },
  {
    path: 'thv/v2',
    valid: { hunde: [{ rasse: 'dackel' }] },
    fields: { hunde: 'hunde', variante: 'code', selbstbeteiligung: 'code', zahlweise: 'code' },
    required: ['hunde'],
  },
  {
    path: 'phv/v2',
    valid: { familienstand: 'SINGLE' },
    fields: {
      familienstand: 'code',
      variante: 'code',
      selbstbeteiligung: 'code',
      diensthaftpflicht: 'bool',
      schaedenLetzte5Jahre: 'int',
      zahlweise: 'code',
    },
    required: ['familienstand'],
  },
  {
    path: 'si',
    valid: { produkt: 'SI_MEHRGEFAHREN', versicherungssummeCents: 5_000_000, hauptgewerbe: 'si-buero' },
    fields: {
      produkt: 'code',
      versicherungssummeCents: 'int',
      hauptgewerbe: 'code',
      nebengewerbe: 'codes',
      variante: 'code',
      selbstbeteiligung: 'code',
      risikofragen: 'record',
      zahlweise: 'code',
    },
    required: ['produkt', 'versicherungssummeCents', 'hauptgewerbe'],
  },
  {
    path: 'hausrat/v2',
    valid: { plz: '50667', ort: 'Köln', wohnflaeche: 70 },
    fields: {
      plz: 'code',
      wohnflaeche: 'int',
      deckungen: 'codes',
      variante: 'code',
      selbstbeteiligung: 'code',
      zahlweise: 'code',
      ort: 'text',
      strasse: 'text',
      hausnummer: 'text',
    },
    required: ['plz', 'wohnflaeche'],
  },
  {
    path: 'bhv',
    valid: { hauptgewerbe: 'bhv-maler', jahresumsatzCents: 12_000_000 },
    fields: {
      hauptgewerbe: 'code',
      nebengewerbe: 'codes',
      jahresumsatzCents: 'int',
      variante: 'code',
      selbstbeteiligung: 'code',
      risikofragen: 'record',
      zahlweise: 'code',
    },
    required: ['hauptgewerbe', 'jahresumsatzCents'],
  },
  {
    path: 'bhv/wechsel',
    valid: {
      hauptgewerbe: 'bhv-maler',
      jahresumsatzCents: 12_000_000,
      wechsel: {
        vorversicherer: 'X AG',
        vorvertragEndetAm: '2027-03-31',
        schadenfreieJahre: 4,
        schaedenLetzte5Jahre: 0,
      },
    },
    fields: {
      hauptgewerbe: 'code',
      nebengewerbe: 'codes',
      jahresumsatzCents: 'int',
      variante: 'code',
      selbstbeteiligung: 'code',
      risikofragen: 'record',
      zahlweise: 'code',
      wechsel: 'wechsel',
    },
    required: ['hauptgewerbe', 'jahresumsatzCents', 'wechsel'],
  },
  {
    path: 'vh2',
    valid: { beruf: 'vh-it-beratung', jahresumsatzCents: 9_000_000 },
    fields: {
      beruf: 'code',
      jahresumsatzCents: 'int',
      variante: 'code',
      selbstbeteiligung: 'code',
      buerohaftpflicht: 'bool',
      phvAnzahl: 'code',
      risikofragen: 'record',
      zahlweise: 'code',
    },
    required: ['beruf', 'jahresumsatzCents'],
  },
  {
    path: 'reise',
    valid: { personenkreis: 'PAAR', beginn: '2027-04-01', ende: '2027-04-15' },
    fields: {
      personenkreis: 'code',
      beginn: 'date',
      ende: 'date',
      dauer: 'int',
      variante: 'code',
      reisekrankenversicherung: 'bool',
    },
    required: ['personenkreis', 'beginn', 'ende'],
  },
];

function toJsonText(value: unknown): string {
  const raw: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (!(item instanceof RawJson)) return item;
    raw.push(item.text);
    return `\u0001RAW${raw.length - 1}\u0001`;
  });
  return text.replace(/"\\u0001RAW(\d+)\\u0001"/g, (_match, index: string) => raw[Number(index)] ?? 'null');
}

interface MalformedRequest {
  description: string;
  contentType?: string;
  payload: string;
}

function brokenBody(next: Random, endpoint: Endpoint): MalformedRequest {
  const body: Record<string, unknown> = structuredClone(endpoint.valid);
  const changes: string[] = [];
  const count = 1 + Math.floor(next() * 3);
  for (let index = 0; index < count; index += 1) {
    if (next() < 0.25) {
      const field = pick(next, endpoint.required);
      delete body[field];
      changes.push(`-${field}`);
    } else {
      const field = pick(next, Object.keys(endpoint.fields));
      const kind = endpoint.fields[field] as FieldKind;
      body[field] = badValue(next, kind);
      changes.push(`${field}(${kind})`);
    }
  }
  return { description: changes.join(' '), contentType: 'application/json', payload: toJsonText(body) };
}

function brokenRequest(next: Random, endpoint: Endpoint): MalformedRequest {
  const valid = JSON.stringify(endpoint.valid);
  const requests: MalformedRequest[] = [
    { description: 'empty JSON body', contentType: 'application/json', payload: '' },
    { description: 'null', contentType: 'application/json', payload: 'null' },
    { description: 'array', contentType: 'application/json', payload: `[${valid}]` },
    { description: 'string', contentType: 'application/json', payload: '"tarifieren"' },
    { description: 'number', contentType: 'application/json', payload: '1e400' },
    { description: 'deep array', contentType: 'application/json', payload: JSON.stringify(deepArray(3_000)) },
    { description: 'broken JSON', contentType: 'application/json', payload: valid.slice(0, -1) },
    { description: 'JSON with comment', contentType: 'application/json', payload: `/* x */${valid}` },
    {
      description: 'proto poisoning',
      contentType: 'application/json',
      payload: `{"__proto__":{"x":1},${valid.slice(1)}`,
    },
    {
      description: 'constructor poisoning',
      contentType: 'application/json',
      payload: `{"constructor":{"prototype":{"x":1}},${valid.slice(1)}`,
    },
    { description: 'text/plain', contentType: 'text/plain', payload: valid },
    { description: 'xml', contentType: 'application/xml', payload: '<tarif/>' },
    { description: 'form', contentType: 'application/x-www-form-urlencoded', payload: 'art=FAHRRAD' },
    { description: 'no content type', payload: valid },
    {
      description: 'too large',
      contentType: 'application/json',
      payload: JSON.stringify({ ...endpoint.valid, padding: 'x'.repeat(PRICING_BODY_LIMIT_BYTES) }),
    },
  ];
  return pick(next, requests);
}

// English zod defaults would mean a message bypassed the German locale and the schemas' texts.
const ENGLISH = /\b(Invalid|expected|received|Too (big|small)|Required)\b/;

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

describe('malformed pricing requests', () => {
  it.each(ENDPOINTS.map((endpoint) => [endpoint.path, endpoint] as const))(
    `%s: ${REQUESTS_PER_ENDPOINT} seeded malformed requests all get a 4xx error envelope in German`,
    async (_path, endpoint) => {
      const next = random(20261122);
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      for (let count = 0; count < REQUESTS_PER_ENDPOINT; count += 1) {
        const request = next() < 0.85 ? brokenBody(next, endpoint) : brokenRequest(next, endpoint);
        const response = await testApp.app.inject({
          method: 'POST',
          url: `/api/taa/${endpoint.path}/tarifieren`,
          remoteAddress: freshAddress(),
          headers: request.contentType ? { 'content-type': request.contentType } : {},
          payload: request.payload,
        });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        const body = response.json() as {
          error?: { status: number; message: string; fieldErrors?: { path: string; message: string }[] };
        };
        const messages = [
          body.error?.message,
          ...(body.error?.fieldErrors ?? []).map((field) => field.message),
        ];
        const isClientError = response.statusCode >= 400 && response.statusCode < 500;
        const isGermanEnvelope =
          body.error?.status === response.statusCode &&
          messages.every(
            (message) => typeof message === 'string' && message !== '' && !ENGLISH.test(message),
          );
        if (!isClientError || !isGermanEnvelope) {
          failures.push(`${response.statusCode} ${request.description}: ${response.body.slice(0, 300)}`);
        }
      }
      expect(failures).toEqual([]);
      // The generator reaches validation, body parsing and the content-type check alike.
      expect([...statuses.keys()].sort()).toEqual([400, 413, 415]);
    },
    // A thousand requests take seconds; on a shared, loaded machine far more than the default.
    120_000,
  );
});

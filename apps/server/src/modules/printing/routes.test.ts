import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { pdfFontsEmbedded, pdfPageCount, pdfText } from '../documents/pdf-text.test-helper';
import { PRINTING_RATE_LIMIT } from './routes';

let testApp: TestApp;
let nextAddress = 0;

// Each request comes from its own address unless a test says otherwise, so that the per-IP rate
// limit only bites where a test is about it.
function freshAddress(): string {
  nextAddress += 1;
  return `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress & 255}`;
}

const get = (url: string, remoteAddress = freshAddress()) =>
  testApp.app.inject({ method: 'GET', url, remoteAddress });

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

const SPEC_CODES = [
  'BHV',
  'VH',
  'SI_ALLGEFAHREN',
  'SI_MEHRGEFAHREN',
  'FAHRRAD',
  'THV',
  'PHV',
  'HRV',
  'REISE',
  'BHV_WECHSELTARIF',
];

describe('GET /api/druck/pdf/kundeninformation/:typ', () => {
  it.each(SPEC_CODES)(
    '%s answers a cacheable PDF with the Widerrufsbelehrung, without sign-in',
    async (code) => {
      const response = await get(`/api/druck/pdf/kundeninformation/${code}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
      expect(response.headers['content-disposition']).toMatch(/^inline; filename="Kundeninformation-/);
      const pdf = response.rawPayload;
      expect(pdfFontsEmbedded(pdf)).toBe(true);
      expect(pdfText(pdf)).toContain('Widerrufsbelehrung');
    },
  );

  it('maps HRV to the household contents insurance and BHV_WECHSELTARIF to the tariff change', async () => {
    expect(pdfText((await get('/api/druck/pdf/kundeninformation/HRV')).rawPayload)).toContain(
      'Hausratversicherung',
    );
    expect(pdfText((await get('/api/druck/pdf/kundeninformation/BHV_WECHSELTARIF')).rawPayload)).toContain(
      'Betriebshaftpflichtversicherung (Wechseltarif)',
    );
  });

  it.each(['UNBEKANNT', 'hrv', 'HAUSRAT'])(
    'answers 404 in the error envelope for the unknown code %s',
    async (code) => {
      const response = await get(`/api/druck/pdf/kundeninformation/${code}`);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json().error).toMatchObject({ code: 'DOKUMENT_NOT_FOUND', status: 404 });
      expect(response.json().error.message).toContain('Dieses Dokument gibt es nicht.');
    },
  );
});

describe('IPID and AVB', () => {
  it('serve the IPID with its nine headings on at most three pages, and the AVB', async () => {
    const ipid = await get('/api/druck/pdf/ipid/PHV');
    expect(ipid.statusCode).toBe(200);
    expect(pdfText(ipid.rawPayload)).toContain('Wie kann ich den Vertrag kündigen?');
    expect(pdfPageCount(ipid.rawPayload)).toBeLessThanOrEqual(3);
    const avb = await get('/api/druck/pdf/avb/PHV');
    expect(avb.statusCode).toBe(200);
    expect(pdfText(avb.rawPayload)).toContain('Allgemeine Versicherungsbedingungen');
    expect((await get('/api/druck/pdf/ipid/XYZ')).statusCode).toBe(404);
  });
});

describe('overviews', () => {
  it.each(['HAUSRAT', 'HRV', 'TIERHALTERHAFTPFLICHT', 'KFZ'])(
    'GET leistungsuebersicht/%s answers a PDF',
    async (key) => {
      const response = await get(`/api/druck/pdf/leistungsuebersicht/${key}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(pdfText(response.rawPayload)).toContain('Leistungsübersicht');
    },
  );

  it('answers 404 for an unknown product', async () => {
    const response = await get('/api/druck/pdf/leistungsuebersicht/BOOT');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('DOKUMENT_NOT_FOUND');
  });

  it('GET mischbetriebslogik answers a PDF', async () => {
    const response = await get('/api/druck/pdf/mischbetriebslogik');
    expect(response.statusCode).toBe(200);
    expect(pdfText(response.rawPayload)).toContain('Mischbetrieb');
  });

  it('GET /api/druck/docs lists every product with German names and working addresses', async () => {
    const response = await get('/api/druck/docs');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/^public/);
    const body = response.json<{
      produkte: { code: string; produktName: string; dokumente: { name: string; url: string }[] }[];
      uebergreifend: { url: string }[];
    }>();
    expect(body.produkte.map((product) => product.code)).toEqual(expect.arrayContaining(SPEC_CODES));
    const fahrrad = body.produkte.find((product) => product.code === 'FAHRRAD');
    expect(fahrrad?.produktName).toBe('Fahrrad- und E-Bike-Versicherung');
    expect(fahrrad?.dokumente.map((document) => document.name)).toEqual([
      'Kundeninformation mit Widerrufsbelehrung',
      'Produktinformationsblatt (IPID)',
      'Allgemeine Versicherungsbedingungen (AVB)',
      'Leistungsübersicht',
    ]);
    for (const { url } of [...(fahrrad?.dokumente ?? []), ...body.uebergreifend]) {
      const document = await get(url);
      expect(document.statusCode, url).toBe(200);
      expect(document.headers['content-type'], url).toBe('application/pdf');
    }
  });
});

describe('static documents', () => {
  it('lists the terms of use and both consent forms, each a PDF', async () => {
    const response = await get('/api/dokument/dvelop/dokumente/static');
    expect(response.statusCode).toBe(200);
    const list = response.json<{ name: string; titel: string; url: string }[]>();
    expect(list.map((entry) => entry.name)).toEqual([
      'nutzungsbedingungen',
      'einwilligung-personenschaden',
      'einwilligung-reisekranken',
    ]);
    for (const entry of list) {
      const document = await get(entry.url);
      expect(document.statusCode).toBe(200);
      expect(document.headers['content-type']).toBe('application/pdf');
      expect(pdfText(document.rawPayload)).toContain(entry.titel);
    }
    expect(
      pdfText((await get('/api/dokument/dvelop/dokumente/static/einwilligung-reisekranken')).rawPayload),
    ).toContain('Schweigepflicht');
  });

  it('answers 404 for an unknown static document', async () => {
    const response = await get('/api/dokument/dvelop/dokumente/static/provisionszusage-geheim');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('DOKUMENT_NOT_FOUND');
  });
});

describe('rate limit per IP', () => {
  it(`answers 429 after ${PRINTING_RATE_LIMIT.max} requests from one address, others are still served`, async () => {
    const address = freshAddress();
    for (let count = 0; count < PRINTING_RATE_LIMIT.max; count += 1) {
      expect((await get('/api/druck/docs', address)).statusCode).toBe(200);
    }
    const limited = await get('/api/druck/docs', address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('TOO_MANY_REQUESTS');
    expect((await get('/api/druck/docs')).statusCode).toBe(200);
  });
});

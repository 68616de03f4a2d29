import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents } from '@schirm/domain/format/money';
import { DEMO_CUSTOMERS } from '../../db/demo/portfolio/demo-people';
import { DEMO_SEEDERS, demoSeeders } from '../../db/demo/seeders';
import { accounts } from '../../db/schema/identity';
import { seedDemoData } from '../../db/seed';
import { loadIdentityKeys, type IdentityKeys } from '../../platform/auth/keys';
import { createTestApp, type TestApp } from '../../test/test-app';
import { findPartnerByNumber } from '../contracts/partners-repository';
import { findContractsByPartner, insertContractDocument } from '../contracts/repository';
import { mintAccessToken } from '../identity/identity-test-kit';
import { pdfText } from './pdf-text.test-helper';
import type { DocumentListItem } from './service';

let testApp: TestApp;
let keys: IdentityKeys;
const TODAY = new Date().toISOString().slice(0, 10);

async function tokenOf(email: string): Promise<string> {
  const [account] = await testApp.database.db.select().from(accounts).where(eq(accounts.username, email));
  if (!account) throw new Error(`No demo account ${email}`);
  return mintAccessToken(keys, account);
}

const get = (url: string, token?: string) =>
  testApp.app.inject({ url, ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}) });

let anna: string;
let markus: string;

beforeAll(async () => {
  testApp = await createTestApp();
  keys = loadIdentityKeys(testApp.config);
  await seedDemoData(testApp.database.db, demoSeeders({ files: testApp.app.files }));
  anna = await tokenOf(DEMO_CUSTOMERS.annaSchneider.email);
  markus = await tokenOf(DEMO_CUSTOMERS.weberDigital.email);
});

afterAll(async () => {
  await testApp.close();
});

async function listOf(token: string): Promise<DocumentListItem[]> {
  const response = await get('/api/dokument/download-bereich/dokumente', token);
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('private, no-store');
  return response.json<DocumentListItem[]>();
}

describe('demo documents', () => {
  it('are seeded after the portfolio: every curated contract has its policy', async () => {
    expect(demoSeeders({ files: testApp.app.files }).map((s) => s.name)).toEqual([
      ...DEMO_SEEDERS.map((s) => s.name),
      'demo-documents',
    ]);
    const documents = await listOf(anna);
    const numbers = Object.values(DEMO_CUSTOMERS.annaSchneider.contracts);
    expect(documents.map((d) => d.versicherungsNummer).sort()).toEqual([...numbers].sort());
    expect(new Set(documents.map((d) => d.name))).toEqual(new Set(['Versicherungsschein']));
  });
});

describe('GET /api/dokument/download-bereich/dokumente/:id', () => {
  it('answers the policy as a real PDF with a German file name, never cached', async () => {
    const policy = (await listOf(anna)).find((d) => d.versicherungsNummer === '9000000101')!;
    expect(policy.url).toBe(`/api/dokument/download-bereich/dokumente/${policy.id}`);
    const response = await get(policy.url, anna);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-disposition']).toContain(
      "filename*=UTF-8''Versicherungsschein%209000000101.pdf",
    );
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Versicherungsschein – Privathaftpflichtversicherung');
    expect(text).toContain('9000000101');
    expect(text).toContain('Anna Schneider');
    expect(text).toContain('Versicherungsteuer (19 %)');

    const db = testApp.database.db;
    const partner = await findPartnerByNumber({
      db,
      partnerNummer: DEMO_CUSTOMERS.annaSchneider.partnerNummer,
      today: TODAY,
    });
    const phv = (await findContractsByPartner({ db, partnerId: partner!.id })).find(
      (c) => c.versicherungsNummer === '9000000101',
    )!;
    expect(text).toContain(formatCents(phv.beitrag.bruttoBeitragProPeriodeCents));
  });

  it('records the first download by the owner in the list (geoeffnetAm), not a refused one by somebody else', async () => {
    const [unopened] = (await listOf(markus)).filter((d) => d.geoeffnetAm === null);
    expect(unopened).toBeDefined();
    expect((await get(unopened!.url, anna)).statusCode).toBe(404);
    expect((await listOf(markus)).find((d) => d.id === unopened!.id)?.geoeffnetAm).toBeNull();

    expect((await get(unopened!.url, markus)).statusCode).toBe(200);
    const opened = (await listOf(markus)).find((d) => d.id === unopened!.id)?.geoeffnetAm;
    expect(opened).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await get(unopened!.url, markus)).statusCode).toBe(200);
    expect((await listOf(markus)).find((d) => d.id === unopened!.id)?.geoeffnetAm).toBe(opened);
  });

  it("answers 404 for another customer's document, the same as for an unknown id", async () => {
    const weberPolicy = (await listOf(markus))[0]!;
    const foreign = await get(weberPolicy.url, anna);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const unknown = await get(
      '/api/dokument/download-bereich/dokumente/00000000-0000-4000-8000-000000000000',
      anna,
    );
    expect(unknown.statusCode).toBe(404);
    expect((await listOf(anna)).some((d) => d.id === weberPolicy.id)).toBe(false);
  });

  it('answers a malformed id with 400 and a German message, and no token with 401', async () => {
    const malformed = await get('/api/dokument/download-bereich/dokumente/..%2F..%2Fetc', anna);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain('Dieses Dokument gibt es nicht.');
    const policy = (await listOf(anna))[0]!;
    expect((await get(policy.url)).statusCode).toBe(401);
  });

  it('answers 404 with a German message when the file of a document is missing', async () => {
    const db = testApp.database.db;
    const partner = await findPartnerByNumber({
      db,
      partnerNummer: DEMO_CUSTOMERS.annaSchneider.partnerNummer,
      today: TODAY,
    });
    const [contract] = await findContractsByPartner({ db, partnerId: partner!.id });
    const lost = await insertContractDocument({
      db,
      contractId: contract!.id,
      name: 'Altes Dokument',
      typ: 'other',
      storageKey: '0a/0a000000-0000-4000-8000-000000000000.pdf',
    });
    const response = await get(`/api/dokument/download-bereich/dokumente/${lost.id}`, anna);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      error: {
        code: 'DOCUMENT_FILE_MISSING',
        message: 'Dieses Dokument ist zurzeit nicht verfügbar. Bitte versuchen Sie es später erneut.',
      },
    });
  });
});

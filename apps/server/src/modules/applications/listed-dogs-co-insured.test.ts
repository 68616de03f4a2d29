// Issue 13, questions per product through the API on a real database: the THV's Listenhunde by
// Land (a forged breed/Land combination or a Kategorie 2 dog without the confirmed conditions is
// refused with a German 422 and no offer is made; a confirmed one is insured at the tariff's price
// and keeps the Land) and the PHV's co-insured persons by name (stored with the contract, shown to
// the customer and printed in the policy; a family status without them refuses them). The Date is
// fixed to the samples' day, 10:00 in Berlin.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SAMPLE_APPLICATIONS, SAMPLE_DAY } from '@schirm/domain/application/flows/samples.test-helper';
import { formatCents } from '@schirm/domain/format/money';
import { priceThv, thvRatingInputSchema } from '@schirm/domain/products/thv/tariff';
import { applicationOffers } from '../../db/schema/applications';
import { contractDocuments, contracts } from '../../db/schema/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { pdfText } from '../documents/pdf-text.test-helper';
import { POLICY_NAME } from '../documents/policy';
import { runApplicationDocumentsJob } from './documents-job.test-helper';

interface ErrorBody {
  error: { code: string; message: string; fieldErrors?: { path: string; message: string }[] };
}

interface Offer {
  kind: string;
  angebotId: string;
  beitrag: { bruttoCents: number };
  reason?: string;
}

let t: TestApp;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${SAMPLE_DAY}T10:00:00+02:00`));
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

async function offers(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(applicationOffers);
  return row?.n ?? 0;
}

const thvSample = SAMPLE_APPLICATIONS.tierhalterhaftpflicht as Record<string, Record<string, unknown>>;

function thvAnswers(hunde: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return { ...thvSample, hunde: { ...thvSample['hunde'], ...hunde }, ...extra };
}

async function prepare(path: string, produkt: string, antworten: object, remoteAddress: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/taa/${path}/vorbereiten`,
    payload: { produkt, antworten },
    remoteAddress,
  });
}

describe('THV: Listenhunde by Land', () => {
  it('refuses a breed the Land lists in Kategorie 1 with the German reason, and makes no offer', async () => {
    const before = await offers();
    const response = await prepare(
      'thv/v2',
      'tierhalterhaftpflicht',
      thvAnswers({ bundesland: 'BY', hunde: [{ name: 'Rocky', rasse: 'tosa-inu' }] }),
      '10.21.0.1',
    );
    expect(response.statusCode, response.body).toBe(422);
    const { error } = response.json<ErrorBody>();
    expect(error.fieldErrors?.[0]).toEqual({
      path: 'hunde.hunde.0.rasse',
      message: expect.stringContaining('gelten in Bayern als gefährliche Hunde'),
    });
    expect(await offers()).toBe(before);
  });

  it('refuses a forged Kategorie 2 dog without the confirmed conditions, in German', async () => {
    const before = await offers();
    const response = await prepare(
      'thv/v2',
      'tierhalterhaftpflicht',
      thvAnswers({ bundesland: 'NW', hunde: [{ name: 'Rocky', rasse: 'rottweiler' }] }),
      '10.21.0.2',
    );
    expect(response.statusCode, response.body).toBe(422);
    const { error } = response.json<ErrorBody>();
    expect(error.fieldErrors?.map((field) => field.path)).toContain('auflagen.listenhundAuflagenErfuellt');
    expect(error.fieldErrors?.[0]?.message).toMatch(/Bestätigung/);
    expect(await offers()).toBe(before);
  });

  it('refuses a Land that does not exist', async () => {
    const response = await prepare(
      'thv/v2',
      'tierhalterhaftpflicht',
      thvAnswers({ bundesland: 'Bavaria' }),
      '10.21.0.3',
    );
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json<ErrorBody>().error.fieldErrors?.[0]).toEqual({
      path: 'hunde.bundesland',
      message: 'Bitte wählen Sie das Bundesland, in dem Ihre Hunde leben.',
    });
  });

  it('insures a Kategorie 2 dog with the confirmed conditions at the tariff price and keeps the Land', async () => {
    const antworten = thvAnswers(
      { bundesland: 'HH', hunde: [{ name: 'Rocky', rasse: 'rottweiler' }] },
      { auflagen: { listenhundAuflagenErfuellt: true } },
    );
    const prepared = await prepare('thv/v2', 'tierhalterhaftpflicht', antworten, '10.21.0.4');
    expect(prepared.statusCode, prepared.body).toBe(200);
    const offer = prepared.json<Offer>();
    expect(offer.kind, offer.reason).toBe('angebot');
    const domain = priceThv(
      thvRatingInputSchema.parse({
        hunde: [{ rasse: 'deutsche-dogge' }],
        selbstbeteiligung: 'SB_250',
        variante: 'THV_KOMFORT',
        zahlweise: 'VIERTELJAEHRLICH',
      }),
    );
    expect(domain.kind === 'quote' && domain.variants[0]?.premiums[0]?.grossCents).toBe(
      offer.beitrag.bruttoCents,
    );

    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/taa/thv/v2/antrag',
      payload: { produkt: 'tierhalterhaftpflicht', angebotId: offer.angebotId, antworten },
      headers: { 'idempotency-key': 'listed-dog-hh' },
      remoteAddress: '10.21.0.4',
    });
    expect(applied.statusCode, applied.body).toBe(201);
    expect(await runApplicationDocumentsJob(t)).toBe(1);
    const [contract] = await t.database.db
      .select({ productDetails: contracts.productDetails })
      .from(contracts)
      .where(
        eq(
          contracts.versicherungsNummer,
          applied.json<{ versicherungsNummer: string }>().versicherungsNummer,
        ),
      );
    expect(contract?.productDetails).toMatchObject({ bundesland: 'HH', listenhundAuflagenErfuellt: true });
  });
});

describe('PHV: co-insured persons by name', () => {
  const phvSample = SAMPLE_APPLICATIONS.privathaftpflicht as Record<string, Record<string, unknown>>;

  it('stores the partner and the children with the contract and prints them in the policy', async () => {
    const prepared = await prepare('phv/v2', 'privathaftpflicht', phvSample, '10.21.0.5');
    expect(prepared.statusCode, prepared.body).toBe(200);
    const offer = prepared.json<Offer>();
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/taa/phv/v2/antrag',
      payload: { produkt: 'privathaftpflicht', angebotId: offer.angebotId, antworten: phvSample },
      headers: { 'idempotency-key': 'phv-co-insured' },
      remoteAddress: '10.21.0.5',
    });
    expect(applied.statusCode, applied.body).toBe(201);
    expect(await runApplicationDocumentsJob(t)).toBe(1);
    const [contract] = await t.database.db
      .select({ id: contracts.id, productDetails: contracts.productDetails })
      .from(contracts)
      .where(
        eq(
          contracts.versicherungsNummer,
          applied.json<{ versicherungsNummer: string }>().versicherungsNummer,
        ),
      );
    expect(contract?.productDetails).toMatchObject({
      mitversichertePersonen: [
        { art: 'MITVERSICHERTE_PERSON', vorname: 'Max', name: 'Mustermann', geburtsdatum: '1983-09-30' },
        { art: 'MITVERSICHERTES_KIND', vorname: 'Lena', name: 'Mustermann', geburtsdatum: '2015-02-01' },
      ],
    });
    const documents = await t.database.db
      .select({ storageKey: contractDocuments.storageKey, name: contractDocuments.name })
      .from(contractDocuments)
      .where(eq(contractDocuments.contractId, contract?.id ?? ''));
    const stored = documents.find((document) => document.name === POLICY_NAME);
    const content = await t.app.files.read(stored?.storageKey ?? '');
    if (!content) throw new Error('no policy stored');
    const text = (await pdfText(content)).replace(/\s+/g, ' ');
    expect(text).toContain('Max Mustermann, geboren am 30.09.1983');
    expect(text).toContain('Lena Mustermann, geboren am 01.02.2015');
    expect(text).toContain(formatCents(offer.beitrag.bruttoCents));
  });

  it('refuses co-insured persons a single’s application sent along, in German', async () => {
    const single = { ...phvSample, haushalt: { ...phvSample['haushalt'], familienstand: 'SINGLE' } };
    const response = await prepare('phv/v2', 'privathaftpflicht', single, '10.21.0.6');
    expect(response.statusCode, response.body).toBe(422);
    const { error } = response.json<ErrorBody>();
    expect(error.fieldErrors?.map((field) => field.path).sort()).toEqual(['kinder', 'partner']);
    expect(error.fieldErrors?.[0]?.message).toMatch(/nicht vorgesehen/);
  });

  it('refuses a child born in the future and a partner under 18', async () => {
    const answers = {
      ...phvSample,
      partner: { vorname: 'Max', name: 'Mustermann', geburtsdatum: '2015-01-01' },
      kinder: { kinder: [{ vorname: 'Lena', name: 'Mustermann', geburtsdatum: '2099-01-01' }] },
    };
    const response = await prepare('phv/v2', 'privathaftpflicht', answers, '10.21.0.7');
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json<ErrorBody>().error.fieldErrors).toEqual([
      { path: 'partner.geburtsdatum', message: expect.stringContaining('mindestens 18 Jahre') },
      { path: 'kinder.kinder.0.geburtsdatum', message: 'Das Geburtsdatum darf nicht in der Zukunft liegen.' },
    ]);
  });
});

// Every product sold online, in every payment period it sells, bought through the API on a real
// database (issue 13 bars: "the premium offered = the premium saved = the domain tariff, for every
// product and payment period"; "every PDF opens, has real text and the right premium"). The
// expected premium is computed here from the product's domain price function with the facts the
// server adds (generation by the flag as this app evaluates it, ZÜRS class by address), not from
// the flow's pricing request, so a request that loses an answer shows up as a wrong price. Only
// the Date is fixed (to the samples' day, 10:00 in Berlin): the flows' date rules hold on any day.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SAMPLE_APPLICATIONS, SAMPLE_DAY } from '@schirm/domain/application/flows/samples.test-helper';
import { PRODUCT_APPLICATIONS } from '@schirm/domain/application/applications';
import type { ApplicationSlug } from '@schirm/domain/application/product-application';
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';
import { formatCents } from '@schirm/domain/format/money';
import { generationForNewBusiness as bhvGeneration } from '@schirm/domain/products/bhv/catalogue';
import { bhvRatingInputSchema, priceBhv } from '@schirm/domain/products/bhv/tariff';
import type { PricingResult } from '@schirm/domain/products/common/pricing';
import type { PricingZahlweise, SummaryProdukt } from '@schirm/domain/products/enums';
import { generationForNewBusiness as fahrradGeneration } from '@schirm/domain/products/fahrrad/catalogue';
import { fahrradRatingInputSchema, priceFahrrad } from '@schirm/domain/products/fahrrad/tariff';
import { hausratRatingInputSchema, priceHausrat } from '@schirm/domain/products/hausrat/tariff';
import { DEFAULT_KFZ_CLASS_TABLE, kfzRatingInputSchema, priceKfz } from '@schirm/domain/products/kfz/tariff';
import { phvRatingInputSchema, pricePhv } from '@schirm/domain/products/phv/tariff';
import { priceReise, reiseRatingInputSchema } from '@schirm/domain/products/reise/tariff';
import { priceSi, siRatingInputSchema } from '@schirm/domain/products/si/tariff';
import { priceThv, thvRatingInputSchema } from '@schirm/domain/products/thv/tariff';
import { generationForNewBusiness as vhGeneration } from '@schirm/domain/products/vh/catalogue';
import { priceVh, vhRatingInputSchema } from '@schirm/domain/products/vh/tariff';
import { applicationOfferDocuments } from '../../db/schema/applications';
import { contractDocuments, contracts } from '../../db/schema/contracts';
import { DEFAULT_BRAND } from '../../platform/flags/provider';
import { createTestApp, type TestApp } from '../../test/test-app';
import { pdfText } from '../documents/pdf-text.test-helper';
import { runApplicationDocumentsJob } from './documents-job.test-helper';
import { POLICY_NAME } from '../documents/policy';
import { zuersClassFor } from '../reference/zuers';

/** What the domain price depends on besides the answers. */
interface Facts {
  today: CalendarDate;
  newProductGenerations: boolean;
}

interface ProductCase {
  variante: string;
  zahlweisen: readonly (PricingZahlweise | 'EINMALIG')[];
  /** The contract's product (with its generation where the flag decides it). */
  produkt: (facts: Facts) => SummaryProdukt;
  /** The product's domain tariff on the sample's answers, every variant and payment period. */
  price: (facts: Facts) => PricingResult;
}

const PERIODS = ['MONATLICH', 'VIERTELJAEHRLICH', 'HALBJAEHRLICH', 'JAEHRLICH'] as const;

const SI_RATING = {
  versicherungssummeCents: 5_000_000,
  hauptgewerbe: 'si-buero',
  nebengewerbe: ['si-cafe-restaurant'],
  selbstbeteiligung: 'SB_500',
  risikofragen: {
    'si-vorschaeden': 'NEIN',
    'si-leerstand': 'NEIN',
    'si-bauweise': 'NEIN',
    'si-cafe-restaurant-fritteuse': 'NEIN',
  },
};

// The samples' answers (samples.test-helper.ts) as each tariff's rating input.
const CASES: Record<ApplicationSlug, ProductCase> = {
  fahrrad: {
    variante: 'FAHRRAD_KOMFORT',
    zahlweisen: PERIODS,
    produkt: ({ newProductGenerations }) => fahrradGeneration(newProductGenerations),
    price: ({ today, newProductGenerations }) =>
      priceFahrrad(
        fahrradRatingInputSchema.parse({
          generation: fahrradGeneration(newProductGenerations),
          art: 'EBIKE',
          typ: 'SONSTIGES_RAD',
          kaufpreisCents: 450_000,
          kaufdatum: '2026-03-01',
          zustand: 'NEU',
        }),
        { today },
      ),
  },
  tierhalterhaftpflicht: {
    variante: 'THV_KOMFORT',
    zahlweisen: PERIODS,
    produkt: () => 'TIERHALTERHAFTPFLICHT',
    price: ({ today }) =>
      priceThv(
        thvRatingInputSchema.parse({
          hunde: [
            { rasse: 'labrador-retriever', mischling: false },
            { rasse: 'pudel-zwerg', mischling: true, mischlingsRasse: 'beagle' },
          ],
          selbstbeteiligung: 'SB_250',
        }),
        { today },
      ),
  },
  privathaftpflicht: {
    variante: 'PHV_KOMFORT',
    zahlweisen: PERIODS,
    produkt: () => 'PRIVATHAFTPFLICHT',
    price: ({ today }) =>
      pricePhv(
        phvRatingInputSchema.parse({
          familienstand: 'FAMILIE',
          selbstbeteiligung: 'SB_250',
          diensthaftpflicht: true,
          schaedenLetzte5Jahre: 1,
        }),
        { today },
      ),
  },
  hausrat: {
    variante: 'HAUSRAT_KOMFORT',
    zahlweisen: PERIODS,
    produkt: () => 'HAUSRAT',
    price: ({ today }) =>
      priceHausrat(
        hausratRatingInputSchema.parse({
          plz: '94032',
          wohnflaeche: 85,
          deckungen: ['SCHIRM_BASISDECKUNG_HAUSRAT', 'SCHIRM_ELEMENTAR_HAUSRAT', 'SCHIRM_FAHRRAD_HAUSRAT'],
          zuersKlasse: zuersClassFor({
            plz: '94032',
            ort: 'Passau',
            strasse: 'Ludwigstraße',
            hausnummer: '5',
          }),
          selbstbeteiligung: 'SB_500',
        }),
        { today },
      ),
  },
  betriebshaftpflicht: {
    variante: 'BHV_KOMFORT',
    zahlweisen: PERIODS,
    produkt: ({ newProductGenerations }) => bhvGeneration(newProductGenerations),
    price: ({ today, newProductGenerations }) =>
      priceBhv(
        bhvRatingInputSchema.parse({
          generation: bhvGeneration(newProductGenerations),
          hauptgewerbe: 'bhv-cafe-restaurant',
          nebengewerbe: ['bhv-hausmeisterservice'],
          jahresumsatzCents: 25_000_000,
          selbstbeteiligung: 'SB_500',
          risikofragen: {
            'bhv-cafe-restaurant-diskothek': 'NEIN',
            'bhv-hausmeisterservice-winterdienst': 'JA',
          },
        }),
        { today },
      ),
  },
  sachinhalt: {
    variante: 'SI_OPTIMAL',
    zahlweisen: PERIODS,
    produkt: () => 'SI_ALLGEFAHREN',
    price: ({ today }) =>
      priceSi(siRatingInputSchema.parse({ produkt: 'SI_ALLGEFAHREN', ...SI_RATING }), { today }),
  },
  'sachinhalt-mehrgefahren': {
    variante: 'SI_OPTIMAL',
    zahlweisen: PERIODS,
    produkt: () => 'SI_MEHRGEFAHREN',
    price: ({ today }) =>
      priceSi(siRatingInputSchema.parse({ produkt: 'SI_MEHRGEFAHREN', ...SI_RATING }), { today }),
  },
  vermoegensschadenhaftpflicht: {
    variante: 'VH_1000',
    zahlweisen: PERIODS,
    produkt: ({ newProductGenerations }) => vhGeneration(newProductGenerations),
    price: ({ today, newProductGenerations }) =>
      priceVh(
        vhRatingInputSchema.parse({
          generation: vhGeneration(newProductGenerations),
          beruf: 'vh-it-beratung',
          jahresumsatzCents: 18_000_000,
          selbstbeteiligung: 'SB_KEINE',
          buerohaftpflicht: true,
          phvAnzahl: 'EINS',
          risikofragen: { 'vh-it-beratung-sicherheitskritisch': 'NEIN' },
        }),
        { today },
      ),
  },
  reise: {
    variante: 'REISE_KOMFORT',
    // A trip is paid once: the flow has no payment-period page.
    zahlweisen: ['EINMALIG'],
    produkt: () => 'REISE',
    price: ({ today }) =>
      priceReise(
        reiseRatingInputSchema.parse({ personenkreis: 'FAMILIE', beginn: '2026-07-15', ende: '2026-08-04' }),
        { today },
      ),
  },
  kfz: {
    variante: 'KFZ_TEILKASKO',
    zahlweisen: PERIODS,
    produkt: () => 'KFZ',
    price: ({ today }) =>
      priceKfz(
        kfzRatingInputSchema.parse({
          hsn: '0603',
          tsn: 'BJM',
          erstzulassung: '2021-03-15',
          nutzung: 'PRIVAT',
          jaehrlicheFahrleistungKm: 12_000,
          garage: 'NEIN',
          plz: '10115',
          fahrerkreis: 'NUR_VN',
          juengsterFahrerAlter: 41,
          sfKlasseHaftpflicht: '10',
          selbstbeteiligungTeilkasko: 'SB_150',
        }),
        { today, classes: DEFAULT_KFZ_CLASS_TABLE },
      ),
  },
};

interface Beitrag {
  nettoCents: number;
  versicherungsteuerCents: number;
  bruttoCents: number;
  nettoJahresbeitragCents: number;
}

interface Offer {
  kind: string;
  angebotId: string;
  produkt: string;
  variante: string;
  zahlweise: string;
  beitrag: Beitrag;
  dokumente: { typ: string; url: string }[];
  reason?: string;
}

interface ContractResult {
  versicherungsNummer: string;
  status: string;
  produkt: string;
  zahlweise: string;
  beitrag: Beitrag;
}

function domainBeitrag(result: PricingResult, variante: string, zahlweise: string): Beitrag {
  if (result.kind !== 'quote') throw new Error(`The domain tariff refused the sample: ${result.reason}`);
  const premium = result.variants
    .find((variant) => variant.variant === variante)
    ?.premiums.find((candidate) => candidate.zahlweise === zahlweise);
  if (!premium) throw new Error(`The domain tariff has no premium for ${variante}/${zahlweise}`);
  return {
    nettoCents: premium.netCents,
    versicherungsteuerCents: premium.taxCents,
    bruttoCents: premium.grossCents,
    nettoJahresbeitragCents: premium.netAnnualCents,
  };
}

/** The sample with the payment period changed (Reise has no payment-period page). */
function answersIn(slug: ApplicationSlug, zahlweise: string) {
  const sample = SAMPLE_APPLICATIONS[slug];
  const beginn = sample['beginn'];
  return beginn ? { ...sample, beginn: { ...beginn, zahlweise } } : sample;
}

let t: TestApp;
let facts: Facts;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // 10:00 in Berlin (summer time) on the samples' day.
  vi.setSystemTime(new Date(`${SAMPLE_DAY}T10:00:00+02:00`));
  t = await createTestApp();
  // The flag as the application routes evaluate it for a request to this app (host localhost).
  const flag = await t.app.flags.evaluate('new-product-generations', {
    environment: 'localhost',
    brand: DEFAULT_BRAND,
  });
  facts = { today: SAMPLE_DAY, newProductGenerations: flag.value };
});

afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

async function pdfOf(storageKey: string): Promise<string> {
  const content = await t.app.files.read(storageKey);
  if (!content) throw new Error(`No file ${storageKey}`);
  expect(content.subarray(0, 5).toString()).toBe('%PDF-');
  return pdfText(content);
}

describe('every product and payment period: offered = saved = the domain tariff, in the PDFs too', () => {
  it('the registry sells the nine products the samples cover', () => {
    expect(Object.keys(PRODUCT_APPLICATIONS).sort()).toEqual(Object.keys(CASES).sort());
  });

  it.each(Object.keys(CASES) as ApplicationSlug[])('%s', async (slug) => {
    const application = PRODUCT_APPLICATIONS[slug];
    if (!application) throw new Error(`${slug} is not sold`);
    const productCase = CASES[slug];
    const domain = productCase.price(facts);
    // One client address per product: the application routes are rate-limited per address.
    const remoteAddress = `10.13.0.${Object.keys(CASES).indexOf(slug) + 1}`;

    for (const zahlweise of productCase.zahlweisen) {
      const label = `${slug} ${zahlweise}`;
      const antworten = answersIn(slug, zahlweise);
      const expected = domainBeitrag(domain, productCase.variante, zahlweise);

      const prepared = await t.app.inject({
        method: 'POST',
        url: `/api/taa/${application.pricingPath}/vorbereiten`,
        payload: { produkt: slug, antworten },
        remoteAddress,
      });
      expect(prepared.statusCode, `${label}: ${prepared.body}`).toBe(200);
      const offer = prepared.json<Offer>();
      expect(offer.kind, `${label}: ${offer.reason ?? ''}`).toBe('angebot');
      expect(offer, label).toMatchObject({
        produkt: productCase.produkt(facts),
        variante: productCase.variante,
        zahlweise,
      });
      expect(offer.beitrag, label).toEqual(expected);

      const applied = await t.app.inject({
        method: 'POST',
        url: `/api/taa/${application.pricingPath}/antrag`,
        payload: { produkt: slug, angebotId: offer.angebotId, antworten },
        headers: { 'idempotency-key': `all-products-${slug}-${zahlweise}` },
        remoteAddress,
      });
      expect(applied.statusCode, `${label}: ${applied.body}`).toBe(201);
      const result = applied.json<ContractResult>();
      // The policy is made by the job after the commit.
      expect(await runApplicationDocumentsJob(t), label).toBe(1);
      expect(result, label).toMatchObject({ status: 'LAUFEND', zahlweise, beitrag: expected });

      const [contract] = await t.database.db
        .select()
        .from(contracts)
        .where(eq(contracts.versicherungsNummer, result.versicherungsNummer));
      expect(contract, label).toMatchObject({
        status: 'LAUFEND',
        produkt: productCase.produkt(facts),
        deckungsVariante: productCase.variante,
        zahlweise,
        bruttoBeitragProPeriodeCents: expected.bruttoCents,
        nettoJahresbeitragCents: expected.nettoJahresbeitragCents,
      });
      // The chosen start; a trip's contract starts on its first travel day.
      const sample = SAMPLE_APPLICATIONS[slug];
      expect(contract?.vertragsBeginn, label).toBe(
        sample['beginn']?.['versicherungsbeginn'] ?? sample['reise']?.['beginn'],
      );

      // The premium as the documents print it: '1.234,56 EUR'.
      const premiumText = formatCents(expected.bruttoCents);
      const [policy] = await t.database.db
        .select({ storageKey: contractDocuments.storageKey })
        .from(contractDocuments)
        .where(
          and(eq(contractDocuments.contractId, contract?.id ?? ''), eq(contractDocuments.name, POLICY_NAME)),
        );
      expect(policy, `${label}: policy stored`).toBeDefined();
      const policyText = await pdfOf(policy?.storageKey ?? '');
      expect(policyText, `${label}: policy`).toContain(result.versicherungsNummer);
      expect(policyText, `${label}: policy premium`).toContain(premiumText);

      const offerDocuments = await t.database.db
        .select()
        .from(applicationOfferDocuments)
        .where(eq(applicationOfferDocuments.offerId, offer.angebotId));
      expect(offerDocuments.map((document) => document.typ).sort(), label).toEqual([
        'AVB',
        'IPID',
        'KUNDENINFORMATION',
      ]);
      for (const document of offerDocuments) {
        const text = await pdfOf(document.storageKey);
        expect(text.length, `${label}: ${document.typ} has text`).toBeGreaterThan(200);
        if (document.typ === 'KUNDENINFORMATION') {
          expect(text, `${label}: Kundeninformation premium`).toContain(premiumText);
        }
      }
    }
  });
});

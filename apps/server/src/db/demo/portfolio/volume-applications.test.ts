// The generated online applications (`npm run seed -- --antraege N`): the answers are insurable for
// every product and the same for a seed, and concluded through the application service they make
// running contracts with the tariff's premium and their policy, once per seed. The premium is
// checked with the service's own pricing function (priceChoice) on the validated answers.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateSubmission } from '@schirm/domain/application/submission';
import { todayInGermany } from '@schirm/domain/dates/calendar-date';
import { applications } from '../../schema/applications';
import { contractDocuments, contracts } from '../../schema/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTransports } from '../../../modules/outbox/transports';
import { priceChoice } from '../../../modules/applications/pricing';
import { POLICY_NAME } from '../../../modules/documents/policy';
import { isKnownPostcode } from '../../../modules/reference/postcodes';
import { validateIbanWithBank } from '../../../modules/reference/banks';
import {
  seedVolumeApplications,
  volumeApplicant,
  volumeIdempotencyKey,
  VOLUME_FLAGS,
  VOLUME_PRODUCTS,
  type VolumeApplicant,
} from './volume-applications';

const today = todayInGermany();
const context = { today, ...VOLUME_FLAGS };

/** The applicant's answers as the service validates them, and the price it would save. */
function priced(applicant: VolumeApplicant) {
  const { application, answers } = applicant;
  const validation = validateSubmission(application.createFlow(context), answers, 'antrag');
  if (!validation.ok) {
    throw new Error(`${applicant.slug} #${applicant.index}: ${JSON.stringify(validation.errors)}`);
  }
  const choice = application.choice(validation.data);
  const request = application.pricingRequest(answers, choice);
  if (!request) throw new Error(`${applicant.slug} #${applicant.index}: no pricing request`);
  return {
    data: validation.data,
    refusal: application.riskCheck?.(validation.data),
    price: priceChoice(application, request, choice, context),
  };
}

describe('generated applicants', () => {
  it('are the same for a seed and differ between seeds', () => {
    expect(volumeApplicant(42, 7, today)).toEqual(volumeApplicant(42, 7, today));
    expect(volumeApplicant(43, 7, today).answers).not.toEqual(volumeApplicant(42, 7, today).answers);
    expect(volumeApplicant(42, 7, today).idempotencyKey).toBe(volumeIdempotencyKey(42, 7));
  });

  it('take turns over the nine products', () => {
    const slugs = Array.from({ length: 18 }, (_, index) => volumeApplicant(1, index, today).slug);
    expect(new Set(slugs)).toEqual(new Set(VOLUME_PRODUCTS.map((product) => product.slug)));
    expect(VOLUME_PRODUCTS).toHaveLength(9);
  });

  it('are valid, pass the server checks and are insurable in every product (450 applicants, two seeds)', () => {
    const variants = new Map<string, Set<string>>();
    for (const seed of [42, 2026]) {
      for (let index = 0; index < 225; index += 1) {
        const applicant = volumeApplicant(seed, index, today);
        const { data, refusal, price } = priced(applicant);
        const label = `${applicant.slug} #${index} (Seed ${seed})`;
        expect(refusal, label).toBeUndefined();
        expect(price, label).toMatchObject({ kind: 'priced' });
        expect(isKnownPostcode(String(data['adresse']?.['plz'])), label).toBe(true);
        expect(
          validateIbanWithBank(String(data['sepa']?.['iban']), { withBankData: false }).valid,
          label,
        ).toBe(true);
        if (price.kind === 'priced') {
          const seen = variants.get(applicant.slug) ?? new Set<string>();
          seen.add(`${price.variant}/${price.premium.zahlweise}`);
          variants.set(applicant.slug, seen);
        }
      }
    }
    // Varied: every product sold in several variant/payment-period combinations.
    for (const { slug } of VOLUME_PRODUCTS) {
      expect(variants.get(slug)?.size ?? 0, slug).toBeGreaterThanOrEqual(3);
    }
  });
});

describe('concluded through the application service', () => {
  let t: TestApp;
  const deps = () => ({
    db: t.database.db,
    files: t.app.files,
    transports: createTransports(t.config),
    publicUrl: t.config.publicUrl,
    sepaGlaeubigerId: t.config.sepaGlaeubigerId,
  });

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  it('18 applicants make 18 running contracts over all nine products, with the tariff premium and policy; a re-run makes none', async () => {
    const progress: number[] = [];
    const first = await seedVolumeApplications({
      deps: deps(),
      seed: 42,
      count: 18,
      today,
      onProgress: ({ done }) => progress.push(done),
    });
    expect(first.created).toBe(18);
    expect(first.existing).toBe(0);
    expect(Object.values(first.perProduct)).toEqual(Array.from({ length: 9 }, () => 2));
    expect(progress).toEqual(Array.from({ length: 18 }, (_, index) => index + 1));

    const rows = await t.database.db
      .select({ key: applications.idempotencyKey, contract: contracts })
      .from(applications)
      .innerJoin(contracts, eq(contracts.id, applications.contractId));
    expect(rows).toHaveLength(18);
    for (let index = 0; index < 18; index += 1) {
      const applicant = volumeApplicant(42, index, today);
      const label = `${applicant.slug} #${index}`;
      const row = rows.find((candidate) => candidate.key === volumeIdempotencyKey(42, index));
      const { price } = priced(applicant);
      if (price.kind !== 'priced') throw new Error(`${label}: ${price.reason}`);
      expect(row?.contract, label).toMatchObject({
        status: 'LAUFEND',
        produkt: price.produkt,
        deckungsVariante: price.variant,
        zahlweise: price.premium.zahlweise,
        bruttoBeitragProPeriodeCents: price.premium.grossCents,
        nettoJahresbeitragCents: price.premium.netAnnualCents,
      });
    }
    const policies = await t.database.db
      .select({ contractId: contractDocuments.contractId })
      .from(contractDocuments)
      .where(
        and(
          eq(contractDocuments.name, POLICY_NAME),
          inArray(
            contractDocuments.contractId,
            rows.map((row) => row.contract.id),
          ),
        ),
      );
    expect(new Set(policies.map((policy) => policy.contractId)).size).toBe(18);

    const again = await seedVolumeApplications({ deps: deps(), seed: 42, count: 18, today });
    expect(again).toMatchObject({ created: 0, existing: 18 });
    expect(await t.database.db.select({ id: contracts.id }).from(contracts)).toHaveLength(18);
  });
});

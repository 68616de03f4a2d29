// What a customer sees of contracts that end (issue 12 items 3 and 5), on the curated demo portfolio
// through the HTTP calls: after a cancellation the details offer only what a save accepts, and a change
// call for anything else is refused with the reason; no next main due date on or after the end; the
// travel contract (single premium) shows no yearly figure, and the figures of its one offered change
// add up to its stored premium.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeOffer } from '@schirm/domain/contract/offered-changes';
import { formatGermanDate, todayInGermany } from '@schirm/domain/dates/calendar-date';
import { DEMO_CUSTOMERS } from '../../db/demo/portfolio/demo-people';
import { seedCuratedPortfolio } from '../../db/demo/portfolio/curated';
import { partners } from '../../db/schema/partners';
import { loadIdentityKeys } from '../../platform/auth/keys';
import { createTestApp, type TestApp } from '../../test/test-app';
import { findContractByNumber } from '../contracts/repository';
import { insertAccount, mintAccessToken } from '../identity/identity-test-kit';
import { contractDetailsSchema } from './routes';

let testApp: TestApp;
const today = todayInGermany();
const tokens: Record<string, string> = {};
type Person = keyof typeof DEMO_CUSTOMERS;

/** The pages that change premium or cover: never offered once the contract is cancelled. */
const PREMIUM_PAGES = [
  'zahlungsweise',
  'selbstbeteiligung',
  'elementar',
  'phv',
  'bhv',
  'familienstand',
  'risikoort',
  'versicherte-kosten',
  'deckung',
  'jahresumsatz',
  'versicherungssumme',
  'gewerbearten',
];

async function tokenOf(person: Person): Promise<string> {
  const cached = tokens[person];
  if (cached) return cached;
  const db = testApp.database.db;
  const [partner] = await db
    .select()
    .from(partners)
    .where(eq(partners.partnerNummer, DEMO_CUSTOMERS[person].partnerNummer));
  const account = await insertAccount(db, {
    pool: 'benutzer',
    email: `ende.${DEMO_CUSTOMERS[person].partnerNummer}@example.com`,
    partnerId: partner!.id,
  });
  tokens[person] = await mintAccessToken(loadIdentityKeys(testApp.config), account);
  return tokens[person];
}

async function call(person: Person, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  const response = await testApp.app.inject({
    method,
    url: `/api/vertrag/vertrag/${url}`,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${await tokenOf(person)}` },
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

async function details(person: Person, nummer: string) {
  const response = await call(person, 'GET', nummer);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return contractDetailsSchema.parse(response.body);
}

async function listEntry(person: Person, nummer: string) {
  const list = await call(person, 'GET', `findByPartnerNummer/${DEMO_CUSTOMERS[person].partnerNummer}`);
  expect(list.status).toBe(200);
  const entry = (list.body as unknown as { versicherungsNummer: string }[]).find(
    (c) => c.versicherungsNummer === nummer,
  );
  if (!entry) throw new Error(`${nummer} not in the list`);
  return entry as Record<string, unknown>;
}

beforeAll(async () => {
  testApp = await createTestApp();
  await seedCuratedPortfolio({ db: testApp.database.db, today });
});

afterAll(async () => {
  await testApp.close();
});

const anna = DEMO_CUSTOMERS.annaSchneider.contracts;
const markus = DEMO_CUSTOMERS.weberDigital.contracts;

describe('a contract after its cancellation', () => {
  it('offers only what a save accepts, refuses the rest with the reason, and shows no due date after the end', async () => {
    const before = await details('annaSchneider', anna.phv);
    expect(before.selbstServices).toContain('familienstand');

    const cancelled = await call('annaSchneider', 'DELETE', `${anna.phv}/kuendigung/UMZUG_AUSLAND`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const after = await details('annaSchneider', anna.phv);
    const end = after.beendigungsdatum!;
    expect(after).toMatchObject({ vertragsstatus: 'AUSLAUFEND', kuendbar: 'NEIN', vertragsende: end });
    expect(after.selbstServices.filter((slug) => PREMIUM_PAGES.includes(slug))).toEqual([]);
    expect(after.selbstServices).not.toContain('kuendigen-widerrufen');
    if (after.hauptfaelligkeit !== undefined) expect(after.hauptfaelligkeit < end).toBe(true);

    // The page opened by its address anyway: the save is refused before anything is priced, with why.
    const refused = await call('annaSchneider', 'POST', `beitrag/phv/familienstand/${anna.phv}`, {
      familienstand: 'FAMILIE',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({
      code: 'SELF_SERVICE_NOT_OFFERED',
      message: `Ihr Vertrag endet zum ${formatGermanDate(end)}; Beitrag und Versicherungsschutz können bis dahin nicht mehr geändert werden. Bitte wenden Sie sich an Ihre Vermittlerin oder Ihren Vermittler.`,
    });
  });

  it('shows a contract cancelled to its main due date without that date, in the list and the details', async () => {
    const vh = await details('weberDigital', markus.vh);
    expect(vh.vertragsstatus).toBe('AUSLAUFEND');
    expect(vh.vertragsende).toBe(vh.beendigungsdatum);
    expect(vh.ablaufdatum).toBe(vh.beendigungsdatum);
    expect(vh).not.toHaveProperty('hauptfaelligkeit');
    expect(await listEntry('weberDigital', markus.vh)).not.toHaveProperty('hauptfaelligkeit');
    expect(vh.selbstServices.filter((slug) => PREMIUM_PAGES.includes(slug))).toEqual([]);
  });
});

describe('the travel contract (single premium)', () => {
  it('shows its premium once: no yearly figure, no main due date, the trip as its term', async () => {
    const reise = await details('annaSchneider', anna.reise);
    const stored = await findContractByNumber({ db: testApp.database.db, versicherungsNummer: anna.reise });
    expect(reise).toMatchObject({
      zahlweise: 'EINMALIG',
      versicherungsPraemie: stored!.beitrag.bruttoBeitragProPeriodeCents / 100,
      ablaufdatum: stored!.ablaufdatum,
      vertragsende: stored!.ablaufdatum,
    });
    expect(reise).not.toHaveProperty('jahresVersicherungsPraemie');
    expect(reise).not.toHaveProperty('hauptfaelligkeit');
    const entry = await listEntry('annaSchneider', anna.reise);
    expect(entry).not.toHaveProperty('jahresVersicherungsPraemie');
    expect(entry).not.toHaveProperty('hauptfaelligkeit');
  });

  it('offers no premium change, and the figures of its bank details preview add up to the stored premium', async () => {
    const reise = await details('annaSchneider', anna.reise);
    expect(reise.selbstServices.filter((slug) => PREMIUM_PAGES.includes(slug))).toEqual([]);
    const stored = await findContractByNumber({ db: testApp.database.db, versicherungsNummer: anna.reise });
    expect(changeOffer(stored!, 'deckung', today)).toMatchObject({ ok: false });
    const refused = await call('annaSchneider', 'POST', `deckung/${anna.reise}`, {
      deckungsVariante: 'REISE_BASIS',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 'SELF_SERVICE_NOT_OFFERED' });

    expect(reise.selbstServices).toContain('bankverbindung');
    const preview = await call('annaSchneider', 'POST', `bankverbindung/${anna.reise}`, {
      iban: 'DE17 1005 0000 0123 4567 89',
      kontoinhaber: 'Anna Schneider',
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const bisher = preview.body.bisherigerBeitrag as Record<string, number>;
    expect(bisher.beitragProPeriode).toBe(reise.versicherungsPraemie);
    expect(Math.round((bisher.nettoProPeriode! + bisher.versicherungsteuerProPeriode!) * 100)).toBe(
      Math.round(reise.versicherungsPraemie * 100),
    );
  });
});

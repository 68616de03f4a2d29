// Sequences of self-service saves on contracts with pending changes (issue 12, items 1 and 2): the
// customer walk that found a cover list silently dropping a pending elementary cover, previews whose
// figures did not add up, and a choice that takes a pending change back. Every step goes through the
// API on the curated demo portfolio, as the customer's browser would.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalState } from '@schirm/domain/contract/change-plan';
import { centsToEuro } from '@schirm/domain/contract/amounts';
import { todayInGermany } from '@schirm/domain/dates/calendar-date';
import { DEMO_CUSTOMERS } from '../../db/demo/portfolio/demo-people';
import { seedCuratedPortfolio } from '../../db/demo/portfolio/curated';
import { partners } from '../../db/schema/partners';
import { loadIdentityKeys } from '../../platform/auth/keys';
import { createTestApp, type TestApp } from '../../test/test-app';
import { findContractByNumber } from '../contracts/repository';
import { insertAccount, mintAccessToken } from '../identity/identity-test-kit';

const BASIS = 'SCHIRM_BASISDECKUNG_HAUSRAT';
const GLAS = 'SCHIRM_GLASBRUCH_HAUSRAT';
const ELEMENTAR = 'SCHIRM_ELEMENTAR_HAUSRAT';

let testApp: TestApp;
let token: string;
const today = todayInGermany();
const anna = DEMO_CUSTOMERS.annaSchneider;

type Body = Record<string, unknown>;
interface Premium {
  zahlweise: string;
  beitragProPeriode: number;
}
interface Step {
  art: 'vorgemerkt' | 'diese';
  typ: string;
  bezeichnung: string;
  wirksamkeitsdatum: string;
  beitrag?: Premium;
  bisherVorgemerkt?: Premium;
}

async function call(method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object) {
  const response = await testApp.app.inject({
    method,
    url: `/api/vertrag/vertrag/${path}`,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.statusCode, body: response.json() as Body };
}

async function stored(nummer: string) {
  const found = await findContractByNumber({ db: testApp.database.db, versicherungsNummer: nummer });
  if (!found) throw new Error(`no contract ${nummer}`);
  return found;
}

/** What every preview must satisfy: the figures add up with the stored contract. */
async function expectFiguresAddUp(nummer: string, preview: Body) {
  const contract = await stored(nummer);
  const bisher = preview.bisherigerBeitrag as Premium;
  expect(bisher.beitragProPeriode).toBe(centsToEuro(contract.beitrag.bruttoBeitragProPeriodeCents));
  expect(bisher.zahlweise).toBe(contract.zahlweise);
  const planned = finalState(contract);
  const pendingPremiums = contract.vorgemerkteAenderungen.some((c) => c.praemieNachAenderung);
  if (pendingPremiums) {
    // Without this change: exactly what the already pending changes lead to.
    const ohne = preview.beitragOhneAenderung as Premium;
    expect(ohne.beitragProPeriode).toBe(centsToEuro(planned.beitrag.bruttoBeitragProPeriodeCents));
    expect(ohne.zahlweise).toBe(planned.zahlweise);
  } else {
    expect(preview.beitragOhneAenderung).toBeUndefined();
  }
  // With it: the premium after the last step of the timeline.
  const steps = preview.zeitplan as Step[];
  const last = steps.filter((step) => step.beitrag).at(-1);
  const neu = preview.neuerBeitrag as Premium | undefined;
  if (last && neu) expect(last.beitrag).toEqual(neu);
  // Every pending change that stays is named in the timeline, every replaced one in the list.
  const named = [
    ...steps.filter((s) => s.art === 'vorgemerkt').map((s) => s.typ),
    ...(preview.ersetzteVormerkungen as Step[]).map((s) => s.typ),
  ].sort();
  expect(named).toEqual(contract.vorgemerkteAenderungen.map((c) => c.type).sort());
}

beforeAll(async () => {
  testApp = await createTestApp();
  await seedCuratedPortfolio({ db: testApp.database.db, today });
  const db = testApp.database.db;
  const [partner] = await db.select().from(partners).where(eq(partners.partnerNummer, anna.partnerNummer));
  const account = await insertAccount(db, {
    pool: 'benutzer',
    email: 'sequenzen@example.com',
    partnerId: partner!.id,
  });
  token = await mintAccessToken(loadIdentityKeys(testApp.config), account);
});

afterAll(async () => {
  await testApp.close();
});

describe('Hausrat with elementary cover and a yearly payment pending (the customer walk)', () => {
  const nummer = anna.contracts.hausrat;

  it('starts the cover form from the pending elementary cover and names what is pending', async () => {
    const details = await call('GET', nummer);
    expect(details.status).toBe(200);
    const pending = details.body.vorgemerkteAenderungen as { typ: string; bezeichnung: string }[];
    expect(pending.map((p) => p.bezeichnung)).toContain('Elementarschutz: eingeschlossen');
    const planned = details.body.geplanterStand as {
      hausrat: { hausratDeckungen: string[] };
      zahlweise: string;
    };
    expect(planned.hausrat.hausratDeckungen).toEqual([BASIS, GLAS, ELEMENTAR]);
    expect(planned.zahlweise).toBe('JAEHRLICH');
    expect((details.body.hausrat as { hausratDeckungen: string[] }).hausratDeckungen).toEqual([BASIS, GLAS]);
  });

  it('unticking glass cover: the preview names the replaced elementary change, and saving needs the confirmation', async () => {
    const before = await stored(nummer);
    const body = { hausratDeckungen: [BASIS, ELEMENTAR] };
    const preview = await call('POST', `deckung/${nummer}`, body);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    await expectFiguresAddUp(nummer, preview.body);
    expect(preview.body.ersetzteVormerkungen).toEqual([
      expect.objectContaining({ typ: 'elementar', bezeichnung: 'Elementarschutz: eingeschlossen' }),
    ]);
    // The yearly payment stays and is priced again (it takes effect later).
    const steps = preview.body.zeitplan as Step[];
    expect(steps.map((s) => [s.art, s.typ])).toEqual([
      ['diese', 'deckung'],
      ['vorgemerkt', 'zahlweise'],
    ]);
    expect(steps[1]!.beitrag?.zahlweise).toBe('JAEHRLICH');

    const payload = {
      ...body,
      version: preview.body.version,
      erwarteterBeitrag: (preview.body.neuerBeitrag as Premium).beitragProPeriode,
    };
    const unconfirmed = await call('PATCH', `deckung/${nummer}`, payload);
    expect(unconfirmed.status).toBe(422);
    expect((unconfirmed.body.error as { message: string }).message).toContain(
      'Elementarschutz: eingeschlossen',
    );
    expect((await stored(nummer)).vorgemerkteAenderungen).toEqual(before.vorgemerkteAenderungen);

    const saved = await call('PATCH', `deckung/${nummer}`, { ...payload, vormerkungenErsetzen: true });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await stored(nummer);
    expect(after.vorgemerkteAenderungen.map((c) => c.type).sort()).toEqual(['deckung', 'zahlweise']);
    // The elementary cover the customer kept ticked is in the plan: nothing was dropped.
    const planned = finalState(after);
    expect(planned.details.produktKey === 'HAUSRAT' && planned.details.hausrat.hausratDeckungen).toEqual([
      BASIS,
      ELEMENTAR,
    ]);
    expect(centsToEuro(planned.beitrag.bruttoBeitragProPeriodeCents)).toBe(
      (preview.body.neuerBeitrag as Premium).beitragProPeriode,
    );

    // The same save once more (a second click, another tab): the contract moved on.
    const again = await call('PATCH', `deckung/${nummer}`, { ...payload, vormerkungenErsetzen: true });
    expect(again.status).toBe(409);
    expect((await stored(nummer)).version).toBe(after.version);
  });

  it('choosing monthly payment again takes the pending yearly payment back, and the figures say so', async () => {
    const preview = await call('POST', `beitrag/zahlweise/${nummer}`, { zahlweise: 'MONATLICH' });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    await expectFiguresAddUp(nummer, preview.body);
    expect(preview.body.ruecknahme).toBe(true);
    expect((preview.body.neuerBeitrag as Premium).zahlweise).toBe('MONATLICH');
    expect((preview.body.beitragOhneAenderung as Premium).zahlweise).toBe('JAEHRLICH');

    const saved = await call('PATCH', `beitrag/zahlweise/${nummer}`, {
      zahlweise: 'MONATLICH',
      version: preview.body.version,
      erwarteterBeitrag: (preview.body.neuerBeitrag as Premium).beitragProPeriode,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await stored(nummer);
    expect(after.vorgemerkteAenderungen.map((c) => c.type)).toEqual(['deckung']);
    expect(after.zahlweise).toBe('MONATLICH');
  });

  it('refuses a value that is already pending, in German', async () => {
    const preview = await call('POST', `deckung/${nummer}`, { hausratDeckungen: [BASIS, ELEMENTAR] });
    expect(preview.status).toBe(409);
    expect(preview.body).toMatchObject({
      error: { code: 'NO_CHANGE', message: 'Genau diese Änderung ist bereits vorgemerkt.' },
    });
  });
});

describe('a change after another pending change of a different date', () => {
  it('family status first, then the payment period: each preview adds up', async () => {
    const nummer = anna.contracts.phv;
    const first = await call('POST', `beitrag/zahlweise/${nummer}`, { zahlweise: 'JAEHRLICH' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    await expectFiguresAddUp(nummer, first.body);
    const saved = await call('PATCH', `beitrag/zahlweise/${nummer}`, {
      zahlweise: 'JAEHRLICH',
      version: first.body.version,
      erwarteterBeitrag: (first.body.neuerBeitrag as Premium).beitragProPeriode,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    // The pending family status (next month) and yearly payment (main due date) are both named.
    const second = await call('POST', `deckung/${nummer}`, { deckungsVariante: 'PHV_PREMIUM' });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    await expectFiguresAddUp(nummer, second.body);
    const kinds = (second.body.zeitplan as Step[]).map((s) => s.typ);
    expect(kinds).toEqual(expect.arrayContaining(['familienstand', 'zahlweise', 'deckung']));
  });
});

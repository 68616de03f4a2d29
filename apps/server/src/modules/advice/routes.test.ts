// The advice channels through the API on a real database (issue 15, ADR 0034): a signed-in agent
// advises a customer and concludes the contract in the agent's name, with the §§ 61, 62 VVG
// documentation as PDF among the pre-contract documents; the waiver needs its separate
// declaration; ?kunde= reaches only the agent's own and its sub-agents' customers; a public link
// names its agent only with an untouched vmr; drafts stay within the scope rule and a public draft
// can be handed over to an agent.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, todayInGermany } from '@schirm/domain/dates/calendar-date';
import { SAMPLE_APPLICATIONS } from '@schirm/domain/application/flows/samples.test-helper';
import { notGerman } from '@schirm/domain/validation/german-messages.test-helper';
import { agents } from '../../db/schema/agents';
import {
  applicationDeclarations,
  applicationDrafts,
  applicationOffers,
  applications,
} from '../../db/schema/applications';
import { contracts } from '../../db/schema/contracts';
import { outboxMessages } from '../../db/schema/outbox';
import { loadIdentityKeys, type IdentityKeys } from '../../platform/auth/keys';
import { createTestApp, type TestApp } from '../../test/test-app';
import { pdfText } from '../documents/pdf-text.test-helper';
import {
  insertAgentAccount,
  insertCustomer,
  mintAccessToken,
  type TestAccount,
} from '../identity/identity-test-kit';

let t: TestApp;
let keys: IdentityKeys;
let agent: TestAccount;
let subAgent: TestAccount;
let otherAgent: TestAccount;
const today = todayInGermany();

function answers(email: string, beratung: Record<string, unknown>) {
  return {
    fahrrad: {
      art: 'EBIKE',
      typ: 'SONSTIGES_RAD',
      hersteller: 'Riese & Müller',
      kaufpreisCents: 450_000,
      kaufdatum: addMonths(today, -2),
      zustand: 'NEU',
    },
    tarif: { deckungsVariante: 'FAHRRAD_KOMFORT' },
    beginn: { versicherungsbeginn: addDays(today, 1), zahlweise: 'MONATLICH' },
    person: { vorname: 'Erika', nachname: 'Beratung', geburtsdatum: '1985-04-12', email },
    adresse: { strasse: 'Hauptstraße', hausnummer: '12a', plz: '10115', ort: 'Berlin' },
    sepa: { kontoinhaber: 'Erika Beratung', iban: 'DE44500105175407324931', sepaMandat: true },
    ...beratung,
  };
}

const ADVICE = {
  beratung: {
    beratungsort: 'onAgencySite',
    beratungsart: 'BERATUNG',
    wuensche: 'Schutz des neuen E-Bikes gegen Diebstahl, auch unterwegs.',
    empfehlung: 'Fahrradversicherung Komfort mit Diebstahlschutz rund um die Uhr.',
    begruendung: 'Das Rad wird täglich am Bahnhof abgestellt; Komfort deckt Diebstahl ohne Nachtklausel.',
    kundenentscheidung: 'EMPFEHLUNG_GEFOLGT',
  },
};

async function as(account: TestAccount) {
  return { authorization: `Bearer ${await mintAccessToken(keys, account)}` };
}

interface Offer {
  kind: string;
  angebotId: string;
  dokumente: { typ: string; name: string; url: string; sha256: string }[];
}

beforeAll(async () => {
  t = await createTestApp();
  keys = loadIdentityKeys(t.config);
  agent = await insertAgentAccount(t.database.db);
  subAgent = await insertAgentAccount(t.database.db, { parentAgentId: agent.agentId ?? '' });
  otherAgent = await insertAgentAccount(t.database.db);
});

afterAll(async () => {
  await t.close();
});

describe('advice by a signed-in agent', () => {
  it('concludes the contract in the agent’s name with the advice documentation as PDF', async () => {
    const headers = await as(agent);
    const antworten = answers('advised@beispiel.de', ADVICE);
    const prepared = await t.app.inject({
      method: 'POST',
      url: '/api/vermittler/beratung/vorbereiten',
      headers,
      payload: { produkt: 'fahrrad', antworten },
    });
    expect(prepared.statusCode, prepared.body).toBe(200);
    const offer = prepared.json<Offer>();
    const documentation = offer.dokumente.find((document) => document.typ === 'BERATUNGSDOKUMENTATION');
    expect(documentation?.name).toBe('Beratungsdokumentation (§§ 61, 62 VVG)');
    const pdf = await t.app.inject({ method: 'GET', url: documentation!.url });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    for (const expected of [
      'Beratungsdokumentation',
      'Test Vermittler',
      'Testagentur',
      'Erika Beratung',
      'In der Agentur',
      'Schutz des neuen E-Bikes gegen Diebstahl',
      'Fahrradversicherung Komfort mit Diebstahlschutz',
      'täglich am Bahnhof',
      'Der Kunde folgt der Empfehlung',
      'Komfort',
    ]) {
      expect(text).toContain(expected);
    }

    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/vermittler/beratung/antrag',
      headers: { ...headers, 'idempotency-key': 'advice-key-0001' },
      payload: {
        produkt: 'fahrrad',
        angebotId: offer.angebotId,
        antworten: { ...antworten, dokumente: {}, erklaerung: { antragVerbindlich: true } },
      },
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const result = applied.json<{
      versicherungsNummer: string;
      vermittler: { name: string };
      kunde: { name: string; partnerNummer: string };
      marke: string;
    }>();
    expect(result.vermittler.name).toBe('Test Vermittler');
    // The agent's confirmation names the customer and links their portfolio entry.
    expect(result.kunde).toEqual({
      name: 'Erika Beratung',
      partnerNummer: expect.stringMatching(/^\d{10}$/),
    });
    expect(result.marke).toBe('SCHIRM');
    const [contract] = await t.database.db
      .select({ agentId: contracts.agentId, id: contracts.id })
      .from(contracts)
      .where(eq(contracts.versicherungsNummer, result.versicherungsNummer));
    expect(contract?.agentId).toBe(agent.agentId);
    const [application] = await t.database.db
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.contractId, contract!.id));
    const [declaration] = await t.database.db
      .select()
      .from(applicationDeclarations)
      .where(
        and(
          eq(applicationDeclarations.applicationId, application!.id),
          eq(applicationDeclarations.art, 'BERATUNGSDOKUMENTATION'),
        ),
      );
    expect(declaration?.dokumente).toEqual([
      expect.objectContaining({ typ: 'BERATUNGSDOKUMENTATION', sha256: documentation!.sha256 }),
    ]);
    expect(declaration?.angaben).toContainEqual({
      frage: 'Entscheidung des Kunden',
      antwort: 'Der Kunde folgt der Empfehlung',
    });
  });

  it('takes the waiver only with the separate declaration, whose PDF carries the § 6 Abs. 5 warning', async () => {
    const headers = await as(agent);
    const waived = { beratung: { beratungsort: 'byPhone', beratungsart: 'VERZICHT' } };
    const without = await t.app.inject({
      method: 'POST',
      url: '/api/vermittler/beratung/vorbereiten',
      headers,
      payload: { produkt: 'fahrrad', antworten: answers('waiver@beispiel.de', waived) },
    });
    expect(without.statusCode).toBe(422);
    const refusal = without.json<{ error: { fieldErrors: { path: string; message: string }[] } }>();
    expect(refusal.error.fieldErrors.some((error) => error.path.startsWith('verzichtserklaerung'))).toBe(
      true,
    );
    for (const error of refusal.error.fieldErrors) expect(notGerman(error.message)).toBe(false);

    const withDeclaration = await t.app.inject({
      method: 'POST',
      url: '/api/vermittler/beratung/vorbereiten',
      headers,
      payload: {
        produkt: 'fahrrad',
        antworten: answers('waiver@beispiel.de', {
          ...waived,
          verzichtserklaerung: { verzichtErklaert: true },
        }),
      },
    });
    expect(withDeclaration.statusCode, withDeclaration.body).toBe(200);
    const document = withDeclaration.json<Offer>().dokumente.find((d) => d.typ === 'BERATUNGSDOKUMENTATION');
    expect(document?.name).toBe('Verzicht auf Beratung (§ 6 Abs. 3, § 61 Abs. 2 VVG)');
    const text = pdfText((await t.app.inject({ method: 'GET', url: document!.url })).rawPayload);
    expect(text).toContain('§ 6 Abs. 5 VVG');
    expect(text).toContain('Schadensersatzanspruch');
  });

  it('prefills ?kunde= only for the agent’s own and its sub-agents’ customers', async () => {
    const ofSub = await insertCustomer(t.database.db, { agentId: subAgent.agentId ?? '' });
    const ofParent = await insertCustomer(t.database.db, { agentId: agent.agentId ?? '' });
    const [subPartner, parentPartner] = await Promise.all(
      [ofSub, ofParent].map(async (customer) => {
        const [row] = await t.database.db
          .select({ nummer: (await import('../../db/schema/partners')).partners.partnerNummer })
          .from((await import('../../db/schema/partners')).partners)
          .where(eq((await import('../../db/schema/partners')).partners.id, customer.partnerId ?? ''));
        return row!.nummer;
      }),
    );
    const prefill = (account: TestAccount, nummer: string) =>
      as(account).then((headers) =>
        t.app.inject({
          method: 'GET',
          url: `/api/vermittler/beratung/kunde/${nummer}?produkt=fahrrad`,
          headers,
        }),
      );
    const byParent = await prefill(agent, subPartner!);
    expect(byParent.statusCode, byParent.body).toBe(200);
    expect(byParent.json()).toMatchObject({
      kunde: 'Test Kunde',
      antworten: { person: { vorname: 'Test', nachname: 'Kunde', email: ofSub.username } },
    });
    expect((await prefill(subAgent, subPartner!)).statusCode).toBe(200);
    // The sub-agent never sees its parent agency's other customers; another agency sees nothing.
    const upward = await prefill(subAgent, parentPartner!);
    expect(upward.statusCode).toBe(404);
    expect(upward.body).not.toContain(ofParent.username);
    expect((await prefill(otherAgent, subPartner!)).statusCode).toBe(404);
  });
});

describe('the public agent link', () => {
  async function linkOf(account: TestAccount): Promise<string> {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/vermittler/beratung/link',
      headers: await as(account),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { vmr, links } = response.json<{ vmr: string; links: { brand?: string; url: string }[] }>();
    // The brand paths' links carry the same vmr.
    expect(links.filter((entry) => entry.brand).map((entry) => new URL(entry.url).pathname)).toEqual(
      expect.arrayContaining(['/hfk/privathaftpflicht/beratung/', '/s-direkt/hausrat/beratung/']),
    );
    return vmr;
  }

  it('names the agent’s agency; a tampered, forged or inactive agent’s link finds no agent', async () => {
    const vmr = await linkOf(agent);
    const found = await t.app.inject({
      method: 'GET',
      url: `/api/beratung/vermittler?produkt=fahrrad&vmr=${vmr}`,
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({
      name: 'Test Vermittler',
      agentur: { name: 'Testagentur', ort: 'Köln' },
    });

    const last = vmr.at(-2) === 'A' ? 'B' : 'A';
    const tampered = `${vmr.slice(0, -2)}${last}${vmr.at(-1)}`;
    const otherLink = await linkOf(otherAgent);
    for (const value of [tampered, `${vmr}x`, 'v1.AAAA', `v2.${vmr.slice(3)}`, otherLink.slice(0, 20)]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/beratung/vermittler?produkt=fahrrad&vmr=${encodeURIComponent(value)}`,
      });
      expect(response.statusCode, value).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'AGENT_NOT_FOUND' } });
      expect(response.body).not.toContain('Testagentur');
    }

    const inactive = await insertAgentAccount(t.database.db);
    const inactiveLink = await linkOf(inactive);
    await t.database.db
      .update(agents)
      .set({ status: 'INAKTIV' })
      .where(eq(agents.id, inactive.agentId ?? ''));
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/beratung/vermittler?produkt=fahrrad&vmr=${inactiveLink}`,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses a product the agent does not sell (Bankvertrieb: no business products)', async () => {
    const bank = await insertAgentAccount(t.database.db);
    await t.database.db
      .update(agents)
      .set({ vertriebsweg: 'BANKVERTRIEB' })
      .where(eq(agents.id, bank.agentId ?? ''));
    const [row] = await t.database.db
      .select()
      .from(agents)
      .where(eq(agents.id, bank.agentId ?? ''));
    const query = `vermittlernummer=${row!.vermittlerNummer}`;
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/beratung/vermittler?produkt=betriebshaftpflicht&${query}`,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'AGENT_PRODUCT_NOT_ALLOWED' } });
    const allowed = await t.app.inject({
      method: 'GET',
      url: `/api/beratung/vermittler?produkt=hausrat&${query}`,
    });
    expect(allowed.statusCode).toBe(200);
  });

  it('concludes a public application for the agent the link names', async () => {
    const vmr = await linkOf(subAgent);
    const antworten = answers('public-link@beispiel.de', { beratungsverzicht: { beratungsverzicht: true } });
    const prepared = await t.app.inject({
      method: 'POST',
      url: '/api/beratung/vorbereiten',
      payload: { produkt: 'fahrrad', antworten, vermittler: { vmr } },
    });
    expect(prepared.statusCode, prepared.body).toBe(200);
    const offer = prepared.json<Offer>();
    expect(offer.dokumente.map((document) => document.typ)).toEqual(['KUNDENINFORMATION', 'IPID', 'AVB']);
    const body = {
      produkt: 'fahrrad',
      angebotId: offer.angebotId,
      antworten: { ...antworten, dokumente: {}, erklaerung: { antragVerbindlich: true } },
    };
    // The offer belongs to this agent: the same offer under another agent's link is unknown.
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/beratung/antrag',
      headers: { 'idempotency-key': 'public-key-0002' },
      payload: { ...body, vermittler: { vmr: await linkOf(otherAgent) } },
    });
    expect(foreign.statusCode).toBe(404);
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/beratung/antrag',
      headers: { 'idempotency-key': 'public-key-0001' },
      payload: { ...body, vermittler: { vmr } },
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const [contract] = await t.database.db
      .select({ agentId: contracts.agentId })
      .from(contracts)
      .where(
        eq(
          contracts.versicherungsNummer,
          applied.json<{ versicherungsNummer: string }>().versicherungsNummer,
        ),
      );
    expect(contract?.agentId).toBe(subAgent.agentId);
  });
});

describe('brand-specific advice paths', () => {
  const phv = (email: string) => ({
    ...SAMPLE_APPLICATIONS.privathaftpflicht,
    beginn: { versicherungsbeginn: addDays(today, 1), zahlweise: 'JAEHRLICH' },
    person: { vorname: 'Erika', nachname: 'Marke', geburtsdatum: '1985-04-12', email },
  });

  async function vermittlerNummer(account: TestAccount): Promise<string> {
    const [row] = await t.database.db
      .select({ nummer: agents.vermittlerNummer })
      .from(agents)
      .where(eq(agents.id, account.agentId ?? ''));
    return row!.nummer;
  }

  it('concludes the contract with the brand’s marke (HFK), stored with the offer and the result', async () => {
    const vermittler = { vermittlernummer: await vermittlerNummer(agent) };
    const antworten = phv('hfk-path@beispiel.de');
    const prepared = await t.app.inject({
      method: 'POST',
      url: '/api/beratung/vorbereiten',
      // A marke sent by the client is not read: the server derives it from the brand path.
      payload: { produkt: 'privathaftpflicht', antworten, vermittler, brand: 'hfk', marke: 'SCHIRM' },
    });
    expect(prepared.statusCode, prepared.body).toBe(200);
    const { angebotId } = prepared.json<Offer>();
    const [offer] = await t.database.db
      .select({ facts: applicationOffers.serverFakten })
      .from(applicationOffers)
      .where(eq(applicationOffers.id, angebotId));
    expect(offer?.facts).toMatchObject({ brand: 'hfk', marke: 'HFK', agentId: agent.agentId });

    // The offer was made on the brand path: without the brand (or under another) it is unknown.
    const body = { produkt: 'privathaftpflicht', angebotId, antworten, vermittler };
    for (const [key, payload] of [
      ['brand-key-0002', body],
      ['brand-key-0003', { ...body, brand: 's-direkt' }],
    ] as const) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/beratung/antrag',
        headers: { 'idempotency-key': key },
        payload,
      });
      expect(refused.statusCode, key).toBe(404);
    }
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/beratung/antrag',
      headers: { 'idempotency-key': 'brand-key-0001' },
      payload: { ...body, brand: 'hfk' },
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const result = applied.json<{ versicherungsNummer: string; marke: string; brand: string }>();
    expect(result).toMatchObject({ marke: 'HFK', brand: 'hfk' });
    const [contract] = await t.database.db
      .select({ marke: contracts.marke, agentId: contracts.agentId })
      .from(contracts)
      .where(eq(contracts.versicherungsNummer, result.versicherungsNummer));
    expect(contract).toEqual({ marke: 'HFK', agentId: agent.agentId });
  });

  it('refuses a brand without a path for the product, before naming the agent', async () => {
    const nummer = await vermittlerNummer(agent);
    const known = await t.app.inject({
      method: 'GET',
      url: `/api/beratung/vermittler?produkt=hausrat&brand=s-direkt&vermittlernummer=${nummer}`,
    });
    expect(known.statusCode, known.body).toBe(200);
    for (const [brand, produkt] of [
      ['unbekannt', 'hausrat'],
      ['schirm', 'hausrat'],
      ['protect', 'privathaftpflicht'],
      ['s-direkt', 'betriebshaftpflicht'],
      ['hfk', 'fahrrad'],
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/beratung/vermittler?produkt=${produkt}&brand=${brand}&vermittlernummer=${nummer}`,
      });
      expect(response.statusCode, `${brand}/${produkt}`).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'BRAND_PATH_UNKNOWN' } });
      expect(response.body).not.toContain('Testagentur');
    }
    const offer = await t.app.inject({
      method: 'POST',
      url: '/api/beratung/vorbereiten',
      payload: {
        produkt: 'privathaftpflicht',
        antworten: phv('protect-path@beispiel.de'),
        vermittler: { vermittlernummer: nummer },
        brand: 'protect',
      },
    });
    expect(offer.statusCode).toBe(404);
    expect(offer.json()).toMatchObject({ error: { code: 'BRAND_PATH_UNKNOWN' } });
  });
});

describe('the agent’s drafts', () => {
  it('are saved, listed within the scope rule, resumed and deleted', async () => {
    const save = async (account: TestAccount, kunde: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/vermittler/entwuerfe',
        headers: await as(account),
        payload: {
          produkt: 'hausrat',
          schritt: 'beginn',
          antworten: { person: { vorname: kunde, nachname: 'Entwurf' } },
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ entwurfId: string; gueltigBis: string }>();
    };
    const parentDraft = await save(agent, 'Paula');
    const subDraft = await save(subAgent, 'Sven');
    expect(new Date(parentDraft.gueltigBis).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    const list = async (account: TestAccount) =>
      (
        await t.app.inject({ method: 'GET', url: '/api/vermittler/entwuerfe', headers: await as(account) })
      ).json<{ entwuerfe: { entwurfId: string; kunde: string | null; produktName: string }[] }>().entwuerfe;
    expect((await list(agent)).map((draft) => draft.kunde)).toEqual(
      expect.arrayContaining(['Paula Entwurf', 'Sven Entwurf']),
    );
    const ofSub = await list(subAgent);
    expect(ofSub.map((draft) => draft.entwurfId)).toContain(subDraft.entwurfId);
    expect(ofSub.map((draft) => draft.entwurfId)).not.toContain(parentDraft.entwurfId);
    expect(await list(otherAgent)).toEqual([]);

    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/vermittler/entwuerfe/${parentDraft.entwurfId}`,
      headers: await as(subAgent),
    });
    expect(foreign.statusCode).toBe(404);
    const resumed = await t.app.inject({
      method: 'GET',
      url: `/api/vermittler/entwuerfe/${subDraft.entwurfId}`,
      headers: await as(agent),
    });
    expect(resumed.json()).toMatchObject({ produkt: 'hausrat', schritt: 'beginn', kunde: 'Sven Entwurf' });

    const remove = async (account: TestAccount) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/vermittler/entwuerfe/${parentDraft.entwurfId}`,
        headers: await as(account),
      });
    expect((await remove(otherAgent)).statusCode).toBe(404);
    expect((await remove(agent)).statusCode).toBe(204);
    expect((await remove(agent)).statusCode).toBe(404);
  });

  it('takes over an applicant’s public draft by the agent’s number, which then leaves the public link', async () => {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/taa/entwuerfe',
      payload: {
        produkt: 'privathaftpflicht',
        antworten: { person: { vorname: 'Hanna', nachname: 'Übergabe' } },
        schritt: 'person',
        email: 'hanna@beispiel.de',
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const { entwurfId } = saved.json<{ entwurfId: string }>();
    const [row] = await t.database.db
      .select()
      .from(agents)
      .where(eq(agents.id, otherAgent.agentId ?? ''));
    const handed = await t.app.inject({
      method: 'POST',
      url: `/api/taa/entwuerfe/${entwurfId}/vermittler`,
      payload: { vermittlernummer: row!.vermittlerNummer },
    });
    expect(handed.statusCode, handed.body).toBe(200);
    expect(handed.json()).toMatchObject({ agentur: 'Testagentur' });
    expect(
      await t.database.db.select().from(applicationDrafts).where(eq(applicationDrafts.id, entwurfId)),
    ).toEqual([]);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/vermittler/entwuerfe',
      headers: await as(otherAgent),
    });
    expect(list.json()).toMatchObject({ entwuerfe: [{ kunde: 'Hanna Übergabe', herkunft: 'UEBERGABE' }] });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/taa/entwuerfe/${entwurfId}/vermittler`,
      payload: { vermittlernummer: row!.vermittlerNummer },
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('documents of the consultation', () => {
  it('hands out the product’s customer information as PDF and refuses an unknown variant', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/dokument/beratung/kundeninformationen',
      payload: { produkt: 'hausrat' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(pdfText(response.rawPayload)).toContain('Widerruf');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/dokument/beratung/kundeninformationen',
      payload: { produkt: 'hausrat', variante: 'GIBT_ES_NICHT' },
    });
    expect(unknown.statusCode).toBe(422);
  });

  it('sends the chat protocol only to the customer e-mail the advice records', async () => {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/vermittler/entwuerfe',
      headers: await as(agent),
      payload: {
        produkt: 'hausrat',
        schritt: 'person',
        antworten: { person: { vorname: 'Clara', nachname: 'Chat', email: 'clara@beispiel.de' } },
      },
    });
    const { entwurfId } = saved.json<{ entwurfId: string }>();
    const payload = {
      nachrichten: [
        {
          von: 'KUNDE',
          text: 'Ist mein Fahrrad im Keller mitversichert?',
          zeit: '2026-11-26T10:00:00+01:00',
        },
        { von: 'VERMITTLER', text: 'Ja, im verschlossenen Keller.', zeit: '2026-11-26T10:01:00+01:00' },
      ],
    };
    const stranger = await t.app.inject({
      method: 'POST',
      url: `/api/dokument/chat/${entwurfId}/fremd@beispiel.de`,
      payload,
    });
    expect(stranger.statusCode).toBe(404);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/dokument/chat/${entwurfId}/clara@beispiel.de`,
      payload,
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const [mail] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.recipient, 'clara@beispiel.de'),
          eq(outboxMessages.purpose, 'ADVICE_CHAT_PROTOCOL'),
        ),
      );
    expect(mail?.subject).toBe('Ihr Beratungsgespräch zur Hausratversicherung');
  });
});

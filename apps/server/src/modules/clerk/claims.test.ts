// The clerk's claim work through the HTTP API on the demo portfolio: Anna Schneider reports a claim,
// the demo clerk finds it among the new claims, moves it on, asks for a document and writes to her;
// Anna's tracker, open documents, claim conversation and Postfach show each action. A rejection
// needs a reason; a move the states do not allow is a German 422; customers and agents cannot use
// these routes, and the clerk's actions are in the audit log.
import { claimSample } from '@schirm/domain/claims/samples.test-helper';
import { todayInGermany } from '@schirm/domain/dates/calendar-date';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curatedPortfolioSeeder } from '../../db/demo/portfolio/curated';
import { DEMO_AGENTS, DEMO_CUSTOMERS } from '../../db/demo/portfolio/demo-people';
import { auditLog } from '../../db/schema/audit';
import { withTransaction } from '../../db/transaction';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DEMO_PASSWORD, identityDemoSeeder } from '../identity/demo-seeder';
import { signIn } from '../identity/identity-test-kit';
import { clerkDemoSeeder, DEMO_CLERK } from './demo-seeder';

let t: TestApp;
let clerkToken: string;
let annaToken: string;
let agentToken: string;
let claimId: string;
let schadennummer: string;

const anna = DEMO_CUSTOMERS.annaSchneider;

beforeAll(async () => {
  t = await createTestApp();
  await withTransaction(t.database.db, async (tx) => {
    await curatedPortfolioSeeder.run(tx);
    await identityDemoSeeder.run(tx);
    await clerkDemoSeeder.run(tx);
  });
  const signInDemo = async (
    pool: 'benutzer' | 'vermittler' | 'innendienst',
    email: string,
    mobile: string,
    ip: string,
  ) => (await signIn(t.app, { pool, username: email, password: DEMO_PASSWORD, mobile }, ip)).accessToken;
  clerkToken = await signInDemo('innendienst', DEMO_CLERK.email, DEMO_CLERK.mobile, '10.1.0.1');
  annaToken = await signInDemo('benutzer', anna.email, anna.mobil, '10.1.0.2');
  agentToken = await signInDemo(
    'vermittler',
    DEMO_AGENTS.hauptagentur.email,
    DEMO_AGENTS.hauptagentur.mobil,
    '10.1.0.3',
  );
  const report = await t.app.inject({
    method: 'POST',
    url: `/api/schadenstrecke/schaden/v2/${anna.contracts.phv}`,
    headers: { authorization: `Bearer ${annaToken}`, 'idempotency-key': 'clerk-test-claim-0001' },
    payload: { produkt: 'phv', antworten: claimSample('phv', todayInGermany()) },
  });
  expect(report.statusCode, report.body).toBe(201);
  ({ claimId, schadennummer } = report.json<{ claimId: string; schadennummer: string }>());
  // Seeding the demo portfolio and four SRP sign-ins take a while on a loaded machine.
}, 180_000);

afterAll(async () => {
  await t.close();
});

const as = (token: string) => ({ authorization: `Bearer ${token}` });

async function clerkCall(method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: as(clerkToken), ...(payload ? { payload } : {}) });
}

async function annaClaim() {
  const response = await t.app.inject({
    url: `/api/schadenstrecke/schaden/${claimId}`,
    headers: as(annaToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ status: string; verlauf: { status: string; grund?: string }[] }>();
}

async function annaInboxSubjects(): Promise<string[]> {
  const response = await t.app.inject({
    url: '/api/dokument/benutzer/nachricht/eingang?proSeite=100',
    headers: as(annaToken),
  });
  return response
    .json<{ nachrichten: { betreff: string }[] }>()
    .nachrichten.map((message) => message.betreff);
}

describe('the clerk and a claim', () => {
  it('lists the new claim with customer and contract, filtered by state', async () => {
    const reported = await clerkCall('GET', '/api/innendienst/schaeden?status=GEMELDET');
    expect(reported.statusCode, reported.body).toBe(200);
    const item = reported
      .json<{
        schaeden: { claimId: string; partnerNummer: string; vertragsnummer: string; status: string }[];
      }>()
      .schaeden.find((claim) => claim.claimId === claimId);
    expect(item).toMatchObject({
      partnerNummer: anna.partnerNummer,
      vertragsnummer: anna.contracts.phv,
      status: 'GEMELDET',
    });
    const settled = await clerkCall('GET', '/api/innendienst/schaeden?status=REGULIERT');
    expect(settled.json<{ schaeden: { claimId: string }[] }>().schaeden.map((c) => c.claimId)).not.toContain(
      claimId,
    );
  });

  it('shows the claim with its answers, history and allowed moves', async () => {
    const response = await clerkCall('GET', `/api/innendienst/schaeden/${claimId}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<{
      schadennummer: string;
      erlaubteStatus: string[];
      verlauf: { status: string }[];
      antworten: { titel: string }[];
      partnerName: string;
    }>();
    expect(detail.schadennummer).toBe(schadennummer);
    expect(detail.erlaubteStatus).toEqual(['DECKUNG_GEPRUEFT', 'ABGELEHNT']);
    expect(detail.verlauf.map((entry) => entry.status)).toEqual(['GEMELDET']);
    expect(detail.antworten.length).toBeGreaterThan(0);
    expect(detail.partnerName).toContain('Schneider');
  });

  it("moves the claim on: Anna's tracker shows the new state and her Postfach tells her", async () => {
    const before = (await annaInboxSubjects()).length;
    const moved = await clerkCall('POST', `/api/innendienst/schaeden/${claimId}/status`, {
      nach: 'DECKUNG_GEPRUEFT',
      erwartet: 'GEMELDET',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<{ status: string; erlaubteStatus: string[] }>()).toMatchObject({
      status: 'DECKUNG_GEPRUEFT',
      erlaubteStatus: ['BEGUTACHTET', 'ABGELEHNT'],
    });
    const claim = await annaClaim();
    expect(claim.status).toBe('DECKUNG_GEPRUEFT');
    expect(claim.verlauf.map((entry) => entry.status)).toEqual(['GEMELDET', 'DECKUNG_GEPRUEFT']);
    const subjects = await annaInboxSubjects();
    expect(subjects.length).toBe(before + 1);
    expect(subjects.some((subject) => subject.includes(schadennummer))).toBe(true);
  });

  it('refuses a move the states do not allow, a stale one, and a rejection without reason, in German', async () => {
    const skip = await clerkCall('POST', `/api/innendienst/schaeden/${claimId}/status`, {
      nach: 'REGULIERT',
    });
    expect(skip.statusCode).toBe(422);
    expect(skip.json<{ error: { message: string } }>().error.message).toContain('kann nicht in den Status');
    const stale = await clerkCall('POST', `/api/innendienst/schaeden/${claimId}/status`, {
      nach: 'BEGUTACHTET',
      erwartet: 'GEMELDET',
    });
    expect(stale.statusCode).toBe(409);
    const noReason = await clerkCall('POST', `/api/innendienst/schaeden/${claimId}/status`, {
      nach: 'ABGELEHNT',
      grund: '  ',
    });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json<{ error: { message: string } }>().error.message).toBe(
      'Bitte nennen Sie den Grund der Ablehnung.',
    );
    expect((await annaClaim()).status).toBe('DECKUNG_GEPRUEFT');
  });

  it("asks for a document: it is open in Anna's required documents with its deadline", async () => {
    const requested = await clerkCall('POST', `/api/innendienst/schaeden/${claimId}/unterlagen`, {
      titel: 'Kostenvoranschlag Glaserei',
      beschreibung: 'Bitte laden Sie den Kostenvoranschlag für die neue Scheibe hoch.',
      fristTage: 10,
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const documents = await t.app.inject({
      url: `/api/schadenstrecke/required-documents/${claimId}`,
      headers: as(annaToken),
    });
    const open = documents
      .json<{ dokumente: { titel: string; status: string; frist: string; nachgefordert: boolean }[] }>()
      .dokumente.find((document) => document.titel === 'Kostenvoranschlag Glaserei');
    expect(open).toMatchObject({ status: 'offen', nachgefordert: true });
    expect((open?.frist ?? '') > todayInGermany()).toBe(true);
    const noTitle = await clerkCall('POST', `/api/innendienst/schaeden/${claimId}/unterlagen`, {
      titel: ' ',
    });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.body).toContain('Bitte geben Sie an, welche Unterlage Sie benötigen.');
  });

  it('does not ask Anna twice for a document that is still open (a second press, a retry, a colleague)', async () => {
    const count = async () =>
      (
        await t.app.inject({
          url: `/api/schadenstrecke/required-documents/${claimId}`,
          headers: as(annaToken),
        })
      )
        .json<{ dokumente: { titel: string }[] }>()
        .dokumente.filter((document) => document.titel.toLowerCase() === 'kostenvoranschlag glaserei').length;
    const again = await clerkCall('POST', `/api/innendienst/schaeden/${claimId}/unterlagen`, {
      titel: 'kostenvoranschlag glaserei',
      fristTage: 14,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: { message: string } }>().error.message).toMatch(
      /^Die Unterlage „kostenvoranschlag glaserei“ ist bereits angefordert \(Frist bis \d{2}\.\d{2}\.\d{4}\); der Kunde wird nicht noch einmal gefragt\.$/,
    );
    expect(await count()).toBe(1);
  });

  it("writes to Anna: the message is in the claim's conversation", async () => {
    const written = await clerkCall('POST', `/api/innendienst/schaeden/${claimId}/nachrichten`, {
      text: 'Wir haben den Schaden geprüft und melden uns nach dem Kostenvoranschlag.',
    });
    expect(written.statusCode, written.body).toBe(201);
    const conversation = await t.app.inject({
      url: `/api/schadenstrecke/schaden/${claimId}/nachrichten`,
      headers: as(annaToken),
    });
    const texts = conversation.json<{ nachrichten: { text: string; direction: string }[] }>().nachrichten;
    expect(texts).toContainEqual(
      expect.objectContaining({
        text: 'Wir haben den Schaden geprüft und melden uns nach dem Kostenvoranschlag.',
        direction: 'incoming',
      }),
    );
  });

  it('writes a message once per Idempotency-Key: a retried request answers the same message', async () => {
    const text = 'Der Gutachter meldet sich bei Ihnen.';
    const write = (key: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/innendienst/schaeden/${claimId}/nachrichten`,
        headers: { ...as(clerkToken), 'idempotency-key': key },
        payload: { text },
      });
    const [first, retried] = await Promise.all([write('clerk-write-0001'), write('clerk-write-0001')]);
    expect(first.statusCode, first.body).toBe(201);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json<{ id: string }>().id).toBe(first.json<{ id: string }>().id);
    const conversation = await t.app.inject({
      url: `/api/schadenstrecke/schaden/${claimId}/nachrichten`,
      headers: as(annaToken),
    });
    const same = conversation
      .json<{ nachrichten: { text: string }[] }>()
      .nachrichten.filter((message) => message.text === text);
    expect(same).toHaveLength(1);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'CLERK_CLAIM_MESSAGE_WRITTEN'));
    expect(
      audited.filter(
        (row) => (row.details as { messageId?: string }).messageId === first.json<{ id: string }>().id,
      ),
    ).toHaveLength(1);
    const malformed = await write('kurz');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain('Die Nachricht konnte nicht eindeutig zugeordnet werden.');
  });

  it('rejects with a reason: Anna sees the rejection and its reason; the claim takes no further moves', async () => {
    const rejected = await clerkCall('POST', `/api/innendienst/schaeden/${claimId}/status`, {
      nach: 'ABGELEHNT',
      grund: 'Der Schaden fällt unter einen Ausschluss der Bedingungen.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<{ erlaubteStatus: string[] }>().erlaubteStatus).toEqual([]);
    const claim = await annaClaim();
    expect(claim.verlauf.at(-1)).toEqual(
      expect.objectContaining({
        status: 'ABGELEHNT',
        grund: 'Der Schaden fällt unter einen Ausschluss der Bedingungen.',
      }),
    );
  });

  it('records every action of the clerk in the audit log', async () => {
    const rows = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.pool, 'innendienst'), eq(auditLog.username, DEMO_CLERK.email)));
    const actions = rows.map((row) => row.action);
    expect(actions.filter((action) => action === 'CLERK_CLAIM_MOVED')).toHaveLength(2);
    expect(actions).toContain('CLERK_CLAIM_DOCUMENT_REQUESTED');
    expect(actions).toContain('CLERK_CLAIM_MESSAGE_WRITTEN');
  });

  it('refuses customer and agent tokens on the clerk claim routes', async () => {
    for (const token of [annaToken, agentToken]) {
      const list = await t.app.inject({ url: '/api/innendienst/schaeden', headers: as(token) });
      expect(list.statusCode).toBe(403);
      const move = await t.app.inject({
        method: 'POST',
        url: `/api/innendienst/schaeden/${claimId}/status`,
        headers: as(token),
        payload: { nach: 'BEGUTACHTET' },
      });
      expect(move.statusCode).toBe(403);
    }
  });
});

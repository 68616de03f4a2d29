// The clerk's side of the Postfach through the HTTP API: a clerk signs in with SRP and TAN, reads
// what customers wrote, and answers; the answer reaches the customer's Postfach Eingang and an
// e-mail notice the outbox. Customers and agents cannot use the clerk routes, and a clerk cannot
// use theirs.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { accounts } from '../../db/schema/identity';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loadIdentityKeys } from '../../platform/auth/keys';
import {
  insertAgentAccount,
  insertCustomer,
  mintAccessToken,
  signIn,
  type TestAccount,
} from '../identity/identity-test-kit';
import { insertClerkAccount } from './clerk-test-kit';

let testApp: TestApp;
let clerk: TestAccount;
let clerkToken: string;
let customer: TestAccount & { contractNumber: string };
let customerToken: string;
let agentToken: string;

beforeAll(async () => {
  testApp = await createTestApp();
  const db = testApp.database.db;
  const agent = await insertAgentAccount(db);
  customer = await insertCustomer(db, { agentId: agent.agentId ?? '' });
  clerk = await insertClerkAccount(db);
  clerkToken = (await signIn(testApp.app, clerk, '10.0.0.7')).accessToken;
  customerToken = (await signIn(testApp.app, customer, '10.0.0.8')).accessToken;
  agentToken = (await signIn(testApp.app, agent, '10.0.0.9')).accessToken;
  // Three SRP sign-ins take a while on a loaded machine.
}, 120_000);

afterAll(async () => {
  await testApp.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The clerk (by default the signed-in one) answers a customer message. */
function sendAnswer(id: string, payload: object, token = clerkToken) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/innendienst/nachrichten/${id}/antwort`,
    headers: bearer(token),
    payload,
  });
}

async function customerWrites(betreff: string, html: string) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/nachricht/nachricht/',
    headers: bearer(customerToken),
    payload: { thema: 'VERTRAG', versicherungsNummer: customer.contractNumber, betreff, html },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string };
}

type IncomingPage = {
  nachrichten: {
    id: string;
    betreff: string;
    beantwortet: boolean;
    kunde: { partnerNummer: string; name: string };
    vertrag: { versicherungsNummer: string } | null;
  }[];
  gesamt: number;
};

async function clerkList(filter: string): Promise<IncomingPage> {
  const response = await testApp.app.inject({
    url: `/api/innendienst/nachrichten?filter=${filter}&proSeite=100`,
    headers: bearer(clerkToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as IncomingPage;
}

describe('clerk sign-in and pool isolation', () => {
  it('signs a clerk in with SRP and TAN into the pool innendienst, bound to no partner or agent', async () => {
    const me = await testApp.app.inject({ url: '/api/auth/me', headers: bearer(clerkToken) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ pool: 'innendienst', partnerId: null, agentId: null });
    const config = await testApp.app.inject({ url: '/api/auth/pool-config/innendienst' });
    expect(config.json()).toEqual({
      userPoolId: 'innendienst',
      userPoolWebClientId: 'schirm-web-innendienst',
    });
  });

  it('refuses customer and agent tokens on the clerk routes (403)', async () => {
    for (const token of [customerToken, agentToken]) {
      const response = await testApp.app.inject({
        url: '/api/innendienst/nachrichten',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(403);
    }
    const anonymous = await testApp.app.inject({ url: '/api/innendienst/nachrichten' });
    expect(anonymous.statusCode).toBe(401);
  });

  it("refuses a clerk token on the customers' and agents' routes (403)", async () => {
    for (const [method, url] of [
      ['GET', '/api/dokument/benutzer/nachricht/eingang'],
      ['GET', '/api/dokument/benutzer/nachricht/count'],
      ['POST', '/api/vermittler/vermittler/passwort/aendern'],
    ] as const) {
      const response = await testApp.app.inject({ method, url, headers: bearer(clerkToken), payload: {} });
      expect(response.statusCode, url).toBe(403);
    }
  });

  it('cannot be created bound to a partner (the database refuses it)', async () => {
    await expect(
      testApp.database.db
        .update(accounts)
        .set({ partnerId: customer.partnerId })
        .where(eq(accounts.id, clerk.id)),
    ).rejects.toThrow();
  });
});

describe('answering a customer message', () => {
  it("lists the customer's message as open, with customer and contract", async () => {
    const sent = await customerWrites('Frage zur Kündigungsfrist', '<p>Wann kann ich kündigen?</p>');
    const open = await clerkList('offen');
    const item = open.nachrichten.find((message) => message.id === sent.id);
    expect(item).toMatchObject({
      betreff: 'Frage zur Kündigungsfrist',
      beantwortet: false,
      vertrag: { versicherungsNummer: customer.contractNumber },
    });
    expect(item?.kunde.partnerNummer).toMatch(/^\d+$/);
    // The acknowledgement the portal put into the customer's inbox is no customer message.
    expect(open.nachrichten.some((message) => message.betreff.includes('eingegangen'))).toBe(false);
  });

  it("puts the answer into the customer's Postfach Eingang, e-mails a notice, and marks the question answered", async () => {
    const sent = await customerWrites('Adresse ändern', '<p>Ich ziehe um. Was muss ich tun?</p>');
    const reply = await sendAnswer(sent.id, {
      text: 'Sie können Ihre neue Adresse unter Kundendaten eintragen.\nViele Grüße',
    });
    expect(reply.statusCode).toBe(201);
    const detail = reply.json() as { beantwortet: boolean; antworten: { id: string; betreff: string }[] };
    expect(detail.beantwortet).toBe(true);
    expect(detail.antworten).toHaveLength(1);
    expect(detail.antworten[0]?.betreff).toBe('AW: Adresse ändern');

    const inbox = await testApp.app.inject({
      url: '/api/dokument/benutzer/nachricht/eingang?proSeite=100',
      headers: bearer(customerToken),
    });
    const answer = (
      inbox.json() as {
        nachrichten: { id: string; betreff: string; gelesen: boolean; aktenId: string | null }[];
      }
    ).nachrichten.find((message) => message.id === detail.antworten[0]?.id);
    expect(answer).toMatchObject({
      betreff: 'AW: Adresse ändern',
      gelesen: false,
      aktenId: customer.contractNumber,
    });
    const opened = await testApp.app.inject({
      url: `/api/dokument/benutzer/nachricht/${answer?.id ?? ''}`,
      headers: bearer(customerToken),
    });
    expect((opened.json() as { nachricht: string }).nachricht).toContain('unter Kundendaten eintragen');

    const outbox = await testApp.app.inject({
      url: `/api/entwicklung/postausgang?to=${encodeURIComponent(customer.username)}`,
    });
    const mail = (outbox.json() as { messages: { subject: string | null; body: string }[] }).messages.find(
      (message) => message.subject === 'Neue Nachricht in Ihrem Postfach',
    );
    expect(mail, outbox.body).toBeDefined();
    expect(mail?.body).toContain('„AW: Adresse ändern“');
    expect(mail?.body).toContain('/kunden/postfach/eingang/');
    expect(mail?.body).not.toContain('unter Kundendaten eintragen');

    expect((await clerkList('offen')).nachrichten.some((message) => message.id === sent.id)).toBe(false);
    expect((await clerkList('beantwortet')).nachrichten.some((message) => message.id === sent.id)).toBe(true);
    const audit = await testApp.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'CLERK_MESSAGE_ANSWERED'), eq(auditLog.accountId, clerk.id)));
    expect(audit.map((row) => row.details)).toContainEqual(
      expect.objectContaining({ questionMessageId: sent.id }),
    );
  });

  it('refuses an empty answer with a German message and stores nothing', async () => {
    const sent = await customerWrites('Leere Antwort', '<p>Hallo</p>');
    const reply = await sendAnswer(sent.id, { text: '   \n ' });
    expect(reply.statusCode).toBe(422);
    expect(reply.json()).toMatchObject({ error: { message: 'Bitte schreiben Sie eine Antwort.' } });
    expect((await clerkList('offen')).nachrichten.some((message) => message.id === sent.id)).toBe(true);
  });

  it('answers 404 with a German message for a message that is not a customer message', async () => {
    const inbox = await testApp.app.inject({
      url: '/api/dokument/benutzer/nachricht/eingang',
      headers: bearer(customerToken),
    });
    const acknowledgement = (inbox.json() as { nachrichten: { id: string }[] }).nachrichten[0];
    for (const id of [acknowledgement?.id ?? '', '00000000-0000-4000-8000-000000000000']) {
      const response = await sendAnswer(id, { text: 'Antwort' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { message: 'Diese Kundennachricht gibt es nicht.' } });
    }
  });

  it('sends nothing when a colleague answered meanwhile, says who; with the answer seen it is sent', async () => {
    const sent = await customerWrites('Zwei im Innendienst', '<p>Wer antwortet?</p>');
    const colleague = await insertClerkAccount(testApp.database.db);
    await testApp.database.db
      .update(accounts)
      .set({ nickname: 'Jan Berger' })
      .where(eq(accounts.id, colleague.id));
    const colleagueToken = await mintAccessToken(loadIdentityKeys(testApp.config), colleague);
    const answerAs = (token: string, text: string, bisherigeAntworten: number) =>
      sendAnswer(sent.id, { text, bisherigeAntworten }, token);
    const answers = async () =>
      (
        await testApp.app.inject({
          url: `/api/innendienst/nachrichten/${sent.id}`,
          headers: bearer(clerkToken),
        })
      ).json<{ antworten: { text: string; sachbearbeiter: string }[] }>().antworten;

    // Both open the message with no answer; Jan sends first.
    expect((await answerAs(colleagueToken, 'Jan antwortet zuerst.', 0)).statusCode).toBe(201);
    const late = await answerAs(clerkToken, 'Ich antworte auch.', 0);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      error: {
        code: 'MESSAGE_ANSWERED_MEANWHILE',
        message:
          'Jan Berger hat diese Nachricht inzwischen beantwortet; Ihre Antwort wurde nicht gesendet. Bitte lesen Sie die Antwort und senden Sie Ihre nur, wenn noch etwas fehlt.',
      },
    });
    // A retried request of an answer already sent is refused the same way: one answer, not two.
    expect((await answerAs(colleagueToken, 'Jan antwortet zuerst.', 0)).statusCode).toBe(409);
    expect((await answers()).map((a) => a.text)).toEqual(['Jan antwortet zuerst.']);
    // Having read Jan's answer, the clerk adds hers.
    expect((await answerAs(clerkToken, 'Ergänzend: die Frist ist der 31.12.', 1)).statusCode).toBe(201);
    expect((await answers()).map((a) => a.sachbearbeiter)).toEqual(['Jan Berger', clerk.username]);
  });

  it('two answers sent at the same moment on the same page state: exactly one is sent', async () => {
    const sent = await customerWrites('Gleichzeitig', '<p>Hallo</p>');
    const [first, second] = await Promise.all(
      ['Erste Antwort', 'Zweite Antwort'].map((text) => sendAnswer(sent.id, { text, bisherigeAntworten: 0 })),
    );
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([201, 409]);
  });

  it('refuses a count of answers that is not a whole number in German', async () => {
    const sent = await customerWrites('Zählung', '<p>Hallo</p>');
    const response = await sendAnswer(sent.id, { text: 'Antwort', bisherigeAntworten: -1 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: {
        fieldErrors: [
          {
            path: 'bisherigeAntworten',
            message: 'Bitte laden Sie die Seite neu und senden Sie Ihre Antwort noch einmal.',
          },
        ],
      },
    });
  });
});

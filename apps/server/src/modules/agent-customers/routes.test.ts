// The agent's customer screens through the API (issue 15): who sees a customer (the sub-agent who
// looks after it, its parent agency, never another agency, and a sub-agent never the parent's other
// customers), correcting contact data (audit naming the agent, e-mail, Postfach, two tabs), and a
// change made by the agent for the customer with the customer's own engine (recorded as the agent's).
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { mailboxMessages } from '../../db/schema/mailbox';
import { outboxMessages } from '../../db/schema/outbox';
import { partners } from '../../db/schema/partners';
import { loadIdentityKeys } from '../../platform/auth/keys';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  insertAgentAccount,
  insertCustomer,
  mintAccessToken,
  type TestAccount,
} from '../identity/identity-test-kit';

let testApp: TestApp;
let parent: TestAccount;
let sub: TestAccount;
let other: TestAccount;
let customerOfSub: TestAccount & { contractNumber: string };
let customerOfParent: TestAccount & { contractNumber: string };
const numbers = new Map<string, string>();

async function partnerNummerOf(customer: TestAccount): Promise<string> {
  const cached = numbers.get(customer.id);
  if (cached) return cached;
  const [row] = await testApp.database.db
    .select({ nummer: partners.partnerNummer })
    .from(partners)
    .where(eq(partners.id, customer.partnerId ?? ''));
  numbers.set(customer.id, row!.nummer);
  return row!.nummer;
}

async function call(
  who: TestAccount,
  method: 'GET' | 'PUT' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const token = await mintAccessToken(loadIdentityKeys(testApp.config), who);
  const response = await testApp.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

beforeAll(async () => {
  testApp = await createTestApp();
  const db = testApp.database.db;
  parent = await insertAgentAccount(db);
  sub = await insertAgentAccount(db, { parentAgentId: parent.agentId ?? '' });
  other = await insertAgentAccount(db);
  customerOfSub = await insertCustomer(db, { agentId: sub.agentId ?? '' });
  customerOfParent = await insertCustomer(db, { agentId: parent.agentId ?? '' });
});

afterAll(async () => {
  await testApp.close();
});

describe('who sees a customer', () => {
  it('shows the sub-agent its customer with the contract in the back-office summary shape', async () => {
    const nummer = await partnerNummerOf(customerOfSub);
    const { status, body } = await call(sub, 'GET', `/api/vermittler/kunden/${nummer}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ partnerNummer: nummer, name: 'Test Kunde', portalZugang: true });
    expect(body.vertraege).toEqual([
      expect.objectContaining({
        vertragsnummer: customerOfSub.contractNumber,
        status: 'LAUFEND',
        vertragsart: 'PRIVAT',
        produkt: 'PRIVATHAFTPFLICHT',
        jaehrlicherBeitrag: 59.5,
        mahnung: false,
      }),
    ]);
  });

  it('shows the parent agency the customer of its sub-agent, and its contract details', async () => {
    const nummer = await partnerNummerOf(customerOfSub);
    expect((await call(parent, 'GET', `/api/vermittler/kunden/${nummer}`)).status).toBe(200);
    const details = await call(parent, 'GET', `/api/vermittler/vertraege/${customerOfSub.contractNumber}`);
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({
      vertragsnummer: customerOfSub.contractNumber,
      partnerNummer: nummer,
    });
    expect(details.body.selbstServices).toContain('zahlungsweise');
  });

  it("never shows a sub-agent its parent agency's other customers, nor another agency anything", async () => {
    const parentsOwn = await partnerNummerOf(customerOfParent);
    const subs = await partnerNummerOf(customerOfSub);
    for (const url of [
      `/api/vermittler/kunden/${parentsOwn}`,
      `/api/vermittler/kunden/${parentsOwn}/kontaktdaten`,
      `/api/vermittler/vertraege/${customerOfParent.contractNumber}`,
      `/api/partner/partner/${parentsOwn}`,
      `/api/vertrag/vertrag/${customerOfParent.contractNumber}/vermittlernummer`,
    ]) {
      const { status, body } = await call(sub, 'GET', url);
      expect(status, url).toBe(404);
      expect(JSON.stringify(body)).not.toContain('Test Kunde');
    }
    for (const url of [
      `/api/vermittler/kunden/${subs}`,
      `/api/vermittler/vertraege/${customerOfSub.contractNumber}`,
      `/api/partner/partner/${subs}`,
    ]) {
      expect((await call(other, 'GET', url)).status, url).toBe(404);
    }
    const change = await call(
      other,
      'POST',
      `/api/vermittler/vertraege/aenderung/beitrag/zahlweise/${customerOfSub.contractNumber}`,
      { zahlweise: 'MONATLICH' },
    );
    expect(change.status).toBe(404);
  });
});

describe('correcting contact data', () => {
  it('saves the correction with an audit entry naming the agent, tells the customer, and refuses a stale tab', async () => {
    const db = testApp.database.db;
    const nummer = await partnerNummerOf(customerOfSub);
    const url = `/api/vermittler/kunden/${nummer}/kontaktdaten`;
    const tabOne = await call(sub, 'GET', url);
    const tabTwo = await call(sub, 'GET', url);
    expect(tabOne.body).toMatchObject({ vorname: 'Test', nachname: 'Kunde', portalZugang: true });
    // The e-mail is the customer's sign-in name: not the agent's to change.
    expect(tabOne.body.korrigierbar).not.toContain('email');

    const saved = await call(sub, 'PUT', url, {
      version: tabOne.body.version,
      nachname: 'Kunden',
      telefon: '+49 221 1234567',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ nachname: 'Kunden', telefon: '+492211234567' });
    expect(saved.body.berichtigt).toEqual(['nachname', 'telefon']);

    const [audit] = await db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'AGENT_CONTACT_DATA_CORRECTED'), eq(auditLog.accountId, customerOfSub.id)),
      );
    expect(audit).toMatchObject({ actorAccountId: sub.id, username: sub.username });
    expect(audit!.details).toMatchObject({ felder: ['nachname', 'telefon'], vorher: { nachname: 'Kunde' } });
    const [mail] = await db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, customerOfSub.username))
      .orderBy(desc(outboxMessages.createdAt));
    expect(mail).toMatchObject({ subject: 'Ihre Kontaktdaten wurden berichtigt' });
    expect(mail!.body).toContain('Nachname, Telefonnummer');
    const postfach = await db
      .select()
      .from(mailboxMessages)
      .where(eq(mailboxMessages.partnerId, customerOfSub.partnerId ?? ''));
    expect(postfach.map((m) => m.subject)).toContain('Ihre Kontaktdaten wurden berichtigt');

    // The second tab still has the old version: its save is refused, nothing is overwritten.
    const stale = await call(sub, 'PUT', url, { version: tabTwo.body.version, telefon: '+49 30 1234567' });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ error: { code: 'CONTACT_DATA_CHANGED' } });
    const after = await call(sub, 'GET', url);
    expect(after.body.telefon).toBe('+492211234567');
  });

  it('refuses a different name (not a spelling fix) and the sign-in e-mail, with German field messages', async () => {
    const nummer = await partnerNummerOf(customerOfSub);
    const url = `/api/vermittler/kunden/${nummer}/kontaktdaten`;
    const { body } = await call(sub, 'GET', url);
    const renamed = await call(sub, 'PUT', url, { version: body.version, nachname: 'Schmidt' });
    expect(renamed.status).toBe(400);
    expect(renamed.body).toMatchObject({
      error: { code: 'NAME_NOT_A_SPELLING_FIX', fieldErrors: [{ path: 'nachname' }] },
    });
    const email = await call(sub, 'PUT', url, { version: body.version, email: 'neu@example.com' });
    expect(email.status).toBe(400);
    expect(email.body).toMatchObject({ error: { code: 'EMAIL_IS_SIGN_IN' } });
  });
});

describe('a change made by the agent for the customer', () => {
  it('uses the preview/save engine, is recorded as the agent’s and tells the customer', async () => {
    const db = testApp.database.db;
    const url = `/api/vermittler/vertraege/aenderung/beitrag/zahlweise/${customerOfSub.contractNumber}`;
    const preview = await call(parent, 'POST', url, { zahlweise: 'MONATLICH' });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const neu = preview.body.neuerBeitrag as { beitragProPeriode: number };
    const saved = await call(parent, 'PATCH', url, {
      zahlweise: 'MONATLICH',
      version: preview.body.version,
      erwarteterBeitrag: neu.beitragProPeriode,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const details = await call(sub, 'GET', `/api/vermittler/vertraege/${customerOfSub.contractNumber}`);
    expect(details.body.vorgemerkteAenderungen).toEqual([
      expect.objectContaining({ typ: 'zahlweise', bezeichnung: expect.stringContaining('monatlich') }),
    ]);
    expect(details.body.aenderungenDurchVermittler).toEqual([
      expect.objectContaining({
        vermittler: 'Test Vermittler',
        bezeichnung: expect.stringContaining('monatlich'),
      }),
    ]);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'AGENT_CONTRACT_CHANGE_SAVED'));
    expect(audit).toMatchObject({ actorAccountId: parent.id, accountId: customerOfSub.id });
    const [mail] = await db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.subject, `Änderung Ihres Vertrags ${customerOfSub.contractNumber}`));
    expect(mail?.recipient).toBe(customerOfSub.username);
    // The customer sees the same pending change in the own portal.
    const own = await call(customerOfSub, 'GET', `/api/vertrag/vertrag/${customerOfSub.contractNumber}`);
    expect(own.body.vorgemerkteAenderungen).toEqual([expect.objectContaining({ typ: 'zahlweise' })]);
  });
});

describe('a change the agent page of a self-service change makes (not one of the former inline forms)', () => {
  it('reads the contract as the shared pages do, saves the family status as the agent’s and tells the customer', async () => {
    const db = testApp.database.db;
    const number = customerOfParent.contractNumber;
    const contract = await call(parent, 'GET', `/api/vermittler/vertraege/aenderung/${number}`);
    expect(contract.status, JSON.stringify(contract.body)).toBe(200);
    expect(contract.body).toMatchObject({ versicherungsNummer: number, dokumente: [] });
    expect(contract.body.selbstServices).toContain('familienstand');
    // Another agency reaches neither the contract nor its change calls.
    expect((await call(other, 'GET', `/api/vermittler/vertraege/aenderung/${number}`)).status).toBe(404);
    const url = `/api/vermittler/vertraege/aenderung/beitrag/phv/familienstand/${number}`;
    expect((await call(other, 'POST', url, { familienstand: 'FAMILIE' })).status).toBe(404);

    // A change the contract does not offer is refused in the agent's terms, never 'ask your agent'.
    const refused = await call(
      parent,
      'POST',
      `/api/vermittler/vertraege/aenderung/beitrag/selbstbeteiligung/${number}`,
      {
        selbstbeteiligung: 'SB_500',
      },
    );
    expect(refused.status).toBe(422);
    const message = (refused.body.error as { message: string }).message;
    expect(message).toContain('Vermittlerservice');
    expect(message).not.toContain('Ihre Vermittlerin');

    const preview = await call(parent, 'POST', url, { familienstand: 'FAMILIE' });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const neu = preview.body.neuerBeitrag as { beitragProPeriode: number };
    const saved = await call(parent, 'PATCH', url, {
      familienstand: 'FAMILIE',
      version: preview.body.version,
      erwarteterBeitrag: neu.beitragProPeriode,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const details = await call(parent, 'GET', `/api/vermittler/vertraege/${number}`);
    // The 14 changes: two offered (Zahlweise, Familienstand), the other twelve with their reason.
    const missing = details.body.nichtAngeboteneAenderungen as { aenderung: string; grund: string }[];
    expect(missing).toHaveLength(12);
    expect(missing).toContainEqual({ aenderung: 'selbstbeteiligung', grund: 'TARIF' });
    expect(missing.map((entry) => entry.aenderung)).not.toContain('familienstand');
    expect(details.body.aenderungenDurchVermittler).toEqual([
      expect.objectContaining({ bezeichnung: expect.stringContaining('Familie') }),
    ]);
    const audits = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'AGENT_CONTRACT_CHANGE_SAVED'))
      .orderBy(desc(auditLog.occurredAt));
    expect(audits.find((row) => row.accountId === customerOfParent.id)).toMatchObject({
      actorAccountId: parent.id,
    });
    const [mail] = await db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.subject, `Änderung Ihres Vertrags ${number}`));
    expect(mail?.recipient).toBe(customerOfParent.username);
    const own = await call(customerOfParent, 'GET', `/api/vertrag/vertrag/${number}`);
    expect(own.body.vorgemerkteAenderungen).toEqual([expect.objectContaining({ typ: 'familienstand' })]);
  });
});

// The PHV family status change names the co-insured persons it drops (issue 13): the calculation
// answer lists them for the page, for the customer and for the agent, and the Postfach message of
// an agent's change names them too.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts } from '../../db/schema/contracts';
import { mailboxMessages } from '../../db/schema/mailbox';
import { loadIdentityKeys } from '../../platform/auth/keys';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  insertAgentAccount,
  insertCustomer,
  mintAccessToken,
  type TestAccount,
} from '../identity/identity-test-kit';

let testApp: TestApp;
let agent: TestAccount;
let customer: TestAccount & { contractNumber: string };

const PARTNER = {
  art: 'MITVERSICHERTE_PERSON',
  vorname: 'Max',
  name: 'Mustermann',
  geburtsdatum: '1983-09-30',
};
const KIND = { art: 'MITVERSICHERTES_KIND', vorname: 'Lena', name: 'Mustermann', geburtsdatum: '2015-02-01' };

async function call(who: TestAccount, method: 'POST' | 'PATCH', url: string, payload: object) {
  const token = await mintAccessToken(loadIdentityKeys(testApp.config), who);
  const response = await testApp.app.inject({
    method,
    url,
    payload,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

beforeAll(async () => {
  testApp = await createTestApp();
  const db = testApp.database.db;
  agent = await insertAgentAccount(db);
  customer = await insertCustomer(db, { agentId: agent.agentId ?? '' });
  // A family contract concluded online: partner and child by name.
  await db
    .update(contracts)
    .set({ productDetails: { phv: { familienstand: 'FAMILIE' }, mitversichertePersonen: [PARTNER, KIND] } })
    .where(eq(contracts.versicherungsNummer, customer.contractNumber));
});

afterAll(async () => {
  await testApp.close();
});

describe('family status change of a PHV with co-insured persons', () => {
  it('names in the calculation the persons the new status no longer includes, and nobody otherwise', async () => {
    const url = `/api/vertrag/vertrag/beitrag/phv/familienstand/${customer.contractNumber}`;
    const single = await call(customer, 'POST', url, { familienstand: 'SINGLE' });
    expect(single.status, JSON.stringify(single.body)).toBe(200);
    expect(single.body.nichtMehrMitversichert).toEqual([
      { art: 'MITVERSICHERTE_PERSON', vorname: 'Max', name: 'Mustermann' },
      { art: 'MITVERSICHERTES_KIND', vorname: 'Lena', name: 'Mustermann' },
    ]);
    const paar = await call(customer, 'POST', url, { familienstand: 'PAAR' });
    expect(paar.status, JSON.stringify(paar.body)).toBe(200);
    expect(paar.body.nichtMehrMitversichert).toEqual([
      { art: 'MITVERSICHERTES_KIND', vorname: 'Lena', name: 'Mustermann' },
    ]);
    const alleinerziehend = await call(customer, 'POST', url, { familienstand: 'SINGLE_PLUS_KIND' });
    expect(alleinerziehend.status, JSON.stringify(alleinerziehend.body)).toBe(200);
    expect(alleinerziehend.body.nichtMehrMitversichert).toEqual([
      { art: 'MITVERSICHERTE_PERSON', vorname: 'Max', name: 'Mustermann' },
    ]);
  });

  it('answers the agent the same list and tells the customer in the Postfach whom the change drops', async () => {
    const url = `/api/vermittler/vertraege/aenderung/beitrag/phv/familienstand/${customer.contractNumber}`;
    const preview = await call(agent, 'POST', url, { familienstand: 'PAAR' });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.nichtMehrMitversichert).toEqual([
      { art: 'MITVERSICHERTES_KIND', vorname: 'Lena', name: 'Mustermann' },
    ]);
    const saved = await call(agent, 'PATCH', url, { familienstand: 'PAAR', version: preview.body.version });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.nichtMehrMitversichert).toEqual(preview.body.nichtMehrMitversichert);
    const messages = await testApp.database.db
      .select({ body: mailboxMessages.body })
      .from(mailboxMessages)
      .where(eq(mailboxMessages.partnerId, customer.partnerId ?? ''));
    expect(messages.map((message) => message.body)).toContainEqual(
      expect.stringContaining(
        'Mit dieser Änderung sind folgende Personen nicht mehr mitversichert: Lena Mustermann (Kind).',
      ),
    );
  });
});

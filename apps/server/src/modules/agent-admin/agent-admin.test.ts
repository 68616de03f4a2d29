// Agent administration through the HTTP API (issue 15): the sub-agent tree and the scope rule (a
// sub-agent manages neither its parent nor its siblings), creating a sub-agent with its initial
// password, deactivation ending sign-in and sessions, the Erstinformation PDF, the public look-ups
// revealing only what a public page shows, messages to the agent service and their answer, and the
// idempotent public sales-partner application.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentBankCodes, agentProfiles, salesPartnerApplications } from '../../db/schema/agent-admin';
import { agents } from '../../db/schema/agents';
import { accounts } from '../../db/schema/identity';
import { outboxMessages } from '../../db/schema/outbox';
import { loadIdentityKeys, type IdentityKeys } from '../../platform/auth/keys';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertClerkAccount } from '../clerk/clerk-test-kit';
import { pdfText } from '../documents/pdf-text.test-helper';
import { pdf } from '../uploads/fixtures.test-helper';
import {
  insertAgent,
  insertAgentAccount,
  insertCustomer,
  mintAccessToken,
  signIn,
  type TestAccount,
} from '../identity/identity-test-kit';

let testApp: TestApp;
let keys: IdentityKeys;
let head: TestAccount;
let sub: TestAccount;
let sibling: TestAccount;
let subSub: TestAccount;
let otherHead: TestAccount;
let customerOfSub: TestAccount & { contractNumber: string };
let customerOfOther: TestAccount & { contractNumber: string };

const BASE = '/api/vermittler/vermittler';

beforeAll(async () => {
  testApp = await createTestApp();
  keys = loadIdentityKeys(testApp.config);
  const db = testApp.database.db;
  head = await insertAgentAccount(db);
  sub = await insertAgentAccount(db, { parentAgentId: head.agentId ?? '' });
  sibling = await insertAgentAccount(db, { parentAgentId: head.agentId ?? '' });
  subSub = await insertAgentAccount(db, { parentAgentId: sub.agentId ?? '' });
  otherHead = await insertAgentAccount(db);
  customerOfSub = await insertCustomer(db, { agentId: sub.agentId ?? '' });
  customerOfOther = await insertCustomer(db, { agentId: otherHead.agentId ?? '' });
});

afterAll(async () => {
  await testApp.close();
});

async function call(
  account: TestAccount | undefined,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) {
  const headers = account ? { authorization: `Bearer ${await mintAccessToken(keys, account)}` } : undefined;
  return testApp.app.inject({
    method,
    url,
    ...(headers ? { headers } : {}),
    ...(payload ? { payload } : {}),
  });
}

type Tree = {
  vermittler: { id: string; ebene: number };
  untervermittler: {
    id: string;
    name: string;
    ebene: number;
    status: string;
    anzahlKunden: number;
    vermittlerNummer: string;
  }[];
};

describe('the sub-agent tree and the scope rule', () => {
  it('shows the head agent every agent below it with its customers, a sub-agent only its own subtree', async () => {
    const headTree = (await call(head, 'GET', `${BASE}/liste`)).json() as Tree;
    expect(headTree.untervermittler.map((agent) => agent.id).sort()).toEqual(
      [sub.agentId, sibling.agentId, subSub.agentId].sort(),
    );
    expect(headTree.untervermittler.find((agent) => agent.id === sub.agentId)?.anzahlKunden).toBe(1);
    expect(headTree.untervermittler.find((agent) => agent.id === subSub.agentId)?.ebene).toBe(2);

    const subTree = (await call(sub, 'GET', `${BASE}/liste`)).json() as Tree;
    expect(subTree.vermittler.id).toBe(sub.agentId);
    expect(subTree.untervermittler.map((agent) => agent.id)).toEqual([subSub.agentId]);
  });

  it('lets a sub-agent manage neither its parent nor its sibling (404, nothing changes)', async () => {
    for (const other of [head, sibling, otherHead]) {
      const deactivate = await call(sub, 'POST', `${BASE}/${other.agentId}/deaktivieren`, {});
      expect(deactivate.statusCode).toBe(404);
      expect((await call(sub, 'GET', `${BASE}/${other.agentId}/nummerUndWeg`)).statusCode).toBe(404);
      expect((await call(sub, 'GET', `${BASE}/${other.agentId}/vertriebsweg`)).statusCode).toBe(404);
      const create = await call(sub, 'POST', `${BASE}/erstellen`, {
        name: 'Fremd',
        email: `fremd.${other.agentId}@example.com`,
        mobil: '+49 151 23456789',
        uebergeordneteId: other.agentId,
      });
      expect(create.statusCode).toBe(404);
    }
    const [parent] = await testApp.database.db
      .select()
      .from(agents)
      .where(eq(agents.id, head.agentId ?? ''));
    expect(parent?.status).toBe('AKTIV');
  });

  it('answers nummerUndWeg for the agent itself and one below it', async () => {
    const own = await call(sub, 'GET', `${BASE}/${sub.agentId}/nummerUndWeg`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({
      vermittlerNummer: expect.stringMatching(/^\d{10}$/),
      vertriebsweg: 'AGENTUR',
    });
    expect((await call(head, 'GET', `${BASE}/${subSub.agentId}/vertriebsweg`)).json()).toEqual({
      vertriebsweg: 'AGENTUR',
    });
  });
});

describe('creating a sub-agent', () => {
  it('gives it a new agent number and the parent’s distribution path, and e-mails an initial password once', async () => {
    const email = 'neue.kollegin@example.com';
    const body = { name: 'Nina Neu', email, mobil: '+49 151 98765432' };
    const first = await call(head, 'POST', `${BASE}/erstellen`, body);
    expect(first.statusCode, first.body).toBe(201);
    const created = first.json() as {
      id: string;
      vermittlerNummer: string;
      vertriebsweg: string;
      ebene: number;
    };
    expect(created).toMatchObject({ vertriebsweg: 'AGENTUR', ebene: 1, status: 'AKTIV' });
    expect(created.vermittlerNummer).toMatch(/^\d{10}$/);
    const db = testApp.database.db;
    const [account] = await db.select().from(accounts).where(eq(accounts.agentId, created.id));
    expect(account?.status).toBe('NEW_PASSWORD_REQUIRED');

    // A double click: the same agent, no second e-mail.
    const again = await call(head, 'POST', `${BASE}/erstellen`, body);
    expect(again.statusCode).toBe(200);
    expect((again.json() as { id: string }).id).toBe(created.id);
    const mails = await db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, email), eq(outboxMessages.purpose, 'INITIAL_PASSWORD')));
    expect(mails).toHaveLength(1);

    const taken = await call(head, 'POST', `${BASE}/erstellen`, { ...body, name: 'Jemand anderes' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: { message: expect.stringContaining('E-Mail-Adresse') } });
  });

  it('refuses bad input with German field messages', async () => {
    const response = await call(head, 'POST', `${BASE}/erstellen`, {
      name: ' ',
      email: 'kein',
      mobil: '0221',
    });
    expect(response.statusCode).toBe(400);
    const paths = (response.json() as { error: { fieldErrors: { path: string }[] } }).error.fieldErrors.map(
      (error) => error.path,
    );
    expect(paths).toEqual(expect.arrayContaining(['name', 'email', 'mobil']));
  });
});

describe('attaching an existing agent', () => {
  it('attaches an unattached agent without customers when number and e-mail match, and refuses one with customers', async () => {
    const db = testApp.database.db;
    const email = `frei.${Date.now()}@example.com`;
    const freeId = await insertAgent(db, { email });
    const [free] = await db.select().from(agents).where(eq(agents.id, freeId));
    const wrongMail = await call(head, 'POST', `${BASE}/anbinden`, {
      vermittlerNummer: free?.vermittlerNummer,
      email: 'falsch@example.com',
    });
    expect(wrongMail.statusCode).toBe(422);
    const attached = await call(head, 'POST', `${BASE}/anbinden`, {
      vermittlerNummer: free?.vermittlerNummer,
      email,
    });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json()).toMatchObject({ id: freeId, ebene: 1 });

    const [withCustomers] = await db
      .select()
      .from(agents)
      .where(eq(agents.id, otherHead.agentId ?? ''));
    const refused = await call(head, 'POST', `${BASE}/anbinden`, {
      vermittlerNummer: withCustomers?.vermittlerNummer,
      email: withCustomers?.email,
    });
    expect(refused.statusCode).toBe(422);
    // A sub-agent cannot attach its own head agent (a cycle), nor anyone with a parent.
    const [top] = await db
      .select()
      .from(agents)
      .where(eq(agents.id, head.agentId ?? ''));
    const cycle = await call(sub, 'POST', `${BASE}/anbinden`, {
      vermittlerNummer: top?.vermittlerNummer,
      email: top?.email,
    });
    expect(cycle.statusCode).toBe(422);
  });
});

describe('deactivating a sub-agent', () => {
  it('ends its sign-in and sessions; its customers stay in the head agent’s tree', async () => {
    const db = testApp.database.db;
    const victim = await insertAgentAccount(db, { parentAgentId: head.agentId ?? '' });
    await insertCustomer(db, { agentId: victim.agentId ?? '' });
    const session = await signIn(testApp.app, victim, '10.9.0.1');

    const response = await call(head, 'POST', `${BASE}/${victim.agentId}/deaktivieren`, {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'INAKTIV', anzahlKunden: 1 });

    const withOldToken = await testApp.app.inject({
      method: 'GET',
      url: `${BASE}/liste`,
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(withOldToken.statusCode).toBe(401);
    const refresh = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { schirm_refresh: session.refreshCookie },
    });
    expect(refresh.statusCode).toBe(401);
    await expect(signIn(testApp.app, victim, '10.9.0.2')).rejects.toThrow(/verify answered 401/);
    expect((await call(head, 'POST', `${BASE}/${head.agentId}/deaktivieren`, {})).statusCode).toBe(403);
    expect((await call(sibling, 'POST', `${BASE}/${victim.agentId}/aktivieren`, {})).statusCode).toBe(404);

    // Reactivated: a new initial password, so the next sign-in sets a new password.
    const back = await call(head, 'POST', `${BASE}/${victim.agentId}/aktivieren`, {});
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ status: 'AKTIV' });
    const [account] = await db
      .select()
      .from(accounts)
      .where(eq(accounts.agentId, victim.agentId ?? ''));
    expect(account?.status).toBe('NEW_PASSWORD_REQUIRED');
  }, 60_000);
});

describe('agency data and the Erstinformation', () => {
  it('lets the head agent change the agency, not a sub-agent, and the PDF names register and arbitration bodies', async () => {
    const agency = {
      agentur: { name: 'Agentur Kopf', strasse: 'Hohe Straße', hausnummer: '12a', plz: '50667', ort: 'Köln' },
      registerNummer: 'd-abcd-efgh1-23',
      taetigkeit: 'VERSICHERUNGSVERTRETER',
      beteiligungen: '',
    };
    const saved = await call(head, 'PUT', `${BASE}/agentur`, agency);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ registerNummer: 'D-ABCD-EFGH1-23', bearbeitbar: true });
    const bySub = await call(sub, 'PUT', `${BASE}/agentur`, agency);
    expect(bySub.statusCode).toBe(403);
    // The sub-agent works under its head agent's registration.
    expect((await call(sub, 'GET', `${BASE}/agentur`)).json()).toMatchObject({
      registerNummer: 'D-ABCD-EFGH1-23',
      bearbeitbar: false,
    });

    const pdf = await call(head, 'GET', '/api/dokument/dvelop/dokumente/static/erstinformation');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    for (const expected of [
      'Erstinformation',
      'Agentur Kopf',
      'D-ABCD-EFGH1-23',
      'Deutscher Industrie- und Handelskammertag',
      'Versicherungsombudsmann',
      'Ombudsmann Private Kranken- und Pflegeversicherung',
      '§ 34d',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('refuses an invalid register number with the German message', async () => {
    const response = await call(head, 'PUT', `${BASE}/agentur`, {
      agentur: { name: 'A', strasse: 'B', hausnummer: '1', plz: '5066', ort: 'C' },
      registerNummer: '12345',
      taetigkeit: 'VERSICHERUNGSVERTRETER',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('D-XXXX-XXXXX-XX');
  });
});

describe('public look-ups', () => {
  it('reveal agency and register number only, for active agents, by id, number and bank code', async () => {
    const db = testApp.database.db;
    await db.insert(agentBankCodes).values({ blz: '37050198', agentId: head.agentId ?? '' });
    const [agent] = await db
      .select()
      .from(agents)
      .where(eq(agents.id, head.agentId ?? ''));
    const byId = await call(undefined, 'GET', `${BASE}/${head.agentId}/vermittlerinfo`);
    expect(byId.statusCode).toBe(200);
    expect(Object.keys(byId.json() as object).sort()).toEqual(
      ['agentur', 'name', 'registerNummer', 'taetigkeit', 'vermittlerNummer'].sort(),
    );
    expect(byId.body).not.toContain(head.username);
    expect(byId.body).not.toContain(head.mobile);
    const byNumber = await call(
      undefined,
      'GET',
      `${BASE}/${agent?.vermittlerNummer}/vermittlerinfoByIdentifier`,
    );
    expect(byNumber.json()).toEqual(byId.json());
    const byBlz = await call(undefined, 'GET', `${BASE}/blz/37050198/nummerUndWeg`);
    expect(byBlz.json()).toEqual({ vermittlerNummer: agent?.vermittlerNummer, vertriebsweg: 'AGENTUR' });
    expect((await call(undefined, 'GET', `${BASE}/blz/12345678/nummerUndWeg`)).statusCode).toBe(404);
    expect((await call(undefined, 'GET', `${BASE}/kein-agent/vermittlerinfo`)).statusCode).toBe(404);
  });

  it('answers existenz by external id within the distribution path', async () => {
    const db = testApp.database.db;
    await db.insert(agentProfiles).values({ agentId: sibling.agentId ?? '', externeId: 'SPK-0815' });
    expect((await call(head, 'GET', `${BASE}/AGENTUR/SPK-0815/existenz`)).json()).toEqual({
      existiert: true,
    });
    expect((await call(head, 'GET', `${BASE}/MAKLER/SPK-0815/existenz`)).json()).toEqual({
      existiert: false,
    });
  });
});

describe('messages to the agent service', () => {
  it('stores a message once per key, only about own customers, and the clerk’s answer reaches the agent by e-mail', async () => {
    const message = {
      idempotencyKey: 'nachricht-0001',
      thema: 'VERTRAG',
      betreff: 'Beitragsrückstand',
      html: '<p>Bitte prüfen Sie den <strong>Rückstand</strong>.</p><script>alert(1)</script>',
      vertragsnummer: customerOfSub.contractNumber,
    };
    const first = await call(head, 'POST', '/api/vermittler/nachricht', message);
    expect(first.statusCode, first.body).toBe(201);
    const stored = first.json() as { id: string; text: string; vertragsnummer: string };
    expect(stored.vertragsnummer).toBe(customerOfSub.contractNumber);
    expect(stored.text).not.toContain('alert');
    const again = await call(head, 'POST', '/api/vermittler/nachricht', message);
    expect(again.statusCode).toBe(200);
    expect((again.json() as { id: string }).id).toBe(stored.id);

    const foreign = await call(head, 'POST', '/api/vermittler/nachricht', {
      ...message,
      idempotencyKey: 'nachricht-0002',
      vertragsnummer: customerOfOther.contractNumber,
    });
    expect(foreign.statusCode).toBe(404);
    // A sub-agent may not name its parent's other customers either.
    const bySibling = await call(sibling, 'POST', '/api/vermittler/nachricht', {
      ...message,
      idempotencyKey: 'nachricht-0003',
    });
    expect(bySibling.statusCode).toBe(404);

    const clerk = await insertClerkAccount(testApp.database.db);
    const open = await call(clerk, 'GET', '/api/innendienst/vermittler-nachrichten');
    expect((open.json() as { nachrichten: { id: string }[] }).nachrichten.map((item) => item.id)).toContain(
      stored.id,
    );
    const answer = await call(clerk, 'POST', `/api/innendienst/vermittler-nachrichten/${stored.id}/antwort`, {
      text: 'Der Rückstand ist ausgeglichen.',
    });
    expect(answer.statusCode).toBe(200);
    const [mail] = await testApp.database.db
      .select()
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.recipient, head.username), eq(outboxMessages.purpose, 'AGENT_MESSAGE_ANSWER')),
      );
    expect(mail?.body).toContain('Der Rückstand ist ausgeglichen.');
    expect(
      (
        await call(clerk, 'POST', `/api/innendienst/vermittler-nachrichten/${stored.id}/antwort`, {
          text: 'x',
        })
      ).statusCode,
    ).toBe(409);
  });
});

describe('attachments of messages to the agent service', () => {
  /** A finished upload of `account` (POST /api/upload/, then the PUT). */
  async function uploadAs(account: TestAccount, name: string, body: Buffer) {
    const requested = await call(account, 'POST', '/api/upload/', { dateiname: name, groesse: body.length });
    expect(requested.statusCode, requested.body).toBe(201);
    const { uploadId, uploadUrl } = requested.json() as { uploadId: string; uploadUrl: string };
    const put = await testApp.app.inject({
      method: 'PUT',
      url: uploadUrl,
      headers: { 'content-type': 'application/octet-stream' },
      payload: body,
    });
    expect(put.statusCode, put.body).toBe(200);
    return uploadId;
  }

  it('binds an agent’s uploads to its own message; another agent can neither attach nor read them; the clerk downloads them', async () => {
    const bytes = await pdf();
    const uploadId = await uploadAs(sub, 'Police Müller.pdf', bytes);
    const message = {
      idempotencyKey: 'anhang-0001',
      thema: 'SONSTIGES',
      betreff: 'Unterlagen',
      html: '<p>Anbei die Police.</p>',
    };
    // Another agent cannot attach it: 422, and no message is stored.
    const stolen = await call(sibling, 'POST', '/api/vermittler/nachricht', {
      ...message,
      uploadIds: [uploadId],
    });
    expect(stolen.statusCode).toBe(422);
    expect((await call(sibling, 'GET', '/api/vermittler/nachricht')).json()).toEqual([]);

    const sent = await call(sub, 'POST', '/api/vermittler/nachricht', { ...message, uploadIds: [uploadId] });
    expect(sent.statusCode, sent.body).toBe(201);
    const stored = sent.json() as { id: string; anhaenge: { id: string; name: string; typ: string }[] };
    expect(stored.anhaenge).toEqual([
      { id: uploadId, name: 'Police Müller.pdf', groesse: bytes.length, typ: 'application/pdf' },
    ]);
    // Once attached, the upload is used: not a second time, not even by its owner.
    const twice = await call(sub, 'POST', '/api/vermittler/nachricht', {
      ...message,
      idempotencyKey: 'anhang-0002',
      uploadIds: [uploadId],
    });
    expect(twice.statusCode).toBe(422);

    const own = `/api/vermittler/nachricht/${stored.id}/anhaenge/${uploadId}`;
    const byOwner = await call(sub, 'GET', own);
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.rawPayload.equals(bytes)).toBe(true);
    // Neither the sibling nor the agent above reads it through the agent route (the same 404).
    expect((await call(sibling, 'GET', own)).statusCode).toBe(404);
    expect((await call(head, 'GET', own)).statusCode).toBe(404);

    const clerk = await insertClerkAccount(testApp.database.db);
    const detail = await call(clerk, 'GET', `/api/innendienst/vermittler-nachrichten/${stored.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      betreff: 'Unterlagen',
      html: '<p>Anbei die Police.</p>',
      anhaenge: [{ id: uploadId, name: 'Police Müller.pdf' }],
      antwort: null,
    });
    const download = await call(
      clerk,
      'GET',
      `/api/innendienst/vermittler-nachrichten/${stored.id}/anhaenge/${uploadId}`,
    );
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('attachment');
    expect(download.rawPayload.equals(bytes)).toBe(true);
    // The agent cannot use the clerks' route; an upload of another target is not this message's.
    expect(
      (await call(sub, 'GET', `/api/innendienst/vermittler-nachrichten/${stored.id}/anhaenge/${uploadId}`))
        .statusCode,
    ).toBe(403);
    const loose = await uploadAs(sub, 'lose.pdf', bytes);
    expect(
      (await call(clerk, 'GET', `/api/innendienst/vermittler-nachrichten/${stored.id}/anhaenge/${loose}`))
        .statusCode,
    ).toBe(404);

    const answered = await call(
      clerk,
      'POST',
      `/api/innendienst/vermittler-nachrichten/${stored.id}/antwort`,
      {
        text: 'Die Police ist eingegangen.',
      },
    );
    expect(answered.statusCode).toBe(200);
    const [mine] = (await call(sub, 'GET', '/api/vermittler/nachricht')).json() as {
      id: string;
      antwort: string | null;
      beantwortetAm: string | null;
    }[];
    expect(mine).toMatchObject({ id: stored.id, antwort: 'Die Police ist eingegangen.' });
    expect(mine?.beantwortetAm).not.toBeNull();
  });
});

describe('the public sales-partner application', () => {
  it('is stored once per key, confirmed to the applicant and announced to the sales department', async () => {
    const payload = {
      firma: 'Muster Finanz GmbH',
      ansprechpartner: 'Maria Muster',
      email: 'maria@muster-finanz.de',
      telefon: '+49 221 1234567',
      erlaubnisNummer: '34d-K-2019-0815',
      registerNummer: 'D-W1X2-Y3Z4A-56',
      nachricht: 'Wir vermitteln seit 2019 Gewerbeversicherungen.',
    };
    const send = () =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/vermittler/vertriebspartner-bewerbung',
        headers: { 'idempotency-key': 'bewerbung-0001' },
        payload,
      });
    expect((await send()).statusCode).toBe(202);
    expect((await send()).statusCode).toBe(202);
    const db = testApp.database.db;
    expect(await db.select().from(salesPartnerApplications)).toHaveLength(1);
    const confirmations = await db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'maria@muster-finanz.de'));
    expect(confirmations).toHaveLength(1);
    const notices = await db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.purpose, 'SALES_PARTNER_APPLICATION_NOTICE'));
    expect(notices[0]?.body).toContain('D-W1X2-Y3Z4A-56');

    const bad = await testApp.app.inject({
      method: 'POST',
      url: '/api/vermittler/vertriebspartner-bewerbung',
      headers: { 'idempotency-key': 'bewerbung-0002' },
      payload: { ...payload, registerNummer: 'falsch', email: 'nein' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('D-XXXX-XXXXX-XX');
  });
});

describe('the agents’ FAQ', () => {
  it('serves the content file as blocks', async () => {
    const response = await call(undefined, 'GET', '/api/content/vermittler-faq');
    expect(response.statusCode).toBe(200);
    const faq = response.json() as { kategorien: { fragen: { id: string }[] }[] };
    expect(faq.kategorien.flatMap((category) => category.fragen.map((entry) => entry.id))).toContain(
      'untervermittler-anlegen',
    );
  });
});

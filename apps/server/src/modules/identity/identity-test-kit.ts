// Test helpers of the identity module: partners, agents and contracts with only the columns the
// database requires, accounts with real SRP verifiers, and a client side of SRP with tssrp6a as
// the web app runs it. Used by tests only.
import { randomInt } from 'node:crypto';
import { SRPClientSession } from 'tssrp6a';
import type { App } from '../../app';
import type { Database } from '../../db/database';
import { agents } from '../../db/schema/agents';
import { contracts } from '../../db/schema/contracts';
import { accounts, type AccountStatus, type Pool } from '../../db/schema/identity';
import { partners } from '../../db/schema/partners';
import { issueAccessToken } from '../../platform/auth/access-token';
import type { IdentityKeys } from '../../platform/auth/keys';
import { createVerifier, fromHex, SRP_ROUTINES, toHex } from './srp';

export const TEST_PASSWORD = 'Test-Passwort-2026!';

function digits(count: number): string {
  return Array.from({ length: count }, () => String(randomInt(0, 10))).join('');
}

/** A unique German mobile number in the 0152 range, E.164. */
export function testMobile(): string {
  return `+49152${digits(8)}`;
}

export async function insertPartner(db: Database, { email }: { email: string }): Promise<string> {
  const [row] = await db
    .insert(partners)
    .values({
      partnerNummer: digits(10),
      personArt: 'NatuerlichePersonDTO',
      vorname: 'Test',
      nachname: 'Kunde',
      email,
    })
    .returning({ id: partners.id });
  if (!row) throw new Error('partner not inserted');
  return row.id;
}

export async function insertAgent(
  db: Database,
  { email, mobile, parentAgentId }: { email: string; mobile?: string; parentAgentId?: string },
): Promise<string> {
  const [row] = await db
    .insert(agents)
    .values({
      vermittlerNummer: digits(10),
      name: 'Test Vermittler',
      email,
      telefon: mobile ?? null,
      vertriebsweg: 'AGENTUR',
      agenturName: 'Testagentur',
      agenturStrasse: 'Teststraße',
      agenturHausnummer: '1',
      agenturPlz: '50667',
      agenturOrt: 'Köln',
      parentAgentId: parentAgentId ?? null,
    })
    .returning({ id: agents.id });
  if (!row) throw new Error('agent not inserted');
  return row.id;
}

/** A running PHV contract of the partner, looked after by the agent; returns its number. */
export async function insertContract(
  db: Database,
  { partnerId, agentId }: { partnerId: string; agentId?: string },
): Promise<string> {
  const versicherungsNummer = `9${digits(9)}`;
  await db.insert(contracts).values({
    versicherungsNummer,
    produkt: 'PRIVATHAFTPFLICHT',
    marke: 'SCHIRM',
    status: 'LAUFEND',
    partnerId,
    agentId: agentId ?? null,
    antragsdatum: '2026-01-01',
    abschlussdatum: '2026-01-01',
    vertragsBeginn: '2026-01-02',
    ablaufdatum: '2027-01-02',
    stillschweigendeVerlaengerung: true,
    taeglichKuendbar: false,
    hauptfaelligkeitMonat: 1,
    hauptfaelligkeitTag: 2,
    wirksamkeitsdatum: '2026-01-02',
    instructionsComplete: true,
    zahlweise: 'JAEHRLICH',
    nettoJahresbeitragCents: 5000,
    bruttoBeitragProPeriodeCents: 5950,
    productDetails: { phv: { familienstand: 'SINGLE' } },
  });
  return versicherungsNummer;
}

export interface TestAccount {
  id: string;
  pool: Pool;
  username: string;
  password: string;
  mobile: string;
  partnerId: string | null;
  agentId: string | null;
}

/** An account with a real SRP verifier of `password`. */
export async function insertAccount(
  db: Database,
  {
    pool,
    email,
    password = TEST_PASSWORD,
    mobile = testMobile(),
    partnerId,
    agentId,
    status = 'ACTIVE',
  }: {
    pool: Pool;
    email: string;
    password?: string;
    mobile?: string;
    partnerId?: string;
    agentId?: string;
    status?: AccountStatus;
  },
): Promise<TestAccount> {
  const username = email.trim().toLowerCase();
  const { salt, verifier } = await createVerifier(SRP_ROUTINES, username, password);
  const [row] = await db
    .insert(accounts)
    .values({
      pool,
      username,
      email: username,
      mobile,
      srpSalt: salt,
      srpVerifier: verifier,
      status,
      partnerId: partnerId ?? null,
      agentId: agentId ?? null,
    })
    .returning();
  if (!row) throw new Error('account not inserted');
  return { id: row.id, pool, username, password, mobile, partnerId: row.partnerId, agentId: row.agentId };
}

/** A customer with a partner, a contract (optionally of an agent) and an active account. */
export async function insertCustomer(db: Database, { agentId }: { agentId?: string } = {}) {
  const email = `kunde.${digits(8)}@example.com`;
  const partnerId = await insertPartner(db, { email });
  const contractNumber = await insertContract(db, { partnerId, ...(agentId ? { agentId } : {}) });
  const account = await insertAccount(db, { pool: 'benutzer', email, partnerId });
  return { ...account, contractNumber };
}

/** An agent (optionally below another) with an active account. */
export async function insertAgentAccount(db: Database, { parentAgentId }: { parentAgentId?: string } = {}) {
  const email = `vermittler.${digits(8)}@example.com`;
  const mobile = testMobile();
  const agentId = await insertAgent(db, { email, mobile, ...(parentAgentId ? { parentAgentId } : {}) });
  return insertAccount(db, { pool: 'vermittler', email, mobile, agentId });
}

/** Salt and verifier as the web app computes them for a new password. */
export function clientVerifier(username: string, password: string) {
  return createVerifier(SRP_ROUTINES, username, password);
}

/** The client's SRP answer to init's salt and B: A, M1 and a check of the server's M2. */
export async function clientProof(username: string, password: string, salt: string, B: string) {
  const step1 = await new SRPClientSession(SRP_ROUTINES).step1(username, password);
  const step2 = await step1.step2(fromHex(salt), fromHex(B));
  return {
    A: toHex(step2.A),
    M1: toHex(step2.M1),
    checkServer: (M2: string) => step2.step3(fromHex(M2)),
  };
}

/** The newest six-digit code sent to `to`, read from the development outbox. */
export async function latestCode(app: App, to: string): Promise<string> {
  const response = await app.inject({
    url: `/api/entwicklung/postausgang?to=${encodeURIComponent(to)}&limit=1`,
  });
  const body = response.json() as { messages: { body: string }[] };
  const code = /\b(\d{6})\b/.exec(body.messages[0]?.body ?? '')?.[1];
  if (!code) throw new Error(`No code sent to ${to}`);
  return code;
}

/** The newest link with a token sent to `to`, read from the development outbox. */
export async function latestLinkToken(app: App, to: string): Promise<string> {
  const response = await app.inject({
    url: `/api/entwicklung/postausgang?to=${encodeURIComponent(to)}&limit=1`,
  });
  const body = response.json() as { messages: { body: string }[] };
  const token = /[?&]token=([A-Za-z0-9_-]+)/.exec(body.messages[0]?.body ?? '')?.[1];
  if (!token) throw new Error(`No link sent to ${to}`);
  return token;
}

export interface SignInResult {
  accessToken: string;
  refreshCookie: string;
  body: Record<string, unknown>;
}

/** Signs in through the API (init, verify, TAN from the outbox) from `ip`. */
export async function signIn(
  app: App,
  account: { pool: Pool; username: string; password: string; mobile: string },
  ip = '10.0.0.1',
): Promise<SignInResult> {
  const init = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/init',
    remoteAddress: ip,
    payload: { pool: account.pool, username: account.username },
  });
  const { session, salt, B } = init.json() as { session: string; salt: string; B: string };
  const proof = await clientProof(account.username, account.password, salt, B);
  const verify = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/verify',
    remoteAddress: ip,
    payload: { session, A: proof.A, M1: proof.M1 },
  });
  if (verify.statusCode !== 200) throw new Error(`verify answered ${verify.statusCode}: ${verify.body}`);
  const challenge = verify.json() as { session: string; M2: string };
  await proof.checkServer(challenge.M2);
  const tan = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/tan',
    remoteAddress: ip,
    payload: { session: challenge.session, tan: await latestCode(app, account.mobile) },
  });
  if (tan.statusCode !== 200) throw new Error(`tan answered ${tan.statusCode}: ${tan.body}`);
  const cookie = tan.cookies.find((candidate) => candidate.name === 'schirm_refresh');
  if (!cookie) throw new Error('No refresh cookie');
  const body = tan.json() as Record<string, unknown>;
  return { accessToken: String(body.accessToken), refreshCookie: cookie.value, body };
}

/** An access token minted directly (e.g. expired ones: `now` in the past). */
export async function mintAccessToken(
  keys: IdentityKeys,
  account: { id: string; pool: Pool; partnerId: string | null; agentId: string | null },
  now: Date = new Date(),
  ttlSeconds = 600,
): Promise<string> {
  const issued = await issueAccessToken({
    keys,
    now,
    ttlSeconds,
    subject: {
      accountId: account.id,
      pool: account.pool,
      ...(account.partnerId ? { partnerId: account.partnerId } : {}),
      ...(account.agentId ? { agentId: account.agentId } : {}),
    },
  });
  return issued.token;
}

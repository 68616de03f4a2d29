// Issue 11 parts 4 and 5 (ADR 0013): rate limits and the per-account bounds are kept in the
// database, so two server processes on one database count together, a restarted process goes on
// counting, and 60 rotating client addresses do not get around the per-account bounds.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { auditLog } from '../db/schema/audit';
import { accounts } from '../db/schema/identity';
import { outboxMessages } from '../db/schema/outbox';
import { CONTRACT_TYPE_LIMITS } from '../modules/customer-contracts/routes';
import type { AuditAction } from '../modules/identity/audit';
import { createIdentityContext } from '../modules/identity/context';
import { confirmPasswordReset, requestPasswordReset } from '../modules/identity/forgot-password';
import {
  clientProof,
  clientVerifier,
  insertCustomer,
  latestCode,
  latestLinkToken,
  testMobile,
  type TestAccount,
} from '../modules/identity/identity-test-kit';
import { IDENTITY_BUDGETS, IDENTITY_POLICY } from '../modules/identity/policy';
import { createTestApp, type TestApp } from '../test/test-app';
import { ERROR_TEXTS } from './error-texts';

const TOO_MANY = ERROR_TEXTS.codes.TOO_MANY_REQUESTS;
const ADDRESSES = 60;

let first: TestApp;
let second: TestApp;

let secondDatabase: DatabaseHandle | undefined;

beforeAll(async () => {
  first = await createTestApp();
  // A second server process on the same database: on PostgreSQL with a connection pool of its own.
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const [row] = await first.database.db
      .select({ name: sql<string>`current_database()` })
      .from(sql`(VALUES (1)) AS one (x)`);
    const url = new URL(serverUrl);
    url.pathname = `/${String(row?.name)}`;
    secondDatabase = await openDatabase({ databaseUrl: url.toString() });
  }
  second = await createTestApp({ database: secondDatabase ?? first.database });
}, 120_000);

afterAll(async () => {
  await second.close();
  await secondDatabase?.close();
  await first.close();
});

/** Request number `index` goes to one of the two processes, turn about. */
const either = (index: number) => (index % 2 === 0 ? first : second);
const address = (block: number, index: number) => `10.${block}.${Math.floor(index / 200)}.${index % 200}`;

function expectTooMany(response: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(response.statusCode).toBe(429);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(response.json()).toMatchObject({ error: { code: 'TOO_MANY_REQUESTS', message: TOO_MANY } });
}

async function auditOf(accountId: string, action: AuditAction) {
  return first.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.accountId, accountId), eq(auditLog.action, action)));
}

describe('GET /api/vertrag/vertrag/:id/vertragsart (no sign-in) on two processes', () => {
  // Lookups that passed the per-address limit: each counts towards the global budget.
  let counted = 0;
  const lookup = async (target: TestApp, ip: string) => {
    const response = await target.app.inject({
      url: '/api/vertrag/vertrag/1000000001/vertragsart',
      remoteAddress: ip,
    });
    if (response.statusCode !== 429) counted += 1;
    return response;
  };

  it('counts the requests of both processes together, and a restarted process goes on counting', async () => {
    const ip = '10.20.0.1';
    for (let index = 0; index < CONTRACT_TYPE_LIMITS.perAddress.max; index += 1) {
      expect((await lookup(either(index), ip)).statusCode).toBe(404);
    }
    expectTooMany(await lookup(first, ip));
    expectTooMany(await lookup(second, ip));
    const restarted = await createTestApp({ database: first.database });
    try {
      expectTooMany(await lookup(restarted, ip));
      expect((await lookup(restarted, '10.20.0.2')).statusCode).toBe(404);
    } finally {
      await restarted.close();
    }
  });

  it('refuses everybody once all addresses together used the hourly budget', async () => {
    const perAddress = CONTRACT_TYPE_LIMITS.perAddress.max;
    let refused: Awaited<ReturnType<typeof lookup>> | undefined;
    for (let index = 0; !refused && index < 2 * CONTRACT_TYPE_LIMITS.global.max; index += 1) {
      // Each address stays below its own limit.
      const response = await lookup(either(index), address(21, Math.floor(index / perAddress)));
      if (response.statusCode === 429) refused = response;
    }
    expect(refused).toBeDefined();
    if (refused) expectTooMany(refused);
    expect(counted).toBe(CONTRACT_TYPE_LIMITS.global.max);
    expectTooMany(await lookup(second, '10.22.0.1'));
  }, 300_000);
});

describe('registration lookup budget per contract number', () => {
  it(`answers at most ${IDENTITY_BUDGETS.registrationPerContract.max} requests an hour for one contract, from ${ADDRESSES} addresses`, async () => {
    const customer = await insertCustomer(first.database.db);
    const statuses: number[] = [];
    for (let index = 0; index < ADDRESSES; index += 1) {
      const response = await either(index).app.inject({
        method: 'POST',
        url: `/api/benutzer/zugang/email/${customer.contractNumber}`,
        remoteAddress: address(23, index),
        payload: { email: 'jemand@example.com' },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expectTooMany(response);
    }
    const max = IDENTITY_BUDGETS.registrationPerContract.max;
    expect(statuses.slice(0, max)).toEqual(Array(max).fill(202));
    expect(statuses.slice(max)).toEqual(Array(ADDRESSES - max).fill(429));
  }, 120_000);
});

describe(`reset codes from ${ADDRESSES} rotating addresses`, () => {
  const forgot = (index: number, ip: string, customer: TestAccount) =>
    either(index).app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      remoteAddress: ip,
      payload: { pool: 'benutzer', username: customer.username },
    });

  it(`e-mails at most ${IDENTITY_POLICY.maxResetCodesPerHour} codes an hour to one account`, async () => {
    const customer = await insertCustomer(first.database.db);
    for (let index = 0; index < ADDRESSES; index += 1) {
      expect((await forgot(index, address(30, index), customer)).statusCode).toBe(202);
    }
    const mails = await first.database.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.recipient, customer.username),
          eq(outboxMessages.purpose, 'PASSWORD_RESET_CODE'),
        ),
      );
    expect(mails).toHaveLength(IDENTITY_POLICY.maxResetCodesPerHour);
    expect(await auditOf(customer.id, 'PASSWORD_RESET_REQUESTED')).toHaveLength(ADDRESSES);
  }, 120_000);

  it('counts wrong codes per account across codes: a new code gives no new tries, the right one is refused for the day', async () => {
    const customer = await insertCustomer(first.database.db);
    const next = await clientVerifier(customer.username, 'Vergessen-Neu-2026!');
    for (let index = 0; index < ADDRESSES; index += 1) {
      const ip = address(31, index);
      // A new code before every third guess: three tries per code would allow 60 guesses.
      if (index % 3 === 0) await forgot(index, ip, customer);
      const code = await latestCode(first.app, customer.username);
      const response = await either(index).app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password/confirm',
        remoteAddress: ip,
        payload: {
          pool: 'benutzer',
          username: customer.username,
          code: code === '111111' ? '222222' : '111111',
          ...next,
        },
      });
      expect(response.json()).toMatchObject({ error: { code: 'CODE_INVALID' } });
    }
    expect(await auditOf(customer.id, 'PASSWORD_RESET_CODE_FAILED')).toHaveLength(
      IDENTITY_POLICY.maxWrongResetCodesPerDay,
    );

    // An hour later a new code is e-mailed, but even the right one is refused until the day ends.
    const ctx = createIdentityContext(first.app);
    const at = (minutes: number) => ({
      ip: '10.31.9.9',
      userAgent: 'test',
      now: new Date(Date.now() + minutes * 60_000),
    });
    const reset = async (minutes: number) => {
      await requestPasswordReset({ ctx, meta: at(minutes), pool: 'benutzer', username: customer.username });
      const code = await latestCode(first.app, customer.username);
      return confirmPasswordReset({
        ctx,
        meta: at(minutes),
        pool: 'benutzer',
        username: customer.username,
        code,
        ...next,
      });
    };
    await expect(reset(61)).rejects.toMatchObject({ code: 'CODE_INVALID' });
    await expect(reset(24 * 60 + 61)).resolves.toBeUndefined();
  }, 180_000);
});

describe(`lost mobile number from ${ADDRESSES} rotating addresses`, () => {
  let next = 0;
  const post = (url: string, payload: object) =>
    either(next).app.inject({ method: 'POST', url, remoteAddress: address(33, (next += 1)), payload });

  it(`e-mails at most ${IDENTITY_BUDGETS.phoneResetPerEmail.max} links an hour per sign-in name`, async () => {
    const customer = await insertCustomer(first.database.db);
    const statuses: number[] = [];
    for (let index = 0; index < ADDRESSES; index += 1) {
      const response = await post('/api/benutzer/benutzer/handynummer/reset', { email: customer.username });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expectTooMany(response);
    }
    const max = IDENTITY_BUDGETS.phoneResetPerEmail.max;
    expect(statuses).toEqual([...Array<number>(max).fill(202), ...Array<number>(ADDRESSES - max).fill(429)]);
  }, 120_000);

  it(`refuses every TAN of the account after ${IDENTITY_POLICY.maxWrongVerificationTansPerDay} wrong ones across verifications`, async () => {
    const customer = await insertCustomer(first.database.db);
    const mobile = testMobile();
    const startReset = async () => {
      await post('/api/benutzer/benutzer/handynummer/reset', { email: customer.username });
      const token = await latestLinkToken(first.app, customer.username);
      const started = await post('/api/benutzer/benutzer/handynummer/reset/token', {
        token,
        handynummer: mobile,
      });
      expect(started.statusCode).toBe(202);
      return (started.json() as { verificationId: string }).verificationId;
    };
    const guess = async (verificationId: string) => {
      const code = await latestCode(first.app, mobile);
      return post('/api/verifikation/tan/pruefen', {
        verificationId,
        tan: code === '111111' ? '222222' : '111111',
      });
    };
    // One verification allows 3 codes with 3 tries each.
    const firstVerification = await startReset();
    for (let code = 0; code < IDENTITY_POLICY.maxCodesPerVerification; code += 1) {
      if (code > 0) {
        const resent = await post('/api/verifikation/tan/generieren', { verificationId: firstVerification });
        expect(resent.statusCode).toBe(202);
      }
      for (let attempt = 0; attempt < IDENTITY_POLICY.tanMaxAttempts; attempt += 1) {
        expect([400, 410]).toContain((await guess(firstVerification)).statusCode);
      }
    }
    // A new verification does not give new tries beyond the account's bound.
    const secondVerification = await startReset();
    const tries =
      IDENTITY_POLICY.maxWrongVerificationTansPerDay -
      IDENTITY_POLICY.maxCodesPerVerification * IDENTITY_POLICY.tanMaxAttempts;
    for (let attempt = 0; attempt < tries; attempt += 1) {
      expect((await guess(secondVerification)).statusCode).toBe(400);
    }
    const right = await post('/api/verifikation/tan/pruefen', {
      verificationId: secondVerification,
      tan: await latestCode(first.app, mobile),
    });
    expect(right.statusCode).toBe(410);
    expect(right.json()).toMatchObject({ error: { code: 'TAN_EXPIRED' } });
    expect(await auditOf(customer.id, 'TAN_FAILED')).toHaveLength(
      IDENTITY_POLICY.maxWrongVerificationTansPerDay,
    );
    const [row] = await first.database.db.select().from(accounts).where(eq(accounts.id, customer.id));
    expect(row?.mobile).toBe(customer.mobile);
  }, 180_000);
});

describe(`sign-in failures from ${ADDRESSES} rotating addresses`, () => {
  it(`lock the account after ${IDENTITY_POLICY.maxFailedSignInsPerAccount} within the hour; later proofs are not even checked`, async () => {
    const customer = await insertCustomer(first.database.db);
    for (let index = 0; index < ADDRESSES; index += 1) {
      const ip = address(32, index);
      const target = either(index);
      const init = await target.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/init',
        remoteAddress: ip,
        payload: { pool: 'benutzer', username: customer.username },
      });
      const { session, salt, B } = init.json() as { session: string; salt: string; B: string };
      const proof = await clientProof(customer.username, `Geraten-${index}!Aa`, salt, B);
      const verify = await target.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/verify',
        remoteAddress: ip,
        payload: { session, A: proof.A, M1: proof.M1 },
      });
      expect(verify.json()).toMatchObject({ error: { code: 'SIGN_IN_FAILED' } });
    }
    const failed = await auditOf(customer.id, 'SIGN_IN_FAILED');
    expect(failed).toHaveLength(IDENTITY_POLICY.maxFailedSignInsPerAccount);
    expect(await auditOf(customer.id, 'SIGN_IN_LOCKED_OUT')).toHaveLength(
      ADDRESSES - IDENTITY_POLICY.maxFailedSignInsPerAccount,
    );
    const locks = await auditOf(customer.id, 'ACCOUNT_LOCKED');
    expect(locks.map((entry) => entry.details)).toEqual([{ scope: 'account', lockedMinutes: 60 }]);
    const [row] = await first.database.db.select().from(accounts).where(eq(accounts.id, customer.id));
    expect(row?.lockedUntil?.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
  }, 180_000);
});

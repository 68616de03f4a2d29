// Accounts and their failed-sign-in bookkeeping.
import { normalizeIP } from '@fastify/rate-limit';
import { and, eq, like, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { accounts, refreshTokens, type Pool } from '../../db/schema/identity';
import { attemptCounters } from '../../db/schema/rate-limits';
import type { Transaction } from '../../db/transaction';
import { clearCounter, extendCounter, hitCounter, readCounter } from '../../platform/counters';
import { recordAudit, type RequestMeta } from './audit';
import { IDENTITY_POLICY } from './policy';

type Db = Database | Transaction;
export type Account = typeof accounts.$inferSelect;

/** Sign-in names are e-mail addresses, compared trimmed and lower-cased (spec §5). */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

export async function findAccount(db: Db, pool: Pool, username: string): Promise<Account | undefined> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.pool, pool), eq(accounts.username, normalizeUsername(username))));
  return row;
}

/** The account row, locked for the rest of the transaction (attempt counters change under it). */
export async function lockAccount(tx: Transaction, accountId: string): Promise<Account | undefined> {
  const [row] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
  return row;
}

export async function findAccountById(db: Db, accountId: string): Promise<Account | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  return row;
}

/** Accounts that can sign in: active ones and those waiting for their first own password. */
export function canSignIn(account: Account): boolean {
  return account.status === 'ACTIVE' || account.status === 'NEW_PASSWORD_REQUIRED';
}

/** Locked for every client: the failures of all clients reached the account's ceiling. */
export function isLocked(account: Account, now: Date): boolean {
  return account.lockedUntil !== null && account.lockedUntil > now;
}

/** The client of a request as the sign-in lock counts it: its address, an IPv6 address by /64. */
export function clientOf(meta: RequestMeta): string {
  return normalizeIP(meta.ip);
}

const failuresKey = (accountId: string, client = '') => `sign-in-failures:${accountId}:${client}`;

/** Whether this client may not try to sign in to the account now: its own lock or the account's. */
export async function isSignInBlocked(db: Db, account: Account, meta: RequestMeta): Promise<boolean> {
  if (isLocked(account, meta.now)) return true;
  const { count } = await readCounter(db, attemptCounters, failuresKey(account.id, clientOf(meta)), meta.now);
  return count >= IDENTITY_POLICY.maxFailedSignIns;
}

/**
 * Counts a failed password proof or sign-in TAN (ADR 0013). The fifth from one client within
 * 15 minutes locks that client out of the account for 15 minutes; others still sign in. The
 * 25th within an hour from all clients together locks the account for an hour. Returns whether
 * this failure locked anything.
 */
export async function registerFailedSignIn(
  tx: Transaction,
  account: Account,
  meta: RequestMeta,
): Promise<boolean> {
  const client = await hitCounter(
    tx,
    attemptCounters,
    failuresKey(account.id, clientOf(meta)),
    IDENTITY_POLICY.failedWindowMs,
    meta.now,
  );
  const locksClient = client.count === IDENTITY_POLICY.maxFailedSignIns;
  if (locksClient) {
    await extendCounter(
      tx,
      attemptCounters,
      failuresKey(account.id, clientOf(meta)),
      new Date(meta.now.getTime() + IDENTITY_POLICY.lockMs),
    );
  }
  const windowStart = account.failedWindowStart;
  const isWindowOpen =
    windowStart !== null &&
    meta.now.getTime() - windowStart.getTime() < IDENTITY_POLICY.accountFailedWindowMs;
  const failures = isWindowOpen ? account.failedSignIns + 1 : 1;
  const locksAccount = failures >= IDENTITY_POLICY.maxFailedSignInsPerAccount;
  await tx
    .update(accounts)
    .set(
      locksAccount
        ? {
            failedSignIns: 0,
            failedWindowStart: null,
            lockedUntil: new Date(meta.now.getTime() + IDENTITY_POLICY.accountLockMs),
            updatedAt: meta.now,
          }
        : {
            failedSignIns: failures,
            failedWindowStart: isWindowOpen ? windowStart : meta.now,
            updatedAt: meta.now,
          },
    )
    .where(eq(accounts.id, account.id));
  const audit = {
    action: 'ACCOUNT_LOCKED',
    pool: account.pool,
    accountId: account.id,
    username: account.username,
  } as const;
  if (locksClient) {
    await recordAudit(tx, meta, {
      ...audit,
      details: { scope: 'client', lockedMinutes: IDENTITY_POLICY.lockMs / 60_000 },
    });
  }
  if (locksAccount) {
    await recordAudit(tx, meta, {
      ...audit,
      details: { scope: 'account', lockedMinutes: IDENTITY_POLICY.accountLockMs / 60_000 },
    });
  }
  return locksClient || locksAccount;
}

/** After a successful sign-in: this client's failures and the account's count start again. */
export async function clearFailedSignIns(
  tx: Transaction,
  accountId: string,
  meta: RequestMeta,
): Promise<void> {
  await clearCounter(tx, attemptCounters, failuresKey(accountId, clientOf(meta)));
  await tx
    .update(accounts)
    .set({ failedSignIns: 0, failedWindowStart: null, lockedUntil: null, updatedAt: meta.now })
    .where(eq(accounts.id, accountId));
}

/** After a password reset: every client's sign-in lock of the account ends. */
export async function clearAllSignInLocks(tx: Transaction, accountId: string): Promise<void> {
  await tx.delete(attemptCounters).where(like(attemptCounters.key, `${failuresKey(accountId)}%`));
}

/**
 * Ends every session of the account: all refresh tokens revoked, access tokens issued before now
 * rejected by the authentication hook.
 */
export async function endAllSessions(tx: Transaction, accountId: string, now: Date): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.accountId, accountId), sql`${refreshTokens.revokedAt} IS NULL`));
  await tx.update(accounts).set({ tokensValidAfter: now, updatedAt: now }).where(eq(accounts.id, accountId));
}

// Accounts and their failed-sign-in bookkeeping.
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { accounts, refreshTokens, type Pool } from '../../db/schema/identity';
import type { Transaction } from '../../db/transaction';
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

export function isLocked(account: Account, now: Date): boolean {
  return account.lockedUntil !== null && account.lockedUntil > now;
}

/**
 * Counts a failed password proof or sign-in TAN. The fifth within 15 minutes locks the account for
 * 15 minutes. Returns whether this failure locked it.
 */
export async function registerFailedSignIn(
  tx: Transaction,
  account: Account,
  meta: RequestMeta,
): Promise<boolean> {
  const windowStart = account.failedWindowStart;
  const isWindowOpen =
    windowStart !== null && meta.now.getTime() - windowStart.getTime() < IDENTITY_POLICY.failedWindowMs;
  const failures = isWindowOpen ? account.failedSignIns + 1 : 1;
  const locks = failures >= IDENTITY_POLICY.maxFailedSignIns;
  await tx
    .update(accounts)
    .set(
      locks
        ? {
            failedSignIns: 0,
            failedWindowStart: null,
            lockedUntil: new Date(meta.now.getTime() + IDENTITY_POLICY.lockMs),
            updatedAt: meta.now,
          }
        : {
            failedSignIns: failures,
            failedWindowStart: isWindowOpen ? windowStart : meta.now,
            updatedAt: meta.now,
          },
    )
    .where(eq(accounts.id, account.id));
  if (locks) {
    await recordAudit(tx, meta, {
      action: 'ACCOUNT_LOCKED',
      pool: account.pool,
      accountId: account.id,
      username: account.username,
      details: { lockedMinutes: IDENTITY_POLICY.lockMs / 60_000 },
    });
  }
  return locks;
}

export async function clearFailedSignIns(tx: Transaction, accountId: string, now: Date): Promise<void> {
  await tx
    .update(accounts)
    .set({ failedSignIns: 0, failedWindowStart: null, lockedUntil: null, updatedAt: now })
    .where(eq(accounts.id, accountId));
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

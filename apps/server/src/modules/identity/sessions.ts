// Signed-in sessions: an access token plus a rotating refresh token whose family is the sign-in.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { accounts, refreshTokens, type Pool } from '../../db/schema/identity';
import { withTransaction, type Transaction } from '../../db/transaction';
import { issueAccessToken } from '../../platform/auth/access-token';
import type { AppError } from '../../platform/errors';
import { endAllSessions, type Account } from './accounts';
import { recordAudit, type RequestMeta } from './audit';
import { commitThen, type IdentityContext } from './context';
import { identityError } from './errors';
import { randomToken, sha256Hex } from './secrets';

export interface SessionUser {
  pool: Pool;
  username: string;
  nickname: string | null;
  partnerId: string | null;
  agentId: string | null;
}

export interface SignedInSession {
  accessToken: string;
  expiresIn: number;
  expiresAt: Date;
  user: SessionUser;
  /** The new refresh token for the cookie, and when its family ends. */
  refreshToken: string;
  refreshExpiresAt: Date;
}

function userOf(account: Account): SessionUser {
  return {
    pool: account.pool,
    username: account.username,
    nickname: account.nickname,
    partnerId: account.partnerId,
    agentId: account.agentId,
  };
}

async function accessTokenFor(ctx: IdentityContext, account: Account, familyId: string, now: Date) {
  return issueAccessToken({
    keys: ctx.keys,
    now,
    ttlSeconds: ctx.accessTokenTtlSeconds,
    subject: {
      accountId: account.id,
      pool: account.pool,
      ...(account.partnerId ? { partnerId: account.partnerId } : {}),
      ...(account.agentId ? { agentId: account.agentId } : {}),
      sessionId: familyId,
    },
  });
}

async function insertRefreshToken(
  tx: Transaction,
  {
    accountId,
    familyId,
    expiresAt,
    now,
  }: { accountId: string; familyId: string; expiresAt: Date; now: Date },
): Promise<string> {
  const token = randomToken();
  await tx
    .insert(refreshTokens)
    .values({ accountId, familyId, tokenHash: sha256Hex(token), expiresAt, createdAt: now });
  return token;
}

/** Starts a session (a new refresh-token family) for an account that has just proven itself. */
export async function startSession(
  tx: Transaction,
  ctx: IdentityContext,
  account: Account,
  now: Date,
): Promise<SignedInSession> {
  const refreshExpiresAt = new Date(now.getTime() + ctx.refreshTokenTtlSeconds * 1000);
  const familyId = randomUUID();
  const refreshToken = await insertRefreshToken(tx, {
    accountId: account.id,
    familyId,
    expiresAt: refreshExpiresAt,
    now,
  });
  const access = await accessTokenFor(ctx, account, familyId, now);
  return {
    accessToken: access.token,
    expiresIn: access.expiresIn,
    expiresAt: access.expiresAt,
    user: userOf(account),
    refreshToken,
    refreshExpiresAt,
  };
}

async function revokeFamily(tx: Transaction, familyId: string, now: Date): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * Exchanges a refresh token for a new one and a new access token. A token that was already
 * rotated means two parties hold it: the whole family is revoked and the caller must sign in.
 */
export async function refreshSession({
  ctx,
  meta,
  refreshToken,
}: {
  ctx: IdentityContext;
  meta: RequestMeta;
  refreshToken: string | undefined;
}): Promise<SignedInSession> {
  const ended = (reason: string) => identityError('SESSION_ENDED', 401, reason);
  if (!refreshToken) throw ended('No refresh token cookie');
  return commitThen(ctx.db, async (tx): Promise<SignedInSession | AppError> => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256Hex(refreshToken)))
      .for('update');
    if (!row) return ended('Unknown refresh token');
    if (row.revokedAt) return ended('Revoked refresh token');
    if (row.rotatedAt) {
      await revokeFamily(tx, row.familyId, meta.now);
      await recordAudit(tx, meta, {
        action: 'REFRESH_TOKEN_REUSED',
        accountId: row.accountId,
        details: { familyId: row.familyId },
      });
      return ended('Rotated refresh token presented again: family revoked');
    }
    if (row.expiresAt <= meta.now) return ended('Expired refresh token');
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, row.accountId));
    if (!account || account.status !== 'ACTIVE') return ended('Account cannot sign in');
    await tx.update(refreshTokens).set({ rotatedAt: meta.now }).where(eq(refreshTokens.id, row.id));
    const next = await insertRefreshToken(tx, {
      accountId: account.id,
      familyId: row.familyId,
      expiresAt: row.expiresAt,
      now: meta.now,
    });
    const access = await accessTokenFor(ctx, account, row.familyId, meta.now);
    return {
      accessToken: access.token,
      expiresIn: access.expiresIn,
      expiresAt: access.expiresAt,
      user: userOf(account),
      refreshToken: next,
      refreshExpiresAt: row.expiresAt,
    };
  });
}

/** Ends this device's session: the family of the presented refresh token is revoked. */
export async function logout({
  ctx,
  meta,
  refreshToken,
}: {
  ctx: IdentityContext;
  meta: RequestMeta;
  refreshToken: string | undefined;
}): Promise<void> {
  if (!refreshToken) return;
  await withTransaction(ctx.db, async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256Hex(refreshToken)));
    if (!row) return;
    await revokeFamily(tx, row.familyId, meta.now);
    await recordAudit(tx, meta, { action: 'LOGOUT', accountId: row.accountId });
  });
}

/** Ends every session of the account (spec §7 global logout). */
export async function globalLogout({
  ctx,
  meta,
  accountId,
}: {
  ctx: IdentityContext;
  meta: RequestMeta;
  accountId: string;
}): Promise<void> {
  await withTransaction(ctx.db, async (tx) => {
    await endAllSessions(tx, accountId, meta.now);
    await recordAudit(tx, meta, { action: 'GLOBAL_LOGOUT', accountId });
  });
}

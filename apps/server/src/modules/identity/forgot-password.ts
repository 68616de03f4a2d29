// Forgot password (spec §7 'Sign-in': forgot password and confirm with code). The request answers
// the same whether or not the account exists; the code goes to the account's e-mail address.
// The password policy of spec §5 is checked by the client: the server only ever sees the new salt
// and verifier, never the password (ADR 0006).
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { accounts, oneTimeTokens, type Pool } from '../../db/schema/identity';
import { attemptCounters } from '../../db/schema/rate-limits';
import type { Transaction } from '../../db/transaction';
import { hitCounter, readCounter } from '../../platform/counters';
import type { AppError } from '../../platform/errors';
import { canSignIn, clearAllSignInLocks, endAllSessions, findAccount, normalizeUsername } from './accounts';
import { recordAudit, type RequestMeta } from './audit';
import { commitThen, sendMail, type IdentityContext } from './context';
import { identityError } from './errors';
import { IDENTITY_POLICY } from './policy';
import { equalDigests, hmacHex, randomCode } from './secrets';
import { MAIL_TEXTS } from './texts';

/**
 * Counts one issued reset code against the account's bounds (ADR 0013): at most 5 an hour and 10 a
 * day, from whatever addresses the requests come. False when this one would exceed them.
 */
async function mayIssueResetCode(tx: Transaction, accountId: string, now: Date): Promise<boolean> {
  const hour = await hitCounter(tx, attemptCounters, `reset-issued-hour:${accountId}`, HOUR_MS, now);
  if (hour.count > IDENTITY_POLICY.maxResetCodesPerHour) return false;
  const day = await hitCounter(
    tx,
    attemptCounters,
    `reset-issued-day:${accountId}`,
    IDENTITY_POLICY.dayMs,
    now,
  );
  return day.count <= IDENTITY_POLICY.maxResetCodesPerDay;
}

const HOUR_MS = 60 * 60_000;

function codeHash(ctx: IdentityContext, rowId: string, code: string): string {
  return hmacHex(ctx.keys.hmacSecret, 'password-reset', rowId, code);
}

/** E-mails a six-digit code to an account that can sign in; silent for every other name. */
export async function requestPasswordReset({
  ctx,
  meta,
  pool,
  username,
}: {
  ctx: IdentityContext;
  meta: RequestMeta;
  pool: Pool;
  username: string;
}): Promise<void> {
  const name = normalizeUsername(username);
  await commitThen(ctx.db, async (tx) => {
    const account = await findAccount(tx, pool, name);
    if (!account || !canSignIn(account)) {
      await recordAudit(tx, meta, {
        action: 'PASSWORD_RESET_REQUESTED',
        pool,
        username: name,
        details: { sent: false },
      });
      return;
    }
    if (!(await mayIssueResetCode(tx, account.id, meta.now))) {
      await recordAudit(tx, meta, {
        action: 'PASSWORD_RESET_REQUESTED',
        pool,
        accountId: account.id,
        username: name,
        details: { sent: false, reason: 'limit' },
      });
      return;
    }
    await tx
      .update(oneTimeTokens)
      .set({ usedAt: meta.now })
      .where(
        and(
          eq(oneTimeTokens.accountId, account.id),
          eq(oneTimeTokens.kind, 'PASSWORD_RESET'),
          isNull(oneTimeTokens.usedAt),
        ),
      );
    const id = randomUUID();
    const code = randomCode();
    await tx.insert(oneTimeTokens).values({
      id,
      kind: 'PASSWORD_RESET',
      secretHash: codeHash(ctx, id, code),
      accountId: account.id,
      expiresAt: new Date(meta.now.getTime() + IDENTITY_POLICY.resetCodeTtlMs),
      createdAt: meta.now,
    });
    await recordAudit(tx, meta, {
      action: 'PASSWORD_RESET_REQUESTED',
      pool,
      accountId: account.id,
      username: name,
      details: { sent: true },
    });
    await sendMail(tx, ctx, account.email, 'PASSWORD_RESET_CODE', MAIL_TEXTS.passwordResetCode(code));
  });
}

/** Sets the new salt and verifier when the code is right; one neutral error for everything else. */
export async function confirmPasswordReset({
  ctx,
  meta,
  pool,
  username,
  code,
  salt,
  verifier,
}: {
  ctx: IdentityContext;
  meta: RequestMeta;
  pool: Pool;
  username: string;
  code: string;
  salt: string;
  verifier: string;
}): Promise<void> {
  const name = normalizeUsername(username);
  const invalid = (reason: string) => identityError('CODE_INVALID', 400, reason);
  await commitThen(ctx.db, async (tx): Promise<void | AppError> => {
    const account = await findAccount(tx, pool, name);
    if (!account || !canSignIn(account)) return invalid('Password reset for an unknown name');
    const [row] = await tx
      .select()
      .from(oneTimeTokens)
      .where(
        and(
          eq(oneTimeTokens.accountId, account.id),
          eq(oneTimeTokens.kind, 'PASSWORD_RESET'),
          isNull(oneTimeTokens.usedAt),
          gt(oneTimeTokens.expiresAt, meta.now),
        ),
      )
      .orderBy(desc(oneTimeTokens.createdAt))
      .limit(1)
      .for('update');
    if (!row) return invalid(`No live reset code for account ${account.id}`);
    const wrongKey = `reset-wrong:${account.id}`;
    const wrongSoFar = await readCounter(tx, attemptCounters, wrongKey, meta.now);
    if (wrongSoFar.count >= IDENTITY_POLICY.maxWrongResetCodesPerDay) {
      await tx.update(oneTimeTokens).set({ usedAt: meta.now }).where(eq(oneTimeTokens.id, row.id));
      return invalid(`Reset code of account ${account.id} refused: too many wrong codes today`);
    }
    if (!equalDigests(codeHash(ctx, row.id, code), row.secretHash)) {
      const attempts = row.attempts + 1;
      // Counted per account across codes: a new code does not give new tries (ADR 0013).
      const wrong = await hitCounter(tx, attemptCounters, wrongKey, IDENTITY_POLICY.dayMs, meta.now);
      const usedUp =
        attempts >= IDENTITY_POLICY.resetCodeMaxAttempts ||
        wrong.count >= IDENTITY_POLICY.maxWrongResetCodesPerDay;
      await tx
        .update(oneTimeTokens)
        .set({ attempts, ...(usedUp ? { usedAt: meta.now } : {}) })
        .where(eq(oneTimeTokens.id, row.id));
      await recordAudit(tx, meta, {
        action: 'PASSWORD_RESET_CODE_FAILED',
        pool,
        accountId: account.id,
        username: name,
        details: { attempt: attempts },
      });
      return invalid(`Wrong reset code for account ${account.id}`);
    }
    await tx.update(oneTimeTokens).set({ usedAt: meta.now }).where(eq(oneTimeTokens.id, row.id));
    await tx
      .update(accounts)
      .set({
        srpSalt: salt,
        srpVerifier: verifier,
        status: 'ACTIVE',
        failedSignIns: 0,
        failedWindowStart: null,
        lockedUntil: null,
        updatedAt: meta.now,
      })
      .where(eq(accounts.id, account.id));
    await clearAllSignInLocks(tx, account.id);
    await endAllSessions(tx, account.id, meta.now);
    await recordAudit(tx, meta, { action: 'PASSWORD_RESET', pool, accountId: account.id, username: name });
    await sendMail(tx, ctx, account.email, 'PASSWORD_CHANGED', MAIL_TEXTS.passwordChanged());
  });
}

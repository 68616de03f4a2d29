// The sign-in of both pools (spec §7 'Sign-in'): SRP-6a proof, then the new-password challenge
// for initial passwords, then the custom challenge (SMS TAN), then tokens. Every failure of the
// password proof looks the same to the client, whether the name is unknown, the password wrong or
// the account locked.
import { eq } from 'drizzle-orm';
import { accounts, signInChallenges, type Pool } from '../../db/schema/identity';
import type { Transaction } from '../../db/transaction';
import type { AppError } from '../../platform/errors';
import {
  canSignIn,
  clearFailedSignIns,
  findAccount,
  isSignInBlocked,
  lockAccount,
  normalizeUsername,
  registerFailedSignIn,
  type Account,
} from './accounts';
import { recordAudit, type RequestMeta } from './audit';
import {
  advanceChallenge,
  checkProof,
  deleteChallenge,
  openChallenge,
  takeChallenge,
  type Challenge,
} from './challenges';
import { commitThen, sendMail, sendSms, type IdentityContext } from './context';
import { identityError } from './errors';
import { IDENTITY_POLICY } from './policy';
import { equalDigests, hmacHex, maskMobile, randomCode } from './secrets';
import { startSession, type SignedInSession } from './sessions';
import { MAIL_TEXTS, SMS_TEXTS, tanInvalidMessage } from './texts';

export interface TanChallenge {
  challenge: 'CUSTOM_CHALLENGE';
  session: string;
  deliveryMedium: 'SMS';
  destination: string;
  expiresAt: Date;
}

export type ProofAnswer = (TanChallenge | { challenge: 'NEW_PASSWORD_REQUIRED'; session: string }) & {
  M2: string;
};

const signInFailed = (reason: string) => identityError('SIGN_IN_FAILED', 401, reason);
const challengeExpired = (reason: string) => identityError('CHALLENGE_EXPIRED', 401, reason);

/** Step 1: salt and B for the name (fake but stable ones for unknown names). */
export async function startSignIn({
  ctx,
  meta,
  pool,
  username,
}: {
  ctx: IdentityContext;
  meta: RequestMeta;
  pool: Pool;
  username: string;
}): Promise<{ session: string; salt: string; B: string }> {
  const name = normalizeUsername(username);
  return commitThen(ctx.db, async (tx) => {
    const found = await findAccount(tx, pool, name);
    const account = found && canSignIn(found) ? found : undefined;
    return openChallenge(tx, ctx, { pool, username: name, account, step: 'SRP', now: meta.now });
  });
}

function tanHash(ctx: IdentityContext, challengeId: string, code: string): string {
  return hmacHex(ctx.keys.hmacSecret, 'sign-in-tan', challengeId, code);
}

async function sendSignInTan(
  tx: Transaction,
  ctx: IdentityContext,
  challenge: Challenge,
  account: Account,
  now: Date,
): Promise<TanChallenge> {
  if (!account.mobile) throw new Error(`Account ${account.id} can sign in but has no mobile number`);
  const code = randomCode();
  const expiresAt = new Date(now.getTime() + IDENTITY_POLICY.tanTtlMs);
  const session = await advanceChallenge(tx, challenge, 'TAN', now, {
    hash: tanHash(ctx, challenge.id, code),
    expiresAt,
  });
  await sendSms(tx, ctx, account.mobile, 'SIGN_IN_TAN', SMS_TEXTS.tan(code));
  return {
    challenge: 'CUSTOM_CHALLENGE',
    session,
    deliveryMedium: 'SMS',
    destination: maskMobile(account.mobile),
    expiresAt,
  };
}

/** Step 2: checks the password proof; answers M2 and the next challenge. */
export async function verifySignIn({
  ctx,
  meta,
  session,
  A,
  M1,
}: {
  ctx: IdentityContext;
  meta: RequestMeta;
  session: string;
  A: string;
  M1: string;
}): Promise<ProofAnswer> {
  return commitThen(ctx.db, async (tx): Promise<ProofAnswer | AppError> => {
    const challenge = await takeChallenge(tx, session, 'SRP', meta.now);
    if (!challenge) return challengeExpired('Unknown or expired SRP session');
    const found = challenge.accountId ? await lockAccount(tx, challenge.accountId) : undefined;
    const account = found && canSignIn(found) ? found : undefined;
    const M2 = await checkProof(ctx, challenge, account, { A, M1 });
    const audit = { pool: challenge.pool, accountId: account?.id ?? null, username: challenge.username };
    // One proof per challenge: every failure ends it, so each guess needs a new init.
    if (!account) {
      await deleteChallenge(tx, challenge.id);
      await recordAudit(tx, meta, {
        ...audit,
        action: 'SIGN_IN_FAILED',
        details: { reason: 'unknown-user' },
      });
      return signInFailed(`Sign-in of unknown name in pool ${challenge.pool}`);
    }
    if (await isSignInBlocked(tx, account, meta)) {
      await deleteChallenge(tx, challenge.id);
      await recordAudit(tx, meta, { ...audit, action: 'SIGN_IN_LOCKED_OUT' });
      return signInFailed(`Account ${account.id} is locked`);
    }
    if (!M2) {
      await deleteChallenge(tx, challenge.id);
      await recordAudit(tx, meta, {
        ...audit,
        action: 'SIGN_IN_FAILED',
        details: { reason: 'wrong-password' },
      });
      await registerFailedSignIn(tx, account, meta);
      return signInFailed(`Wrong password proof for account ${account.id}`);
    }
    if (account.status === 'NEW_PASSWORD_REQUIRED') {
      const nextSession = await advanceChallenge(tx, challenge, 'NEW_PASSWORD', meta.now);
      return { challenge: 'NEW_PASSWORD_REQUIRED', session: nextSession, M2 };
    }
    return { ...(await sendSignInTan(tx, ctx, challenge, account, meta.now)), M2 };
  });
}

/** The new-password challenge: the initial password is replaced, the nickname set; then the TAN. */
export async function completeNewPassword({
  ctx,
  meta,
  session,
  salt,
  verifier,
  nickname,
}: {
  ctx: IdentityContext;
  meta: RequestMeta;
  session: string;
  salt: string;
  verifier: string;
  nickname: string;
}): Promise<TanChallenge> {
  return commitThen(ctx.db, async (tx): Promise<TanChallenge | AppError> => {
    const challenge = await takeChallenge(tx, session, 'NEW_PASSWORD', meta.now);
    const found = challenge?.accountId ? await lockAccount(tx, challenge.accountId) : undefined;
    if (!challenge || !found || found.status !== 'NEW_PASSWORD_REQUIRED') {
      return challengeExpired('Unknown or expired new-password session');
    }
    const [account] = await tx
      .update(accounts)
      .set({ srpSalt: salt, srpVerifier: verifier, nickname, status: 'ACTIVE', updatedAt: meta.now })
      .where(eq(accounts.id, found.id))
      .returning();
    if (!account) throw new Error(`Account ${found.id} vanished`);
    await recordAudit(tx, meta, {
      action: 'INITIAL_PASSWORD_REPLACED',
      pool: account.pool,
      accountId: account.id,
      username: account.username,
    });
    await sendMail(tx, ctx, account.email, 'PASSWORD_CHANGED', MAIL_TEXTS.passwordChanged());
    return sendSignInTan(tx, ctx, challenge, account, meta.now);
  });
}

/** The custom challenge: the SMS TAN. Three wrong codes end the sign-in; wrong codes count for the lock. */
export async function answerSignInTan({
  ctx,
  meta,
  session,
  tan,
}: {
  ctx: IdentityContext;
  meta: RequestMeta;
  session: string;
  tan: string;
}): Promise<SignedInSession> {
  return commitThen(ctx.db, async (tx): Promise<SignedInSession | AppError> => {
    const challenge = await takeChallenge(tx, session, 'TAN', meta.now);
    const account = challenge?.accountId ? await lockAccount(tx, challenge.accountId) : undefined;
    if (
      !challenge ||
      !account ||
      account.status !== 'ACTIVE' ||
      !challenge.tanHash ||
      !challenge.tanExpiresAt
    ) {
      return challengeExpired('Unknown or expired TAN session');
    }
    const audit = { pool: account.pool, accountId: account.id, username: account.username };
    if (await isSignInBlocked(tx, account, meta)) {
      await deleteChallenge(tx, challenge.id);
      await recordAudit(tx, meta, { ...audit, action: 'SIGN_IN_LOCKED_OUT' });
      return signInFailed(`Account ${account.id} is locked`);
    }
    if (challenge.tanExpiresAt <= meta.now) {
      await deleteChallenge(tx, challenge.id);
      return identityError('TAN_EXPIRED_SIGN_IN', 401, 'Sign-in TAN expired');
    }
    if (!equalDigests(tanHash(ctx, challenge.id, tan), challenge.tanHash)) {
      const attempts = challenge.tanAttempts + 1;
      await recordAudit(tx, meta, { ...audit, action: 'SIGN_IN_TAN_FAILED', details: { attempt: attempts } });
      await registerFailedSignIn(tx, account, meta);
      if (attempts >= IDENTITY_POLICY.tanMaxAttempts) {
        await deleteChallenge(tx, challenge.id);
        return identityError(
          'TAN_ATTEMPTS_EXCEEDED',
          401,
          `Third wrong sign-in TAN for account ${account.id}`,
        );
      }
      await tx
        .update(signInChallenges)
        .set({ tanAttempts: attempts })
        .where(eq(signInChallenges.id, challenge.id));
      const left = IDENTITY_POLICY.tanMaxAttempts - attempts;
      return identityError(
        'TAN_INVALID',
        400,
        `Wrong sign-in TAN for account ${account.id}`,
        tanInvalidMessage(left),
      );
    }
    await deleteChallenge(tx, challenge.id);
    await clearFailedSignIns(tx, account.id, meta);
    await recordAudit(tx, meta, { ...audit, action: 'SIGN_IN_SUCCEEDED' });
    return startSession(tx, ctx, account, meta.now);
  });
}

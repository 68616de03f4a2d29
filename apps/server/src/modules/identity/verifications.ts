// Mobile numbers confirmed by SMS TAN (spec §7 'TAN': /api/verifikation/tan/generieren, pruefen).
// A verification belongs to an account and a purpose; once its TAN is right, the purpose's effect
// applies in the same transaction.
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { accounts, tanVerifications, type VerificationPurpose } from '../../db/schema/identity';
import { attemptCounters } from '../../db/schema/rate-limits';
import type { Transaction } from '../../db/transaction';
import type { Actor } from '../../platform/auth/actor';
import { hitCounter, readCounter } from '../../platform/counters';
import type { AppError } from '../../platform/errors';
import { endAllSessions, type Account } from './accounts';
import { recordAudit, type RequestMeta } from './audit';
import { commitThen, sendMail, sendSms, type IdentityContext } from './context';
import { identityError } from './errors';
import { IDENTITY_POLICY } from './policy';
import { equalDigests, hmacHex, maskMobile, randomCode, randomToken, sha256Hex } from './secrets';
import { MAIL_TEXTS, SMS_TEXTS, tanInvalidMessage } from './texts';

export interface VerificationStarted {
  verificationId: string;
  destination: string;
  expiresAt: Date;
}

type Verification = typeof tanVerifications.$inferSelect;

function codeHash(ctx: IdentityContext, verificationId: string, code: string): string {
  return hmacHex(ctx.keys.hmacSecret, 'verification-tan', verificationId, code);
}

/** Starts a verification of `mobile` for the account and sends the first TAN. */
export async function startVerification(
  tx: Transaction,
  ctx: IdentityContext,
  {
    account,
    purpose,
    mobile,
    now,
  }: { account: Account; purpose: VerificationPurpose; mobile: string; now: Date },
): Promise<VerificationStarted> {
  // A new verification replaces open ones of the same purpose, so only the latest code works.
  await tx
    .delete(tanVerifications)
    .where(
      and(
        eq(tanVerifications.accountId, account.id),
        eq(tanVerifications.purpose, purpose),
        isNull(tanVerifications.verifiedAt),
      ),
    );
  const handle = randomToken();
  const code = randomCode();
  const id = randomUUID();
  const codeExpiresAt = new Date(now.getTime() + IDENTITY_POLICY.tanTtlMs);
  await tx.insert(tanVerifications).values({
    id,
    handleHash: sha256Hex(handle),
    purpose,
    accountId: account.id,
    mobile,
    codeHash: codeHash(ctx, id, code),
    codeExpiresAt,
    expiresAt: new Date(now.getTime() + IDENTITY_POLICY.verificationTtlMs),
    createdAt: now,
  });
  await sendSms(tx, ctx, mobile, `${purpose}_TAN`, SMS_TEXTS.tan(code));
  return { verificationId: handle, destination: maskMobile(mobile), expiresAt: codeExpiresAt };
}

const notFound = (reason: string) => identityError('VERIFICATION_NOT_FOUND', 404, reason);

// PHONE_CHANGE is started by a signed-in customer; only the same account may continue it.
function isAllowed(verification: Verification, actor: Actor | null): boolean {
  if (verification.purpose !== 'PHONE_CHANGE') return true;
  return actor?.userId === verification.accountId;
}

async function takeVerification(
  tx: Transaction,
  verificationId: string,
  actor: Actor | null,
  now: Date,
): Promise<Verification | undefined> {
  const [row] = await tx
    .select()
    .from(tanVerifications)
    .where(
      and(
        eq(tanVerifications.handleHash, sha256Hex(verificationId)),
        isNull(tanVerifications.verifiedAt),
        gt(tanVerifications.expiresAt, now),
      ),
    )
    .for('update');
  return row && isAllowed(row, actor) ? row : undefined;
}

/** Sends a new TAN for a running verification (at most three codes per verification). */
export async function resendVerificationTan({
  ctx,
  meta,
  verificationId,
  actor,
}: {
  ctx: IdentityContext;
  meta: RequestMeta;
  verificationId: string;
  actor: Actor | null;
}): Promise<VerificationStarted> {
  return commitThen(ctx.db, async (tx): Promise<VerificationStarted | AppError> => {
    const verification = await takeVerification(tx, verificationId, actor, meta.now);
    if (!verification) return notFound('Unknown, used or expired verification');
    if (verification.codesSent >= IDENTITY_POLICY.maxCodesPerVerification) {
      return identityError('TAN_SEND_LIMIT', 409, `Verification ${verification.id} sent its last code`);
    }
    const code = randomCode();
    const codeExpiresAt = new Date(meta.now.getTime() + IDENTITY_POLICY.tanTtlMs);
    await tx
      .update(tanVerifications)
      .set({
        codeHash: codeHash(ctx, verification.id, code),
        codeExpiresAt,
        codeAttempts: 0,
        codesSent: verification.codesSent + 1,
      })
      .where(eq(tanVerifications.id, verification.id));
    await sendSms(tx, ctx, verification.mobile, `${verification.purpose}_TAN`, SMS_TEXTS.tan(code));
    return { verificationId, destination: maskMobile(verification.mobile), expiresAt: codeExpiresAt };
  });
}

async function applyVerified(
  tx: Transaction,
  ctx: IdentityContext,
  meta: RequestMeta,
  verification: Verification,
): Promise<void> {
  const [account] = await tx
    .select()
    .from(accounts)
    .where(eq(accounts.id, verification.accountId))
    .for('update');
  if (!account) throw new Error(`Account ${verification.accountId} of a verification vanished`);
  const audit = { pool: account.pool, accountId: account.id, username: account.username };
  switch (verification.purpose) {
    case 'REGISTRATION':
      await tx
        .update(accounts)
        .set({ mobile: verification.mobile, status: 'ACTIVE', updatedAt: meta.now })
        .where(eq(accounts.id, account.id));
      await recordAudit(tx, meta, { ...audit, action: 'REGISTRATION_COMPLETED' });
      await sendMail(tx, ctx, account.email, 'REGISTRATION_COMPLETED', MAIL_TEXTS.registrationCompleted());
      return;
    case 'PHONE_CHANGE':
    case 'PHONE_RESET':
      await tx
        .update(accounts)
        .set({ mobile: verification.mobile, updatedAt: meta.now })
        .where(eq(accounts.id, account.id));
      // Without the old phone, whoever reset the number may not be the person signed in elsewhere.
      if (verification.purpose === 'PHONE_RESET') await endAllSessions(tx, account.id, meta.now);
      await recordAudit(tx, meta, {
        ...audit,
        action: verification.purpose === 'PHONE_RESET' ? 'PHONE_RESET' : 'PHONE_CHANGED',
      });
      await sendMail(
        tx,
        ctx,
        account.email,
        'PHONE_CHANGED',
        MAIL_TEXTS.phoneChanged(maskMobile(verification.mobile)),
      );
      return;
    default: {
      const unknown: never = verification.purpose;
      throw new Error(`Unknown verification purpose ${String(unknown)}`);
    }
  }
}

/** Checks a TAN: right → the purpose applies; wrong three times → the code is dead (ask for a new one). */
export async function checkVerificationTan({
  ctx,
  meta,
  verificationId,
  tan,
  actor,
}: {
  ctx: IdentityContext;
  meta: RequestMeta;
  verificationId: string;
  tan: string;
  actor: Actor | null;
}): Promise<{ status: 'VERIFIED'; purpose: VerificationPurpose }> {
  return commitThen(ctx.db, async (tx) => {
    const verification = await takeVerification(tx, verificationId, actor, meta.now);
    if (!verification) return notFound('Unknown, used or expired verification');
    const isDead =
      verification.codeExpiresAt <= meta.now || verification.codeAttempts >= IDENTITY_POLICY.tanMaxAttempts;
    if (isDead) return identityError('TAN_EXPIRED', 410, `Code of verification ${verification.id} is dead`);
    // Wrong TANs count per account across verifications and codes (ADR 0013).
    const wrongKey = `tan-wrong:${verification.accountId}`;
    const wrongSoFar = await readCounter(tx, attemptCounters, wrongKey, meta.now);
    if (wrongSoFar.count >= IDENTITY_POLICY.maxWrongVerificationTansPerDay) {
      await tx
        .update(tanVerifications)
        .set({ codeAttempts: IDENTITY_POLICY.tanMaxAttempts })
        .where(eq(tanVerifications.id, verification.id));
      return identityError(
        'TAN_EXPIRED',
        410,
        `Verification ${verification.id} refused: too many wrong TANs of account ${verification.accountId} today`,
      );
    }
    if (!equalDigests(codeHash(ctx, verification.id, tan), verification.codeHash)) {
      const attempts = verification.codeAttempts + 1;
      await hitCounter(tx, attemptCounters, wrongKey, IDENTITY_POLICY.dayMs, meta.now);
      await tx
        .update(tanVerifications)
        .set({ codeAttempts: attempts })
        .where(eq(tanVerifications.id, verification.id));
      await recordAudit(tx, meta, {
        action: 'TAN_FAILED',
        accountId: verification.accountId,
        details: { purpose: verification.purpose, attempt: attempts },
      });
      const left = IDENTITY_POLICY.tanMaxAttempts - attempts;
      if (left <= 0)
        return identityError('TAN_EXPIRED', 410, `Third wrong code for verification ${verification.id}`);
      return identityError(
        'TAN_INVALID',
        400,
        `Wrong code for verification ${verification.id}`,
        tanInvalidMessage(left),
      );
    }
    await tx
      .update(tanVerifications)
      .set({ verifiedAt: meta.now })
      .where(eq(tanVerifications.id, verification.id));
    await applyVerified(tx, ctx, meta, verification);
    return { status: 'VERIFIED' as const, purpose: verification.purpose };
  });
}

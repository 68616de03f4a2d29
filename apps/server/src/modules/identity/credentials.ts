// Credential changes of a signed-in account (issue 5, flow 5). Password and e-mail changes need a
// proof of the current password in the same flow (an SRP proof against a PROOF challenge); every
// change is audited and confirmed by an e-mail to the account.
import { eq } from 'drizzle-orm';
import { agents } from '../../db/schema/agents';
import { accounts } from '../../db/schema/identity';
import { partners } from '../../db/schema/partners';
import type { Transaction } from '../../db/transaction';
import type { Actor } from '../../platform/auth/actor';
import { type AppError, notFound } from '../../platform/errors';
import {
  endAllSessions,
  findAccount,
  findAccountById,
  isSignInBlocked,
  lockAccount,
  normalizeUsername,
  registerFailedSignIn,
  type Account,
} from './accounts';
import { recordAudit, type RequestMeta } from './audit';
import { checkProof, deleteChallenge, openChallenge, takeChallenge } from './challenges';
import { commitThen, sendMail, webLink, type IdentityContext } from './context';
import { identityError } from './errors';
import { createLinkToken, markUsed, readLinkToken } from './one-time-tokens';
import { IDENTITY_POLICY } from './policy';
import { maskEmail } from './secrets';
import { startSession, type SignedInSession } from './sessions';
import { MAIL_TEXTS } from './texts';
import { startVerification, type VerificationStarted } from './verifications';

export const EMAIL_CONFIRM_PAGE = '/kunden/kundendaten/email/';
export const PHONE_RESET_PAGE = '/kunden/handynummer-aendern/ihre-neue-handynummer/';

async function signedInAccount(tx: Transaction, actor: Actor): Promise<Account> {
  const account = await lockAccount(tx, actor.userId);
  if (!account || account.status !== 'ACTIVE') throw notFound(`Account ${actor.userId} is gone`);
  return account;
}

/** Opens a proof of the current password for a change (salt and B of the signed-in account). */
export async function startPasswordProof({
  ctx,
  meta,
  actor,
}: {
  ctx: IdentityContext;
  meta: RequestMeta;
  actor: Actor;
}): Promise<{ session: string; salt: string; B: string }> {
  return commitThen(ctx.db, async (tx) => {
    const account = await signedInAccount(tx, actor);
    return openChallenge(tx, ctx, {
      pool: account.pool,
      username: account.username,
      account,
      step: 'PROOF',
      now: meta.now,
    });
  });
}

export interface PasswordProof {
  session: string;
  A: string;
  M1: string;
}

/**
 * Checks the proof inside the change's transaction: M2 when right; else OLD_PASSWORD_WRONG, which
 * counts towards the lock like a failed sign-in (returned, so the counter is committed).
 */
async function consumeProof(
  tx: Transaction,
  ctx: IdentityContext,
  meta: RequestMeta,
  account: Account,
  proof: PasswordProof,
): Promise<string | AppError> {
  const challenge = await takeChallenge(tx, proof.session, 'PROOF', meta.now);
  if (!challenge || challenge.accountId !== account.id) {
    return identityError('CHALLENGE_EXPIRED', 400, 'Unknown or expired password proof session');
  }
  await deleteChallenge(tx, challenge.id);
  const blocked = await isSignInBlocked(tx, account, meta);
  const M2 = blocked ? undefined : await checkProof(ctx, challenge, account, proof);
  if (M2) return M2;
  await recordAudit(tx, meta, {
    action: 'PASSWORD_PROOF_FAILED',
    pool: account.pool,
    accountId: account.id,
    username: account.username,
  });
  await registerFailedSignIn(tx, account, meta);
  return identityError(
    'OLD_PASSWORD_WRONG',
    400,
    `Wrong password proof in a change of account ${account.id}`,
  );
}

/**
 * Password change: proof of the old password, then the new salt and verifier. Every other session
 * ends; this device gets a new session (tokens and refresh cookie) so it stays signed in.
 */
export async function changePassword({
  ctx,
  meta,
  actor,
  proof,
  salt,
  verifier,
}: {
  ctx: IdentityContext;
  meta: RequestMeta;
  actor: Actor;
  proof: PasswordProof;
  salt: string;
  verifier: string;
}): Promise<SignedInSession & { M2: string }> {
  return commitThen(ctx.db, async (tx): Promise<(SignedInSession & { M2: string }) | AppError> => {
    const account = await signedInAccount(tx, actor);
    const M2 = await consumeProof(tx, ctx, meta, account, proof);
    if (typeof M2 !== 'string') return M2;
    const [updated] = await tx
      .update(accounts)
      .set({ srpSalt: salt, srpVerifier: verifier, updatedAt: meta.now })
      .where(eq(accounts.id, account.id))
      .returning();
    if (!updated) throw new Error(`Account ${account.id} vanished`);
    await endAllSessions(tx, account.id, meta.now);
    await recordAudit(tx, meta, {
      action: 'PASSWORD_CHANGED',
      pool: account.pool,
      accountId: account.id,
      username: account.username,
    });
    await sendMail(tx, ctx, account.email, 'PASSWORD_CHANGED', MAIL_TEXTS.passwordChanged());
    return { ...(await startSession(tx, ctx, updated, meta.now)), M2 };
  });
}

/**
 * E-mail change of a customer: proof of the password plus the verifier made for the new name;
 * applies when the link sent to the new address is used.
 */
export async function requestEmailChange({
  ctx,
  meta,
  actor,
  proof,
  email,
  salt,
  verifier,
}: {
  ctx: IdentityContext;
  meta: RequestMeta;
  actor: Actor;
  proof: PasswordProof;
  email: string;
  salt: string;
  verifier: string;
}): Promise<{ M2: string; destination: string }> {
  const newName = normalizeUsername(email);
  return commitThen(ctx.db, async (tx): Promise<{ M2: string; destination: string } | AppError> => {
    const account = await signedInAccount(tx, actor);
    const M2 = await consumeProof(tx, ctx, meta, account, proof);
    if (typeof M2 !== 'string') return M2;
    const token = await createLinkToken(tx, {
      kind: 'EMAIL_CHANGE',
      accountId: account.id,
      payload: { email: newName, salt, verifier },
      ttlMs: IDENTITY_POLICY.emailChangeLinkTtlMs,
      now: meta.now,
    });
    await recordAudit(tx, meta, {
      action: 'EMAIL_CHANGE_REQUESTED',
      pool: account.pool,
      accountId: account.id,
      username: account.username,
      details: { newEmail: newName },
    });
    await sendMail(
      tx,
      ctx,
      newName,
      'EMAIL_CHANGE_LINK',
      MAIL_TEXTS.emailChangeLink(webLink(ctx, EMAIL_CONFIRM_PAGE, token)),
    );
    await sendMail(
      tx,
      ctx,
      account.email,
      'EMAIL_CHANGE_REQUESTED',
      MAIL_TEXTS.emailChangeRequested(newName),
    );
    return { M2, destination: maskEmail(newName) };
  });
}

/** Applies an e-mail change from its link: new sign-in name, e-mail and verifier; all sessions end. */
export async function confirmEmailChange({
  ctx,
  meta,
  token,
}: {
  ctx: IdentityContext;
  meta: RequestMeta;
  token: string;
}): Promise<{ email: string }> {
  return commitThen(ctx.db, async (tx): Promise<{ email: string } | AppError> => {
    const link = await readLinkToken(tx, 'EMAIL_CHANGE', token, meta.now);
    if (link.state === 'EXPIRED') return identityError('LINK_EXPIRED', 410, 'E-mail change link expired');
    if (link.state === 'INVALID' || !link.row.accountId)
      return identityError('LINK_INVALID', 410, 'E-mail change link unknown or used');
    const payload = link.row.payload as { email?: string; salt?: string; verifier?: string };
    const account = await lockAccount(tx, link.row.accountId);
    if (!account || account.status !== 'ACTIVE' || !payload.email || !payload.salt || !payload.verifier) {
      return identityError('LINK_INVALID', 410, 'E-mail change of an inactive account');
    }
    const owner = await findAccount(tx, account.pool, payload.email);
    if (owner && owner.id !== account.id)
      return identityError('EMAIL_TAKEN', 409, `E-mail ${payload.email} is in use`);
    await markUsed(tx, link.row.id, meta.now);
    const previousEmail = account.email;
    await tx
      .update(accounts)
      .set({
        username: payload.email,
        email: payload.email,
        srpSalt: payload.salt,
        srpVerifier: payload.verifier,
        updatedAt: meta.now,
      })
      .where(eq(accounts.id, account.id));
    if (account.partnerId) {
      await tx
        .update(partners)
        .set({ email: payload.email, updatedAt: meta.now })
        .where(eq(partners.id, account.partnerId));
    }
    await endAllSessions(tx, account.id, meta.now);
    await recordAudit(tx, meta, {
      action: 'EMAIL_CHANGED',
      pool: account.pool,
      accountId: account.id,
      username: payload.email,
      details: { previousEmail },
    });
    for (const address of [previousEmail, payload.email]) {
      await sendMail(tx, ctx, address, 'EMAIL_CHANGED', MAIL_TEXTS.emailChanged(payload.email));
    }
    return { email: payload.email };
  });
}

/** Mobile change of a signed-in customer: a TAN goes to the new number; `pruefen` stores it. */
export async function requestPhoneChange({
  ctx,
  meta,
  actor,
  mobile,
}: {
  ctx: IdentityContext;
  meta: RequestMeta;
  actor: Actor;
  mobile: string;
}): Promise<VerificationStarted> {
  return commitThen(ctx.db, async (tx) => {
    const account = await signedInAccount(tx, actor);
    await recordAudit(tx, meta, {
      action: 'PHONE_CHANGE_REQUESTED',
      pool: account.pool,
      accountId: account.id,
      username: account.username,
    });
    return startVerification(tx, ctx, { account, purpose: 'PHONE_CHANGE', mobile, now: meta.now });
  });
}

/** Lost mobile number: a link to the account's e-mail lets the customer set a new number. */
export async function requestPhoneReset({
  ctx,
  meta,
  email,
}: {
  ctx: IdentityContext;
  meta: RequestMeta;
  email: string;
}): Promise<void> {
  const username = normalizeUsername(email);
  await commitThen(ctx.db, async (tx) => {
    const account = await findAccount(tx, 'benutzer', username);
    const isActive = account?.status === 'ACTIVE';
    await recordAudit(tx, meta, {
      action: 'PHONE_RESET_REQUESTED',
      pool: 'benutzer',
      accountId: account?.id ?? null,
      username,
      details: { sent: isActive },
    });
    if (!account || !isActive) return;
    const token = await createLinkToken(tx, {
      kind: 'PHONE_RESET',
      accountId: account.id,
      payload: {},
      ttlMs: IDENTITY_POLICY.phoneResetLinkTtlMs,
      now: meta.now,
    });
    await sendMail(
      tx,
      ctx,
      account.email,
      'PHONE_RESET_LINK',
      MAIL_TEXTS.phoneResetLink(webLink(ctx, PHONE_RESET_PAGE, token)),
    );
  });
}

/** Uses the mobile-reset link: a TAN goes to the new number; `pruefen` stores it. */
export async function startPhoneReset({
  ctx,
  meta,
  token,
  mobile,
}: {
  ctx: IdentityContext;
  meta: RequestMeta;
  token: string;
  mobile: string;
}): Promise<VerificationStarted> {
  return commitThen(ctx.db, async (tx): Promise<VerificationStarted | AppError> => {
    const link = await readLinkToken(tx, 'PHONE_RESET', token, meta.now);
    if (link.state === 'EXPIRED') return identityError('LINK_EXPIRED', 410, 'Phone reset link expired');
    if (link.state === 'INVALID' || !link.row.accountId)
      return identityError('LINK_INVALID', 410, 'Phone reset link unknown or used');
    const account = await findAccountById(tx, link.row.accountId);
    if (!account || account.status !== 'ACTIVE')
      return identityError('LINK_INVALID', 410, 'Phone reset of an inactive account');
    await markUsed(tx, link.row.id, meta.now);
    return startVerification(tx, ctx, { account, purpose: 'PHONE_RESET', mobile, now: meta.now });
  });
}

export interface AccountView {
  pool: Account['pool'];
  username: string;
  email: string;
  nickname: string | null;
  handynummer: string | null;
  telefon: string | null;
  partnerId: string | null;
  partnerNummer: string | null;
  agentId: string | null;
  vermittlerNummer: string | null;
}

/** The signed-in account as the kundendaten page shows it. */
export async function describeAccount({
  ctx,
  actor,
}: {
  ctx: IdentityContext;
  actor: Actor;
}): Promise<AccountView> {
  const account = await findAccountById(ctx.db, actor.userId);
  if (!account) throw notFound(`Account ${actor.userId} is gone`);
  const [partner] = account.partnerId
    ? await ctx.db.select().from(partners).where(eq(partners.id, account.partnerId))
    : [];
  const [agent] = account.agentId
    ? await ctx.db.select().from(agents).where(eq(agents.id, account.agentId))
    : [];
  return {
    pool: account.pool,
    username: account.username,
    email: account.email,
    nickname: account.nickname,
    handynummer: account.mobile,
    telefon: partner?.telefon ?? agent?.telefon ?? null,
    partnerId: account.partnerId,
    partnerNummer: partner?.partnerNummer ?? null,
    agentId: account.agentId,
    vermittlerNummer: agent?.vermittlerNummer ?? null,
  };
}

/** Contact data of a customer (spec §7 /api/benutzer/benutzer/aendern): nickname and contact phone. */
export async function changeContactData({
  ctx,
  meta,
  actor,
  nickname,
  telefon,
}: {
  ctx: IdentityContext;
  meta: RequestMeta;
  actor: Actor;
  nickname?: string;
  telefon?: string | null;
}): Promise<AccountView> {
  await commitThen(ctx.db, async (tx) => {
    const account = await signedInAccount(tx, actor);
    if (nickname !== undefined) {
      await tx.update(accounts).set({ nickname, updatedAt: meta.now }).where(eq(accounts.id, account.id));
    }
    if (telefon !== undefined && account.partnerId) {
      await tx
        .update(partners)
        .set({ telefon, updatedAt: meta.now })
        .where(eq(partners.id, account.partnerId));
    }
    await recordAudit(tx, meta, {
      action: 'CONTACT_DATA_CHANGED',
      pool: account.pool,
      accountId: account.id,
      username: account.username,
      details: { nickname: nickname !== undefined, telefon: telefon !== undefined },
    });
    await sendMail(tx, ctx, account.email, 'CONTACT_DATA_CHANGED', MAIL_TEXTS.contactDataChanged());
  });
  return describeAccount({ ctx, actor });
}

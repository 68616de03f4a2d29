// SRP challenge sessions shared by the sign-in and the password proof of credential changes. The
// client holds an opaque session token; the row holds its hash, the server's ephemeral secret and,
// during the custom challenge, the HMAC of the TAN.
import { and, eq, gt, lt } from 'drizzle-orm';
import { signInChallenges, type ChallengeStep, type Pool } from '../../db/schema/identity';
import type { Transaction } from '../../db/transaction';
import type { Account } from './accounts';
import type { IdentityContext } from './context';
import { IDENTITY_POLICY } from './policy';
import { hmacHex, randomToken, sha256Hex } from './secrets';
import { createServerChallenge, fromHex, modPow, toHex, verifyClientProof } from './srp';

export type Challenge = typeof signInChallenges.$inferSelect;

/**
 * Salt and verifier to run SRP against: the account's, or for an unknown name values derived from
 * the server secret, so the same name always gets the same salt and nothing tells it apart.
 */
function srpRecord(ctx: IdentityContext, pool: Pool, username: string, account: Account | undefined) {
  if (account) return { salt: account.srpSalt, verifier: fromHex(account.srpVerifier) };
  const { N, g } = ctx.routines.parameters.primeGroup;
  const salt = hmacHex(ctx.keys.hmacSecret, 'srp-fake-salt', pool, username);
  const x = fromHex(hmacHex(ctx.keys.hmacSecret, 'srp-fake-x', pool, username));
  return { salt, verifier: modPow(g, x, N) };
}

/** Opens an SRP challenge; answers the salt and B, and the session token the client sends back. */
export async function openChallenge(
  tx: Transaction,
  ctx: IdentityContext,
  {
    pool,
    username,
    account,
    step,
    now,
  }: { pool: Pool; username: string; account: Account | undefined; step: 'SRP' | 'PROOF'; now: Date },
): Promise<{ session: string; salt: string; B: string }> {
  await tx.delete(signInChallenges).where(lt(signInChallenges.expiresAt, now));
  const { salt, verifier } = srpRecord(ctx, pool, username, account);
  const { b, B } = await createServerChallenge(ctx.routines, verifier);
  const session = randomToken();
  await tx.insert(signInChallenges).values({
    sessionHash: sha256Hex(session),
    pool,
    username,
    accountId: account?.id ?? null,
    step,
    srpSecret: toHex(b),
    srpPublic: toHex(B),
    expiresAt: new Date(now.getTime() + IDENTITY_POLICY.challengeTtlMs),
    createdAt: now,
  });
  return { session, salt, B: toHex(B) };
}

/** The live challenge of this session token in the given step, locked; undefined when gone or expired. */
export async function takeChallenge(
  tx: Transaction,
  session: string,
  step: ChallengeStep,
  now: Date,
): Promise<Challenge | undefined> {
  const [row] = await tx
    .select()
    .from(signInChallenges)
    .where(
      and(
        eq(signInChallenges.sessionHash, sha256Hex(session)),
        eq(signInChallenges.step, step),
        gt(signInChallenges.expiresAt, now),
      ),
    )
    .for('update');
  return row;
}

export async function deleteChallenge(tx: Transaction, id: string): Promise<void> {
  await tx.delete(signInChallenges).where(eq(signInChallenges.id, id));
}

/** Moves the challenge to its next step under a new session token (the old one stops working). */
export async function advanceChallenge(
  tx: Transaction,
  challenge: Challenge,
  step: ChallengeStep,
  now: Date,
  tan?: { hash: string; expiresAt: Date },
): Promise<string> {
  const session = randomToken();
  await tx
    .update(signInChallenges)
    .set({
      sessionHash: sha256Hex(session),
      step,
      srpSecret: null,
      srpPublic: null,
      tanHash: tan?.hash ?? null,
      tanExpiresAt: tan?.expiresAt ?? null,
      tanAttempts: 0,
      // A TAN challenge outlives its code a while, so a late answer hears 'expired', not 'unknown'.
      expiresAt: new Date((tan?.expiresAt ?? now).getTime() + IDENTITY_POLICY.challengeTtlMs),
    })
    .where(eq(signInChallenges.id, challenge.id));
  return session;
}

/** Checks the client's SRP proof against the challenge; M2 (hex) when right, undefined when wrong. */
export async function checkProof(
  ctx: IdentityContext,
  challenge: Challenge,
  account: Account | undefined,
  proof: { A: string; M1: string },
): Promise<string | undefined> {
  if (!challenge.srpSecret || !challenge.srpPublic) return undefined;
  const { salt, verifier } = srpRecord(ctx, challenge.pool, challenge.username, account);
  const M2 = await verifyClientProof(ctx.routines, {
    identity: challenge.username,
    salt: fromHex(salt),
    verifier,
    b: fromHex(challenge.srpSecret),
    B: fromHex(challenge.srpPublic),
    A: fromHex(proof.A),
    M1: fromHex(proof.M1),
  });
  return M2 === undefined ? undefined : toHex(M2);
}

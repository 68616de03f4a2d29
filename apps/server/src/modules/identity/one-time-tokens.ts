// Single-use links (registration, e-mail change, mobile reset): the client holds 256 random bits,
// the row holds their SHA-256 and what using the link applies.
import { and, eq, isNull } from 'drizzle-orm';
import { oneTimeTokens, type OneTimeKind } from '../../db/schema/identity';
import type { Transaction } from '../../db/transaction';
import { randomToken, sha256Hex } from './secrets';

export type OneTimeToken = typeof oneTimeTokens.$inferSelect;

export type LinkState = { state: 'VALID'; row: OneTimeToken } | { state: 'EXPIRED' } | { state: 'INVALID' };

/** Creates a link token; earlier unused ones of the same kind for the same account or partner stop working. */
export async function createLinkToken(
  tx: Transaction,
  {
    kind,
    accountId,
    partnerId,
    payload,
    ttlMs,
    now,
  }: {
    kind: OneTimeKind;
    accountId?: string;
    partnerId?: string;
    payload: Record<string, string>;
    ttlMs: number;
    now: Date;
  },
): Promise<string> {
  const owner = accountId
    ? eq(oneTimeTokens.accountId, accountId)
    : partnerId
      ? eq(oneTimeTokens.partnerId, partnerId)
      : undefined;
  if (owner) {
    await tx
      .update(oneTimeTokens)
      .set({ usedAt: now })
      .where(and(eq(oneTimeTokens.kind, kind), owner, isNull(oneTimeTokens.usedAt)));
  }
  const token = randomToken();
  await tx.insert(oneTimeTokens).values({
    kind,
    secretHash: sha256Hex(token),
    accountId: accountId ?? null,
    partnerId: partnerId ?? null,
    payload,
    expiresAt: new Date(now.getTime() + ttlMs),
    createdAt: now,
  });
  return token;
}

/** Looks a link token up (locked); VALID only when unused and unexpired. */
export async function readLinkToken(
  tx: Transaction,
  kind: OneTimeKind,
  token: string,
  now: Date,
): Promise<LinkState> {
  const [row] = await tx
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.kind, kind), eq(oneTimeTokens.secretHash, sha256Hex(token))))
    .for('update');
  if (!row || row.usedAt) return { state: 'INVALID' };
  if (row.expiresAt <= now) return { state: 'EXPIRED' };
  return { state: 'VALID', row };
}

export async function markUsed(tx: Transaction, id: string, now: Date): Promise<void> {
  await tx.update(oneTimeTokens).set({ usedAt: now }).where(eq(oneTimeTokens.id, id));
}

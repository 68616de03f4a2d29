// Access tokens: short-lived EdDSA JWTs sent as bearer (ADR 0006). They carry who the caller is;
// what the caller may do is decided per request from the account row and ownership checks.
import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { POOLS, type Pool } from '../../db/schema/identity';
import type { IdentityKeys } from './keys';

export const TOKEN_ISSUER = 'schirm';
export const TOKEN_AUDIENCE = 'schirm-api';

export interface AccessTokenSubject {
  accountId: string;
  pool: Pool;
  partnerId?: string;
  agentId?: string;
  /**
   * The sign-in this token belongs to (its refresh-token family): logging out or a detected reuse
   * of a refresh token ends the family, and with it every access token of that sign-in at once.
   */
  sessionId?: string;
  /**
   * An embedded session (issue 16, ADR 0036): the embedding partner's key. Such a token comes from
   * a partner's token exchange, not from a sign-in; it may not change sign-in data (refuseEmbeddedSession).
   */
  embeddedPartner?: string;
}

export interface IssuedAccessToken {
  token: string;
  expiresAt: Date;
  expiresIn: number;
}

/** Signs an access token for the account, valid `ttlSeconds` from `now`. */
export async function issueAccessToken({
  keys,
  subject,
  now,
  ttlSeconds,
}: {
  keys: IdentityKeys;
  subject: AccessTokenSubject;
  now: Date;
  ttlSeconds: number;
}): Promise<IssuedAccessToken> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAtSeconds = issuedAt + ttlSeconds;
  const token = await new SignJWT({
    pool: subject.pool,
    // iat has whole seconds; revocation (tokensValidAfter) needs the exact instant.
    iatMs: now.getTime(),
    ...(subject.partnerId ? { partnerId: subject.partnerId } : {}),
    ...(subject.agentId ? { agentId: subject.agentId } : {}),
    ...(subject.sessionId ? { sid: subject.sessionId } : {}),
    ...(subject.embeddedPartner ? { ep: subject.embeddedPartner } : {}),
  })
    .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT' })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setSubject(subject.accountId)
    .setJti(randomUUID())
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAtSeconds)
    .sign(keys.signingKey);
  return { token, expiresAt: new Date(expiresAtSeconds * 1000), expiresIn: ttlSeconds };
}

const claimsSchema = z.object({
  sub: z.uuid(),
  pool: z.enum(POOLS),
  partnerId: z.uuid().optional(),
  agentId: z.uuid().optional(),
  sid: z.uuid().optional(),
  ep: z.string().min(1).max(50).optional(),
  iat: z.number().int(),
  iatMs: z.number().int(),
  exp: z.number().int(),
});

export type AccessTokenClaims = z.infer<typeof claimsSchema>;

// Tokens whose signature and claims were checked, per key set: a token is sent with every request
// of a session, and checking an Ed25519 signature costs more than the rest of a cached read. The
// same string always verifies the same way; only its expiry is checked again on every use.
const VERIFIED_TOKENS = 10_000;
const verifiedTokens = new WeakMap<IdentityKeys, LRUCache<string, AccessTokenClaims>>();

function verifiedTokensOf(keys: IdentityKeys): LRUCache<string, AccessTokenClaims> {
  let cache = verifiedTokens.get(keys);
  if (!cache) {
    cache = new LRUCache<string, AccessTokenClaims>({ max: VERIFIED_TOKENS });
    verifiedTokens.set(keys, cache);
  }
  return cache;
}

/** The verified claims of a bearer token, or undefined when it is malformed, forged or expired. */
export async function verifyAccessToken(
  keys: IdentityKeys,
  token: string,
  now: Date = new Date(),
): Promise<AccessTokenClaims | undefined> {
  const cache = verifiedTokensOf(keys);
  const known = cache.get(token);
  // jose's rule: expired once exp is not after the current whole second.
  if (known) return known.exp > Math.floor(now.getTime() / 1000) ? known : undefined;
  const claims = await verifyAccessTokenSignature(keys, token, now);
  if (claims) cache.set(token, claims);
  return claims;
}

async function verifyAccessTokenSignature(
  keys: IdentityKeys,
  token: string,
  now: Date,
): Promise<AccessTokenClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, keys.verificationKey, {
      algorithms: ['EdDSA'],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      currentDate: now,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    const claims = claimsSchema.safeParse(payload);
    return claims.success ? claims.data : undefined;
  } catch (error) {
    if (error instanceof errors.JOSEError) return undefined;
    throw error;
  }
}

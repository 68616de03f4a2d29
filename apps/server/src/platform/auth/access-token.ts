// Access tokens: short-lived EdDSA JWTs sent as bearer (ADR 0006). They carry who the caller is;
// what the caller may do is decided per request from the account row and ownership checks.
import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
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
  iat: z.number().int(),
  iatMs: z.number().int(),
  exp: z.number().int(),
});

export type AccessTokenClaims = z.infer<typeof claimsSchema>;

/** The verified claims of a bearer token, or undefined when it is malformed, forged or expired. */
export async function verifyAccessToken(
  keys: IdentityKeys,
  token: string,
  now: Date = new Date(),
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

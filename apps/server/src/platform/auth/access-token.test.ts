// Access tokens whose signature was verified once are remembered (per key set); what a caller
// sees must not change: an expired token is refused, and keys of another server do not accept it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { issueAccessToken, verifyAccessToken } from './access-token';
import { loadIdentityKeys } from './keys';

function freshKeys() {
  const keysDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'schirm-token-')), 'keys');
  return loadIdentityKeys({ keysDir, jwtPrivateKey: undefined, identitySecret: undefined });
}

const subject = { accountId: crypto.randomUUID(), pool: 'benutzer' as const, partnerId: crypto.randomUUID() };

describe('verifyAccessToken', () => {
  it('accepts a token again until its expiry and refuses it from then on', async () => {
    const keys = freshKeys();
    const issuedAt = new Date('2026-11-22T10:00:00.000Z');
    const { token } = await issueAccessToken({ keys, subject, now: issuedAt, ttlSeconds: 600 });
    const at = (seconds: number) => new Date(issuedAt.getTime() + seconds * 1000);

    expect(await verifyAccessToken(keys, token, at(1))).toMatchObject({ sub: subject.accountId });
    expect(await verifyAccessToken(keys, token, at(599))).toMatchObject({ sub: subject.accountId });
    expect(await verifyAccessToken(keys, token, at(600))).toBeUndefined();
    expect(await verifyAccessToken(keys, token, at(3600))).toBeUndefined();
  });

  it('does not accept a token another key set signed, even after its own keys accepted it', async () => {
    const keys = freshKeys();
    const other = freshKeys();
    const { token } = await issueAccessToken({ keys, subject, now: new Date(), ttlSeconds: 600 });
    expect(await verifyAccessToken(keys, token)).toBeDefined();
    expect(await verifyAccessToken(other, token)).toBeUndefined();
  });

  it('refuses a token with a changed payload though the original was accepted', async () => {
    const keys = freshKeys();
    const { token } = await issueAccessToken({ keys, subject, now: new Date(), ttlSeconds: 600 });
    expect(await verifyAccessToken(keys, token)).toBeDefined();
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, pool: 'vermittler' })).toString('base64url');
    expect(await verifyAccessToken(keys, `${header}.${forged}.${signature}`)).toBeUndefined();
  });
});

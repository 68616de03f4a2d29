import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config';
import { issueAccessToken, verifyAccessToken } from './access-token';
import { JWT_KEY_FILE, loadIdentityKeys, SECRET_FILE } from './keys';

function tempKeysDir(): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'schirm-keys-')), 'keys');
}

const subject = { accountId: crypto.randomUUID(), pool: 'benutzer' as const, partnerId: crypto.randomUUID() };

describe('identity keys', () => {
  it('creates key files with owner-only permissions on first start and reuses them', async () => {
    const keysDir = tempKeysDir();
    const first = loadIdentityKeys({ keysDir, jwtPrivateKey: undefined, identitySecret: undefined });
    expect(fs.statSync(path.join(keysDir, JWT_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(keysDir, SECRET_FILE)).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(keysDir).sort()).toEqual([SECRET_FILE, JWT_KEY_FILE].sort());
    const token = await issueAccessToken({ keys: first, subject, now: new Date(), ttlSeconds: 600 });
    // Another process (no shared memory) reads the same files and accepts the token.
    const pem = fs.readFileSync(path.join(keysDir, JWT_KEY_FILE), 'utf8');
    const second = loadIdentityKeys({
      keysDir: tempKeysDir(),
      jwtPrivateKey: pem,
      identitySecret: undefined,
    });
    expect(await verifyAccessToken(second, token.token)).toMatchObject({
      sub: subject.accountId,
      pool: 'benutzer',
    });
  });

  it('takes the key and the secret from the environment when set', async () => {
    const pem = crypto
      .generateKeyPairSync('ed25519')
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const keysDir = tempKeysDir();
    const keys = loadIdentityKeys({ keysDir, jwtPrivateKey: pem, identitySecret: 's'.repeat(40) });
    expect(fs.existsSync(keysDir)).toBe(false);
    expect(keys.hmacSecret.toString()).toBe('s'.repeat(40));
    const other = loadIdentityKeys({
      keysDir: tempKeysDir(),
      jwtPrivateKey: undefined,
      identitySecret: undefined,
    });
    const token = await issueAccessToken({ keys, subject, now: new Date(), ttlSeconds: 600 });
    expect(await verifyAccessToken(other, token.token)).toBeUndefined();
  });

  it('refuses a non-Ed25519 key', () => {
    const rsa = crypto
      .generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' });
    expect(() =>
      loadIdentityKeys({ keysDir: tempKeysDir(), jwtPrivateKey: rsa.toString(), identitySecret: undefined }),
    ).toThrow('Ed25519');
  });

  it('accepts a token until its expiry and not after', async () => {
    const keys = loadIdentityKeys({
      keysDir: tempKeysDir(),
      jwtPrivateKey: undefined,
      identitySecret: undefined,
    });
    const now = new Date();
    const token = await issueAccessToken({ keys, subject, now, ttlSeconds: 600 });
    expect(await verifyAccessToken(keys, token.token, new Date(now.getTime() + 599_000))).toBeDefined();
    expect(await verifyAccessToken(keys, token.token, new Date(now.getTime() + 601_000))).toBeUndefined();
  });
});

describe('identity configuration', () => {
  it('defaults to 10 minutes for access tokens, 12 hours for refresh tokens and localhost links', () => {
    const result = parseConfig({ PORT: '4000' });
    expect(result.ok && result.config).toMatchObject({
      accessTokenTtlSeconds: 600,
      refreshTokenTtlSeconds: 43_200,
      publicUrl: 'http://localhost:4000',
      smtpUrl: undefined,
    });
  });

  it('reads durations with units and a public URL without trailing slash', () => {
    const result = parseConfig({
      ACCESS_TOKEN_TTL: '5m',
      REFRESH_TOKEN_TTL: '2d',
      PUBLIC_URL: 'https://portal.example.de/',
    });
    expect(result.ok && result.config).toMatchObject({
      accessTokenTtlSeconds: 300,
      refreshTokenTtlSeconds: 172_800,
      publicUrl: 'https://portal.example.de',
    });
  });

  it('names bad identity variables', () => {
    const result = parseConfig({
      ACCESS_TOKEN_TTL: 'bald',
      SMTP_URL: 'http://mail',
      IDENTITY_SECRET: 'kurz',
      JWT_PRIVATE_KEY: 'kein schlüssel',
    });
    expect(result.ok ? [] : result.problems.map((problem) => problem.variable)).toEqual([
      'SMTP_URL',
      'JWT_PRIVATE_KEY',
      'IDENTITY_SECRET',
      'ACCESS_TOKEN_TTL',
    ]);
  });
});

// Partner secrets are stored as scrypt hashes and checked in constant time (issue 16).
import { describe, expect, it } from 'vitest';
import { hashPartnerSecret, newPartnerSecret, verifyPartnerSecret } from './secrets';

describe('partner secrets', () => {
  it('verifies the secret against its hash and nothing else', async () => {
    const secret = newPartnerSecret();
    const hash = await hashPartnerSecret(secret);
    expect(hash).not.toContain(secret);
    expect(hash).not.toBe(await hashPartnerSecret(secret));
    expect(await verifyPartnerSecret(secret, hash)).toBe(true);
    expect(await verifyPartnerSecret(`${secret}x`, hash)).toBe(false);
    expect(await verifyPartnerSecret('', hash)).toBe(false);
  });

  it('refuses a missing or malformed hash', async () => {
    const secret = 'demo-radhaus-geheim';
    expect(await verifyPartnerSecret(secret, null)).toBe(false);
    expect(await verifyPartnerSecret(secret, secret)).toBe(false);
    const hash = await hashPartnerSecret(secret);
    expect(await verifyPartnerSecret(secret, hash.replace('scrypt$16384', 'scrypt$2'))).toBe(false);
  });

  it('makes a new random secret each time', () => {
    expect(newPartnerSecret()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newPartnerSecret()).not.toBe(newPartnerSecret());
  });
});

import { describe, expect, it } from 'vitest';
import { decryptAgentId, encryptAgentId, vmrKeys } from './vmr';

const agentId = '0b6f3d2e-8a51-4c0e-9d6a-2f1e7c3b9a10';
const one = { version: 'v1', secret: Buffer.from('secret-one') };
const two = { version: 'v2', secret: Buffer.from('secret-two') };
const keys = vmrKeys(one);

describe('vmr (agent link value)', () => {
  it('reads back the agent id it sealed, and two links of one agent differ', () => {
    const first = encryptAgentId(keys, agentId);
    expect(first.startsWith('v1.')).toBe(true);
    expect(decryptAgentId(keys, first)).toBe(agentId);
    expect(encryptAgentId(keys, agentId)).not.toBe(first);
  });

  it('refuses a changed, truncated or foreign value', () => {
    const value = encryptAgentId(keys, agentId);
    const [version, payload = ''] = value.split('.');
    const bytes = Buffer.from(payload, 'base64url');
    for (let index = 0; index < bytes.length; index += 1) {
      const changed = Buffer.from(bytes);
      changed[index] = (changed[index] ?? 0) ^ 1;
      expect(decryptAgentId(keys, `${version}.${changed.toString('base64url')}`)).toBeUndefined();
    }
    expect(decryptAgentId(keys, value.slice(0, -4))).toBeUndefined();
    expect(decryptAgentId(keys, `v9.${payload}`)).toBeUndefined();
    expect(decryptAgentId(keys, Buffer.from(agentId).toString('base64url'))).toBeUndefined();
    expect(decryptAgentId(vmrKeys({ version: 'v1', secret: Buffer.from('other') }), value)).toBeUndefined();
  });

  it('after a rotation issues under the new version and still reads the previous links', () => {
    const old = encryptAgentId(keys, agentId);
    const rotated = vmrKeys(two, [one]);
    const fresh = encryptAgentId(rotated, agentId);
    expect(fresh.startsWith('v2.')).toBe(true);
    expect(decryptAgentId(rotated, old)).toBe(agentId);
    expect(decryptAgentId(rotated, fresh)).toBe(agentId);
    // Once the old secret is dropped, its links lead nowhere.
    expect(decryptAgentId(vmrKeys(two), old)).toBeUndefined();
  });
});

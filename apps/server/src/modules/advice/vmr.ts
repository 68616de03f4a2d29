// The public agent link's `vmr` value (issue 15, ADR 0034): the agent id under authenticated
// encryption (AES-256-GCM), so a link names an agent without showing its id and cannot be forged
// or changed into another agent's link. Format: `<key version>.<base64url(iv ‖ ciphertext ‖ tag)>`.
// The key is derived (HKDF-SHA256) from the server's identity secret (IDENTITY_SECRET or its key
// file, platform/auth/keys.ts); the version names the derivation, so a rotated secret can keep
// reading the links issued under the previous one (VMR_KEY_VERSIONS below).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** The key version of links issued under the identity secret alone (no rotation yet). */
export const VMR_FIRST_VERSION = 'v1';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// Associated data binds the ciphertext to its purpose: a value encrypted for something else under
// the same key does not pass as an agent link.
const AAD = Buffer.from('schirm-vmr-agent-id');

/** The AES-256 keys by version; new links use `current`. */
export interface VmrKeys {
  current: string;
  byVersion: ReadonlyMap<string, Buffer>;
}

/** A secret the link keys are derived from, under the version its links carry. */
export interface VmrSecret {
  version: string;
  secret: Buffer;
}

function derive({ version, secret }: VmrSecret): Buffer {
  return Buffer.from(
    hkdfSync('sha256', secret, Buffer.from('schirm-vmr'), Buffer.from(`vmr-${version}`), 32),
  );
}

/**
 * The link keys: new links under `current`; links of the `previous` secrets keep working until
 * they are dropped from the list (rotation: a new secret under a new version, the old one kept).
 */
export function vmrKeys(current: VmrSecret, previous: readonly VmrSecret[] = []): VmrKeys {
  const byVersion = new Map<string, Buffer>(previous.map((old) => [old.version, derive(old)]));
  byVersion.set(current.version, derive(current));
  return { current: current.version, byVersion };
}

/** The vmr value for an agent id (a fresh IV each time, so two links of one agent differ). */
export function encryptAgentId(keys: VmrKeys, agentId: string): string {
  const key = keys.byVersion.get(keys.current);
  if (!key) throw new Error(`No vmr key for version ${keys.current}`);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(AAD);
  const sealed = Buffer.concat([iv, cipher.update(agentId, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${keys.current}.${sealed.toString('base64url')}`;
}

/** The agent id of a vmr value, or undefined for anything forged, changed, truncated or unknown. */
export function decryptAgentId(keys: VmrKeys, value: string): string | undefined {
  const [version, payload, ...rest] = value.split('.');
  if (!version || !payload || rest.length > 0 || !/^[A-Za-z0-9_-]+$/.test(payload)) return undefined;
  const key = keys.byVersion.get(version);
  if (!key) return undefined;
  const sealed = Buffer.from(payload, 'base64url');
  if (sealed.length <= IV_BYTES + TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(AAD);
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    const plain = Buffer.concat([
      decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
    return UUID.test(plain) ? plain : undefined;
  } catch {
    // The tag did not match: forged or changed.
    return undefined;
  }
}

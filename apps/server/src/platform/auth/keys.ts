// The server's identity keys: an Ed25519 key pair signing access tokens and a secret for the HMAC
// of TANs and codes. From the environment when set (every process of a cluster needs the same
// keys); otherwise from key files in <DATA_DIR>/keys, created on the first start.
import crypto, { type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config';

export interface IdentityKeys {
  signingKey: KeyObject;
  verificationKey: KeyObject;
  /** Key of the HMAC over TANs, e-mailed codes and fake sign-in answers. */
  hmacSecret: Buffer;
}

export const JWT_KEY_FILE = 'jwt-ed25519.pem';
export const SECRET_FILE = 'identity-secret';

type KeyConfig = Pick<AppConfig, 'jwtPrivateKey' | 'identitySecret' | 'keysDir'>;

// Reading (or creating) the files once per configuration keeps app starts in tests cheap.
const loaded = new Map<string, IdentityKeys>();

/** The identity keys of this configuration; creates missing key files (mode 0600). */
export function loadIdentityKeys(config: KeyConfig): IdentityKeys {
  const cacheKey = JSON.stringify([
    config.jwtPrivateKey ?? null,
    config.identitySecret ?? null,
    config.keysDir,
  ]);
  const cached = loaded.get(cacheKey);
  if (cached) return cached;
  const pem =
    config.jwtPrivateKey ??
    readOrCreate(path.join(config.keysDir, JWT_KEY_FILE), () =>
      crypto.generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    );
  const signingKey = crypto.createPrivateKey(pem);
  if (signingKey.asymmetricKeyType !== 'ed25519') {
    throw new Error('JWT_PRIVATE_KEY must be an Ed25519 key (PKCS#8 PEM)');
  }
  const secretText =
    config.identitySecret ??
    readOrCreate(path.join(config.keysDir, SECRET_FILE), () => crypto.randomBytes(32).toString('base64url'));
  const keys: IdentityKeys = {
    signingKey,
    verificationKey: crypto.createPublicKey(signingKey),
    hmacSecret: Buffer.from(secretText.trim(), 'utf8'),
  };
  loaded.set(cacheKey, keys);
  return keys;
}

// Two processes may start at once on one data directory: the exclusive create lets one of them
// write the file; the other reads what the first wrote.
function readOrCreate(file: string, create: () => string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(partial, create(), { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(partial, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(partial, { force: true });
  }
  return fs.readFileSync(file, 'utf8');
}

// Reading the public key an agency pastes on the agency page or its software sends (issue 16, ADR
// 0036): a PEM (SPKI, '-----BEGIN PUBLIC KEY-----') or a JWK (also as text, or a JWK set with one
// key). Only an Ed25519 public key passes; a private key, a key of another type and anything
// unreadable are refused with a German message saying which it was and what to send instead.
import { createPublicKey } from 'node:crypto';
import { EXTRANET_ERRORS } from './texts';

export type Ed25519Jwk = { kty: 'OKP'; crv: 'Ed25519'; x: string };

/** Why a key was refused: the German message and a detail for the log. */
export class KeyRefusal extends Error {
  constructor(
    readonly userMessage: string,
    detail: string,
  ) {
    super(detail);
  }
}

const PRIVATE_PEM = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/;

/** The key type a person recognises: RSA, EC (P-256 …), X25519, Ed448. */
function wrongType(type: string): KeyRefusal {
  return new KeyRefusal(EXTRANET_ERRORS.keyWrongType(type), `not Ed25519 but ${type}`);
}

function fromJwk(value: unknown): Ed25519Jwk {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new KeyRefusal(EXTRANET_ERRORS.keyUnreadable, 'JWK is no object');
  }
  const jwk = value as Record<string, unknown>;
  if (Array.isArray(jwk.keys)) {
    if (jwk.keys.length !== 1) throw new KeyRefusal(EXTRANET_ERRORS.keyUnreadable, 'JWK set without one key');
    return fromJwk(jwk.keys[0]);
  }
  if ('d' in jwk || 'p' in jwk) throw new KeyRefusal(EXTRANET_ERRORS.keyPrivate, 'private part sent');
  if (jwk.kty === 'RSA') throw wrongType('RSA');
  if (jwk.kty === 'EC') throw wrongType(`EC (${typeof jwk.crv === 'string' ? jwk.crv : '?'})`);
  if (jwk.kty === 'OKP' && typeof jwk.crv === 'string' && jwk.crv !== 'Ed25519') throw wrongType(jwk.crv);
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') {
    throw new KeyRefusal(EXTRANET_ERRORS.keyInvalid, 'no OKP/Ed25519 JWK');
  }
  if (!/^[A-Za-z0-9_-]{43}$/.test(jwk.x) || Buffer.from(jwk.x, 'base64url').length !== 32) {
    throw new KeyRefusal(EXTRANET_ERRORS.keyInvalid, 'x is not 32 bytes');
  }
  return { kty: 'OKP', crv: 'Ed25519', x: jwk.x };
}

function fromPem(pem: string): Ed25519Jwk {
  if (PRIVATE_PEM.test(pem)) throw new KeyRefusal(EXTRANET_ERRORS.keyPrivate, 'private PEM sent');
  let key;
  try {
    key = createPublicKey({ key: pem, format: 'pem' });
  } catch {
    throw new KeyRefusal(EXTRANET_ERRORS.keyUnreadable, 'PEM unreadable');
  }
  const type = key.asymmetricKeyType;
  if (type !== 'ed25519') {
    throw wrongType(
      type === 'rsa' || type === 'rsa-pss' ? 'RSA' : type === 'ec' ? 'EC' : (type ?? '?').toUpperCase(),
    );
  }
  return fromJwk(key.export({ format: 'jwk' }));
}

/** An Ed25519 public JWK from a pasted text (PEM or JWK) or a JWK object; throws KeyRefusal otherwise. */
export function readPublicKey(input: string | Record<string, unknown>): Ed25519Jwk {
  if (typeof input !== 'string') return fromJwk(input);
  const text = input.trim();
  if (text.startsWith('-----BEGIN')) return fromPem(text);
  if (PRIVATE_PEM.test(text) || /PRIVATE KEY/.test(text)) {
    throw new KeyRefusal(EXTRANET_ERRORS.keyPrivate, 'private key text sent');
  }
  if (text.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new KeyRefusal(EXTRANET_ERRORS.keyUnreadable, 'JSON unreadable');
    }
    return fromJwk(parsed);
  }
  if (/^ssh-rsa\s/.test(text)) throw wrongType('RSA');
  throw new KeyRefusal(EXTRANET_ERRORS.keyUnreadable, 'neither PEM nor JWK');
}

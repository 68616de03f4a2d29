// SRP-6a as RFC 5054 defines it, on top of tssrp6a's routines (k, u, evidence hashes). Two changes
// to tssrp6a's defaults: the identity hash includes the user name, x = H(s | H(I ":" P)), so the
// RFC's test vectors reproduce; and the ephemeral secrets a, b have 256 bits (RFC 5054 §2.5.4:
// at least 256) instead of the size of N, which keeps the 3072-bit group fast enough on a server.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { SRPParameters, SRPRoutines, createVerifierAndSalt, type PrimeGroup } from 'tssrp6a';

/** RFC 5054 Appendix A, 1024-bit group: only for the Appendix B test vectors. */
export const RFC5054_GROUP_1024: PrimeGroup = {
  N: BigInt(
    '0xEEAF0AB9ADB38DD69C33F80AFA8FC5E86072618775FF3C0B9EA2314C9C256576D674DF7496EA81D3383B4813D692C6E0E0D5D8E250B98BE48E495C1D6089DAD15DC7D7B46154D6B6CE8EF4AD69B15D4982559B297BCF1885C529F566660E57EC68EDBC3C05726CC02FD4CBF4976EAA9AFD5138FE8376435B9FC61D2FC0EB06E3',
  ),
  g: 2n,
};

/** RFC 5054 Appendix A, 3072-bit group (the RFC 3526 MODP prime) with generator 5: the one Schirm uses. */
export const RFC5054_GROUP_3072: PrimeGroup = {
  N: BigInt(
    '0x' +
      'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
      'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
      'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
      '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
      'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
      '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
      'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
      'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF',
  ),
  g: 5n,
};

const SECRET_BYTES = 32;
export const SALT_BYTES = 32;

/** tssrp6a's routines with RFC 5054's identity hash and 256-bit ephemeral secrets. */
export class Rfc5054Routines extends SRPRoutines {
  override computeIdentityHash(identity: string, password: string): Promise<ArrayBuffer> {
    return this.hash(utf8(`${identity}:${password}`));
  }

  override generatePrivateValue(): bigint {
    let value = 0n;
    while (value === 0n) value = randomBigInt(SECRET_BYTES) % this.parameters.primeGroup.N;
    return value;
  }
}

/** The SRP routines of both user pools: 3072-bit group, SHA-256. */
export const SRP_ROUTINES = new Rfc5054Routines(
  new SRPParameters(RFC5054_GROUP_3072, SRPParameters.H.SHA256),
);

function utf8(text: string): ArrayBuffer {
  const bytes = new TextEncoder().encode(text);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

function randomBigInt(bytes: number): bigint {
  return BigInt(`0x${randomBytes(bytes).toString('hex')}`);
}

/** base^exponent mod modulus, walking the exponent's bits once (tssrp6a's loop divides big integers). */
export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let square = base % modulus;
  for (const bit of exponent.toString(2).split('').reverse()) {
    if (bit === '1') result = (result * square) % modulus;
    square = (square * square) % modulus;
  }
  return result;
}

export function toHex(value: bigint): string {
  return value.toString(16);
}

export function fromHex(hex: string): bigint {
  return BigInt(`0x${hex}`);
}

export interface ServerChallenge {
  /** Server's ephemeral secret b; kept on the server until the proof. */
  b: bigint;
  /** Server's public value B = k·v + g^b mod N. */
  B: bigint;
}

/** Creates b and B for a verifier; `b` may be given for test vectors. */
export async function createServerChallenge(
  routines: SRPRoutines,
  verifier: bigint,
  b: bigint = routines.generatePrivateValue(),
): Promise<ServerChallenge> {
  const { N, g } = routines.parameters.primeGroup;
  const k = await routines.computeK();
  return { b, B: (k * verifier + modPow(g, b, N)) % N };
}

/** The shared premaster secret S = (A · v^u)^b mod N. */
export async function computeServerSecret(
  routines: SRPRoutines,
  { verifier, b, B, A }: { verifier: bigint; b: bigint; B: bigint; A: bigint },
): Promise<bigint> {
  const { N } = routines.parameters.primeGroup;
  const u = await routines.computeU(A, B);
  return modPow((A * modPow(verifier, u, N)) % N, b, N);
}

/** A is acceptable when 0 < A < N and A mod N ≠ 0 (RFC 5054 §2.5.4: abort otherwise). */
export function isValidClientPublic(routines: SRPRoutines, A: bigint): boolean {
  return A > 0n && A < routines.parameters.primeGroup.N && routines.isValidPublicValue(A);
}

function equalInConstantTime(left: bigint, right: bigint): boolean {
  const width = Math.max(left.toString(16).length, right.toString(16).length, 2);
  const a = Buffer.from(left.toString(16).padStart(width + (width % 2), '0'), 'hex');
  const b = Buffer.from(right.toString(16).padStart(width + (width % 2), '0'), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Checks the client's evidence M1 = H(A | B | S) and answers M2 = H(A | M1 | S), or undefined when
 * the proof is wrong (wrong password, or a fake challenge for an unknown name).
 */
export async function verifyClientProof(
  routines: SRPRoutines,
  input: { identity: string; salt: bigint; verifier: bigint; b: bigint; B: bigint; A: bigint; M1: bigint },
): Promise<bigint | undefined> {
  if (!isValidClientPublic(routines, input.A)) return undefined;
  const S = await computeServerSecret(routines, input);
  const expected = await routines.computeClientEvidence(input.identity, input.salt, input.A, input.B, S);
  if (!equalInConstantTime(expected, input.M1)) return undefined;
  return routines.computeServerEvidence(input.A, input.M1, S);
}

/** Salt and verifier for a password the server itself issues (initial passwords, demo accounts). */
export async function createVerifier(
  routines: SRPRoutines,
  identity: string,
  password: string,
): Promise<{ salt: string; verifier: string }> {
  const { s, v } = await createVerifierAndSalt(routines, identity, password, SALT_BYTES);
  return { salt: toHex(s), verifier: toHex(v) };
}

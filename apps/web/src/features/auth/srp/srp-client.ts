/*
 * SRP-6a client of the sign-in (docs/api/identity.md): RFC 5054 3072-bit group, g = 5, SHA-256,
 * x = H(s | H(I ":" P)). Only loaded when a password is used (dynamic import), so tssrp6a and
 * the big-integer work never weigh on pages that do not need them.
 */
import {
  createVerifierAndSalt,
  SRPClientSession,
  SRPParameters,
  SRPRoutines,
  type HashFunction,
  type PrimeGroup,
} from 'tssrp6a';

const N_3072_HEX =
  'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
  'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
  'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
  '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
  'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
  '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
  'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
  'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF';

/** RFC 5054 Appendix A 3072-bit group with g = 5, the group the server uses. */
export const GROUP_3072: PrimeGroup = { N: BigInt(`0x${N_3072_HEX}`), g: 5n };

/**
 * tssrp6a's default identity hash ignores I; RFC 5054 hashes "I:P", so the server (which follows
 * the RFC) and the client agree on x only with this override.
 */
export class Rfc5054Routines extends SRPRoutines {
  override computeIdentityHash(I: string, P: string): Promise<ArrayBuffer> {
    return this.hash(new TextEncoder().encode(`${I}:${P}`).buffer as ArrayBuffer);
  }
}

/** Routines for a group and hash; the app uses the 3072-bit group with SHA-256. */
export function createRoutines(
  group: PrimeGroup = GROUP_3072,
  hash: HashFunction | undefined = SRPParameters.H.SHA256,
): Rfc5054Routines {
  return new Rfc5054Routines(new SRPParameters(group, hash));
}

const routines = createRoutines();

function toHex(value: bigint): string {
  return value.toString(16);
}

function fromHex(hex: string): bigint {
  return BigInt(`0x${hex}`);
}

export type PasswordVerifier = { salt: string; verifier: string };

/** Salt and verifier for a new password; the server stores these instead of the password. */
export async function createPasswordVerifier(username: string, password: string): Promise<PasswordVerifier> {
  const { s, v } = await createVerifierAndSalt(routines, username, password);
  return { salt: toHex(s), verifier: toHex(v) };
}

export type PasswordProof = {
  A: string;
  M1: string;
  /** Whether the server's evidence M2 shows that it knew the verifier. */
  isServerProofValid: (M2: string) => Promise<boolean>;
};

/** Answers the server's challenge (salt, B) with A and the evidence M1 for username and password. */
export async function provePassword(
  username: string,
  password: string,
  challenge: { salt: string; B: string },
): Promise<PasswordProof> {
  const step1 = await new SRPClientSession(routines).step1(username, password);
  const step2 = await step1.step2(fromHex(challenge.salt), fromHex(challenge.B));
  return {
    A: toHex(step2.A),
    M1: toHex(step2.M1),
    isServerProofValid: async (M2) => {
      try {
        await step2.step3(fromHex(M2));
        return true;
      } catch {
        return false;
      }
    },
  };
}

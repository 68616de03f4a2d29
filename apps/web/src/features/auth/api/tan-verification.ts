import { postJson } from './post';

/** A mobile number waiting for confirmation by SMS TAN (docs/api/identity.md 'TAN verification'). */
export type TanVerification = { verificationId: string; destination: string; expiresAt: string };

type VerificationCall = {
  verificationId: string;
  /** A phone change of a signed-in person needs their bearer token; registration and reset do not. */
  authenticated: boolean;
};

/** Sends a new code for the verification; the old one stops working. */
export function resendVerificationTan({
  verificationId,
  authenticated,
}: VerificationCall): Promise<TanVerification> {
  return postJson<TanVerification>('/api/verifikation/tan/generieren', { verificationId }, { authenticated });
}

/** Checks the code; on success the verification's purpose takes effect (e.g. the account is active). */
export function checkVerificationTan({
  verificationId,
  authenticated,
  tan,
}: VerificationCall & { tan: string }) {
  return postJson<{ status: 'VERIFIED'; purpose: string }>(
    '/api/verifikation/tan/pruefen',
    { verificationId, tan: tan.trim() },
    { authenticated },
  );
}

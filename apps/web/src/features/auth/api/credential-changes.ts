import { normalizeUsername } from '../portals';
import { FlowError } from './api-error';
import { postJson } from './post';
import type { TanVerification } from './tan-verification';

type ProofChallenge = { session: string; salt: string; B: string };

/**
 * Proves the current password inside a change (docs/api/identity.md 'Customer credentials'): the
 * server's challenge is answered with A and M1, sent along with the change itself.
 */
async function proveCurrentPassword(username: string, currentPassword: string) {
  const srp = await import('../srp/srp-client');
  const challenge = await postJson<ProofChallenge>('/api/auth/password-proof', {}, { authenticated: true });
  const proof = await srp.provePassword(normalizeUsername(username), currentPassword, challenge);
  return { srp, session: challenge.session, proof };
}

/** Changes the password: proof of the current one, salt and verifier of the new one. */
export async function changePassword({
  passwordPath,
  username,
  currentPassword,
  newPassword,
}: {
  /** `/api/benutzer/benutzer/passwort/aendern` or `/api/vermittler/vermittler/passwort/aendern`. */
  passwordPath: string;
  username: string;
  currentPassword: string;
  newPassword: string;
}): Promise<void> {
  const { srp, session, proof } = await proveCurrentPassword(username, currentPassword);
  const { salt, verifier } = await srp.createPasswordVerifier(normalizeUsername(username), newPassword);
  const { M2 } = await postJson<{ M2: string }>(
    passwordPath,
    { session, A: proof.A, M1: proof.M1, salt, verifier },
    { authenticated: true },
  );
  if (!(await proof.isServerProofValid(M2))) throw new FlowError('SERVER_PROOF_INVALID');
}

/**
 * Asks to change the e-mail address, which is also the sign-in name: the verifier is made anew
 * for the new name with the same password. The change applies once the link to the new address
 * is followed.
 */
export async function changeEmail({
  username,
  currentPassword,
  email,
}: {
  username: string;
  currentPassword: string;
  email: string;
}): Promise<{ destination: string }> {
  const { srp, session, proof } = await proveCurrentPassword(username, currentPassword);
  const { salt, verifier } = await srp.createPasswordVerifier(normalizeUsername(email), currentPassword);
  const { M2, destination } = await postJson<{ M2: string; destination: string }>(
    '/api/benutzer/benutzer/email/aendern',
    { session, A: proof.A, M1: proof.M1, email: email.trim(), salt, verifier },
    { authenticated: true },
  );
  if (!(await proof.isServerProofValid(M2))) throw new FlowError('SERVER_PROOF_INVALID');
  return { destination };
}

/** Confirms the new e-mail address with the token of the e-mailed link. */
export function confirmEmail(token: string): Promise<{ email: string }> {
  return postJson<{ email: string }>('/api/benutzer/benutzer/email/bestaetigen', { token });
}

/** Starts a change of the mobile number: a TAN goes to the new number. */
export function changePhone(handynummer: string): Promise<TanVerification> {
  return postJson<TanVerification>(
    '/api/benutzer/benutzer/handynummer',
    { handynummer },
    { authenticated: true },
  );
}

/** Lost the old number: a link to set a new one goes to the account's e-mail address (answer is neutral). */
export async function requestPhoneReset(email: string): Promise<void> {
  await postJson<{ accepted: true }>('/api/benutzer/benutzer/handynummer/reset', { email: email.trim() });
}

/** With the link's token: the new number gets a TAN. */
export function startPhoneReset({ token, handynummer }: { token: string; handynummer: string }) {
  return postJson<TanVerification>('/api/benutzer/benutzer/handynummer/reset/token', { token, handynummer });
}

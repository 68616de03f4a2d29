import { normalizeUsername, type Pool } from '../portals';
import { FlowError } from './api-error';
import { postJson } from './post';
import type { TokenResponse } from './session-api';

/** A 6-digit TAN went by SMS to the account's mobile number. */
export type TanChallenge = {
  challenge: 'CUSTOM_CHALLENGE';
  session: string;
  deliveryMedium: 'SMS';
  /** Masked number, e.g. '+49 ••• ••••• 78'. */
  destination: string;
  expiresAt: string;
};

/** The account has an initial password that must be replaced (and a nickname set). */
export type NewPasswordChallenge = { challenge: 'NEW_PASSWORD_REQUIRED'; session: string };

export type SignInChallenge = TanChallenge | NewPasswordChallenge;

type SrpChallenge = { session: string; salt: string; B: string };
type VerifyAnswer = (TanChallenge | NewPasswordChallenge) & { M2: string };

/**
 * Proves the password without sending it (SRP-6a): init gives salt and B, the browser answers
 * with A and M1, and the server's M2 shows that it really holds the account's verifier.
 */
export async function signInWithPassword({
  pool,
  username,
  password,
}: {
  pool: Pool;
  username: string;
  password: string;
}): Promise<SignInChallenge> {
  const srp = await import('../srp/srp-client');
  const name = normalizeUsername(username);
  const challenge = await postJson<SrpChallenge>('/api/auth/sign-in/init', { pool, username: name });
  const proof = await srp.provePassword(name, password, challenge);
  const answer = await postJson<VerifyAnswer>('/api/auth/sign-in/verify', {
    session: challenge.session,
    A: proof.A,
    M1: proof.M1,
  });
  if (!(await proof.isServerProofValid(answer.M2))) throw new FlowError('SIGN_IN_FAILED');
  if (answer.challenge === 'NEW_PASSWORD_REQUIRED') {
    return { challenge: answer.challenge, session: answer.session };
  }
  const { M2: _M2, ...tanChallenge } = answer;
  return tanChallenge;
}

/** Replaces the initial password: the server gets salt and verifier of the new one. */
export async function setNewPassword({
  session,
  username,
  password,
  nickname,
}: {
  session: string;
  username: string;
  password: string;
  nickname: string;
}): Promise<TanChallenge> {
  const srp = await import('../srp/srp-client');
  const { salt, verifier } = await srp.createPasswordVerifier(normalizeUsername(username), password);
  return postJson<TanChallenge>('/api/auth/sign-in/new-password', {
    session,
    salt,
    verifier,
    nickname: nickname.trim(),
  });
}

/** Answers the SMS TAN; the answer signs the person in (and sets the refresh cookie). */
export async function answerSignInTan({
  session,
  tan,
}: {
  session: string;
  tan: string;
}): Promise<TokenResponse> {
  return postJson<TokenResponse>('/api/auth/sign-in/tan', { session, tan: tan.trim() });
}

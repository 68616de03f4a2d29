import { normalizeUsername, type Pool } from '../portals';
import { postJson, postWithoutAnswer } from './post';

/** Asks for a reset code by e-mail; the answer is the same whether the account exists or not. */
export async function requestPasswordCode({
  pool,
  username,
}: {
  pool: Pool;
  username: string;
}): Promise<void> {
  await postJson<{ accepted: true }>('/api/auth/forgot-password', {
    pool,
    username: normalizeUsername(username),
  });
}

/** Sets a new password with the e-mailed code; the server only ever sees salt and verifier. */
export async function confirmPasswordCode({
  pool,
  username,
  code,
  password,
}: {
  pool: Pool;
  username: string;
  code: string;
  password: string;
}): Promise<void> {
  const srp = await import('../srp/srp-client');
  const name = normalizeUsername(username);
  const { salt, verifier } = await srp.createPasswordVerifier(name, password);
  await postWithoutAnswer('/api/auth/forgot-password/confirm', {
    pool,
    username: name,
    code: code.trim(),
    salt,
    verifier,
  });
}

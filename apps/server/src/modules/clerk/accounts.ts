// Clerk accounts (pool innendienst, ADR 0027). Nobody registers as a clerk: the operator creates
// the account from the command line (`npm run innendienst:anlegen`) with an initial password that
// the first sign-in must replace; the demo data set has one active demo clerk. Like every account,
// only the SRP salt and verifier are stored, and the sign-in asks for an SMS TAN.
import { validatePhone } from '@schirm/domain/validation/phone';
import type { Database } from '../../db/database';
import { accounts } from '../../db/schema/identity';
import type { Transaction } from '../../db/transaction';
import { findAccount, normalizeUsername } from '../identity/accounts';
import type { RequestMeta } from '../identity/audit';
import { randomInitialPassword } from '../identity/secrets';
import { createVerifier, SRP_ROUTINES } from '../identity/srp';
import { recordClerkAudit } from './audit';

export class ClerkAccountError extends Error {}

export interface NewClerk {
  email: string;
  /** Mobile number for the sign-in TAN, any German notation (stored as E.164). */
  mobile: string;
  /** Name the clerk's answers are signed with. */
  nickname: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Creates a clerk's account. Without `password` a random initial password is made (returned once,
 * never stored) and the first sign-in asks for a new one; with it (demo data) the account is active.
 */
export async function createClerkAccount(
  db: Database | Transaction,
  clerk: NewClerk,
  { password, meta }: { password?: string; meta?: RequestMeta } = {},
): Promise<{ accountId: string; username: string; initialPassword?: string }> {
  const username = normalizeUsername(clerk.email);
  if (!EMAIL.test(username)) throw new ClerkAccountError('Bitte geben Sie eine gültige E-Mail-Adresse an.');
  const phone = validatePhone(clerk.mobile);
  if (!phone.valid) throw new ClerkAccountError('Bitte geben Sie eine gültige Handynummer an.');
  const nickname = clerk.nickname.trim();
  if (nickname === '' || nickname.length > 50)
    throw new ClerkAccountError('Bitte geben Sie einen Namen mit höchstens 50 Zeichen an.');
  if (await findAccount(db, 'innendienst', username))
    throw new ClerkAccountError(`Es gibt schon einen Innendienst-Zugang für ${username}.`);
  const secret = password ?? randomInitialPassword();
  const { salt, verifier } = await createVerifier(SRP_ROUTINES, username, secret);
  const [row] = await db
    .insert(accounts)
    .values({
      pool: 'innendienst',
      username,
      email: username,
      nickname,
      mobile: phone.normalized,
      srpSalt: salt,
      srpVerifier: verifier,
      status: password === undefined ? 'NEW_PASSWORD_REQUIRED' : 'ACTIVE',
    })
    .returning({ id: accounts.id });
  if (!row) throw new Error('INSERT accounts returned no row');
  if (meta) {
    await recordClerkAudit(db, meta, {
      actor: { userId: row.id, username },
      action: 'CLERK_ACCOUNT_CREATED',
      details: { createdBy: 'operator-cli' },
    });
  }
  return { accountId: row.id, username, ...(password === undefined ? { initialPassword: secret } : {}) };
}

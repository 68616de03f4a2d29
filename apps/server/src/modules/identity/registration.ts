// Customer registration (issue 5, flow 4): contract number and e-mail → access link by e-mail →
// password (salt and verifier) and mobile number → TAN → active account bound to the contract's
// partner. The first answer never tells whether contract, e-mail or account exist.
import { and, eq, ne, sql } from 'drizzle-orm';
import { normalizeContractId } from '@schirm/domain/validation/identifiers';
import { contracts } from '../../db/schema/contracts';
import { accounts } from '../../db/schema/identity';
import { partners } from '../../db/schema/partners';
import type { AppError } from '../../platform/errors';
import { normalizeUsername } from './accounts';
import { recordAudit, type RequestMeta } from './audit';
import { commitThen, sendMail, webLink, type IdentityContext } from './context';
import { identityError } from './errors';
import { createLinkToken, markUsed, readLinkToken } from './one-time-tokens';
import { IDENTITY_POLICY } from './policy';
import { MAIL_TEXTS } from './texts';
import { startVerification, type VerificationStarted } from './verifications';

export const REGISTRATION_PAGE = '/kunden/login/registrieren/';

/** Sends the access link when contract, partner e-mail and missing account fit; silent otherwise. */
export async function requestRegistration({
  ctx,
  meta,
  contractId,
  email,
}: {
  ctx: IdentityContext;
  meta: RequestMeta;
  contractId: string;
  email: string;
}): Promise<void> {
  const username = normalizeUsername(email);
  await commitThen(ctx.db, async (tx) => {
    const [match] = await tx
      .select({ partnerId: partners.id, partnerEmail: partners.email })
      .from(contracts)
      .innerJoin(partners, eq(partners.id, contracts.partnerId))
      .where(eq(contracts.versicherungsNummer, normalizeContractId(contractId)));
    const isPartnerEmail = match?.partnerEmail ? normalizeUsername(match.partnerEmail) === username : false;
    if (!match || !isPartnerEmail) {
      await recordAudit(tx, meta, {
        action: 'REGISTRATION_REQUESTED',
        pool: 'benutzer',
        username,
        details: { sent: false },
      });
      return;
    }
    const [taken] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(
        and(
          eq(accounts.pool, 'benutzer'),
          ne(accounts.status, 'PENDING_REGISTRATION'),
          sql`(${accounts.partnerId} = ${match.partnerId} OR ${accounts.username} = ${username})`,
        ),
      );
    await recordAudit(tx, meta, {
      action: 'REGISTRATION_REQUESTED',
      pool: 'benutzer',
      username,
      details: { sent: !taken },
    });
    if (taken) return;
    const token = await createLinkToken(tx, {
      kind: 'REGISTRATION_LINK',
      partnerId: match.partnerId,
      payload: { email: username },
      ttlMs: IDENTITY_POLICY.registrationLinkTtlMs,
      now: meta.now,
    });
    await sendMail(
      tx,
      ctx,
      username,
      'REGISTRATION_LINK',
      MAIL_TEXTS.registrationLink(webLink(ctx, REGISTRATION_PAGE, token)),
    );
  });
}

export type LinkCheck =
  { status: 'VALID'; email: string; expiresAt: Date } | { status: 'EXPIRED' } | { status: 'INVALID' };

/** Whether a registration link can still be used; for the page that opens from it. */
export async function checkRegistrationLink({
  ctx,
  meta,
  token,
}: {
  ctx: IdentityContext;
  meta: RequestMeta;
  token: string;
}): Promise<LinkCheck> {
  return commitThen(ctx.db, async (tx) => {
    const link = await readLinkToken(tx, 'REGISTRATION_LINK', token, meta.now);
    if (link.state !== 'VALID') return { status: link.state };
    const email = String((link.row.payload as { email?: unknown }).email ?? '');
    return { status: 'VALID' as const, email, expiresAt: link.row.expiresAt };
  });
}

/** Uses the link: stores salt and verifier in a pending account and sends a TAN to the mobile number. */
export async function completeRegistrationLink({
  ctx,
  meta,
  token,
  salt,
  verifier,
  mobile,
}: {
  ctx: IdentityContext;
  meta: RequestMeta;
  token: string;
  salt: string;
  verifier: string;
  mobile: string;
}): Promise<VerificationStarted> {
  return commitThen(ctx.db, async (tx): Promise<VerificationStarted | AppError> => {
    const link = await readLinkToken(tx, 'REGISTRATION_LINK', token, meta.now);
    if (link.state === 'EXPIRED') return identityError('LINK_EXPIRED', 410, 'Registration link expired');
    if (link.state === 'INVALID' || !link.row.partnerId) {
      return identityError('LINK_INVALID', 410, 'Registration link unknown or used');
    }
    const partnerId = link.row.partnerId;
    const username = String((link.row.payload as { email?: unknown }).email ?? '');
    await markUsed(tx, link.row.id, meta.now);
    const existing = await tx
      .select()
      .from(accounts)
      .where(
        and(
          eq(accounts.pool, 'benutzer'),
          sql`(${accounts.partnerId} = ${partnerId} OR ${accounts.username} = ${username})`,
        ),
      );
    if (existing.some((account) => account.status !== 'PENDING_REGISTRATION')) {
      return identityError('EMAIL_TAKEN', 409, `Partner ${partnerId} or ${username} has an account already`);
    }
    // An unfinished earlier registration of this partner is replaced by this one.
    for (const pending of existing) await tx.delete(accounts).where(eq(accounts.id, pending.id));
    const [account] = await tx
      .insert(accounts)
      .values({
        pool: 'benutzer',
        username,
        email: username,
        srpSalt: salt,
        srpVerifier: verifier,
        status: 'PENDING_REGISTRATION',
        partnerId,
        createdAt: meta.now,
        updatedAt: meta.now,
      })
      .returning();
    if (!account) throw new Error('INSERT accounts returned no row');
    await recordAudit(tx, meta, {
      action: 'REGISTRATION_STARTED',
      pool: 'benutzer',
      accountId: account.id,
      username,
    });
    return startVerification(tx, ctx, { account, purpose: 'REGISTRATION', mobile, now: meta.now });
  });
}

// Initial passwords issued by an agent (spec §7: /api/vermittler/vermittler/{email}/initial-passwort
// for sub-agents, /api/benutzer/benutzer/{email}/reset/initial-passwort for customers). The server
// makes the password, stores only salt and verifier and e-mails it to the account; the next
// sign-in then meets the new-password challenge.
import { eq, sql } from 'drizzle-orm';
import { validatePhone } from '@schirm/domain/validation/phone';
import { agents } from '../../db/schema/agents';
import { accounts, type Pool } from '../../db/schema/identity';
import type { Transaction } from '../../db/transaction';
import type { Actor } from '../../platform/auth/actor';
import { agentReachesPartner, assertManagesAgent } from '../../platform/auth/ownership';
import { type AppError, notFound } from '../../platform/errors';
import { endAllSessions, findAccount, normalizeUsername, type Account } from './accounts';
import { recordAudit, type RequestMeta } from './audit';
import { commitThen, sendMail, type IdentityContext } from './context';
import { identityError } from './errors';
import { randomInitialPassword } from './secrets';
import { createVerifier } from './srp';
import { MAIL_TEXTS } from './texts';

const LOGIN_PAGES: Record<Pool, string> = {
  benutzer: '/kunden/login/',
  vermittler: '/vermittler/login/',
  innendienst: '/innendienst/login/',
};

interface InitialCredentials {
  password: string;
  salt: string;
  verifier: string;
}

async function makeInitialCredentials(ctx: IdentityContext, username: string): Promise<InitialCredentials> {
  const password = randomInitialPassword();
  return { password, ...(await createVerifier(ctx.routines, username, password)) };
}

async function issueInitialPassword(
  tx: Transaction,
  ctx: IdentityContext,
  meta: RequestMeta,
  { account, actor, credentials }: { account: Account; actor: Actor; credentials: InitialCredentials },
): Promise<void> {
  const { password, salt, verifier } = credentials;
  await tx
    .update(accounts)
    .set({
      srpSalt: salt,
      srpVerifier: verifier,
      status: 'NEW_PASSWORD_REQUIRED',
      failedSignIns: 0,
      failedWindowStart: null,
      lockedUntil: null,
      updatedAt: meta.now,
    })
    .where(eq(accounts.id, account.id));
  await endAllSessions(tx, account.id, meta.now);
  await recordAudit(tx, meta, {
    action: 'INITIAL_PASSWORD_ISSUED',
    pool: account.pool,
    accountId: account.id,
    actorAccountId: actor.userId,
    username: account.username,
  });
  const portal = `${ctx.publicUrl}${LOGIN_PAGES[account.pool]}`;
  await sendMail(tx, ctx, account.email, 'INITIAL_PASSWORD', MAIL_TEXTS.initialPassword(password, portal));
}

/** (Re)issues the initial password of a sub-agent of the caller; creates the sub-agent's account when missing. */
export async function issueAgentInitialPassword({
  ctx,
  meta,
  actor,
  email,
}: {
  ctx: IdentityContext;
  meta: RequestMeta;
  actor: Actor;
  email: string;
}): Promise<void> {
  const username = normalizeUsername(email);
  await commitThen(ctx.db, async (tx): Promise<void | AppError> => {
    const [agent] = await tx
      .select()
      .from(agents)
      .where(sql`lower(${agents.email}) = ${username}`);
    if (!agent) return notFound(`No agent with e-mail ${username}`);
    assertManagesAgent(actor, agent.id);
    const [bound] = await tx.select().from(accounts).where(eq(accounts.agentId, agent.id)).for('update');
    let account = bound;
    const credentials = await makeInitialCredentials(ctx, account?.username ?? username);
    if (!account) {
      const mobile = agent.telefon ? validatePhone(agent.telefon) : undefined;
      if (!mobile?.valid)
        return identityError('MOBILE_REQUIRED', 409, `Agent ${agent.id} has no mobile number`);
      if (await findAccount(tx, 'vermittler', username))
        return identityError('EMAIL_TAKEN', 409, `${username} is in use`);
      [account] = await tx
        .insert(accounts)
        .values({
          pool: 'vermittler',
          username,
          email: username,
          mobile: mobile.normalized,
          srpSalt: credentials.salt,
          srpVerifier: credentials.verifier,
          status: 'NEW_PASSWORD_REQUIRED',
          agentId: agent.id,
          createdAt: meta.now,
          updatedAt: meta.now,
        })
        .returning();
      if (!account) throw new Error('INSERT accounts returned no row');
    }
    await issueInitialPassword(tx, ctx, meta, { account, actor, credentials });
  });
}

/** Issues a new initial password to a customer whose partner the calling agent (or one below it) looks after. */
export async function issueCustomerInitialPassword({
  ctx,
  meta,
  actor,
  email,
}: {
  ctx: IdentityContext;
  meta: RequestMeta;
  actor: Actor;
  email: string;
}): Promise<void> {
  const username = normalizeUsername(email);
  await commitThen(ctx.db, async (tx): Promise<void | AppError> => {
    const account = await findAccount(tx, 'benutzer', username);
    const isReachable =
      account?.partnerId !== null &&
      account !== undefined &&
      account.status !== 'PENDING_REGISTRATION' &&
      (await agentReachesPartner({ db: tx, actor, partnerId: account.partnerId }));
    if (!account || !isReachable)
      return notFound(`No customer account ${username} for agent account ${actor.userId}`);
    const credentials = await makeInitialCredentials(ctx, account.username);
    await issueInitialPassword(tx, ctx, meta, { account, actor, credentials });
  });
}

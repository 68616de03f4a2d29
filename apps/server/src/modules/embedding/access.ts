// The embedded customer area (issue 16, ADR 0036): a partner exchanges its credentials and a
// customer's partner number for a single-use token (only with the customer's grant); the portal in
// the partner's iframe exchanges that token for a customer access token marked with the partner.
// The customer grants and revokes partners in their own sign-in (Postfach message, audit).
import { formatDate } from '@schirm/domain/format/date';
import { and, asc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { embeddingExchangeTokens, embeddingGrants, embeddingPartners } from '../../db/schema/embedding';
import { accounts } from '../../db/schema/identity';
import { partners } from '../../db/schema/partners';
import { withTransaction } from '../../db/transaction';
import { issueAccessToken } from '../../platform/auth/access-token';
import type { Actor } from '../../platform/auth/actor';
import type { IdentityKeys } from '../../platform/auth/keys';
import { forbidden, notFound, unauthorized } from '../../platform/errors';
import type { RequestMeta } from '../identity/audit';
import { insertMailboxMessage } from '../mailbox/repository';
import { recordEmbeddingAudit } from './audit';
import { findActivePartner, type EmbeddingPartnerRow } from './partners';
import { hashPartnerSecret, newExchangeToken, tokenHash, verifyPartnerSecret } from './secrets';
import { EMBEDDING_TEXTS as T } from './texts';

/** How long an exchange token is valid (ADR 0036: at most 300 s; the host hands it on at once). */
export const EXCHANGE_TOKEN_TTL_SECONDS = 120;

const EXCHANGE_TOKEN_PRUNE_MS = 60 * 60 * 1000;

/** Partner key and secret of an HTTP Basic header, or undefined when it is none. */
export function basicCredentials(
  header: string | undefined,
): { partnerKey: string; secret: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]{1,400})$/i.exec(header ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  return { partnerKey: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

// Compared against when the partner is unknown, so the answer takes as long as for a known one.
let dummyHash: Promise<string> | undefined;

function credentialsRefused(): Error {
  return unauthorized('Embedding partner credentials refused', {
    code: 'EMBEDDING_PARTNER_CREDENTIALS',
    userMessage: T.partnerCredentials,
  });
}

/** The active partner whose key and secret these are; 401 otherwise. */
export async function authenticatePartner(
  db: Database,
  credentials: { partnerKey: string; secret: string } | undefined,
): Promise<EmbeddingPartnerRow> {
  if (!credentials) throw credentialsRefused();
  const partner = await findActivePartner(db, credentials.partnerKey);
  dummyHash ??= hashPartnerSecret('no partner has this secret');
  const stored = partner?.secretHash ?? (await dummyHash);
  const matches = await verifyPartnerSecret(credentials.secret, stored);
  if (!partner || !partner.secretHash || !matches) throw credentialsRefused();
  return partner;
}

function tokenRefused(reason: string): Error {
  return forbidden(`Embedding token refused: ${reason}`, {
    code: 'EMBEDDING_ACCESS_REFUSED',
    userMessage: T.tokenRefused,
  });
}

/** The customer account with this partner number that granted the partner access, if any. */
async function grantedAccount(db: Database, embeddingPartnerId: string, partnernummer: string) {
  const [row] = await db
    .select({ accountId: accounts.id, username: accounts.username })
    .from(partners)
    .innerJoin(accounts, and(eq(accounts.partnerId, partners.id), eq(accounts.pool, 'benutzer')))
    .innerJoin(
      embeddingGrants,
      and(
        eq(embeddingGrants.accountId, accounts.id),
        eq(embeddingGrants.embeddingPartnerId, embeddingPartnerId),
        isNull(embeddingGrants.revokedAt),
      ),
    )
    .where(and(eq(partners.partnerNummer, partnernummer), eq(accounts.status, 'ACTIVE')))
    .limit(1);
  return row;
}

/**
 * POST /einbettung/token: a single-use token for the customer with this partner number, when the
 * partner may open the customer area and the customer granted it; 403 (same answer whether or not
 * the customer exists) otherwise.
 */
export async function issueExchangeToken({
  db,
  meta,
  partner,
  partnernummer,
}: {
  db: Database;
  meta: RequestMeta;
  partner: EmbeddingPartnerRow;
  partnernummer: string;
}): Promise<{ token: string; expiresIn: number }> {
  if (!partner.kundenbereich) throw tokenRefused(`partner ${partner.partnerKey} has no customer area`);
  const account = await grantedAccount(db, partner.id, partnernummer);
  if (!account) throw tokenRefused(`no grant for ${partner.partnerKey}`);
  const token = newExchangeToken();
  await withTransaction(db, async (tx) => {
    // Tokens an hour past their expiry are of no use any more (not even to explain a refusal).
    await tx
      .delete(embeddingExchangeTokens)
      .where(lt(embeddingExchangeTokens.expiresAt, new Date(meta.now.getTime() - EXCHANGE_TOKEN_PRUNE_MS)));
    await tx.insert(embeddingExchangeTokens).values({
      tokenHash: tokenHash(token),
      embeddingPartnerId: partner.id,
      accountId: account.accountId,
      expiresAt: new Date(meta.now.getTime() + EXCHANGE_TOKEN_TTL_SECONDS * 1000),
      createdAt: meta.now,
    });
    await recordEmbeddingAudit(tx, meta, {
      action: 'EMBEDDING_TOKEN_ISSUED',
      pool: 'benutzer',
      accountId: account.accountId,
      actorAccountId: null,
      username: account.username,
      details: { partnerKey: partner.partnerKey },
    });
  });
  return { token, expiresIn: EXCHANGE_TOKEN_TTL_SECONDS };
}

function exchangeTokenInvalid(reason: string): Error {
  return unauthorized(`Embedding exchange token refused: ${reason}`, {
    code: 'EMBEDDING_TOKEN_INVALID',
    userMessage: T.exchangeTokenInvalid,
  });
}

/**
 * POST /einbettung/sitzung: uses the token up (once, before it expires) and issues a customer access
 * token carrying the partner (no refresh token: the host asks for a new exchange token instead).
 */
export async function startEmbeddedSession({
  db,
  keys,
  meta,
  token,
  accessTokenTtlSeconds,
}: {
  db: Database;
  keys: IdentityKeys;
  meta: RequestMeta;
  token: string;
  accessTokenTtlSeconds: number;
}): Promise<{
  accessToken: string;
  expiresIn: number;
  partnernummer: string;
  benutzer: { username: string; nickname: string | null };
}> {
  const session = await withTransaction(db, async (tx) => {
    const [used] = await tx
      .update(embeddingExchangeTokens)
      .set({ usedAt: meta.now })
      .where(
        and(
          eq(embeddingExchangeTokens.tokenHash, tokenHash(token)),
          isNull(embeddingExchangeTokens.usedAt),
          gt(embeddingExchangeTokens.expiresAt, meta.now),
        ),
      )
      .returning();
    if (!used) return undefined;
    const [row] = await tx
      .select({
        partnerKey: embeddingPartners.partnerKey,
        accountId: accounts.id,
        username: accounts.username,
        nickname: accounts.nickname,
        partnerId: accounts.partnerId,
        partnernummer: partners.partnerNummer,
      })
      .from(embeddingGrants)
      .innerJoin(embeddingPartners, eq(embeddingPartners.id, embeddingGrants.embeddingPartnerId))
      .innerJoin(accounts, eq(accounts.id, embeddingGrants.accountId))
      .innerJoin(partners, eq(partners.id, accounts.partnerId))
      .where(
        and(
          eq(embeddingGrants.accountId, used.accountId),
          eq(embeddingGrants.embeddingPartnerId, used.embeddingPartnerId),
          isNull(embeddingGrants.revokedAt),
          eq(embeddingPartners.aktiv, true),
          eq(embeddingPartners.kundenbereich, true),
          eq(accounts.status, 'ACTIVE'),
        ),
      );
    if (!row?.partnerId) return undefined;
    await recordEmbeddingAudit(tx, meta, {
      action: 'EMBEDDING_SESSION_STARTED',
      pool: 'benutzer',
      accountId: row.accountId,
      actorAccountId: null,
      username: row.username,
      details: { partnerKey: row.partnerKey },
    });
    return { ...row, partnerId: row.partnerId };
  });
  if (!session) throw exchangeTokenInvalid('unknown, used, expired or without grant');
  const issued = await issueAccessToken({
    keys,
    now: meta.now,
    ttlSeconds: accessTokenTtlSeconds,
    subject: {
      accountId: session.accountId,
      pool: 'benutzer',
      partnerId: session.partnerId,
      embeddedPartner: session.partnerKey,
    },
  });
  return {
    accessToken: issued.token,
    expiresIn: issued.expiresIn,
    partnernummer: session.partnernummer,
    // Who is signed in, as the portal's own sign-in answers it (the greeting names the person).
    benutzer: { username: session.username, nickname: session.nickname },
  };
}

export interface GrantView {
  partnerKey: string;
  name: string;
  freigegebenAm: string;
}

/** The customer's active grants and the partners they could grant (active, with a customer area). */
export async function listGrants(
  db: Database,
  actor: Actor,
): Promise<{ freigaben: GrantView[]; verfuegbar: { partnerKey: string; name: string }[] }> {
  const granted = await db
    .select({
      partnerKey: embeddingPartners.partnerKey,
      name: embeddingPartners.name,
      grantedAt: embeddingGrants.grantedAt,
    })
    .from(embeddingGrants)
    .innerJoin(embeddingPartners, eq(embeddingPartners.id, embeddingGrants.embeddingPartnerId))
    .where(and(eq(embeddingGrants.accountId, actor.userId), isNull(embeddingGrants.revokedAt)))
    .orderBy(asc(embeddingPartners.name));
  const available = await db
    .select({ partnerKey: embeddingPartners.partnerKey, name: embeddingPartners.name })
    .from(embeddingPartners)
    .where(and(eq(embeddingPartners.aktiv, true), eq(embeddingPartners.kundenbereich, true)))
    .orderBy(asc(embeddingPartners.name));
  const grantedKeys = new Set(granted.map((grant) => grant.partnerKey));
  return {
    freigaben: granted.map((grant) => ({
      partnerKey: grant.partnerKey,
      name: grant.name,
      freigegebenAm: grant.grantedAt.toISOString(),
    })),
    verfuegbar: available.filter((partner) => !grantedKeys.has(partner.partnerKey)),
  };
}

/** Grants the partner access to the customer area; created false when it was already granted. */
export async function grantPartner({
  db,
  meta,
  actor,
  partnerKey,
}: {
  db: Database;
  meta: RequestMeta;
  actor: Actor;
  partnerKey: string;
}): Promise<{ created: boolean; grant: GrantView }> {
  const partner = await findActivePartner(db, partnerKey);
  if (!partner?.kundenbereich || !actor.partnerId) {
    throw notFound(`Embedding partner ${partnerKey} cannot be granted`, {
      code: 'EMBEDDING_PARTNER_NOT_FOUND',
      userMessage: T.grantPartnerUnknown,
    });
  }
  const customerPartnerId = actor.partnerId;
  return withTransaction(db, async (tx) => {
    const [inserted] = await tx
      .insert(embeddingGrants)
      .values({ accountId: actor.userId, embeddingPartnerId: partner.id, grantedAt: meta.now })
      .onConflictDoNothing()
      .returning();
    if (!inserted) {
      const [existing] = await tx
        .select()
        .from(embeddingGrants)
        .where(
          and(
            eq(embeddingGrants.accountId, actor.userId),
            eq(embeddingGrants.embeddingPartnerId, partner.id),
            isNull(embeddingGrants.revokedAt),
          ),
        );
      return {
        created: false,
        grant: {
          partnerKey: partner.partnerKey,
          name: partner.name,
          freigegebenAm: (existing?.grantedAt ?? meta.now).toISOString(),
        },
      };
    }
    await insertMailboxMessage(tx, {
      partnerId: customerPartnerId,
      subject: T.grantMail.subject(partner.name),
      body: T.grantMail.body(partner.name, formatDate(meta.now)),
    });
    await recordEmbeddingAudit(tx, meta, {
      action: 'EMBEDDING_GRANTED',
      pool: 'benutzer',
      accountId: actor.userId,
      username: actor.username,
      details: { partnerKey: partner.partnerKey },
    });
    return {
      created: true,
      grant: {
        partnerKey: partner.partnerKey,
        name: partner.name,
        freigegebenAm: inserted.grantedAt.toISOString(),
      },
    };
  });
}

/** Revokes the customer's active grant of the partner; embedded sessions of it end at once. */
export async function revokeGrant({
  db,
  meta,
  actor,
  partnerKey,
}: {
  db: Database;
  meta: RequestMeta;
  actor: Actor;
  partnerKey: string;
}): Promise<void> {
  const revoked = await withTransaction(db, async (tx) => {
    const [partner] = await tx
      .select()
      .from(embeddingPartners)
      .where(eq(embeddingPartners.partnerKey, partnerKey));
    if (!partner || !actor.partnerId) return false;
    const rows = await tx
      .update(embeddingGrants)
      .set({ revokedAt: meta.now })
      .where(
        and(
          eq(embeddingGrants.accountId, actor.userId),
          eq(embeddingGrants.embeddingPartnerId, partner.id),
          isNull(embeddingGrants.revokedAt),
        ),
      )
      .returning({ id: embeddingGrants.id });
    if (rows.length === 0) return false;
    await insertMailboxMessage(tx, {
      partnerId: actor.partnerId,
      subject: T.revokeMail.subject(partner.name),
      body: T.revokeMail.body(partner.name, formatDate(meta.now)),
    });
    await recordEmbeddingAudit(tx, meta, {
      action: 'EMBEDDING_GRANT_REVOKED',
      pool: 'benutzer',
      accountId: actor.userId,
      username: actor.username,
      details: { partnerKey },
    });
    return true;
  });
  if (!revoked) {
    throw notFound(`No active grant of ${partnerKey}`, {
      code: 'EMBEDDING_GRANT_NOT_FOUND',
      userMessage: T.grantNotFound,
    });
  }
}

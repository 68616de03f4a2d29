// What the identity services need from the app, built once per app, and a transaction helper for
// failures whose bookkeeping (attempt counters, locks, audit) must be committed.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SRPRoutines } from 'tssrp6a';
import type { Database } from '../../db/database';
import { withTransaction, type Transaction } from '../../db/transaction';
import { loadIdentityKeys, type IdentityKeys } from '../../platform/auth/keys';
import { AppError } from '../../platform/errors';
import { enqueueMessage } from '../outbox/outbox';
import { createTransports, type Transports } from '../outbox/transports';
import type { RequestMeta } from './audit';
import { SRP_ROUTINES } from './srp';
import type { MailText } from './texts';

export interface IdentityContext {
  db: Database;
  keys: IdentityKeys;
  transports: Transports;
  routines: SRPRoutines;
  publicUrl: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
}

export function createIdentityContext(app: FastifyInstance): IdentityContext {
  return {
    db: app.database.db,
    keys: loadIdentityKeys(app.config),
    transports: createTransports(app.config),
    routines: SRP_ROUTINES,
    publicUrl: app.config.publicUrl,
    accessTokenTtlSeconds: app.config.accessTokenTtlSeconds,
    refreshTokenTtlSeconds: app.config.refreshTokenTtlSeconds,
  };
}

export function requestMeta(request: FastifyRequest, now: Date = new Date()): RequestMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'], now };
}

/**
 * Runs `fn` in a transaction. An AppError it *returns* is thrown after the commit, so counters,
 * locks and audit rows written on the way to that error are kept; a thrown error rolls back.
 */
export async function commitThen<T>(
  db: Database,
  fn: (tx: Transaction) => Promise<T | AppError>,
): Promise<T> {
  const result = await withTransaction(db, fn);
  if (result instanceof AppError) throw result;
  return result;
}

export function sendMail(
  tx: Transaction,
  ctx: IdentityContext,
  to: string,
  purpose: string,
  text: MailText,
): Promise<string> {
  return enqueueMessage(tx, ctx.transports, {
    channel: 'email',
    to,
    subject: text.subject,
    body: text.body,
    purpose,
  });
}

export function sendSms(tx: Transaction, ctx: IdentityContext, to: string, purpose: string, body: string) {
  return enqueueMessage(tx, ctx.transports, { channel: 'sms', to, body, purpose });
}

/** A link into the web app, e.g. `/kunden/login/registrieren/` with its token. */
export function webLink(ctx: IdentityContext, pathname: string, token: string): string {
  return `${ctx.publicUrl}${pathname}?token=${encodeURIComponent(token)}`;
}

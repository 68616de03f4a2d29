// What a clerk did, in the audit log (apps/server/src/db/schema/audit.ts): every answer and every
// change of a claim names the clerk's account, what it concerned, and where the request came from.
import { auditLog } from '../../db/schema/audit';
import type { Database } from '../../db/database';
import type { Transaction } from '../../db/transaction';
import type { Actor } from '../../platform/auth/actor';
import type { RequestMeta } from '../identity/audit';

export const CLERK_AUDIT_ACTIONS = [
  'CLERK_ACCOUNT_CREATED',
  'CLERK_MESSAGE_ANSWERED',
  'CLERK_CLAIM_MOVED',
  'CLERK_CLAIM_DOCUMENT_REQUESTED',
  'CLERK_CLAIM_MESSAGE_WRITTEN',
  'CLERK_CLAIM_TAKEN',
  'CLERK_CLAIM_RELEASED',
] as const;
export type ClerkAuditAction = (typeof CLERK_AUDIT_ACTIONS)[number];

export async function recordClerkAudit(
  db: Database | Transaction,
  meta: RequestMeta,
  {
    actor,
    action,
    details,
  }: {
    actor: Pick<Actor, 'userId' | 'username'>;
    action: ClerkAuditAction;
    details: Record<string, string | null>;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    occurredAt: meta.now,
    action,
    pool: 'innendienst',
    accountId: actor.userId,
    actorAccountId: actor.userId,
    username: actor.username,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
    details,
  });
}

// The embedding module's audit entries (issue 16): clerks' changes of partners and secrets, the
// customers' grants and revocations, token exchanges and embedded sessions, in the audit log.
import type { Database } from '../../db/database';
import { auditLog } from '../../db/schema/audit';
import type { Pool } from '../../db/schema/identity';
import type { Transaction } from '../../db/transaction';
import type { RequestMeta } from '../identity/audit';

export const EMBEDDING_AUDIT_ACTIONS = [
  'EMBEDDING_PARTNER_SAVED',
  'EMBEDDING_PARTNER_SECRET_ROTATED',
  'EMBEDDING_GRANTED',
  'EMBEDDING_GRANT_REVOKED',
  'EMBEDDING_TOKEN_ISSUED',
  'EMBEDDING_SESSION_STARTED',
] as const;
export type EmbeddingAuditAction = (typeof EMBEDDING_AUDIT_ACTIONS)[number];

export async function recordEmbeddingAudit(
  db: Database | Transaction,
  meta: RequestMeta,
  entry: {
    action: EmbeddingAuditAction;
    pool: Pool | null;
    accountId: string | null;
    actorAccountId?: string | null;
    username?: string | null;
    details: Record<string, string | boolean | null | string[]>;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    occurredAt: meta.now,
    action: entry.action,
    pool: entry.pool,
    accountId: entry.accountId,
    actorAccountId: entry.actorAccountId ?? entry.accountId,
    username: entry.username ?? null,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
    details: entry.details,
  });
}

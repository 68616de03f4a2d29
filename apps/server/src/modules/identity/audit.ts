// Appends to the audit log: sign-ins, failed sign-ins, locks and every credential change.
import type { Database } from '../../db/database';
import { auditLog } from '../../db/schema/audit';
import type { Pool } from '../../db/schema/identity';
import type { Transaction } from '../../db/transaction';

export const AUDIT_ACTIONS = [
  'SIGN_IN_SUCCEEDED',
  'SIGN_IN_FAILED',
  'SIGN_IN_TAN_FAILED',
  'SIGN_IN_LOCKED_OUT',
  'ACCOUNT_LOCKED',
  'INITIAL_PASSWORD_REPLACED',
  'INITIAL_PASSWORD_ISSUED',
  'PASSWORD_CHANGED',
  'PASSWORD_PROOF_FAILED',
  'PASSWORD_RESET_REQUESTED',
  'PASSWORD_RESET',
  'PASSWORD_RESET_CODE_FAILED',
  'EMAIL_CHANGE_REQUESTED',
  'EMAIL_CHANGED',
  'PHONE_CHANGE_REQUESTED',
  'PHONE_CHANGED',
  'PHONE_RESET_REQUESTED',
  'PHONE_RESET',
  'CONTACT_DATA_CHANGED',
  'REGISTRATION_REQUESTED',
  'REGISTRATION_STARTED',
  'REGISTRATION_COMPLETED',
  'TAN_FAILED',
  'REFRESH_TOKEN_REUSED',
  'LOGOUT',
  'GLOBAL_LOGOUT',
  /** The customer downloaded the data export (DSGVO Art. 15/20, modules/data-export). */
  'DATA_EXPORTED',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Where a request came from, and when it is handled (services take the clock from here). */
export interface RequestMeta {
  ip: string;
  userAgent: string | undefined;
  now: Date;
}

export interface AuditEntry {
  action: AuditAction;
  pool?: Pool;
  accountId?: string | null;
  actorAccountId?: string;
  username?: string;
  details?: Record<string, string | number | boolean | null>;
}

export async function recordAudit(
  db: Database | Transaction,
  meta: RequestMeta,
  entry: AuditEntry,
): Promise<void> {
  await db.insert(auditLog).values({
    occurredAt: meta.now,
    action: entry.action,
    pool: entry.pool ?? null,
    accountId: entry.accountId ?? null,
    actorAccountId: entry.actorAccountId ?? null,
    username: entry.username ?? null,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
    details: entry.details ?? {},
  });
}

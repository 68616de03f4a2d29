// Who did what, when and from where, for sign-ins and every credential change (issue 5). Rows are
// only ever appended; they name the account and the sign-in name but never a secret.
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** Pool of the account concerned (benutzer, vermittler); NULL when none is known. */
    pool: text('pool'),
    /** Account concerned; NULL for failed sign-ins with an unknown name. */
    accountId: uuid('account_id'),
    /** Account of the person acting when it is someone else, e.g. an agent issuing a password. */
    actorAccountId: uuid('actor_account_id'),
    username: text('username'),
    /** What happened, e.g. SIGN_IN_SUCCEEDED, SIGN_IN_FAILED, ACCOUNT_LOCKED, PASSWORD_CHANGED. */
    action: text('action').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    details: jsonb('details').notNull().default({}),
  },
  (t) => [
    index('audit_log_account_idx').on(t.accountId, t.occurredAt),
    index('audit_log_action_idx').on(t.action, t.occurredAt),
  ],
);

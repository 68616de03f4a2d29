// Accounts of the three user pools (customers, agents, the insurer's clerks: ADR 0027) and
// everything a sign-in or credential change needs for a while: SRP challenge sessions, TAN verifications, one-time links and codes, refresh tokens. Secrets
// are never stored in clear: opaque tokens as SHA-256, TANs and codes as HMAC-SHA256 with the
// server key (ADR 0006). The SRP verifier is what a password leaves behind, not the password.
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { agents } from './agents';
import { oneOf } from './enum-check';
import { partners } from './partners';

/** benutzer: customers; vermittler: agents; innendienst: the insurer's clerks (ADR 0027). */
export const POOLS = ['benutzer', 'vermittler', 'innendienst'] as const;
export type Pool = (typeof POOLS)[number];

/**
 * PENDING_REGISTRATION: password set, mobile number not yet confirmed by TAN.
 * NEW_PASSWORD_REQUIRED: an initial password was issued; the next sign-in must replace it.
 */
export const ACCOUNT_STATUS = [
  'PENDING_REGISTRATION',
  'NEW_PASSWORD_REQUIRED',
  'ACTIVE',
  'DISABLED',
] as const;
export type AccountStatus = (typeof ACCOUNT_STATUS)[number];

const timestampTz = (name: string) => timestamp(name, { withTimezone: true });

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pool: text('pool', { enum: POOLS }).notNull(),
    /** Sign-in name: the e-mail address, trimmed and lower-cased; also the SRP identity I. */
    username: text('username').notNull(),
    email: text('email').notNull(),
    nickname: text('nickname'),
    /** Verified mobile number (E.164) the sign-in TAN goes to. */
    mobile: text('mobile'),
    srpSalt: text('srp_salt').notNull(),
    srpVerifier: text('srp_verifier').notNull(),
    status: text('status', { enum: ACCOUNT_STATUS }).notNull(),
    partnerId: uuid('partner_id').references(() => partners.id, { onDelete: 'restrict' }),
    agentId: uuid('agent_id').references(() => agents.id, { onDelete: 'restrict' }),
    failedSignIns: integer('failed_sign_ins').notNull().default(0),
    /** Start of the 15-minute window the failed sign-ins are counted in. */
    failedWindowStart: timestampTz('failed_window_start'),
    lockedUntil: timestampTz('locked_until'),
    /** Access tokens issued before this instant are rejected (global logout, password change). */
    tokensValidAfter: timestampTz('tokens_valid_after').notNull().defaultNow(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_pool_username_key').on(t.pool, t.username),
    uniqueIndex('accounts_partner_key').on(t.partnerId),
    uniqueIndex('accounts_agent_key').on(t.agentId),
    check('accounts_pool_check', oneOf(t.pool, POOLS)),
    check('accounts_status_check', oneOf(t.status, ACCOUNT_STATUS)),
    check('accounts_username_check', sql`${t.username} = lower(btrim(${t.username}))`),
    check(
      'accounts_binding_check',
      sql`(${t.pool} = 'benutzer' AND ${t.partnerId} IS NOT NULL AND ${t.agentId} IS NULL)
        OR (${t.pool} = 'vermittler' AND ${t.agentId} IS NOT NULL AND ${t.partnerId} IS NULL)
        OR (${t.pool} = 'innendienst' AND ${t.agentId} IS NULL AND ${t.partnerId} IS NULL)`,
    ),
  ],
);

/** What a sign-in challenge session waits for next. */
export const CHALLENGE_STEPS = ['SRP', 'NEW_PASSWORD', 'TAN', 'PROOF'] as const;
export type ChallengeStep = (typeof CHALLENGE_STEPS)[number];

/**
 * One sign-in attempt (or a password proof inside a credential change) between its requests.
 * account_id is NULL for unknown sign-in names: the fake session fails at the proof.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionHash: text('session_hash').notNull(),
    pool: text('pool', { enum: POOLS }).notNull(),
    username: text('username').notNull(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    step: text('step', { enum: CHALLENGE_STEPS }).notNull(),
    /** Server's ephemeral SRP secret b and public value B (hex) until the proof. */
    srpSecret: text('srp_secret'),
    srpPublic: text('srp_public'),
    tanHash: text('tan_hash'),
    tanExpiresAt: timestampTz('tan_expires_at'),
    tanAttempts: integer('tan_attempts').notNull().default(0),
    expiresAt: timestampTz('expires_at').notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sign_in_challenges_session_key').on(t.sessionHash),
    index('sign_in_challenges_expires_idx').on(t.expiresAt),
    check('sign_in_challenges_pool_check', oneOf(t.pool, POOLS)),
    check('sign_in_challenges_step_check', oneOf(t.step, CHALLENGE_STEPS)),
  ],
);

export const VERIFICATION_PURPOSES = ['REGISTRATION', 'PHONE_CHANGE', 'PHONE_RESET'] as const;
export type VerificationPurpose = (typeof VERIFICATION_PURPOSES)[number];

/** A mobile number being confirmed by SMS TAN for a purpose; the effect applies once it is confirmed. */
export const tanVerifications = pgTable(
  'tan_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the verificationId the client holds. */
    handleHash: text('handle_hash').notNull(),
    purpose: text('purpose', { enum: VERIFICATION_PURPOSES }).notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    mobile: text('mobile').notNull(),
    codeHash: text('code_hash').notNull(),
    codeExpiresAt: timestampTz('code_expires_at').notNull(),
    codeAttempts: integer('code_attempts').notNull().default(0),
    codesSent: integer('codes_sent').notNull().default(1),
    expiresAt: timestampTz('expires_at').notNull(),
    verifiedAt: timestampTz('verified_at'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tan_verifications_handle_key').on(t.handleHash),
    index('tan_verifications_account_idx').on(t.accountId),
    check('tan_verifications_purpose_check', oneOf(t.purpose, VERIFICATION_PURPOSES)),
  ],
);

export const ONE_TIME_KINDS = ['REGISTRATION_LINK', 'EMAIL_CHANGE', 'PHONE_RESET', 'PASSWORD_RESET'] as const;
export type OneTimeKind = (typeof ONE_TIME_KINDS)[number];

/**
 * Links (token as SHA-256) and e-mailed codes (HMAC over account and code) that can be used once.
 * payload carries what the use applies, e.g. the new e-mail address with its SRP verifier.
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ONE_TIME_KINDS }).notNull(),
    secretHash: text('secret_hash').notNull(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id').references(() => partners.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_secret_key').on(t.secretHash),
    index('one_time_tokens_account_idx').on(t.accountId, t.kind),
    check('one_time_tokens_kind_check', oneOf(t.kind, ONE_TIME_KINDS)),
  ],
);

/**
 * Rotating refresh tokens. All tokens of one sign-in share a family; presenting a rotated token
 * again revokes the family, because then two parties hold it.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** End of the family: rotation does not extend a sign-in beyond REFRESH_TOKEN_TTL. */
    expiresAt: timestampTz('expires_at').notNull(),
    rotatedAt: timestampTz('rotated_at'),
    revokedAt: timestampTz('revoked_at'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_account_idx').on(t.accountId),
  ],
);

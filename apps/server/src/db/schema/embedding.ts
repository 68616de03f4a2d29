// Embedding partners (issue 16, ADR 0036; migration 0022): sites and apps that embed the portal in an
// iframe (allowed origins, brand, the broker whose contracts they sell, products, customer area),
// the customers' grants that let a partner open their customer area, and the single-use tokens a
// partner exchanges for an embedded customer session. Secrets and tokens only as hashes.
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { agents } from './agents';
import { accounts } from './identity';

const timestampTz = (name: string) => timestamp(name, { withTimezone: true });

export const embeddingPartners = pgTable(
  'embedding_partners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lowercase slug, e.g. radhaus-mueller (the `partner` query parameter). */
    partnerKey: text('partner_key').notNull(),
    name: text('name').notNull(),
    /** Exact origins allowed to embed: https://host[:port], http://localhost:port, http://127.0.0.1:port. */
    origins: text('origins')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    brand: text('brand'),
    /** The broker contracts concluded through this partner are concluded for. */
    agentId: uuid('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    /** Product slugs the partner may sell (fahrrad, hausrat, …). */
    produkte: text('produkte')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Whether the partner may open the customer area (token exchange) for customers who granted it. */
    kundenbereich: boolean('kundenbereich').notNull().default(false),
    aktiv: boolean('aktiv').notNull().default(true),
    /** scrypt hash of the partner's API secret (HTTP Basic of the token exchange); NULL: none issued. */
    secretHash: text('secret_hash'),
    secretRotatedAt: timestampTz('secret_rotated_at'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('embedding_partners_key').on(t.partnerKey),
    check(
      'embedding_partners_key_check',
      sql`${t.partnerKey} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(${t.partnerKey}) <= 50`,
    ),
  ],
);

/** A customer's permission for one partner to open their customer area; at most one active per pair. */
export const embeddingGrants = pgTable(
  'embedding_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    embeddingPartnerId: uuid('embedding_partner_id')
      .notNull()
      .references(() => embeddingPartners.id, { onDelete: 'cascade' }),
    grantedAt: timestampTz('granted_at').notNull().defaultNow(),
    revokedAt: timestampTz('revoked_at'),
  },
  (t) => [
    uniqueIndex('embedding_grants_one_active')
      .on(t.accountId, t.embeddingPartnerId)
      .where(sql`${t.revokedAt} IS NULL`),
    index('embedding_grants_partner_idx').on(t.embeddingPartnerId),
  ],
);

/** Single-use exchange tokens (SHA-256 of the token), valid for minutes. */
export const embeddingExchangeTokens = pgTable(
  'embedding_exchange_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    embeddingPartnerId: uuid('embedding_partner_id')
      .notNull()
      .references(() => embeddingPartners.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('embedding_exchange_tokens_hash_key').on(t.tokenHash),
    index('embedding_exchange_tokens_expires_idx').on(t.expiresAt),
  ],
);

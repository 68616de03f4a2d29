// Extranet (issue 16, ADR 0036): the machine credentials of agencies (an Ed25519 public key per
// agency that the broker software signs its short JWTs with), the JWT ids already used (single
// use until they expire), and the single-use links into one contract or one customer, kept as
// SHA-256 of the token, with the view token the opened page reloads with.
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { agents } from './agents';
import { contracts } from './contracts';
import { oneOf } from './enum-check';
import { accounts } from './identity';
import { partners } from './partners';

const timestampTz = (name: string) => timestamp(name, { withTimezone: true });

/** What a link shows: one contract or one customer's data. */
export const EXTRANET_LINK_KINDS = ['vertrag', 'kundendaten'] as const;
export type ExtranetLinkKind = (typeof EXTRANET_LINK_KINDS)[number];

/** An agency's public key (JWK, OKP/Ed25519); `kid` is its RFC 7638 thumbprint. */
export const extranetMachineKeys = pgTable(
  'extranet_machine_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    kid: text('kid').notNull(),
    publicJwk: jsonb('public_jwk').notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    revokedAt: timestampTz('revoked_at'),
    revokedBy: uuid('revoked_by').references(() => accounts.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('extranet_machine_keys_agent_kid_key').on(t.agentId, t.kid)],
);

/** JWT ids an agency has used; kept until the JWT's exp, then they may go. */
export const extranetUsedJtis = pgTable(
  'extranet_used_jtis',
  {
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    jti: text('jti').notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.agentId, t.jti] }),
    index('extranet_used_jtis_expires_idx').on(t.expiresAt),
  ],
);

/** A single-use link into one contract or one customer, requested by an agency's software. */
export const extranetLinks = pgTable(
  'extranet_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    secretHash: text('secret_hash').notNull(),
    art: text('art', { enum: EXTRANET_LINK_KINDS }).notNull(),
    /** The agency whose software asked for the link. */
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    kid: text('kid').notNull(),
    contractId: uuid('contract_id').references(() => contracts.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id').references(() => partners.id, { onDelete: 'cascade' }),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
    /** The view token handed out when the link was opened (SHA-256), for reloads in that tab. */
    viewHash: text('view_hash'),
    viewExpiresAt: timestampTz('view_expires_at'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('extranet_links_secret_key').on(t.secretHash),
    uniqueIndex('extranet_links_view_key').on(t.viewHash),
    index('extranet_links_agent_idx').on(t.agentId, t.createdAt),
    check('extranet_links_art_check', oneOf(t.art, EXTRANET_LINK_KINDS)),
    check(
      'extranet_links_object_check',
      sql`(${t.art} = 'vertrag' AND ${t.contractId} IS NOT NULL) OR (${t.art} = 'kundendaten' AND ${t.partnerId} IS NOT NULL)`,
    ),
  ],
);

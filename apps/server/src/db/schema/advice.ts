// The advice channels (issue 15, ADR 0034): the agent's saved application drafts (entwuerfe).
// The bank codes of ?blz= are the agent-admin area's agent_bank_codes (schema/agent-admin.ts).
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { agents } from './agents';
import { partners } from './partners';

/** Where an agent's draft comes from: the agent's own advice, or an applicant's handed-over draft. */
export const AGENT_DRAFT_ORIGINS = ['BERATUNG', 'UEBERGABE'] as const;

export const agentDrafts = pgTable(
  'agent_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The agent who owns the draft; only this agent and the agents above it see it. */
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    produktSlug: text('produkt_slug').notNull(),
    /** Pruned answers per page (as application_drafts). */
    antworten: jsonb('antworten').notNull(),
    schritt: text('schritt').notNull(),
    /** The customer as the list shows them (name from the person page, or the portfolio partner). */
    kundeName: text('kunde_name'),
    /** The portfolio customer the advice started from (?kunde=), when it did. */
    partnerId: uuid('partner_id').references(() => partners.id, { onDelete: 'set null' }),
    herkunft: text('herkunft', { enum: AGENT_DRAFT_ORIGINS }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('agent_drafts_agent_idx').on(t.agentId, t.updatedAt),
    index('agent_drafts_expires_idx').on(t.expiresAt),
    check('agent_drafts_herkunft_check', sql`${t.herkunft} IN ('BERATUNG', 'UEBERGABE')`),
  ],
);

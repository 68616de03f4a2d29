// The embedding partners (issue 16, ADR 0036): look-ups for the public config, the CSP and the
// direct application channel, the clerks' list and upsert, and the cache of the active partners'
// origins the CSP frame-ancestors are made from.
import { agentMaySell } from '@schirm/domain/application/agent-sales';
import { APPLICATION_SLUGS, type ApplicationSlug } from '@schirm/domain/application/product-application';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { agents } from '../../db/schema/agents';
import { embeddingPartners } from '../../db/schema/embedding';
import type { Transaction } from '../../db/transaction';
import type { PartnerOrigins } from '../../platform/security';
import { findActiveAgentById, type SellingAgent } from '../advice/agents';

type Db = Database | Transaction;

export const PARTNER_KEY = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export type EmbeddingPartnerRow = typeof embeddingPartners.$inferSelect;

/** The broker a partner's host may show (SDK BrokerInfo). */
export interface BrokerInfo {
  brokerId: string;
  distributionPath: string;
  name: string;
}

/** The public configuration of an active partner, for a host origin on its allowlist. */
export interface PartnerConfig {
  partnerKey: string;
  name: string;
  brand: string | null;
  produkte: string[];
  kundenbereich: boolean;
  vermittler: BrokerInfo | null;
  origin: string;
}

export async function findPartnerByKey(db: Db, partnerKey: string): Promise<EmbeddingPartnerRow | undefined> {
  if (!PARTNER_KEY.test(partnerKey) || partnerKey.length > 50) return undefined;
  const [row] = await db.select().from(embeddingPartners).where(eq(embeddingPartners.partnerKey, partnerKey));
  return row;
}

export async function findActivePartner(
  db: Db,
  partnerKey: string,
): Promise<EmbeddingPartnerRow | undefined> {
  const row = await findPartnerByKey(db, partnerKey);
  return row?.aktiv ? row : undefined;
}

async function brokerInfo(db: Db, agentId: string | null): Promise<BrokerInfo | null> {
  if (!agentId) return null;
  const [agent] = await db
    .select({
      nummer: agents.vermittlerNummer,
      weg: agents.vertriebsweg,
      name: agents.name,
      status: agents.status,
    })
    .from(agents)
    .where(eq(agents.id, agentId));
  return agent && agent.status === 'AKTIV'
    ? { brokerId: agent.nummer, distributionPath: agent.weg, name: agent.name }
    : null;
}

/** The partner's public configuration, or undefined when it is unknown, inactive or the origin is not allowed. */
export async function partnerConfig(
  db: Db,
  partnerKey: string,
  origin: string,
  /** The portal's own origin: its pages (the quickstart's live preview) may frame it for any partner. */
  ownOrigin?: string,
): Promise<PartnerConfig | undefined> {
  const partner = await findActivePartner(db, partnerKey);
  if (!partner || (!partner.origins.includes(origin) && origin !== ownOrigin)) return undefined;
  return {
    partnerKey: partner.partnerKey,
    name: partner.name,
    brand: partner.brand,
    produkte: partner.produkte,
    kundenbereich: partner.kundenbereich,
    vermittler: await brokerInfo(db, partner.agentId),
    origin,
  };
}

/**
 * The agent a contract of the direct channel is concluded for when the application comes through
 * an embedding partner: 'unknown' for an unknown or inactive partner (or one without an active
 * broker), 'product' when the partner may not sell the product.
 */
export async function embeddingSeller(
  db: Db,
  partnerKey: string,
  productSlug: string,
): Promise<{ ok: true; agent: SellingAgent } | { ok: false; reason: 'unknown' | 'product' }> {
  const partner = await findActivePartner(db, partnerKey);
  if (!partner?.agentId) return { ok: false, reason: 'unknown' };
  if (!partner.produkte.includes(productSlug)) return { ok: false, reason: 'product' };
  const agent = await findActiveAgentById(db as Database, partner.agentId);
  if (!agent) return { ok: false, reason: 'unknown' };
  // The broker's own distribution channel must sell the product too (as on the advice channels).
  return agentMaySell(agent.vertriebsweg, productSlug as ApplicationSlug)
    ? { ok: true, agent }
    : { ok: false, reason: 'product' };
}

/** A partner as the clerk sees it (never the secret or its hash). */
export interface ClerkPartner {
  partnerKey: string;
  name: string;
  origins: string[];
  brand: string | null;
  vermittlernummer: string | null;
  vermittlerName: string | null;
  produkte: string[];
  kundenbereich: boolean;
  aktiv: boolean;
  geheimnisVorhanden: boolean;
  geheimnisErneuertAm: string | null;
  aktualisiertAm: string;
}

export async function listClerkPartners(db: Db): Promise<ClerkPartner[]> {
  const rows = await db
    .select({ partner: embeddingPartners, nummer: agents.vermittlerNummer, agentName: agents.name })
    .from(embeddingPartners)
    .leftJoin(agents, eq(agents.id, embeddingPartners.agentId))
    .orderBy(asc(embeddingPartners.name), asc(embeddingPartners.partnerKey));
  return rows.map(({ partner, nummer, agentName }) => ({
    partnerKey: partner.partnerKey,
    name: partner.name,
    origins: partner.origins,
    brand: partner.brand,
    vermittlernummer: nummer,
    vermittlerName: agentName,
    produkte: partner.produkte,
    kundenbereich: partner.kundenbereich,
    aktiv: partner.aktiv,
    geheimnisVorhanden: partner.secretHash !== null,
    geheimnisErneuertAm: partner.secretRotatedAt?.toISOString() ?? null,
    aktualisiertAm: partner.updatedAt.toISOString(),
  }));
}

export async function clerkPartner(db: Db, partnerKey: string): Promise<ClerkPartner | undefined> {
  return (await listClerkPartners(db)).find((partner) => partner.partnerKey === partnerKey);
}

export interface PartnerInput {
  name: string;
  origins: string[];
  brand: string | null;
  agentId: string | null;
  produkte: string[];
  kundenbereich: boolean;
  aktiv: boolean;
}

/** Creates or replaces the partner's settings (not its secret); true when it was created. */
export async function upsertPartner(
  db: Db,
  partnerKey: string,
  input: PartnerInput,
  now: Date,
): Promise<{ created: boolean; row: EmbeddingPartnerRow }> {
  const existing = await findPartnerByKey(db, partnerKey);
  const values = {
    name: input.name,
    origins: [...new Set(input.origins)],
    brand: input.brand,
    agentId: input.agentId,
    produkte: [...new Set(input.produkte)],
    kundenbereich: input.kundenbereich,
    aktiv: input.aktiv,
    updatedAt: now,
  };
  if (!existing) {
    // Two clerks creating the same key at once: the second one changes what the first created.
    const [inserted] = await db
      .insert(embeddingPartners)
      .values({ partnerKey, ...values, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (inserted) return { created: true, row: inserted };
  }
  const [row] = await db
    .update(embeddingPartners)
    .set(values)
    .where(eq(embeddingPartners.partnerKey, partnerKey))
    .returning();
  if (!row) throw new Error('embedding partner not saved');
  return { created: false, row };
}

export async function activeAgentIdByNumber(db: Db, vermittlernummer: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.vermittlerNummer, vermittlernummer), eq(agents.status, 'AKTIV')));
  return row?.id;
}

export const PRODUCT_SLUGS: readonly string[] = APPLICATION_SLUGS;

/** How long the active partners' origins are reused before they are read again (ADR 0036: ≤ 30 s). */
export const ORIGIN_CACHE_MS = 30_000;

/**
 * The active partners' origins for the CSP, read at most every 30 s and at once after a change in
 * this process (`clear`). One load at a time; requests during a load wait for it.
 */
export function createOriginCache(db: Database, clock: () => number = Date.now) {
  let cached: { value: PartnerOrigins; loadedAt: number } | undefined;
  let loading: Promise<PartnerOrigins> | undefined;
  let generation = 0;
  const load = async (): Promise<PartnerOrigins> => {
    const started = generation;
    const rows = await db
      .select({ key: embeddingPartners.partnerKey, origins: embeddingPartners.origins })
      .from(embeddingPartners)
      .where(eq(embeddingPartners.aktiv, true));
    const value: PartnerOrigins = {
      byPartner: new Map(rows.map((row) => [row.key, row.origins])),
      all: new Set(rows.flatMap((row) => row.origins)),
    };
    // A change during the load: this result may be stale; the next request reads again.
    if (started === generation) cached = { value, loadedAt: clock() };
    return value;
  };
  return {
    get(): PartnerOrigins | Promise<PartnerOrigins> {
      if (cached && clock() - cached.loadedAt < ORIGIN_CACHE_MS) return cached.value;
      loading ??= load().finally(() => {
        loading = undefined;
      });
      return loading;
    },
    clear(): void {
      generation += 1;
      cached = undefined;
      loading = undefined;
    },
  };
}
export type OriginCache = ReturnType<typeof createOriginCache>;

// The agent's application drafts (screen 5, /vermittler/entwuerfe/; ADR 0034): an advice saved at
// any step, or an applicant's public draft handed over to the agent. A draft lives 30 days from its
// last change (as public drafts, ADR 0023), expired ones are deleted on the way. The agent sees the
// drafts of its own agent and of the agents below it (agentScope, the one scope rule), a sub-agent
// only its own.
import { and, desc, eq, gt, inArray, lt } from 'drizzle-orm';
import { productApplication } from '@schirm/domain/application/applications';
import type { FlowAnswers } from '@schirm/domain/application/flow';
import { pruneAnswers } from '@schirm/domain/application/navigation';
import type { ApplicationContext } from '@schirm/domain/application/product-application';
import { flowFor } from '@schirm/domain/application/product-application';
import type { Database } from '../../db/database';
import { agentDrafts } from '../../db/schema/advice';
import { applicationDrafts } from '../../db/schema/applications';
import { withTransaction } from '../../db/transaction';
import { agentScope } from '../../platform/auth/ownership';
import type { Actor } from '../../platform/auth/actor';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { enqueueMessage } from '../outbox/outbox';
import type { Transports } from '../outbox/transports';
import type { SellingAgent } from './agents';
import { ADVICE_TEXTS as T } from './texts';

/** How long an agent's draft can be resumed after its last change. */
export const AGENT_DRAFT_VALIDITY_DAYS = 30;
const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AgentDraftSummary {
  entwurfId: string;
  produkt: string;
  produktName: string;
  kunde: string | null;
  schritt: string;
  herkunft: 'BERATUNG' | 'UEBERGABE';
  geaendertAm: string;
  gueltigBis: string;
  /** The agent who owns it (a sub-agent's draft shows in the parent agency's list). */
  vermittlerNummer: string | null;
}

/** The customer's name as the list shows it, from the person or applicant page. */
export function customerNameOf(answers: FlowAnswers): string | null {
  const page = answers['person'] ?? answers['antragsteller'];
  if (!page) return null;
  if (page['personArt'] === 'JuristischePersonDTO' && typeof page['firmenname'] === 'string') {
    return page['firmenname'];
  }
  const name = [page['vorname'], page['nachname']].filter((part) => typeof part === 'string').join(' ');
  return name === '' ? null : name;
}

function unknownDraft(id: string) {
  return notFound(`Agent draft ${id} unknown or out of scope`, {
    code: 'DRAFT_UNKNOWN',
    userMessage: T.draftUnknown,
  });
}

/** Saves a new draft or updates one the actor reaches; returns its id and expiry. */
export async function saveAgentDraft({
  db,
  actor,
  draftId,
  slug,
  answers,
  step,
  partnerId,
  context,
}: {
  db: Database;
  actor: Actor;
  draftId?: string | undefined;
  slug: string;
  answers: FlowAnswers;
  step: string;
  partnerId?: string | undefined;
  context: ApplicationContext & { now: Date };
}): Promise<{ entwurfId: string; gueltigBis: string }> {
  const application = productApplication(slug);
  if (!application || !actor.agentId)
    throw badRequest(`Unknown product ${slug}`, { userMessage: T.unknownProduct });
  const flow = flowFor(application, context);
  const pruned = pruneAnswers(flow, answers, 'vermittler-beratung');
  const schritt = flow.steps.some((candidate) => candidate.id === step) ? step : (flow.steps[0]?.id ?? '');
  const expiresAt = new Date(context.now.getTime() + AGENT_DRAFT_VALIDITY_DAYS * DAY_MS);
  const values = {
    produktSlug: application.slug,
    antworten: pruned,
    schritt,
    kundeName: customerNameOf(pruned),
    updatedAt: context.now,
    expiresAt,
  };
  return withTransaction(db, async (tx) => {
    await tx.delete(agentDrafts).where(lt(agentDrafts.expiresAt, context.now));
    if (draftId !== undefined) {
      const scope = agentScope(actor);
      const [updated] = UUID.test(draftId)
        ? await tx
            .update(agentDrafts)
            .set(values)
            .where(and(eq(agentDrafts.id, draftId), inArray(agentDrafts.agentId, scope)))
            .returning({ id: agentDrafts.id })
        : [];
      if (!updated) throw unknownDraft(draftId);
      return { entwurfId: updated.id, gueltigBis: expiresAt.toISOString() };
    }
    const [row] = await tx
      .insert(agentDrafts)
      .values({
        ...values,
        agentId: actor.agentId!,
        partnerId: partnerId ?? null,
        herkunft: 'BERATUNG',
        createdAt: context.now,
      })
      .returning({ id: agentDrafts.id });
    if (!row) throw new Error('INSERT agent_drafts returned no row');
    return { entwurfId: row.id, gueltigBis: expiresAt.toISOString() };
  });
}

/** The drafts the actor reaches, last changed first; expired ones are left out. */
export async function listAgentDrafts({
  db,
  actor,
  now,
  vermittlerNummern,
}: {
  db: Database;
  actor: Actor;
  now: Date;
  /** Agent id → Vermittlernummer of the agents in scope (for the owner column). */
  vermittlerNummern: ReadonlyMap<string, string>;
}): Promise<AgentDraftSummary[]> {
  const scope = agentScope(actor);
  if (scope.length === 0) return [];
  const rows = await db
    .select()
    .from(agentDrafts)
    .where(and(inArray(agentDrafts.agentId, scope), gt(agentDrafts.expiresAt, now)))
    .orderBy(desc(agentDrafts.updatedAt))
    .limit(200);
  return rows.map((row) => ({
    entwurfId: row.id,
    produkt: row.produktSlug,
    produktName: productApplication(row.produktSlug)?.name ?? row.produktSlug,
    kunde: row.kundeName,
    schritt: row.schritt,
    herkunft: row.herkunft,
    geaendertAm: row.updatedAt.toISOString(),
    gueltigBis: row.expiresAt.toISOString(),
    vermittlerNummer: vermittlerNummern.get(row.agentId) ?? null,
  }));
}

/** One draft to resume (in scope, not expired). */
export async function readAgentDraft({
  db,
  actor,
  draftId,
  now,
}: {
  db: Database;
  actor: Actor;
  draftId: string;
  now: Date;
}) {
  const scope = agentScope(actor);
  const [row] =
    UUID.test(draftId) && scope.length > 0
      ? await db
          .select()
          .from(agentDrafts)
          .where(and(eq(agentDrafts.id, draftId), inArray(agentDrafts.agentId, scope)))
      : [];
  if (!row) throw unknownDraft(draftId);
  if (row.expiresAt <= now) {
    throw new AppError({
      status: 410,
      code: 'DRAFT_EXPIRED',
      message: `Agent draft ${draftId} expired`,
      userMessage: T.draftExpired,
    });
  }
  return {
    entwurfId: row.id,
    produkt: row.produktSlug,
    antworten: row.antworten as Record<string, Record<string, unknown>>,
    schritt: row.schritt,
    kunde: row.kundeName,
    herkunft: row.herkunft,
    gueltigBis: row.expiresAt.toISOString(),
  };
}

/** Deletes a draft the actor reaches (404 otherwise; deleting twice is 404 the second time). */
export async function deleteAgentDraft({
  db,
  actor,
  draftId,
}: {
  db: Database;
  actor: Actor;
  draftId: string;
}) {
  const scope = agentScope(actor);
  const deleted =
    UUID.test(draftId) && scope.length > 0
      ? await db
          .delete(agentDrafts)
          .where(and(eq(agentDrafts.id, draftId), inArray(agentDrafts.agentId, scope)))
          .returning({ id: agentDrafts.id })
      : [];
  if (deleted.length === 0) throw unknownDraft(draftId);
}

/**
 * An applicant hands a public draft (ADR 0023) over to an agent (by the agent's link or number):
 * it moves to the agent's drafts (herkunft UEBERGABE) and the public one is deleted, so the
 * applicant's link no longer opens it; the agent is told by e-mail. Unknown or expired drafts are
 * 404/410 as on resuming.
 */
export async function handOverDraft({
  db,
  transports,
  publicUrl,
  draftId,
  agent,
  now,
}: {
  db: Database;
  transports: Transports;
  publicUrl: string;
  draftId: string;
  agent: SellingAgent;
  now: Date;
}): Promise<{ vermittler: string; agentur: string }> {
  return withTransaction(db, async (tx) => {
    const [draft] = UUID.test(draftId)
      ? await tx.select().from(applicationDrafts).where(eq(applicationDrafts.id, draftId)).for('update')
      : [];
    if (!draft) {
      throw notFound(`Draft ${draftId} unknown`, { code: 'DRAFT_UNKNOWN', userMessage: T.draftUnknown });
    }
    if (draft.expiresAt <= now) {
      throw new AppError({
        status: 410,
        code: 'DRAFT_EXPIRED',
        message: 'Draft expired',
        userMessage: T.draftExpired,
      });
    }
    const answers = draft.antworten as FlowAnswers;
    await tx.insert(agentDrafts).values({
      agentId: agent.id,
      produktSlug: draft.produktSlug,
      antworten: answers,
      schritt: draft.schritt,
      kundeName: customerNameOf(answers),
      partnerId: null,
      herkunft: 'UEBERGABE',
      createdAt: now,
      updatedAt: now,
      expiresAt: new Date(now.getTime() + AGENT_DRAFT_VALIDITY_DAYS * DAY_MS),
    });
    await tx.delete(applicationDrafts).where(eq(applicationDrafts.id, draftId));
    await enqueueMessage(tx, transports, {
      channel: 'email',
      to: agent.email,
      subject: T.handoverMail.subject,
      body: T.handoverMail.body(
        productApplication(draft.produktSlug)?.name ?? draft.produktSlug,
        `${publicUrl}/vermittler/entwuerfe/`,
      ),
      purpose: 'AGENT_DRAFT_HANDOVER',
    });
    return { vermittler: agent.name, agentur: agent.agentur.name };
  });
}

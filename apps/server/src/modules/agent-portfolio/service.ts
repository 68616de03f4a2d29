// Kundenbestand (issue 15, ADR 0030): the agent's customers, searched, filtered, sorted and paged,
// and the same selection as download rows. Everything starts from agentScope(actor): the agent's
// own contracts and those of every agent below it; a chosen sub-agent must be inside that scope.
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { PortfolioSortierung } from '@schirm/domain/agent/portfolio';
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';
import {
  SUMMARY_PRODUKTE,
  VERTRAGSSTATUS,
  ZAHLWEISEN,
  type SummaryProdukt,
  type Vertragsstatus,
} from '@schirm/domain/products/enums';
import type { Database } from '../../db/database';
import type { Actor } from '../../platform/auth/actor';
import { agentScope } from '../../platform/auth/ownership';
import { badRequest, notFound } from '../../platform/errors';
import {
  customersStatement,
  exportRowsStatement,
  pageDetailsStatement,
  scopeAgentsStatement,
  type PortfolioSelection,
} from './query';
import { PORTFOLIO_TEXTS } from './texts';

/** The filters of list and download, as the routes' query schema parses them. */
export interface PortfolioFilter {
  suche?: string | undefined;
  produkt?: readonly SummaryProdukt[] | undefined;
  status?: readonly Vertragsstatus[] | undefined;
  /** Agent id or 10-digit agent number of an agent in the caller's scope. */
  untervermittler?: string | undefined;
  ueberfaellig?: boolean | undefined;
  offeneAufgabe?: boolean | undefined;
  sortierung: PortfolioSortierung;
}

async function rowsOf<T>(db: Database, statement: SQL, schema: z.ZodType<T>): Promise<T[]> {
  const result = await db.execute(statement);
  // node-postgres answers `execute` with a QueryResult, PGlite with { rows }; both carry `rows`.
  return z.array(schema).parse((result as unknown as { rows: unknown[] }).rows);
}

const scopeAgentSchema = z.object({
  id: z.string(),
  vermittler_nummer: z.string(),
  name: z.string(),
  agentur_name: z.string(),
  parent_agent_id: z.string().nullable(),
});

/** The agents the caller may see (its own first), for the sub-agent filter. */
async function scopeAgents(db: Database, scope: readonly string[]) {
  return rowsOf(db, scopeAgentsStatement(scope), scopeAgentSchema);
}

/** The agents whose contracts count: the whole scope, or the one chosen agent within it. */
async function selectedAgents(db: Database, actor: Actor, filter: PortfolioFilter): Promise<string[]> {
  const scope = agentScope(actor);
  if (scope.length === 0) throw notFound(`Account ${actor.userId} has no agent`);
  const wanted = filter.untervermittler?.trim();
  if (!wanted) return scope;
  // Unknown and out-of-scope agents get the same answer: the caller learns nothing about others.
  const [agent] = await rowsOf(
    db,
    sql`SELECT id FROM agents WHERE id IN (${sql.join(
      scope.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) AND (id::text = ${wanted} OR vermittler_nummer = ${wanted})`,
    z.object({ id: z.string() }),
  );
  if (!agent) {
    throw badRequest(`Agent ${wanted} is not in the scope of ${actor.userId}`, {
      code: 'UNTERVERMITTLER_UNBEKANNT',
      userMessage: PORTFOLIO_TEXTS.untervermittlerUnbekannt,
      fieldErrors: [{ path: 'untervermittler', message: PORTFOLIO_TEXTS.untervermittlerUnbekannt }],
    });
  }
  return [agent.id];
}

async function selectionOf(
  db: Database,
  actor: Actor,
  filter: PortfolioFilter,
  heute: CalendarDate,
): Promise<PortfolioSelection> {
  return {
    agentIds: await selectedAgents(db, actor, filter),
    heute,
    ...(filter.suche?.trim() ? { suche: filter.suche.trim() } : {}),
    ...(filter.produkt?.length ? { produkte: filter.produkt } : {}),
    ...(filter.status?.length ? { status: filter.status } : {}),
    ...(filter.ueberfaellig ? { ueberfaellig: true } : {}),
    ...(filter.offeneAufgabe ? { offeneAufgabe: true } : {}),
  };
}

const customerRowSchema = z.object({ partner_id: z.string(), gesamt: z.number().int() });

const jsonValue = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' ? JSON.parse(value) : value), schema);

const pageDetailSchema = z.object({
  partner_id: z.string(),
  partner_nummer: z.string(),
  person_art: z.string(),
  vorname: z.string().nullable(),
  nachname: z.string().nullable(),
  firmenname: z.string().nullable(),
  email: z.string().nullable(),
  adresse: jsonValue(z.object({ plz: z.string(), ort: z.string() }).nullable()),
  vertraege: z.number().int(),
  produkte: z.array(z.enum(SUMMARY_PRODUKTE)),
  status: z.array(z.enum(VERTRAGSSTATUS)),
  jahresbeitrag_cents: z.coerce.number().int(),
  vermittler: jsonValue(z.array(z.object({ vermittlerNummer: z.string(), name: z.string() }))),
  ueberfaellig: z.boolean(),
  offene_aufgabe: z.boolean(),
});

/** 'Schneider, Anna' for a person, the company name for a company. */
export function customerName(row: {
  vorname: string | null;
  nachname: string | null;
  firmenname: string | null;
}): string {
  if (row.firmenname) return row.firmenname;
  return [row.nachname, row.vorname].filter(Boolean).join(', ');
}

export interface PortfolioCustomer {
  partnerNummer: string;
  name: string;
  privat: boolean;
  email: string | null;
  plz: string | null;
  ort: string | null;
  vertraege: number;
  produkte: SummaryProdukt[];
  status: Vertragsstatus[];
  jahresbeitragCents: number;
  ueberfaellig: boolean;
  offeneAufgabe: boolean;
  vermittler: { vermittlerNummer: string; name: string }[];
}

export interface PortfolioPage {
  kunden: PortfolioCustomer[];
  gesamt: number;
  seite: number;
  proSeite: number;
  /** Agents of the caller's scope (the caller first), for the sub-agent filter. */
  vermittler: { id: string; vermittlerNummer: string; name: string; agenturName: string; eigene: boolean }[];
}

/** One page of the caller's customers, with the total of the selection for 'X von Y'. */
export async function listPortfolio({
  db,
  actor,
  filter,
  seite,
  proSeite,
  heute,
}: {
  db: Database;
  actor: Actor;
  filter: PortfolioFilter;
  seite: number;
  proSeite: number;
  heute: CalendarDate;
}): Promise<PortfolioPage> {
  const selection = await selectionOf(db, actor, filter, heute);
  const rows = await rowsOf(
    db,
    customersStatement(selection, filter.sortierung, { limit: proSeite, offset: (seite - 1) * proSeite }),
    customerRowSchema,
  );
  // A page past the end has no row to carry the total: count the selection on its own.
  const gesamt =
    rows[0]?.gesamt ??
    (seite > 1
      ? ((
          await rowsOf(
            db,
            customersStatement(selection, filter.sortierung, { limit: 1, offset: 0 }),
            customerRowSchema,
          )
        )[0]?.gesamt ?? 0)
      : 0);
  const details =
    rows.length === 0
      ? []
      : await rowsOf(
          db,
          pageDetailsStatement(
            selection,
            rows.map((row) => row.partner_id),
          ),
          pageDetailSchema,
        );
  const detailOf = new Map(details.map((detail) => [detail.partner_id, detail]));
  const agents = await scopeAgents(db, agentScope(actor));
  return {
    kunden: rows.flatMap((row) => {
      const detail = detailOf.get(row.partner_id);
      if (!detail) return [];
      return [
        {
          partnerNummer: detail.partner_nummer,
          name: customerName(detail),
          privat: detail.person_art === 'NatuerlichePersonDTO',
          email: detail.email,
          plz: detail.adresse?.plz ?? null,
          ort: detail.adresse?.ort ?? null,
          vertraege: detail.vertraege,
          produkte: [...detail.produkte].sort(),
          status: [...detail.status].sort(
            (left, right) => VERTRAGSSTATUS.indexOf(left) - VERTRAGSSTATUS.indexOf(right),
          ),
          jahresbeitragCents: detail.jahresbeitrag_cents,
          ueberfaellig: detail.ueberfaellig,
          offeneAufgabe: detail.offene_aufgabe,
          vermittler: [...detail.vermittler].sort((left, right) => left.name.localeCompare(right.name, 'de')),
        },
      ];
    }),
    gesamt,
    seite,
    proSeite,
    vermittler: agents.map((agent) => ({
      id: agent.id,
      vermittlerNummer: agent.vermittler_nummer,
      name: agent.name,
      agenturName: agent.agentur_name,
      eigene: agent.id === actor.agentId,
    })),
  };
}

const exportRowSchema = z.object({
  partner_id: z.string(),
  versicherungs_nummer: z.string(),
  produkt: z.enum(SUMMARY_PRODUKTE),
  status: z.enum(VERTRAGSSTATUS),
  vertrags_beginn: z.string(),
  ablaufdatum: z.string().nullable(),
  beendigungsdatum: z.string().nullable(),
  hauptfaelligkeit_tag: z.number().int(),
  hauptfaelligkeit_monat: z.number().int(),
  zahlweise: z.enum(ZAHLWEISEN),
  netto_jahresbeitrag_cents: z.coerce.number().int(),
  brutto_beitrag_pro_periode_cents: z.coerce.number().int(),
  partner_nummer: z.string(),
  person_art: z.string(),
  anrede: z.string().nullable(),
  vorname: z.string().nullable(),
  nachname: z.string().nullable(),
  firmenname: z.string().nullable(),
  email: z.string().nullable(),
  telefon: z.string().nullable(),
  strasse: z.string().nullable(),
  hausnummer: z.string().nullable(),
  plz: z.string().nullable(),
  ort: z.string().nullable(),
  vermittler_nummer: z.string(),
  vermittler_name: z.string(),
  ueberfaellig_cents: z.coerce.number().int(),
  offene_aufgaben: z.number().int(),
});
export type PortfolioExportRow = z.infer<typeof exportRowSchema>;

/** Customers per statement of the download: bounds the rows held at once. */
const EXPORT_BATCH_CUSTOMERS = 500;

/**
 * The selected contracts of the caller's customers, one per row, in list order, fetched in batches
 * of customers so the download streams with bounded memory. The scope (and a chosen sub-agent) is
 * checked before the first row, so a bad filter is an error answer, not a broken file.
 */
export async function portfolioExport({
  db,
  actor,
  filter,
  heute,
}: {
  db: Database;
  actor: Actor;
  filter: PortfolioFilter;
  heute: CalendarDate;
}): Promise<AsyncIterable<PortfolioExportRow[]>> {
  const selection = await selectionOf(db, actor, filter, heute);
  const customers = await rowsOf(
    db,
    customersStatement(selection, filter.sortierung),
    z.object({ partner_id: z.string() }),
  );
  const partnerIds = customers.map((row) => row.partner_id);
  return {
    async *[Symbol.asyncIterator]() {
      for (let start = 0; start < partnerIds.length; start += EXPORT_BATCH_CUSTOMERS) {
        const batch = partnerIds.slice(start, start + EXPORT_BATCH_CUSTOMERS);
        yield await rowsOf(db, exportRowsStatement(selection, batch), exportRowSchema);
      }
    },
  };
}

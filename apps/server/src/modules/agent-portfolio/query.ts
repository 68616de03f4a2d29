// The SQL of the Kundenbestand (ADR 0030). Every statement starts from the agents the caller may
// see (agentScope) and reads their contracts through contracts_portfolio_idx (migration 0015), so
// the work grows with the agency's book, not with the whole database. The filters select contracts;
// the list groups the selected contracts by customer, the download lists them one per row.
import { sql, type SQL } from 'drizzle-orm';
import {
  portfolioSuchart,
  portfolioSuchworte,
  type PortfolioSortierung,
} from '@schirm/domain/agent/portfolio';
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';
import type { SummaryProdukt, Vertragsstatus } from '@schirm/domain/products/enums';

/** What the caller asked for, with the agents already resolved within the scope. */
export interface PortfolioSelection {
  /** The agents whose contracts count: the scope, or the one chosen sub-agent inside it. */
  agentIds: readonly string[];
  suche?: string;
  produkte?: readonly SummaryProdukt[];
  status?: readonly Vertragsstatus[];
  ueberfaellig?: boolean;
  offeneAufgabe?: boolean;
  heute: CalendarDate;
}

/**
 * The normalised text a name or e-mail search looks in. The trigram index of migration 0015 is on
 * exactly this expression (with the table's column names), so keep the two the same.
 */
export const PORTFOLIO_SUCHTEXT = sql`lower(coalesce(p.vorname, '') || ' ' || coalesce(p.nachname, '') || ' ' || coalesce(p.firmenname, '') || ' ' || coalesce(p.email, ''))`;

/** Sort key of a customer's name: company name, else 'Nachname Vorname'. */
const NAME_KEY = sql`lower(coalesce(p.firmenname, p.nachname || ' ' || coalesce(p.vorname, '')))`;

/** `%`, `_` and `\` of a search are text, not patterns. */
function likeLiteral(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function list<T extends string>(values: readonly T[], cast: string): SQL {
  return sql`(${sql.join(
    values.map((value) => sql`${value}${sql.raw(`::${cast}`)}`),
    sql`, `,
  )})`;
}

/** The conditions on a contract `c` that the filters set. */
export function contractConditions(selection: PortfolioSelection): SQL {
  const conditions: SQL[] = [sql`c.agent_id IN ${list(selection.agentIds, 'uuid')}`];
  if (selection.produkte?.length) conditions.push(sql`c.produkt IN ${list(selection.produkte, 'text')}`);
  if (selection.status?.length) conditions.push(sql`c.status IN ${list(selection.status, 'text')}`);
  if (selection.ueberfaellig) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM open_premiums o WHERE o.contract_id = c.id AND o.faellig_am < ${selection.heute}::date)`,
    );
  }
  if (selection.offeneAufgabe) {
    conditions.push(sql`EXISTS (SELECT 1 FROM tasks t WHERE t.contract_id = c.id AND t.status = 'Offen')`);
  }
  return sql.join(conditions, sql` AND `);
}

/** The search's condition on a customer (partner `p`, current address `a`, grouped contracts `k`). */
function searchCondition(suche: string | undefined): { condition: SQL; needsAddress: boolean } {
  const trimmed = suche?.trim() ?? '';
  if (trimmed === '') return { condition: sql`TRUE`, needsAddress: false };
  if (portfolioSuchart(trimmed) === 'nummer') {
    const prefix = `${likeLiteral(trimmed)}%`;
    return {
      condition: sql`(k.nummer_passt OR p.partner_nummer LIKE ${prefix} OR a.plz LIKE ${prefix})`,
      needsAddress: true,
    };
  }
  const words = portfolioSuchworte(trimmed).map(
    (word) => sql`${PORTFOLIO_SUCHTEXT} LIKE ${`%${likeLiteral(word)}%`}`,
  );
  return { condition: sql.join(words, sql` AND `), needsAddress: false };
}

function numberMatch(suche: string | undefined): SQL {
  const trimmed = suche?.trim() ?? '';
  if (trimmed === '' || portfolioSuchart(trimmed) !== 'nummer') return sql`FALSE`;
  return sql`bool_or(c.versicherungs_nummer LIKE ${`${likeLiteral(trimmed)}%`})`;
}

function orderBy(sortierung: PortfolioSortierung): SQL {
  switch (sortierung) {
    case 'name-absteigend':
      return sql`${NAME_KEY} DESC, p.partner_nummer DESC`;
    case 'partnernummer':
      return sql`p.partner_nummer`;
    case 'plz':
      return sql`a.plz NULLS LAST, ${NAME_KEY}, p.partner_nummer`;
    case 'beitrag-absteigend':
      return sql`k.jahresbeitrag_cents DESC, ${NAME_KEY}, p.partner_nummer`;
    case 'name':
      return sql`${NAME_KEY}, p.partner_nummer`;
  }
}

/**
 * The selected customers in list order: their contracts grouped (count, products, statuses, annual
 * premium of the running ones), the partner's name, and the total of the whole selection with
 * every row. `limit` undefined: all of them (the download's order).
 */
export function customersStatement(
  selection: PortfolioSelection,
  sortierung: PortfolioSortierung,
  page?: { limit: number; offset: number },
): SQL {
  const search = searchCondition(selection.suche);
  const withAddress = search.needsAddress || sortierung === 'plz';
  return sql`
    WITH k AS (
      SELECT c.partner_id,
             count(*)::int AS vertraege,
             array_agg(DISTINCT c.produkt) AS produkte,
             array_agg(DISTINCT c.status) AS status,
             coalesce(sum(c.netto_jahresbeitrag_cents) FILTER (WHERE c.status IN ('LAUFEND', 'AUSLAUFEND')), 0)::bigint AS jahresbeitrag_cents,
             ${numberMatch(selection.suche)} AS nummer_passt
      FROM contracts c
      WHERE ${contractConditions(selection)}
      GROUP BY c.partner_id
    )
    SELECT p.id AS partner_id, p.partner_nummer, p.person_art, p.vorname, p.nachname, p.firmenname,
           p.email, k.vertraege, k.produkte, k.status, k.jahresbeitrag_cents::text AS jahresbeitrag_cents,
           count(*) OVER ()::int AS gesamt
    FROM k
    JOIN partners p ON p.id = k.partner_id
    ${withAddress ? sql`LEFT JOIN addresses a ON a.partner_id = p.id AND a.gueltig_bis IS NULL` : sql``}
    WHERE ${search.condition}
    ORDER BY ${orderBy(sortierung)}
    ${page ? sql`LIMIT ${page.limit} OFFSET ${page.offset}` : sql``}`;
}

/**
 * Address, agents and flags of the customers of one page, over the selected contracts only (the
 * overdue and task look-ups run for the page, not for the whole book).
 */
export function pageDetailsStatement(selection: PortfolioSelection, partnerIds: readonly string[]): SQL {
  return sql`
    SELECT c.partner_id,
           (SELECT json_build_object('plz', a.plz, 'ort', a.ort)
              FROM addresses a WHERE a.partner_id = c.partner_id AND a.gueltig_bis IS NULL) AS adresse,
           json_agg(DISTINCT jsonb_build_object('vermittlerNummer', g.vermittler_nummer, 'name', g.name)) AS vermittler,
           bool_or(EXISTS (SELECT 1 FROM open_premiums o WHERE o.contract_id = c.id AND o.faellig_am < ${selection.heute}::date)) AS ueberfaellig,
           bool_or(EXISTS (SELECT 1 FROM tasks t WHERE t.contract_id = c.id AND t.status = 'Offen')) AS offene_aufgabe
    FROM contracts c
    JOIN agents g ON g.id = c.agent_id
    WHERE c.partner_id IN ${list(partnerIds, 'uuid')} AND ${contractConditions(selection)}
    GROUP BY c.partner_id`;
}

/** The selected contracts of some customers with everything the download shows, in list order. */
export function exportRowsStatement(selection: PortfolioSelection, partnerIds: readonly string[]): SQL {
  return sql`
    SELECT c.partner_id, c.versicherungs_nummer, c.produkt, c.status, c.vertrags_beginn::text AS vertrags_beginn,
           c.ablaufdatum::text AS ablaufdatum, c.beendigungsdatum::text AS beendigungsdatum, c.hauptfaelligkeit_tag, c.hauptfaelligkeit_monat, c.zahlweise,
           c.netto_jahresbeitrag_cents::text AS netto_jahresbeitrag_cents,
           c.brutto_beitrag_pro_periode_cents::text AS brutto_beitrag_pro_periode_cents,
           p.partner_nummer, p.person_art, p.anrede, p.vorname, p.nachname, p.firmenname, p.email, p.telefon,
           a.strasse, a.hausnummer, a.plz, a.ort,
           g.vermittler_nummer, g.name AS vermittler_name,
           (SELECT coalesce(sum(o.betrag_cents), 0)::text FROM open_premiums o
             WHERE o.contract_id = c.id AND o.faellig_am < ${selection.heute}::date) AS ueberfaellig_cents,
           (SELECT count(*)::int FROM tasks t WHERE t.contract_id = c.id AND t.status = 'Offen') AS offene_aufgaben
    FROM contracts c
    JOIN partners p ON p.id = c.partner_id
    JOIN agents g ON g.id = c.agent_id
    LEFT JOIN addresses a ON a.partner_id = p.id AND a.gueltig_bis IS NULL
    WHERE c.partner_id IN ${list(partnerIds, 'uuid')} AND ${contractConditions(selection)}
    ORDER BY array_position(ARRAY[${sql.join(
      partnerIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}], c.partner_id), c.versicherungs_nummer`;
}

/** Agents of the scope with their numbers and names, for the sub-agent filter. */
export function scopeAgentsStatement(agentIds: readonly string[]): SQL {
  return sql`
    SELECT id, vermittler_nummer, name, agentur_name, parent_agent_id
    FROM agents WHERE id IN ${list(agentIds, 'uuid')}
    ORDER BY (parent_agent_id IS NOT NULL), name`;
}

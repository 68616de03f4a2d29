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

/** Whether a filter narrows the contracts (the list then reads the contracts of the scope too). */
function hasContractFilter(selection: PortfolioSelection): boolean {
  return Boolean(
    selection.produkte?.length ||
    selection.status?.length ||
    selection.ueberfaellig ||
    selection.offeneAufgabe,
  );
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

/** The search as a number (start of contract number, partner number or postcode), if it is one. */
function numberPrefix(suche: string | undefined): string | undefined {
  const trimmed = suche?.trim() ?? '';
  if (trimmed === '' || portfolioSuchart(trimmed) !== 'nummer') return undefined;
  return `${likeLiteral(trimmed)}%`;
}

/** A text search's condition on the kept search text (names and e-mail, lower case): every word. */
function textCondition(suche: string | undefined): SQL {
  const trimmed = suche?.trim() ?? '';
  if (trimmed === '' || portfolioSuchart(trimmed) !== 'text') return sql``;
  const words = portfolioSuchworte(trimmed).map(
    (word) => sql` AND a.suchtext LIKE ${`%${likeLiteral(word)}%`}`,
  );
  return sql.join(words, sql``);
}

function orderBy(sortierung: PortfolioSortierung): SQL {
  switch (sortierung) {
    case 'name-absteigend':
      return sql`k.sortname DESC, k.partner_nummer DESC`;
    case 'partnernummer':
      return sql`k.partner_nummer`;
    case 'plz':
      return sql`k.plz NULLS LAST, k.sortname, k.partner_nummer`;
    case 'beitrag-absteigend':
      return sql`v.jahresbeitrag_cents DESC, k.sortname, k.partner_nummer`;
    case 'name':
      return sql`k.sortname, k.partner_nummer`;
  }
}

/**
 * The selected customers in list order (their ids) with the total of the whole selection on every
 * row. The customers come from agent_portfolio_kunden (migration 0015: name, number, search text
 * and postcode per agent and customer, kept by triggers); the contracts of the scope are read,
 * from their covering index, only when a filter or the order needs them. `page` undefined: all of
 * them (the download's order).
 */
export function customersStatement(
  selection: PortfolioSelection,
  sortierung: PortfolioSortierung,
  page?: { limit: number; offset: number },
): SQL {
  const prefix = numberPrefix(selection.suche);
  const withContracts =
    hasContractFilter(selection) || sortierung === 'beitrag-absteigend' || prefix !== undefined;
  return sql`
    WITH k AS (
      SELECT a.partner_id, min(a.sortname) AS sortname, min(a.partner_nummer) AS partner_nummer, min(a.plz) AS plz
      FROM agent_portfolio_kunden a
      WHERE a.agent_id IN ${list(selection.agentIds, 'uuid')}${textCondition(selection.suche)}
      GROUP BY a.partner_id
    )${
      withContracts
        ? sql`, v AS (
      SELECT c.partner_id,
             coalesce(sum(c.netto_jahresbeitrag_cents) FILTER (WHERE c.status IN ('LAUFEND', 'AUSLAUFEND')), 0) AS jahresbeitrag_cents,
             ${prefix === undefined ? sql`FALSE` : sql`bool_or(c.versicherungs_nummer LIKE ${prefix})`} AS nummer_passt
      FROM contracts c
      WHERE ${contractConditions(selection)}
      GROUP BY c.partner_id
    )`
        : sql``
    }
    SELECT k.partner_id, count(*) OVER ()::int AS gesamt
    FROM k${withContracts ? sql` JOIN v ON v.partner_id = k.partner_id` : sql``}
    ${prefix === undefined ? sql`` : sql`WHERE (v.nummer_passt OR k.partner_nummer LIKE ${prefix} OR k.plz LIKE ${prefix})`}
    ORDER BY ${orderBy(sortierung)}
    ${page ? sql`LIMIT ${page.limit} OFFSET ${page.offset}` : sql``}`;
}

/**
 * The customers of one page with their selected contracts summarised (count, products, statuses,
 * annual premium of the running ones, agents, overdue premium, open task) and their current
 * address: the per-contract look-ups run for the page, not for the whole book.
 */
export function pageDetailsStatement(selection: PortfolioSelection, partnerIds: readonly string[]): SQL {
  return sql`
    SELECT p.id AS partner_id, p.partner_nummer, p.person_art, p.vorname, p.nachname, p.firmenname, p.email,
           (SELECT json_build_object('plz', a.plz, 'ort', a.ort)
              FROM addresses a WHERE a.partner_id = p.id AND a.gueltig_bis IS NULL) AS adresse,
           x.vertraege, x.produkte, x.status, x.jahresbeitrag_cents::text AS jahresbeitrag_cents,
           x.vermittler, x.ueberfaellig, x.offene_aufgabe
    FROM partners p
    JOIN LATERAL (
      SELECT count(*)::int AS vertraege,
             array_agg(DISTINCT c.produkt) AS produkte,
             array_agg(DISTINCT c.status) AS status,
             coalesce(sum(c.netto_jahresbeitrag_cents) FILTER (WHERE c.status IN ('LAUFEND', 'AUSLAUFEND')), 0) AS jahresbeitrag_cents,
             json_agg(DISTINCT jsonb_build_object('vermittlerNummer', g.vermittler_nummer, 'name', g.name)) AS vermittler,
             coalesce(bool_or(EXISTS (SELECT 1 FROM open_premiums o WHERE o.contract_id = c.id AND o.faellig_am < ${selection.heute}::date)), false) AS ueberfaellig,
             coalesce(bool_or(EXISTS (SELECT 1 FROM tasks t WHERE t.contract_id = c.id AND t.status = 'Offen')), false) AS offene_aufgabe
      FROM contracts c
      JOIN agents g ON g.id = c.agent_id
      WHERE c.partner_id = p.id AND ${contractConditions(selection)}
    ) x ON x.vertraege > 0
    WHERE p.id IN ${list(partnerIds, 'uuid')}`;
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

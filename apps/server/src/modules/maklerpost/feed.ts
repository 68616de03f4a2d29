// Maklerpost (issue 16): a BiPRO 430-like delivery feed per agency. The deliveries are derived from
// the tables the other modules already write (contracts, pending_changes, contract_holder_changes,
// open_premiums, contract_documents) by one UNION ALL query with stable ids '<prefix>-<row uuid>';
// only the agency's acknowledgements are stored (maklerpost_quittungen). So no other module needs a
// hook, and the feed also holds everything that happened before it existed.
// Scope: the agency's own contracts and those of every agent below it (platform/auth/ownership.ts
// agentScope, agent-hierarchy.ts); another agency's rows are never selected.
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { catalogueEntryForSummaryProdukt } from '@schirm/domain/products/catalogue';
import { formatGermanDate } from '@schirm/domain/dates/calendar-date';
import { SUMMARY_PRODUKTE } from '@schirm/domain/products/enums';
import type { Database } from '../../db/database';
import { maklerpostQuittungen, type MaklerpostQuittiertDurch } from '../../db/schema/maklerpost';
import { badRequest, notFound } from '../../platform/errors';

/** The agency a call is made for: the agent of the credential or sign-in and every agent below it. */
export interface Agency {
  agentId: string;
  vermittlerNummer: string;
  /** agentId and every agent below it. */
  scope: readonly string[];
}

/** The kinds of deliveries (Kategorie), with the id prefix of their source rows. */
export const MAKLERPOST_KATEGORIEN = [
  'VERTRAG_ANGELEGT',
  'VERTRAGSAENDERUNG',
  'KUENDIGUNG',
  'WIDERRUF',
  'AUFHEBUNG',
  'RUECKTRITT',
  'MAHNUNG',
  'DOKUMENT',
] as const;
export type MaklerpostKategorie = (typeof MAKLERPOST_KATEGORIEN)[number];

/** Id prefixes: VA contract, AE pending change, IW holder change, BE ending, MA reminder, DO document. */
export const LIEFERUNG_ID_PATTERN =
  /^(VA|AE|IW|BE|MA|DO)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface Lieferung {
  id: string;
  kategorie: MaklerpostKategorie;
  bezeichnung: string;
  vertragsnummer: string;
  partnernummer: string;
  kundenname: string;
  vermittlernummer: string;
  sparte: string;
  /** When it happened (ISO 8601, UTC). */
  erstellungsdatum: string;
  /** The day a change, ending or payment deadline takes effect (yyyy-MM-dd). */
  wirksamAb: string | null;
  betrag: number | null;
  quittiert: boolean;
  quittiertAm: string | null;
  dokument: { id: string; name: string; url: string } | null;
}

export interface FeedQuery {
  ungelesen: boolean;
  /** Only deliveries from this day ('yyyy-MM-dd', from midnight in Germany) or instant (ISO 8601 with offset). */
  seit?: string;
  cursor?: string;
  limit: number;
}

export interface FeedPage {
  lieferungen: Lieferung[];
  /** Pass as `cursor` for the next page; null on the last page. */
  naechsterCursor: string | null;
  /** Unacknowledged deliveries of the agency in total (not only this page). */
  anzahlUngelesen: number;
}

const rowSchema = z.object({
  id: z.string(),
  kategorie: z.enum(MAKLERPOST_KATEGORIEN),
  erstellt: z.string(),
  detail: z.string().nullable(),
  wirksam_ab: z.string().nullable(),
  betrag_cents: z.coerce.number().nullable(),
  dokument_id: z.string().nullable(),
  dokument_name: z.string().nullable(),
  versicherungs_nummer: z.string(),
  partner_nummer: z.string(),
  person_art: z.string(),
  vorname: z.string().nullable(),
  nachname: z.string().nullable(),
  firmenname: z.string().nullable(),
  vermittler_nummer: z.string(),
  produkt: z.enum(SUMMARY_PRODUKTE),
  quittiert_am: z.string().nullable(),
});
type Row = z.infer<typeof rowSchema>;

function rowsOf(result: unknown): unknown[] {
  // node-postgres answers `execute` with a QueryResult, PGlite with { rows }; both carry `rows`.
  return (result as { rows: unknown[] }).rows;
}

// Timestamps leave the database as text with microseconds, so a cursor compares exactly.
const isoText = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
// A day-only event (an ending declared, a reminder sent) counts from the start of that day in Germany.
const dayStart = (column: SQL) => sql`(${column}::timestamp AT TIME ZONE 'Europe/Berlin')`;

/** Every delivery of the agency as one relation (events), joined with its contract, partner and agent. */
function deliveries(agency: Agency): SQL {
  const scope = sql`ARRAY[${sql.join(
    agency.scope.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
  return sql`
    scoped AS (
      SELECT c.id, c.versicherungs_nummer, c.produkt, c.created_at, c.beendigung_art,
             c.beendigung_erklaert_am, c.beendigungsdatum, c.beendigung_grund,
             p.partner_nummer, p.person_art, p.vorname, p.nachname, p.firmenname, a.vermittler_nummer
      FROM contracts c
      JOIN partners p ON p.id = c.partner_id
      JOIN agents a ON a.id = c.agent_id
      WHERE c.agent_id = ANY(${scope})
    ),
    events AS (
      SELECT 'VA-' || c.id AS id, 'VERTRAG_ANGELEGT' AS kategorie, c.created_at AS erstellt,
             c.id AS contract_id, NULL::text AS detail, NULL::date AS wirksam_ab,
             NULL::bigint AS betrag_cents, NULL::uuid AS dokument_id, NULL::text AS dokument_name
      FROM scoped c
      UNION ALL
      SELECT 'AE-' || pc.id, 'VERTRAGSAENDERUNG', pc.created_at, pc.contract_id, pc.typ,
             pc.wirksamkeitsdatum, NULL, NULL, NULL
      FROM pending_changes pc JOIN scoped c ON c.id = pc.contract_id
      UNION ALL
      SELECT 'IW-' || hc.id, 'VERTRAGSAENDERUNG', hc.confirmed_at, hc.contract_id, 'versicherungsnehmer',
             hc.wirksam_ab, NULL, NULL, NULL
      FROM contract_holder_changes hc JOIN scoped c ON c.id = hc.contract_id
      WHERE hc.status IN ('BESTAETIGT', 'DURCHGEFUEHRT') AND hc.confirmed_at IS NOT NULL
      UNION ALL
      SELECT 'BE-' || c.id, c.beendigung_art, ${dayStart(sql`c.beendigung_erklaert_am`)}, c.id,
             c.beendigung_grund, c.beendigungsdatum, NULL, NULL, NULL
      FROM scoped c WHERE c.beendigung_art IS NOT NULL
      UNION ALL
      SELECT 'MA-' || op.id, 'MAHNUNG', ${dayStart(sql`op.gemahnt_am`)}, op.contract_id, op.art,
             op.zahlungsfrist_bis, op.betrag_cents, NULL, NULL
      FROM open_premiums op JOIN scoped c ON c.id = op.contract_id
      WHERE op.gemahnt_am IS NOT NULL
      UNION ALL
      SELECT 'DO-' || d.id, 'DOKUMENT', d.created_at, d.contract_id, d.typ, NULL, NULL, d.id, d.name
      FROM contract_documents d JOIN scoped c ON c.id = d.contract_id
    ),
    feed AS (
      SELECT e.*, c.versicherungs_nummer, c.partner_nummer, c.person_art, c.vorname, c.nachname,
             c.firmenname, c.vermittler_nummer, c.produkt, q.quittiert_am AS quittiert_ts
      FROM events e
      JOIN scoped c ON c.id = e.contract_id
      LEFT JOIN ${maklerpostQuittungen} q
        ON q.agent_id = ${agency.agentId} AND q.lieferung_id = e.id
    )`;
}

const FEED_COLUMNS = sql`
  id, kategorie, ${isoText(sql`erstellt`)} AS erstellt, detail, wirksam_ab::text AS wirksam_ab,
  betrag_cents, dokument_id::text AS dokument_id, dokument_name, versicherungs_nummer, partner_nummer,
  person_art, vorname, nachname, firmenname, vermittler_nummer, produkt,
  ${isoText(sql`quittiert_ts`)} AS quittiert_am`;

// ---- cursor -----------------------------------------------------------------------------------

interface CursorPosition {
  erstellt: string;
  id: string;
}

const cursorSchema = z.tuple([z.iso.datetime({ precision: 6 }), z.string().regex(LIEFERUNG_ID_PATTERN)]);

function encodeCursor(position: CursorPosition): string {
  return Buffer.from(JSON.stringify([position.erstellt, position.id]), 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): CursorPosition {
  try {
    const [erstellt, id] = cursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    // A forged cursor may name a day the calendar does not have; the database would refuse it.
    if (new Date(erstellt).toISOString().slice(0, 10) !== erstellt.slice(0, 10))
      throw new RangeError(erstellt);
    return { erstellt, id };
  } catch {
    throw badRequest(`Malformed cursor ${cursor.slice(0, 40)}`, {
      code: 'INVALID_CURSOR',
      userMessage:
        'Der Parameter cursor ist ungültig. Bitte übernehmen Sie naechsterCursor unverändert aus der vorigen Antwort oder beginnen Sie ohne cursor.',
    });
  }
}

// ---- views ------------------------------------------------------------------------------------

const ZAHLUNG_ART: Readonly<Record<string, string>> = {
  ERSTBEITRAG: 'Erstbeitrag',
  FOLGEBEITRAG: 'Folgebeitrag',
};

function kundenname(row: Pick<Row, 'person_art' | 'vorname' | 'nachname' | 'firmenname'>): string {
  return row.person_art === 'JuristischePersonDTO'
    ? (row.firmenname ?? '')
    : [row.vorname, row.nachname].filter(Boolean).join(' ');
}

function bezeichnung(row: Row): string {
  const ab = row.wirksam_ab ? formatGermanDate(row.wirksam_ab) : undefined;
  switch (row.kategorie) {
    case 'VERTRAG_ANGELEGT':
      return 'Vertrag angelegt, Versicherungsschein erstellt';
    case 'VERTRAGSAENDERUNG':
      return row.detail === 'versicherungsnehmer'
        ? `Wechsel des Versicherungsnehmers zum ${ab}`
        : `Vertragsänderung (${row.detail}) zum ${ab}`;
    case 'KUENDIGUNG':
      return `Kündigung zum ${ab}`;
    case 'WIDERRUF':
      return `Widerruf, Vertrag endet zum ${ab}`;
    case 'AUFHEBUNG':
      return `Aufhebung zum ${ab}`;
    case 'RUECKTRITT':
      return `Rücktritt zum ${ab}`;
    case 'MAHNUNG':
      return `Mahnung ${ZAHLUNG_ART[row.detail ?? ''] ?? 'Beitrag'}, Zahlungsfrist bis ${ab}`;
    case 'DOKUMENT':
      return `Dokument: ${row.dokument_name}`;
  }
}

function lieferungOf(row: Row, documentBase: string): Lieferung {
  return {
    id: row.id,
    kategorie: row.kategorie,
    bezeichnung: bezeichnung(row),
    vertragsnummer: row.versicherungs_nummer,
    partnernummer: row.partner_nummer,
    kundenname: kundenname(row),
    vermittlernummer: row.vermittler_nummer,
    sparte: catalogueEntryForSummaryProdukt(row.produkt).name,
    erstellungsdatum: new Date(row.erstellt).toISOString(),
    wirksamAb: row.wirksam_ab,
    betrag: row.betrag_cents === null ? null : row.betrag_cents / 100,
    quittiert: row.quittiert_am !== null,
    quittiertAm: row.quittiert_am === null ? null : new Date(row.quittiert_am).toISOString(),
    dokument:
      row.dokument_id === null
        ? null
        : { id: row.dokument_id, name: row.dokument_name ?? '', url: `${documentBase}/${row.dokument_id}` },
  };
}

// ---- service ----------------------------------------------------------------------------------

/** One page of the agency's deliveries, oldest first. */
export async function listDeliveries(
  db: Database,
  agency: Agency,
  query: FeedQuery,
  documentBase: string,
): Promise<FeedPage> {
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const conditions: SQL[] = [sql`TRUE`];
  if (query.ungelesen) conditions.push(sql`quittiert_ts IS NULL`);
  if (query.seit !== undefined) {
    const from = /^\d{4}-\d{2}-\d{2}$/.test(query.seit)
      ? dayStart(sql`${query.seit}::date`)
      : sql`${query.seit}::timestamptz`;
    conditions.push(sql`erstellt >= ${from}`);
  }
  if (after) conditions.push(sql`(erstellt, id) > (${after.erstellt}::timestamptz, ${after.id})`);
  const [result, counted] = await Promise.all([
    db.execute(sql`WITH ${deliveries(agency)}
      SELECT ${FEED_COLUMNS} FROM feed
      WHERE ${sql.join(conditions, sql` AND `)}
      ORDER BY feed.erstellt, feed.id
      LIMIT ${query.limit + 1}`),
    db.execute(sql`WITH ${deliveries(agency)}
      SELECT count(*)::int AS anzahl FROM feed WHERE quittiert_ts IS NULL`),
  ]);
  const rows = z.array(rowSchema).parse(rowsOf(result));
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const anzahl = z.array(z.object({ anzahl: z.coerce.number() })).parse(rowsOf(counted))[0]?.anzahl ?? 0;
  return {
    lieferungen: page.map((row) => lieferungOf(row, documentBase)),
    naechsterCursor:
      rows.length > query.limit && last ? encodeCursor({ erstellt: last.erstellt, id: last.id }) : null,
    anzahlUngelesen: anzahl,
  };
}

function unknownDelivery(id: string) {
  return notFound(`No delivery ${id} for this agency`, {
    code: 'LIEFERUNG_NOT_FOUND',
    userMessage:
      'Diese Lieferung gibt es in Ihrer Maklerpost nicht. Bitte prüfen Sie die ID oder rufen Sie die Liste der Lieferungen erneut ab.',
  });
}

/** One delivery of the agency; 404 for ids of other agencies and unknown ones alike. */
export async function getDelivery(
  db: Database,
  agency: Agency,
  id: string,
  documentBase: string,
): Promise<Lieferung> {
  if (!LIEFERUNG_ID_PATTERN.test(id)) throw unknownDelivery(id);
  const result = await db.execute(sql`WITH ${deliveries(agency)}
    SELECT ${FEED_COLUMNS} FROM feed WHERE id = ${id}`);
  const [row] = z.array(rowSchema).parse(rowsOf(result));
  if (!row) throw unknownDelivery(id);
  return lieferungOf(row, documentBase);
}

/**
 * Acknowledges a delivery of the agency (marks it read). Idempotent: a second call changes nothing
 * and answers the first acknowledgement's time.
 */
export async function acknowledgeDelivery(
  db: Database,
  agency: Agency,
  id: string,
  durch: MaklerpostQuittiertDurch,
  documentBase: string,
): Promise<Lieferung> {
  await getDelivery(db, agency, id, documentBase);
  await db
    .insert(maklerpostQuittungen)
    .values({ agentId: agency.agentId, lieferungId: id, quittiertDurch: durch })
    .onConflictDoNothing();
  return getDelivery(db, agency, id, documentBase);
}

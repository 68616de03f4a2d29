// The agency's book as a GDV file (issue 16): every contract of the agency and of the agents below
// it, cancelled and ended ones included, read in pages by contract number and written as it is
// read, so a large book never sits in memory. Vorsatz first, per contract 0100 and 0200, the
// Nachsatz with the counts and the premium sum last.
import { Readable } from 'node:stream';
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { catalogueEntryForSummaryProdukt } from '@schirm/domain/products/catalogue';
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';
import type { Database } from '../../db/database';
import { agents } from '../../db/schema/agents';
import { contracts } from '../../db/schema/contracts';
import { addresses, partners } from '../../db/schema/partners';
import { notFound } from '../../platform/errors';
import type { Agency } from './feed';
import {
  adressteil,
  gdvLine,
  nachsatz,
  vertragsteil,
  vorsatz,
  type GdvContract,
  type GdvTotals,
} from './gdv';

const PAGE = 500;

/** `GDV_Bestand_<Vermittlernummer>_<TTMMJJJJ>.gdv`. */
export function gdvFileName(vermittlerNummer: string, stichtag: CalendarDate): string {
  const [year, month, day] = stichtag.split('-');
  return `GDV_Bestand_${vermittlerNummer}_${day}${month}${year}.gdv`;
}

async function contractPage(db: Database, agency: Agency, after: string): Promise<GdvContract[]> {
  const rows = await db
    .select({
      produkt: contracts.produkt,
      versicherungsNummer: contracts.versicherungsNummer,
      vermittlerNummer: agents.vermittlerNummer,
      status: contracts.status,
      vertragsBeginn: contracts.vertragsBeginn,
      ablaufdatum: contracts.ablaufdatum,
      beendigungsdatum: contracts.beendigungsdatum,
      zahlweise: contracts.zahlweise,
      bruttoBeitragProPeriodeCents: contracts.bruttoBeitragProPeriodeCents,
      partnerNummer: partners.partnerNummer,
      personArt: partners.personArt,
      anrede: partners.anrede,
      vorname: partners.vorname,
      nachname: partners.nachname,
      firmenname: partners.firmenname,
      geburtsdatum: partners.geburtsdatum,
      strasse: addresses.strasse,
      hausnummer: addresses.hausnummer,
      plz: addresses.plz,
      ort: addresses.ort,
      land: addresses.land,
    })
    .from(contracts)
    .innerJoin(agents, eq(agents.id, contracts.agentId))
    .innerJoin(partners, eq(partners.id, contracts.partnerId))
    .leftJoin(addresses, and(eq(addresses.partnerId, partners.id), isNull(addresses.gueltigBis)))
    .where(and(inArray(contracts.agentId, [...agency.scope]), gt(contracts.versicherungsNummer, after)))
    .orderBy(asc(contracts.versicherungsNummer))
    .limit(PAGE);
  return rows.map((row) => ({
    produkt: row.produkt,
    produktName: catalogueEntryForSummaryProdukt(row.produkt).name,
    versicherungsNummer: row.versicherungsNummer,
    vermittlerNummer: row.vermittlerNummer,
    status: row.status,
    vertragsBeginn: row.vertragsBeginn,
    ablaufdatum: row.ablaufdatum,
    beendigungsdatum: row.beendigungsdatum,
    zahlweise: row.zahlweise,
    bruttoBeitragProPeriodeCents: row.bruttoBeitragProPeriodeCents,
    partner: {
      partnerNummer: row.partnerNummer,
      personArt: row.personArt,
      anrede: row.anrede,
      vorname: row.vorname,
      nachname: row.nachname,
      firmenname: row.firmenname,
      geburtsdatum: row.geburtsdatum,
      strasse: row.strasse,
      hausnummer: row.hausnummer,
      plz: row.plz,
      ort: row.ort,
      land: row.land,
    },
  }));
}

async function* records(db: Database, agency: Agency, adressat: string, stichtag: CalendarDate) {
  yield gdvLine(vorsatz({ adressat, vermittlernummer: agency.vermittlerNummer, stichtag }));
  const totals: GdvTotals = { anzahl0100: 0, anzahl0200: 0, summeGesamtbeitragCents: 0 };
  let after = '';
  for (;;) {
    const page = await contractPage(db, agency, after);
    const lines: Buffer[] = [];
    for (const contract of page) {
      lines.push(gdvLine(adressteil(contract)), gdvLine(vertragsteil(contract)));
      totals.anzahl0100 += 1;
      totals.anzahl0200 += 1;
      totals.summeGesamtbeitragCents += contract.bruttoBeitragProPeriodeCents;
    }
    if (lines.length > 0) yield Buffer.concat(lines);
    const last = page.at(-1);
    if (!last || page.length < PAGE) break;
    after = last.versicherungsNummer;
  }
  yield gdvLine(nachsatz(totals, agency.vermittlerNummer));
}

/** The file of the agency's book on `stichtag`: its name and a stream of its bytes. */
export async function gdvBestand(
  db: Database,
  agency: Agency,
  stichtag: CalendarDate,
): Promise<{ fileName: string; stream: Readable }> {
  const [agent] = await db
    .select({ agenturName: agents.agenturName })
    .from(agents)
    .where(eq(agents.id, agency.agentId));
  if (!agent) throw notFound(`Agent ${agency.agentId} is gone`);
  return {
    fileName: gdvFileName(agency.vermittlerNummer, stichtag),
    stream: Readable.from(records(db, agency, agent.agenturName, stichtag), { objectMode: false }),
  };
}

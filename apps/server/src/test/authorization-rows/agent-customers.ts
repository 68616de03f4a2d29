import { eq } from 'drizzle-orm';
import { agents } from '../../db/schema/agents';
import { CHANGE_DEFINITIONS } from '../../modules/contract-changes/routes';
import { replaceBankAccount } from '../../modules/contracts/partners-repository';
import type { AuthenticatedRoute, AuthorizationRows, Fixture } from '../authorization-kit';

// The agent's customer screens and the partner family (issue 15, ADR 0031). The agent rows act as
// agentX on customerA, a customer of agentX's sub-agent: agentY (another agency) must see nothing.

/** A body per change call that gets the owner past validation (the same as the customer's rows). */
const CHANGE_BODIES: Readonly<Record<string, object>> = {
  'beitrag/zahlweise/:id': { zahlweise: 'MONATLICH' },
  'beitrag/selbstbeteiligung/:id': { selbstbeteiligung: 'SB_500' },
  'beitrag/elementar/:id': { elementar: true },
  'beitrag/phv/:id': { phvAnzahl: 'ZWEI' },
  'beitrag/buerohaftpflicht/:id': { buerohaftpflicht: false },
  'beitrag/phv/familienstand/:id': { familienstand: 'FAMILIE' },
  'beitrag/risikoort/:id': {
    risikoOrt: { plz: '50667', ort: 'Köln', strasse: 'Hohe Straße', hausnummer: '1' },
    wunschdatum: '2027-01-01',
  },
  'deckung/:id': { deckungsVariante: 'PHV_PREMIUM' },
  'jahresumsatz/:id': { jahresumsatz: '300.000,00' },
  'versicherungssumme/:id': { wirksamkeitsdatum: '2027-01-01', value: '100.000,00' },
  'betriebsart/:id': { hauptgewerbe: 'bhv-maler', nebengewerbe: [] },
  'bankverbindung/:id': { iban: 'DE62370400440532013001', kontoinhaber: 'Eindringling' },
  'fahrrad/:id': { rahmennummer: 'WBK123456' },
};

const BASE = '/api/vermittler/vertraege/aenderung';

function agentChangeRows(): Record<string, AuthenticatedRoute> {
  return Object.fromEntries(
    CHANGE_DEFINITIONS.flatMap(({ path }) => {
      const body = CHANGE_BODIES[path];
      if (!body) throw new Error(`No body for ${path} in CHANGE_BODIES`);
      const row = (payload: object): AuthenticatedRoute => ({
        pool: 'vermittler',
        owner: (f) => f.agentX,
        target: (f) => f.customerA,
        request: (f) => ({ url: `${BASE}/${path.replace(':id', f.customerA.contractNumber)}`, payload }),
      });
      return [
        [`POST ${BASE}/${path}`, row(body)],
        [`PATCH ${BASE}/${path}`, row({ ...body, version: 1 })],
      ];
    }),
  );
}

const agentRow = (request: AuthenticatedRoute['request']): AuthenticatedRoute => ({
  pool: 'vermittler',
  owner: (f) => f.agentX,
  target: (f) => f.customerA,
  request,
});

async function withBankAccount(f: Fixture): Promise<void> {
  await replaceBankAccount({
    db: f.db,
    partnerId: f.customerA.partnerId ?? '',
    bankverbindung: {
      iban: 'DE02120300000000202051',
      kontoinhaber: 'Test Kunde',
      sepaMandat: { glaeubigerId: 'DE98ZZZ09999999999', mandatsreferenz: 'TEST-1', erteiltAm: '2026-01-01' },
    },
    gueltigAb: '2026-01-01',
  });
}

async function vermittlerNummerOf(f: Fixture, agentId: string | null): Promise<string> {
  const [row] = await f.db
    .select({ nummer: agents.vermittlerNummer })
    .from(agents)
    .where(eq(agents.id, agentId ?? ''));
  return row?.nummer ?? '0000000000';
}

/** This area's rows of the authorization table (issue 15): every route it adds has one. */
export const rows: AuthorizationRows = {
  publicRoutes: {
    'GET /api/partner/partner/rechtsformen': 'reference data for forms (legal forms), nothing personal',
  },
  authenticatedRoutes: {
    // Overrides the core row: the master data is read by the customer and by agents (issue 15).
    'GET /api/partner/partner/:id': {
      pool: 'any',
      owner: (f) => f.customerA,
      request: (f) => ({ url: `/api/partner/partner/${f.customerA.partnerNummer}` }),
    },
    'GET /api/partner/partner/:id/bankverbindung': {
      pool: 'any',
      owner: (f) => f.customerA,
      request: async (f) => {
        await withBankAccount(f);
        return { url: `/api/partner/partner/${f.customerA.partnerNummer}/bankverbindung` };
      },
    },
    'GET /api/partner/partner/findByVermittlernummer/:id': agentRow(async (f) => ({
      url: `/api/partner/partner/findByVermittlernummer/${await vermittlerNummerOf(f, f.subAgentX.agentId)}`,
    })),
    'GET /api/vertrag/vertrag/:id/vermittlernummer': {
      pool: 'any',
      owner: (f) => f.customerA,
      request: (f) => ({ url: `/api/vertrag/vertrag/${f.customerA.contractNumber}/vermittlernummer` }),
    },
    'GET /api/vermittler/kunden/:partnerNummer': agentRow((f) => ({
      url: `/api/vermittler/kunden/${f.customerA.partnerNummer}`,
    })),
    'GET /api/vermittler/kunden/:partnerNummer/kontaktdaten': agentRow((f) => ({
      url: `/api/vermittler/kunden/${f.customerA.partnerNummer}/kontaktdaten`,
    })),
    // A stale version: the owner gets 409 (reached, nothing saved); strangers a 404 before that.
    'PUT /api/vermittler/kunden/:partnerNummer/kontaktdaten': agentRow((f) => ({
      url: `/api/vermittler/kunden/${f.customerA.partnerNummer}/kontaktdaten`,
      payload: { version: 'veraltet', telefon: '+49221123456' },
    })),
    'GET /api/vermittler/kunden/dokumente/:id': agentRow((f) => ({
      url: `/api/vermittler/kunden/dokumente/${f.customerA.documentId}`,
    })),
    'GET /api/vermittler/vertraege/:vertragsnummer': agentRow((f) => ({
      url: `/api/vermittler/vertraege/${f.customerA.contractNumber}`,
    })),
    'GET /api/vermittler/vertraege/aenderung/:vertragsnummer': agentRow((f) => ({
      url: `${BASE}/${f.customerA.contractNumber}`,
    })),
    ...agentChangeRows(),
  },
};

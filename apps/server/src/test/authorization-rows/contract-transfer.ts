import { addDays, todayInGermany } from '@schirm/domain/dates/calendar-date';
import { and, eq } from 'drizzle-orm';
import { contractHolderChanges } from '../../db/schema/contract-transfer';
import { contracts } from '../../db/schema/contracts';
import {
  insertBhv1Contract,
  insertOpenHolderChange,
} from '../../modules/contract-transfer/fixtures.test-helper';
import type { AuthenticatedRoute, AuthorizationRows, Fixture } from '../authorization-kit';

/** A BHV_1 contract of customerA (looked after by subAgentX), made for the row's request. */
async function bhv1OfCustomerA(f: Fixture): Promise<string> {
  const contract = await insertBhv1Contract(f.db, {
    partnerId: f.customerA.partnerId ?? '',
    agentId: f.subAgentX.agentId ?? '',
  });
  return contract.versicherungsNummer;
}

// The routes' Idempotency-Key header cannot be set by the table's requests: the owner's submit gets
// through to the header check (400), strangers are refused before it (401/403) or see nothing.
const agentRow = (
  request: (f: Fixture) => Promise<{ url: string; payload?: object }> | { url: string; payload?: object },
): AuthenticatedRoute => ({
  pool: 'vermittler',
  owner: (f) => f.agentX,
  target: (f) => f.customerA,
  request,
});

const customerRow = (
  request: (f: Fixture) => Promise<{ url: string; payload?: object }> | { url: string; payload?: object },
): AuthenticatedRoute => ({ pool: 'benutzer', owner: (f) => f.customerA, request });

const inAWeek = () => addDays(todayInGermany(), 7);

/** This area's rows of the authorization table (issue 15): every route it adds has one. */
export const rows: AuthorizationRows = {
  publicRoutes: {
    'POST /api/tarifwechsel/bhv/anfrage':
      'public BHV tariff change: the same 202 whether or not a contract matches (rate limited); the link goes to the policyholder only',
    'POST /api/tarifwechsel/bhv/link':
      'BHV tariff change link: unguessable single-use token from the e-mail, 48 hours',
    'POST /api/tarifwechsel/bhv/link/abschluss':
      'BHV tariff change link: unguessable single-use token from the e-mail, 48 hours',
    'POST /api/inhaberwechsel/bestaetigung/vorschau':
      'holder change confirmation: unguessable single-use token e-mailed to the new holder, 14 days',
    'POST /api/inhaberwechsel/bestaetigung':
      'holder change confirmation: unguessable single-use token e-mailed to the new holder, 14 days',
  },
  authenticatedRoutes: {
    'GET /api/vermittler/tarifwechsel/bhv/:vertragsnummer': agentRow(async (f) => ({
      url: `/api/vermittler/tarifwechsel/bhv/${await bhv1OfCustomerA(f)}`,
    })),
    'POST /api/vermittler/tarifwechsel/bhv/:vertragsnummer': agentRow(async (f) => ({
      url: `/api/vermittler/tarifwechsel/bhv/${await bhv1OfCustomerA(f)}`,
      payload: {},
    })),
    'GET /api/vermittler/inhaberwechsel/:vertragsnummer': agentRow((f) => ({
      url: `/api/vermittler/inhaberwechsel/${f.customerA.contractNumber}`,
    })),
    'POST /api/vermittler/inhaberwechsel/:vertragsnummer': agentRow((f) => ({
      url: `/api/vermittler/inhaberwechsel/${f.customerA.contractNumber}`,
      payload: {
        wirksamAb: inAWeek(),
        neuerInhaber: {
          person: {
            vorname: 'Nora',
            nachname: 'Neumann',
            geburtsdatum: '1985-04-03',
            email: 'nora.neumann@example.com',
            adresse: { strasse: 'Domstraße', hausnummer: '4', plz: '50668', ort: 'Köln' },
          },
        },
      },
    })),
    'DELETE /api/vermittler/inhaberwechsel/:vertragsnummer': agentRow(async (f) => {
      const [contract] = await f.db
        .select({ id: contracts.id, agentId: contracts.agentId })
        .from(contracts)
        .where(eq(contracts.versicherungsNummer, f.customerA.contractNumber));
      if (!contract) throw new Error('customerA has no contract');
      const [open] = await f.db
        .select({ id: contractHolderChanges.id })
        .from(contractHolderChanges)
        .where(
          and(eq(contractHolderChanges.contractId, contract.id), eq(contractHolderChanges.status, 'OFFEN')),
        );
      if (!open) {
        await insertOpenHolderChange(f.db, {
          contractId: contract.id,
          oldPartnerId: f.customerA.partnerId ?? '',
          agentId: contract.agentId,
        });
      }
      return { url: `/api/vermittler/inhaberwechsel/${f.customerA.contractNumber}` };
    }),
    'GET /api/vertrag/vertrag/:id/tarifwechsel': customerRow(async (f) => ({
      url: `/api/vertrag/vertrag/${await bhv1OfCustomerA(f)}/tarifwechsel`,
    })),
    'POST /api/vertrag/vertrag/:id/tarifwechsel': customerRow(async (f) => ({
      url: `/api/vertrag/vertrag/${await bhv1OfCustomerA(f)}/tarifwechsel`,
      payload: {},
    })),
    'POST /api/vertrag/vertrag/:id/inhaberwechsel/anfrage': customerRow((f) => ({
      url: `/api/vertrag/vertrag/${f.customerA.contractNumber}/inhaberwechsel/anfrage`,
      payload: { name: 'Nora Neumann', wunschdatum: inAWeek() },
    })),
  },
};

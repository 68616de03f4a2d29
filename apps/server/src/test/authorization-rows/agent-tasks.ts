import { addDays, todayInGermany } from '@schirm/domain/dates/calendar-date';
import { insertTasks } from '../../modules/contracts/tasks-repository';
import type { AuthorizationRows, Fixture } from '../authorization-kit';

/**
 * An open revenue task on customerA's contract (agent subAgentX, below agentX), due `offset` days
 * from today; undefined when that task exists already (one per contract, type and day).
 */
async function openTaskOfCustomerA(f: Fixture, offset: number): Promise<string | undefined> {
  const [task] = await insertTasks({
    db: f.db,
    tasks: [
      {
        vertragsnummer: f.customerA.contractNumber,
        typ: 'UmsatzErinnern1',
        status: 'Offen',
        faelligAm: addDays(todayInGermany(), offset),
        erledigtAm: null,
        erstelltAm: todayInGermany(),
      },
    ],
  });
  return task?.id;
}

const move = {
  adresse: { strasse: 'Venloer Straße', hausnummer: '12', plz: '50823', ort: 'Köln' },
  umzugsdatum: todayInGermany(),
};

/** This area's rows of the authorization table (issue 15): every route it adds has one. */
export const rows: AuthorizationRows = {
  authenticatedRoutes: {
    'GET /api/vermittler/aktivitaeten': {
      pool: 'vermittler',
      owner: (f) => f.agentX,
      target: (f) => f.customerA,
      request: async (f) => {
        await openTaskOfCustomerA(f, -400);
        return { url: '/api/vermittler/aktivitaeten' };
      },
    },
    'PATCH /api/vermittler/aktivitaeten/:id': (() => {
      let calls = 0;
      return {
        pool: 'vermittler' as const,
        owner: (f: Fixture) => f.agentX,
        target: (f: Fixture) => f.customerA,
        request: async (f: Fixture) => {
          let id: string | undefined;
          while (id === undefined) {
            calls += 1;
            id = await openTaskOfCustomerA(f, -calls);
          }
          return {
            url: `/api/vermittler/aktivitaeten/${id}`,
            payload: { status: 'Erledigt' },
          };
        },
      };
    })(),
    'GET /api/vermittler/umzugsservice/:partnerNummer': {
      pool: 'vermittler',
      owner: (f) => f.agentX,
      target: (f) => f.customerA,
      request: (f) => ({ url: `/api/vermittler/umzugsservice/${f.customerA.partnerNummer}` }),
    },
    'POST /api/vermittler/umzugsservice/:partnerNummer': {
      pool: 'vermittler',
      owner: (f) => f.agentX,
      target: (f) => f.customerA,
      request: (f) => ({ url: `/api/vermittler/umzugsservice/${f.customerA.partnerNummer}`, payload: move }),
    },
    'PATCH /api/vermittler/umzugsservice/:partnerNummer': {
      pool: 'vermittler',
      owner: (f) => f.agentX,
      target: (f) => f.customerA,
      request: (f) => ({
        url: `/api/vermittler/umzugsservice/${f.customerA.partnerNummer}`,
        payload: { ...move, stand: 'veraltet' },
      }),
    },
  },
};

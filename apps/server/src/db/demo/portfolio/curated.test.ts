import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mahnung } from '@schirm/domain/contract/overdue';
import { productKeyOf } from '@schirm/domain/contract/product-meta';
import { revocationDeadline } from '@schirm/domain/contract/revocation';
import { isActive } from '@schirm/domain/contract/status';
import { compareDates } from '@schirm/domain/dates/calendar-date';
import { priceBhv } from '@schirm/domain/products/bhv/tariff';
import { VERTRAGSSTATUS } from '@schirm/domain/products/enums';
import { validatePhone } from '@schirm/domain/validation/phone';
import { findAgentByNumber, findAgentWithSubAgents } from '../../../modules/contracts/agents-repository';
import type { StoredContract } from '../../../modules/contracts/contract-mapping';
import { findPartnerByNumber } from '../../../modules/contracts/partners-repository';
import { findContractsByAgent, findContractsByPartner } from '../../../modules/contracts/repository';
import { listTasksByAgent } from '../../../modules/contracts/tasks-repository';
import { isKnownPostcode } from '../../../modules/reference/postcodes';
import { createTestDatabase } from '../../../test/test-database';
import type { DatabaseHandle } from '../../database';
import { seedDemoData } from '../../seed';
import { DEMO_SEEDERS } from '../seeders';
import { seedCuratedPortfolio } from './curated';
import { DEMO_AGENTS, DEMO_CUSTOMERS } from './demo-people';

const TODAY = '2026-11-22';
let database: DatabaseHandle;
const byNumber = new Map<string, StoredContract>();

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCuratedPortfolio({ db: database.db, today: TODAY });
  for (const customer of Object.values(DEMO_CUSTOMERS)) {
    const partner = await findPartnerByNumber({
      db: database.db,
      partnerNummer: customer.partnerNummer,
      today: TODAY,
    });
    for (const contract of await findContractsByPartner({ db: database.db, partnerId: partner!.id })) {
      byNumber.set(contract.versicherungsNummer, contract);
    }
  }
});

afterAll(async () => {
  await database.close();
});

function contract(number: string): StoredContract {
  const found = byNumber.get(number);
  if (!found) throw new Error(`Demo contract ${number} was not seeded`);
  return found;
}

const { annaSchneider: anna, weberDigital: weber, jonasBecker: jonas } = DEMO_CUSTOMERS;

describe('curated demo portfolio', () => {
  it('stores every contract the demo people name, with their agent', () => {
    const named = Object.values(DEMO_CUSTOMERS).flatMap((customer) =>
      Object.values(customer.contracts).map((number) => [number, customer.vermittlerNummer]),
    );
    expect([...byNumber.keys()].sort()).toEqual(named.map(([number]) => number).sort());
    for (const [number, vermittlerNummer] of named)
      expect(contract(number!).vermittlerNummer).toBe(vermittlerNummer);
  });

  it('has contracts of every product and in every status but UNBEKANNT', () => {
    const keys = new Set([...byNumber.values()].map((stored) => productKeyOf(stored.produkt)));
    const statuses = new Set([...byNumber.values()].map((stored) => stored.status));
    expect([...keys].sort()).toEqual(
      [
        'BHV',
        'FAHRRAD',
        'HAUSRAT',
        'PRIVATHAFTPFLICHT',
        'REISE',
        'SI_ALLGEFAHREN',
        'SI_MEHRGEFAHREN',
        'TIERHALTERHAFTPFLICHT',
        'VH',
      ].sort(),
    );
    expect([...statuses].sort()).toEqual(VERTRAGSSTATUS.filter((status) => status !== 'UNBEKANNT').sort());
  });

  it('gives Anna a new bike contract that can still be revoked', () => {
    const bike = contract(anna.contracts.fahrrad);
    expect(isActive(bike.status)).toBe(true);
    expect(compareDates(revocationDeadline(bike)!, TODAY)).toBeGreaterThanOrEqual(0);
    expect(compareDates(revocationDeadline(contract(anna.contracts.phv))!, TODAY)).toBeLessThan(0);
  });

  it('has pending changes with future effective dates and the premium after them', () => {
    const pending = [anna.contracts.phv, anna.contracts.hausrat, weber.contracts.siAllgefahren].flatMap(
      (number) => contract(number).vorgemerkteAenderungen,
    );
    expect(pending.map((change) => change.type)).toEqual(
      expect.arrayContaining(['familienstand', 'zahlweise', 'versicherungssumme']),
    );
    for (const change of pending) {
      expect(compareDates(change.wirksamkeitsdatum, TODAY)).toBeGreaterThan(0);
      expect(change.praemieNachAenderung?.bruttoBeitragProPeriodeCents).toBeGreaterThan(0);
    }
  });

  it('shows an overdue premium with a reminder on the Weber BHV only', () => {
    const overdue = [...byNumber.values()].filter((stored) => mahnung(stored, TODAY));
    expect(overdue.map((stored) => stored.versicherungsNummer)).toEqual([weber.contracts.bhv]);
    expect(overdue[0]?.offeneBeitraege[0]?.gemahnt).toBeDefined();
  });

  it('prices from the tariff: the Weber BHV premium is what priceBhv answers', () => {
    const bhv = contract(weber.contracts.bhv);
    const quote = priceBhv({
      generation: 'BHV_2',
      hauptgewerbe: 'bhv-werbeagentur',
      nebengewerbe: ['bhv-it-dienstleistung'],
      jahresumsatzCents: 48_000_000,
      variante: 'BHV_KOMFORT',
      selbstbeteiligung: 'SB_500',
      risikofragen: {},
      zahlweise: 'VIERTELJAEHRLICH',
    });
    const premium = quote.kind === 'quote' ? quote.variants[0]?.premiums[0] : undefined;
    expect(bhv.beitrag).toEqual({
      nettoJahresbeitragCents: premium?.netAnnualCents,
      bruttoBeitragProPeriodeCents: premium?.grossCents,
    });
  });

  it('builds the agency hierarchy and lets the agency see every customer below it', async () => {
    const agency = await findAgentByNumber({
      db: database.db,
      vermittlerNummer: DEMO_AGENTS.hauptagentur.vermittlerNummer,
    });
    const hierarchy = await findAgentWithSubAgents({ db: database.db, agentId: agency!.id });
    expect(hierarchy?.subAgents.map((agent) => [agent.vermittlerNummer, agent.depth])).toEqual([
      [DEMO_AGENTS.unteragenturWolf.vermittlerNummer, 1],
      [DEMO_AGENTS.unteragenturBraun.vermittlerNummer, 1],
      [DEMO_AGENTS.unteragenturHartmann.vermittlerNummer, 2],
    ]);
    const agentIds = [agency!.id, ...hierarchy!.subAgents.map((agent) => agent.id)];
    const visible = await findContractsByAgent({ db: database.db, agentIds, page: 1, pageSize: 50 });
    expect(visible.total).toBe(byNumber.size);
  });

  it('has an open revenue reminder for the Weber BHV in Stefan Wolf’s activities', async () => {
    const wolf = await findAgentByNumber({
      db: database.db,
      vermittlerNummer: DEMO_AGENTS.unteragenturWolf.vermittlerNummer,
    });
    const open = await listTasksByAgent({ db: database.db, agentIds: [wolf!.id], status: 'Offen' });
    expect(open.items).toEqual([
      expect.objectContaining({
        vertragsnummer: weber.contracts.bhv,
        typ: 'UmsatzErinnern1',
        faelligAm: '2026-11-07',
      }),
    ]);
  });

  it('uses real postcodes and valid mobile numbers for the demo people', async () => {
    for (const customer of Object.values(DEMO_CUSTOMERS)) {
      const partner = await findPartnerByNumber({
        db: database.db,
        partnerNummer: customer.partnerNummer,
        today: TODAY,
      });
      expect(isKnownPostcode(partner!.adresse!.plz)).toBe(true);
      expect(validatePhone(customer.mobil)).toEqual({ valid: true, normalized: customer.mobil });
    }
    for (const agent of Object.values(DEMO_AGENTS)) {
      expect(validatePhone(agent.mobil)).toEqual({ valid: true, normalized: agent.mobil });
    }
    expect(contract(jonas.contracts.thv).status).toBe('AUSLAUFEND');
  });
});

describe('curated demo portfolio on other days', () => {
  it.each(['2028-02-29', '2027-01-31'])('seeds consistently when started on %s', async (today) => {
    const fresh = await createTestDatabase();
    try {
      await seedCuratedPortfolio({ db: fresh.db, today });
      const partner = await findPartnerByNumber({ db: fresh.db, partnerNummer: anna.partnerNummer, today });
      const contracts = await findContractsByPartner({ db: fresh.db, partnerId: partner!.id });
      expect(contracts).toHaveLength(Object.keys(anna.contracts).length);
    } finally {
      await fresh.close();
    }
  });

  it('is part of the demo seeders and runs once per database', async () => {
    const fresh = await createTestDatabase();
    try {
      const first = await seedDemoData(fresh.db, DEMO_SEEDERS);
      const second = await seedDemoData(fresh.db, DEMO_SEEDERS);
      expect([first.seeded, second.seeded]).toEqual([true, false]);
      expect(
        await findPartnerByNumber({ db: fresh.db, partnerNummer: weber.partnerNummer, today: TODAY }),
      ).toMatchObject({
        firmenname: weber.name,
      });
    } finally {
      await fresh.close();
    }
  });
});

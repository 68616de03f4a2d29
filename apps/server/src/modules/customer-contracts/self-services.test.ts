// Which self-service pages a contract offers (selfServicesFor): the coverage page only where the
// contract's product generation has another package to change to; after a cancellation, near a
// fixed end and on a single premium only what a save would accept.
import { describe, expect, it } from 'vitest';
import { toCustomerView } from '@schirm/domain/contract/customer-view';
import { buildContract } from '../../db/demo/portfolio/contract-factory';
import { quoteFahrrad, quoteReise } from '../../db/demo/portfolio/quotes';
import type { StoredContract } from '../contracts/contract-mapping';
import { selfServicesFor, type SelfServiceFlags } from './service';

const TODAY = '2026-11-22';
const FLAGS: SelfServiceFlags = {
  'disabled-self-services': [],
  'self-service-cancellation': true,
  'insured-amount-change': true,
};

function runningFahrrad(generation: 'FAHRRAD' | 'FAHRRAD_2', bankverbindung = false): StoredContract {
  const contract = buildContract(
    quoteFahrrad(
      {
        generation,
        art: 'FAHRRAD',
        typ: 'RENNRAD',
        kaufpreisCents: 180_000,
        kaufdatum: '2025-12-01',
        zustand: 'NEU',
        deckungen: ['FAHRRAD_DECKUNG_DIEBSTAHL'],
      },
      { hersteller: 'Canyon' },
      'JAEHRLICH',
      '2025-12-20',
    ),
    {
      versicherungsNummer: '8000000001',
      partnerId: '00000000-0000-4000-8000-000000000001',
      antragsdatum: '2025-12-20',
      vertragsBeginn: '2026-01-01',
      status: 'LAUFEND',
      ...(bankverbindung ? { bankverbindung: BANK } : {}),
    },
  );
  return {
    ...contract,
    id: '00000000-0000-4000-8000-000000000002',
    version: 1,
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

const BANK = {
  iban: 'DE62370400440532013001',
  kontoinhaber: 'Erika Mustermann',
  sepaMandat: { glaeubigerId: 'DE98ZZZ09999999999', mandatsreferenz: 'SCHIRM-1', erteiltAm: '2025-12-20' },
};

function servicesOf(contract: StoredContract) {
  const view = toCustomerView(contract, {
    today: TODAY,
    versicherungsName: 'Fahrradversicherung',
    deckungsVarianten: [],
    dokumente: [],
  });
  return selfServicesFor(contract, view, FLAGS, TODAY);
}

describe('selfServicesFor', () => {
  it('offers no coverage page for a bike of the first generation, which has only the Basis package', () => {
    const services = servicesOf(runningFahrrad('FAHRRAD'));
    expect(services).not.toContain('deckung');
    expect(services).toContain('rahmennummer');
  });

  it('offers the coverage page for a bike of the second generation, which has more packages', () => {
    expect(servicesOf(runningFahrrad('FAHRRAD_2'))).toContain('deckung');
  });

  it('leaves out the pages the disabled self-services configuration switches off', () => {
    const contract = runningFahrrad('FAHRRAD_2');
    const view = toCustomerView(contract, {
      today: TODAY,
      versicherungsName: 'Fahrradversicherung',
      deckungsVarianten: [],
      dokumente: [],
    });
    const services = selfServicesFor(
      contract,
      view,
      { ...FLAGS, 'disabled-self-services': ['deckung'] },
      TODAY,
    );
    expect(services).not.toContain('deckung');
    expect(services).toContain('zahlungsweise');
  });

  it('offers a cancelled contract only the changes without premium effect, and no cancellation', () => {
    const running = runningFahrrad('FAHRRAD_2', true);
    expect(servicesOf(running)).toEqual(
      expect.arrayContaining([
        'zahlungsweise',
        'deckung',
        'rahmennummer',
        'bankverbindung',
        'kuendigen-widerrufen',
      ]),
    );
    const cancelled: StoredContract = {
      ...running,
      status: 'AUSLAUFEND',
      beendigung: {
        art: 'KUENDIGUNG',
        durch: 'VERSICHERUNGSNEHMER',
        anlass: 'ORDENTLICH',
        erklaertAm: '2026-11-20',
        zum: '2026-12-31',
        grund: 'SONSTIGES',
      },
    };
    // Past the revocation period, cancelled: nothing to cancel or revoke any more.
    expect(servicesOf(cancelled)).toEqual(['bankverbindung', 'rahmennummer']);
  });

  it('offers no change whose day would fall on or after a fixed end', () => {
    // First of next month (01.12.2026) is the end: the coverage change would start after it.
    const ending: StoredContract = {
      ...runningFahrrad('FAHRRAD_2', true),
      ablaufdatum: '2026-12-01',
      stillschweigendeVerlaengerung: false,
    };
    const services = servicesOf(ending);
    expect(services).not.toContain('deckung');
    expect(services).not.toContain('zahlungsweise');
    expect(services).toEqual(expect.arrayContaining(['bankverbindung', 'rahmennummer']));
  });

  it('offers a travel contract (single premium, paid) no premium change, only bank details', () => {
    const contract = buildContract(
      quoteReise(
        {
          personenkreis: 'SINGLE_PLUS_KIND',
          beginn: '2027-01-01',
          ende: '2027-01-14',
          variante: 'REISE_KOMFORT',
          reisekrankenversicherung: true,
        },
        '2026-11-02',
      ),
      {
        versicherungsNummer: '8000000009',
        partnerId: '00000000-0000-4000-8000-000000000001',
        antragsdatum: '2026-11-02',
        vertragsBeginn: '2026-11-02',
        status: 'LAUFEND',
        bankverbindung: BANK,
      },
    );
    const stored: StoredContract = {
      ...contract,
      id: '00000000-0000-4000-8000-000000000003',
      version: 1,
      updatedAt: '2026-11-02T00:00:00.000Z',
    };
    expect(servicesOf(stored).filter((slug) => slug !== 'kuendigen-widerrufen')).toEqual(['bankverbindung']);
  });
});

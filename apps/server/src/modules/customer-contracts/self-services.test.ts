// Which self-service pages a contract offers (selfServicesFor): the coverage page only where the
// contract's product generation has another package to change to.
import { describe, expect, it } from 'vitest';
import { toCustomerView } from '@schirm/domain/contract/customer-view';
import { buildContract } from '../../db/demo/portfolio/contract-factory';
import { quoteFahrrad } from '../../db/demo/portfolio/quotes';
import type { StoredContract } from '../contracts/contract-mapping';
import { selfServicesFor, type SelfServiceFlags } from './service';

const TODAY = '2026-11-22';
const FLAGS: SelfServiceFlags = {
  'disabled-self-services': [],
  'self-service-cancellation': true,
  'insured-amount-change': true,
};

function runningFahrrad(generation: 'FAHRRAD' | 'FAHRRAD_2'): StoredContract {
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
    },
  );
  return {
    ...contract,
    id: '00000000-0000-4000-8000-000000000002',
    version: 1,
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

function servicesOf(contract: StoredContract) {
  const view = toCustomerView(contract, {
    today: TODAY,
    versicherungsName: 'Fahrradversicherung',
    deckungsVarianten: [],
    dokumente: [],
  });
  return selfServicesFor(contract, view, FLAGS);
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
    const services = selfServicesFor(contract, view, { ...FLAGS, 'disabled-self-services': ['deckung'] });
    expect(services).not.toContain('deckung');
    expect(services).toContain('zahlungsweise');
  });
});

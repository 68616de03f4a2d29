// Builders for the repository tests: partners, agents and priced contracts with unique numbers.
import type { Bankverbindung } from '@schirm/domain/contract/contract-record';
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';
import type { Database } from '../../db/database';
import {
  buildContract,
  DEMO_GLAEUBIGER_ID,
  germanIban,
  type ContractFacts,
} from '../../db/demo/portfolio/contract-factory';
import { quotePhv } from '../../db/demo/portfolio/quotes';
import { insertAgent, type Agent } from './agents-repository';
import { insertPartner, type Partner } from './partners-repository';
import type { NewContract } from './repository';

export const TODAY: CalendarDate = '2026-11-22';

let counter = 0;

/** A number unique within the test run, `digits` long, starting with `prefix`. */
export function uniqueNumber(prefix: string, digits = 10): string {
  counter += 1;
  return `${prefix}${String(counter).padStart(digits - prefix.length, '0')}`;
}

/** A valid bank account with its mandate for a partner number. */
export function bankFor(partnerNummer: string, konto = partnerNummer.slice(-8)): Bankverbindung {
  return {
    iban: germanIban('37050198', konto),
    bic: 'COLSDE33XXX',
    kontoinhaber: 'Erika Mustermann',
    sepaMandat: {
      glaeubigerId: DEMO_GLAEUBIGER_ID,
      mandatsreferenz: `SCHIRM-${partnerNummer}-01`,
      erteiltAm: '2023-01-01',
    },
  };
}

/** A natural person with an address in Köln and a bank account. */
export async function givenPartner(db: Database, email = 'erika.mustermann@example.com'): Promise<Partner> {
  const partnerNummer = uniqueNumber('2');
  return insertPartner({
    db,
    partner: {
      personArt: 'NatuerlichePersonDTO',
      partnerNummer,
      anrede: 'Frau',
      vorname: 'Erika',
      nachname: 'Mustermann',
      geburtsdatum: '1980-02-14',
      email,
      telefon: '+4915200000999',
    },
    adresse: { strasse: 'Venloer Straße', hausnummer: '10', plz: '50823', ort: 'Köln', land: 'DE' },
    bankverbindung: bankFor(partnerNummer),
    gueltigAb: '2023-01-01',
  });
}

/** An agent, optionally below a parent agent. */
export async function givenAgent(db: Database, parent?: Agent): Promise<Agent> {
  const vermittlerNummer = uniqueNumber('47');
  return insertAgent({
    db,
    agent: {
      vermittlerNummer,
      name: `Agentur ${vermittlerNummer}`,
      email: `agent.${vermittlerNummer}@example.com`,
      vertriebsweg: 'AUSSCHLIESSLICHKEITSVERTRIEB',
      agentur: { name: 'Versicherungsbüro', strasse: 'Ring', hausnummer: '1', plz: '50672', ort: 'Köln' },
      ...(parent ? { parentVermittlerNummer: parent.vermittlerNummer } : {}),
    },
  });
}

/** A running PHV contract of the partner, priced by the tariff. */
export function phvContract(partner: Partner, facts: Partial<ContractFacts> = {}): NewContract {
  return buildContract(
    quotePhv(
      {
        familienstand: 'SINGLE',
        variante: 'PHV_KOMFORT',
        selbstbeteiligung: 'SB_KEINE',
        diensthaftpflicht: false,
        schaedenLetzte5Jahre: 0,
      },
      'MONATLICH',
    ),
    {
      versicherungsNummer: uniqueNumber('8'),
      partnerId: partner.id,
      antragsdatum: '2025-12-20',
      vertragsBeginn: '2026-01-01',
      status: 'LAUFEND',
      ...(partner.bankverbindung ? { bankverbindung: partner.bankverbindung } : {}),
      ...facts,
    },
  );
}

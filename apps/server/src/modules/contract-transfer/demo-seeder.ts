// Demo data of the contract transfer (issue 15): a running first-generation BHV of the Weber
// Digitalagentur (Unteragentur Wolf) that can move to BHV_2, so the tariff change pages have a
// contract to show. Its main due date lies a month ahead, within the change window.
import { addDays, addYears, todayInGermany } from '@schirm/domain/dates/calendar-date';
import { buildContract } from '../../db/demo/portfolio/contract-factory';
import { DEMO_CUSTOMERS } from '../../db/demo/portfolio/demo-people';
import { quoteBhv } from '../../db/demo/portfolio/quotes';
import type { Seeder } from '../../db/demo/seeders';
import { findPartnerByNumber } from '../contracts/partners-repository';
import { insertContract } from '../contracts/repository';

/** The demo BHV_1 contract a tariff change can be tried on. */
export const DEMO_BHV1_CONTRACT = '9000000291';

export const contractTransferDemoSeeder: Seeder = {
  name: 'contract-transfer',
  run: async (tx) => {
    const today = todayInGermany();
    const weber = DEMO_CUSTOMERS.weberDigital;
    const partner = await findPartnerByNumber({ db: tx, partnerNummer: weber.partnerNummer, today });
    if (!partner)
      throw new Error(`Demo partner ${weber.partnerNummer} is missing: the portfolio seeder must run first`);
    const vertragsBeginn = addDays(addYears(today, -2), 30);
    await insertContract({
      db: tx,
      contract: buildContract(
        quoteBhv(
          {
            generation: 'BHV_1',
            hauptgewerbe: 'bhv-werbeagentur',
            nebengewerbe: [],
            jahresumsatzCents: 42_000_000,
            variante: 'BHV_KOMFORT',
            selbstbeteiligung: 'SB_250',
            risikofragen: {},
          },
          'VIERTELJAEHRLICH',
        ),
        {
          versicherungsNummer: DEMO_BHV1_CONTRACT,
          partnerId: partner.id,
          vermittlerNummer: weber.vermittlerNummer,
          antragsdatum: addDays(vertragsBeginn, -14),
          vertragsBeginn,
          status: 'LAUFEND',
          ...(partner.bankverbindung ? { bankverbindung: partner.bankverbindung } : {}),
        },
      ),
    });
    return { logins: [] };
  },
};

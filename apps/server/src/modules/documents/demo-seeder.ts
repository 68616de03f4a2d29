// The demo contracts' policies (Versicherungsschein as PDF), so the download area and the details
// pages have real files. Only the curated demo people get them: the volume generator's customers
// have no documents, which keeps generating 100,000 customers fast.
import { todayInGermany } from '@schirm/domain/dates/calendar-date';
import { DEMO_CUSTOMERS } from '../../db/demo/portfolio/demo-people';
import type { Seeder } from '../../db/demo/seeders';
import type { FileStorage } from '../../platform/files/file-storage';
import { findPartnerByNumber } from '../contracts/partners-repository';
import { findContractsByPartner } from '../contracts/repository';
import { viewOf } from '../customer-contracts/service';
import { POLICY_NAME, renderPolicy } from './policy';
import { storeContractDocument } from './service';

/** Seeds a policy PDF for every contract of the curated demo customers (after the portfolio). */
export function demoDocumentsSeeder(files: FileStorage): Seeder {
  return {
    name: 'demo-documents',
    run: async (tx) => {
      const today = todayInGermany();
      for (const customer of Object.values(DEMO_CUSTOMERS)) {
        const partner = await findPartnerByNumber({ db: tx, partnerNummer: customer.partnerNummer, today });
        if (!partner) {
          throw new Error(
            `Demo partner ${customer.partnerNummer} is missing: the portfolio seeder must run first`,
          );
        }
        for (const contract of await findContractsByPartner({ db: tx, partnerId: partner.id })) {
          const view = await viewOf(tx, contract, today, false);
          const pdf = await renderPolicy({ contract, view, partner });
          await storeContractDocument({ tx, files, contractId: contract.id, name: POLICY_NAME, pdf });
        }
      }
      return { logins: [] };
    },
  };
}

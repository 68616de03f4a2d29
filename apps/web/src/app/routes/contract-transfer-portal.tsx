import { lazyComponent, type RouteContribution } from '../route-kit';

const tariffPages = () => import('../../features/contract-transfer/tariff-change-pages');
const holderPages = () => import('../../features/contract-transfer/holder-change-pages');

/** The BHV tariff change and the holder change in the agent and customer areas (issue 15, ADR 0035). */
export const routes: RouteContribution = {
  agent: [
    {
      path: 'betriebshaftpflicht/wechsel',
      lazy: lazyComponent(async () => (await tariffPages()).AgentTariffChangePage),
    },
    {
      path: 'vertraege/details/:vertragsnummer/inhaberwechsel',
      lazy: lazyComponent(async () => (await holderPages()).AgentHolderChangePage),
    },
  ],
  customer: [
    {
      path: 'tarifwechsel',
      lazy: lazyComponent(async () => (await tariffPages()).CustomerTariffChangePage),
    },
    {
      path: 'inhaberwechsel',
      lazy: lazyComponent(async () => (await holderPages()).CustomerHolderRequestPage),
    },
  ],
};

import { lazyComponent, lazyPage, type RouteContribution } from '../route-kit';

const tariffPages = () => import('../../features/contract-transfer/tariff-change-pages');
const holderPages = () => import('../../features/contract-transfer/holder-change-pages');

/** Pages of this area (issue 15), mounted as RouteContribution says. */
export const routes: RouteContribution = {
  public: [
    {
      path: 'inhaberwechsel/bestaetigen',
      lazy: lazyComponent(async () => (await holderPages()).HolderConfirmationPage),
    },
  ],
  product: [
    {
      path: 'wechsel',
      pages: [
        {
          index: true,
          lazy: lazyPage(async () => {
            const page = await tariffPages();
            return { Component: page.PublicTariffChangePage, loader: page.publicTariffChangeLoader };
          }),
        },
      ],
    },
  ],
};

import { lazyComponent, type RouteContribution } from '../route-kit';

const partnerPages = () => import('../../features/clerk-partners/partners-pages');

/** The clerk's administration of the embedding partners under /innendienst/einbettungspartner (issue 16). */
export const routes: RouteContribution = {
  clerk: [
    {
      path: 'einbettungspartner',
      lazy: lazyComponent(async () => (await partnerPages()).ClerkPartnersPage),
    },
    {
      path: 'einbettungspartner/:partnerKey',
      lazy: lazyComponent(async () => (await partnerPages()).ClerkPartnerPage),
    },
  ],
};

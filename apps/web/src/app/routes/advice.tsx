import { BRANDS, DEFAULT_BRAND } from '../../ui/theme/brands';
import { lazyComponent, lazyPage, type RouteContribution } from '../route-kit';

const advicePages = () => import('../../features/application/advice-pages');
const adviceResults = () => import('../../features/advice/result-pages');
const publicAdvicePage = lazyPage(async () => {
  const page = await advicePages();
  return { Component: page.PublicAdvicePage, loader: page.applicationLoader };
});

/** The brand paths /<brand>/:produkt/beratung/ (ADR 0034): the page's loader checks brand × product. */
const brandAdvicePage = lazyPage(async () => {
  const page = await advicePages();
  return { Component: page.PublicAdvicePage, loader: page.brandAdviceLoader };
});
const brandAdviceConfirmation = lazyPage(async () => {
  const page = await advicePages();
  return { Component: page.PublicAdviceConfirmation, loader: page.brandAdviceLoader };
});
const PARTNER_BRANDS = BRANDS.filter((brand) => brand !== DEFAULT_BRAND);

/**
 * The advice channels (issue 15, ADR 0034): the agent's advice through the application wizard
 * (/vermittler/<produkt>/beratung/, ?kunde=, ?entwurf=), the agent's drafts and link, the public
 * agent link (/<produkt>/beratung/?vmr=…, under a partner brand /<brand>/<produkt>/beratung/?vmr=…)
 * and its result pages. The wizard pages come from the
 * application feature, which runs every channel.
 */
export const routes: RouteContribution = {
  product: [
    {
      path: 'beratung',
      pages: [
        {
          path: 'bestaetigung',
          lazy: lazyPage(async () => {
            const page = await advicePages();
            return { Component: page.PublicAdviceConfirmation, loader: page.applicationLoader };
          }),
        },
        // The area adds a 404 index page unless one is given: the link's own address is the index.
        { index: true, lazy: publicAdvicePage },
        { path: ':schritt', lazy: publicAdvicePage },
      ],
    },
  ],
  // A static first segment per partner brand: an unknown brand is no route (the 404 page).
  flow: PARTNER_BRANDS.map((brand) => ({
    path: `${brand}/:produkt/beratung`,
    pages: [
      { path: 'bestaetigung', lazy: brandAdviceConfirmation },
      { index: true, lazy: brandAdvicePage },
      { path: ':schritt', lazy: brandAdvicePage },
    ],
  })),
  advice: [
    { path: 'agent/notfound', lazy: lazyComponent(async () => (await adviceResults()).AgentNotFoundPage) },
  ],
  applicationResults: [
    { path: 'sorry/agent', lazy: lazyComponent(async () => (await adviceResults()).SorryAgentPage) },
  ],
};

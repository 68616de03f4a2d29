import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createAppServices } from '../app/app-services';
import { AppProviders } from '../app/providers';
import { createRoutes } from '../app/router';
import { createI18n } from '../lib/i18n';
import type { ShellSettings } from '../lib/shell-context';
import { PORTALS, type Portal } from '../features/auth/portals';
import { signInTitle } from '../features/auth/sign-in/sign-in-page';
import { BRAND_NAMES, DEFAULT_BRAND, type Brand } from '../ui/theme/brands';

/*
 * Build-time rendering of a page's first screen into HTML (ADR 0017, second addendum). The build
 * (vite-plugin.ts next to this file) loads this module through Vite, renders the sign-ins with
 * the app's own route tree, providers and texts, and writes the result into the page's
 * index.html: the browser paints the first screen from the HTML and style sheets, before the
 * JavaScript arrives, and the app then renders the same screen in its place (app/start.tsx).
 * Rendered as a visitor without settings sees it: the operator brand, not embedded, no URL
 * parameters (the server sends the plain index.html to requests with a query string).
 */

/** The settings a visitor has when nothing (query, session) chose otherwise. */
const DEFAULT_SETTINGS: ShellSettings = {
  brand: DEFAULT_BRAND,
  isEmbedded: false,
  environment: 'production',
};

export type PrerenderedPage = {
  /** The markup inside #root. */
  html: string;
  /** The page's document title, as the page sets it once rendered. */
  title: string;
  /** The brand it is rendered with (the operator brand). */
  brand: Brand;
};

/** Renders the route tree at `path` (lazy routes and their texts loaded first) into HTML. */
async function renderRoute(path: string, origin: string) {
  const i18n = createI18n();
  const handler = createStaticHandler(createRoutes({ environment: DEFAULT_SETTINGS.environment, i18n }));
  const context = await handler.query(new Request(new URL(path, origin)));
  if (context instanceof Response) throw new Error(`Prerendering ${path} answered a redirect`);
  if (context.statusCode !== 200) throw new Error(`Prerendering ${path} answered ${context.statusCode}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // Never used while rendering: the services are created by the pages that need them, in the browser.
  const services = createAppServices({ brand: DEFAULT_SETTINGS.brand, targetingKey: '' });
  const { prelude } = await prerender(
    <AppProviders settings={DEFAULT_SETTINGS} i18n={i18n} services={services}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
    {
      onError(error) {
        throw error;
      },
    },
  );
  return { html: await new Response(prelude).text(), i18n };
}

/** The pages the build prerenders: the sign-ins, whose first screen was held back by the JavaScript. */
export const PRERENDERED_SIGN_INS: readonly Portal[] = ['kunden', 'vermittler'];

/** The first screen of a portal's sign-in, as the app renders it without settings. */
export async function prerenderSignIn(
  portal: Portal,
  origin = 'http://localhost',
): Promise<PrerenderedPage & { path: string }> {
  const path = PORTALS[portal].loginPath;
  const { html, i18n } = await renderRoute(path, origin);
  return {
    path,
    html,
    title: signInTitle(i18n.getFixedT(null, 'auth'), portal, BRAND_NAMES[DEFAULT_SETTINGS.brand]),
    brand: DEFAULT_SETTINGS.brand,
  };
}

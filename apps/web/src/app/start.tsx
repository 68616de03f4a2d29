import { startTransition, StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { refreshTexts } from '../lib/i18n';
import { getSessionStorage, type SettingsStorage } from '../lib/session-settings';
import { applyBrand } from '../ui/theme/brands';
import { createAppServices } from './app-services';
import { EnvironmentErrorScreen } from './environment-error-screen';
import { setFlagContextCookie } from './flag-cookie';
import { AppProviders } from './providers';
import { createAppRouter } from './router';
import { prepareStartup, type StartLocation } from './startup';

function afterFirstPaint(task: () => void): void {
  requestAnimationFrame(() => setTimeout(task, 0));
}

/**
 * Runs the task after the first page is painted: once the router has loaded the page's lazy code
 * (initialized, no navigation under way), not right after the loading screen. The text refresh it
 * runs would otherwise take connections the page's chunks need (six per origin over HTTP/1.1).
 */
function afterFirstPage(router: ReturnType<typeof createAppRouter>, task: () => void): void {
  const isReady = () => router.state.initialized && router.state.navigation.state === 'idle';
  if (isReady()) {
    afterFirstPaint(task);
    return;
  }
  const unsubscribe = router.subscribe(() => {
    if (!isReady()) return;
    unsubscribe();
    afterFirstPaint(task);
  });
}

/**
 * Runs the task once the router has loaded the first page's code (and its texts), right away when
 * it has. A container holding the page's prerendered first screen (the build's, ADR 0017) keeps it
 * until then: the app's first render is then that page, drawn in place of the same markup, instead
 * of a loading screen between the two.
 */
function whenFirstPageLoaded(router: ReturnType<typeof createAppRouter>, task: () => void): void {
  if (router.state.initialized) {
    task();
    return;
  }
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    task();
  });
}

/**
 * Starts the app in the container: brand, environment check, texts, flag-context cookie, router.
 * Nothing here waits on the network before the first paint; newer texts are asked for after the
 * first page is painted. The query client and the flag
 * service connection come with the first page that needs them (ServicesRoute), not at start.
 */
export function startApp({
  container,
  location = window.location,
  storage = getSessionStorage(),
}: {
  container: HTMLElement;
  location?: StartLocation;
  storage?: SettingsStorage | undefined;
}): Root {
  const startup = prepareStartup({ location, storage });
  applyBrand(startup.brand);
  const root = createRoot(container);

  if (!startup.ok) {
    console.error(startup.error);
    root.render(
      <I18nextProvider i18n={startup.i18n}>
        <EnvironmentErrorScreen />
      </I18nextProvider>,
    );
    return root;
  }

  setFlagContextCookie(startup.brand);
  const services = createAppServices({ brand: startup.brand, targetingKey: startup.flagTargetingKey });
  const isPrerendered = container.dataset.prerendered !== undefined;
  const start = () => {
    const router = createAppRouter({ environment: startup.settings.environment, i18n: startup.i18n });
    const render = () =>
      root.render(
        <StrictMode>
          <AppProviders settings={startup.settings} i18n={startup.i18n} services={services}>
            <RouterProvider router={router} />
          </AppProviders>
        </StrictMode>,
      );
    if (!isPrerendered) render();
    // The prerendered screen is on show already, so the app's first render need not block: as a
    // transition React renders it in slices of a few milliseconds, letting input and paint through,
    // instead of one long task on a slow phone (ADR 0017).
    else whenFirstPageLoaded(router, () => startTransition(render));
    afterFirstPage(router, () => void refreshTexts(startup.i18n, { channel: startup.textChannel }));
  };
  // Likewise the router (route tree, first navigation) is then made in a task of its own, not in
  // the one that evaluates the entry's modules, which is long enough on a phone already.
  if (isPrerendered) setTimeout(start, 0);
  else start();
  return root;
}

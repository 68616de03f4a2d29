import { lazy } from 'react';
import type { DeferredServices } from '../lib/deferred-services';
import type { AppServices } from './app-services';

const loadServices = () => import('./services-route');

/**
 * Server state and feature flags for pages outside ServicesRoute (lib/deferred-services.tsx):
 * the same chunk, query client and flag connection as ServicesRoute, loaded on first use.
 */
export function createDeferredServices(services: AppServices): DeferredServices {
  return {
    Boundary: lazy(async () => ({ default: (await loadServices()).ServicesBoundary })),
    preload: () => {
      loadServices().then(
        (module) => void module.ensureServices(services),
        // A failed load is reported when the boundary renders (the route's error screen).
        () => undefined,
      );
    },
    flagContext: services.flagContext,
  };
}

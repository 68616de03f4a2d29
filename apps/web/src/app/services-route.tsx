import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { useAppServices, type AppServices } from './app-services';
import { FeatureFlagProvider, startFeatureFlags } from './feature-flags';

/** Creates the query client and starts connecting to the flag service, once per app. */
export function ensureServices(services: AppServices) {
  services.queryClient ??= createQueryClient();
  services.flagInitialization ??= startFeatureFlags(services.flagContext);
  return { queryClient: services.queryClient, flagInitialization: services.flagInitialization };
}

/** Provides the app's query client and feature flags to its children. */
export function ServicesBoundary({ children }: { children: ReactNode }) {
  const { queryClient, flagInitialization } = ensureServices(useAppServices());
  return (
    <QueryClientProvider client={queryClient}>
      <FeatureFlagProvider initialization={flagInitialization}>{children}</FeatureFlagProvider>
    </QueryClientProvider>
  );
}

/**
 * A pathless route around every page that may use server state or feature flags (all but the start
 * page, the sign-in and the 404 page): it is loaded with the first such page, creates the query
 * client and connects to the flag service then (once per app), and provides both to the pages
 * below it. The sign-in gets them later, for its steps after the password (deferred-services.ts).
 */
export function ServicesRoute() {
  return (
    <ServicesBoundary>
      <Outlet />
    </ServicesBoundary>
  );
}

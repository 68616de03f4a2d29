import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { useAppServices } from './app-services';
import { FeatureFlagProvider, startFeatureFlags } from './feature-flags';

/**
 * A pathless route around every page that may use server state or feature flags (all but the start
 * page and the 404 page): it is loaded with the first such page, creates the query client and
 * connects to the flag service then (once per app), and provides both to the pages below it.
 */
export function ServicesRoute() {
  const services = useAppServices();
  services.queryClient ??= createQueryClient();
  services.flagInitialization ??= startFeatureFlags(services.flagContext);
  return (
    <QueryClientProvider client={services.queryClient}>
      <FeatureFlagProvider initialization={services.flagInitialization}>
        <Outlet />
      </FeatureFlagProvider>
    </QueryClientProvider>
  );
}

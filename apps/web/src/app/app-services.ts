import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import type { FlagStatus } from '../lib/flags';
import type { Brand } from '../ui/theme/brands';

export type FlagOutcome = Exclude<FlagStatus, 'pending'>;

/**
 * Server state (TanStack Query) and feature flags (OpenFeature + OFREP) of one running app. The
 * start page needs neither, so they are not part of the first JavaScript: the lazy ServicesRoute
 * creates them when the first page that needs them opens and keeps them here, so every later page
 * (also in another area) shares the same query cache and flag connection.
 */
export type AppServices = {
  /** The context the flag service evaluates with (spec §9: brand targeting). */
  readonly flagContext: { readonly brand: Brand; readonly targetingKey: string };
  /** Created on first use by ServicesRoute (tests may set their own beforehand). */
  queryClient?: QueryClient;
  /** The outcome of connecting to the flag service, started on first use by ServicesRoute. */
  flagInitialization?: Promise<FlagOutcome>;
};

export function createAppServices(flagContext: AppServices['flagContext']): AppServices {
  return { flagContext };
}

export const AppServicesContext = createContext<AppServices | null>(null);

/** The services of the running app; AppProviders provides them. */
export function useAppServices(): AppServices {
  const services = useContext(AppServicesContext);
  if (!services) throw new Error('useAppServices needs AppProviders around the routes');
  return services;
}

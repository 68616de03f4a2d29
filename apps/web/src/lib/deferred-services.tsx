import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { Brand } from '../ui/theme/brands';

/** The context the flag service evaluates with (spec §9: brand targeting). */
export type FlagContext = { readonly brand: Brand; readonly targetingKey: string };

/**
 * Server state (TanStack Query) and feature flags (OpenFeature) for a page that is not below the
 * router's ServicesRoute: the sign-in, whose first screen must come without both (ADR 0017). The
 * app provides them (app/deferred-services.ts); without a provider (component tests, which bring
 * their own QueryClientProvider and OpenFeatureProvider) WithServices renders its children as is.
 */
export type DeferredServices = {
  /** Provides server state and flags to its children; its code loads when it first renders. */
  Boundary: ComponentType<{ children: ReactNode }>;
  /** Starts loading the boundary's code and connecting to the flag service, e.g. on a submit. */
  preload: () => void;
  flagContext: FlagContext;
};

export const DeferredServicesContext = createContext<DeferredServices | null>(null);

/** Renders its children with server state and feature flags, loading them first if needed. */
export function WithServices({ children }: { children: ReactNode }) {
  const services = useContext(DeferredServicesContext);
  if (!services) return children;
  return <services.Boundary>{children}</services.Boundary>;
}

/** A function that starts loading WithServices' code and the flag service (no-op without provider). */
export function usePreloadServices(): () => void {
  return useContext(DeferredServicesContext)?.preload ?? noop;
}

function noop(): void {}

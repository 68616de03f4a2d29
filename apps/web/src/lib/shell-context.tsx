import { createContext, useContext } from 'react';
import type { Environment } from '@schirm/domain/environment';
import { BRAND_NAMES, DEFAULT_BRAND, type Brand } from '../ui/theme/brands';

/** What the shell decided at start: brand, embedded mode and environment. */
export type ShellSettings = {
  brand: Brand;
  isEmbedded: boolean;
  /** The embedding partner's key (`?partner=`, kept per tab); only checked when embedded. */
  partner?: string | null;
  environment: Environment;
};

export const ShellContext = createContext<ShellSettings | null>(null);

/** The shell settings; throws outside the app providers, where they would silently be wrong. */
export function useShellSettings(): ShellSettings {
  const settings = useContext(ShellContext);
  if (!settings) throw new Error('useShellSettings must be used inside the app providers');
  return settings;
}

/** The display name of the current brand; the operator brand outside the app providers. */
export function useBrandName(): string {
  return BRAND_NAMES[useContext(ShellContext)?.brand ?? DEFAULT_BRAND];
}

/** Whether the app runs in a partner's frame; false outside the app providers (component tests). */
export function useIsEmbedded(): boolean {
  return useContext(ShellContext)?.isEmbedded ?? false;
}

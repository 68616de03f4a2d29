import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { FlagStatus } from '../lib/flags';
import { ShellContext, type ShellSettings } from '../lib/shell-context';
import { AppErrorBoundary } from './app-error-boundary';
import { FeatureFlagProvider } from './feature-flags';

export type AppProvidersProps = {
  settings: ShellSettings;
  i18n: I18n;
  queryClient: QueryClient;
  /** The promise of startFeatureFlags; the app renders with default flags until it settles. */
  flagInitialization: Promise<Exclude<FlagStatus, 'pending'>>;
  children: ReactNode;
};

/** Everything a page may rely on: texts, shell settings, server state, feature flags, an error boundary. */
export function AppProviders({
  settings,
  i18n,
  queryClient,
  flagInitialization,
  children,
}: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <AppErrorBoundary>
        <ShellContext value={settings}>
          <QueryClientProvider client={queryClient}>
            <FeatureFlagProvider initialization={flagInitialization}>{children}</FeatureFlagProvider>
          </QueryClientProvider>
        </ShellContext>
      </AppErrorBoundary>
    </I18nextProvider>
  );
}

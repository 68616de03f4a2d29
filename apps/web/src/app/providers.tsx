import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ShellContext, type ShellSettings } from '../lib/shell-context';
import { AppErrorBoundary } from './app-error-boundary';
import { AppServicesContext, type AppServices } from './app-services';

export type AppProvidersProps = {
  settings: ShellSettings;
  i18n: I18n;
  /** Server state and feature flags, created by the lazy ServicesRoute on first use. */
  services: AppServices;
  children: ReactNode;
};

/**
 * What every page may rely on: texts, shell settings and an error boundary. Server state and
 * feature flags reach the pages that need them through ServicesRoute (see router.tsx), so the
 * start page's JavaScript carries neither TanStack Query nor OpenFeature.
 */
export function AppProviders({ settings, i18n, services, children }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <AppErrorBoundary>
        <ShellContext value={settings}>
          <AppServicesContext value={services}>{children}</AppServicesContext>
        </ShellContext>
      </AppErrorBoundary>
    </I18nextProvider>
  );
}

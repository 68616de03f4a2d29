import type { i18n as I18n } from 'i18next';
import { useMemo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { DeferredServicesContext } from '../lib/deferred-services';
import { ShellContext, type ShellSettings } from '../lib/shell-context';
import { AppErrorBoundary } from './app-error-boundary';
import { AppServicesContext, type AppServices } from './app-services';
import { createDeferredServices } from './deferred-services';

export type AppProvidersProps = {
  settings: ShellSettings;
  i18n: I18n;
  /** Server state and feature flags, created by the lazy ServicesRoute on first use. */
  services: AppServices;
  children: ReactNode;
};

/**
 * What every page may rely on: texts, shell settings and an error boundary. Server state and
 * feature flags reach the pages that need them through ServicesRoute (see router.tsx), and the
 * sign-in's later steps through DeferredServices, so the start page's and the sign-in's first
 * JavaScript carry neither TanStack Query nor OpenFeature.
 */
export function AppProviders({ settings, i18n, services, children }: AppProvidersProps) {
  const deferredServices = useMemo(() => createDeferredServices(services), [services]);
  return (
    <I18nextProvider i18n={i18n}>
      <AppErrorBoundary>
        <ShellContext value={settings}>
          <AppServicesContext value={services}>
            <DeferredServicesContext value={deferredServices}>{children}</DeferredServicesContext>
          </AppServicesContext>
        </ShellContext>
      </AppErrorBoundary>
    </I18nextProvider>
  );
}

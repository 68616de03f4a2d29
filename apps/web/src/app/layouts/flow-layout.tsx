import { lazy, Suspense } from 'react';
import { useMatches } from 'react-router';
import { useBrandName, useShellSettings } from '../../lib/shell-context';
import { AppHeader } from '../../ui/app-header';
import { ContentLayout } from '../../ui/content-layout';
import { PageLoading } from '../page-loading';
import { LazyEmbeddedLayout } from './lazy-embedded-layout';
import { SiteFooter } from './site-footer';
import { PageOutlet } from './page-outlet';

// Toasts and react-aria's German texts (react-aria itself) load with the first page that needs
// them; the application's first step does without (ADR 0023, 'Size of the first application step').
const AreaProviders = lazy(async () => ({ default: (await import('./area-providers')).AreaProviders }));

/** A route that provides the area's providers itself sets `bringsAreaProviders` in its handle. */
export interface FlowRouteHandle {
  bringsAreaProviders?: boolean;
  /**
   * A page limited to one object (the extranet's single-use links, ADR 0036): no link leads from it
   * to other parts of the portal, so the brand is not a home link and there is no footer.
   */
  withoutPortalLinks?: boolean;
}

function useFlowHandle(key: keyof FlowRouteHandle): boolean {
  return useMatches().some((match) => (match.handle as FlowRouteHandle | undefined)?.[key] === true);
}

/** Application and advice flows: a quiet header (no portal links to pull people out), main area, footer. */
function FlowLayoutFrame() {
  const brandName = useBrandName();
  const withoutPortalLinks = useFlowHandle('withoutPortalLinks');
  if (useShellSettings().isEmbedded) return <LazyEmbeddedLayout />;
  return (
    <ContentLayout
      header={<AppHeader brandName={brandName} homeHref={withoutPortalLinks ? null : '/'} />}
      footer={withoutPortalLinks ? null : <SiteFooter />}
    >
      <PageOutlet />
    </ContentLayout>
  );
}

/** Application and advice flows, with toasts and German react-aria texts. */
export function FlowLayout() {
  const bringsProviders = useFlowHandle('bringsAreaProviders');
  if (bringsProviders) return <FlowLayoutFrame />;
  return (
    <Suspense fallback={<PageLoading />}>
      <AreaProviders>
        <FlowLayoutFrame />
      </AreaProviders>
    </Suspense>
  );
}

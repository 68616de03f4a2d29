import { useBrandName, useShellSettings } from '../../lib/shell-context';
import { AppHeader } from '../../ui/app-header';
import { ContentLayout } from '../../ui/content-layout';
import { EmbeddedLayout } from './embedded-layout';
import { SiteFooter } from './site-footer';
import { PageOutlet } from './page-outlet';
import { AreaProviders } from './area-providers';

/** Application and advice flows: a quiet header (no portal links to pull people out), main area, footer. */
function FlowLayoutFrame() {
  const brandName = useBrandName();
  if (useShellSettings().isEmbedded) return <EmbeddedLayout />;
  return (
    <ContentLayout header={<AppHeader brandName={brandName} />} footer={<SiteFooter />}>
      <PageOutlet />
    </ContentLayout>
  );
}

/** Application and advice flows, with toasts and German react-aria texts. */
export function FlowLayout() {
  return (
    <AreaProviders>
      <FlowLayoutFrame />
    </AreaProviders>
  );
}

import { useBrandName, useShellSettings } from '../../lib/shell-context';
import { AppHeader } from '../../ui/app-header';
import { BottomNav } from '../../ui/bottom-nav';
import { ContentLayout } from '../../ui/content-layout';
import { SidebarNav, type NavItem } from '../../ui/sidebar-nav';
import { LazyEmbeddedLayout } from './lazy-embedded-layout';
import { PageOutlet } from './page-outlet';
import { AreaProviders } from './area-providers';

/**
 * Customer and agent portal frame (spec §2): header and main area, a collapsible sidebar from
 * 1024 px, a bottom navigation below.
 */
function PortalLayoutFrame({ navLabel, items }: { navLabel: string; items: readonly NavItem[] }) {
  const brandName = useBrandName();
  if (useShellSettings().isEmbedded) return <LazyEmbeddedLayout />;
  return (
    <ContentLayout
      header={<AppHeader brandName={brandName} />}
      sidebar={<SidebarNav label={navLabel} items={items} />}
      bottomNav={<BottomNav label={navLabel} items={items} />}
    >
      <PageOutlet />
    </ContentLayout>
  );
}

/**
 * Customer and agent portal frame (spec §2): header and main area, a collapsible sidebar from
 * 1024 px, a bottom navigation below; with toasts and German react-aria texts.
 */
export function PortalLayout(props: { navLabel: string; items: readonly NavItem[] }) {
  return (
    <AreaProviders>
      <PortalLayoutFrame {...props} />
    </AreaProviders>
  );
}

import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useBrandName, useShellSettings } from '../../lib/shell-context';
import { AppHeader } from '../../ui/app-header';
import { ContentLayout } from '../../ui/content-layout';
import { LazyEmbeddedLayout } from './lazy-embedded-layout';
import { SiteFooter } from './site-footer';
import styles from './public-layout.module.css';
import { PageOutlet } from './page-outlet';

/** Public pages: header with the brand name and the way to the portals, main area, footer. */
export function PublicLayout() {
  const { t } = useTranslation('navigation');
  const brandName = useBrandName();
  if (useShellSettings().isEmbedded) return <LazyEmbeddedLayout />;

  const header = (
    <AppHeader brandName={brandName}>
      <nav aria-label={t('public.label')}>
        <ul className={styles.portalLinks}>
          <li>
            <NavLink to="/kunden/login/">{t('public.customerPortal')}</NavLink>
          </li>
          <li>
            <NavLink to="/vermittler/login/">{t('public.agentPortal')}</NavLink>
          </li>
        </ul>
      </nav>
    </AppHeader>
  );
  return (
    <ContentLayout header={header} footer={<SiteFooter />}>
      <PageOutlet />
    </ContentLayout>
  );
}

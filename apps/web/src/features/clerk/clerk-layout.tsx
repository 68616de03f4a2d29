import { useTranslation } from 'react-i18next';
import { claimsIcon, inboxIcon, settingsIcon } from '../../app/layouts/nav-icons';
import { PortalLayout } from '../../app/layouts/portal-layout';
import type { NavItem } from '../../ui/sidebar-nav';

/** The clerks' portal under /innendienst (ADR 0027): Eingang, Schäden and Einbettungspartner. */
export function ClerkLayout() {
  const { t } = useTranslation('clerk');
  const items: NavItem[] = [
    { to: '/innendienst/', label: t('nav.inbox'), icon: inboxIcon, end: true },
    { to: '/innendienst/schaeden/', label: t('nav.claims'), icon: claimsIcon },
    { to: '/innendienst/einbettungspartner/', label: t('nav.partners'), icon: settingsIcon },
  ];
  return <PortalLayout navLabel={t('nav.label')} items={items} />;
}

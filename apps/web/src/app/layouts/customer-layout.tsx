import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { SELF_SERVICE_SLUGS } from '@schirm/domain/flags';
import type { NavItem } from '../../ui/sidebar-nav';
import { contactIcon, claimsIcon, contractsIcon, inboxIcon, personIcon } from './nav-icons';
import { PortalLayout } from './portal-layout';

/** The customer portal's navigation; every page of an area marks its item (see activeNavItem). */
export function customerNavItems(t: TFunction<'navigation'>): NavItem[] {
  return [
    {
      to: '/kunden/vertraege/',
      label: t('customer.contracts'),
      icon: contractsIcon,
      // A contract's self-service pages (/kunden/zahlungsweise/?vertrag=…) belong to 'Verträge'.
      also: SELF_SERVICE_SLUGS.map((slug) => `/kunden/${slug}/`),
    },
    { to: '/kunden/schaeden/', label: t('customer.claims'), icon: claimsIcon },
    { to: '/kunden/postfach/', label: t('customer.inbox'), icon: inboxIcon },
    { to: '/kunden/kundendaten/', label: t('customer.customerData'), icon: personIcon },
    { to: '/kunden/kontakt/nachricht/', label: t('customer.contact'), icon: contactIcon },
  ];
}

/** The customer portal under /kunden (spec §2). */
export function CustomerLayout() {
  const { t } = useTranslation('navigation');
  return <PortalLayout navLabel={t('customer.label')} items={customerNavItems(t)} />;
}

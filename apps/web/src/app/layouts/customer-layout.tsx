import { useTranslation } from 'react-i18next';
import type { NavItem } from '../../ui/sidebar-nav';
import { contactIcon, claimsIcon, contractsIcon, inboxIcon, personIcon } from './nav-icons';
import { PortalLayout } from './portal-layout';

/** The customer portal under /kunden (spec §2). */
export function CustomerLayout() {
  const { t } = useTranslation('navigation');
  const items: NavItem[] = [
    { to: '/kunden/vertraege/', label: t('customer.contracts'), icon: contractsIcon },
    { to: '/kunden/schaeden/', label: t('customer.claims'), icon: claimsIcon },
    { to: '/kunden/postfach/', label: t('customer.inbox'), icon: inboxIcon },
    { to: '/kunden/kundendaten/', label: t('customer.customerData'), icon: personIcon },
    { to: '/kunden/kontakt/nachricht/', label: t('customer.contact'), icon: contactIcon },
  ];
  return <PortalLayout navLabel={t('customer.label')} items={items} />;
}

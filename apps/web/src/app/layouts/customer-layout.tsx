import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { SELF_SERVICE_SLUGS } from '@schirm/domain/flags';
import { useUnreadCount } from '../../features/mailbox/api/mailbox-api';
import type { NavItem } from '../../ui/sidebar-nav';
import { contactIcon, claimsIcon, contractsIcon, inboxIcon, personIcon } from './nav-icons';
import { PortalLayout } from './portal-layout';

/**
 * The customer portal's navigation; every page of an area marks its item (see activeNavItem).
 * 'Postfach' carries the number of unread messages while there are any.
 */
export function customerNavItems(t: TFunction<'navigation'>, unread = 0): NavItem[] {
  return [
    {
      to: '/kunden/vertraege/',
      label: t('customer.contracts'),
      icon: contractsIcon,
      // A contract's self-service pages (/kunden/zahlungsweise/?vertrag=…) belong to 'Verträge'.
      also: SELF_SERVICE_SLUGS.map((slug) => `/kunden/${slug}/`),
    },
    { to: '/kunden/schaeden/', label: t('customer.claims'), icon: claimsIcon },
    {
      to: '/kunden/postfach/',
      label: t('customer.inbox'),
      icon: inboxIcon,
      ...(unread > 0
        ? {
            badge: {
              value: unread > 99 ? '99+' : String(unread),
              label: t('customer.inboxUnread', { count: unread }),
            },
          }
        : {}),
    },
    { to: '/kunden/kundendaten/', label: t('customer.customerData'), icon: personIcon },
    { to: '/kunden/kontakt/nachricht/', label: t('customer.contact'), icon: contactIcon },
  ];
}

/** The customer portal under /kunden (spec §2). */
export function CustomerLayout() {
  const { t } = useTranslation('navigation');
  // Refetched whenever a message is opened or deleted (features/mailbox), so the badge follows.
  const unread = useUnreadCount().data ?? 0;
  return <PortalLayout navLabel={t('customer.label')} items={customerNavItems(t, unread)} />;
}

import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { SELF_SERVICE_SLUGS } from '@schirm/domain/flags';
import { useUnreadCount } from '../../features/mailbox/api/mailbox-api';
import type { NavItem } from '../../ui/sidebar-nav';
import { useFlag } from '../../lib/flags';
import { contactIcon, claimsIcon, contractsIcon, inboxIcon, personIcon, reportClaimIcon } from './nav-icons';
import { PortalLayout } from './portal-layout';

/**
 * The customer portal's navigation; every page of an area marks its item (see activeNavItem).
 * 'Postfach' carries the number of unread messages while there are any.
 */
export function customerNavItems(
  t: TFunction<'navigation'>,
  unread = 0,
  { isClaimsPageOn = true }: { isClaimsPageOn?: boolean } = {},
): NavItem[] {
  return [
    {
      to: '/kunden/vertraege/',
      label: t('customer.contracts'),
      icon: contractsIcon,
      // A contract's self-service pages (/kunden/zahlungsweise/?vertrag=…) belong to 'Verträge'.
      also: SELF_SERVICE_SLUGS.map((slug) => `/kunden/${slug}/`),
    },
    // 'Schäden' is gated by the flag 'claims page' (spec §6); reporting a claim is not.
    ...(isClaimsPageOn ? [{ to: '/kunden/schaeden/', label: t('customer.claims'), icon: claimsIcon }] : []),
    { to: '/kunden/schaden-melden/', label: t('customer.reportClaim'), icon: reportClaimIcon },
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
  const isClaimsPageOn = useFlag('claims-page');
  return (
    <PortalLayout navLabel={t('customer.label')} items={customerNavItems(t, unread, { isClaimsPageOn })} />
  );
}

import { useTranslation } from 'react-i18next';
import type { NavItem } from '../../ui/sidebar-nav';
import { agencyIcon, customersIcon, draftsIcon, faqIcon, settingsIcon, tasksIcon } from './nav-icons';
import { PortalLayout } from './portal-layout';

/** The agent portal under /vermittler (spec §2). */
export function AgentLayout() {
  const { t } = useTranslation('navigation');
  const items: NavItem[] = [
    {
      to: '/vermittler/kundenbestand/',
      label: t('agent.customers'),
      shortLabel: t('agent.customersShort'),
      icon: customersIcon,
    },
    {
      to: '/vermittler/aktivitaeten/',
      label: t('agent.tasks'),
      shortLabel: t('agent.tasksShort'),
      icon: tasksIcon,
    },
    { to: '/vermittler/entwuerfe/', label: t('agent.drafts'), icon: draftsIcon },
    { to: '/vermittler/agentur/', label: t('agent.agency'), icon: agencyIcon },
    {
      to: '/vermittler/einstellungen/',
      label: t('agent.settings'),
      shortLabel: t('agent.settingsShort'),
      icon: settingsIcon,
    },
    {
      to: '/vermittler/haeufige-fragen/',
      label: t('agent.faq'),
      shortLabel: t('agent.faqShort'),
      icon: faqIcon,
    },
  ];
  return <PortalLayout navLabel={t('agent.label')} items={items} />;
}

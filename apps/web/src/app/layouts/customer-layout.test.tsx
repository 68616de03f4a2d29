import { screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { SELF_SERVICE_SLUGS } from '@schirm/domain/flags';
import { renderWithRouter } from '../../lib/testing/render-with-router';
import { BottomNav } from '../../ui/bottom-nav';
import { SidebarNav } from '../../ui/sidebar-nav';
import { customerNavItems } from './customer-layout';

function Navigations() {
  const { t } = useTranslation('navigation');
  const items = customerNavItems(t);
  return (
    <>
      <SidebarNav label="Kundenportal" items={items} />
      <BottomNav label="Kundenportal unten" items={items} />
    </>
  );
}

/** The names of the links marked current, in the sidebar and in the bottom navigation. */
function currentLinks(): string[] {
  return screen
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent ?? '');
}

describe('customer navigation marks the current area on every page', () => {
  it.each([
    ['/kunden/vertraege/', 'Verträge'],
    ['/kunden/vertraege/9000000101/', 'Verträge'],
    ...SELF_SERVICE_SLUGS.map((slug): [string, string] => [`/kunden/${slug}/`, 'Verträge']),
    ['/kunden/kundendaten/', 'Meine Daten'],
    ['/kunden/kundendaten/kontaktdaten/', 'Meine Daten'],
    ['/kunden/kundendaten/umzug/', 'Meine Daten'],
    ['/kunden/kundendaten/email/', 'Meine Daten'],
    ['/kunden/kundendaten/passwort/', 'Meine Daten'],
    ['/kunden/kundendaten/handynummer/', 'Meine Daten'],
  ])('%s marks %s', (path, area) => {
    renderWithRouter(<Navigations />, { path });
    const current = currentLinks();
    // Once in the sidebar, once in the bottom navigation, and nothing else.
    expect(current).toHaveLength(2);
    for (const name of current) expect(name).toContain(area);
  });

  it('marks nothing on the start page, which belongs to no area', () => {
    renderWithRouter(<Navigations />, { path: '/kunden/' });
    expect(currentLinks()).toEqual([]);
  });
});

import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithRouter } from '../lib/testing/render-with-router';
import { setViewportWidth } from '../lib/testing/viewport';
import { BottomNav } from './bottom-nav';
import { ContentLayout } from './content-layout';
import { SidebarNav, type NavItem } from './sidebar-nav';

const items: NavItem[] = [
  { to: '/kunden/vertraege/', label: 'Verträge' },
  { to: '/kunden/schaeden/', label: 'Schäden' },
];

function renderLayout() {
  return renderWithRouter(
    <ContentLayout
      header={<header>Kopf</header>}
      sidebar={<SidebarNav label="Seitenleiste" items={items} />}
      bottomNav={<BottomNav label="Leiste unten" items={items} />}
      footer={<footer>Fuß</footer>}
    >
      <h1>Meine Verträge</h1>
    </ContentLayout>,
    { path: '/kunden/vertraege/' },
  );
}

describe('ContentLayout', () => {
  afterEach(() => setViewportWidth(1024));

  it('has a skip link to the main area holding the page content', () => {
    renderLayout();
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent('Meine Verträge');
    expect(screen.getByRole('link', { name: 'Zum Inhalt springen' })).toHaveAttribute('href', `#${main.id}`);
    expect(screen.getByRole('banner')).toHaveTextContent('Kopf');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Fuß');
  });

  it('shows the sidebar from 1024 px and the bottom navigation below, switching on resize', () => {
    setViewportWidth(1024);
    renderLayout();
    expect(screen.getByRole('navigation', { name: 'Seitenleiste' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Leiste unten' })).not.toBeInTheDocument();

    setViewportWidth(1023);
    expect(screen.getByRole('navigation', { name: 'Leiste unten' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Seitenleiste' })).not.toBeInTheDocument();

    setViewportWidth(1440);
    expect(screen.getByRole('navigation', { name: 'Seitenleiste' })).toBeInTheDocument();
  });

  it('starts with the bottom navigation on a phone', () => {
    setViewportWidth(375);
    renderLayout();
    expect(screen.getByRole('navigation', { name: 'Leiste unten' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Navigation einklappen' })).not.toBeInTheDocument();
  });
});

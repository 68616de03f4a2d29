import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../lib/testing/render-with-router';
import { SidebarNav, type NavItem } from './sidebar-nav';

const items: NavItem[] = [
  { to: '/kunden/vertraege/', label: 'Verträge' },
  { to: '/kunden/postfach/eingang/', label: 'Postfach' },
];

describe('SidebarNav', () => {
  it('is a named navigation landmark marking the current page', () => {
    renderWithRouter(<SidebarNav label="Kundenportal" items={items} />, { path: '/kunden/vertraege/' });

    const nav = screen.getByRole('navigation', { name: 'Kundenportal' });
    expect(nav).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verträge' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Postfach' })).not.toHaveAttribute('aria-current');
  });

  it('marks a link current on pages below it', () => {
    renderWithRouter(<SidebarNav label="Kundenportal" items={items} />, { path: '/kunden/vertraege/V-1/' });
    expect(screen.getByRole('link', { name: 'Verträge' })).toHaveAttribute('aria-current', 'page');
  });

  it('collapses and expands with a toggle that reports its state, keeping the links usable', async () => {
    const onCollapsedChange = vi.fn();
    renderWithRouter(<SidebarNav label="Kundenportal" items={items} onCollapsedChange={onCollapsedChange} />);

    const collapse = screen.getByRole('button', { name: 'Navigation einklappen' });
    expect(collapse).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(collapse);

    const expand = screen.getByRole('button', { name: 'Navigation ausklappen' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    expect(onCollapsedChange).toHaveBeenLastCalledWith(true);
    // Collapsed, the labels are only visually hidden: the links keep their names.
    expect(screen.getByRole('link', { name: 'Verträge' })).toBeInTheDocument();

    await userEvent.click(expand);
    expect(screen.getByRole('button', { name: 'Navigation einklappen' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(onCollapsedChange).toHaveBeenLastCalledWith(false);
  });

  it('follows a controlled collapsed state', () => {
    renderWithRouter(<SidebarNav label="Kundenportal" items={items} collapsed />);
    expect(screen.getByRole('button', { name: 'Navigation ausklappen' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../lib/testing/render-with-router';
import { BottomNav } from './bottom-nav';

describe('BottomNav', () => {
  it('is a named navigation with the current page marked, and navigates', async () => {
    const { router } = renderWithRouter(
      <BottomNav
        label="Vermittlerportal"
        items={[
          { to: '/vermittler/kundenbestand/', label: 'Kundenbestand' },
          { to: '/vermittler/entwuerfe/', label: 'Entwürfe' },
        ]}
      />,
      { path: '/vermittler/kundenbestand/' },
    );

    expect(screen.getByRole('navigation', { name: 'Vermittlerportal' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kundenbestand' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(screen.getByRole('link', { name: 'Entwürfe' }));
    expect(router.state.location.pathname).toBe('/vermittler/entwuerfe/');
    expect(screen.getByRole('link', { name: 'Entwürfe' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('BottomNav short labels', () => {
  it('shows the short label where one is given', () => {
    renderWithRouter(
      <BottomNav
        label="Vermittlerportal"
        items={[{ to: '/k/', label: 'Kundenbestand', shortLabel: 'Kunden' }]}
      />,
    );
    expect(screen.getByRole('link', { name: 'Kunden' })).toHaveAttribute('href', '/k/');
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../lib/testing/render-with-router';
import { AppHeader } from './app-header';

describe('AppHeader', () => {
  it('is the banner with the brand name linking home and its actions', () => {
    renderWithRouter(
      <AppHeader brandName="HFK">
        <a href="/kunden/login/">Kundenportal</a>
      </AppHeader>,
      { path: '/kunden/' },
    );

    const banner = screen.getByRole('banner');
    expect(banner).toHaveTextContent('HFK');
    expect(screen.getByRole('link', { name: 'HFK – zur Startseite' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Kundenportal' })).toBeVisible();
  });
});

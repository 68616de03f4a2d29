import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../lib/testing/render-with-router';
import { NotFoundPage } from './not-found-page';

describe('NotFoundPage', () => {
  it('says the page does not exist, what to do next, and links back to the start page', () => {
    renderWithRouter(<NotFoundPage />, { path: '/gibt-es-nicht/' });

    expect(screen.getByRole('heading', { level: 1, name: 'Diese Seite gibt es nicht' })).toBeVisible();
    expect(screen.getByText(/Prüfen Sie die Adresse oder beginnen Sie auf der Startseite/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Seite nicht gefunden – Schirm');
  });
});

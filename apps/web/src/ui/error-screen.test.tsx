import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorScreen } from './error-screen';

describe('ErrorScreen', () => {
  it('shows headline, subline, explanation, a button that acts, and the error id', async () => {
    const onClick = vi.fn();
    render(
      <ErrorScreen
        headline="Leider ist ein Fehler aufgetreten"
        subline="Diese Seite konnte nicht angezeigt werden."
        explanation="Bitte laden Sie die Seite neu."
        action={{ label: 'Seite neu laden', onClick }}
        errorId="1A2B3C4D"
      />,
    );

    expect(
      screen.getByRole('heading', { level: 1, name: 'Leider ist ein Fehler aufgetreten' }),
    ).toBeVisible();
    expect(screen.getByText('Diese Seite konnte nicht angezeigt werden.')).toBeVisible();
    expect(screen.getByText('Bitte laden Sie die Seite neu.')).toBeVisible();
    expect(screen.getByText('Fehler-ID: 1A2B3C4D')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Seite neu laden' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('renders a link action as a link and leaves out what is not given', () => {
    render(
      <ErrorScreen
        headline="Diese Seite gibt es nicht"
        subline="Vielleicht hat sich die Adresse geändert."
        action={{ label: 'Zur Startseite', href: '/' }}
      />,
    );

    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText(/Fehler-ID/)).not.toBeInTheDocument();
  });

  it('is a region named by its headline', () => {
    render(<ErrorScreen headline="Diese Seite gibt es nicht" subline="Tippfehler?" />);
    expect(screen.getByRole('region', { name: 'Diese Seite gibt es nicht' })).toBeInTheDocument();
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ButtonLink } from './button';
import { EMPTY_STATE_PRESETS, EmptyState } from './empty-state';

describe('EmptyState', () => {
  it('shows the quoted error text of spec §8 verbatim and announces it', () => {
    render(<EmptyState preset="error" />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Leider ist etwas schief gelaufen. Bitte versuchen Sie es später nochmal.',
    );
  });

  it.each(EMPTY_STATE_PRESETS.filter((preset) => preset !== 'error'))(
    'preset %s says why the list is empty and what happens next',
    (preset) => {
      const { container } = render(<EmptyState preset={preset} />);
      const paragraphs = container.querySelectorAll('p');
      expect(paragraphs).toHaveLength(2);
      expect(paragraphs[0]?.textContent).toMatch(/^(Keine|Noch keine) /);
      expect(paragraphs[1]?.textContent?.length).toBeGreaterThan(40);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
  );

  it('names the empty customer portfolio and the empty claims list', () => {
    render(
      <>
        <EmptyState preset="noCustomers" />
        <EmptyState preset="noClaims" />
        <EmptyState preset="noMessages" />
        <EmptyState preset="noEmployees" />
        <EmptyState preset="noOpenActivities" />
      </>,
    );
    expect(screen.getByText('Noch keine Kunden in Ihrem Bestand')).toBeVisible();
    expect(screen.getByText('Keine Schäden vorhanden')).toBeVisible();
    expect(screen.getByText('Keine Nachrichten vorhanden')).toBeVisible();
    expect(screen.getByText('Noch keine Mitarbeiter in Ihrem Bestand')).toBeVisible();
    expect(screen.getByText('Keine offenen Aktivitäten')).toBeVisible();
  });

  it('takes its own texts, a heading level and an action', () => {
    render(
      <EmptyState
        preset="noClaims"
        title="Keine Schäden zu diesem Vertrag"
        headingLevel={2}
        action={<ButtonLink href="/kunden/schaden-melden/">Schaden melden</ButtonLink>}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Keine Schäden zu diesem Vertrag' })).toBeVisible();
    expect(screen.getByText(/Zu Ihren Verträgen liegen keine Schadenmeldungen vor/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Schaden melden' })).toHaveAttribute(
      'href',
      '/kunden/schaden-melden/',
    );
  });
});

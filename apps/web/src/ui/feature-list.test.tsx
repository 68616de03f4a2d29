import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FeatureList } from './feature-list';
import type { FeatureRow } from './product-display-types';

function feature(label: string, included: boolean, extra: Partial<FeatureRow> = {}): FeatureRow {
  return { label, variantOptionRelation: { KOMFORT: { included } }, ...extra };
}

const SEVEN_FEATURES: FeatureRow[] = [
  feature('Diebstahl', true, { helpText: 'Versichert ist der Diebstahl des abgeschlossenen Fahrrads.' }),
  feature('Vandalismus', true, { description: 'Mutwillige Beschädigung durch Dritte' }),
  feature('Akkuschäden', false),
  {
    label: 'Selbstbeteiligung',
    variantOptionRelation: { KOMFORT: { included: true, text: '150 EUR' } },
  },
  feature('Verschleiß', false),
  feature('Schutzbrief', true),
  feature('Weltweiter Schutz', true),
];

describe('FeatureList', () => {
  it('starts collapsed at 5 rows and toggles with "Mehr anzeigen" / "Weniger anzeigen"', async () => {
    const user = userEvent.setup();
    render(
      <FeatureList features={SEVEN_FEATURES} variant="KOMFORT" aria-label="Leistungen im Tarif Komfort" />,
    );
    const list = screen.getByRole('list', { name: 'Leistungen im Tarif Komfort' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.queryByText('Schutzbrief')).not.toBeInTheDocument();

    const more = screen.getByRole('button', { name: 'Mehr anzeigen' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more).toHaveAttribute('aria-controls', list.id);
    await user.click(more);

    expect(within(list).getAllByRole('listitem')).toHaveLength(7);
    expect(screen.getByText('Weltweiter Schutz')).toBeVisible();
    const less = screen.getByRole('button', { name: 'Weniger anzeigen' });
    expect(less).toHaveAttribute('aria-expanded', 'true');
    await user.click(less);
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
  });

  it('can start expanded', () => {
    render(<FeatureList features={SEVEN_FEATURES} variant="KOMFORT" defaultExpanded />);
    expect(screen.getAllByRole('listitem')).toHaveLength(7);
    expect(screen.getByRole('button', { name: 'Weniger anzeigen' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('has no toggle with 5 rows or fewer', () => {
    render(<FeatureList features={SEVEN_FEATURES.slice(0, 5)} variant="KOMFORT" />);
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Mehr anzeigen' })).not.toBeInTheDocument();
  });

  it('says "enthalten" / "nicht enthalten", shows relation text and descriptions', () => {
    render(<FeatureList features={SEVEN_FEATURES} variant="KOMFORT" />);
    const rows = screen.getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent(/Diebstahl.*enthalten$/);
    expect(rows[1]).toHaveTextContent('Mutwillige Beschädigung durch Dritte');
    expect(rows[2]).toHaveTextContent(/Akkuschäden.*nicht enthalten$/);
    expect(rows[3]).toHaveTextContent('150 EUR');
  });

  it('treats a variant without relation as not included', () => {
    render(<FeatureList features={SEVEN_FEATURES.slice(0, 1)} variant="BASIS" />);
    expect(screen.getByRole('listitem')).toHaveTextContent('nicht enthalten');
  });

  it('opens the help text in the slide-out panel', async () => {
    const user = userEvent.setup();
    render(<FeatureList features={SEVEN_FEATURES} variant="KOMFORT" />);
    const help = screen.getByRole('button', { name: 'Hilfe zu Diebstahl' });
    await user.click(help);
    const dialog = screen.getByRole('dialog', { name: 'Diebstahl' });
    expect(dialog).toHaveTextContent('Versichert ist der Diebstahl des abgeschlossenen Fahrrads.');
    await user.click(within(dialog).getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(help).toHaveFocus());
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FeatureRow, ProductVariantOption } from './product-display-types';
import { ProductComparison } from './product-comparison';

const VARIANTS: ProductVariantOption[] = [
  { value: 'BASIS', label: 'Basis' },
  { value: 'KOMFORT', label: 'Komfort', recommended: true },
];

const FEATURES: FeatureRow[] = [
  {
    label: 'Diebstahl',
    helpText: 'Diebstahl des abgeschlossenen Fahrrads.',
    variantOptionRelation: { BASIS: { included: true }, KOMFORT: { included: true } },
  },
  {
    label: 'Reparatur',
    description: 'Nach Unfall oder Sturz',
    variantOptionRelation: { BASIS: { included: false }, KOMFORT: { included: true } },
  },
  {
    label: 'Selbstbeteiligung',
    variantOptionRelation: {
      BASIS: { included: true, text: '150 EUR' },
      KOMFORT: { included: true, text: 'keine' },
    },
  },
  { label: 'Schutzbrief', variantOptionRelation: { KOMFORT: { included: true } } },
  { label: 'Akku', variantOptionRelation: { KOMFORT: { included: true } } },
  { label: 'Verschleiß', variantOptionRelation: { KOMFORT: { included: true } } },
];

describe('ProductComparison', () => {
  it('is a table with caption, variant column headers and feature row headers', () => {
    render(<ProductComparison caption="Tarife im Vergleich" variants={VARIANTS} features={FEATURES} />);
    const table = screen.getByRole('table', { name: 'Tarife im Vergleich' });
    const columnHeaders = within(table).getAllByRole('columnheader');
    expect(columnHeaders.map((header) => header.textContent)).toEqual([
      'Leistung',
      'Basis',
      'KomfortEmpfehlung',
    ]);
    for (const header of columnHeaders) expect(header).toHaveAttribute('scope', 'col');
    const rowHeaders = within(table).getAllByRole('rowheader');
    expect(rowHeaders[0]).toHaveTextContent('Diebstahl');
    expect(rowHeaders[0]).toHaveAttribute('scope', 'row');
    expect(rowHeaders[1]).toHaveTextContent('Nach Unfall oder Sturz');
  });

  it('says per cell whether the variant includes the feature, or its text', () => {
    render(<ProductComparison caption="Tarife im Vergleich" variants={VARIANTS} features={FEATURES} />);
    const reparatur = screen.getByRole('rowheader', { name: /Reparatur/ }).closest('tr') as HTMLElement;
    expect(
      within(reparatur)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['nicht enthalten', 'enthalten']);
    const sb = screen.getByRole('rowheader', { name: /Selbstbeteiligung/ }).closest('tr') as HTMLElement;
    expect(
      within(sb)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['150 EUR', 'keine']);
  });

  it('collapses to 5 feature rows and expands with "Mehr anzeigen"', async () => {
    const user = userEvent.setup();
    render(<ProductComparison caption="Tarife im Vergleich" variants={VARIANTS} features={FEATURES} />);
    expect(screen.getAllByRole('rowheader')).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Mehr anzeigen' }));
    expect(screen.getAllByRole('rowheader')).toHaveLength(6);
    expect(screen.getByRole('rowheader', { name: 'Verschleiß' })).toBeVisible();
  });

  it('keeps the help button of a feature in its row header', () => {
    render(<ProductComparison caption="Tarife im Vergleich" variants={VARIANTS} features={FEATURES} />);
    expect(
      within(screen.getByRole('rowheader', { name: /Diebstahl/ })).getByRole('button', {
        name: 'Hilfe zu Diebstahl',
      }),
    ).toBeVisible();
  });
});

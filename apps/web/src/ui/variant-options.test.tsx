import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { StarIcon } from './icons';
import type { ProductVariantOption } from './product-display-types';
import { VariantOptions } from './variant-options';

const OPTIONS: ProductVariantOption[] = [
  { value: 'BASIS', label: 'Basis' },
  { value: 'KOMFORT', label: 'Komfort', recommended: true, icon: <StarIcon /> },
  { value: 'PREMIUM', label: 'Premium' },
];

function Choice({ isCalculating = false }: { isCalculating?: boolean }) {
  const [value, setValue] = useState<string | null>('BASIS');
  return (
    <>
      <VariantOptions
        label="Wählen Sie Ihren Tarif"
        options={OPTIONS}
        value={value}
        onChange={setValue}
        isCalculating={isCalculating}
      />
      <output aria-label="Auswahl">{value}</output>
    </>
  );
}

describe('VariantOptions', () => {
  it('is a labelled radio group with one radio per variant and the recommended badge', () => {
    render(<Choice />);
    const group = screen.getByRole('radiogroup', { name: 'Wählen Sie Ihren Tarif' });
    expect(group).toBeVisible();
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    expect(screen.getByRole('radio', { name: 'Basis' })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Komfort/ })).not.toBeChecked();
    expect(screen.getByText('Empfehlung')).toBeVisible();
  });

  it('selects by click and by arrow keys', async () => {
    const user = userEvent.setup();
    render(<Choice />);
    await user.click(screen.getByText('Premium'));
    expect(screen.getByRole('radio', { name: 'Premium' })).toBeChecked();
    expect(screen.getByRole('status', { name: 'Auswahl' })).toHaveTextContent('PREMIUM');

    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: /Komfort/ })).toBeChecked();
    expect(screen.getByRole('status', { name: 'Auswahl' })).toHaveTextContent('KOMFORT');
  });

  it('cannot be changed while the price is calculating', async () => {
    const user = userEvent.setup();
    render(<Choice isCalculating />);
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
    await user.click(screen.getByText('Premium'));
    expect(screen.getByRole('radio', { name: 'Basis' })).toBeChecked();
  });
});

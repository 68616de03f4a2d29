import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CurrencyInput } from './currency-input';

describe('CurrencyInput', () => {
  it('groups thousands while typing, reports cents and shows two decimals after leaving the field', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<CurrencyInput label="Jahresumsatz" isRequired onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Jahresumsatz' });
    expect(input).toHaveAccessibleDescription('EUR');

    await user.type(input, '1234567,8');
    expect(input).toHaveValue('1.234.567,8');
    expect(onChange).toHaveBeenLastCalledWith(123456780);
    await user.tab();
    expect(input).toHaveValue('1.234.567,80');
  });

  it('accepts negative amounts and at most two decimals', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<CurrencyInput label="Korrektur" isRequired onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Korrektur' });
    await user.type(input, '-1500,999');
    expect(input).toHaveValue('-1.500,99');
    expect(onChange).toHaveBeenLastCalledWith(-150099);
  });

  it('keeps the caret where the person types when a thousands dot appears', async () => {
    const user = userEvent.setup();
    render(<CurrencyInput label="Jahresumsatz" isRequired defaultValue={12300} />);
    const input = screen.getByRole('textbox', { name: 'Jahresumsatz' });
    expect(input).toHaveValue('123,00');
    await user.type(input, '9', { initialSelectionStart: 1, initialSelectionEnd: 1 });
    expect(input).toHaveValue('1.923,00');
    expect(input).toHaveProperty('selectionStart', 3);
  });

  it('reports undefined when emptied and shows a value set from outside', async () => {
    const user = userEvent.setup();
    function Form() {
      const [cents, setCents] = useState<number | undefined>(-250);
      return (
        <>
          <CurrencyInput label="Betrag" isRequired value={cents} onChange={setCents} />
          <output>{String(cents)}</output>
        </>
      );
    }
    render(<Form />);
    const input = screen.getByRole('textbox', { name: 'Betrag' });
    expect(input).toHaveValue('-2,50');
    await user.clear(input);
    expect(screen.getByRole('status')).toHaveTextContent('undefined');
  });

  it('labels an optional field and ties its error to it', () => {
    render(<CurrencyInput label="Eigenanteil" errorMessage="Der Betrag ist zu hoch." />);
    const input = screen.getByRole('textbox', { name: 'Eigenanteil (optional)' });
    expect(screen.getByRole('alert')).toHaveTextContent('Der Betrag ist zu hoch.');
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Der Betrag ist zu hoch.'));
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });
});

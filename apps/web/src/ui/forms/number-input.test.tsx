import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NumberInput, filterGermanNumberText } from './number-input';

describe('NumberInput', () => {
  it("reads '.' as thousands and ',' as decimals and shows the number grouped after leaving the field", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<NumberInput label="Wohnfläche in m²" isRequired onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Wohnfläche in m²' });

    await user.type(input, '1.234,5');
    expect(onChange).toHaveBeenLastCalledWith(1234.5);
    await user.clear(input);
    await user.type(input, '2345,75');
    expect(onChange).toHaveBeenLastCalledWith(2345.75);
    await user.tab();
    expect(input).toHaveValue('2.345,75');
  });

  it('reports undefined for an empty field', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<NumberInput label="Anzahl Personen" isRequired defaultValue={3} onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Anzahl Personen' });
    expect(input).toHaveValue('3');
    await user.clear(input);
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });

  it("clears a negative number when the field loses focus: '-5' then blur", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<NumberInput label="Anzahl Hunde" isRequired onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Anzahl Hunde' });
    await user.type(input, '-5');
    expect(input).toHaveValue('-5');
    await user.tab();
    expect(input).toHaveValue('');
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });

  it('ignores letters and limits the decimals', async () => {
    const user = userEvent.setup();
    render(<NumberInput label="Jahresumsatz" isRequired maxDecimals={1} />);
    const input = screen.getByRole('textbox', { name: 'Jahresumsatz' });
    await user.type(input, '12a,345');
    expect(input).toHaveValue('12,3');
  });

  it('says so when the text is not a number', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<NumberInput label="Jahresumsatz" isRequired onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Jahresumsatz' });
    await user.type(input, '12.34');
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Bitte geben Sie eine Zahl ein, zum Beispiel 1.234,5.',
    );
    expect(input).toHaveAccessibleDescription('Bitte geben Sie eine Zahl ein, zum Beispiel 1.234,5.');
  });

  it('shows a value set from outside and can be reset', async () => {
    const user = userEvent.setup();
    function Form() {
      const [value, setValue] = useState<number | undefined>(1500000);
      return (
        <>
          <NumberInput label="Versicherungssumme" isRequired value={value} onChange={setValue} />
          <button type="button" onClick={() => setValue(undefined)}>
            Zurücksetzen
          </button>
        </>
      );
    }
    render(<Form />);
    const input = screen.getByRole('textbox', { name: 'Versicherungssumme' });
    expect(input).toHaveValue('1.500.000');
    await user.click(screen.getByRole('button', { name: 'Zurücksetzen' }));
    expect(input).toHaveValue('');
  });

  it.each([
    ['1.234,567', 2, '1.234,56'],
    ['-12,5', 0, '-12'],
    ['1,2,3', 2, '1,23'],
    ['5-', 2, '5'],
  ])('filters %s with %i decimals to %s', (raw, decimals, expected) => {
    expect(filterGermanNumberText(raw, decimals)).toBe(expected);
  });
});

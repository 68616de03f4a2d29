import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RadioGroup, radioGroupOrientation } from './radio-group';

const ZAHLWEISEN = [
  { value: 'MONATLICH', label: 'monatlich' },
  { value: 'VIERTELJAEHRLICH', label: 'vierteljährlich' },
  { value: 'HALBJAEHRLICH', label: 'halbjährlich' },
  { value: 'JAEHRLICH', label: 'jährlich' },
];

describe('RadioGroup', () => {
  it('moves the selection with the arrow keys and reports it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <RadioGroup
        label="Zahlweise"
        isRequired
        options={ZAHLWEISEN}
        defaultValue="MONATLICH"
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('radiogroup', { name: 'Zahlweise' })).toBeInTheDocument();

    await user.tab();
    expect(screen.getByRole('radio', { name: 'monatlich' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'vierteljährlich' })).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith('VIERTELJAEHRLICH');
  });

  it('shows four short options inline', () => {
    render(<RadioGroup label="Zahlweise" isRequired options={ZAHLWEISEN} />);
    expect(screen.getByRole('radiogroup')).toHaveAttribute('aria-orientation', 'horizontal');
  });

  it('puts one option per row from five options on', () => {
    const five = [...ZAHLWEISEN, { value: 'EINMALIG', label: 'einmalig' }];
    render(<RadioGroup label="Zahlweise" isRequired options={five} />);
    expect(screen.getByRole('radiogroup')).toHaveAttribute('aria-orientation', 'vertical');
  });

  it('puts one option per row when a label has more than 30 characters', () => {
    expect(radioGroupOrientation([{ label: 'a'.repeat(30) }, { label: 'b' }])).toBe('horizontal');
    const options = [
      { value: 'ja', label: 'Ja, ich bin selbstständig tätig' },
      { value: 'nein', label: 'Nein' },
    ];
    expect(options[0]?.label).toHaveLength(31);
    render(<RadioGroup label="Tätigkeit" isRequired options={options} />);
    expect(screen.getByRole('radiogroup')).toHaveAttribute('aria-orientation', 'vertical');
  });

  it('labels an optional group and ties its error to the group', () => {
    render(
      <RadioGroup
        label="Familienstand"
        options={ZAHLWEISEN}
        errorMessage="Bitte wählen Sie eine Zahlweise."
      />,
    );
    const group = screen.getByRole('radiogroup', { name: 'Familienstand (optional)' });
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte wählen Sie eine Zahlweise.');
    expect(group).toHaveAccessibleDescription('Bitte wählen Sie eine Zahlweise.');
  });

  it('cannot be changed while disabled', async () => {
    const user = userEvent.setup();
    render(
      <RadioGroup label="Zahlweise" isRequired isDisabled options={ZAHLWEISEN} defaultValue="JAEHRLICH" />,
    );
    await user.click(screen.getByRole('radio', { name: 'monatlich' }));
    expect(screen.getByRole('radio', { name: 'jährlich' })).toBeChecked();
  });
});

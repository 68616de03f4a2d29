import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Select } from './select';

const OPTIONS = [
  { value: 'LEDIG', label: 'ledig' },
  { value: 'VERHEIRATET', label: 'verheiratet' },
  { value: 'VERWITWET', label: 'verwitwet' },
];

describe('Select', () => {
  it('shows "Bitte wählen" until an option is chosen with the mouse', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Select label="Familienstand" isRequired options={OPTIONS} onChange={onChange} />);
    const trigger = screen.getByRole('button', { name: /Familienstand/ });
    expect(trigger).toHaveTextContent('Bitte wählen');

    await user.click(trigger);
    await user.click(await screen.findByRole('option', { name: 'verheiratet' }));
    expect(onChange).toHaveBeenLastCalledWith('VERHEIRATET');
    expect(trigger).toHaveTextContent('verheiratet');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('opens and closes by keyboard and selects by typing the first letters', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Select label="Familienstand" isRequired options={OPTIONS} onChange={onChange} />);
    await user.tab();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: /Familienstand/ })).toHaveFocus();

    await user.keyboard('verw');
    expect(onChange).toHaveBeenLastCalledWith('VERWITWET');
    expect(screen.getByRole('button', { name: /Familienstand/ })).toHaveTextContent('verwitwet');
  });

  it('labels an optional select and ties its error to the trigger', () => {
    render(<Select label="Anrede" options={OPTIONS} errorMessage="Bitte wählen Sie eine Anrede." />);
    const trigger = screen.getByRole('button', { name: /Anrede \(optional\)/ });
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte wählen Sie eine Anrede.');
    expect(trigger).toHaveAccessibleDescription('Bitte wählen Sie eine Anrede.');
  });

  it('shows a controlled value and cannot be opened while disabled', async () => {
    const user = userEvent.setup();
    render(<Select label="Familienstand" isRequired isDisabled options={OPTIONS} value="VERWITWET" />);
    const trigger = screen.getByRole('button', { name: /Familienstand/ });
    expect(trigger).toHaveTextContent('verwitwet');
    await user.click(trigger);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});

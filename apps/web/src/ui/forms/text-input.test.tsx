import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TextInput } from './text-input';

describe('TextInput', () => {
  it('labels a field that is not required as optional', () => {
    render(<TextInput label="Firmenname" />);
    expect(screen.getByRole('textbox', { name: 'Firmenname (optional)' })).toBeInTheDocument();
  });

  it('shows no optional suffix on a required field and marks it required', () => {
    render(<TextInput label="Nachname" isRequired />);
    const input = screen.getByRole('textbox', { name: 'Nachname' });
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(screen.queryByText('(optional)')).not.toBeInTheDocument();
  });

  it('reports each typed value to onChange', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<TextInput label="Vorname" isRequired onChange={onChange} />);
    await user.type(screen.getByRole('textbox', { name: 'Vorname' }), 'Anna');
    expect(onChange).toHaveBeenLastCalledWith('Anna');
  });

  it('works controlled', async () => {
    const user = userEvent.setup();
    function Controlled() {
      const [value, setValue] = useState('Max');
      return (
        <>
          <TextInput label="Vorname" isRequired value={value} onChange={setValue} />
          <output>{value}</output>
        </>
      );
    }
    render(<Controlled />);
    const input = screen.getByRole('textbox', { name: 'Vorname' });
    expect(input).toHaveValue('Max');
    await user.type(input, 'i');
    expect(screen.getByRole('status')).toHaveTextContent('Maxi');
  });

  it('shows the default error as an alert tied to the field when invalid without a message', () => {
    render(<TextInput label="Straße" isRequired isInvalid />);
    const input = screen.getByRole('textbox', { name: 'Straße' });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Leider ist ein Fehler aufgetreten');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Leider ist ein Fehler aufgetreten');
  });

  it('shows its own error message instead of the default', () => {
    render(
      <TextInput
        label="E-Mail"
        isRequired
        type="email"
        errorMessage="Bitte geben Sie eine E-Mail-Adresse ein."
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte geben Sie eine E-Mail-Adresse ein.');
    expect(screen.getByRole('textbox', { name: 'E-Mail' })).toHaveAccessibleDescription(
      'Bitte geben Sie eine E-Mail-Adresse ein.',
    );
  });

  it('describes the field with its help text and shows no alert while valid', () => {
    render(<TextInput label="Hausnummer" isRequired description="Zum Beispiel 12a" />);
    expect(screen.getByRole('textbox', { name: 'Hausnummer' })).toHaveAccessibleDescription(
      'Zum Beispiel 12a',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('cannot be edited while disabled', async () => {
    const user = userEvent.setup();
    render(<TextInput label="Ort" isRequired isDisabled defaultValue="Berlin" />);
    const input = screen.getByRole('textbox', { name: 'Ort' });
    expect(input).toBeDisabled();
    await user.type(input, 'x');
    expect(input).toHaveValue('Berlin');
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PasswordInput } from './password-input';

describe('PasswordInput', () => {
  it('hides the password until the toggle is pressed, then shows it and flips its label and state', async () => {
    const user = userEvent.setup();
    render(<PasswordInput label="Passwort" isRequired defaultValue="Geheim1!" />);
    const input = screen.getByLabelText('Passwort');
    expect(input).toHaveAttribute('type', 'password');
    const toggle = screen.getByRole('button', { name: 'Passwort anzeigen' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await user.click(toggle);
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveValue('Geheim1!');
    expect(screen.getByRole('button', { name: 'Passwort verbergen' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.keyboard('{Enter}');
    expect(input).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Passwort anzeigen' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('shows which of the five requirements are met and the strength level as text and meter', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <PasswordInput
        label="Neues Passwort"
        isRequired
        showStrength
        autoComplete="new-password"
        onChange={onChange}
      />,
    );
    const input = screen.getByLabelText('Neues Passwort');
    expect(input).toHaveAttribute('autocomplete', 'new-password');
    const list = screen.getByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(within(list).getByText('Mindestens eine Ziffer')).toHaveTextContent('noch nicht erfüllt');

    await user.type(input, 'abc1');
    expect(onChange).toHaveBeenLastCalledWith('abc1');
    expect(within(list).getByText('Mindestens eine Ziffer')).toHaveTextContent('erfüllt');
    expect(within(list).getByText('Mindestens eine Ziffer')).not.toHaveTextContent('noch nicht');
    expect(within(list).getByText('Mindestens ein Großbuchstabe')).toHaveTextContent('noch nicht erfüllt');
    expect(screen.getByRole('meter', { name: 'Passwortstärke' })).toHaveAttribute(
      'aria-valuetext',
      'sehr schwach',
    );

    await user.type(input, 'DEF!');
    expect(screen.getByRole('meter', { name: 'Passwortstärke' })).toHaveAttribute(
      'aria-valuetext',
      'sehr stark',
    );
    expect(screen.getByText('Passwortstärke: sehr stark')).toHaveAttribute('aria-live', 'polite');
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Ihr Passwort braucht:'));
  });

  it('steps through weak and strong', async () => {
    const user = userEvent.setup();
    render(<PasswordInput label="Neues Passwort" isRequired showStrength />);
    const input = screen.getByLabelText('Neues Passwort');
    await user.type(input, 'abcdefgh1');
    expect(screen.getByRole('meter')).toHaveAttribute('aria-valuetext', 'schwach');
    await user.type(input, 'A');
    expect(screen.getByRole('meter')).toHaveAttribute('aria-valuetext', 'stark');
  });

  it('has no strength indicator for signing in and ties its error to the field', () => {
    render(<PasswordInput label="Passwort" isRequired errorMessage="Bitte geben Sie Ihr Passwort ein." />);
    expect(screen.queryByRole('meter')).not.toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte geben Sie Ihr Passwort ein.');
    expect(screen.getByLabelText('Passwort')).toHaveAccessibleDescription(
      'Bitte geben Sie Ihr Passwort ein.',
    );
  });
});

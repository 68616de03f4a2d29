import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Textarea } from './textarea';

describe('Textarea', () => {
  it('asks for at least 20 words by default', () => {
    render(<Textarea label="Schadenhergang" isRequired />);
    expect(screen.getByRole('textbox', { name: 'Schadenhergang' })).toHaveAttribute(
      'placeholder',
      'Bitte beschreiben Sie den Sachverhalt in mindestens 20 Wörtern.',
    );
  });

  it('takes its own placeholder', () => {
    render(<Textarea label="Bemerkung" placeholder="Was möchten Sie uns mitteilen?" />);
    expect(screen.getByRole('textbox', { name: 'Bemerkung (optional)' })).toHaveAttribute(
      'placeholder',
      'Was möchten Sie uns mitteilen?',
    );
  });

  it('shows the default error as an alert tied to the field', () => {
    render(<Textarea label="Schadenhergang" isRequired isInvalid />);
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte machen Sie ihre Angaben');
    const field = screen.getByRole('textbox', { name: 'Schadenhergang' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Bitte machen Sie ihre Angaben');
  });

  it('counts characters against the minimum as the person types, politely announced', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Textarea label="Schadenhergang" isRequired showCounter minLength={10} onChange={onChange} />);
    expect(screen.getByText('0 von mindestens 10 Zeichen')).toHaveAttribute('aria-live', 'polite');

    await user.type(screen.getByRole('textbox', { name: 'Schadenhergang' }), 'Wasser');
    expect(screen.getByText('6 von mindestens 10 Zeichen')).toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith('Wasser');
    expect(screen.getByRole('textbox', { name: 'Schadenhergang' })).toHaveAccessibleDescription(
      '6 von mindestens 10 Zeichen',
    );
  });

  it('stops at the maximum and shows it in the counter', async () => {
    const user = userEvent.setup();
    render(<Textarea label="Notiz" showCounter maxLength={5} />);
    const field = screen.getByRole('textbox', { name: 'Notiz (optional)' });
    await user.type(field, 'abcdefgh');
    expect(field).toHaveValue('abcde');
    expect(screen.getByText('5 von höchstens 5 Zeichen')).toBeInTheDocument();
  });

  it('counts a controlled value', () => {
    render(<Textarea label="Notiz" value="Hallo" showCounter />);
    expect(screen.getByText('5 Zeichen')).toBeInTheDocument();
  });
});

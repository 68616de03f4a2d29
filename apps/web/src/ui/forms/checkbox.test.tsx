import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from './checkbox';

describe('Checkbox', () => {
  it('toggles by click and by Space and reports the new state', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Checkbox label="Ich stimme den Bedingungen zu" isRequired onChange={onChange} />);
    const box = screen.getByRole('checkbox', { name: 'Ich stimme den Bedingungen zu' });
    expect(box).not.toBeChecked();

    await user.click(box);
    expect(box).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith(true);

    await user.keyboard(' ');
    expect(box).not.toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith(false);
  });

  it('labels a checkbox that is not required as optional', () => {
    render(<Checkbox label="Newsletter abonnieren" />);
    expect(screen.getByRole('checkbox', { name: 'Newsletter abonnieren (optional)' })).toBeInTheDocument();
  });

  it('shows its error as an alert that describes the checkbox', () => {
    render(
      <Checkbox
        label="Ich stimme den Bedingungen zu"
        isRequired
        errorMessage="Bitte bestätigen Sie die Bedingungen."
      />,
    );
    const box = screen.getByRole('checkbox', { name: 'Ich stimme den Bedingungen zu' });
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte bestätigen Sie die Bedingungen.');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Bitte bestätigen Sie die Bedingungen.');
  });

  it('follows a controlled value', () => {
    render(<Checkbox label="Lastschrift" isRequired value />);
    expect(screen.getByRole('checkbox', { name: 'Lastschrift' })).toBeChecked();
  });

  it('cannot be changed while disabled', async () => {
    const user = userEvent.setup();
    render(<Checkbox label="Lastschrift" isRequired isDisabled defaultValue />);
    const box = screen.getByRole('checkbox', { name: 'Lastschrift' });
    await user.click(box);
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
  });
});

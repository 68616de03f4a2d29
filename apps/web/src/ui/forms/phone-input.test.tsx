import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PHONE_MESSAGES } from '@schirm/domain/validation/phone';
import { PhoneInput } from './phone-input';

describe('PhoneInput', () => {
  it('normalises a valid mobile number to international format when the field is left', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<PhoneInput label="Mobilnummer" isRequired onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Mobilnummer' });
    expect(input).toHaveAttribute('type', 'tel');
    expect(input).toHaveAccessibleDescription(
      'Im internationalen Format mit Plus, zum Beispiel +49 151 23456789',
    );

    await user.type(input, '+49 151 2345 6789');
    await user.tab();
    expect(input).toHaveValue('+4915123456789');
    expect(onChange).toHaveBeenLastCalledWith('+4915123456789');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the rule message for a number without plus and clears it when the person types again', async () => {
    const user = userEvent.setup();
    render(<PhoneInput label="Mobilnummer" isRequired />);
    const input = screen.getByRole('textbox', { name: 'Mobilnummer' });
    await user.type(input, '0151 23456789');
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent(PHONE_MESSAGES.format);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(expect.stringContaining(PHONE_MESSAGES.format));

    await user.type(input, '0');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks for a mobile number unless the variant allows any number', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<PhoneInput label="Telefon" isRequired />);
    await user.type(screen.getByRole('textbox', { name: 'Telefon' }), '+49 30 1234567');
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent(PHONE_MESSAGES.germanMobile);
    unmount();

    render(<PhoneInput label="Telefon" mobileRequired={false} />);
    const input = screen.getByRole('textbox', { name: 'Telefon (optional)' });
    await user.type(input, '+49 30 1234567');
    await user.tab();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(input).toHaveValue('+49301234567');
  });

  it('leaves an empty optional field alone', async () => {
    const user = userEvent.setup();
    render(<PhoneInput label="Telefon" />);
    await user.click(screen.getByRole('textbox', { name: 'Telefon (optional)' }));
    await user.tab();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PostalCodeInput, validatePostalCode, type CheckPostalCode } from './postal-code-input';

// The answer cache is shared by all fields of the page, so every test uses its own codes.
function knownCodes(...codes: string[]): CheckPostalCode & ReturnType<typeof vi.fn> {
  return vi.fn(async (code: string) => codes.includes(code));
}

function rejectingWith(error: unknown): CheckPostalCode {
  return () => Promise.reject(error);
}

describe('PostalCodeInput', () => {
  it('checks five digits with the server, once per code', async () => {
    const user = userEvent.setup();
    const check = knownCodes('10115');
    const onValidityChange = vi.fn();
    render(
      <PostalCodeInput
        label="Postleitzahl"
        isRequired
        checkPostalCode={check}
        onValidityChange={onValidityChange}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Postleitzahl' });

    await user.type(input, '10115');
    await waitFor(() => expect(onValidityChange).toHaveBeenLastCalledWith('valid'));
    expect(check).toHaveBeenCalledTimes(1);
    expect(check).toHaveBeenCalledWith('10115', expect.any(AbortSignal));

    await user.type(input, '{Backspace}');
    expect(onValidityChange).toHaveBeenLastCalledWith('invalid');
    await user.type(input, '5');
    await waitFor(() => expect(onValidityChange).toHaveBeenLastCalledWith('valid'));
    await user.tab();
    expect(check).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shares the answers between fields: a second field does not ask again', async () => {
    const user = userEvent.setup();
    const first = knownCodes('20095');
    const second = knownCodes('20095');
    render(
      <>
        <PostalCodeInput label="PLZ Wohnort" isRequired checkPostalCode={first} />
        <PostalCodeInput label="PLZ Risikoort" isRequired checkPostalCode={second} />
      </>,
    );
    await user.type(screen.getByRole('textbox', { name: 'PLZ Wohnort' }), '20095');
    await waitFor(() => expect(first).toHaveBeenCalledTimes(1));
    await user.type(screen.getByRole('textbox', { name: 'PLZ Risikoort' }), '20095');
    await user.tab();
    expect(second).not.toHaveBeenCalled();
  });

  it('says so when the server does not know the code', async () => {
    const user = userEvent.setup();
    render(<PostalCodeInput label="Postleitzahl" isRequired checkPostalCode={knownCodes()} />);
    const input = screen.getByRole('textbox', { name: 'Postleitzahl' });
    await user.type(input, '99999');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Diese Postleitzahl kennen wir nicht. Bitte prüfen Sie Ihre Eingabe.',
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(
      'Diese Postleitzahl kennen wir nicht. Bitte prüfen Sie Ihre Eingabe.',
    );
  });

  it('reports fewer than five digits when the field is left, without asking the server', async () => {
    const user = userEvent.setup();
    const check = knownCodes();
    render(<PostalCodeInput label="Postleitzahl" isRequired checkPostalCode={check} />);
    await user.type(screen.getByRole('textbox', { name: 'Postleitzahl' }), '1234');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Bitte geben Sie eine gültige Postleitzahl mit 5 Ziffern ein.',
    );
    expect(check).not.toHaveBeenCalled();
  });

  it('counts a cancelled lookup as valid', async () => {
    const user = userEvent.setup();
    const onValidityChange = vi.fn();
    render(
      <PostalCodeInput
        label="Postleitzahl"
        isRequired
        checkPostalCode={rejectingWith(new DOMException('The operation was aborted.', 'AbortError'))}
        onValidityChange={onValidityChange}
      />,
    );
    await user.type(screen.getByRole('textbox', { name: 'Postleitzahl' }), '30159');
    await waitFor(() => expect(onValidityChange).toHaveBeenLastCalledWith('valid'));
    await user.tab();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('counts a failed lookup as invalid', async () => {
    const user = userEvent.setup();
    render(
      <PostalCodeInput
        label="Postleitzahl"
        isRequired
        checkPostalCode={rejectingWith(new TypeError('Failed to fetch'))}
      />,
    );
    await user.type(screen.getByRole('textbox', { name: 'Postleitzahl' }), '40210');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die Postleitzahl konnte gerade nicht geprüft werden. Bitte versuchen Sie es gleich noch einmal.',
    );
  });

  it('shows that it is checking while the server has not answered', async () => {
    const user = userEvent.setup();
    render(<PostalCodeInput label="Postleitzahl" checkPostalCode={() => new Promise(() => undefined)} />);
    await user.type(screen.getByRole('textbox', { name: 'Postleitzahl (optional)' }), '50667');
    expect(screen.getByRole('status')).toHaveTextContent('Postleitzahl wird geprüft …');
  });
});

describe('validatePostalCode', () => {
  const signal = new AbortController().signal;

  it.each([
    ['', { valid: true }],
    ['   ', { valid: true }],
    ['1234', { valid: false, reason: 'format' }],
    ['123456', { valid: false, reason: 'format' }],
    ['12a45', { valid: false, reason: 'format' }],
  ])('%j → %j without a server call', async (value, expected) => {
    const check = knownCodes();
    await expect(validatePostalCode(value, check, signal)).resolves.toEqual(expected);
    expect(check).not.toHaveBeenCalled();
  });

  it('caches the answer per code', async () => {
    const check = knownCodes('60311');
    await expect(validatePostalCode('60311', check, signal)).resolves.toEqual({ valid: true });
    await expect(validatePostalCode('60311', check, signal)).resolves.toEqual({ valid: true });
    await expect(validatePostalCode('60312', check, signal)).resolves.toEqual({
      valid: false,
      reason: 'unknown',
    });
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('does not cache a failure, so the next attempt asks again', async () => {
    const failing = rejectingWith(new Error('Network error'));
    await expect(validatePostalCode('70173', failing, signal)).resolves.toEqual({
      valid: false,
      reason: 'check-failed',
    });
    const check = knownCodes('70173');
    await expect(validatePostalCode('70173', check, signal)).resolves.toEqual({ valid: true });
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('counts a lookup aborted through its signal as valid', async () => {
    const controller = new AbortController();
    const pending = validatePostalCode(
      '80331',
      (_code, abortSignal) =>
        new Promise((_resolve, reject) =>
          abortSignal.addEventListener('abort', () => reject(new Error('stopped'))),
        ),
      controller.signal,
    );
    controller.abort();
    await expect(pending).resolves.toEqual({ valid: true });
  });
});

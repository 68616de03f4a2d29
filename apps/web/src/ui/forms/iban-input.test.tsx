import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { IBAN_MESSAGES } from '@schirm/domain/validation/iban';
import { IbanInput, maskIbanInput, type BankInfo } from './iban-input';

const VALID_IBAN = 'DE62370400440532013001';

describe('IbanInput', () => {
  it('shows blocks of four while typing and reports the IBAN without spaces', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<IbanInput label="IBAN" isRequired onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'IBAN' });

    await user.type(input, 'de62370400440532013001');
    expect(input).toHaveValue('DE62 3704 0044 0532 0130 01');
    expect(onChange).toHaveBeenLastCalledWith(VALID_IBAN);
  });

  it('keeps the caret in place when a character is inserted in the middle', async () => {
    const user = userEvent.setup();
    render(<IbanInput label="IBAN" isRequired defaultValue="DE6237040044" />);
    const input = screen.getByRole('textbox', { name: 'IBAN' });
    expect(input).toHaveValue('DE62 3704 0044');

    await user.type(input, '9', { initialSelectionStart: 2, initialSelectionEnd: 2 });
    expect(input).toHaveValue('DE96 2370 4004 4');
    expect(input).toHaveProperty('selectionStart', 3);
  });

  it('checks the IBAN when the field is left and shows the rule message', async () => {
    const user = userEvent.setup();
    render(<IbanInput label="IBAN" isRequired />);
    const input = screen.getByRole('textbox', { name: 'IBAN' });
    await user.type(input, 'DE89370400440532013000');
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent(IBAN_MESSAGES['test-iban']);
    expect(input).toHaveAccessibleDescription(
      `Mit Ländercode, zum Beispiel DE12 3456 7890 1234 5678 90 ${IBAN_MESSAGES['test-iban']}`,
    );

    await user.clear(input);
    await user.type(input, 'AT611904300234573201');
    await user.tab();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('accepts only German IBANs in the German-only variant', async () => {
    const user = userEvent.setup();
    render(<IbanInput label="IBAN" isRequired germanOnly />);
    await user.type(screen.getByRole('textbox', { name: 'IBAN' }), 'AT611904300234573201');
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent(IBAN_MESSAGES['not-german']);
  });

  it('looks up and shows the bank of a valid IBAN', async () => {
    const user = userEvent.setup();
    const bank: BankInfo = { bic: 'COBADEFFXXX', bankName: 'Commerzbank' };
    const lookupBank = vi.fn(async () => bank);
    const onBankChange = vi.fn();
    render(<IbanInput label="IBAN" isRequired lookupBank={lookupBank} onBankChange={onBankChange} />);
    const input = screen.getByRole('textbox', { name: 'IBAN' });
    await user.type(input, VALID_IBAN);
    await user.tab();

    expect(await screen.findByText('Bank: Commerzbank (BIC COBADEFFXXX)')).toHaveAttribute('role', 'status');
    expect(lookupBank).toHaveBeenCalledWith(VALID_IBAN);
    expect(onBankChange).toHaveBeenLastCalledWith(bank);
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Bank: Commerzbank (BIC COBADEFFXXX)'));

    await user.type(input, '{Backspace}');
    expect(screen.queryByText(/Commerzbank/)).not.toBeInTheDocument();
    expect(onBankChange).toHaveBeenLastCalledWith(null);
  });

  it('shows no bank when the lookup fails, without calling the IBAN wrong', async () => {
    const user = userEvent.setup();
    const lookupBank = vi.fn(() => Promise.reject(new Error('Network error')));
    render(<IbanInput label="IBAN" lookupBank={lookupBank} />);
    await user.type(screen.getByRole('textbox', { name: 'IBAN (optional)' }), VALID_IBAN);
    await user.tab();
    expect(lookupBank).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByRole('status')).toBeEmptyDOMElement());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['de89 3704-0044', 'DE89 3704 0044'],
    ['DE0'.padEnd(40, '1'), `DE01 ${'1111 '.repeat(7)}11`],
  ])('masks %s as %s', (raw, expected) => {
    expect(maskIbanInput(raw)).toBe(expected);
  });
});

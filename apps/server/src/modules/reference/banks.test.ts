import { describe, expect, it } from 'vitest';
import { IBAN_MESSAGES } from '@schirm/domain/validation/iban';
import { bankByCode, FOREIGN_BANK_MESSAGE, UNKNOWN_BANK_CODE_MESSAGE, validateIbanWithBank } from './banks';

const withBank = { withBankData: true };
const withoutBank = { withBankData: false };

describe('bankByCode', () => {
  it('finds name and BIC of a German bank code from the Bundesbank data', () => {
    expect(bankByCode('10010010')).toEqual({
      bankCode: '10010010',
      name: 'Postbank Ndl der Deutsche Bank',
      bic: 'PBNKDEFFXXX',
    });
    expect(bankByCode('99999999')).toBeUndefined();
  });
});

describe('validateIbanWithBank', () => {
  it('accepts a German IBAN with spaces and lower case, and adds the bank when asked', () => {
    expect(validateIbanWithBank('de48 1001 0010 0000 1383 01', withBank)).toEqual({
      valid: true,
      messages: ['Bankleitzahl 10010010 gehört zu: Postbank Ndl der Deutsche Bank.'],
      iban: 'DE48100100100000138301',
      bankData: { bankCode: '10010010', name: 'Postbank Ndl der Deutsche Bank', bic: 'PBNKDEFFXXX' },
    });
  });

  it('leaves the bank data out unless asked', () => {
    const result = validateIbanWithBank('DE12500105170648489890', withoutBank);
    expect(result.valid).toBe(true);
    expect(result).not.toHaveProperty('bankData');
  });

  it.each([
    ['DE48100100100000138302', IBAN_MESSAGES.checksum],
    ['DE89370400440532013000', IBAN_MESSAGES['test-iban']],
    ['DE02120300000000202051', IBAN_MESSAGES['test-iban']],
    ['SA0380000000608010167519', IBAN_MESSAGES.country],
    ['DE4810010010', IBAN_MESSAGES.format],
    ['DE48-1001-0010-0000-1383-01', IBAN_MESSAGES.format],
    ['', IBAN_MESSAGES.format],
  ])('refuses %s with its German reason', (iban, message) => {
    const result = validateIbanWithBank(iban, withBank);
    expect(result).toMatchObject({ valid: false, messages: [message] });
    expect(result).not.toHaveProperty('bankData');
  });

  it('refuses a German IBAN with a correct checksum but a bank code the Bundesbank does not list', () => {
    expect(validateIbanWithBank('DE37999999990123456789', withBank)).toEqual({
      valid: false,
      messages: [UNKNOWN_BANK_CODE_MESSAGE],
      iban: 'DE37999999990123456789',
    });
  });

  it('accepts other European IBANs and says that bank data exists only for German ones', () => {
    expect(validateIbanWithBank('NL91 ABNA 0417 1643 00', withBank)).toEqual({
      valid: true,
      messages: [FOREIGN_BANK_MESSAGE],
      iban: 'NL91ABNA0417164300',
    });
    expect(validateIbanWithBank('AT611904300234573201', withoutBank)).toEqual({
      valid: true,
      messages: [],
      iban: 'AT611904300234573201',
    });
  });
});

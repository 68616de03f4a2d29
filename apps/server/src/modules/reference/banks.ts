// IBAN check with bank look-up, in the response shape of the OpenIBAN validator
// (openiban.com: valid, messages, iban, bankData) so that clients written against it work.
// Bank names and BICs come from the Bundesbank's bank code file as packaged by `bankdata-germany`
// (see docs/DATA.md); the package picks the data set valid on the current date.
import { bankDataByBLZ } from 'bankdata-germany';
import { blzFromGermanIban, normalizeIban, validateIban } from '@schirm/domain/validation/iban';

export interface BankData {
  bankCode: string;
  name: string;
  /** Some institutions in the Bundesbank file have no BIC of their own. */
  bic: string | null;
}

export interface IbanValidation {
  valid: boolean;
  /** German messages for people: why the IBAN is refused, or which bank was found. */
  messages: string[];
  /** The IBAN without spaces, upper case. */
  iban: string;
  bankData?: BankData;
}

/** Message for a German IBAN whose bank code the Bundesbank does not list. */
export const UNKNOWN_BANK_CODE_MESSAGE =
  'Zu dieser IBAN finden wir keine Bank. Bitte prüfen Sie die Bankleitzahl in Ihrer IBAN.';

/** Message when bank data is asked for a valid IBAN from another country. */
export const FOREIGN_BANK_MESSAGE = 'Bankname und BIC können wir nur zu deutschen IBANs ermitteln.';

/** The bank of a German bank code (BLZ), or undefined when the Bundesbank does not list it. */
export function bankByCode(bankCode: string): BankData | undefined {
  const bank = bankDataByBLZ(bankCode);
  return bank ? { bankCode: bank.blz, name: bank.bankName, bic: bank.bic ?? null } : undefined;
}

/**
 * Validates an IBAN (spec §5 rules). A German IBAN is only valid when its bank code exists,
 * because a direct debit to an unknown bank code fails; `withBankData` adds bank name and BIC.
 */
export function validateIbanWithBank(
  value: string,
  { withBankData }: { withBankData: boolean },
): IbanValidation {
  const result = validateIban(value);
  if (!result.valid) return { valid: false, messages: [result.message], iban: normalizeIban(value) };
  const bankCode = blzFromGermanIban(result.iban);
  if (bankCode === undefined) {
    return { valid: true, messages: withBankData ? [FOREIGN_BANK_MESSAGE] : [], iban: result.iban };
  }
  const bank = bankByCode(bankCode);
  if (!bank) return { valid: false, messages: [UNKNOWN_BANK_CODE_MESSAGE], iban: result.iban };
  return {
    valid: true,
    messages: [`Bankleitzahl ${bank.bankCode} gehört zu: ${bank.name}.`],
    iban: result.iban,
    ...(withBankData ? { bankData: bank } : {}),
  };
}

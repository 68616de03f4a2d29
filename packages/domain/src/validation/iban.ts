// IBAN rules (spec §5): spaces stripped, country among 37 European codes, checksum valid, two
// widely published example IBANs rejected, optionally German only.
//
// The 37 countries are the SEPA scheme members with an IBAN of their own: the 27 EU states,
// the EEA states Iceland, Liechtenstein and Norway, plus Andorra, Gibraltar, Monaco, San Marino,
// Switzerland, the United Kingdom and Vatican City (the same set ibantools marks as SEPA).
// Overseas territories such as Réunion use French IBANs and are covered by FR. States that joined
// SEPA in 2024/2025 (Albania, Moldova, Montenegro, North Macedonia, Serbia) are not in the list.
import { extractIBAN, friendlyFormatIBAN, validateIBAN, ValidationErrorsIBAN } from 'ibantools';
import { z } from 'zod';

// prettier-ignore
/** The 37 European (SEPA) IBAN country codes accepted for direct debit. */
export const EUROPEAN_IBAN_COUNTRIES: readonly string[] = [
  // EU
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU',
  'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
  // EEA
  'IS', 'LI', 'NO',
  // further SEPA members
  'AD', 'CH', 'GB', 'GI', 'MC', 'SM', 'VA',
];

/**
 * Example IBANs with valid checksums that circulate in documentation and form examples and are
 * therefore typed in instead of a real account: DE02120300000000202051 (BLZ 12030000, Deutsche
 * Kreditbank, common in German form examples) and DE89370400440532013000 (BLZ 37040044,
 * Commerzbank, the example of Wikipedia and most IBAN libraries, ibantools included).
 */
export const REJECTED_TEST_IBANS: readonly string[] = ['DE02120300000000202051', 'DE89370400440532013000'];

export type IbanRejection = 'format' | 'country' | 'checksum' | 'test-iban' | 'not-german';
export type IbanResult =
  { valid: true; iban: string } | { valid: false; message: string; reason: IbanRejection };

export interface IbanOptions {
  /** Only German IBANs (prefix DE) are accepted (default false). */
  germanOnly?: boolean;
}

/** German messages per rejection reason. */
export const IBAN_MESSAGES: Readonly<Record<IbanRejection, string>> = {
  format: 'Bitte geben Sie eine vollständige IBAN ein, z. B. DE12 3456 7890 1234 5678 90.',
  country:
    'IBANs aus diesem Land können wir leider nicht annehmen. Bitte geben Sie eine europäische IBAN an.',
  checksum: 'Diese IBAN ist ungültig. Bitte prüfen Sie Ihre Eingabe.',
  'test-iban': 'Diese IBAN ist eine Beispiel-IBAN. Bitte geben Sie Ihre eigene IBAN an.',
  'not-german': 'Bitte geben Sie eine deutsche IBAN an (beginnend mit DE).',
};

const IBAN_SHAPE = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$/;
const CHECKSUM_ERRORS = new Set([
  ValidationErrorsIBAN.ChecksumNotNumber,
  ValidationErrorsIBAN.WrongIBANChecksum,
  ValidationErrorsIBAN.WrongAccountBankBranchChecksum,
]);

/** Strips all whitespace and upper-cases ('de89 3704 …' → 'DE893704…'). */
export function normalizeIban(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

function rejection(reason: IbanRejection): IbanResult {
  return { valid: false, message: IBAN_MESSAGES[reason], reason };
}

/** Validates an IBAN (normalised first); the valid result carries the normalised IBAN. */
export function validateIban(value: string, options: IbanOptions = {}): IbanResult {
  const iban = normalizeIban(value);
  if (!IBAN_SHAPE.test(iban)) return rejection('format');
  const country = iban.slice(0, 2);
  if (options.germanOnly && country !== 'DE') return rejection('not-german');
  if (!EUROPEAN_IBAN_COUNTRIES.includes(country)) return rejection('country');
  const { valid, errorCodes } = validateIBAN(iban);
  if (!valid) {
    const isChecksumOnly = errorCodes.every((code) => CHECKSUM_ERRORS.has(code));
    return rejection(isChecksumOnly ? 'checksum' : 'format');
  }
  if (REJECTED_TEST_IBANS.includes(iban)) return rejection('test-iban');
  return { valid: true, iban };
}

/** Zod schema around validateIban; the parsed value is the normalised IBAN. */
export function ibanSchema(options: IbanOptions = {}) {
  return z.string().transform((value, ctx) => {
    const result = validateIban(value, options);
    if (result.valid) return result.iban;
    ctx.addIssue({ code: 'custom', message: result.message, params: { reason: result.reason } });
    return z.NEVER;
  });
}

/** Groups of four for display ('DE89 3704 0044 0532 0130 00'). */
export function formatIbanGroups(iban: string): string {
  return friendlyFormatIBAN(normalizeIban(iban)) ?? '';
}

const LETTERS_AND_DIGITS = /^[A-Z0-9]*$/;

/** Groups of four separated by spaces, as friendlyFormatIBAN writes a value without spaces or hyphens. */
function groupsOfFour(value: string): string {
  let grouped = value.slice(0, 4);
  for (let start = 4; start < value.length; start += 4) grouped += ` ${value.slice(start, start + 4)}`;
  return grouped;
}

/** Masked for showing saved bank details: country, check digits and last four stay visible. */
export function maskIban(iban: string): string {
  const normalized = normalizeIban(iban);
  const visibleEnd = Math.max(4, normalized.length - 4);
  const masked = normalized.slice(0, 4) + '*'.repeat(visibleEnd - 4) + normalized.slice(visibleEnd);
  // Every contract view masks an IBAN; a stored one has only letters and digits, which
  // formatIbanGroups would leave as they are before grouping them with two regular expressions.
  return LETTERS_AND_DIGITS.test(normalized) ? groupsOfFour(masked) : formatIbanGroups(masked);
}

/** The bank code (BLZ) inside a valid German IBAN, otherwise undefined. */
export function blzFromGermanIban(iban: string): string | undefined {
  const normalized = normalizeIban(iban);
  if (!normalized.startsWith('DE')) return undefined;
  const { valid, bankIdentifier } = extractIBAN(normalized);
  return valid ? bankIdentifier : undefined;
}

// German postal codes (spec §5): only an entry of exactly five digits is checked further, by a
// server lookup; the lookup itself lives in the server, this module decides when it is needed.
import { z } from 'zod';

/** Length of a German postal code (spec §9). */
export const POSTAL_CODE_LENGTH = 5;

/** Message shown for a postal code that is not five digits. */
export const POSTAL_CODE_MESSAGE = 'Bitte geben Sie eine gültige Postleitzahl mit 5 Ziffern ein.';

const POSTAL_CODE_PATTERN = /^\d{5}$/;

/** True when the value is exactly five digits. */
export function isPostalCodePattern(value: string): boolean {
  return POSTAL_CODE_PATTERN.test(value);
}

/**
 * Classifies an entry: 'empty' counts as valid, 'check' needs the server lookup, 'invalid' is
 * wrong on its face (any other length or non-digits).
 */
export function postalCodeFormatResult(value: string): 'empty' | 'check' | 'invalid' {
  const trimmed = value.trim();
  if (trimmed === '') return 'empty';
  return trimmed.length === POSTAL_CODE_LENGTH && isPostalCodePattern(trimmed) ? 'check' : 'invalid';
}

/** Optional postal code: undefined or empty passes, anything else must be five digits. */
export const postalCodeSchema = z
  .string()
  .trim()
  .refine((value) => postalCodeFormatResult(value) !== 'invalid', { error: POSTAL_CODE_MESSAGE })
  .optional();

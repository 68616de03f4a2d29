// Identifier formats of spec §5. Each schema trims; letter-bearing identifiers are upper-cased so
// that 'd-abcd-…' and 'deutdeff' are stored the way they are printed.
import { z } from 'zod';

/** Pattern reading of 'D-XXXX-XXXXX-NN': 'D', four and five letters or digits, two digits. */
export const IHK_NUMBER_PATTERN = /^D-[A-Z0-9]{4}-[A-Z0-9]{5}-[0-9]{2}$/;
/** BIC: 8 or 11 letters or digits (spec §5 names only the length; the bank checks the rest). */
export const BIC_PATTERN = /^[A-Z0-9]{8}([A-Z0-9]{3})?$/;
/** Insurance number (Versicherungsnummer): 9 or 10 digits. */
export const VERSICHERUNGS_NUMMER_PATTERN = /^\d{9,10}$/;
/** Bank code (Bankleitzahl): 8 digits. */
export const BLZ_PATTERN = /^\d{8}$/;
/** Agent id (Vermittlernummer): 10 digits. */
export const VERMITTLER_NUMMER_PATTERN = /^\d{10}$/;
/**
 * Street number (Hausnummer): 1–5 digits without leading zero, an optional letter, optionally a
 * range ('-') or slash part with the same shape; single spaces around the parts are tolerated
 * ('12', '12a', '12 a', '12-14', '12 - 14', '12/1', '12a-12c').
 */
export const HAUSNUMMER_PATTERN = /^[1-9]\d{0,4} ?[A-Za-z]?(?: ?[-/] ?[1-9]\d{0,4} ?[A-Za-z]?)?$/;

/** Two-letter prefixes of contract ids (spec §5). */
export const CONTRACT_ID_PREFIXES = ['VH', 'IM', 'IA', 'RR', 'HR', 'FA', 'PH', 'TH', 'BH'] as const;

/**
 * Contract id: either a year 2019 or 2020–2029 followed by 5 digits ('202312345'), or a prefix,
 * a 2–4 digit part and 7 digits. The prefixed form may carry one '-' or space between the part
 * and the 7 digits ('VH12-1234567' = 'VH121234567'), the way it is printed on documents;
 * normalizeContractId removes it. Without a separator the split is by the trailing 7 digits.
 */
export const CONTRACT_ID_PATTERN = new RegExp(
  `^(?:(?:2019|202\\d)\\d{5}|(?:${CONTRACT_ID_PREFIXES.join('|')})\\d{2,4}[- ]?\\d{7})$`,
);

/** German messages of the identifier schemas. */
export const IDENTIFIER_MESSAGES = {
  ihkNumber: 'Bitte geben Sie die IHK-Registrierungsnummer im Format D-XXXX-XXXXX-XX ein.',
  bic: 'Bitte geben Sie eine gültige BIC mit 8 oder 11 Zeichen ein.',
  versicherungsNummer: 'Bitte geben Sie eine Versicherungsnummer mit 9 oder 10 Ziffern ein.',
  blz: 'Bitte geben Sie eine Bankleitzahl mit 8 Ziffern ein.',
  vermittlerNummer: 'Bitte geben Sie eine Vermittlernummer mit 10 Ziffern ein.',
  hausnummer: 'Bitte geben Sie eine gültige Hausnummer ein, z. B. 12, 12a oder 12-14.',
  contractId: 'Bitte geben Sie eine gültige Vertragsnummer ein.',
} as const;

function upperCased(pattern: RegExp, message: string) {
  return z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(pattern, { error: message }));
}

/** IHK registration number, upper-cased. */
export const ihkNumberSchema = upperCased(IHK_NUMBER_PATTERN, IDENTIFIER_MESSAGES.ihkNumber);

/** BIC, upper-cased. */
export const bicSchema = upperCased(BIC_PATTERN, IDENTIFIER_MESSAGES.bic);

/** Insurance number: 9 or 10 digits. */
export const versicherungsNummerSchema = z
  .string()
  .trim()
  .regex(VERSICHERUNGS_NUMMER_PATTERN, { error: IDENTIFIER_MESSAGES.versicherungsNummer });

/** Bank code: 8 digits. */
export const blzSchema = z.string().trim().regex(BLZ_PATTERN, { error: IDENTIFIER_MESSAGES.blz });

/** Agent id: 10 digits. */
export const vermittlerNummerSchema = z
  .string()
  .trim()
  .regex(VERMITTLER_NUMMER_PATTERN, { error: IDENTIFIER_MESSAGES.vermittlerNummer });

/** Street number as entered (trimmed). */
export const hausnummerSchema = z
  .string()
  .trim()
  .regex(HAUSNUMMER_PATTERN, { error: IDENTIFIER_MESSAGES.hausnummer });

/** True when the value (trimmed, any letter case) is a contract id. */
export function isContractId(value: string): boolean {
  return CONTRACT_ID_PATTERN.test(value.trim().toUpperCase());
}

/** Canonical contract id: trimmed, upper-cased, separator removed ('vh12-1234567' → 'VH121234567'). */
export function normalizeContractId(value: string): string {
  return value.trim().toUpperCase().replace(/[- ]/g, '');
}

/** Contract id; the parsed value is the canonical form of normalizeContractId. */
export const contractIdSchema = z
  .string()
  .refine(isContractId, { error: IDENTIFIER_MESSAGES.contractId })
  .transform(normalizeContractId);

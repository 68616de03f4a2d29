// Phone numbers (spec §5): international format with '+'. Spaces, dashes, slashes, parentheses
// and a trunk '(0)' after the country code ('+49 (0)151 …') are tolerated and stripped; the
// result is checked by pattern first, then by libphonenumber-js (possibility, and for the mobile
// variant validity and line type) and normalised to E.164 ('+4915112345678').
//
// Mobile variant (default): German numbers (+49) must be +491 followed by 4–12 digits and of type
// MOBILE; other countries have 7–15 digits, do not start with 0 and must be MOBILE or
// FIXED_LINE_OR_MOBILE (countries such as the USA do not distinguish the two).
// Without mobile obligation: any '+' with 7–15 digits that libphonenumber-js considers possible.
import { parsePhoneNumberWithError } from 'libphonenumber-js/max';
import type { PhoneNumber } from 'libphonenumber-js/max';
import { z } from 'zod';

/** Fewest digits after '+' (spec §9). */
export const PHONE_MIN_DIGITS = 7;
/** Most digits after '+' (spec §9). */
export const PHONE_MAX_DIGITS = 15;

export interface PhoneOptions {
  /** Require a mobile number (default true). */
  mobileRequired?: boolean;
  /** Require a German number +49 (default false). */
  germanOnly?: boolean;
}

export type PhoneResult = { valid: true; normalized: string } | { valid: false; message: string };

/** German messages of the phone check. */
export const PHONE_MESSAGES = {
  required: 'Bitte geben Sie Ihre Telefonnummer ein.',
  format: 'Bitte geben Sie Ihre Telefonnummer im internationalen Format mit + ein, z. B. +49 151 12345678.',
  length: `Die Telefonnummer muss nach dem + ${PHONE_MIN_DIGITS} bis ${PHONE_MAX_DIGITS} Ziffern haben.`,
  notGerman: 'Bitte geben Sie eine deutsche Telefonnummer mit +49 ein.',
  germanMobile: 'Bitte geben Sie eine deutsche Mobilfunknummer ein, z. B. +49 151 12345678.',
  invalid: 'Diese Telefonnummer ist ungültig. Bitte prüfen Sie Ihre Eingabe.',
  notMobile: 'Bitte geben Sie eine Mobilfunknummer ein.',
} as const;

const TRUNK_ZERO = /^(\+\d{1,3})\s*\(0\)/;
const SEPARATORS = /[\s\-–/()]/g;
const PLUS_DIGITS = /^\+\d+$/;
const GERMAN_MOBILE = /^491\d{4,12}$/;

function compact(value: string): string {
  return value.trim().replace(TRUNK_ZERO, '$1').replace(SEPARATORS, '');
}

function invalid(message: string): PhoneResult {
  return { valid: false, message };
}

function parse(number: string): PhoneNumber | undefined {
  try {
    return parsePhoneNumberWithError(number);
  } catch {
    return undefined;
  }
}

function patternError(digits: string, mobileRequired: boolean, germanOnly: boolean): string | undefined {
  if (digits.startsWith('0')) return PHONE_MESSAGES.format;
  if (digits.length < PHONE_MIN_DIGITS || digits.length > PHONE_MAX_DIGITS) return PHONE_MESSAGES.length;
  const isGerman = digits.startsWith('49');
  if (germanOnly && !isGerman) return PHONE_MESSAGES.notGerman;
  if (mobileRequired && isGerman && !GERMAN_MOBILE.test(digits)) return PHONE_MESSAGES.germanMobile;
  return undefined;
}

function isMobileType(phone: PhoneNumber): boolean {
  const type = phone.getType();
  if (phone.countryCallingCode === '49') return type === 'MOBILE';
  return type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE';
}

/** Validates a phone number and normalises it to E.164, or returns a German message. */
export function validatePhone(value: string, options: PhoneOptions = {}): PhoneResult {
  const { mobileRequired = true, germanOnly = false } = options;
  const number = compact(value);
  if (number === '') return invalid(PHONE_MESSAGES.required);
  if (!PLUS_DIGITS.test(number)) return invalid(PHONE_MESSAGES.format);
  const error = patternError(number.slice(1), mobileRequired, germanOnly);
  if (error) return invalid(error);

  const phone = parse(number);
  if (!phone || !phone.isPossible()) return invalid(PHONE_MESSAGES.invalid);
  if (mobileRequired) {
    if (!phone.isValid()) return invalid(PHONE_MESSAGES.invalid);
    if (!isMobileType(phone)) return invalid(PHONE_MESSAGES.notMobile);
  }
  return { valid: true, normalized: phone.number };
}

/** Zod schema around validatePhone; the parsed value is the E.164 number. */
export function phoneSchema(options: PhoneOptions = {}) {
  return z.string().transform((value, ctx) => {
    const result = validatePhone(value, options);
    if (result.valid) return result.normalized;
    ctx.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  });
}

/**
 * A phone number that may be left empty: blank text is null ("no number"), anything else must be a
 * valid number (phoneSchema) and is normalised. One schema with one German message per case; a
 * union of "empty" and "phone" answered a wrong number with the empty branch's message ('Too big:
 * expected string to have exactly 0 characters').
 */
export function optionalPhoneSchema(options: PhoneOptions = {}) {
  return z.string().transform((value, ctx): string | null => {
    if (value.trim() === '') return null;
    const result = validatePhone(value, options);
    if (result.valid) return result.normalized;
    ctx.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  });
}

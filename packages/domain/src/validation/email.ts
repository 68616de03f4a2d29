// Email addresses (spec §5: pattern check). Only surrounding spaces are removed; the case is kept
// because the local part may be case-sensitive. Sign-in names are lower-cased by the sign-in code.
import { z } from 'zod';

/** Longest address allowed by RFC 5321 (path limit minus angle brackets). */
export const EMAIL_MAX_LENGTH = 254;

/** Message shown for an address that does not match the pattern. */
export const EMAIL_MESSAGE = 'Bitte geben Sie eine gültige E-Mail-Adresse ein, z. B. name@beispiel.de.';

// Local part of dot-separated atoms (no leading, trailing or double dot), '@', a domain of labels
// that neither start nor end with '-', and a top-level domain of at least two letters.
const EMAIL_PATTERN =
  /^[A-Za-z0-9_'+-]+(?:\.[A-Za-z0-9_'+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

/** True when the trimmed value looks like an email address. */
export function isEmail(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(trimmed);
}

/** Email address, trimmed, case kept. */
export const emailSchema = z.string().trim().refine(isEmail, { error: EMAIL_MESSAGE });

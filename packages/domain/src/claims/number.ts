// Claim numbers (Schadennummer). Contract numbers (spec §5) are a two-letter product prefix, a 2–4
// digit part and 7 digits, printed with a '-' before the 7 digits ('VH12-1234567'). A claim number
// follows the same pattern with the prefix 'SC' (no contract prefix, so a claim number is never
// taken for a contract number), the two-digit year of the report and a 7-digit serial counted per
// year: 'SC26-0000123' is the 123rd claim reported in 2026. Printed and stored with the '-';
// entered numbers are accepted in any letter case and without the separator.

/** Prefix of every claim number. */
export const CLAIM_NUMBER_PREFIX = 'SC';
/** The largest serial of a year. */
export const CLAIM_SERIAL_MAX = 9_999_999;

const CLAIM_NUMBER_PATTERN = /^SC(\d{2})[- ]?(\d{7})$/;

/** The claim number of the `serial`-th claim reported in `year` ('SC26-0000123'). */
export function formatClaimNumber(year: number, serial: number): string {
  if (!Number.isInteger(serial) || serial < 1 || serial > CLAIM_SERIAL_MAX) {
    throw new RangeError(`Claim serial out of range: ${serial}`);
  }
  if (!Number.isInteger(year) || year < 2000 || year > 2099)
    throw new RangeError(`Claim year out of range: ${year}`);
  return `${CLAIM_NUMBER_PREFIX}${String(year % 100).padStart(2, '0')}-${String(serial).padStart(7, '0')}`;
}

/** The canonical claim number ('sc260000123' → 'SC26-0000123'), or undefined when it is none. */
export function normalizeClaimNumber(value: string): string | undefined {
  const match = CLAIM_NUMBER_PATTERN.exec(value.trim().toUpperCase());
  if (!match || match[2] === '0000000') return undefined;
  return `${CLAIM_NUMBER_PREFIX}${match[1]!}-${match[2]!}`;
}

/** True when the value is a claim number. */
export function isClaimNumber(value: string): boolean {
  return normalizeClaimNumber(value) !== undefined;
}

// The eVB number (elektronische Versicherungsbestätigung): the 7-character code the applicant gives
// the registration office, which fetches the insurance confirmation with it from the GDV's system
// (Fahrzeug-Zulassungsverordnung). The code carries no meaning; it only has to be unique and easy
// to read aloud and type, so the alphabet leaves out characters people confuse (0/O, 1/I/L).
// Uniqueness is the caller's job (the server stores the numbers and draws again on a collision).

/** Characters of an eVB number: digits 2–9 and A–Z without I, L and O (31 characters). */
export const EVB_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** Length of an eVB number. */
export const EVB_LENGTH = 7;

const EVB_PATTERN = new RegExp(`^[${EVB_ALPHABET}]{${EVB_LENGTH}}$`);

/**
 * A source of uniform random integers in [0, bound). On the server pass `crypto.randomInt` from
 * node:crypto (cryptographically strong, so numbers cannot be guessed); tests pass a fixed sequence.
 */
export type RandomInt = (bound: number) => number;

/** Draws a new eVB number, e.g. 'K7M2QXA', from the random source. */
export function createEvbNumber(randomInt: RandomInt): string {
  let code = '';
  for (let index = 0; index < EVB_LENGTH; index += 1) {
    const value = randomInt(EVB_ALPHABET.length);
    if (!Number.isInteger(value) || value < 0 || value >= EVB_ALPHABET.length) {
      throw new RangeError(`randomInt(${EVB_ALPHABET.length}) returned ${value}`);
    }
    code += EVB_ALPHABET.charAt(value);
  }
  return code;
}

/** Normalises a typed eVB number: spaces and hyphens removed, upper case. */
export function normaliseEvbNumber(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/** True for a well-formed eVB number of this insurer (7 characters of the alphabet). */
export function isEvbNumber(value: string): boolean {
  return EVB_PATTERN.test(value);
}

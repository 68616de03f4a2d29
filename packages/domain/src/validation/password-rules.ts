// Password rules (spec §5): 8 to 50 characters, at least one digit, one lowercase letter, one
// uppercase letter and one special character.
//
// Character classes: a digit is 0–9; lowercase and uppercase are Unicode letters of that case
// (so 'ä' counts as lowercase, 'Ä' as uppercase); a special character is anything that is
// neither a letter, a digit nor whitespace (e.g. '!', '?', '#', '€', '_'). Spaces are allowed
// but do not count as special. Length counts Unicode code points, so an emoji is one character.
//
// Strength levels count the five requirements met (number, lowercase, uppercase, special,
// length): 0–2 met → very weak, 3 → weak, 4 → strong, 5 → very strong. Only 'very-strong'
// passes the schema, because every requirement is mandatory.
//
// Without zod, so that a page can show the rules (password field) without loading zod.

/** Minimum password length (spec §9). */
export const PASSWORD_MIN_LENGTH = 8;
/** Maximum password length (spec §9). */
export const PASSWORD_MAX_LENGTH = 50;

export type PasswordRequirement = 'number' | 'lowercase' | 'uppercase' | 'special' | 'length';
export type PasswordRequirements = Record<PasswordRequirement, boolean>;
export type PasswordStrength = 'very-weak' | 'weak' | 'strong' | 'very-strong';

/** The five requirements in display order. */
export const PASSWORD_REQUIREMENTS: readonly PasswordRequirement[] = [
  'number',
  'lowercase',
  'uppercase',
  'special',
  'length',
];

/** German labels of the five requirements, as shown in the strength indicator. */
export const PASSWORD_REQUIREMENT_LABELS: Readonly<Record<PasswordRequirement, string>> = {
  number: 'Mindestens eine Ziffer',
  lowercase: 'Mindestens ein Kleinbuchstabe',
  uppercase: 'Mindestens ein Großbuchstabe',
  special: 'Mindestens ein Sonderzeichen',
  length: `${PASSWORD_MIN_LENGTH} bis ${PASSWORD_MAX_LENGTH} Zeichen`,
};

/** German labels of the strength levels. */
export const PASSWORD_STRENGTH_LABELS: Readonly<Record<PasswordStrength, string>> = {
  'very-weak': 'sehr schwach',
  weak: 'schwach',
  strong: 'stark',
  'very-strong': 'sehr stark',
};

/** German error message per failed requirement. */
export const PASSWORD_MESSAGES: Readonly<Record<PasswordRequirement | 'tooShort' | 'tooLong', string>> = {
  number: 'Das Passwort muss mindestens eine Ziffer enthalten.',
  lowercase: 'Das Passwort muss mindestens einen Kleinbuchstaben enthalten.',
  uppercase: 'Das Passwort muss mindestens einen Großbuchstaben enthalten.',
  special: 'Das Passwort muss mindestens ein Sonderzeichen enthalten.',
  length: `Das Passwort muss ${PASSWORD_MIN_LENGTH} bis ${PASSWORD_MAX_LENGTH} Zeichen lang sein.`,
  tooShort: `Das Passwort muss mindestens ${PASSWORD_MIN_LENGTH} Zeichen lang sein.`,
  tooLong: `Das Passwort darf höchstens ${PASSWORD_MAX_LENGTH} Zeichen lang sein.`,
};

const DIGIT = /[0-9]/;
const LOWERCASE = /\p{Ll}/u;
const UPPERCASE = /\p{Lu}/u;
const SPECIAL = /[^\p{L}\p{N}\s]/u;

/** Length in Unicode code points (an emoji is one character). */
export function characterCount(value: string): number {
  return Array.from(value).length;
}

/** Which of the five requirements the password meets. */
export function passwordRequirements(password: string): PasswordRequirements {
  const length = characterCount(password);
  return {
    number: DIGIT.test(password),
    lowercase: LOWERCASE.test(password),
    uppercase: UPPERCASE.test(password),
    special: SPECIAL.test(password),
    length: length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH,
  };
}

/** Strength level from the number of requirements met (0–2, 3, 4, 5). */
export function passwordStrength(password: string): PasswordStrength {
  const met = Object.values(passwordRequirements(password)).filter(Boolean).length;
  if (met === 5) return 'very-strong';
  if (met === 4) return 'strong';
  if (met === 3) return 'weak';
  return 'very-weak';
}

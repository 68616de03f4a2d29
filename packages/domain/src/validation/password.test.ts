import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  PASSWORD_REQUIREMENT_LABELS,
  PASSWORD_STRENGTH_LABELS,
  passwordRequirements,
  passwordSchema,
  passwordStrength,
} from './password';

const withLength = (length: number) => 'Aa1!' + 'x'.repeat(length - 4);

function messages(value: string): string[] {
  const result = passwordSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('password', () => {
  it('has the length limits of spec §9', () => {
    expect([PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH]).toEqual([8, 50]);
  });

  it.each([
    [7, [PASSWORD_MESSAGES.tooShort]],
    [8, []],
    [50, []],
    [51, [PASSWORD_MESSAGES.tooLong]],
  ])('a password of %i characters gives %j', (length, expected) => {
    expect(messages(withLength(length))).toEqual(expected);
  });

  it.each([
    ['Abcdefg!', [PASSWORD_MESSAGES.number]],
    ['ABCDEF1!', [PASSWORD_MESSAGES.lowercase]],
    ['abcdef1!', [PASSWORD_MESSAGES.uppercase]],
    ['Abcdefg1', [PASSWORD_MESSAGES.special]],
    ['Abc def1', [PASSWORD_MESSAGES.special]],
    ['Äöüßabc1€', []],
    ['Sommer_2026', []],
    [
      'abc',
      [
        PASSWORD_MESSAGES.tooShort,
        PASSWORD_MESSAGES.number,
        PASSWORD_MESSAGES.uppercase,
        PASSWORD_MESSAGES.special,
      ],
    ],
  ])('%j gives %j', (value, expected) => {
    expect(messages(value)).toEqual(expected);
  });

  it('counts an emoji as one character', () => {
    expect(passwordRequirements('Aa1😀xyz').length).toBe(false);
    expect(passwordRequirements('Aa1😀xyzw').length).toBe(true);
  });

  it.each([
    ['', 'very-weak', { number: false, lowercase: false, uppercase: false, special: false, length: false }],
    [
      'abcdefgh',
      'very-weak',
      { number: false, lowercase: true, uppercase: false, special: false, length: true },
    ],
    ['abcdefg1', 'weak', { number: true, lowercase: true, uppercase: false, special: false, length: true }],
    ['Abcdefg1', 'strong', { number: true, lowercase: true, uppercase: true, special: false, length: true }],
    ['Ab1!', 'strong', { number: true, lowercase: true, uppercase: true, special: true, length: false }],
    [
      'Abcdef1!',
      'very-strong',
      { number: true, lowercase: true, uppercase: true, special: true, length: true },
    ],
  ] as const)('%j is %s', (value, strength, requirements) => {
    expect(passwordStrength(value)).toBe(strength);
    expect(passwordRequirements(value)).toEqual(requirements);
  });

  it('labels the levels and requirements in German', () => {
    expect(Object.values(PASSWORD_STRENGTH_LABELS)).toEqual([
      'sehr schwach',
      'schwach',
      'stark',
      'sehr stark',
    ]);
    expect(PASSWORD_REQUIREMENT_LABELS.length).toBe('8 bis 50 Zeichen');
  });
});

import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, EMAIL_MESSAGE, emailSchema, isEmail } from './email';

describe('email', () => {
  it.each([
    ['max.mustermann@schirm.de'],
    ['Max.Mustermann@Schirm.DE'],
    ["o'brien+test@mail.example.co.uk"],
    ['a@b.de'],
    ['info@my-domain.de'],
  ])('accepts %j', (value) => {
    expect(isEmail(value)).toBe(true);
  });

  it.each([
    [''],
    ['max'],
    ['max@'],
    ['@schirm.de'],
    ['max@schirm'],
    ['max@schirm.d'],
    ['max..muster@schirm.de'],
    ['.max@schirm.de'],
    ['max.@schirm.de'],
    ['max@-schirm.de'],
    ['max@schirm-.de'],
    ['max muster@schirm.de'],
    ['max@schirm..de'],
  ])('rejects %j', (value) => {
    expect(isEmail(value)).toBe(false);
  });

  it('limits the length to 254 characters', () => {
    const domain = '@schirm.de';
    expect(isEmail('a'.repeat(EMAIL_MAX_LENGTH - domain.length) + domain)).toBe(true);
    expect(isEmail('a'.repeat(EMAIL_MAX_LENGTH - domain.length + 1) + domain)).toBe(false);
  });

  it('schema trims but keeps the case', () => {
    expect(emailSchema.parse('  Max@Schirm.de ')).toBe('Max@Schirm.de');
  });

  it('schema reports the German message', () => {
    expect(emailSchema.safeParse('max@').error?.issues.map((issue) => issue.message)).toEqual([
      EMAIL_MESSAGE,
    ]);
  });
});

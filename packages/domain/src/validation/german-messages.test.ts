import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installGermanZodMessages } from './german-messages';
import { ENGLISH_OR_TECHNICAL, notGerman } from './german-messages.test-helper';

function messagesOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('German zod messages', () => {
  // The domain project shares one module graph per worker: leave zod as other tests expect it.
  const before = z.config().localeError;
  beforeAll(() => installGermanZodMessages());
  afterAll(() => z.config({ localeError: before }));

  it.each<[string, z.ZodType, unknown, string]>([
    ['a missing value', z.object({ name: z.string() }), {}, 'Bitte machen Sie eine Angabe.'],
    ['an empty required text', z.string().trim().min(1), '  ', 'Bitte machen Sie eine Angabe.'],
    ['a text too short', z.string().min(3), 'ab', 'Bitte geben Sie mindestens 3 Zeichen ein.'],
    ['a text too long', z.string().max(50), 'x'.repeat(51), 'Bitte geben Sie höchstens 50 Zeichen ein.'],
    ['an exact length', z.string().length(6), '12', 'Bitte geben Sie genau 6 Zeichen ein.'],
    [
      'a number too small',
      z.number().min(1000),
      12.5,
      'Bitte geben Sie einen Wert von mindestens 1.000 ein.',
    ],
    ['a number too big', z.number().max(3), 4, 'Bitte geben Sie einen Wert von höchstens 3 ein.'],
    ['text instead of a number', z.number(), 'zwölf', 'Bitte geben Sie eine Zahl ein.'],
    ['an email', z.email(), 'keine-adresse', 'Bitte geben Sie eine gültige E-Mail-Adresse ein.'],
    ['a date', z.iso.date(), '31.02.2026', 'Bitte geben Sie ein gültiges Datum ein.'],
    ['a pattern', z.string().regex(/^\d{5}$/), '123', 'Bitte prüfen Sie das Format Ihrer Eingabe.'],
    ['an option', z.enum(['A', 'B']), 'C', 'Bitte wählen Sie eine der angebotenen Möglichkeiten.'],
    [
      'a union of empty or email',
      z.union([z.literal(''), z.email()]),
      'x',
      'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    ],
    ['a list', z.array(z.string()).min(1), [], 'Bitte wählen Sie mindestens eine Angabe.'],
  ])('says %s in German', (_case, schema, value, message) => {
    expect(messagesOf(schema, value)).toEqual([message]);
  });

  it('keeps a schema’s own message', () => {
    expect(messagesOf(z.string().min(1, 'Bitte geben Sie Ihren Namen ein.'), '')).toEqual([
      'Bitte geben Sie Ihren Namen ein.',
    ]);
  });

  it('leaves no English or technical word in any issue zod can raise', () => {
    const schemas: [z.ZodType, unknown][] = [
      [z.object({ a: z.string() }).strict(), { a: 'x', b: 1 }],
      [z.number().multipleOf(5), 7],
      [z.number().int(), 1.5],
      [z.boolean(), 'ja'],
      [z.record(z.string(), z.number()), { a: 'x' }],
      [z.map(z.string(), z.number()), new Map([['a', 'x']])],
      [z.string().startsWith('DE'), 'AT'],
      [z.url(), 'kein link'],
      [z.date(), new Date('invalid')],
      [z.string().length(0), 'x'],
    ];
    const messages = schemas.flatMap(([schema, value]) => messagesOf(schema, value));
    expect(messages.length).toBeGreaterThanOrEqual(schemas.length);
    expect(messages.filter(notGerman)).toEqual([]);
  });

  it('the English check finds today’s English default', () => {
    z.config({ localeError: before });
    const english = messagesOf(z.string().length(0), 'x');
    installGermanZodMessages();
    expect(english.filter(notGerman)).toEqual(english);
    expect(ENGLISH_OR_TECHNICAL.test('Too big: expected string to have exactly 0 characters')).toBe(true);
  });
});

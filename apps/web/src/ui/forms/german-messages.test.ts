// Every message a form can show comes from a schema: the web app's own (built on 'zod', which
// resolves to zod with the German error map, ./zod.ts) or one of packages/domain. This scan feeds
// every schema exported by packages/domain (and every exported schema factory) empty, blank, too
// long, wrong-typed and malformed values and asserts that none of the messages it gets back is
// English or technical, whatever the schema left to zod's defaults.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { notGerman } from '@schirm/domain/validation/german-messages.test-helper';

type Parseable = {
  safeParse: (value: unknown) => { success: boolean; error?: { issues: { message: string }[] } };
};

const modules = import.meta.glob<Record<string, unknown>>(
  ['../../../../../packages/domain/src/**/*.ts', '!**/*.test.ts', '!**/*.test-helper.ts'],
  { eager: true },
);

const BAD_VALUES: unknown[] = [
  undefined,
  null,
  '',
  '   ',
  'x',
  'x'.repeat(600),
  '12,5',
  '31.02.2026',
  '2026-13-45',
  'abc@',
  -1,
  0,
  12.5,
  1e15,
  true,
  {},
  [],
  [''],
];

function isParseable(value: unknown): value is Parseable {
  return typeof value === 'object' && value !== null && typeof (value as Parseable).safeParse === 'function';
}

/** The exported schemas and what schema factories (`…Schema()`) return, by name. */
function exportedSchemas(): [string, Parseable][] {
  const found: [string, Parseable][] = [];
  for (const [file, exports] of Object.entries(modules)) {
    const name = file.replace(/^.*packages\/domain\/src\//, '');
    for (const [key, value] of Object.entries(exports)) {
      if (isParseable(value)) found.push([`${name} ${key}`, value]);
      else if (typeof value === 'function' && /Schema$/.test(key) && value.length === 0) {
        const made: unknown = (value as () => unknown)();
        if (isParseable(made)) found.push([`${name} ${key}()`, made]);
      }
    }
  }
  return found;
}

/** The values to feed a schema: the bad values, and for an object each bad value in every field. */
function inputsFor(schema: Parseable): unknown[] {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  if (shape === undefined || typeof shape !== 'object') return BAD_VALUES;
  return [
    ...BAD_VALUES,
    ...BAD_VALUES.map((bad) => Object.fromEntries(Object.keys(shape).map((key) => [key, bad]))),
  ];
}

describe('German messages on every error path', () => {
  it('the web app’s zod answers with the German error map', () => {
    const result = z.object({ telefon: z.string().length(0) }).safeParse({ telefon: '0221' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Bitte geben Sie genau 0 Zeichen ein.',
    ]);
    expect(z.object({ name: z.string() }).safeParse({}).error?.issues[0]?.message).toBe(
      'Bitte machen Sie eine Angabe.',
    );
  });

  it('no schema of packages/domain answers any bad value in English or technically', () => {
    const schemas = exportedSchemas();
    // The scan reaches the schemas the forms use (a sample of them, to notice a broken glob).
    expect(schemas.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'validation/email.ts emailSchema',
        'validation/phone.ts phoneSchema()',
        'validation/phone.ts optionalPhoneSchema()',
        'products/common/risk-address.ts risikoOrtSchema',
      ]),
    );
    const english = new Set<string>();
    for (const [name, schema] of schemas) {
      for (const input of inputsFor(schema)) {
        let result: ReturnType<Parseable['safeParse']>;
        try {
          result = schema.safeParse(input);
        } catch {
          continue; // A schema that throws on a wrong type is not a message; transforms may do so.
        }
        for (const issue of result.error?.issues ?? []) {
          if (notGerman(issue.message)) english.add(`${name}: ${issue.message}`);
        }
      }
    }
    expect([...english]).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileSerializer, fastSerializerCompiler } from './serializer';

const premium = z
  .object({ zahlweise: z.enum(['MONATLICH', 'JAEHRLICH']), cents: z.int(), euros: z.number() })
  .meta({
    id: 'TestPremium',
  });
const quote = z.object({
  kind: z.literal('quote'),
  name: z.string(),
  summe: z.number().nullable(),
  klasse: z.union([z.literal(1), z.literal(2)]),
  premiums: z.array(premium),
  note: z.string().optional(),
});
const refusal = z.object({ kind: z.literal('uninsurable'), reason: z.string() });

describe('compileSerializer', () => {
  const serialize = compileSerializer(z.union([quote, refusal]));

  it('writes what JSON.stringify writes, for each option of a union told apart by a literal', () => {
    const answers = [
      {
        kind: 'quote',
        name: 'Komfort "Plus" – Ä\n',
        summe: null,
        klasse: 2,
        premiums: [
          { zahlweise: 'MONATLICH', cents: 1_234, euros: 12.34 },
          { zahlweise: 'JAEHRLICH', cents: 14_808, euros: 148.08 },
        ],
      },
      { kind: 'quote', name: 'Basis', summe: 5_000_000.5, klasse: 1, premiums: [], note: 'Hinweis' },
      { kind: 'uninsurable', reason: 'Leider nicht möglich.' },
    ];
    for (const answer of answers) expect(serialize(answer)).toBe(JSON.stringify(answer));
  });

  it('takes types from the data: a fraction in an integer field and a missing field stay as JSON.stringify has them', () => {
    const answer = {
      kind: 'quote',
      name: 'X',
      summe: 1,
      klasse: 1,
      premiums: [{ zahlweise: 'MONATLICH', cents: 12.5 }],
    };
    expect(serialize(answer)).toBe(JSON.stringify(answer));
  });

  it('leaves out fields the schema does not document', () => {
    const answer = { kind: 'uninsurable', reason: 'Nein.', internalScore: 17 };
    expect(JSON.parse(serialize(answer))).toEqual({ kind: 'uninsurable', reason: 'Nein.' });
  });

  it('writes an answer of no known option with JSON.stringify', () => {
    const answer = { kind: 'other', detail: [1, 2] };
    expect(serialize(answer)).toBe(JSON.stringify(answer));
  });
});

describe('fastSerializerCompiler', () => {
  it('compiles success answers and leaves other status codes to JSON.stringify', () => {
    const schema = z.object({ status: z.literal('ok') });
    expect(fastSerializerCompiler({ schema, httpStatus: '200' })({ status: 'ok', extra: 1 })).toBe(
      '{"status":"ok"}',
    );
    expect(fastSerializerCompiler({ schema, httpStatus: '503' })).toBe(JSON.stringify);
  });
});

// The tarifieren answers are written by a serializer compiled from the response schemas
// (platform/serializer.ts). It must write exactly what JSON.stringify writes for every answer the
// mappers build: a field the schema lacks would silently vanish from the answer.
import { PRICING_ZAHLWEISEN } from '@schirm/domain/products/enums';
import { DOG_BREEDS } from '@schirm/domain/products/thv/dog-breeds';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileSerializer } from '../../platform/serializer';
import {
  bhvRequestSchema,
  bhvWechselRequestSchema,
  fahrradRequestSchema,
  hausratRequestSchema,
  phvRequestSchema,
  reiseRequestSchema,
  siRequestSchema,
  thvRequestSchema,
  vhRequestSchema,
} from './request-schemas';
import {
  fahrradQuoteResponseSchema,
  hausratQuoteResponseSchema,
  quoteResponseSchema,
  reiseQuoteResponseSchema,
  uninsurableResponseSchema,
} from './response-schemas';
import {
  quoteBhv,
  quoteBhvWechsel,
  quoteFahrrad,
  quoteHausrat,
  quotePhv,
  quoteReise,
  quoteSi,
  quoteThv,
  quoteVh,
} from './service';

const today = '2026-11-22';
const flags = { today, newProductGenerations: true, bhvTariffChange: true, travelHealthInsurance: true };

/** The request schema's documented example plus one request per payment period, parsed. */
function inputs<S extends z.ZodType>(schema: S, extra: unknown[] = []): z.output<S>[] {
  const examples: unknown = schema.meta()?.examples;
  const example = (Array.isArray(examples) ? examples[0] : {}) as Record<string, unknown>;
  return [example, ...PRICING_ZAHLWEISEN.map((zahlweise) => ({ ...example, zahlweise })), ...extra].map(
    (raw) => schema.parse(raw),
  );
}

const dangerous = DOG_BREEDS.find((breed) => breed.dangerous)?.id;

const CASES = [
  {
    product: 'fahrrad2',
    schema: fahrradQuoteResponseSchema,
    answers: [
      ...inputs(fahrradRequestSchema, [
        {
          art: 'FAHRRAD',
          typ: 'SONSTIGES_RAD',
          kaufpreisCents: 99_999,
          kaufdatum: '2026-10-01',
          zustand: 'NEU',
        },
        // Bought more than three years ago: not insurable.
        {
          art: 'EBIKE',
          typ: 'SONSTIGES_RAD',
          kaufpreisCents: 279_999,
          kaufdatum: '2020-01-01',
          zustand: 'NEU',
        },
      ]),
    ].map((input) => quoteFahrrad({ input, ...flags })),
  },
  {
    product: 'thv/v2',
    schema: quoteResponseSchema,
    answers: inputs(thvRequestSchema, [{ hunde: [{ rasse: dangerous }] }]).map((input) =>
      quoteThv({ input, today }),
    ),
  },
  {
    product: 'phv/v2',
    schema: quoteResponseSchema,
    answers: inputs(phvRequestSchema).map((input) => quotePhv({ input, today })),
  },
  {
    product: 'si',
    schema: quoteResponseSchema,
    answers: inputs(siRequestSchema).map((input) => quoteSi({ input, today })),
  },
  {
    product: 'hausrat/v2',
    schema: hausratQuoteResponseSchema,
    answers: inputs(hausratRequestSchema).map((input) => quoteHausrat({ input, today })),
  },
  {
    product: 'bhv',
    schema: quoteResponseSchema,
    answers: inputs(bhvRequestSchema).map((input) => quoteBhv({ input, ...flags })),
  },
  {
    product: 'bhv/wechsel',
    schema: quoteResponseSchema,
    answers: inputs(bhvWechselRequestSchema).map((input) => quoteBhvWechsel({ input, ...flags })),
  },
  {
    product: 'vh2',
    schema: quoteResponseSchema,
    answers: inputs(vhRequestSchema).map((input) => quoteVh({ input, ...flags })),
  },
  {
    product: 'reise',
    schema: reiseQuoteResponseSchema,
    answers: inputs(reiseRequestSchema).map((input) => quoteReise({ input, ...flags })),
  },
];

describe('compiled serializer of the tarifieren answers', () => {
  it.each(CASES)('$product: writes exactly what JSON.stringify writes', ({ schema, answers }) => {
    const serialize = compileSerializer(z.union([schema, uninsurableResponseSchema]));
    expect(answers.length).toBeGreaterThan(4);
    for (const answer of answers) expect(serialize(answer)).toBe(JSON.stringify(answer));
  });

  it('covers quotes and uninsurable answers', () => {
    const kinds = new Set(CASES.flatMap(({ answers }) => answers.map((answer) => answer.kind)));
    expect(kinds).toEqual(new Set(['quote', 'uninsurable']));
  });
});

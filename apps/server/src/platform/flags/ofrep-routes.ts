import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isFlagKey } from '@schirm/domain/flags';
import { BRAND_VALUES } from '@schirm/domain/products/enums';
import { etagOf, isNotModified } from '../etag';
import { DEFAULT_BRAND } from './provider';
import { brandFromCookie, type FlagContext, type FlagEvaluation } from './service';

// OpenFeature Remote Evaluation Protocol (OFREP) v1, core endpoints. Error bodies follow OFREP,
// not the API's error envelope, because OFREP clients parse them.

const TAGS = ['Feature flags (OFREP)'];

const contextSchema = z
  .object({
    brand: z.enum(BRAND_VALUES).optional().describe('Brand from ?brand=; default schirm'),
    targetingKey: z.string().max(200).optional(),
  })
  .catchall(z.unknown())
  .describe('Evaluation context. The environment always comes from the Host header, never from here.');

const evaluationRequestSchema = z.object({ context: contextSchema.optional() }).optional();

const metadataSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));

const evaluationSuccessSchema = z
  .object({
    key: z.string(),
    value: z.union([z.boolean(), z.array(z.string())]),
    reason: z.string().describe('OpenFeature reason: STATIC or TARGETING_MATCH'),
    variant: z.string().optional(),
    metadata: metadataSchema,
  })
  .meta({ id: 'OfrepEvaluationSuccess' });

const evaluationFailureSchema = z
  .object({
    key: z.string(),
    errorCode: z.enum(['PARSE_ERROR', 'TARGETING_KEY_MISSING', 'INVALID_CONTEXT', 'GENERAL']),
    errorDetails: z.string().optional(),
  })
  .meta({ id: 'OfrepEvaluationFailure' });

const flagNotFoundSchema = z.object({
  key: z.string(),
  errorCode: z.literal('FLAG_NOT_FOUND'),
  errorDetails: z.string().optional(),
});

const bulkSuccessSchema = z.object({
  flags: z.array(z.union([evaluationSuccessSchema, evaluationFailureSchema])),
});

const bulkFailureSchema = z.object({ errorCode: z.string(), errorDetails: z.string().optional() });

type EvaluationRequest = z.infer<typeof evaluationRequestSchema>;

function flagContext(request: FastifyRequest, body: EvaluationRequest): FlagContext {
  const context = body?.context;
  return {
    environment: request.environment,
    brand: context?.brand ?? brandFromCookie(request) ?? DEFAULT_BRAND,
    ...(context?.targetingKey ? { targetingKey: context.targetingKey } : {}),
  };
}

function toOfrep(evaluation: FlagEvaluation) {
  if (evaluation.errorCode) {
    return { key: evaluation.key, errorCode: 'GENERAL' as const, errorDetails: evaluation.errorMessage };
  }
  return {
    key: evaluation.key,
    value: evaluation.value as boolean | string[],
    reason: evaluation.reason,
    ...(evaluation.variant === undefined ? {} : { variant: evaluation.variant }),
    metadata: evaluation.metadata,
  };
}

function invalidContextDetails(error: Error): string {
  return `Invalid evaluation request: ${error.message}`;
}

export const ofrepRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/ofrep/v1/evaluate/flags/:key',
    {
      attachValidation: true,
      schema: {
        tags: TAGS,
        summary: 'Evaluate one feature flag (OFREP)',
        params: z.object({ key: z.string() }),
        body: evaluationRequestSchema,
        response: { 200: evaluationSuccessSchema, 400: evaluationFailureSchema, 404: flagNotFoundSchema },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      if (request.validationError) {
        return reply.status(400).send({
          key,
          errorCode: 'INVALID_CONTEXT',
          errorDetails: invalidContextDetails(request.validationError),
        });
      }
      if (!isFlagKey(key)) {
        return reply
          .status(404)
          .send({ key, errorCode: 'FLAG_NOT_FOUND', errorDetails: `Unknown flag ${key}` });
      }
      const result = toOfrep(await app.flags.evaluate(key, flagContext(request, request.body)));
      if ('errorCode' in result) throw new Error(`Flag ${key} failed to evaluate: ${result.errorDetails}`);
      return result;
    },
  );

  app.post(
    '/ofrep/v1/evaluate/flags',
    {
      attachValidation: true,
      schema: {
        tags: TAGS,
        summary: 'Evaluate all feature flags (OFREP); answers 304 when If-None-Match matches the ETag',
        body: evaluationRequestSchema,
        response: {
          200: bulkSuccessSchema,
          304: z.null().describe('Not modified: the evaluation matches If-None-Match'),
          400: bulkFailureSchema,
        },
      },
    },
    async (request, reply) => {
      if (request.validationError) {
        return reply.status(400).send({
          errorCode: 'INVALID_CONTEXT',
          errorDetails: invalidContextDetails(request.validationError),
        });
      }
      const evaluations = await app.flags.evaluateAll(flagContext(request, request.body));
      const body = { flags: evaluations.map(toOfrep) };
      const etag = etagOf(body);
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (isNotModified(request.headers['if-none-match'], etag)) return reply.status(304).send(null);
      return body;
    },
  );
};

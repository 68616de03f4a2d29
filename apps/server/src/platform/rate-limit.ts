import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { tooManyRequests } from './errors';

/**
 * Rate limiting per route: nothing is limited unless a route opts in with
 * `config: { rateLimit: { max, timeWindow } }`. The 429 uses the error envelope and Retry-After.
 * Counters live in process memory, so with several processes each counts on its own.
 */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      tooManyRequests(`Rate limit of ${context.max} requests exceeded; retry in ${context.after}`),
  });
}

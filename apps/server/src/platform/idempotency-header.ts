// The Idempotency-Key request header of a submit (a form's key; the server does what the first
// request with it did and nothing twice). 8–100 characters; the German message is the route's.
import { z } from 'zod';

/** The header, optional: a caller without one gets no protection against a repeated request. */
export function optionalIdempotencyHeader(message: string) {
  return z.looseObject({
    'idempotency-key': z
      .string({ error: message })
      .trim()
      .min(8, { error: message })
      .max(100, { error: message })
      .optional(),
  });
}

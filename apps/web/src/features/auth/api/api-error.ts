import { RequestError } from '../../../lib/request-error';

/** A failure found in the browser, e.g. a server whose SRP evidence does not match. */
export class FlowError extends Error {
  readonly code: string;

  constructor(code: string) {
    super(code);
    this.name = 'FlowError';
    this.code = code;
  }
}

type Envelope = { error: { code?: unknown; message?: unknown } };

function envelopeOf(error: unknown): Envelope['error'] | undefined {
  if (!(error instanceof RequestError)) return undefined;
  const body = error.error;
  if (!body || typeof body !== 'object' || !('error' in body)) return undefined;
  const inner = (body as Envelope).error;
  return inner && typeof inner === 'object' ? inner : undefined;
}

/** The API's error code (docs/api/identity.md 'Error codes'), or a FlowError's code. */
export function errorCodeOf(error: unknown): string | undefined {
  if (error instanceof FlowError) return error.code;
  const code = envelopeOf(error)?.code;
  if (typeof code === 'string') return code;
  if (error instanceof RequestError && error.errorStatus === 429) return 'TOO_MANY_REQUESTS';
  return undefined;
}

/**
 * The German message the API wrote for people (it names e.g. the TAN attempts left); network and
 * unreadable failures, which carry English technical texts, get the caller's fallback.
 */
export function errorMessageOf(error: unknown, fallback: string): string {
  const message = envelopeOf(error)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : fallback;
}

import { CANCELLED_MESSAGE, type RequestFailure, type RequestResult } from './request';

/**
 * A not-ok request result thrown so TanStack Query (and error boundaries) see it as an error.
 * Kept apart from the query client so the error screens of the first JavaScript can recognise it
 * without bringing TanStack Query along.
 */
export class RequestError extends Error {
  readonly errorStatus: RequestFailure['errorStatus'];
  readonly errorMessage: string;
  readonly error: unknown;

  constructor(failure: RequestFailure) {
    super(failure.errorMessage);
    this.name = 'RequestError';
    this.errorStatus = failure.errorStatus;
    this.errorMessage = failure.errorMessage;
    this.error = failure.error;
  }
}

/** A request a newer one to the same address replaced, or whose signal aborted it. */
export class RequestCanceledError extends Error {
  constructor() {
    super(CANCELLED_MESSAGE);
    this.name = 'RequestCanceledError';
  }
}

/**
 * The data of a request result for a caller that is no query (a form's own submit, a mutation):
 * throws RequestError when not ok and RequestCanceledError when replaced; an empty body is null.
 * Queries use unwrapResult (lib/query-client), which throws TanStack's CancelledError instead.
 */
export function requireResultData<T>(result: RequestResult<T>): NonNullable<T> | null {
  if (!result.ok) throw new RequestError(result);
  if (result.canceled) throw new RequestCanceledError();
  return result.data ?? null;
}

import type { RequestFailure } from './request';

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
